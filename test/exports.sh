#!/bin/sh
# The symbols libtwofold exports (nm -D --defined-only: type and name) are
# exactly those of test/exports.txt: a change to what the library exports
# is made on purpose, in that list.  The Fortran modules' symbols (_MOD_)
# are expected when the modules were built.
. "$TF_SRCDIR/test/lib.sh"
command -v nm > /dev/null || skip "no nm"
expected=$TF_SRCDIR/test/exports.txt
# Both sides sorted by name in the C locale, whatever the machine's.
if [ -f "$TF_BUILDDIR/fortran/twofold.mod" ]; then
	LC_ALL=C sort -k2 "$expected" > "$work/expected"
else
	echo "built without the Fortran modules: their symbols are not expected"
	grep -v '_MOD_' "$expected" | LC_ALL=C sort -k2 > "$work/expected"
fi
nm -D --defined-only "$TF_LIB" | awk '{ print $2, $3 }' | LC_ALL=C sort -k2 > "$work/exported"
if ! diff "$work/expected" "$work/exported" > "$work/diff"; then
	echo "< expected only, > exported only:"
	grep '^[<>]' "$work/diff" | head -40
	fail "the exported symbols differ from test/exports.txt"
fi
echo "PASS: $(wc -l < "$work/exported") exported symbols, as test/exports.txt lists them"
