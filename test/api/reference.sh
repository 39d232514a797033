#!/bin/sh
# docs/API.md, the C API reference, has an entry (a "### " heading naming
# it) for every tf_ function that libtwofold exports, and for nothing
# else; every function declared in an installed header is exported; the
# exported functions that no installed header declares are exactly those
# of the page's section "Exported for twofold-info only".
. "$TF_SRCDIR/test/lib.sh"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
command -v nm > /dev/null || skip "no nm"
page=$TF_SRCDIR/docs/API.md
[ -f "$page" ] || fail "no $page"
cc=${CC:-cc}
command -v "$cc" > /dev/null || skip "no C compiler ($cc) to read the headers"

# The exported functions (text and weak symbols) named tf_*.
nm -D --defined-only "$TF_LIB" | awk '($2 == "T" || $2 == "W") && $3 ~ /^tf_/ { print $3 }' |
	LC_ALL=C sort -u > "$work/exported"
[ "$(wc -l < "$work/exported")" -ge 50 ] || fail "fewer than 50 tf_ functions exported: nm read $TF_LIB wrongly"

# The page's entries: the tf_ names of its "### " headings; those of the
# twofold-info section apart.
entries() { grep '^### ' | grep -o 'tf_[a-z0-9_]*' | LC_ALL=C sort -u; }
entries < "$page" > "$work/documented"
sed -n '/^## Exported for twofold-info only/,/^## /p' "$page" | entries > "$work/info_only"
[ -s "$work/info_only" ] || fail "no section \"Exported for twofold-info only\" in $page"

# The installed headers, as the build's Makefile lists them (continued
# lines joined), preprocessed without comments: the names declared as
# functions, function types (typedef) left out.
headers=$(awk '/\\$/ { sub(/\\$/, ""); line = line $0; next }
	{ line = line $0; if (line ~ /^(include_HEADERS|twofoldinclude_HEADERS) =/) { sub(/^[a-z_]* = /, "", line); print line } line = "" }' \
	"$TF_BUILDDIR/Makefile" | tr -s ' \t' '\n' | grep '\.h$')
[ -n "$headers" ] || fail "no installed headers found in $TF_BUILDDIR/Makefile"
for header in $headers; do
	"$cc" -E -P -I"$TF_SRCDIR/include" "$TF_SRCDIR/$header" > "$work/preprocessed" ||
		fail "$cc -E fails on $header"
	tr '\n' ' ' < "$work/preprocessed" | tr ';' '\n' | grep -v '^ *typedef' |
		grep -o 'tf_[a-z0-9_]* *(' | sed 's/ *($//' >> "$work/declared.all"
done
LC_ALL=C sort -u "$work/declared.all" > "$work/declared"
[ "$(wc -l < "$work/declared")" -ge 50 ] || fail "fewer than 50 functions declared in $headers"
echo "$(wc -l < "$work/exported") tf_ functions exported, $(wc -l < "$work/declared") declared in" $headers, \
	"$(wc -l < "$work/documented") documented in docs/API.md"

bad=0
report() { # FILE MESSAGE: each name of FILE, then the message
	[ -s "$1" ] || return 0
	sed 's/^/    /' "$1"
	echo "$2"
	bad=1
}
LC_ALL=C comm -23 "$work/exported" "$work/documented" > "$work/undocumented"
report "$work/undocumented" "exported, but no entry in docs/API.md"
LC_ALL=C comm -13 "$work/exported" "$work/documented" > "$work/stale"
report "$work/stale" "an entry in docs/API.md, but not exported"
LC_ALL=C comm -23 "$work/declared" "$work/exported" > "$work/unexported"
report "$work/unexported" "declared in an installed header, but not exported"
LC_ALL=C comm -23 "$work/exported" "$work/declared" > "$work/headerless"
if ! diff "$work/headerless" "$work/info_only" > /dev/null; then
	LC_ALL=C comm -23 "$work/headerless" "$work/info_only" > "$work/hidden"
	report "$work/hidden" "exported, in no installed header, and not in the page's twofold-info section"
	LC_ALL=C comm -13 "$work/headerless" "$work/info_only" > "$work/misplaced"
	report "$work/misplaced" "in the page's twofold-info section, but declared in an installed header"
fi
[ $bad = 0 ] || fail "docs/API.md and the library's exports differ"
echo "PASS: every exported tf_ function has its entry; $(wc -l < "$work/info_only") of them, in no header, are marked as twofold-info's"
