#!/bin/sh
# The Level 3 routines at one size on the CPU: the reference BLAS's own
# loops (TWOFOLD_MODE=cpu) against twofold's DD engine (TWOFOLD_MODE=dd),
# both through LD_PRELOAD of libtwofold in front of the reference.
#
#   blas3_cpu.sh BUILDDIR REFERENCE_BLAS [N [REPEAT [ROUTINE...]]]
#
# Each routine runs in cpu mode and then in dd mode, one after the other,
# so that both see the same load on a shared machine; each figure is the
# best of REPEAT calls.  Prints the runs, then per routine the dd time over
# the cpu time and dd's speed relative to the reference (cpu time / dd
# time).
build=$1
reference=$2
shift 2
n=${1:-1000}
repeat=${2:-1}
[ $# -ge 2 ] && shift 2 || shift $#
routines=${*:-dgemm zgemm dsymm zsymm zhemm dsyrk zsyrk zherk dsyr2k zsyr2k zher2k dtrmm ztrmm}
program=$build/bench/blas3_cpu
library=$build/.libs/libtwofold.so
work=$(mktemp -d)
mkdir "$work/lib" && ln -s "$reference" "$work/lib/libblas.so.3"
export LD_LIBRARY_PATH=$work/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
echo "% mode routine  n  seconds  GFLOP/s  checksum"
for routine in $routines; do
	for mode in cpu dd; do
		TWOFOLD_MODE=$mode LD_PRELOAD=$library "$program" "$n" "$repeat" "$routine" |
			grep -v '^%' | tee -a "$work/$mode" | sed "s/^/$mode /"
	done
done
echo "== dd over cpu (the reference)"
echo "% routine  n  cpu_s  dd_s  dd/cpu_time  speed_vs_reference"
join --nocheck-order "$work/cpu" "$work/dd" | awk '{ printf "%-7s %5d %8.3f %8.3f %6.2f %6.2fx\n", $1, $2, $3, $7, $7 / $3, $3 / $7 }'
rm -rf "$work"
