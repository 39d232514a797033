#!/bin/sh
# Runs bench/blas1_cpu with libtwofold preloaded in TWOFOLD_MODE=cpu (the
# reference BLAS behind twofold's entry layer) and in TWOFOLD_MODE=dd, at
# each length given, and prints both times and dd/cpu.
#   blas1_cpu.sh BUILDDIR [N...]      (default: 4096 8)
build=${1:-.}
shift
program=$build/bench/blas1_cpu
[ -x "$program" ] || { echo "build $program first (make bench)"; exit 1; }
unset TWOFOLD_LOG TWOFOLD_CPU_KERNEL
tmp=${TMPDIR:-/tmp}/blas1_cpu.$$
echo "% routine  n  cpu_ns  dd_ns  dd/cpu"
for size in ${@:-4096 8}; do
	TWOFOLD_MODE=cpu LD_PRELOAD=$build/.libs/libtwofold.so "$program" "$size" > "$tmp.cpu"
	TWOFOLD_MODE=dd LD_PRELOAD=$build/.libs/libtwofold.so "$program" "$size" > "$tmp.dd"
	paste "$tmp.cpu" "$tmp.dd" |
		awk '!/^%/ { printf "%-10s %5d %10.1f %10.1f %6.2f\n", $1, $2, $3, $6, $6 / $3 }'
done
rm -f "$tmp.cpu" "$tmp.dd"
