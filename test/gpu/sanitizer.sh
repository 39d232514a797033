#!/bin/sh
# compute-sanitizer's memcheck and racecheck find nothing in the kernels:
# the in-place calls of test/gpu_resident and the tiled host-array calls of
# test/kernel_checksum, the GPU forced, with tiny tiles.
. "$TF_SRCDIR/test/gpu/lib.sh"
sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
[ -n "$sanitizer" ] || skip "no compute-sanitizer"
export TWOFOLD_GPU_MIN_FLOPS=0 TWOFOLD_GPU_MEMORY=1M
export LD_LIBRARY_PATH=$TF_BUILDDIR/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
for tool in memcheck racecheck; do
	for program in test/.libs/gpu_resident test/.libs/kernel_checksum; do
		"$sanitizer" --tool $tool --error-exitcode 9 "$program" > "$work/out" 2>&1
		status=$?
		tail -3 "$work/out"
		[ $status -eq 0 ] || fail "$tool on $program: exit status $status: $(tail -20 "$work/out")"
	done
done
echo "memcheck and racecheck: no errors"
