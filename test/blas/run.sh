#!/bin/sh
# Runs a BLAS family's test program (test/blas/harness.h) with libtwofold
# preloaded:
#   run.sh PROGRAM dd [ARG...]    TWOFOLD_MODE=dd with the default CPU kernel
#                                 and threads, the generic kernel on one
#                                 thread, and 3 threads: every verdict must
#                                 pass in each, and a program that prints
#                                 "% digest: H" (a hash of its results'
#                                 bits) must print the same H in each
#   run.sh PROGRAM cpu [ARG...]   TWOFOLD_MODE=cpu: the reference's bits,
#                                 and plain double failing the bounds on
#                                 the ill-conditioned cases
. "$TF_SRCDIR/test/lib.sh"
program=$1
mode=$2
shift 2
[ -x "$program" ] || skip "$program was not built (it needs MPFR and the reference BLAS)"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
"$program" probe > /dev/null 2>&1 || skip "$program cannot be started here (MPFR's library missing?)"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
unset TWOFOLD_CPU_BLAS TWOFOLD_NUM_THREADS TWOFOLD_CPU_KERNEL
# The report (on stderr, shown with the output) says where each routine ran.
export TWOFOLD_LOG=1
reference_blas_first

case $mode in
dd) configs="default generic-1-thread 3-threads" ;;
cpu) configs="default" ;;
*) fail "usage: run.sh PROGRAM dd|cpu [ARG...]" ;;
esac
bad=
digest=
for config in $configs; do
	case $config in
	default) settings= ;;
	generic-1-thread) settings="TWOFOLD_CPU_KERNEL=generic TWOFOLD_NUM_THREADS=1" ;;
	3-threads) settings="TWOFOLD_NUM_THREADS=3" ;;
	esac
	echo "==== $config: TWOFOLD_MODE=$mode $settings"
	env TWOFOLD_MODE=$mode $settings LD_PRELOAD=$TF_LIB "$program" $mode "$@" > "$work/out" 2>&1
	status=$?
	cat "$work/out"
	grep -q "^% library: twofold, mode $mode" "$work/out" ||
		fail "$config: libtwofold was not loaded in mode $mode"
	grep -q "^% totals: " "$work/out" || fail "$config: the program did not finish (exit status $status)"
	[ $status = 0 ] || bad="$bad $config($status)"
	this=$(sed -n 's/^% digest: //p' "$work/out")
	[ -n "$digest" ] || digest=$this
	[ "$this" = "$digest" ] || bad="$bad $config(other bits than default)"
done
[ -z "$bad" ] || fail "failures in TWOFOLD_MODE=$mode:$bad"
echo "every verdict passed"
