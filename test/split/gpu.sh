#!/bin/sh
# gpu.sh SET...: test/split/gpu (built with CUDA and MPFR), which skips
# where there is no GPU.
. "$TF_SRCDIR/test/lib.sh"
program=./test/split/gpu
[ -x "$program" ] || skip "$program was not built (it needs CUDA and MPFR)"
exec "$program" "$@"
