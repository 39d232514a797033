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
python=
for candidate in ${PYTHON:-} python3 /usr/bin/python3; do
	if "$candidate" -c "import numpy" 2> /dev/null; then
		python=$candidate
		break
	fi
done
[ -n "$python" ] || skip "no numpy for ${PYTHON:-python3} or /usr/bin/python3 (build-aux/install-deps installs python3-numpy)"
multiarray=$("$python" -c "import numpy.core._multiarray_umath as m; print(m.__file__)" 2> /dev/null)
command -v ldd > /dev/null || skip "no ldd: cannot tell which BLAS numpy uses"
ldd "$multiarray" | grep -q 'libblas\.so\.3' ||
	skip "this numpy ($multiarray) does not call libblas.so.3: preloading cannot replace its BLAS"
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
