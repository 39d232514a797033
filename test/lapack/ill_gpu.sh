#!/bin/sh
# test/lapack/drivers.c's systems beyond 1/u (dgesv_, zgesv_, dposv_, zposv_
# and dsysv_, orders 2 to 60, condition 1e16 to 1e28) with the GPU forced
# (TWOFOLD_GPU_MIN_FLOPS=0):
# the double factorization by cuSOLVER (src/gpu/solver.h), then the DD
# fallback's factorization and solves on the GPU at every order
# (src/gpu/dd_factor.h), the solution held to the same criteria
# (test/lapack/drivers_gpu, which judges cuSOLVER's factors as a
# factorization of A).  Skipped where there is no GPU.
. "$TF_SRCDIR/test/gpu/lib.sh"
[ -x ./test/lapack/drivers_gpu ] || skip "test/lapack/drivers_gpu not built (no CUDA)"
export TWOFOLD_GPU_MIN_FLOPS=0
sh "$TF_SRCDIR/test/blas/run.sh" ./test/lapack/drivers_gpu dd ill
