#!/bin/sh
# test/lapack/drivers.c's systems beyond 1/u (dgesv_ and dposv_, orders 2
# to 60, condition 1e16 to 1e28) with the GPU forced (TWOFOLD_GPU_MIN_FLOPS=0):
# the DD fallback factors and solves on the GPU at every order
# (src/gpu/dd_factor.h), held to the same criteria.  Skipped where there is
# no GPU.
. "$TF_SRCDIR/test/gpu/lib.sh"
export TWOFOLD_GPU_MIN_FLOPS=0
sh "$TF_SRCDIR/test/blas/run.sh" ./test/lapack/drivers dd ill
