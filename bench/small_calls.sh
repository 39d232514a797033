#!/bin/sh
# Runs bench/small_calls with libtwofold preloaded in TWOFOLD_MODE=cpu (the
# reference BLAS behind twofold's entry layer) and in TWOFOLD_MODE=dd, and
# prints both times per call and dd/cpu; with valgrind installed also the
# instructions per call (callgrind, 1000 calls after a first one) of the
# reference alone, of cpu mode and of dd mode, which do not depend on the
# machine's load.
#   small_calls.sh BUILDDIR [CASE...]     (default: every case)
build=${1:-.}
[ $# -gt 0 ] && shift
program=$build/bench/small_calls
library=$build/.libs/libtwofold.so
[ -x "$program" ] || { echo "build $program first (make bench)"; exit 1; }
unset TWOFOLD_LOG TWOFOLD_CPU_KERNEL TWOFOLD_NUM_THREADS
tmp=${TMPDIR:-/tmp}/small_calls.$$
TWOFOLD_MODE=cpu LD_PRELOAD=$library "$program" > "$tmp.cpu"
TWOFOLD_MODE=dd LD_PRELOAD=$library "$program" > "$tmp.dd"
cases=${*:-$("$program" --list)}
# instructions CASE [VARIABLE=VALUE...]: the instructions callgrind counts
# inside measured_calls, per call
instructions() {
	command -v valgrind > /dev/null || { echo -; return; }
	name=$1
	shift
	env "$@" valgrind --tool=callgrind --callgrind-out-file="$tmp.out" \
		--toggle-collect=measured_calls "$program" "$name" 1000 > /dev/null 2>&1 &&
		callgrind_annotate "$tmp.out" 2> /dev/null |
		awk '/PROGRAM TOTALS/ { gsub(",", "", $1); printf "%.0f", $1 / 1000; exit }'
	rm -f "$tmp.out"
}
echo "% case  cpu_ns  dd_ns  dd/cpu  ref_instr  cpu_instr  dd_instr  dd/ref_instr"
for name in $cases; do
	cpu_ns=$(awk -v c="$name" '$1 == c { print $2 }' "$tmp.cpu")
	dd_ns=$(awk -v c="$name" '$1 == c { print $2 }' "$tmp.dd")
	ref_i=$(instructions "$name")
	cpu_i=$(instructions "$name" TWOFOLD_MODE=cpu LD_PRELOAD="$library")
	dd_i=$(instructions "$name" TWOFOLD_MODE=dd LD_PRELOAD="$library")
	awk -v c="$name" -v a="$cpu_ns" -v b="$dd_ns" -v r="$ref_i" -v p="$cpu_i" -v d="$dd_i" \
		'BEGIN { printf "%-16s %9.1f %9.1f %6.2f %9s %9s %9s %6s\n", c, a, b, b / a, r, p, d,
			 (r > 0 && d != "-") ? sprintf("%.2f", d / r) : "-" }'
done
rm -f "$tmp.cpu" "$tmp.dd"
