#!/bin/sh
# Every kind of CUDA failure, injected (TWOFOLD_GPU_FAULT): the results are
# those of the CPU, bit for bit, each failing call says so in one line, and
# the program goes on.
. "$TF_SRCDIR/test/gpu/lib.sh"
program=./test/kernel_checksum
unset TWOFOLD_LOG
export TWOFOLD_GPU_MIN_FLOPS=0
cpu=$(TWOFOLD_GPU_MIN_FLOPS=1e24 $program) || fail "CPU run failed"
gpu=$($program) || fail "GPU run failed"
echo "checksums: CPU $cpu, GPU $gpu"
# kernel_checksum makes 4 dgemm_, 2 dgemv_ and 2 daxpy_ calls.
for fault in init alloc launch transfer; do
	TWOFOLD_GPU_FAULT=$fault $program > "$work/out" 2> "$work/err"
	status=$?
	[ $status -eq 0 ] || fail "$fault: exit status $status: $(cat "$work/err")"
	[ "$(cat "$work/out")" = "$cpu" ] || fail "$fault: results differ from the CPU's"
	case $fault in
	init) expected=1; pattern='the GPU could not be set up' ;;
	*) expected=8; pattern='GPU d[a-z]* failed' ;;
	esac
	lines=$(grep -c "^twofold\[[^]]*]: $pattern" "$work/err")
	[ "$lines" = "$expected" ] || fail "$fault: expected $expected report lines, got: $(cat "$work/err")"
	[ "$(grep -vc "^twofold\[[^]]*]: $pattern" "$work/err")" = 0 ] || fail "$fault: other messages: $(cat "$work/err")"
	echo "$fault: CPU results, $lines report line(s)"
done
