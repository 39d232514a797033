/* dd-mode dgemm_ on the GPU against cuBLAS DGEMM and the pageable-copy
 * bound, measured in the same run: device arrays and host arrays.
 *
 *   split_gemm [-spread E] N...
 *   split_gemm -typed N...
 *
 * C = A B, n x n, elements uniform in [-1, 1) (times 2^e, e uniform in
 * [-E, E], with -spread E).  Per N two lines:
 *   device N  TF/s of dgemm_  cuBLAS DGEMM TF/s  their ratio
 *   host   N  seconds of dgemm_  the pageable-copy bound (A and B up, C
 *             down by cudaMemcpy from and to pageable memory)  bound/time
 * -typed: tf_ddgemm and tf_tsgemm on device arrays, n x n, DD and TS
 * elements of random leading words (TDDFLOP/s and TFLOP/s).
 * The library reads TWOFOLD_SPLIT once: run it with TWOFOLD_SPLIT=force
 * for the split engine, off for the DD kernel. */
#include "config.h"

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "test/f77_blas.h"
#include "test/splitmix64.h"
#include "twofold.h"
#include "twofold/arith_dd.h"
#include "twofold/arith_ts.h"

#define CHECK(call)                                                                      \
	do {                                                                             \
		cudaError_t status_ = (call);                                            \
		if (status_ != cudaSuccess) {                                            \
			fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(status_)); \
			exit(1);                                                         \
		}                                                                        \
	} while (0)

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Median of `runs` timings of dgemm_ (seconds), after a warm-up call. */
static double time_dgemm(int n, const double *a, const double *b, double *c, int runs)
{
	const double one = 1.0, zero = 0.0;
	double t[16];
	dgemm_("N", "N", &n, &n, &n, &one, a, &n, b, &n, &zero, c, &n, 1, 1);
	CHECK(cudaDeviceSynchronize());
	for (int r = 0; r < runs; r++) {
		double start = now();
		dgemm_("N", "N", &n, &n, &n, &one, a, &n, b, &n, &zero, c, &n, 1, 1);
		CHECK(cudaDeviceSynchronize());
		t[r] = now() - start;
	}
	for (int i = 0; i < runs; i++)
		for (int j = i + 1; j < runs; j++)
			if (t[j] < t[i]) {
				double x = t[i];
				t[i] = t[j];
				t[j] = x;
			}
	return t[runs / 2];
}

/* tf_ddgemm and tf_tsgemm, n x n, on device arrays: median of 3 after a
 * warm-up, in T(DD)FLOP/s. */
