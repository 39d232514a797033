/* cuBLAS, loaded at run time, for native mode and the split engine's INT8
 * products: a machine without it still runs twofold (native calls then take
 * the CPU BLAS, dd-mode products the DD kernel). */
#ifndef TF_GPU_CUBLAS_H
#define TF_GPU_CUBLAS_H

#include <cublas_api.h>
#include "gpu/context.h"

struct tf_cublas {
	cublasHandle_t handle;
	cublasStatus_t (*set_stream)(cublasHandle_t, cudaStream_t);
	cublasStatus_t (*dgemm)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
				const double *, const double *, int, const double *, int,
				const double *, double *, int);
	cublasStatus_t (*dgemv)(cublasHandle_t, cublasOperation_t, int, int, const double *,
				const double *, int, const double *, int, const double *, double *,
				int);
	cublasStatus_t (*daxpy)(cublasHandle_t, int, const double *, const double *, int, double *,
				int);
	cublasStatus_t (*gemm_ex)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
				  const void *, const void *, cudaDataType, int, const void *,
				  cudaDataType, int, const void *, void *, cudaDataType, int,
				  cublasComputeType_t, cublasGemmAlgo_t);
	cublasStatus_t (*gemm_strided_batched_ex)(cublasHandle_t, cublasOperation_t, cublasOperation_t,
						  int, int, int, const void *, const void *,
						  cudaDataType, int, long long, const void *,
						  cudaDataType, int, long long, const void *, void *,
						  cudaDataType, int, long long, int,
						  cublasComputeType_t, cublasGemmAlgo_t);
};

/* cuBLAS with the context's own handle, on its device, set up on the
 * context's first call (the context is held by the caller); NULL when it
 * cannot be loaded (reported once per context). */
const struct tf_cublas *tf_cublas(struct tf_gpu_context *gpu);

/* A cuBLAS status as a CUDA error, for the failure report. */
cudaError_t tf_cublas_error(cublasStatus_t status);

#endif
