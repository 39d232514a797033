#!/bin/sh
# compute-sanitizer's memcheck and racecheck find nothing in the typed
# kernels: every routine and format on device arrays (test/typed/resident's
# "semantics" set: alpha = 0, beta = 0, strides of every sign, transposes)
# and the tile edges on host arrays with the GPU forced (test/typed/blas
# "tiling").
. "$TF_SRCDIR/test/gpu/lib.sh"
sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
[ -n "$sanitizer" ] || skip "no compute-sanitizer"
[ -x test/typed/.libs/blas ] || skip "test/typed/blas was not built (it needs MPFR)"
export TWOFOLD_GPU_MIN_FLOPS=0
export LD_LIBRARY_PATH=$TF_BUILDDIR/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
for tool in memcheck racecheck; do
	for run in "test/typed/.libs/blas semantics" "test/typed/.libs/blas tiling"; do
		"$sanitizer" --tool $tool --error-exitcode 9 $run > "$work/out" 2>&1
		status=$?
		tail -2 "$work/out"
		[ $status -eq 0 ] || fail "$tool on $run: exit status $status: $(tail -20 "$work/out")"
	done
done
echo "memcheck and racecheck: no errors"
