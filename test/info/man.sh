#!/bin/sh
# The manual pages format without a warning (groff -man -ww), and
# twofold(7) documents every variable that README's Environment table
# lists and that the library reads (as twofold-info lists them).
. "$TF_SRCDIR/test/lib.sh"
command -v groff > /dev/null || skip "no groff"
for page in docs/twofold.7 docs/twofold-info.1 docs/twofold-solve.1; do
	groff -man -Tutf8 -ww "$TF_SRCDIR/$page" > "$work/page" 2> "$work/warnings" ||
		fail "groff fails on $page"
	[ -s "$work/warnings" ] && { cat "$work/warnings"; fail "groff warns about $page"; }
	[ "$(wc -l < "$work/page")" -gt 20 ] || fail "$page formats to fewer than 20 lines"
	echo "$page: $(wc -l < "$work/page") lines, no warning"
done

groff -man -Tascii -P-cbou "$TF_SRCDIR/docs/twofold.7" > "$work/twofold.7.txt" 2> /dev/null
# README's table: the rows of "## Environment".
sed -n '/^## Environment/,/^## /p' "$TF_SRCDIR/README.md" |
	sed -n 's/^| `\(TWOFOLD_[A-Z0-9_]*\)` |.*/\1/p' | sort > "$work/readme"
[ "$(wc -l < "$work/readme")" -ge 10 ] || fail "fewer than 10 variables in README's Environment table"
# The library's: those twofold-info lists.
env $(env | sed -n 's/^\(TWOFOLD_[A-Za-z0-9_]*\)=.*/-u \1/p') "$TF_BUILDDIR/tools/twofold-info" |
	sed -n 's/^  \(TWOFOLD_[A-Z0-9_]*\) unset -> .*/\1/p' | sort > "$work/library"
[ -s "$work/library" ] || fail "twofold-info lists no variable"
diff "$work/readme" "$work/library" > "$work/diff" ||
	{ cat "$work/diff"; fail "README's Environment table (<) and the library's variables (>) differ"; }
while read -r variable; do
	grep -q "^       $variable=" "$work/twofold.7.txt" ||
		fail "twofold(7) has no entry for $variable"
done < "$work/readme"
echo "PASS: 3 pages format cleanly; twofold(7) has the $(wc -l < "$work/readme") variables of README and the library"
