#!/bin/sh
# The Level 1 routines in dd mode give the same bits with every CPU kernel
# (instruction set) this processor has and with 1, 3 and the default
# number of threads: test/blas/level1 bits prints a hash of each routine's
# results on fixed data, compared across the configurations.
. "$TF_SRCDIR/test/lib.sh"
program=./test/blas/level1
[ -x "$program" ] || skip "$program was not built (it needs MPFR and the reference BLAS)"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
unset TWOFOLD_LOG TWOFOLD_CPU_BLAS TWOFOLD_NUM_THREADS TWOFOLD_CPU_KERNEL
TWOFOLD_MODE=dd LD_PRELOAD=$TF_LIB "$program" bits > "$work/default" ||
	fail "$program bits failed"
[ -s "$work/default" ] || fail "$program bits printed nothing"
cat "$work/default"
for setting in TWOFOLD_NUM_THREADS=1 TWOFOLD_NUM_THREADS=3 TWOFOLD_CPU_KERNEL=generic \
	       TWOFOLD_CPU_KERNEL=avx2 TWOFOLD_CPU_KERNEL=avx512; do
	env TWOFOLD_MODE=dd $setting LD_PRELOAD=$TF_LIB "$program" bits > "$work/other" 2> "$work/err" ||
		fail "$program bits failed with $setting"
	if grep -q "this processor has no" "$work/err"; then
		echo "$setting: not on this processor ($(head -1 "$work/err"))"
		continue
	fi
	cmp -s "$work/default" "$work/other" || {
		diff "$work/default" "$work/other"
		fail "other bits with $setting"
	}
	echo "$setting: the same bits"
done
