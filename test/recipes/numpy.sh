#!/bin/sh
# numpy with libtwofold preloaded (README, "numpy"): Debian's python3-numpy
# calls libblas.so.3 (cblas_dgemm, cblas_ddot) and liblapack.so.3 (dgesv_),
# which LD_PRELOAD replaces.  numpy_cases.py computes an ill-conditioned
# matmul, dot and solve and compares each with the correctly rounded exact
# result (fractions): without twofold they differ, with it every element
# must be correctly rounded, and the TWOFOLD_LOG=1 report must count the
# calls as twofold's.  Skipped where numpy is missing or brings its own BLAS
# (a wheel's bundled OpenBLAS, which preloading does not replace).
. "$TF_SRCDIR/test/recipes/lib.sh"
numpy_on_libblas
[ -n "$python" ] || skip "$why_no_numpy"
cases=$TF_SRCDIR/test/recipes/numpy_cases.py

"$python" "$cases" > "$work/without" 2>&1 || { cat "$work/without"; fail "numpy_cases.py fails without twofold"; }
echo "without twofold:"
cat "$work/without"
for case in matmul dot solve; do
	grep -q "^$case differs" "$work/without" ||
		fail "$case is correctly rounded without twofold: the case cannot tell twofold's result from the reference's"
done

LD_PRELOAD=$TF_LIB TWOFOLD_MODE=dd TWOFOLD_LOG=1 "$python" "$cases" > "$work/with" 2> "$work/log" ||
	{ cat "$work/with" "$work/log"; fail "numpy_cases.py fails with libtwofold preloaded"; }
echo "with libtwofold preloaded:"
cat "$work/with"
for case in matmul dot solve; do
	grep -q "^$case exact" "$work/with" || fail "$case: not correctly rounded with libtwofold preloaded"
done
# The report: each routine counted, computed by twofold (cpu-dd, gpu-dd, ...),
# not forwarded to the CPU BLAS.
expect_computed "$work/log" cblas_dgemm cblas_ddot dgesv_
echo "PASS: numpy's matmul, dot and solve computed by twofold, correctly rounded"
