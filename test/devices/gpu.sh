#!/bin/sh
# gpu.sh: dgemm_ in dd mode on the GPUs of TWOFOLD_DEVICE gives bitwise the
# C of one GPU (test/devices/gpu_devices prints a hash of each case's C):
# TWOFOLD_DEVICE=0,0 (two contexts on one GPU) and all, with the split
# forced (TWOFOLD_DEVICES_MIN_FLOPS=0) and by the cost model, for the DD
# kernel (TWOFOLD_SPLIT=off) and the split engine (force); the TWOFOLD_LOG
# report must say the products were split, and the split engine's that
# op(A) was copied from the host once.  Then the local rank's rule: a
# rank with local rank 1 on a machine of one GPU takes GPU 0.
. "$TF_SRCDIR/test/gpu/lib.sh"
program=./test/devices/gpu_devices
[ -x "$program" ] || skip "$program was not built (it needs CUDA)"
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
# CUDA sees only those of CUDA_VISIBLE_DEVICES, where it is set
[ -z "${CUDA_VISIBLE_DEVICES+set}" ] ||
	gpus=$(printf '%s\n' "$CUDA_VISIBLE_DEVICES" | tr ',' '\n' | grep -c .)
[ "$gpus" -gt 0 ] || skip "nvidia-smi lists no GPU"
clean="env -u TWOFOLD_DEVICE -u TWOFOLD_DEVICES_MIN_FLOPS -u TWOFOLD_LOG -u TWOFOLD_SPLIT"
for split in off force; do
	$clean TWOFOLD_SPLIT=$split TWOFOLD_DEVICE=0 $program > "$work/one" ||
		{ cat "$work/one"; fail "TWOFOLD_SPLIT=$split on GPU 0"; }
	for devices in 0,0 all; do
		for min in 0 model; do
			if [ $min = 0 ]; then set -- TWOFOLD_DEVICES_MIN_FLOPS=0; else set --; fi
			$clean TWOFOLD_SPLIT=$split TWOFOLD_DEVICE=$devices TWOFOLD_LOG=1 "$@" $program \
				> "$work/several" 2> "$work/log" ||
				{ cat "$work/several"; fail "TWOFOLD_SPLIT=$split TWOFOLD_DEVICE=$devices $*"; }
			diff "$work/one" "$work/several" > "$work/diff" ||
				{ cat "$work/diff"; fail "TWOFOLD_SPLIT=$split TWOFOLD_DEVICE=$devices $*: C differs from GPU 0's"; }
			used='^twofold\[[^]]*]: used GPUs .*; \([0-9]*\) products split across them (\([0-9]*\) with op(A) copied from the host once)$'
			split_count=$(sed -n "s/$used/\1/p" "$work/log")
			shared_count=$(sed -n "s/$used/\2/p" "$work/log")
			# forced, or by the cost model on the DD kernel (the largest
			# case is above its threshold, not above the split engine's)
			if { [ $devices = 0,0 ] || [ "$gpus" -gt 1 ]; } && { [ $min = 0 ] || [ $split = off ]; }; then
				[ "${split_count:-0}" -gt 0 ] ||
					{ grep '^twofold\[[^]]*]: used' "$work/log"; fail "TWOFOLD_SPLIT=$split TWOFOLD_DEVICE=$devices $*: no product was split"; }
				# the split engine's host cases copy op(A) from the host once
				[ $split = off ] || [ "${shared_count:-0}" -gt 0 ] ||
					{ grep '^twofold\[[^]]*]: used' "$work/log"; fail "TWOFOLD_SPLIT=$split TWOFOLD_DEVICE=$devices $*: op(A) was never copied once"; }
			fi
			echo "TWOFOLD_SPLIT=$split TWOFOLD_DEVICE=$devices ${*:-(cost model)}: $(wc -l < "$work/one") cases bitwise GPU 0's; ${split_count:-0} products split, ${shared_count:-0} with op(A) copied once"
		done
	done
done
# The local rank's rule, with one GPU or more.
$clean OMPI_COMM_WORLD_LOCAL_RANK=1 TWOFOLD_LOG=1 $program small > "$work/out" 2> "$work/log" ||
	{ cat "$work/out"; fail "OMPI_COMM_WORLD_LOCAL_RANK=1"; }
want="]: used GPU $((1 % gpus)) (local rank 1 from OMPI_COMM_WORLD_LOCAL_RANK, modulo $gpus visible GPU"
grep -qF "$want" "$work/log" || { grep '^twofold\[[^]]*]: used' "$work/log"; fail "expected [$want]"; }
echo "local rank 1 of $gpus GPUs: $(grep '^twofold\[[^]]*]: used' "$work/log")"
