#!/bin/sh
# test/lapack/drivers.c built as drivers_gpu, in native mode: gesv and posv
# solved by cuSOLVER in double, A, B and ipiv in host, device and managed
# memory (run by test/gpu/forced.sh, which forces the GPU and checks that
# they ran there).  Then again with every GPU allocation failing
# (TWOFOLD_GPU_FAULT=alloc): the systems in device and managed memory are
# solved by the CPU LAPACK on host copies, judged the same way, each
# failure said in a line, and the program goes on.
. "$TF_SRCDIR/test/lib.sh"
program=./test/lapack/drivers_gpu
[ -x "$program" ] || skip "$program was not built (it needs MPFR, LAPACK and CUDA)"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
reference_blas_first
env TWOFOLD_MODE=native TWOFOLD_LOG=1 LD_PRELOAD=$TF_LIB "$program" cpu native > "$work/out" 2>&1
status=$?
cat "$work/out"
grep -q "^% library: twofold, mode native" "$work/out" || fail "libtwofold was not loaded in native mode"
grep -q "^% totals: " "$work/out" || fail "the program did not finish (exit status $status)"
[ $status = 0 ] || fail "failures in TWOFOLD_MODE=native"

env TWOFOLD_MODE=native TWOFOLD_GPU_FAULT=alloc TWOFOLD_LOG=1 LD_PRELOAD=$TF_LIB \
	"$program" cpu native > "$work/fault" 2> "$work/fault_err"
status=$?
sed 's/^/fault: /' "$work/fault"
grep -q "^% totals: " "$work/fault" || fail "with the allocations failing, the program did not finish (exit status $status): $(tail -5 "$work/fault_err")"
[ $status = 0 ] || fail "failures in TWOFOLD_MODE=native with the allocations failing"
grep -q "^twofold\[[^]]*]: .*failed" "$work/fault_err" || fail "no failure was reported: $(head -5 "$work/fault_err")"
# the report (stderr) names where each driver ran: the CPU for all of them
for routine in dgesv_ zgesv_ dposv_ zposv_; do
	line=$(grep -E "^twofold\[[^]]*]: $routine +[0-9]+ " "$work/fault_err")
	case $line in
	*gpu*) fail "$routine ran on the GPU with its allocations failing: $line" ;;
	*cpu-blas*) ;;
	*) fail "$routine did not run on the CPU with the allocations failing: $line" ;;
	esac
done
echo "every verdict passed, with the GPU and with its allocations failing ($(grep -c "failed" "$work/fault_err") failure lines)"
