#!/bin/sh
# Eight OpenMP threads, a hundred rounds of dgemm_ and dgemv_ each, the GPU
# forced: test/gpu_threads.
. "$TF_SRCDIR/test/gpu/lib.sh"
TWOFOLD_GPU_MIN_FLOPS=0 TWOFOLD_LOG=1 timeout 300 ./test/gpu_threads > "$work/out" 2>&1
status=$?
cat "$work/out"
[ $status -eq 0 ] || fail "exit status $status (124: no end in 300 s)"
expect_gpu "$work/out" dgemm_ dgemv_
