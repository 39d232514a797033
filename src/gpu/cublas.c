#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include "core/message.h"
#include "gpu/cublas.h"

static struct tf_cublas cublas;
static int state; /* 0: not tried, 1: loaded, -1: unavailable; under the GPU lock */

static const char *const library_names[] = { "libcublas.so.13", "libcublas.so" };

static void *find(void *library, const char *name)
{
	void *symbol = dlsym(library, name);
	if (!symbol)
		tf_message("cuBLAS (%s) has no %s: native calls use the CPU BLAS, dd-mode products "
			   "the DD kernel", library_names[0], name);
	return symbol;
}

static int load(void)
{
	void *library = NULL;
	for (size_t i = 0; i < sizeof library_names / sizeof library_names[0] && !library; i++)
		library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
	if (!library) {
		tf_message("cuBLAS (%s) cannot be loaded: %s; native calls use the CPU BLAS, "
			   "dd-mode products the DD kernel", library_names[0], dlerror());
		return -1;
	}
	cublasStatus_t (*create)(cublasHandle_t *) = find(library, "cublasCreate_v2");
	cublas.set_stream = find(library, "cublasSetStream_v2");
	cublas.dgemm = find(library, "cublasDgemm_v2");
	cublas.dgemv = find(library, "cublasDgemv_v2");
	cublas.daxpy = find(library, "cublasDaxpy_v2");
	cublas.gemm_ex = find(library, "cublasGemmEx");
	if (!create || !cublas.set_stream || !cublas.dgemm || !cublas.dgemv || !cublas.daxpy ||
	    !cublas.gemm_ex)
		return -1;
	cublasStatus_t status = tf_gpu_inject(TF_FAULT_INIT) == cudaSuccess ? create(&cublas.handle)
									      : CUBLAS_STATUS_NOT_INITIALIZED;
	if (status != CUBLAS_STATUS_SUCCESS) {
		tf_message("cuBLAS could not be set up (status %d); native calls use the CPU BLAS, "
			   "dd-mode products the DD kernel", (int)status);
		return -1;
	}
	return 1;
}

const struct tf_cublas *tf_cublas(struct tf_gpu_context *gpu)
{
	(void)gpu; /* held by the caller: loading happens under its lock */
	if (state == 0)
		state = load();
	return state == 1 ? &cublas : NULL;
}

cudaError_t tf_cublas_error(cublasStatus_t status)
{
	switch (status) {
	case CUBLAS_STATUS_SUCCESS: return cudaSuccess;
	case CUBLAS_STATUS_ALLOC_FAILED: return cudaErrorMemoryAllocation;
	case CUBLAS_STATUS_INVALID_VALUE: return cudaErrorInvalidValue;
	case CUBLAS_STATUS_EXECUTION_FAILED: return cudaErrorLaunchFailure;
	default: return cudaErrorUnknown;
	}
}
