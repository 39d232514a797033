#!/bin/sh
# Another test, with the GPU forced for every call (TWOFOLD_GPU_MIN_FLOPS=0)
# and the settings given; the routines in TF_GPU_ROUTINES (default: dgemm_
# dgemv_ daxpy_) must have run on the GPU.
#
#   forced.sh [VAR=VALUE...] -- SCRIPT [ARGS...]
. "$TF_SRCDIR/test/gpu/lib.sh"
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	export "$1"
	shift
done
shift
export TWOFOLD_GPU_MIN_FLOPS=0
# shown as it comes (a long run's log shows how far it got), and kept
{ sh "$@"; echo $? > "$work/status"; } 2>&1 | tee "$work/out"
status=$(cat "$work/status" 2> /dev/null || echo 99)
# a test that cannot run here (no testers, say) is a skip, not a failure
[ $status -eq 77 ] && skip "$(sed -n 's/^SKIP: //p' "$work/out" | tail -1)"
[ $status -eq 0 ] || fail "$* failed with the GPU forced (exit status $status)"
routines=${TF_GPU_ROUTINES:-dgemm_ dgemv_ daxpy_}
expect_gpu "$work/out" $routines
echo "$routines ran on the GPU"
