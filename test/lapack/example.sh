#!/bin/sh
# examples/solve (README, "Solving systems"): with the reference LAPACK and
# BLAS no component of the Pascal system's solution is the exact integer;
# with libtwofold preloaded in dd mode every one is, and the log says that
# dgesv_ was refined and converged.
. "$TF_SRCDIR/test/lib.sh"
program=$TF_BUILDDIR/examples/solve
[ -x "$program" ] || skip "examples/solve was not built (it needs gfortran and the reference LAPACK)"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
needs_libraries "$program"
unset TWOFOLD_MODE TWOFOLD_CPU_BLAS TWOFOLD_CPU_LAPACK
reference_blas_first
"$program" > "$work/reference.out" || fail "examples/solve failed without twofold"
cat "$work/reference.out"
grep -q 'exact components:  0 of 14' "$work/reference.out" ||
	fail "without twofold some components came out exact: the system no longer tells"
TWOFOLD_LOG=1 LD_PRELOAD=$TF_LIB "$program" > "$work/dd.out" 2> "$work/dd.err" ||
	{ cat "$work/dd.err"; fail "examples/solve failed with libtwofold preloaded"; }
cat "$work/dd.out" "$work/dd.err"
grep -q 'exact components: 14 of 14' "$work/dd.out" || fail "with twofold not every component is exact"
grep -q '^twofold\[[^]]*]: dgesv_ n=14 nrhs=1: LU in double, refined in DD: .* converged$' "$work/dd.err" ||
	fail "the log does not say that dgesv_ was refined and converged"
