/* The routines that round once or not at all on device arrays
 * (src/gpu/move.c) against cuBLAS's routine of the same name, measured in
 * the same run.
 *
 *   gpu_moves N...
 *
 * Per N (vector length) one line per routine: seconds of the twofold call
 * (median of 5 after a warm-up, each call synchronous as the BLAS call
 * is), seconds of cuBLAS's (a cudaDeviceSynchronize after each), GB/s of
 * the twofold call by the bytes the routine must move (copy: read x, write
 * y; swap: both read and written; scal: x read and written; iamax: x read),
 * and twofold's time over cuBLAS's.  Unit stride, elements uniform in
 * [-1, 1). */
#include "config.h"

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "bench/wall_clock.h"
#include "test/splitmix64.h"

void dcopy_(const int *, const double *, const int *, double *, const int *);
void dswap_(const int *, double *, const int *, double *, const int *);
void dscal_(const int *, const double *, double *, const int *);
int idamax_(const int *, const double *, const int *);
void zcopy_(const int *, const double *, const int *, double *, const int *);
int izamax_(const int *, const double *, const int *);

static int n, one_i = 1, index_;
static double *x, *y; /* device, 2 n doubles each */
static const double scale = -1.0; /* keeps the data's range over repeated calls */
static cublasHandle_t handle;

enum { DCOPY, DSWAP, DSCAL, IDAMAX, ZCOPY, IZAMAX, ROUTINES };
static const char *const names[] = { "dcopy", "dswap", "dscal", "idamax", "zcopy", "izamax" };
static const double doubles_moved[] = { 2, 4, 2, 1, 4, 2 }; /* per element */

static void run(int routine, int cublas)
{
	if (cublas) {
		switch (routine) {
		case DCOPY: cublasDcopy(handle, n, x, 1, y, 1); break;
		case DSWAP: cublasDswap(handle, n, x, 1, y, 1); break;
		case DSCAL: cublasDscal(handle, n, &scale, x, 1); break;
		case IDAMAX: cublasIdamax(handle, n, x, 1, &index_); break;
		case ZCOPY: cublasZcopy(handle, n, (const cuDoubleComplex *)x, 1, (cuDoubleComplex *)y, 1); break;
		case IZAMAX: cublasIzamax(handle, n, (const cuDoubleComplex *)x, 1, &index_); break;
		}
		cudaDeviceSynchronize();
		return;
	}
	switch (routine) {
	case DCOPY: dcopy_(&n, x, &one_i, y, &one_i); break;
	case DSWAP: dswap_(&n, x, &one_i, y, &one_i); break;
	case DSCAL: dscal_(&n, &scale, x, &one_i); break;
	case IDAMAX: index_ = idamax_(&n, x, &one_i); break;
	case ZCOPY: zcopy_(&n, x, &one_i, y, &one_i); break;
	case IZAMAX: index_ = izamax_(&n, x, &one_i); break;
	}
	cudaDeviceSynchronize();
}

int main(int argc, char **argv)
{
	uint64_t state = 42;
	if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) {
		fprintf(stderr, "no cuBLAS\n");
		return 1;
	}
	cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST);
	printf("%-8s %9s %11s %11s %8s %8s\n", "routine", "n", "tf seconds", "cuBLAS s", "tf GB/s",
	       "tf/cuBLAS");
	for (int arg = 1; arg < argc; arg++) {
		n = atoi(argv[arg]);
		size_t count = 2 * (size_t)n;
		double *h = malloc(count * sizeof *h);
		for (size_t i = 0; i < count; i++)
			h[i] = splitmix64_sym(&state);
		if (cudaMalloc((void **)&x, count * 8) || cudaMalloc((void **)&y, count * 8)) {
			fprintf(stderr, "device memory for n = %d\n", n);
			return 1;
		}
		cudaMemcpy(x, h, count * 8, cudaMemcpyHostToDevice);
		cudaMemcpy(y, h, count * 8, cudaMemcpyHostToDevice);
		for (int r = 0; r < ROUTINES; r++) {
			int want = 0, got = 0;
			double tf = bench_median_seconds(run, r, 0);
			got = index_;
			double cu = bench_median_seconds(run, r, 1);
			want = index_;
			printf("%-8s %9d %11.3e %11.3e %8.1f %8.2f", names[r], n, tf, cu,
			       doubles_moved[r] * 8.0 * n / tf / 1e9, tf / cu);
			if (r == IDAMAX || r == IZAMAX)
				printf("  index %d, cuBLAS %d", got, want);
			printf("\n");
		}
		cudaFree(x), cudaFree(y);
		free(h);
	}
	cublasDestroy(handle);
	return 0;
}
