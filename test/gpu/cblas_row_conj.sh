#!/bin/sh
# Row-major CBLAS complex Level 2 calls with a conjugate, on device arrays:
# test/gpu/cblas_row_conj against the same calls on host arrays.
. "$TF_SRCDIR/test/gpu/lib.sh"
[ -x ./test/gpu/cblas_row_conj ] || skip "test/gpu/cblas_row_conj not built (no CUDA)"
./test/gpu/cblas_row_conj > "$work/out" 2>&1
status=$?
cat "$work/out"
[ $status -eq 0 ] || fail "exit status $status"
