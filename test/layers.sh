#!/bin/sh
# Layers only point down: every #include "..." in src/, kernels/ and include/
# (and the sources the build generates into src/) stays in its own layer or
# names one that the layers table of ARCHITECTURE.md lets its layer include.
# The table is the rule: this script reads it, so the page and the check
# cannot disagree.
#
#   layers.sh [SRCDIR [BUILDDIR]]   (default: $TF_SRCDIR, $TF_BUILDDIR)
. "${TF_SRCDIR:-${1:-.}}/test/lib.sh"
srcdir=${1:-${TF_SRCDIR:-.}}
builddir=${2:-${TF_BUILDDIR:-$srcdir}}
table=$srcdir/ARCHITECTURE.md
[ -f "$table" ] || fail "no $table"

# Rows of the table: | `layer` | what it holds | `allowed` `allowed` ... |
awk -F'|' '
	/^<!-- layers table -->/ { inside = 1; next }
	inside && !/^\|/ { if (rows) exit }
	inside && /^\| `/ {
		layer = $2; gsub(/[` ]/, "", layer)
		allowed = $4; gsub(/`/, " ", allowed); gsub(/  +/, " ", allowed)
		print layer allowed
		rows++
	}' "$table" > "$work/rules"
[ -s "$work/rules" ] || fail "no layers table (after <!-- layers table -->) in $table"

# Every source file with its #include "..." lines: FILE LINE INCLUDED
list_includes() {
	(cd "$1" && find src kernels include -type f \
		\( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' \) 2>/dev/null |
		sort | while read -r file; do
			awk -v f="$file" '/^[ \t]*#[ \t]*include[ \t]*"/ {
				s = $0; sub(/^[^"]*"/, "", s); sub(/".*/, "", s); print f, FNR, s }' "$file"
		done)
}
{
	list_includes "$srcdir"
	[ "$(cd "$builddir" && pwd)" = "$(cd "$srcdir" && pwd)" ] || list_includes "$builddir"
} | sort -u > "$work/includes"
[ -s "$work/includes" ] || fail "no sources found under $srcdir"

awk '
	NR == FNR {
		layers[++count] = $1
		for (i = 2; i <= NF; i++) may[$1, i - 1] = $i
		allowed_count[$1] = NF - 1
		next
	}
	# The layer of a path: the longest layer that is the path or a folder of it.
	function layer_of(path,    i, best) {
		best = ""
		for (i = 1; i <= count; i++)
			if ((path == layers[i] || index(path, layers[i] "/") == 1) &&
			    length(layers[i]) > length(best))
				best = layers[i]
		return best
	}
	function under(path, prefix) {
		return path == prefix || index(path, prefix "/") == 1
	}
	{
		file = $1; line = $2; name = $3
		if (name == "config.h") next
		from = layer_of(file)
		if (from == "") {
			printf("%s: in no layer of the table\n", file); bad++; next
		}
		# Includes name a path below src/, kernels/ or include/.
		if (name ~ /^twofold(\.h|\/)/) target = "include/" name
		else if (name ~ /^kernels\//) target = name
		else target = "src/" name
		to = layer_of(target)
		if (to == "") {
			printf("%s:%s: #include \"%s\": %s is in no layer of the table\n", file, line, name, target)
			bad++; next
		}
		if (to == from) next
		ok = 0
		for (i = 1; i <= allowed_count[from]; i++)
			if (under(target, may[from, i])) ok = 1
		if (!ok) {
			printf("%s:%s: #include \"%s\": %s may not include %s\n", file, line, name, from, to)
			bad++
		}
		arrows[from " -> " to]++
	}
	END {
		for (a in arrows) print "  " a > "/dev/stderr"
		exit bad > 0
	}' "$work/rules" "$work/includes" 2> "$work/arrows" > "$work/violations"
status=$?
echo "arrows between layers (from the includes):"
sort "$work/arrows"
if [ $status -ne 0 ]; then
	cat "$work/violations"
	fail "$(wc -l < "$work/violations") includes break the layers table of ARCHITECTURE.md"
fi
echo "PASS: $(wc -l < "$work/includes") includes follow the layers table"
