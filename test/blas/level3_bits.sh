#!/bin/sh
# The Level 3 products give the same bits with any thread count and any
# instruction set of the CPU DD kernels: test/blas/level3 in its "bits"
# mode (every problem of the test, results hashed) with libtwofold
# preloaded in dd mode, under each configuration below.
. "$TF_SRCDIR/test/lib.sh"
program=./test/blas/level3
[ -x "$program" ] || skip "$program was not built (it needs MPFR and the reference BLAS)"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
"$program" probe > /dev/null 2>&1 || skip "$program cannot be started here (MPFR's library missing?)"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
unset TWOFOLD_LOG TWOFOLD_CPU_BLAS TWOFOLD_NUM_THREADS TWOFOLD_CPU_KERNEL
# The CPU kernels only: on a machine with a GPU the planner would send some
# calls there, depending on the thread count, and the GPU's sums are others.
export TWOFOLD_GPU_MIN_FLOPS=1e24
reference_blas_first

first=
for settings in "TWOFOLD_NUM_THREADS=1" "TWOFOLD_NUM_THREADS=3" \
		"TWOFOLD_CPU_KERNEL=generic TWOFOLD_NUM_THREADS=2" \
		"TWOFOLD_CPU_KERNEL=avx2 TWOFOLD_NUM_THREADS=4" \
		"TWOFOLD_CPU_KERNEL=avx512"; do
	bits=$(env TWOFOLD_MODE=dd $settings LD_PRELOAD=$TF_LIB "$program" dd bits 2> "$work/err" |
	       sed -n 's/^% bits: //p')
	[ -n "$bits" ] || { cat "$work/err"; fail "$settings: no result"; }
	echo "$settings: $bits"
	[ -n "$first" ] || first=$bits
	[ "$bits" = "$first" ] || fail "$settings gives other bits than the first configuration"
done
echo "the same bits in every configuration"
