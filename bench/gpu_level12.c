/* dd-mode Level 1 and 2 on device arrays (src/gpu/level12.c) against
 * cuBLAS's double routine of the same op, measured in the same run.
 *
 *   gpu_level12 N...
 *
 * Per N one line per routine: seconds of the twofold call (median of 5
 * after a warm-up, each call synchronous as the BLAS call is), seconds of
 * cuBLAS's call (the same, a cudaDeviceSynchronize after each), GB/s of
 * the twofold call by the bytes the op must move (the stored matrix once,
 * vectors once; dger and zgerc read and write A), and twofold's time over cuBLAS's.
 * Elements uniform in [-1, 1); A's diagonal n, so that the solve stays
 * well conditioned. */
#include "config.h"

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "bench/wall_clock.h"
#include "test/splitmix64.h"

double ddot_(const int *, const double *, const int *, const double *, const int *);
void dgemv_(const char *, const int *, const int *, const double *, const double *, const int *,
	    const double *, const int *, const double *, double *, const int *, size_t);
void dsymv_(const char *, const int *, const double *, const double *, const int *, const double *,
	    const int *, const double *, double *, const int *, size_t);
void dtrmv_(const char *, const char *, const char *, const int *, const double *, const int *,
	    double *, const int *, size_t, size_t, size_t);
void dtrsv_(const char *, const char *, const char *, const int *, const double *, const int *,
	    double *, const int *, size_t, size_t, size_t);
void dger_(const int *, const int *, const double *, const double *, const int *, const double *,
	   const int *, double *, const int *);
void zhemv_(const char *, const int *, const double *, const double *, const int *, const double *,
	    const int *, const double *, double *, const int *, size_t);
void zgemv_(const char *, const int *, const int *, const double *, const double *, const int *,
	    const double *, const int *, const double *, double *, const int *, size_t);
void zgerc_(const int *, const int *, const double *, const double *, const int *, const double *,
	    const int *, double *, const int *);

static int n, one_i = 1;
static double *a, *x, *y, *c, result; /* device: a and c 2 n^2 doubles, x and y 2n */
static const double one[2] = { 1.0, 0.0 }, half[2] = { 0.5, 0.0 };
static cublasHandle_t handle;

enum { DGEMV_N, DGEMV_T, DSYMV, DTRMV_N, DTRMV_T, DTRSV, DGER, DDOT, ZHEMV, ZGEMV_N, ZGEMV_C, ZGERC, ROUTINES };
static const char *const names[] = { "dgemv N", "dgemv T", "dsymv", "dtrmv N", "dtrmv T",
				      "dtrsv", "dger", "ddot", "zhemv", "zgemv N", "zgemv C", "zgerc" };

