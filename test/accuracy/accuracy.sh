#!/bin/sh
# Accuracy of dgemm_, dgemv_ and daxpy_ against MPFR: test/accuracy/accuracy,
# linked with the reference BLAS, run with libtwofold preloaded.
#
#   accuracy.sh dd SET...      in TWOFOLD_MODE=dd every element of the SETs
#                              must be within the bounds (see accuracy.c),
#                              with each CPU kernel and thread count below
#   accuracy.sh cpu SET...     in TWOFOLD_MODE=cpu (plain double) each SET
#                              must fail the bounds, within plain double's
#                              own error bound: the test tells the two apart
. "$TF_SRCDIR/test/lib.sh"
program=./test/accuracy/accuracy
mode=$1
shift
[ -x "$program" ] || skip "$program was not built (it needs MPFR and the reference BLAS)"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
"$program" probe > /dev/null 2>&1 || skip "$program cannot be started here (MPFR's library missing?)"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
unset TWOFOLD_LOG TWOFOLD_CPU_BLAS TWOFOLD_NUM_THREADS TWOFOLD_CPU_KERNEL
reference_blas_first

# run LABEL [VAR=VALUE...] -- SET...: runs the program, shows its output and
# the TWOFOLD_LOG report; sets status, failures, worst_d.
run() {
	label=$1
	shift
	settings=
	while [ "$1" != -- ]; do settings="$settings $1"; shift; done
	shift
	echo "==== $label: TWOFOLD_MODE=$mode$settings, sets: $*"
	env TWOFOLD_MODE=$mode TWOFOLD_LOG=1 $settings LD_PRELOAD=$TF_LIB \
		"$program" "$@" > "$work/out" 2> "$work/err"
	status=$?
	cat "$work/out" "$work/err"
	grep -q "^% library: twofold, mode $mode," "$work/out" ||
		fail "$label: libtwofold was not loaded in mode $mode"
	totals=$(sed -n 's/^% totals: //p' "$work/out")
	[ -n "$totals" ] || fail "$label: the program did not finish (exit status $status)"
	failures=$(echo "$totals" | sed -n 's/.* failures=\([0-9]*\) .*/\1/p')
	worst_d=$(echo "$totals" | sed -n 's/.* worst_d=\([^ ]*\).*/\1/p')
	expected=$failures
	[ "$expected" -le 255 ] || expected=255
	[ "$status" = "$expected" ] || fail "$label: exit status $status, expected $expected ($failures failures)"
}

case $mode in
dd)
	bad=
	for config in "default --" "generic-kernel-1-thread TWOFOLD_CPU_KERNEL=generic TWOFOLD_NUM_THREADS=1 --" \
		      "3-threads TWOFOLD_NUM_THREADS=3 --"; do
		run $config "$@"
		[ "$failures" = 0 ] || bad="$bad ${config%% *}($failures)"
	done
	[ -z "$bad" ] || fail "elements outside the bounds in TWOFOLD_MODE=dd:$bad; see the verdicts above"
	echo "every element within the bounds, every configuration" ;;
cpu)
	for set in "$@"; do
		run "$set" -- "$set"
		[ "$failures" -gt 0 ] || fail "set $set: plain double met the two-term bounds: the test cannot tell them apart"
		awk -v d="$worst_d" 'BEGIN { exit !(d <= 1) }' ||
			fail "set $set: errors of $worst_d times plain double's own bound: the harness or the CPU BLAS is wrong"
		echo "set $set: $failures failures in plain double, all within plain double's bound (worst $worst_d of it)"
	done
	echo "plain double fails the bounds of every set, as it must" ;;
*)
	fail "usage: accuracy.sh dd|cpu SET..." ;;
esac
