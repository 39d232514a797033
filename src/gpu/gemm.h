/* GEMM on the GPU: host or device arrays (see gemm.c). */
#ifndef TF_GPU_GEMM_H
#define TF_GPU_GEMM_H

#include "gpu/context.h"
#include "gpu/cublas.h"
#include "gpu/gpu.h"

/* arith: the call's; cublas: cuBLAS for native mode, else NULL. */
void tf_gpu_gemm(struct tf_gpu_context *gpu, const struct tf_op *op, enum tf_gpu_arith arith,
		 const struct tf_cublas *cublas, tf_gpu_undone *undone, void *context);

#endif
