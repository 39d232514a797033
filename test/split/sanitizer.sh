#!/bin/sh
# compute-sanitizer's memcheck and racecheck find nothing in the split
# engine's kernels: test/split/gpu's quick set, host and device arrays,
# every kind, a capped product.
. "$TF_SRCDIR/test/gpu/lib.sh"
[ -x test/split/gpu ] || skip "test/split/gpu was not built (it needs CUDA and MPFR)"
export TWOFOLD_SPLIT=force
export LD_LIBRARY_PATH=$TF_BUILDDIR/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
sanitize 3 "test/split/.libs/gpu quick"
