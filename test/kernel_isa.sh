#!/bin/sh
# The CPU DD kernels give the same bits whatever instruction set they and
# their inner loops were compiled for: generic, AVX2 and AVX-512 (those this
# processor has; the others fall back, with a notice, and are not
# compared), on one thread or three.
. "$TF_SRCDIR/test/lib.sh"
unset TWOFOLD_MODE
reference=$(TWOFOLD_CPU_KERNEL=generic TWOFOLD_NUM_THREADS=1 ./test/kernel_checksum families) ||
	fail "generic run failed"
echo "generic, 1 thread: $reference"
for kernel in generic avx2 avx512; do
	for threads in 1 3; do
		sum=$(TWOFOLD_CPU_KERNEL=$kernel TWOFOLD_NUM_THREADS=$threads ./test/kernel_checksum families \
			2> "$work/err") || fail "$kernel run failed"
		if grep -q 'this processor has no' "$work/err"; then
			echo "$kernel: not on this processor"
			continue 2
		fi
		echo "$kernel, $threads threads: $sum"
		[ "$sum" = "$reference" ] || fail "$kernel, $threads threads: results differ from generic ones"
	done
done
