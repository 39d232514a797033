#!/bin/sh
# gpu_scaling.sh BUILD [TABLE]: the scaling of dd dgemm_ (the split engine,
# TWOFOLD_SPLIT=force, and the DD kernel, off) and dd dgesv_ over the GPUs
# of TWOFOLD_DEVICE, one process, host arrays; writes a table (TABLE, else
# standard output) with the time, rate and speed-up against one GPU of each
# case, the host-to-device bandwidth of each GPU alone and of all at once,
# and `nvidia-smi topo -m`.  BUILD: a build directory with
# bench/gpu_scaling (make bench-gpu) and .libs/libtwofold.so.
#
# Settings (environment):
#   SIZES="16384 32768"     orders n
#   LISTS="0 0,1 0,1,2,3 0,1,...,7"  device lists; by default every prefix
#                           of 1, 2, 4, 8 ... GPUs up to the visible ones
#   CASES="split dd dgesv"  dgemm_ on the split engine, on the DD kernel,
#                           dgesv_
#   REPEAT=3                timed calls per case (dgemm_: the median after a
#                           warm-up; dgesv_: the best)
set -u
build=${1:?usage: gpu_scaling.sh BUILD [TABLE]}
table=${2:-/dev/stdout}
program=$build/bench/gpu_scaling
[ -x "$program" ] || { echo "no $program (make bench-gpu)" >&2; exit 2; }
visible=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
[ "$visible" -gt 0 ] || { echo "no GPU" >&2; exit 2; }
if [ -z "${LISTS:-}" ]; then
	LISTS=0 count=2
	while [ $count -le "$visible" ]; do
		LISTS="$LISTS $(seq -s, 0 $((count - 1)))"
		count=$((count * 2))
	done
fi
SIZES=${SIZES:-16384 32768}
CASES=${CASES:-split dd dgesv}
REPEAT=${REPEAT:-3}
clean="env -u TWOFOLD_DEVICE -u TWOFOLD_SPLIT -u TWOFOLD_DEVICES_MIN_FLOPS -u TWOFOLD_LOG -u TWOFOLD_MODE"
{
	echo "# bench/gpu_scaling.sh $(date -u '+%Y-%m-%d %H:%M UTC'), $(hostname)"
	echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | sort | uniq -c | tr -s ' ' | sed 's/^ //')"
	echo "# nvidia-smi topo -m:"
	nvidia-smi topo -m 2>&1 | sed 's/^/#   /'
	echo "# host to device, 512 MB, pinned (h2d), pageable (h2d-pageable) and pageable registered for the copy (h2d-registered, registration included), each GPU alone, then all at once; host memcpy, one thread, then one per GPU at once"
	$program bandwidth 512 | sed 's/^/#   /'
	printf '%-6s %-6s %-24s %5s %10s %10s %8s\n' case n TWOFOLD_DEVICE gpus seconds Gflop/s speedup
	for case in $CASES; do
		case $case in
		split) routine=dgemm split=force ;;
		dd) routine=dgemm split=off ;;
		dgesv) routine=dgesv split=auto ;;
		*) echo "unknown case $case" >&2; exit 2 ;;
		esac
		for n in $SIZES; do
			one=
			for list in $LISTS; do
				gpus=$(echo "$list" | tr ',' '\n' | wc -l)
				line=$($clean TWOFOLD_DEVICE=$list TWOFOLD_SPLIT=$split $program $routine $n $REPEAT 2>&1 | tail -1)
				set -- $line
				if [ $# -ne 4 ]; then
					printf '%-6s %-6s %-24s %5s %s\n' $case $n $list $gpus "failed: $line"
					continue
				fi
				[ -n "$one" ] || one=$3
				printf '%-6s %-6s %-24s %5s %10s %10s %8s\n' $case $n $list $gpus $3 $4 \
					$(awk "BEGIN { printf \"%.2f\", $one / $3 }")
			done
		done
	done
} > "$table"
if [ -n "${2:-}" ] && command -v python3 > /dev/null; then
	python3 "$(dirname "$0")/plot_scaling.py" "$table" "$table.svg"
fi
