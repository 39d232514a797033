#!/bin/sh
# Illegal arguments to dtrsm_, ztrsm_, cblas_dtrsm and cblas_ztrsm (both
# layouts) are reported exactly as the reference BLAS reports them: the
# same routine name, parameter number, message and exit status, case by
# case; test/blas/trsm_errors, linked with the reference, run as it is and
# with libtwofold preloaded.
. "$TF_SRCDIR/test/lib.sh"
program=./test/blas/trsm_errors
[ -x "$program" ] || skip "no reference BLAS to link against"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
unset TWOFOLD_LOG TWOFOLD_CPU_BLAS
reference_blas_first
cases=$($program count)
bad=0
for i in $(seq 0 $((cases - 1))); do
	$program "$i" > "$work/ref.out" 2> "$work/ref.err"; ref_status=$?
	LD_PRELOAD=$TF_LIB $program "$i" > "$work/our.out" 2> "$work/our.err"; status=$?
	if [ $status != $ref_status ] || ! cmp -s "$work/ref.out" "$work/our.out" ||
	   ! cmp -s "$work/ref.err" "$work/our.err"; then
		echo "case $i: expected status $ref_status, got $status"
		echo "  expected: $(cat "$work/ref.out" "$work/ref.err" | tr '\n' '|')"
		echo "  got:      $(cat "$work/our.out" "$work/our.err" | tr '\n' '|')"
		bad=$((bad + 1))
	fi
	echo "case $i: $(cat "$work/ref.out" "$work/ref.err" | tr '\n' '|') status $ref_status"
done
[ $bad -eq 0 ] || fail "$bad of $cases reports differ from the reference"
echo "all $cases cases report as the reference does"
