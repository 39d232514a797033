#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "gpu/device.h"

/* Why there is no GPU, when there is none: for the messages. */
static char absence[128];
static int visible; /* GPUs found */

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

int tf_gpu_none_found(int status, int count, char *text, size_t size)
{
	if (status == cudaSuccess && count > 0)
		return 0;
	if (status != cudaSuccess && status != cudaErrorNoDevice &&
	    status != cudaErrorInsufficientDriver && status != cudaErrorStubLibrary)
		return 0;
	/* 0 when no driver is installed; the runtime then says its version is
	 * "insufficient", which reads as if a driver were there. */
	int driver = 0, runtime = 0;
	cudaDriverGetVersion(&driver);
	cudaRuntimeGetVersion(&runtime);
	if (driver == 0 || status == cudaErrorStubLibrary)
		snprintf(text, size, "no GPU found (no CUDA driver)");
	else if (status == cudaErrorInsufficientDriver)
		snprintf(text, size, "no GPU used (the CUDA driver supports CUDA %d.%d, this build "
			 "needs %d.%d)", driver / 1000, driver % 1000 / 10, runtime / 1000,
			 runtime % 1000 / 10);
	else
		snprintf(text, size, "no GPU found");
	return 1;
}

static void discover(char *text, size_t size)
{
	int count = 0;
	cudaError_t status = cudaGetDeviceCount(&count);
	if (tf_gpu_none_found(status, count, absence, sizeof absence)) {
		snprintf(text, size, "none: %s", absence);
		return;
	}
	if (status != cudaSuccess) {
		snprintf(text, size, "none (%s)", cudaGetErrorString(status));
		return;
	}
	visible = count;
	size_t used = 0;
	for (int d = 0; d < count && used < size; d++) {
		struct cudaDeviceProp prop;
		status = cudaSetDevice(d);
		if (status == cudaSuccess)
			status = cudaGetDeviceProperties(&prop, d);
		if (status == cudaSuccess)
			status = probe_device();
		used += (size_t)snprintf(text + used, size - used, "%s%d: %s (sm_%d%d, %.1f GiB), %s",
					 d ? "; " : "", d, status == cudaSuccess ? prop.name : "?",
					 status == cudaSuccess ? prop.major : 0,
					 status == cudaSuccess ? prop.minor : 0,
					 status == cudaSuccess ? prop.totalGlobalMem / 1073741824.0 : 0.0,
					 status == cudaSuccess ? "kernels run"
							       : cudaGetErrorString(status));
	}
}
#else
static void discover(char *text, size_t size)
{
	snprintf(absence, sizeof absence, "no GPU in this build (built without CUDA)");
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

int tf_gpu_visible(void)
{
	tf_gpu_describe();
	return visible;
}

const char *tf_gpu_absence(void)
{
	tf_gpu_describe();
	return *absence ? absence : NULL;
}
