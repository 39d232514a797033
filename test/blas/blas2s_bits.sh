#!/bin/sh
# The Level 2 solves and rank updates give the same bits for any thread
# count and CPU kernel: test/blas/blas2s in TWOFOLD_MODE=dd, its "% checksum:"
# line (a hash of every result) compared across configurations.
. "$TF_SRCDIR/test/lib.sh"
program=./test/blas/blas2s
[ -x "$program" ] || skip "$program was not built (it needs MPFR and the reference BLAS)"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
"$program" probe > /dev/null 2>&1 || skip "$program cannot be started here (MPFR's library missing?)"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
unset TWOFOLD_LOG TWOFOLD_CPU_BLAS TWOFOLD_NUM_THREADS TWOFOLD_CPU_KERNEL
reference_blas_first
first=
for settings in "TWOFOLD_NUM_THREADS=1" "" "TWOFOLD_NUM_THREADS=3" \
		"TWOFOLD_CPU_KERNEL=generic" "TWOFOLD_CPU_KERNEL=avx2 TWOFOLD_NUM_THREADS=2" \
		"TWOFOLD_CPU_KERNEL=avx512"; do
	env TWOFOLD_MODE=dd $settings LD_PRELOAD=$TF_LIB "$program" dd > "$work/out" 2>&1 ||
		fail "${settings:-default}: failures (run test/blas/run.sh for the details)"
	sum=$(sed -n 's/^% checksum: //p' "$work/out")
	[ -n "$sum" ] || fail "${settings:-default}: no checksum"
	echo "${settings:-default}: $sum"
	[ -n "$first" ] || first=$sum
	[ "$sum" = "$first" ] || fail "${settings:-default}: other bits than with TWOFOLD_NUM_THREADS=1"
done
echo "the same bits in every configuration"
