#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "gpu/device.h"

#ifdef TF_HAVE_CUDA
#include <cuda_runtime_api.h>
#include "kernels/probe.h"

/* Runs the probe on the current device: 0 when it wrote the expected word. */
static cudaError_t probe_device(void)
{
	unsigned *word = NULL, value = 0;
	cudaError_t status = cudaMalloc((void **)&word, sizeof *word);
	if (status != cudaSuccess)
		return status;
	status = (cudaError_t)tf_kernel_probe(word);
	if (status == cudaSuccess)
		status = cudaMemcpy(&value, word, sizeof value, cudaMemcpyDeviceToHost);
	cudaFree(word);
	if (status == cudaSuccess && value != TF_PROBE_VALUE)
		status = cudaErrorUnknown;
	return status;
}

static void discover(char *text, size_t size)
{
	int count = 0;
	cudaError_t status = cudaGetDeviceCount(&count);
	if (status != cudaSuccess || count == 0) {
		snprintf(text, size, "none (%s)", status != cudaSuccess ? cudaGetErrorString(status)
									   : "no device");
		return;
	}
	size_t used = 0;
	for (int d = 0; d < count && used < size; d++) {
		struct cudaDeviceProp prop;
		status = cudaSetDevice(d);
		if (status == cudaSuccess)
			status = cudaGetDeviceProperties(&prop, d);
		if (status == cudaSuccess)
			status = probe_device();
		used += (size_t)snprintf(text + used, size - used, "%s%d: %s (sm_%d%d), %s",
					 d ? "; " : "", d, status == cudaSuccess ? prop.name : "?",
					 status == cudaSuccess ? prop.major : 0,
					 status == cudaSuccess ? prop.minor : 0,
					 status == cudaSuccess ? "kernels run"
							       : cudaGetErrorString(status));
	}
}
#else
static void discover(char *text, size_t size)
{
	snprintf(text, size, "none (built without CUDA)");
}
#endif

static char description[1024];
static pthread_once_t discover_once = PTHREAD_ONCE_INIT;
static _Atomic int discovered;

static void discover_once_body(void)
{
	discover(description, sizeof description);
	discovered = 1;
}

const char *tf_gpu_describe(void)
{
	pthread_once(&discover_once, discover_once_body);
	return description;
}

const char *tf_gpu_description(void)
{
	return discovered ? description : NULL;
}
