/* GEMM on the GPU: host or device arrays (see gemm.c). */
#ifndef TF_GPU_GEMM_H
#define TF_GPU_GEMM_H

#include "gpu/context.h"
#include "gpu/gpu.h"

void tf_gpu_gemm(struct tf_gpu_context *gpu, const struct tf_op *op, tf_gpu_undone *undone,
		 void *context);

#endif
