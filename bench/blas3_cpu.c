/* blas3_cpu: the Level 3 routines on the CPU, timed; run by
 * bench/blas3_cpu.sh with the reference BLAS and libtwofold preloaded, in
 * TWOFOLD_MODE=cpu (the reference's own loops) and dd (the DD product
 * engine).
 *
 *   blas3_cpu [N [REPEAT [ROUTINE...]]]   (default 1000, 1, all)
 *
 * One line per routine: its name, n, the best seconds of REPEAT calls
 * (after a small warm-up call), GFLOP/s (real flops: a complex multiply-add
 * counts 8) and a checksum of the output.  Every problem is square: m = n
 * = k = N, side L, uplo U, trans N, diag N, alpha = 0.75 (complex: (0.75,
 * 0.5)), beta = 0.5. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void (*fn)();
void dgemm_(), zgemm_(), dsymm_(), zsymm_(), zhemm_(), dsyrk_(), zsyrk_(), zherk_(), dsyr2k_(),
	zsyr2k_(), zher2k_(), dtrmm_(), ztrmm_();

enum shape { GEMM, SYMM, SYRK, SYR2K, TRMM };

static const struct {
	const char *name;
	fn f;
	enum shape shape;
	int complex;
	double flops; /* per n^3 */
} routines[] = {
	{ "dgemm", dgemm_, GEMM, 0, 2 },   { "zgemm", zgemm_, GEMM, 1, 8 },
	{ "dsymm", dsymm_, SYMM, 0, 2 },   { "zsymm", zsymm_, SYMM, 1, 8 },
	{ "zhemm", zhemm_, SYMM, 1, 8 },   { "dsyrk", dsyrk_, SYRK, 0, 1 },
	{ "zsyrk", zsyrk_, SYRK, 1, 4 },   { "zherk", zherk_, SYRK, 1, 4 },
	{ "dsyr2k", dsyr2k_, SYR2K, 0, 2 }, { "zsyr2k", zsyr2k_, SYR2K, 1, 8 },
	{ "zher2k", zher2k_, SYR2K, 1, 8 }, { "dtrmm", dtrmm_, TRMM, 0, 1 },
	{ "ztrmm", ztrmm_, TRMM, 1, 4 },
};

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* One call of routine r on n x n arrays (C restored from c0 first). */
static double run(int r, int n, const double *a, const double *b, const double *c0, double *c)
{
	int w = routines[r].complex ? 2 : 1;
	memcpy(c, c0, (size_t)n * n * w * sizeof *c);
	double alpha[2] = { 0.75, routines[r].complex ? 0.5 : 0.0 }, beta[2] = { 0.5, 0.0 };
	fn f = routines[r].f;
	double start = now();
	switch (routines[r].shape) {
	case GEMM: f("N", "N", &n, &n, &n, alpha, a, &n, b, &n, beta, c, &n, 1, 1); break;
	case SYMM: f("L", "U", &n, &n, alpha, a, &n, b, &n, beta, c, &n, 1, 1); break;
	case SYRK: f("U", "N", &n, &n, alpha, a, &n, beta, c, &n, 1, 1); break;
	case SYR2K: f("U", "N", &n, &n, alpha, a, &n, b, &n, beta, c, &n, 1, 1); break;
	case TRMM: f("L", "U", "N", "N", &n, &n, alpha, a, &n, c, &n, 1, 1, 1, 1); break;
	}
	return now() - start;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000, repeat = argc > 2 ? atoi(argv[2]) : 1;
	size_t size = (size_t)n * n * 2;
	double *a = malloc(size * sizeof *a), *b = malloc(size * sizeof *b);
	double *c0 = malloc(size * sizeof *c0), *c = malloc(size * sizeof *c);
	if (!a || !b || !c0 || !c || n < 1 || repeat < 1) {
		fprintf(stderr, "usage: blas3_cpu [N [REPEAT [ROUTINE...]]]\n");
		return 1;
	}
	unsigned seed = 3;
	for (size_t i = 0; i < size; i++) {
		a[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
		b[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
		c0[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
	}
	printf("%% routine  n  seconds  GFLOP/s  checksum\n");
	for (size_t r = 0; r < sizeof routines / sizeof routines[0]; r++) {
		int wanted = argc <= 3;
		for (int i = 3; i < argc; i++)
			wanted |= strcmp(argv[i], routines[r].name) == 0;
		if (!wanted)
			continue;
		run(r, n < 64 ? n : 64, a, b, c0, c); /* a warm-up within the arrays */
		double best = 1e30;
		for (int t = 0; t < repeat; t++) {
			double s = run(r, n, a, b, c0, c);
			best = s < best ? s : best;
		}
		double sum = 0.0;
		for (size_t i = 0; i < (size_t)n * n * (routines[r].complex ? 2 : 1); i++)
			sum += c[i];
		printf("%-7s %5d %9.3f %8.2f %.10e\n", routines[r].name, n, best,
		       routines[r].flops * n * (double)n * n / best * 1e-9, sum);
		fflush(stdout);
	}
	return 0;
}