static void run(int routine, int cublas)
{
	if (cublas) {
		const cuDoubleComplex zone = { 1.0, 0.0 }, zhalf = { 0.5, 0.0 };
		switch (routine) {
		case DGEMV_N: cublasDgemv(handle, CUBLAS_OP_N, n, n, one, a, n, x, 1, half, y, 1); break;
		case DGEMV_T: cublasDgemv(handle, CUBLAS_OP_T, n, n, one, a, n, x, 1, half, y, 1); break;
		case DSYMV: cublasDsymv(handle, CUBLAS_FILL_MODE_UPPER, n, one, a, n, x, 1, half, y, 1); break;
		case DTRMV_N: cublasDtrmv(handle, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, a, n, y, 1); break;
		case DTRMV_T: cublasDtrmv(handle, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, n, a, n, y, 1); break;
		case DTRSV: cublasDtrsv(handle, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, a, n, y, 1); break;
		case DGER: cublasDger(handle, n, n, half, x, 1, y, 1, c, n); break;
		case DDOT: cublasDdot(handle, n, x, 1, y, 1, &result); break;
		case ZHEMV:
			cublasZhemv(handle, CUBLAS_FILL_MODE_UPPER, n, &zone, (const cuDoubleComplex *)a, n,
				    (const cuDoubleComplex *)x, 1, &zhalf, (cuDoubleComplex *)y, 1);
			break;
		case ZGEMV_N: case ZGEMV_C:
			cublasZgemv(handle, routine == ZGEMV_N ? CUBLAS_OP_N : CUBLAS_OP_C, n, n, &zone,
				    (const cuDoubleComplex *)a, n, (const cuDoubleComplex *)x, 1, &zhalf,
				    (cuDoubleComplex *)y, 1);
			break;
		case ZGERC:
			cublasZgerc(handle, n, n, &zhalf, (const cuDoubleComplex *)x, 1,
				    (const cuDoubleComplex *)y, 1, (cuDoubleComplex *)c, n);
			break;
		}
		cudaDeviceSynchronize();
		return;
	}
	switch (routine) {
	case DGEMV_N: dgemv_("N", &n, &n, one, a, &n, x, &one_i, half, y, &one_i, 1); break;
	case DGEMV_T: dgemv_("T", &n, &n, one, a, &n, x, &one_i, half, y, &one_i, 1); break;
	case DSYMV: dsymv_("U", &n, one, a, &n, x, &one_i, half, y, &one_i, 1); break;
	case DTRMV_N: dtrmv_("U", "N", "N", &n, a, &n, y, &one_i, 1, 1, 1); break;
	case DTRMV_T: dtrmv_("U", "T", "N", &n, a, &n, y, &one_i, 1, 1, 1); break;
	case DTRSV: dtrsv_("U", "N", "N", &n, a, &n, y, &one_i, 1, 1, 1); break;
	case DGER: dger_(&n, &n, half, x, &one_i, y, &one_i, c, &n); break;
	case DDOT: result = ddot_(&n, x, &one_i, y, &one_i); break;
	case ZHEMV: zhemv_("U", &n, one, a, &n, x, &one_i, half, y, &one_i, 1); break;
	case ZGEMV_N: zgemv_("N", &n, &n, one, a, &n, x, &one_i, half, y, &one_i, 1); break;
	case ZGEMV_C: zgemv_("C", &n, &n, one, a, &n, x, &one_i, half, y, &one_i, 1); break;
	case ZGERC: zgerc_(&n, &n, half, x, &one_i, y, &one_i, c, &n); break;
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
	printf("%-8s %6s %11s %11s %8s %8s\n", "routine", "n", "dd seconds", "cuBLAS s", "dd GB/s",
	       "dd/cuBLAS");
	for (int arg = 1; arg < argc; arg++) {
		n = atoi(argv[arg]);
		size_t count = 2 * (size_t)n * n;
		double *h = malloc(count * sizeof *h);
		for (size_t i = 0; i < count; i++)
			h[i] = splitmix64_sym(&state);
		for (int i = 0; i < n; i++)
			h[(size_t)i * n + i] = n;
		if (cudaMalloc((void **)&a, count * 8) || cudaMalloc((void **)&c, count * 8) ||
		    cudaMalloc((void **)&x, 2 * (size_t)n * 8) || cudaMalloc((void **)&y, 2 * (size_t)n * 8)) {
			fprintf(stderr, "device memory for n = %d\n", n);
			return 1;
		}
		cudaMemcpy(a, h, count * 8, cudaMemcpyHostToDevice);
		cudaMemcpy(c, h, count * 8, cudaMemcpyHostToDevice);
		cudaMemcpy(x, h + 1, 2 * (size_t)n * 8, cudaMemcpyHostToDevice);
		double nn = n, tri = nn * (nn + 1) / 2;
		const double bytes[] = { 8 * (nn * nn + 3 * nn), 8 * (nn * nn + 3 * nn), 8 * (tri + 3 * nn),
					 8 * (tri + 2 * nn), 8 * (tri + 2 * nn), 8 * (tri + 2 * nn),
					 8 * (2 * nn * nn + 2 * nn), 8 * 2 * nn, 16 * (tri + 3 * nn),
					 16 * (nn * nn + 3 * nn), 16 * (nn * nn + 3 * nn),
					 16 * (2 * nn * nn + 2 * nn) };
		for (int r = 0; r < ROUTINES; r++) {
			cudaMemcpy(y, h + 7, 2 * (size_t)n * 8, cudaMemcpyHostToDevice);
			double dd = bench_median_seconds(run, r, 0);
			cudaMemcpy(y, h + 7, 2 * (size_t)n * 8, cudaMemcpyHostToDevice);
			double cu = bench_median_seconds(run, r, 1);
			printf("%-8s %6d %11.3e %11.3e %8.1f %8.2f\n", names[r], n, dd, cu, bytes[r] / dd / 1e9,
			       dd / cu);
		}
		cudaFree(a), cudaFree(c), cudaFree(x), cudaFree(y);
		free(h);
	}
	cublasDestroy(handle);
	return 0;
}
