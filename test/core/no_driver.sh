#!/bin/sh
# A CUDA build on a machine with no CUDA driver says so in the user's words,
# "no GPU found (no CUDA driver)", not the CUDA runtime's "CUDA driver
# version is insufficient for CUDA runtime version"; and computes on the
# CPU.  Skipped in builds without CUDA and where a driver is installed.
. "$TF_SRCDIR/test/lib.sh"
program=./test/core/thread_count
TWOFOLD_LOG=1 $program > "$work/out" 2> "$work/err" || fail "$(cat "$work/out" "$work/err")"
grep -q '^twofold\[[^]]*]: GPU none (built without CUDA)$' "$work/err" && skip "libtwofold built without CUDA"
if [ -e /dev/nvidiactl ] || /sbin/ldconfig -p 2> /dev/null | grep -q 'libcuda\.so\.1 '; then
	skip "a CUDA driver is installed here"
fi
grep -q '^twofold\[[^]]*]: GPU none: no GPU found (no CUDA driver)$' "$work/err" ||
	fail "the report does not say 'no GPU found (no CUDA driver)': $(cat "$work/err")"
for mode in df fast native; do
	TWOFOLD_MODE=$mode $program > "$work/out" 2> "$work/err" || fail "$mode: $(cat "$work/err")"
	[ "$(grep -c "^twofold\[[^]]*]: TWOFOLD_MODE=$mode computes on a GPU: no GPU found (no CUDA driver); " \
		"$work/err")" = 1 ] || fail "$mode: expected one notice naming the missing driver: $(cat "$work/err")"
done
grep -qi 'insufficient' "$work/err" && fail "the runtime's message is shown: $(cat "$work/err")"
echo "no driver: 'no GPU found (no CUDA driver)' in the report and the notices"
