#!/bin/sh
# test/blas/range.c on the GPU: every call forced there (dd mode), through
# the DD kernels and through the split engine; dgemm_, dgemv_ and daxpy_
# must have run on the GPU.  Skipped where there is no GPU.
. "$TF_SRCDIR/test/gpu/lib.sh"
reference_blas_program ./test/blas/range
bad=
for split in off force; do
	echo "==== TWOFOLD_SPLIT=$split, the GPU forced"
	env TWOFOLD_MODE=dd TWOFOLD_SPLIT=$split TWOFOLD_GPU_MIN_FLOPS=0 TWOFOLD_LOG=1 \
		LD_PRELOAD=$TF_LIB "$program" dd > "$work/out" 2>&1
	status=$?
	grep -v '^FAIL' "$work/out"
	grep '^FAIL' "$work/out" | head -10
	[ $status -eq 0 ] || bad="$bad TWOFOLD_SPLIT=$split"
	expect_gpu "$work/out" dgemm_ dgemv_ daxpy_
done
[ -z "$bad" ] || fail "results outside the bounds with$bad"
echo "every result within the bounds on the GPU"
