#!/bin/sh
# device.sh compile: the arithmetic headers compile as CUDA device code, with
#   no warning: test/arith/device.cu uses every function in a kernel.  No GPU
#   is needed; compiling is the check.
# device.sh run: the same program, run where there is a GPU (skipped where
#   there is none), gives on the device the host's results bit for bit.
. "$TF_SRCDIR/test/lib.sh"
nvcc=${NVCC:-}
[ -n "$nvcc" ] || nvcc=$(command -v nvcc 2>/dev/null)
[ -n "$nvcc" ] || { [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc; }
[ -n "$nvcc" ] || skip "no nvcc (set NVCC, or put it in PATH)"
# The host side must not fuse a*b + c either: g++ does by default.
flags="-O2 -gencode arch=compute_90,code=sm_90 -I$TF_SRCDIR/include -Xcompiler -Wall,-Wextra,-ffp-contract=off"
case ${1:-compile} in
compile)
	"$nvcc" -x cu $flags -c "$TF_SRCDIR/test/arith/device.cu" -o "$work/device.o" \
		> "$work/nvcc.out" 2>&1 || { cat "$work/nvcc.out"; fail "test/arith/device.cu does not compile"; }
	if [ -s "$work/nvcc.out" ]; then
		cat "$work/nvcc.out"
		fail "nvcc warned"
	fi
	echo "PASS: every arithmetic function compiles as device code ($nvcc, sm_90)"
	;;
run)
	command -v nvidia-smi > /dev/null 2>&1 && nvidia-smi -L > /dev/null 2>&1 || skip "no GPU"
	"$nvcc" -x cu $flags "$TF_SRCDIR/test/arith/device.cu" -o "$work/device" \
		> "$work/nvcc.out" 2>&1 || { cat "$work/nvcc.out"; fail "test/arith/device.cu does not build"; }
	"$work/device"
	;;
*)
	fail "usage: device.sh [compile | run]"
	;;
esac
