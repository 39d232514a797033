#!/bin/sh
# The differential fuzzer (test/blas/fuzz.c) with libtwofold preloaded:
#
#   fuzz.sh MODE [VAR=VALUE...] [-- FUZZ-ARGUMENTS...]
#
# runs every d and z routine (200 calls each unless FUZZ-ARGUMENTS say
# otherwise) in TWOFOLD_MODE=MODE: cpu bit for bit against the reference,
# dd against MPFR (see fuzz.c); with -a (audit) in cpu mode, the MPFR
# values are checked against the reference's results too.  Fails when a routine fails, or when the
# program did not run with libtwofold in that mode.
. "$TF_SRCDIR/test/lib.sh"
program=./test/blas/fuzz
mode=$1
shift
settings=
while [ $# -gt 0 ] && [ "$1" != -- ]; do settings="$settings $1"; shift; done
[ "$1" = -- ] && shift
[ -x "$program" ] || skip "$program was not built (it needs MPFR and the reference BLAS)"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
"$program" probe > /dev/null 2>&1 || skip "$program cannot be started here (MPFR's library missing?)"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
unset TWOFOLD_LOG TWOFOLD_CPU_BLAS TWOFOLD_NUM_THREADS TWOFOLD_CPU_KERNEL
reference_blas_first
export TF_REFERENCE_BLAS
echo "==== TWOFOLD_MODE=$mode$settings"
env TWOFOLD_MODE=$mode $settings LD_PRELOAD=$TF_LIB "$program" "$@" > "$work/out" 2>&1
status=$?
cat "$work/out"
grep -q "^% library: twofold, mode $mode" "$work/out" || fail "libtwofold was not loaded in mode $mode"
grep -q '^% totals: ' "$work/out" || fail "the fuzzer did not finish (exit status $status)"
[ $status -eq 0 ] || fail "$(grep -c ': FAIL$' "$work/out") routines differ from the reference (TWOFOLD_MODE=$mode$settings); the failing calls are above"
echo "every routine agrees with the reference (TWOFOLD_MODE=$mode$settings)"
