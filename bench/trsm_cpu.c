/* dtrsm_ and ztrsm_ of the library in effect (libtwofold preloaded, in
 * its TWOFOLD_MODE) against the reference BLAS's own (opened from
 * TF_REFERENCE_BLAS with dlopen), in one process, call after call:
 *
 *   LD_PRELOAD=.libs/libtwofold.so bench/trsm_cpu [N [REPS]]
 *   LD_PRELOAD=.libs/libtwofold.so bench/trsm_cpu small M N CALLS
 *
 * For each case, m = n = N, the best of REPS (default 3) wall-clock times
 * of each, the GFLOP/s (N^3 flops, 4 N^3 for ztrsm, as the reference
 * counts them), the speed of the library over the reference's, and the
 * largest difference between the two results relative to the largest
 * element.  The triangle's diagonal is 1 to 2 times sqrt(N), so that the
 * solution stays of the order of B.  small: the CPU time per call of CALLS
 * dtrsm calls (side L, lower, no transpose, non-unit) of an M x N B, B
 * copied afresh before each, for each library (the copies timed too). */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "test/splitmix64.h"

typedef void trsm_fn(const char *side, const char *uplo, const char *transa, const char *diag,
		     const int *m, const int *n, const double *alpha, const double *a,
		     const int *lda, double *b, const int *ldb, size_t, size_t, size_t, size_t);
extern trsm_fn dtrsm_, ztrsm_;

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double run(trsm_fn *fn, const char *opts, int n, const double *alpha, const double *a,
		  const double *b, double *x, size_t doubles)
{
	memcpy(x, b, doubles * sizeof *x);
	double t = now();
	fn(&opts[0], &opts[1], &opts[2], &opts[3], &n, &n, alpha, a, &n, x, &n, 1, 1, 1, 1);
	return now() - t;
}

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int small_calls(trsm_fn *reference, int m, int n, long calls)
{
	double *a = calloc((size_t)m * m, sizeof *a), *b = malloc((size_t)m * n * sizeof *b);
	double *x = malloc((size_t)m * n * sizeof *x), alpha = 1.0;
	if (!a || !b || !x)
		return 1;
	uint64_t rng = 1;
	for (int j = 0; j < m; j++)
		for (int i = j; i < m; i++)
			a[(size_t)j * m + i] = i == j ? 2.0 + splitmix64_unif(&rng) : splitmix64_sym(&rng);
	for (size_t i = 0; i < (size_t)m * n; i++)
		b[i] = splitmix64_sym(&rng);
	double per_call[2];
	for (int which = 0; which < 2; which++) {
		trsm_fn *fn = which ? reference : dtrsm_;
		double t = cpu_now();
		for (long c = 0; c < calls; c++) {
			memcpy(x, b, (size_t)m * n * sizeof *x);
			fn("L", "L", "N", "N", &m, &n, &alpha, a, &m, x, &m, 1, 1, 1, 1);
		}
		per_call[which] = (cpu_now() - t) / calls;
	}
	printf("dtrsm LLNN m=%d n=%d: library %.3g us, reference %.3g us per call (CPU time, %ld calls)\n",
	       m, n, 1e6 * per_call[0], 1e6 * per_call[1], calls);
	free(a);
	free(b);
	free(x);
	return 0;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000, reps = argc > 2 ? atoi(argv[2]) : 3;
	setvbuf(stdout, NULL, _IOLBF, 0);
	const char *path = getenv("TF_REFERENCE_BLAS");
	void *library = dlopen(path ? path : "libblas.so.3", RTLD_NOW | RTLD_LOCAL);
	trsm_fn *reference[2] = { library ? (trsm_fn *)dlsym(library, "dtrsm_") : NULL,
				  library ? (trsm_fn *)dlsym(library, "ztrsm_") : NULL };
	if (!reference[0] || !reference[1]) {
		fprintf(stderr, "no reference BLAS (set TF_REFERENCE_BLAS)\n");
		return 1;
	}
	if (argc == 5 && strcmp(argv[1], "small") == 0)
		return small_calls(reference[0], atoi(argv[2]), atoi(argv[3]), atol(argv[4]));
	const char *mode = getenv("TWOFOLD_MODE"), *threads = getenv("TWOFOLD_NUM_THREADS");
	printf("%% library dtrsm_/ztrsm_ (TWOFOLD_MODE=%s, TWOFOLD_NUM_THREADS=%s) against the "
	       "reference %s; n = %d, best of %d\n", mode ? mode : "unset",
	       threads ? threads : "unset", path ? path : "libblas.so.3", n, reps);
	printf("%% routine opts    n   library_s  reference_s  library_GF/s  reference_GF/s  "
	       "speed_vs_reference  max_difference\n");
	static const char *cases[] = { "LLNN", "LUNN", "LLTN", "LUTU", "RLNN", "RUTN", "LLCN", "RUCN" };
	uint64_t rng = 1;
	size_t doubles = 2 * (size_t)n * n;
	double *a = malloc(doubles * sizeof *a), *b = malloc(doubles * sizeof *b);
	double *x = malloc(doubles * sizeof *x), *y = malloc(doubles * sizeof *y);
	if (!a || !b || !x || !y)
		return 1;
	for (int complex = 0; complex < 2; complex++) {
		int w = complex ? 2 : 1;
		for (size_t i = 0; i < doubles; i++) {
			a[i] = splitmix64_sym(&rng);
			b[i] = splitmix64_sym(&rng);
		}
		for (int i = 0; i < n; i++)
			a[((size_t)i * n + i) * w] = (1.0 + splitmix64_unif(&rng)) * sqrt(n);
		double alpha[2] = { 1.0, 0.0 };
		for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
			if (!complex && cases[c][2] == 'C')
				continue;
			trsm_fn *ours = complex ? ztrsm_ : dtrsm_;
			double best = INFINITY, best_reference = INFINITY;
			for (int r = 0; r < reps; r++) {
				best = fmin(best, run(ours, cases[c], n, alpha, a, b, x, w * (size_t)n * n));
				best_reference = fmin(best_reference, run(reference[complex], cases[c], n, alpha,
									 a, b, y, w * (size_t)n * n));
			}
			double diff = 0.0, big = 0.0;
			for (size_t i = 0; i < w * (size_t)n * n; i++) {
				diff = fmax(diff, fabs(x[i] - y[i]));
				big = fmax(big, fabs(y[i]));
			}
			double flops = (complex ? 4.0 : 1.0) * n * (double)n * n;
			printf("%ctrsm %s %5d %11.4f %12.4f %13.3f %15.3f %19.2f %15.3g\n",
			       complex ? 'z' : 'd', cases[c], n, best, best_reference, flops / best / 1e9,
			       flops / best_reference / 1e9, best_reference / best, diff / big);
		}
	}
	free(a);
	free(b);
	free(x);
	free(y);
	return 0;
}
