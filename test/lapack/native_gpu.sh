#!/bin/sh
# test/lapack/drivers.c built as drivers_gpu, in native mode: gesv and posv
# solved by cuSOLVER in double, A, B and ipiv in host, device and managed
# memory (run by test/gpu/forced.sh, which forces the GPU and checks that
# they ran there).
. "$TF_SRCDIR/test/lib.sh"
program=./test/lapack/drivers_gpu
[ -x "$program" ] || skip "$program was not built (it needs MPFR, LAPACK and CUDA)"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
mkdir "$work/lib" && ln -s "$TF_REFERENCE_BLAS" "$work/lib/libblas.so.3"
export LD_LIBRARY_PATH=$work/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
env TWOFOLD_MODE=native TWOFOLD_LOG=1 LD_PRELOAD=$TF_LIB "$program" cpu native > "$work/out" 2>&1
status=$?
cat "$work/out"
grep -q "^% library: twofold, mode native" "$work/out" || fail "libtwofold was not loaded in native mode"
grep -q "^% totals: " "$work/out" || fail "the program did not finish (exit status $status)"
[ $status = 0 ] || fail "failures in TWOFOLD_MODE=native"
echo "every verdict passed"
