#!/bin/sh
# The Level 2 products (gemv, gbmv, symv/hemv, sbmv/hbmv, spmv/hpmv, trmv,
# tbmv, tpmv; real and complex; Fortran and CBLAS) through libtwofold
# preloaded: test/blas2p/products (see products.c for the sets).
#
#   products.sh dd          every element within the bounds against MPFR,
#                           with each CPU kernel and thread count below, and
#                           the same bits from all of them
#   products.sh cpu         TWOFOLD_MODE=cpu: every result bit-identical to
#                           the reference's; the ill-conditioned set fails
#                           the bounds (the test tells plain double apart)
#   products.sh nonfinite   dd mode: Inf and NaN where the reference puts them
. "$TF_SRCDIR/test/lib.sh"
program=./test/blas2p/products
[ -x "$program" ] || skip "$program was not built (it needs MPFR)"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
"$program" probe > /dev/null 2>&1 || skip "$program cannot be started here (MPFR's library missing?)"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
unset TWOFOLD_LOG TWOFOLD_CPU_BLAS TWOFOLD_NUM_THREADS TWOFOLD_CPU_KERNEL TWOFOLD_MODE
export TF_REFERENCE_BLAS

# run MODE CHECK [VAR=VALUE...] -- SET...: shows the output; sets failures
# and digest.
run() {
	mode=$1 check=$2
	shift 2
	settings=
	while [ "$1" != -- ]; do settings="$settings $1"; shift; done
	shift
	echo "==== TWOFOLD_MODE=$mode$settings: $check $*"
	env TWOFOLD_MODE=$mode TWOFOLD_LOG=1 $settings LD_PRELOAD=$TF_LIB \
		"$program" "$check" "$@" > "$work/out" 2> "$work/err"
	status=$?
	cat "$work/out"
	grep -q "^twofold: mode $mode," "$work/err" || { cat "$work/err"; fail "libtwofold was not loaded in mode $mode"; }
	totals=$(sed -n 's/^% totals: //p' "$work/out")
	[ -n "$totals" ] || { cat "$work/err"; fail "the program did not finish (exit status $status)"; }
	failures=$(echo "$totals" | sed -n 's/.*failures=\([0-9]*\).*/\1/p')
	digest=$(sed -n 's/^% digest: //p' "$work/out")
	expected=$failures
	[ "$expected" -le 255 ] || expected=255
	[ "$status" = "$expected" ] || fail "exit status $status, expected $expected"
}

configs="default:--
generic-1-thread:TWOFOLD_CPU_KERNEL=generic:TWOFOLD_NUM_THREADS=1:--
3-threads:TWOFOLD_NUM_THREADS=3:--"

case $1 in
dd|nonfinite)
	if [ "$1" = dd ]; then check=judge sets="main cancel zero large"; else check=classes sets=nonfinite; fi
	first=
	for config in $configs; do
		settings=$(echo "${config#*:}" | tr ':' ' ')
		# shellcheck disable=SC2086
		run dd $check $settings $sets
		[ "$failures" = 0 ] || fail "${config%%:*}: $failures calls outside the bounds"
		[ -n "$first" ] || first=$digest
		[ "$digest" = "$first" ] || fail "${config%%:*}: other bits than the first configuration's"
	done
	echo "every call within the bounds, the same bits in every configuration" ;;
cpu)
	run cpu reference -- main cancel zero large nonfinite
	[ "$failures" = 0 ] || fail "$failures calls differ from the reference in TWOFOLD_MODE=cpu"
	run cpu judge -- cancel
	[ "$failures" -gt 0 ] || fail "plain double met the bounds on the ill-conditioned set: the test cannot tell"
	echo "bit-identical to the reference; plain double fails the bounds of the ill-conditioned set" ;;
*)
	fail "usage: products.sh dd|cpu|nonfinite" ;;
esac
