/* bench/lapack_solve: the time of dgesv_, dposv_, zgesv_ or zposv_ on a
 * random system of order n (dgels_: a random least-squares problem of 2n
 * rows and n columns), as the library in front of the program computes it: run once
 * with TWOFOLD_MODE=cpu (the CPU LAPACK and BLAS, as without twofold) and
 * once in dd mode (factored the same way, then refined), libtwofold
 * preloaded; prints the best of `repeat` runs, wall and CPU time.
 * Beyond condition about 1e15, dd mode factors A again in DD
 * (docs/LAPACK.md), and INFO may be > 0 (the double factorization's):
 *   COND     an exactly stored matrix of that condition
 *            (test/ill_conditioned.h), sparse: a few entries a row
 *   dense    dense matrices of condition about 1e16 to 1e18, as stored:
 *            gesv (I - 2 u u^T) diag(s) (I - 2 v v^T) for random unit u, v
 *            and s from 1 down to 1e-20, rounded; posv the random matrix
 *            with its last row and column replaced by a combination y of
 *            the others (positive definite in DD, not in double)
 * zgesv and zposv: the same matrices (COND: Gaussian integers; dense: the
 * real ones, stored as complex), complex right-hand sides.
 *
 *   lapack_solve [z]gesv|[z]posv N [NRHS [REPEAT [COND|dense]]]
 *   lapack_solve gels N [NRHS [REPEAT]] */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "test/ill_conditioned.h"
#include "test/splitmix64.h"

void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
	    const int *ldb, int *info);
void dposv_(const char *uplo, const int *n, const int *nrhs, double *a, const int *lda, double *b,
	    const int *ldb, int *info, size_t uplo_len);
void dgels_(const char *trans, const int *m, const int *n, const int *nrhs, double *a,
	    const int *lda, double *b, const int *ldb, double *work, const int *lwork, int *info,
	    size_t trans_len);
void zgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
	    const int *ldb, int *info);
void zposv_(const char *uplo, const int *n, const int *nrhs, double *a, const int *lda, double *b,
	    const int *ldb, int *info, size_t uplo_len);

