#include "config.h"

/* The typed BLAS on arrays in device memory (cudaMalloc) and in managed
 * memory (cudaMallocManaged), as CUDA Fortran and OpenACC codes pass them:
 * the sets of test/typed/blas.c with every array of every call copied
 * there before the call and back after it, every result against MPFR.
 * The DOT result stays a host pointer, as twofold.h says.  Exits 77 where
 * there is no GPU; 0 when all pass, 1 otherwise. */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include "cases.h"

static void check(cudaError_t status, const char *what)
{
	if (status != cudaSuccess)
		harness_error("%s: %s", what, cudaGetErrorString(status));
}

static void *place_device(const void *host, size_t bytes)
{
	void *p;
	check(cudaMalloc(&p, bytes), "cudaMalloc");
	check(cudaMemcpy(p, host, bytes, cudaMemcpyHostToDevice), "cudaMemcpy to the device");
	return p;
}

static void *place_managed(const void *host, size_t bytes)
{
	void *p;
	check(cudaMallocManaged(&p, bytes, cudaMemAttachGlobal), "cudaMallocManaged");
	check(cudaMemcpy(p, host, bytes, cudaMemcpyDefault), "cudaMemcpy to managed memory");
	return p;
}

static void fetch(void *host, const void *placed, size_t bytes)
{
	check(cudaMemcpy(host, placed, bytes, cudaMemcpyDefault), "cudaMemcpy back");
}

static void release(void *placed)
{
	check(cudaFree(placed), "cudaFree");
}

static const struct placement device = { "device arrays (cudaMalloc)", "device", place_device, fetch, release };
static const struct placement managed = { "managed arrays (cudaMallocManaged)", "managed",
					  place_managed, fetch,
					  release };

int main(void)
{
	static const int every[FMT_COUNT] = { 1, 1, 1, 1, 1, 1 };
	static const char *const device_sets[] = { "random", "ill", "semantics", "args", "tiling" };
	static const char *const managed_sets[] = { "random", "tiling" };
	int count = 0;
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
		printf("SKIP: no GPU\n");
		return 77;
	}
	placement = &device;
	print_header(device.name);
	for (size_t i = 0; i < sizeof device_sets / sizeof device_sets[0]; i++)
		run_set(device_sets[i], every);
	placement = &managed;
	print_header(managed.name);
	for (size_t i = 0; i < sizeof managed_sets / sizeof managed_sets[0]; i++)
		run_set(managed_sets[i], every);
	return report();
}
