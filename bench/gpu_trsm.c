/* dd-mode dtrsm on the GPU (src/gpu/trsm.h), device arrays, against dd
 * dgemm_ of the same n measured in the same run.
 *
 *   gpu_trsm N...
 *
 * Per N one line per call: seconds (median of 3 calls after a warm-up),
 * TFLOP/s by the routine's own flop count (dgemm 2n^3, dtrsm m^2 n = n^3
 * for m = n), and that rate over dgemm_'s.  dgemm's elements uniform in
 * [-1, 1); dtrsm's triangle the same off its diagonal, its diagonal n (so
 * that the solution stays of the order of B whatever n), B uniform. */
#include "config.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "test/splitmix64.h"

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
	    const double *, const int *, const double *, const int *, const double *, double *,
	    const int *, size_t, size_t);
void dtrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
	    const double *, const double *, const int *, double *, const int *, size_t, size_t,
	    size_t, size_t);

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int n;
static double *a, *b, *c, *triangle; /* device, n^2 doubles each */
static const double one = 1.0, zero = 0.0;

/* The calls timed: dgemm, then dtrsm's side, uplo, trans. */
static const char *const cases[][3] = {
	{ "", "", "" }, { "L", "U", "N" }, { "L", "L", "T" }, { "R", "U", "N" }, { "R", "L", "T" },
};

static void run(int which)
{
	if (which == 0) {
		dgemm_("N", "N", &n, &n, &n, &one, a, &n, b, &n, &zero, c, &n, 1, 1);
	} else {
		/* B afresh each call, so that every call solves the same system */
		cudaMemcpy(c, b, (size_t)n * n * sizeof *c, cudaMemcpyDeviceToDevice);
		cudaDeviceSynchronize();
		dtrsm_(cases[which][0], cases[which][1], cases[which][2], "N", &n, &n, &one, triangle,
		       &n, c, &n, 1, 1, 1, 1);
	}
	cudaDeviceSynchronize();
}

static int compare(const void *x, const void *y)
{
	double p = *(const double *)x, q = *(const double *)y;
	return (p > q) - (p < q);
}

int main(int argc, char **argv)
{
	const int count_cases = (int)(sizeof cases / sizeof cases[0]);
	uint64_t state = 42;
	printf("%-16s %6s %10s %8s %8s\n", "call", "n", "seconds", "TFLOP/s", "/dgemm");
	for (int arg = 1; arg < argc; arg++) {
		n = atoi(argv[arg]);
		size_t count = (size_t)n * n;
		double *h = malloc(count * sizeof *h);
		if (!h || cudaMalloc((void **)&a, count * 8) || cudaMalloc((void **)&b, count * 8) ||
		    cudaMalloc((void **)&c, count * 8) || cudaMalloc((void **)&triangle, count * 8)) {
			fprintf(stderr, "memory for n = %d\n", n);
			return 1;
		}
		for (size_t i = 0; i < count; i++)
			h[i] = splitmix64_sym(&state);
		cudaMemcpy(a, h, count * 8, cudaMemcpyHostToDevice);
		cudaMemcpy(b, h, count * 8, cudaMemcpyHostToDevice);
		for (int i = 0; i < n; i++)
			h[(size_t)i * n + i] = n;
		cudaMemcpy(triangle, h, count * 8, cudaMemcpyHostToDevice);
		double nn = n, dgemm_rate = 0;
		for (int r = 0; r < count_cases; r++) {
			double t[3];
			run(r);
			for (int i = 0; i < 3; i++) {
				double t0 = now();
				run(r);
				t[i] = now() - t0;
			}
			qsort(t, 3, sizeof *t, compare);
			double rate = (r == 0 ? 2 * nn * nn * nn : nn * nn * nn) / t[1] / 1e12;
			if (r == 0)
				dgemm_rate = rate;
			char name[32];
			if (r == 0)
				snprintf(name, sizeof name, "dgemm");
			else
				snprintf(name, sizeof name, "dtrsm %s%s%sN", cases[r][0], cases[r][1],
					 cases[r][2]);
			printf("%-16s %6d %10.4f %8.2f %8.2f\n", name, n, t[1], rate, rate / dgemm_rate);
		}
		cudaFree(a), cudaFree(b), cudaFree(c), cudaFree(triangle);
		free(h);
	}
	return 0;
}
