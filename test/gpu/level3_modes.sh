#!/bin/sh
# Level 3 routines on device arrays in native, fast and df modes:
# test/gpu/level3_modes, once a mode; each call's report must say where it
# ran (cpu-blas: on host copies).
. "$TF_SRCDIR/test/gpu/lib.sh"
[ -x ./test/gpu/level3_modes ] || skip "test/gpu/level3_modes not built (no CUDA)"
for mode in native fast df; do
	TWOFOLD_MODE=$mode TWOFOLD_LOG=1 ./test/gpu/level3_modes > "$work/out" 2>&1
	status=$?
	sed "s/^/$mode: /" "$work/out"
	[ $status -eq 0 ] || fail "$mode: exit status $status"
	for routine in dsymm_ dsyrk_ dtrmm_ dtrsm_ zgemm_ zherk_ ztrsm_; do
		grep -Eq "^twofold\[[^]]*]: $routine +2 .*cpu-blas 2" "$work/out" ||
			fail "$mode: $routine: $(grep "^twofold\[[^]]*]: $routine " "$work/out")"
	done
done