static void typed(int n)
{
	uint64_t rng = 7;
	size_t count = (size_t)n * n;
	tf_dd *dd = malloc(count * sizeof *dd);
	tf_ts *ts = malloc(count * sizeof *ts);
	for (size_t e = 0; e < count; e++) {
		double v = splitmix64_sym(&rng);
		dd[e] = tf_two_sum(v, ldexp(v, -53) * splitmix64_sym(&rng));
		ts[e] = tf_ts_from_dd(dd[e]);
	}
	void *a, *b, *c;
	CHECK(cudaMalloc(&a, count * sizeof *dd));
	CHECK(cudaMalloc(&b, count * sizeof *dd));
	CHECK(cudaMalloc(&c, count * sizeof *dd));
	const double flops = 2.0 * n * (double)n * n;
	for (int format = 0; format < 2; format++) {
		size_t bytes = count * (format ? sizeof *ts : sizeof *dd);
		CHECK(cudaMemcpy(a, format ? (void *)ts : (void *)dd, bytes, cudaMemcpyHostToDevice));
		CHECK(cudaMemcpy(b, format ? (void *)ts : (void *)dd, bytes, cudaMemcpyHostToDevice));
		double t[4];
		for (int r = 0; r < 4; r++) {
			double start = now();
			if (format)
				tf_tsgemm('N', 'N', n, n, n, tf_d2ts(1.0), a, n, b, n, tf_d2ts(0.0), c, n);
			else
				tf_ddgemm('N', 'N', n, n, n, tf_d2dd(1.0), a, n, b, n, tf_d2dd(0.0), c, n);
			CHECK(cudaDeviceSynchronize());
			t[r] = now() - start;
		}
		double x = t[1] < t[2] ? (t[2] < t[3] ? t[2] : t[1] < t[3] ? t[3] : t[1])
				       : (t[1] < t[3] ? t[1] : t[2] < t[3] ? t[3] : t[2]);
		printf("typed  %6d  %s  %8.2f T%sFLOP/s  (%8.4f s)\n", n, format ? "tf_tsgemm" : "tf_ddgemm",
		       flops / x * 1e-12, format ? "" : "DD", x);
	}
	CHECK(cudaFree(a));
	CHECK(cudaFree(b));
	CHECK(cudaFree(c));
	free(dd);
	free(ts);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "-typed")) {
		for (int arg = 2; arg < argc; arg++)
			typed(atoi(argv[arg]));
		return 0;
	}
	int spread = 0, first = 1;
	if (argc > 2 && !strcmp(argv[1], "-spread")) {
		spread = atoi(argv[2]);
		first = 3;
	}
	const char *engine = getenv("TWOFOLD_SPLIT");
	uint64_t rng = 42;
	printf("%% dd-mode dgemm_, TWOFOLD_SPLIT=%s, elements uniform times 2^[-%d, %d]\n",
	       engine ? engine : "(unset)", spread, spread);
	for (int arg = first; arg < argc; arg++) {
		int n = atoi(argv[arg]);
		size_t count = (size_t)n * n, bytes = count * sizeof(double);
		double *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
		memset(c, 0, bytes); /* every page of the host arrays touched */
		for (size_t e = 0; e < count; e++) {
			a[e] = ldexp(splitmix64_sym(&rng), spread ? splitmix64_int(&rng, -spread, spread) : 0);
			b[e] = ldexp(splitmix64_sym(&rng), spread ? splitmix64_int(&rng, -spread, spread) : 0);
		}
		double *da, *db, *dc;
		CHECK(cudaMalloc((void **)&da, bytes));
		CHECK(cudaMalloc((void **)&db, bytes));
		CHECK(cudaMalloc((void **)&dc, bytes));
		CHECK(cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice));
		CHECK(cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice));
		const int runs = n <= 4096 ? 7 : 3;
		const double flops = 2.0 * n * (double)n * n;
		double device = time_dgemm(n, da, db, dc, runs);

		/* ceilings of the same run: cuBLAS DGEMM, pageable copies */
		cublasHandle_t handle;
		cublasCreate(&handle);
		const double one = 1.0, zero = 0.0;
		cublasDgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, da, n, db, n, &zero, dc, n);
		CHECK(cudaDeviceSynchronize());
		double start = now();
		cublasDgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, da, n, db, n, &zero, dc, n);
		CHECK(cudaDeviceSynchronize());
		double native = now() - start;
		cublasDestroy(handle);
		start = now();
		CHECK(cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice));
		CHECK(cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice));
		double up = now() - start;
		start = now();
		CHECK(cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost));
		double down = now() - start;
		printf("device %6d  %8.2f TF/s  (%8.4f s)   cublas-dgemm %8.2f TF/s  ratio %.3f\n", n,
		       flops / device * 1e-12, device, flops / native * 1e-12, native / device);
		CHECK(cudaFree(da));
		CHECK(cudaFree(db));
		CHECK(cudaFree(dc));

		double host = time_dgemm(n, a, b, c, n <= 4096 ? 5 : 3);
		double bound = up + down; /* A and B up, C down, pageable */
		printf("host   %6d  %8.4f s   pageable-transfer bound %8.4f s (up %.2f GB/s, down %.2f GB/s)"
		       "   bound/time %.3f\n",
		       n, host, bound, 2 * bytes / up * 1e-9, bytes / down * 1e-9, bound / host);
		free(a), free(b), free(c);
	}
	return 0;
}