static double seconds(clockid_t clock)
{
	struct timespec t;
	clock_gettime(clock, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv)
{
	const int complex = argc > 1 && argv[1][0] == 'z';
	const char *routine = argc > 1 ? argv[1] + complex : "";
	const int gels = strcmp(routine, "gels") == 0 && !complex;
	if (argc < 3 || (strcmp(routine, "gesv") != 0 && strcmp(routine, "posv") != 0 && !gels)) {
		fprintf(stderr, "usage: lapack_solve [z]gesv|[z]posv N [NRHS [REPEAT [COND|dense]]]\n"
				"       lapack_solve gels N [NRHS [REPEAT]]\n");
		return 2;
	}
	const int spd = strcmp(routine, "posv") == 0, w = complex ? 2 : 1;
	const int n = atoi(argv[2]), nrhs = argc > 3 ? atoi(argv[3]) : 1;
	const int repeat = argc > 4 ? atoi(argv[4]) : 3;
	const int dense = argc > 5 && strcmp(argv[5], "dense") == 0;
	const double cond = argc > 5 && !dense ? atof(argv[5]) : 0.0;
	const int m = gels ? 2 * n : n; /* A's rows */
	const size_t nn = (size_t)m * n;
	double *a0 = malloc(w * nn * sizeof *a0), *a = malloc(w * nn * sizeof *a);
	double *b0 = malloc((size_t)w * m * nrhs * sizeof *b0);
	double *b = malloc((size_t)w * m * nrhs * sizeof *b);
	double size = 0.0;
	int query = -1, lwork = 0, query_info = 0;
	if (gels) { /* the workspace */
		dgels_("N", &m, &n, &nrhs, a, &m, b, &m, &size, &query, &query_info, 1);
		lwork = (int)size;
	}
	double *work = malloc(((size_t)lwork + 1) * sizeof *work);
	int *ipiv = malloc((size_t)n * sizeof *ipiv);
	uint64_t rng = 42;
	for (size_t i = 0; i < nn; i++)
		a0[i] = 2.0 * splitmix64_unif(&rng) - 1.0;
	if (cond > 0.0 && !complex)
		ill_conditioned_matrix(n, 1, cond, spd, a0, n, &rng);
	else if (spd) /* symmetric, diagonally dominant */
		for (int j = 0; j < n; j++) {
			for (int i = 0; i < j; i++)
				a0[(size_t)j * n + i] = a0[(size_t)i * n + j];
			a0[(size_t)j * n + j] = n;
		}
	if (dense && !spd) {
		double *u = malloc(2 * (size_t)n * sizeof *u), *v = u + n, uu = 0.0, vv = 0.0, usv = 0.0;
		for (int i = 0; i < n; i++) {
			u[i] = 2.0 * splitmix64_unif(&rng) - 1.0;
			v[i] = 2.0 * splitmix64_unif(&rng) - 1.0;
			uu += u[i] * u[i];
			vv += v[i] * v[i];
		}
		for (int i = 0; i < n; i++) {
			u[i] /= sqrt(uu);
			v[i] /= sqrt(vv);
		}
		for (int k = 0; k < n; k++)
			usv += u[k] * pow(1e-20, (double)k / (n - 1)) * v[k];
		for (int j = 0; j < n; j++) {
			double sj = pow(1e-20, (double)j / (n - 1));
			for (int i = 0; i < n; i++) {
				double si = pow(1e-20, (double)i / (n - 1));
				a0[(size_t)j * n + i] = (i == j ? si : 0.0) - 2.0 * u[i] * u[j] * sj -
							2.0 * si * v[i] * v[j] + 4.0 * u[i] * usv * v[j];
			}
		}
		free(u);
	} else if (dense && n > 1) {
		/* the last column a combination y of the others (posv: A y for
		 * y with last component -1 has nothing left but roundings); then,
		 * symmetric, the last row the same */
		double *y = malloc((size_t)n * sizeof *y);
		for (int k = 0; k < n - 1; k++)
			y[k] = 2.0 * splitmix64_unif(&rng) - 1.0;
		for (int i = 0; i < n - 1; i++) {
			double sum = 0.0;
			for (int k = 0; k < n - 1; k++)
				sum += a0[(size_t)k * n + i] * y[k];
			a0[(size_t)(n - 1) * n + i] = sum;
			if (spd)
				a0[(size_t)i * n + n - 1] = sum;
		}
		double last = 0.0;
		for (int k = 0; k < n - 1; k++)
			last += a0[(size_t)(n - 1) * n + k] * y[k];
		a0[nn - 1] = last;
		free(y);
	}
	if (complex) { /* the real matrix as complex, from the last element down */
		for (size_t i = nn; i-- > 0;) {
			a0[2 * i] = a0[i];
			a0[2 * i + 1] = 0.0;
		}
		if (cond > 0.0)
			ill_conditioned_matrix(n, 2, cond, spd, a0, n, &rng);
	}
	for (size_t i = 0; i < (size_t)w * m * nrhs; i++)
		b0[i] = 2.0 * splitmix64_unif(&rng) - 1.0;
	double best_wall = INFINITY, best_cpu = INFINITY;
	int info = 0;
	for (int r = 0; r < repeat; r++) {
		memcpy(a, a0, w * nn * sizeof *a);
		memcpy(b, b0, (size_t)w * m * nrhs * sizeof *b);
		double w0 = seconds(CLOCK_MONOTONIC), c0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
		if (gels)
			dgels_("N", &m, &n, &nrhs, a, &m, b, &m, work, &lwork, &info, 1);
		else if (spd)
			(complex ? zposv_ : dposv_)("L", &n, &nrhs, a, &n, b, &n, &info, 1);
		else
			(complex ? zgesv_ : dgesv_)(&n, &nrhs, a, &n, ipiv, b, &n, &info);
		double w = seconds(CLOCK_MONOTONIC) - w0, c = seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
		best_wall = fmin(best_wall, w);
		best_cpu = fmin(best_cpu, c);
	}
	const char *mode = getenv("TWOFOLD_MODE");
	printf("%c%s", complex ? 'z' : 'd', routine);
	if (gels)
		printf(" m %d", m);
	printf(" n %d nrhs %d", n, nrhs);
	if (cond > 0.0)
		printf(" cond %.0e", cond);
	else if (dense)
		printf(" dense, nearly singular");
	printf(" mode %s: info %d, best of %d: %.3f s wall, %.3f s CPU\n", mode ? mode : "dd", info,
	       repeat, best_wall, best_cpu);
	free(a0), free(a), free(b0), free(b), free(ipiv), free(work);
	return cond > 0.0 || dense ? info < 0 : info != 0;
}
