/* GEMV and AXPY on the GPU (see vector.c). */
#ifndef TF_GPU_VECTOR_H
#define TF_GPU_VECTOR_H

#include "gpu/context.h"
#include "gpu/cublas.h"
#include "gpu/gpu.h"

/* resident: every array of the op is in device or managed memory; arith:
 * the call's; cublas: cuBLAS for native mode, else NULL. */
void tf_gpu_vector_op(struct tf_gpu_context *gpu, const struct tf_op *op, int resident,
		      enum tf_gpu_arith arith, const struct tf_cublas *cublas, tf_gpu_undone *undone,
		      void *context);

#endif
