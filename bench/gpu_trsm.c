/* dd-mode dtrsm on the GPU (src/gpu/trsm.h), device arrays, against dd
 * dgemm_ of the same n measured in the same run.
 *
 *   gpu_trsm N...
 *   gpu_trsm -updates N
 *
 * Per N one line per call: seconds (median of 3 calls after a warm-up),
 * TFLOP/s by the routine's own flop count (dgemm 2n^3, dtrsm m^2 n = n^3
 * for m = n, ztrsm 4n^3), and that rate over dgemm_'s.  dgemm's elements
 * uniform in [-1, 1); the triangle the same off its diagonal, its
 * diagonal n (so that the solution stays of the order of B whatever n),
 * B uniform.  Each trsm call first copies B afresh (device to device,
 * timed with it).
 *
 * -updates: the DD GEMMs of dtrsm's recursion at order N with N
 * right-hand sides (src/gpu/trsm.h), one line per level: C -= X T with C
 * and X N x w, T w x w, all DD on the device (tf_ddgemm), for w = N/2 down
 * to TF_TRSM_BLOCK (the blocks below are solved whole by one kernel);
 * seconds per GEMM (median of 3), the GEMMs of that level in one solve
 * (N / 2w), their seconds together, and the rate in TDDFLOP/s (2 N w^2 a
 * GEMM). */
#include "config.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "bench/wall_clock.h"
#include "kernels/trsm.h"
#include "test/splitmix64.h"
#include "twofold.h"

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
	    const double *, const int *, const double *, const int *, const double *, double *,
	    const int *, size_t, size_t);
void dtrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
	    const double *, const double *, const int *, double *, const int *, size_t, size_t,
	    size_t, size_t);
void ztrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
	    const double *, const double *, const int *, double *, const int *, size_t, size_t,
	    size_t, size_t);

static int n;
static double *a, *b, *c, *triangle, *ztriangle; /* device, 2 n^2 doubles each */
static const double one[2] = { 1.0, 0.0 }, zero[2] = { 0.0, 0.0 };

/* The calls timed: dgemm, then the solves' routine, side, uplo, trans. */
static const char *const cases[][4] = {
	{ "dgemm", "", "", "" },   { "dtrsm", "L", "U", "N" }, { "dtrsm", "L", "L", "T" },
	{ "dtrsm", "R", "U", "N" }, { "dtrsm", "R", "L", "T" }, { "ztrsm", "L", "U", "N" },
	{ "ztrsm", "R", "L", "C" },
};

static void run(int which)
{
	if (which == 0) {
		dgemm_("N", "N", &n, &n, &n, one, a, &n, b, &n, zero, c, &n, 1, 1);
	} else {
		/* B afresh each call, so that every call solves the same system */
		cudaMemcpy(c, b, 2 * (size_t)n * n * sizeof *c, cudaMemcpyDeviceToDevice);
		cudaDeviceSynchronize();
		(cases[which][0][0] == 'z' ? ztrsm_ : dtrsm_)(cases[which][1], cases[which][2],
							      cases[which][3], "N", &n, &n, one,
							      cases[which][0][0] == 'z' ? ztriangle : triangle,
							      &n, c, &n, 1, 1, 1, 1);
	}
	cudaDeviceSynchronize();
}

static int compare(const void *x, const void *y)
{
	double p = *(const double *)x, q = *(const double *)y;
	return (p > q) - (p < q);
}

static double median_of_3(double t[3])
{
	qsort(t, 3, sizeof *t, compare);
	return t[1];
}

