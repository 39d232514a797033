/* bench/lapack_solve: the time of dgesv_ or dposv_ on a random system of
 * order n (dgels_: a random least-squares problem of 2n rows and n columns), as the library in front of the program computes it: run once
 * with TWOFOLD_MODE=cpu (the CPU LAPACK and BLAS, as without twofold) and
 * once in dd mode (factored the same way, then refined), libtwofold
 * preloaded; prints the best of `repeat` runs, wall and CPU time.
 *
 *   lapack_solve gesv|posv|gels N [NRHS [REPEAT]] */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "test/splitmix64.h"

void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
	    const int *ldb, int *info);
void dposv_(const char *uplo, const int *n, const int *nrhs, double *a, const int *lda, double *b,
	    const int *ldb, int *info, size_t uplo_len);
void dgels_(const char *trans, const int *m, const int *n, const int *nrhs, double *a,
	    const int *lda, double *b, const int *ldb, double *work, const int *lwork, int *info,
	    size_t trans_len);

static double seconds(clockid_t clock)
{
	struct timespec t;
	clock_gettime(clock, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv)
{
	if (argc < 3 || (strcmp(argv[1], "gesv") != 0 && strcmp(argv[1], "posv") != 0 &&
			 strcmp(argv[1], "gels") != 0)) {
		fprintf(stderr, "usage: lapack_solve gesv|posv|gels N [NRHS [REPEAT]]\n");
		return 2;
	}
	const int spd = strcmp(argv[1], "posv") == 0, gels = strcmp(argv[1], "gels") == 0;
	const int n = atoi(argv[2]), nrhs = argc > 3 ? atoi(argv[3]) : 1;
	const int repeat = argc > 4 ? atoi(argv[4]) : 3;
	const int m = gels ? 2 * n : n; /* A's rows */
	const size_t nn = (size_t)m * n;
	double *a0 = malloc(nn * sizeof *a0), *a = malloc(nn * sizeof *a);
	double *b0 = malloc((size_t)m * nrhs * sizeof *b0), *b = malloc((size_t)m * nrhs * sizeof *b);
	double size = 0.0;
	int query = -1, info = 0;
	dgels_("N", &m, &n, &nrhs, a, &m, b, &m, &size, &query, &info, 1); /* the workspace */
	const int lwork = (int)size;
	double *work = malloc(((size_t)lwork + 1) * sizeof *work);
	int *ipiv = malloc((size_t)n * sizeof *ipiv);
	uint64_t rng = 42;
	for (size_t i = 0; i < nn; i++)
		a0[i] = 2.0 * splitmix64_unif(&rng) - 1.0;
	if (spd) /* symmetric, diagonally dominant */
		for (int j = 0; j < n; j++) {
			for (int i = 0; i < j; i++)
				a0[(size_t)j * n + i] = a0[(size_t)i * n + j];
			a0[(size_t)j * n + j] = n;
		}
	for (size_t i = 0; i < (size_t)m * nrhs; i++)
		b0[i] = 2.0 * splitmix64_unif(&rng) - 1.0;
	double best_wall = INFINITY, best_cpu = INFINITY;
	for (int r = 0; r < repeat; r++) {
		memcpy(a, a0, nn * sizeof *a);
		memcpy(b, b0, (size_t)m * nrhs * sizeof *b);
		double w0 = seconds(CLOCK_MONOTONIC), c0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
		if (gels)
			dgels_("N", &m, &n, &nrhs, a, &m, b, &m, work, &lwork, &info, 1);
		else if (spd)
			dposv_("L", &n, &nrhs, a, &n, b, &n, &info, 1);
		else
			dgesv_(&n, &nrhs, a, &n, ipiv, b, &n, &info);
		double w = seconds(CLOCK_MONOTONIC) - w0, c = seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
		best_wall = fmin(best_wall, w);
		best_cpu = fmin(best_cpu, c);
	}
	const char *mode = getenv("TWOFOLD_MODE");
	printf("d%s m %d n %d nrhs %d mode %s: info %d, best of %d: %.3f s wall, %.3f s CPU\n", argv[1], m,
	       n, nrhs, mode ? mode : "dd", info, repeat, best_wall, best_cpu);
	free(a0), free(a), free(b0), free(b), free(ipiv), free(work);
	return info != 0;
}
