#!/bin/sh
# compute-sanitizer's memcheck and racecheck find nothing in the kernels:
# the in-place calls of test/gpu_resident and the tiled host-array calls of
# test/kernel_checksum, the GPU forced, with tiny tiles.
. "$TF_SRCDIR/test/gpu/lib.sh"
export TWOFOLD_GPU_MIN_FLOPS=0 TWOFOLD_GPU_MEMORY=1M
export LD_LIBRARY_PATH=$TF_BUILDDIR/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
sanitize 3 test/.libs/gpu_resident test/.libs/kernel_checksum
