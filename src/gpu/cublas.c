#include "config.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/message.h"
#include "gpu/cublas.h"

/* The library's functions, loaded once; each context has its own handle
 * (made on its device, used on its streams only). */
static struct tf_cublas functions;
static cublasStatus_t (*create)(cublasHandle_t *);
static int loaded; /* 1: loaded, -1: unavailable */
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static const char *const library_names[] = { "libcublas.so.13", "libcublas.so" };

static void *find(void *library, const char *name)
{
	void *symbol = dlsym(library, name);
	if (!symbol)
		tf_message("cuBLAS (%s) has no %s: native calls use the CPU BLAS, dd-mode products "
			   "the DD kernel", library_names[0], name);
	return symbol;
}

static void load(void)
{
	void *library = NULL;
	loaded = -1;
	for (size_t i = 0; i < sizeof library_names / sizeof library_names[0] && !library; i++)
		library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
	if (!library) {
		tf_message("cuBLAS (%s) cannot be loaded: %s; native calls use the CPU BLAS, "
			   "dd-mode products the DD kernel", library_names[0], dlerror());
		return;
	}
	create = find(library, "cublasCreate_v2");
	functions.set_stream = find(library, "cublasSetStream_v2");
	functions.dgemm = find(library, "cublasDgemm_v2");
	functions.dgemv = find(library, "cublasDgemv_v2");
	functions.daxpy = find(library, "cublasDaxpy_v2");
	functions.gemm_ex = find(library, "cublasGemmEx");
	functions.gemm_strided_batched_ex = find(library, "cublasGemmStridedBatchedEx");
	if (create && functions.set_stream && functions.dgemm && functions.dgemv && functions.daxpy &&
	    functions.gemm_ex && functions.gemm_strided_batched_ex)
		loaded = 1;
}

/* The context's handle, on its device (current: the caller holds it). */
static int make(struct tf_gpu_context *gpu)
{
	pthread_once(&load_once, load);
	if (loaded != 1)
		return -1;
	struct tf_cublas *cublas = malloc(sizeof *cublas);
	if (!cublas)
		return -1;
	*cublas = functions;
	cublasStatus_t status = tf_gpu_inject(TF_FAULT_INIT) == cudaSuccess ? create(&cublas->handle)
									      : CUBLAS_STATUS_NOT_INITIALIZED;
	if (status != CUBLAS_STATUS_SUCCESS) {
		tf_message("cuBLAS could not be set up on GPU %d (status %d); native calls use the CPU "
			   "BLAS, dd-mode products the DD kernel", gpu->device, (int)status);
		free(cublas);
		return -1;
	}
	gpu->cublas = cublas;
	return 1;
}

const struct tf_cublas *tf_cublas(struct tf_gpu_context *gpu)
{
	if (gpu->cublas_state == 0) /* under the context's lock */
		gpu->cublas_state = make(gpu);
	return gpu->cublas_state == 1 ? gpu->cublas : NULL;
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
