#!/bin/sh
# compute-sanitizer's memcheck and racecheck find nothing in the typed
# kernels: every routine and format on device arrays (test/typed/resident's
# "semantics" set: alpha = 0, beta = 0, strides of every sign, transposes)
# and the tile edges on host arrays with the GPU forced (test/typed/blas
# "tiling").
. "$TF_SRCDIR/test/gpu/lib.sh"
[ -x test/typed/.libs/blas ] || skip "test/typed/blas was not built (it needs MPFR)"
export TWOFOLD_GPU_MIN_FLOPS=0
export LD_LIBRARY_PATH=$TF_BUILDDIR/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
sanitize 2 "test/typed/.libs/blas semantics" "test/typed/.libs/blas tiling"
