#!/bin/sh
# test/lapack/dd_factor_gpu.c, the DD factorizations on the GPU against the
# CPU's, with the GPU forced for the fallback's solves (TWOFOLD_GPU_MIN_FLOPS=0).
# Skipped where there is no GPU or the program was not built (it needs
# CUDA, MPFR and the reference BLAS).
. "$TF_SRCDIR/test/gpu/lib.sh"
program=./test/lapack/dd_factor_gpu
[ -x "$program" ] || skip "$program was not built"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
TWOFOLD_GPU_MIN_FLOPS=0 "$program" dd
