#!/bin/sh
# The public interface of modules twofold, twofold_operators and
# twofold_sparse, read from the built .mod files (test/fortran/interfaces.py),
# is the committed one
# (test/fortran/interfaces.txt): the same public names, generics and their
# specifics, dummy arguments, types and parameters.  Skips where the modules
# were not built.
. "$TF_SRCDIR/test/lib.sh"
fc=$(sed -n 's/^FC = //p' "$TF_BUILDDIR/Makefile")
[ -n "$fc" ] || skip "built without a Fortran compiler"
modules="$TF_BUILDDIR/fortran/twofold.mod $TF_BUILDDIR/fortran/twofold_operators.mod
	$TF_BUILDDIR/fortran/twofold_sparse.mod"
for module in $modules; do
	[ -f "$module" ] || skip "$module not built (Fortran modules disabled)"
done
command -v python3 > /dev/null || skip "no python3"
python3 "$TF_SRCDIR/test/fortran/interfaces.py" --compare "$TF_SRCDIR/test/fortran/interfaces.txt" \
	$modules || fail "the modules' interface is not the committed one"
