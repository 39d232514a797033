#!/bin/sh
# On a machine with an NVIDIA GPU, a CUDA build of libtwofold finds it and
# runs its probe kernel there (TWOFOLD_LOG reports "kernels run").  Skipped
# (77) where there is no GPU or the library was built without CUDA.
. "$TF_SRCDIR/test/lib.sh"
ls /dev/nvidia0 > /dev/null 2>&1 || skip "no NVIDIA GPU on this machine"
TWOFOLD_LOG=1 ./test/error_report_twofold 54 > "$work/out" 2> "$work/err" ||
	fail "dgemm call failed: $(cat "$work/err")"
gpu=$(grep '^twofold\[[^]]*]: GPU ' "$work/err")
echo "$gpu"
case $gpu in
*"built without CUDA"*) skip "libtwofold built without CUDA" ;;
*"kernels run"*) ;;
*) fail "the GPU does not run twofold's kernels: $gpu" ;;
esac
