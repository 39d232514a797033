#!/bin/sh
# The differential fuzzer (test/blas/fuzz.c) on the Level 3 routines that
# the GPU computes as real products (src/gpu/real_form.c), every call forced
# there, in dd mode, with its large calls (-b): one call in 8 has range
# trouble (products that underflow where alpha brings them back among the
# normal doubles), which the complex forms must hand back to the CPU rather
# than round wrong.  Each routine must also have run on the GPU.
. "$TF_SRCDIR/test/gpu/lib.sh"
reference_blas_program ./test/blas/fuzz
export TF_REFERENCE_BLAS
routines="dsymm_ dtrmm_ dsyrk_ dsyr2k_ zgemm_ zsymm_ zhemm_ ztrmm_ zsyrk_ zherk_ zsyr2k_ zher2k_"
env TWOFOLD_MODE=dd TWOFOLD_GPU_MIN_FLOPS=0 TWOFOLD_LOG=1 LD_PRELOAD=$TF_LIB \
	"$program" -b $routines > "$work/out" 2>&1
status=$?
grep -v '^twofold\[' "$work/out"
grep -q '^% totals: ' "$work/out" || fail "the fuzzer did not finish (exit status $status)"
[ $status -eq 0 ] || fail "routines differ from the reference with the GPU forced"
expect_gpu "$work/out" $routines
echo "$routines: every call as the reference's within the bounds, on the GPU"
