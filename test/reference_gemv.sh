#!/bin/sh
# The emulation of the reference GEMV and AXPY that the GPU kernels use for
# non-finite results (kernels/reference_gemv.cuh), against the reference
# library itself, on the CPU: test/gpu/reference_gemv_check.
. "$TF_SRCDIR/test/lib.sh"
program=./test/gpu/reference_gemv_check
[ -x $program ] || skip "$program not built (it needs nvcc and the reference BLAS)"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
mkdir "$work/lib" && ln -s "$TF_REFERENCE_BLAS" "$work/lib/libblas.so.3"
LD_LIBRARY_PATH=$work/lib $program || fail "the emulation differs from the reference"
