#!/bin/sh
# The symbols that modules twofold and twofold_operators put in the library
# (names containing _MOD_: their procedures, private ones that a generic
# names included, and their types' helpers) are the committed list
# (test/fortran/module_symbols.txt, "TYPE NAME").  Skips where the modules
# were not built.
. "$TF_SRCDIR/test/lib.sh"
command -v nm > /dev/null || skip "no nm"
[ -f "$TF_BUILDDIR/fortran/twofold.mod" ] || skip "Fortran modules not built"
nm -D --defined-only "$TF_LIB" | awk '$3 ~ /_MOD_/ { print $2, $3 }' | LC_ALL=C sort > "$work/got"
LC_ALL=C sort "$TF_SRCDIR/test/fortran/module_symbols.txt" > "$work/expected"
if ! cmp -s "$work/expected" "$work/got"; then
	diff "$work/expected" "$work/got" | grep '^[<>]' | head -10 |
		sed 's/^</missing:/; s/^>/extra:  /'
	fail "the modules' exported symbols differ from test/fortran/module_symbols.txt"
fi
echo "$(wc -l < "$work/got") module symbols, as in test/fortran/module_symbols.txt"
