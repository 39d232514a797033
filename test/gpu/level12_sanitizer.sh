#!/bin/sh
# compute-sanitizer's memcheck and racecheck find nothing in the Level 1
# and 2 kernels (kernels/level12.cu, shared memory and warp shuffles):
# test/blas/level12_gpu in dd mode, libtwofold preloaded, the GPU forced.
. "$TF_SRCDIR/test/gpu/lib.sh"
[ -x test/blas/level12_gpu ] || skip "test/blas/level12_gpu was not built (it needs MPFR and the reference BLAS)"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
reference_blas_first
export TWOFOLD_MODE=dd TWOFOLD_GPU_MIN_FLOPS=0
# env execs the program in the same process, which the sanitizer tracks
sanitize 3 "env LD_PRELOAD=$TF_LIB test/blas/level12_gpu dd"