/* -updates N */
static int updates(int order)
{
	uint64_t state = 7;
	size_t half = (size_t)order * (order / 2);
	tf_dd *h = malloc(half * sizeof *h), *x, *t, *r;
	if (!h || cudaMalloc((void **)&x, half * sizeof *h) || cudaMalloc((void **)&t, half * sizeof *h) ||
	    cudaMalloc((void **)&r, half * sizeof *h)) {
		fprintf(stderr, "memory for N = %d\n", order);
		return 1;
	}
	for (size_t i = 0; i < half; i++) {
		double hi = splitmix64_sym(&state);
		h[i] = (tf_dd){ hi, hi * 0x1p-54 * splitmix64_sym(&state) };
	}
	cudaMemcpy(x, h, half * sizeof *h, cudaMemcpyHostToDevice);
	cudaMemcpy(r, h, half * sizeof *h, cudaMemcpyHostToDevice);
	for (size_t i = 0; i < half; i++)
		h[i].lo = 0.0;
	cudaMemcpy(t, h, half * sizeof *h, cudaMemcpyHostToDevice);
	const tf_dd minus_one = { -1.0, 0.0 }, plus_one = { 1.0, 0.0 };
	printf("%6s %6s %12s %6s %12s %10s\n", "N", "w", "s/GEMM", "GEMMs", "s/level", "TDDFLOP/s");
	double total = 0.0;
	for (int w = order / 2; w >= TF_TRSM_BLOCK; w /= 2) {
		double times[3];
		tf_ddgemm('N', 'N', order, w, w, minus_one, x, order, t, order / 2, plus_one, r, order);
		cudaDeviceSynchronize();
		for (int i = 0; i < 3; i++) {
			double t0 = bench_now();
			tf_ddgemm('N', 'N', order, w, w, minus_one, x, order, t, order / 2, plus_one, r,
				  order);
			cudaDeviceSynchronize();
			times[i] = bench_now() - t0;
		}
		double each = median_of_3(times);
		int count = order / (2 * w);
		total += each * count;
		printf("%6d %6d %12.6f %6d %12.6f %10.2f\n", order, w, each, count, each * count,
		       2.0 * order * (double)w * w / each / 1e12);
	}
	printf("%6d %6s %12s %6s %12.6f\n", order, "all", "", "", total);
	cudaFree(x), cudaFree(t), cudaFree(r);
	free(h);
	return 0;
}

int main(int argc, char **argv)
{
	const int count_cases = (int)(sizeof cases / sizeof cases[0]);
	uint64_t state = 42;
	if (argc == 3 && argv[1][0] == '-')
		return updates(atoi(argv[2]));
	printf("%-16s %6s %10s %8s %8s\n", "call", "n", "seconds", "TFLOP/s", "/dgemm");
	for (int arg = 1; arg < argc; arg++) {
		n = atoi(argv[arg]);
		size_t count = 2 * (size_t)n * n;
		double *h = malloc(count * sizeof *h);
		if (!h || cudaMalloc((void **)&a, count * 8) || cudaMalloc((void **)&b, count * 8) ||
		    cudaMalloc((void **)&c, count * 8) || cudaMalloc((void **)&triangle, count * 8) ||
		    cudaMalloc((void **)&ztriangle, count * 8)) {
			fprintf(stderr, "memory for n = %d\n", n);
			return 1;
		}
		for (size_t i = 0; i < count; i++)
			h[i] = splitmix64_sym(&state);
		cudaMemcpy(a, h, count * 8, cudaMemcpyHostToDevice);
		cudaMemcpy(b, h, count * 8, cudaMemcpyHostToDevice);
		cudaMemcpy(ztriangle, h, count * 8, cudaMemcpyHostToDevice);
		for (int i = 0; i < n; i++) /* the diagonal as real matrix */
			h[(size_t)i * n + i] = n;
		cudaMemcpy(triangle, h, count * 8, cudaMemcpyHostToDevice);
		cudaMemcpy(h, ztriangle, count * 8, cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i++) /* the diagonal as complex matrix */
			h[2 * ((size_t)i * n + i)] = n;
		cudaMemcpy(ztriangle, h, count * 8, cudaMemcpyHostToDevice);
		double nn = n, dgemm_rate = 0;
		for (int r = 0; r < count_cases; r++) {
			double t[3];
			run(r);
			for (int i = 0; i < 3; i++) {
				double t0 = bench_now();
				run(r);
				t[i] = bench_now() - t0;
			}
			double seconds = median_of_3(t);
			double flops = r == 0 ? 2 * nn * nn * nn
					      : (cases[r][0][0] == 'z' ? 4 : 1) * nn * nn * nn;
			double rate = flops / seconds / 1e12;
			if (r == 0)
				dgemm_rate = rate;
			char name[32];
			snprintf(name, sizeof name, "%s %s%s%s%s", cases[r][0], cases[r][1],
				 cases[r][2], cases[r][3], r ? "N" : "");
			printf("%-16s %6d %10.4f %8.2f %8.2f\n", name, n, seconds, rate,
			       rate / dgemm_rate);
		}
		cudaFree(a), cudaFree(b), cudaFree(c), cudaFree(triangle), cudaFree(ztriangle);
		free(h);
	}
	return 0;
}
