#!/bin/sh
# twofold-solve uses twofold's public API only: its sources include no
# header of twofold but the installed ones (twofold.h, twofold/*.h), and
# every twofold symbol the program takes from the library is declared in
# them.  (tools/mtx_generate.c, which writes the test matrices, is a
# helper of the tests and examples, not the command.)
. "$TF_SRCDIR/test/lib.sh"
cd "$TF_SRCDIR" || exit 99
for file in tools/*.c tools/*.h; do
	[ "$file" = tools/mtx_generate.c ] && continue
	awk -v f="$file" '/^[ \t]*#[ \t]*include[ \t]*"/ {
		s = $0; sub(/^[^"]*"/, "", s); sub(/".*/, "", s); print f ":" FNR ": " s }' "$file"
done > "$work/includes"
[ -s "$work/includes" ] || fail "no #include found in tools/"
while read -r place header; do
	case $header in
	twofold.h|twofold/*.h) [ -f "include/$header" ] || fail "$place includes $header, not installed" ;;
	*/*) fail "$place includes $header, outside tools/ and the public headers" ;;
	*) [ -f "tools/$header" ] || fail "$place includes $header, not in tools/" ;;
	esac
done < "$work/includes"
echo "includes: tools/ and the public headers only ($(wc -l < "$work/includes") lines)"

# The symbols: the program, not libtool's wrapper script.
program=$TF_BUILDDIR/tools/.libs/twofold-solve
[ -f "$program" ] || program=$TF_BUILDDIR/tools/twofold-solve
command -v nm > /dev/null || skip "no nm: the symbols are not checked"
nm -D --undefined-only "$program" 2> /dev/null | awk '{ print $NF }' | sed 's/@.*//' |
	grep '^tf_' | sort -u > "$work/symbols"
[ -s "$work/symbols" ] || fail "no tf_ symbol taken from the library by $program"
while read -r symbol; do
	grep -q "\\b$symbol(" include/twofold.h include/twofold/*.h ||
		fail "$symbol is not declared in the public headers"
done < "$work/symbols"
echo "symbols: $(tr '\n' ' ' < "$work/symbols")all public"
