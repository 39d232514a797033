#include "config.h"

/* The CPU Level 2 products in dd mode against the reference BLAS: dgemv,
 * zgemv, dgbmv, zgbmv, dsymv, zhemv, dsbmv, zhbmv, dspmv, zhpmv, dtrmv,
 * ztrmv, dtbmv, ztbmv, dtpmv, ztpmv through their Fortran symbols, in one
 * process: libtwofold's (linked; TWOFOLD_MODE as set, dd by default) and
 * the reference's own, opened from TF_REFERENCE_BLAS (RTLD_LOCAL).  Each
 * call is timed REPS times (the median kept), the two alternating.
 *
 *   blas2_cpu [N [K [REPS [CLOCK]]]]
 *                               n x n matrices (default 4096), band width K
 *                               (default 64), REPS calls (default 7), CLOCK
 *                               wall (default) or thread: the calling
 *                               thread's CPU time, which a loaded machine's
 *                               other work does not inflate (for
 *                               TWOFOLD_NUM_THREADS=1 only)
 * Prints one line per routine: milliseconds of twofold and the reference,
 * and their ratio (twofold / reference). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "test/splitmix64.h"

typedef void gemv_fn(const char *, const int *, const int *, const double *, const double *,
		     const int *, const double *, const int *, const double *, double *,
		     const int *, size_t);
typedef void gbmv_fn(const char *, const int *, const int *, const int *, const int *,
		     const double *, const double *, const int *, const double *, const int *,
		     const double *, double *, const int *, size_t);
typedef void symv_fn(const char *, const int *, const double *, const double *, const int *,
		     const double *, const int *, const double *, double *, const int *, size_t);
typedef void sbmv_fn(const char *, const int *, const int *, const double *, const double *,
		     const int *, const double *, const int *, const double *, double *,
		     const int *, size_t);
typedef void spmv_fn(const char *, const int *, const double *, const double *, const double *,
		     const int *, const double *, double *, const int *, size_t);
typedef void trmv_fn(const char *, const char *, const char *, const int *, const double *,
		     const int *, double *, const int *, size_t, size_t, size_t);
typedef void tbmv_fn(const char *, const char *, const char *, const int *, const int *,
		     const double *, const int *, double *, const int *, size_t, size_t, size_t);
typedef void tpmv_fn(const char *, const char *, const char *, const int *, const double *,
		     double *, const int *, size_t, size_t, size_t);

/* libtwofold's (complex arrays and scalars as doubles, by address) */
gemv_fn dgemv_, zgemv_;
gbmv_fn dgbmv_, zgbmv_;
symv_fn dsymv_, zhemv_;
sbmv_fn dsbmv_, zhbmv_;
spmv_fn dspmv_, zhpmv_;
trmv_fn dtrmv_, ztrmv_;
tbmv_fn dtbmv_, ztbmv_;
tpmv_fn dtpmv_, ztpmv_;

static int n, k, one = 1;
static double *a, *x, *y, *y_start;
static const double alpha[2] = { 0.75, 0.25 }, beta[2] = { -0.5, 0.125 };

static clockid_t clock_used = CLOCK_MONOTONIC;

