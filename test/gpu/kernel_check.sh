#!/bin/sh
# A kernel test program built with nvcc (test/gpu.am), on the GPU.
#   kernel_check.sh PROGRAM [ARGS...]
. "$TF_SRCDIR/test/gpu/lib.sh"
[ -x "$1" ] || skip "$1 not built (no CUDA)"
"$@" || fail "$* failed"
