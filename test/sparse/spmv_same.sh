#!/bin/sh
# The sparse products give the same bits with any number of threads and
# any CPU kernel (README: TWOFOLD_CPU_KERNEL; src/cpu/sparse_spmv.c sums a
# row in one thread in a fixed order): test/sparse/spmv's checksum of every
# result, with 1 thread, 3 threads and the generic kernel, against the
# default run's.  Each run must also pass its own checks.
. "$TF_SRCDIR/test/lib.sh"
[ -x ./test/sparse/spmv ] || skip "test/sparse/spmv was not built (it needs MPFR)"
sums=""
for setting in "" "TWOFOLD_NUM_THREADS=1" "TWOFOLD_NUM_THREADS=3" "TWOFOLD_CPU_KERNEL=generic"; do
	env $setting ./test/sparse/spmv > "$work/spmv.out" 2>&1 ||
		{ tail -20 "$work/spmv.out"; fail "spmv failed with ${setting:-the defaults}"; }
	sum=$(sed -n 's/^checksum //p' "$work/spmv.out")
	[ -n "$sum" ] || fail "no checksum with ${setting:-the defaults}"
	echo "${setting:-defaults}: checksum $sum"
	sums="$sums $sum"
done
first=${sums# }
first=${first%% *}
for sum in $sums; do
	[ "$sum" = "$first" ] || fail "the results differ between settings:$sums"
done
echo "PASS: the same bits with every setting"
