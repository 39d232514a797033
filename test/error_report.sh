#!/bin/sh
# Illegal arguments to dgemm, dgemv, daxpy (Fortran and CBLAS, both layouts)
# are reported exactly as the reference BLAS reports them: the same routine
# name, parameter number, message and exit status, case by case.  Run three
# ways: the program linked with the reference, linked with libtwofold, and
# linked with the reference with libtwofold preloaded.
. "$TF_SRCDIR/test/lib.sh"
reference=./test/error_report_reference
ours=./test/error_report_twofold
[ -x "$reference" ] || skip "no reference BLAS to link against"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
unset TWOFOLD_LOG TWOFOLD_CPU_BLAS
reference_blas_first
cases=$($reference count)
bad=0
for i in $(seq 0 $((cases - 1))); do
	$reference "$i" > "$work/ref.out" 2> "$work/ref.err"; ref_status=$?
	# The reference CBLAS of LAPACK 3.11 and before reports an illegal TransB
	# of a row-major cblas_dgemm as parameter 2; it is parameter 3, as later
	# reference versions and twofold report it.
	if [ "$i" = 31 ] && grep -q 'Illegal TransB' "$work/ref.err"; then
		sed -i 's/^Parameter 2 to routine cblas_dgemm /Parameter 3 to routine cblas_dgemm /' "$work/ref.err"
	fi
	for way in linked preloaded; do
		if [ $way = linked ]; then
			$ours "$i" > "$work/our.out" 2> "$work/our.err"; status=$?
		else
			LD_PRELOAD=$TF_LIB $reference "$i" > "$work/our.out" 2> "$work/our.err"; status=$?
		fi
		if [ $status != $ref_status ] || ! cmp -s "$work/ref.out" "$work/our.out" ||
		   ! cmp -s "$work/ref.err" "$work/our.err"; then
			echo "case $i ($way): expected status $ref_status, got $status"
			echo "  expected: $(cat "$work/ref.out" "$work/ref.err" | tr '\n' '|')"
			echo "  got:      $(cat "$work/our.out" "$work/our.err" | tr '\n' '|')"
			bad=$((bad + 1))
		fi
	done
	echo "case $i: $(cat "$work/ref.err" | tr '\n' '|') status $ref_status"
done
[ $bad -eq 0 ] || fail "$bad of $((2 * cases)) reports differ from the reference"
echo "all $cases cases report as the reference does, linked and preloaded"
