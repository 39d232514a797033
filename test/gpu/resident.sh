#!/bin/sh
# Device and managed arrays computed in place: test/gpu_resident.
. "$TF_SRCDIR/test/gpu/lib.sh"
[ -x ./test/gpu_resident ] || skip "test/gpu_resident not built (no CUDA)"
TWOFOLD_LOG=1 ./test/gpu_resident > "$work/out" 2>&1
status=$?
cat "$work/out"
[ $status -eq 0 ] || fail "exit status $status"
expect_gpu "$work/out" dgemm_ dgemv_ daxpy_
