#!/bin/sh
# The CPU DD kernels give the same bits whatever instruction set their inner
# loops were compiled for: generic, AVX2 and AVX-512 (those this processor
# has; the others fall back, with a notice, and are not compared).
. "$TF_SRCDIR/test/lib.sh"
reference=$(TWOFOLD_CPU_KERNEL=generic ./test/kernel_checksum) || fail "generic run failed"
echo "generic: $reference"
for kernel in avx2 avx512; do
	sum=$(TWOFOLD_CPU_KERNEL=$kernel ./test/kernel_checksum 2> "$work/err") || fail "$kernel run failed"
	if grep -q 'this processor has no' "$work/err"; then
		echo "$kernel: not on this processor"
		continue
	fi
	echo "$kernel: $sum"
	[ "$sum" = "$reference" ] || fail "$kernel results differ from generic ones"
done
