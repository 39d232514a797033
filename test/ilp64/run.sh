#!/bin/sh
# The ILP64 entry points (test/ilp64/same.c, beyond.c):
#   run.sh same|errors|large|lapack none
#                                               without a 64-bit CPU BLAS
#   run.sh blocks none dd|cpu                   Level 2 and 3 in blocks, small limits
#   run.sh far none dd|cpu                      Level 2 and 3 beyond 32 bits
#   run.sh same|errors blas64                   with the reference libblas64
#   run.sh forward blas64                       a forwarded routine reaches it
#   run.sh fortran none                         an ILP64 Fortran program
#   run.sh refuse none                          TWOFOLD_CPU_BLAS64 a 32-bit BLAS
# The 64-bit reference BLAS: TF_REFERENCE_BLAS64, else Debian's
# libblas64.so.3 (package libblas64-3) where it is installed.
. "$TF_SRCDIR/test/lib.sh"
what=$1 with=$2
unset TWOFOLD_LOG TWOFOLD_CPU_BLAS TWOFOLD_CPU_BLAS64
# where there is a reference BLAS (OpenBLAS as libblas.so.3 lacks
# sdotsub_ and the like)
[ -f "$TF_REFERENCE_BLAS" ] && reference_blas_first
if [ "$with" = blas64 ]; then
	blas64=${TF_REFERENCE_BLAS64:-}
	if [ -z "$blas64" ]; then
		multiarch=$(${CC:-cc} -print-multiarch 2> /dev/null)
		for candidate in /usr/lib/$multiarch/blas64/libblas64.so.3 /usr/lib64/blas64/libblas64.so.3 \
				 /usr/lib/$multiarch/libblas64.so.3; do
			[ -z "$blas64" ] && [ -e "$candidate" ] && blas64=$candidate
		done
	fi
	[ -n "$blas64" ] && [ -e "$blas64" ] || skip "no 64-bit reference BLAS (Debian's libblas64-3)"
	export TWOFOLD_CPU_BLAS64=$blas64
	echo "64-bit CPU BLAS: $blas64"
else
	export TWOFOLD_CPU_BLAS64=none
fi
case $what in
same)
	./test/ilp64/same > "$work/out" 2> "$work/err"; status=$?
	cat "$work/out" "$work/err"
	[ $status = 0 ] || fail "ILP64 entry points differ from the 32-bit ones"
	;;
blocks)
	TWOFOLD_MODE=$3 ./test/ilp64/blocks > "$work/out" 2> "$work/err"; status=$?
	cat "$work/out" "$work/err"
	[ $status = 0 ] || fail "Level 2 and 3 in blocks differ from the 32-bit calls"
	;;
errors|large)
	./test/ilp64/beyond "$what" 2>&1 || fail "beyond $what"
	;;
lapack)
	./test/ilp64/lapack > "$work/out" 2> "$work/err"; status=$?
	cat "$work/out" "$work/err"
	[ $status = 0 ] || fail "the LAPACK drivers' ILP64 forms"
	grep -q '^twofold\[[^]]*]: dgesv_64_: argument 2 does not fit in 32 bits' "$work/err" ||
		fail "no message for dgesv_64_ with nrhs beyond 32 bits"
	;;
far)
	# Level 2 and 3 beyond 32 bits in blocks (test/ilp64/far.c), then the
	# message: once per routine
	TWOFOLD_MODE=$3 ./test/ilp64/far > "$work/out" 2> "$work/err"; status=$?
	cat "$work/out" "$work/err"
	[ $status = 77 ] && skip "address space"
	[ $status = 0 ] || fail "Level 2 and 3 beyond 32 bits differ from the 32-bit calls"
	for routine in dgemm_64_ zher2k_64_ ztrsm_64_ sgemv_64_ zgbmv_64_ zhbmv_64_ dspr2_64_ cblas_zgemv64_; do
		count=$(grep -c "^twofold\[[^]]*]: $routine: integers beyond 32 bits and no 64-bit CPU BLAS: run in blocks of 32-bit calls" "$work/err")
		[ "$count" = 1 ] || fail "$count messages that $routine ran in blocks, expected 1"
	done
	grep -q "^twofold\[[^]]*]: dspmv_64_: integers beyond 32 bits and no 64-bit CPU BLAS, and the call cannot run in 32-bit calls: n beyond 32 bits in packed storage" "$work/err" ||
		fail "no message that dspmv_64_ cannot run"
	;;
fortran)
	[ -x ./test/ilp64/fortran ] || skip "./test/ilp64/fortran not built (no Fortran compiler)"
	needs_libraries ./test/ilp64/fortran
	./test/ilp64/fortran 2>&1 || fail "the ILP64 Fortran program"
	;;
refuse)
	# a BLAS of 32-bit integers named as the 64-bit one is refused, not used
	[ -f "$TF_REFERENCE_BLAS" ] || skip "no reference BLAS $TF_REFERENCE_BLAS"
	TWOFOLD_CPU_BLAS64=$TF_REFERENCE_BLAS ./test/ilp64/same > "$work/out" 2> "$work/err"; status=$?
	cat "$work/err"
	[ $status = 1 ] || fail "exit status $status, expected 1"
	grep -q "^twofold\[[^]]*]: cannot use TWOFOLD_CPU_BLAS64=.* takes 32-bit integers" "$work/err" ||
		fail "no message that the library takes 32-bit integers"
	;;
forward)
	# sdot_64_ of n = 2^31 + 10 ones (zero increments): the reference sums
	# in single precision, which stops growing at 2^24 in one call; twofold
	# alone would make three 32-bit calls and add their sums.
	./test/ilp64/beyond forward 2>&1 || fail "sdot_64_ did not reach the 64-bit CPU BLAS"
	;;
*)
	fail "unknown case $what"
	;;
esac
