#!/bin/sh
# dgemm_ on host arrays through LD_PRELOAD, as a legacy program sees it:
# twofold in dd and native modes, and NVBLAS (the CUDA toolkit's preloadable
# BLAS) in front of the same reference BLAS.  Run on a GPU machine.
#
#   host_gemm.sh BUILDDIR REFERENCE_BLAS [N...]
build=$1
reference=$2
shift 2
program=$build/bench/host_gemm
library=$build/.libs/libtwofold.so
work=$(mktemp -d)
mkdir "$work/lib" && ln -s "$reference" "$work/lib/libblas.so.3"
export LD_LIBRARY_PATH=$work/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
echo "== twofold, dd mode"
TWOFOLD_MODE=dd TWOFOLD_LOG=1 LD_PRELOAD=$library "$program" "$@"
echo "== twofold, native mode"
TWOFOLD_MODE=native TWOFOLD_LOG=1 LD_PRELOAD=$library "$program" "$@"
nvblas=$(ls /usr/local/cuda/lib64/libnvblas.so* 2>/dev/null | head -1)
if [ -n "$nvblas" ]; then
	echo "== NVBLAS ($nvblas)"
	printf 'NVBLAS_CPU_BLAS_LIB %s\nNVBLAS_GPU_LIST ALL\nNVBLAS_LOGFILE %s/nvblas.log\n' \
		"$reference" "$work" > "$work/nvblas.conf"
	NVBLAS_CONFIG_FILE=$work/nvblas.conf LD_PRELOAD=$nvblas "$program" "$@"
else
	echo "== NVBLAS: not found in /usr/local/cuda/lib64"
fi
rm -rf "$work"
