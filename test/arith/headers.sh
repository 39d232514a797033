#!/bin/sh
# Each arithmetic header compiles on its own, without a warning, as C11 with
# the library's flags and -Wpedantic, and as C++ (the language nvcc compiles
# the host side of CUDA sources in).
. "$TF_SRCDIR/test/lib.sh"
cc=${CC:-cc}
cxx=${CXX:-c++}
command -v "$cc" > /dev/null 2>&1 || skip "no C compiler ($cc)"
for header in arith arith_dd arith_df arith_ds arith_di arith_ts; do
	printf '#include "twofold/%s.h"\nint tf_unused;\n' "$header" > "$work/$header.c"
	"$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror -ffp-contract=off -I"$TF_SRCDIR/include" \
		-c "$work/$header.c" -o "$work/$header.o" 2> "$work/$header.err" ||
		{ cat "$work/$header.err"; fail "twofold/$header.h does not compile clean as C11"; }
	if command -v "$cxx" > /dev/null 2>&1; then
		cp "$work/$header.c" "$work/$header.cc"
		"$cxx" -std=c++17 -Wall -Wextra -Werror -ffp-contract=off -I"$TF_SRCDIR/include" \
			-c "$work/$header.cc" -o "$work/$header.cc.o" 2> "$work/$header.err" ||
			{ cat "$work/$header.err"; fail "twofold/$header.h does not compile clean as C++"; }
	fi
	echo "twofold/$header.h: clean"
done
