#!/bin/sh
# dtrsm_ and ztrsm_ in dd mode give the same bits for every thread count
# and CPU kernel: test/blas/trsm's checksum of its results on orders up to
# 400 (past the kernel's blocks and tasks), compared across the runs.
. "$TF_SRCDIR/test/lib.sh"
program=./test/blas/trsm
[ -x "$program" ] || skip "$program was not built (it needs MPFR and the reference BLAS)"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
"$program" probe > /dev/null 2>&1 || skip "$program cannot be started here (MPFR's library missing?)"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
unset TWOFOLD_CPU_BLAS TWOFOLD_NUM_THREADS TWOFOLD_CPU_KERNEL TWOFOLD_LOG
reference_blas_first
first=
for settings in "" TWOFOLD_NUM_THREADS=1 TWOFOLD_NUM_THREADS=3 \
		"TWOFOLD_CPU_KERNEL=generic TWOFOLD_NUM_THREADS=2" TWOFOLD_CPU_KERNEL=avx2 \
		TWOFOLD_CPU_KERNEL=avx512; do
	env TWOFOLD_MODE=dd $settings LD_PRELOAD=$TF_LIB "$program" dd big > "$work/out" 2>&1 ||
		{ cat "$work/out"; fail "${settings:-default}: the run failed"; }
	grep -q "^% library: twofold, mode dd" "$work/out" || fail "libtwofold was not loaded"
	bits=$(sed -n 's/^% bits: //p' "$work/out")
	echo "${settings:-default}: $bits"
	[ -n "$bits" ] || fail "${settings:-default}: no checksum"
	[ -z "$first" ] && first=$bits
	[ "$bits" = "$first" ] || fail "${settings:-default} gives other bits than the default"
done
echo "the same bits for every thread count and kernel"