static double now(void)
{
	struct timespec t;
	clock_gettime(clock_used, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* One call of routine (name without the underscore), option letters in
 * opts: trans (gemv, gbmv), uplo (symv, ...), uplo trans diag (trmv, ...). */
static void call(void *f, const char *name, const char *opts)
{
	const char *kind = name + 1;
	int lda = n, ldb = k + 1, ldg = 2 * k + 1;
	if (!strcmp(kind, "gemv"))
		((gemv_fn *)f)(opts, &n, &n, alpha, a, &lda, x, &one, beta, y, &one, 1);
	else if (!strcmp(kind, "gbmv"))
		((gbmv_fn *)f)(opts, &n, &n, &k, &k, alpha, a, &ldg, x, &one, beta, y, &one, 1);
	else if (!strcmp(kind, "symv") || !strcmp(kind, "hemv"))
		((symv_fn *)f)(opts, &n, alpha, a, &lda, x, &one, beta, y, &one, 1);
	else if (!strcmp(kind, "sbmv") || !strcmp(kind, "hbmv"))
		((sbmv_fn *)f)(opts, &n, &k, alpha, a, &ldb, x, &one, beta, y, &one, 1);
	else if (!strcmp(kind, "spmv") || !strcmp(kind, "hpmv"))
		((spmv_fn *)f)(opts, &n, alpha, a, x, &one, beta, y, &one, 1);
	else if (!strcmp(kind, "trmv"))
		((trmv_fn *)f)(opts, opts + 1, opts + 2, &n, a, &lda, y, &one, 1, 1, 1);
	else if (!strcmp(kind, "tbmv"))
		((tbmv_fn *)f)(opts, opts + 1, opts + 2, &n, &k, a, &ldb, y, &one, 1, 1, 1);
	else if (!strcmp(kind, "tpmv"))
		((tpmv_fn *)f)(opts, opts + 1, opts + 2, &n, a, y, &one, 1, 1, 1);
}

static int compare(const void *p, const void *q)
{
	double a = *(const double *)p, b = *(const double *)q;
	return (a > b) - (a < b);
}

int main(int argc, char **argv)
{
	n = argc > 1 ? atoi(argv[1]) : 4096;
	k = argc > 2 ? atoi(argv[2]) : 64;
	int reps = argc > 3 ? atoi(argv[3]) : 7;
	if (argc > 4 && !strcmp(argv[4], "thread"))
		clock_used = CLOCK_THREAD_CPUTIME_ID;
	else if (argc > 4 && strcmp(argv[4], "wall"))
		reps = 0;
	const char *path = getenv("TF_REFERENCE_BLAS");
	void *reference = path ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : NULL;
	if (n < 1 || k < 0 || reps < 1 || !reference) {
		fprintf(stderr, "usage: TF_REFERENCE_BLAS=PATH blas2_cpu [N [K [REPS [wall|thread]]]]\n");
		return 2;
	}
	size_t doubles = 2 * (size_t)n * n;
	a = malloc(doubles * sizeof *a);
	x = malloc(2 * (size_t)n * sizeof *x);
	y = malloc(2 * (size_t)n * sizeof *y);
	y_start = malloc(2 * (size_t)n * sizeof *y_start);
	if (!a || !x || !y || !y_start)
		return 2;
	uint64_t rng = 1;
	for (size_t i = 0; i < doubles; i++)
		a[i] = splitmix64_unif(&rng) - 0.5;
	for (int i = 0; i < 2 * n; i++) {
		x[i] = splitmix64_unif(&rng) - 0.5;
		y_start[i] = splitmix64_unif(&rng) - 0.5;
	}
	static const struct {
		const char *name, *opts;
		void *mine;
	} runs[] = {
		{ "dgemv", "N", dgemv_ }, { "dgemv", "T", dgemv_ }, { "zgemv", "N", zgemv_ },
		{ "zgemv", "C", zgemv_ }, { "dgbmv", "N", dgbmv_ }, { "dgbmv", "T", dgbmv_ },
		{ "zgbmv", "N", zgbmv_ }, { "zgbmv", "C", zgbmv_ }, { "dsymv", "U", dsymv_ },
		{ "dsymv", "L", dsymv_ }, { "zhemv", "U", zhemv_ }, { "zhemv", "L", zhemv_ },
		{ "dsbmv", "U", dsbmv_ }, { "zhbmv", "L", zhbmv_ }, { "dspmv", "U", dspmv_ },
		{ "zhpmv", "L", zhpmv_ }, { "dtrmv", "UNN", dtrmv_ }, { "dtrmv", "LTN", dtrmv_ },
		{ "ztrmv", "UNN", ztrmv_ }, { "ztrmv", "LCN", ztrmv_ }, { "dtbmv", "UNN", dtbmv_ },
		{ "ztbmv", "LCN", ztbmv_ }, { "dtpmv", "UNN", dtpmv_ }, { "ztpmv", "LTN", ztpmv_ },
	};
	printf("n = %d, band k = %d (gbmv kl = ku = k), median of %d calls, %s time\n", n, k, reps,
	       clock_used == CLOCK_MONOTONIC ? "wall" : "the thread's CPU");
	printf("%-8s %-4s %12s %12s %8s\n", "routine", "opts", "twofold ms", "reference ms", "ratio");
	for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
		char symbol[16];
		snprintf(symbol, sizeof symbol, "%s_", runs[r].name);
		void *mine = runs[r].mine, *theirs = dlsym(reference, symbol);
		if (!theirs)
			return 2;
		double t[2][64];
		for (int i = 0; i < reps && i < 64; i++)
			for (int which = 0; which < 2; which++) {
				memcpy(y, y_start, 2 * (size_t)n * sizeof *y);
				double start = now();
				call(which ? theirs : mine, runs[r].name, runs[r].opts);
				t[which][i] = now() - start;
			}
		int count = reps < 64 ? reps : 64;
		qsort(t[0], count, sizeof t[0][0], compare);
		qsort(t[1], count, sizeof t[1][0], compare);
		double mine_ms = 1e3 * t[0][count / 2], ref_ms = 1e3 * t[1][count / 2];
		printf("%-8s %-4s %12.3f %12.3f %8.2f\n", runs[r].name, runs[r].opts, mine_ms, ref_ms,
		       mine_ms / ref_ms);
	}
	return 0;
}
