/* host_gemm: dgemm_ on host arrays, as a legacy program calls it, timed; run
 * by bench/host_gemm.sh with the reference BLAS, with libtwofold preloaded
 * (dd and native modes) and with NVBLAS preloaded.
 *
 *   host_gemm [N...]     (default 4096 8192)
 *
 * One line per size: n, seconds (best of 3 after a warm-up call), GFLOP/s,
 * and a checksum of C. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "test/f77_blas.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
	int sizes[16], count = 0;
	for (int i = 1; i < argc && count < 16; i++)
		sizes[count++] = atoi(argv[i]);
	if (!count) {
		sizes[count++] = 4096;
		sizes[count++] = 8192;
	}
	printf("%% n  seconds  GFLOP/s  checksum\n");
	for (int s = 0; s < count; s++) {
		int n = sizes[s];
		size_t size = (size_t)n * n;
		double *a = malloc(size * sizeof *a), *b = malloc(size * sizeof *b), *c = malloc(size * sizeof *c);
		unsigned seed = 3;
		for (size_t i = 0; i < size; i++) {
			a[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
			b[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
			c[i] = 0.0;
		}
		double one = 1.0, zero = 0.0, best = 1e30;
		int small = 256;
		dgemm_("N", "N", &small, &small, &small, &one, a, &small, b, &small, &zero, c, &small, 1, 1);
		for (int r = 0; r < 3; r++) {
			double start = now();
			dgemm_("N", "N", &n, &n, &n, &one, a, &n, b, &n, &zero, c, &n, 1, 1);
			double seconds = now() - start;
			best = seconds < best ? seconds : best;
		}
		double checksum = 0.0;
		for (size_t i = 0; i < size; i += 4097)
			checksum += c[i];
		printf("%5d  %8.4f  %9.1f  %.15e\n", n, best, 2.0 * n * n * (double)n / best * 1e-9, checksum);
		fflush(stdout);
		free(a), free(b), free(c);
	}
	return 0;
}
