#!/bin/sh
# Every CBLAS routine of blas_routines.tbl, in both layouts, with each
# illegal argument: the message, parameter number and exit status with
# libtwofold preloaded must be the reference CBLAS's (test/cblas/errors.c
# makes the calls; this compares the two runs line by line).
. "$TF_SRCDIR/test/lib.sh"
program=./test/cblas/errors
[ -x "$program" ] || fail "$program was not built"
[ -f "$TF_REFERENCE_BLAS" ] || skip "the reference BLAS $TF_REFERENCE_BLAS is not on this machine"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
unset TWOFOLD_LOG TWOFOLD_CPU_BLAS
reference_blas_first
"$program" > "$work/reference.out" || fail "the reference run failed"
# The reference CBLAS of LAPACK 3.11 and before reports an illegal TransB of
# a row-major ?gemm as parameter 2; later versions (and twofold) report 3.
# Either is taken, on those lines only.
either() {
	sed '/^cblas_.gemm layout=RowMajor TransB=0 /s/Parameter [23] to/Parameter 2 or 3 to/' "$1"
}
for mode in cpu dd; do
	TWOFOLD_MODE=$mode LD_PRELOAD=$TF_LIB "$program" libtwofold > "$work/twofold.out" ||
		fail "TWOFOLD_MODE=$mode: the run failed (each routine must come from libtwofold)"
	either "$work/reference.out" > "$work/expected"
	either "$work/twofold.out" > "$work/got"
	if ! cmp -s "$work/expected" "$work/got"; then
		diff "$work/expected" "$work/got" | sed -n '1,60p'
		fail "TWOFOLD_MODE=$mode: $(diff "$work/expected" "$work/got" | grep -c '^<') calls report otherwise than the reference"
	fi
	echo "TWOFOLD_MODE=$mode: $(wc -l < "$work/got") calls report as the reference does"
done
