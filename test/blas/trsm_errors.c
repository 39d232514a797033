/* One illegal (or quick-returning) call of dtrsm_, ztrsm_, cblas_dtrsm or
 * cblas_ztrsm per case, for comparing what twofold reports with what the
 * reference BLAS reports (test/blas/trsm_errors.sh runs it linked with the
 * reference, as it is and with libtwofold preloaded).
 *
 *   trsm_errors CASE     makes the call, then prints "returned"
 *   trsm_errors count    prints the number of cases */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dtrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
	    const double *, const double *, const int *, double *, const int *, size_t, size_t,
	    size_t, size_t);
void ztrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
	    const double *, const double *, const int *, double *, const int *, size_t, size_t,
	    size_t, size_t);
void cblas_dtrsm(int, int, int, int, int, int, int, double, const double *, int, double *, int);
void cblas_ztrsm(int, int, int, int, int, int, int, const void *, const void *, int, void *,
		 int);

enum { ROW = 101, COL = 102, N = 111, T = 112, C = 113, UP = 121, LO = 122, NU = 131, UN = 132,
       LEFT = 141, RIGHT = 142 };

static double a[128], b[128];

static void f(int complex, const char *opts, int m, int n, int lda, int ldb)
{
	double alpha[2] = { 1.0, 0.0 };
	(complex ? ztrsm_ : dtrsm_)(&opts[0], &opts[1], &opts[2], &opts[3], &m, &n, alpha, a, &lda,
				    b, &ldb, 1, 1, 1, 1);
}

static void c(int complex, int layout, int side, int uplo, int trans, int diag, int m, int n,
	      int lda, int ldb)
{
	double alpha[2] = { 1.0, 0.0 };
	if (complex)
		cblas_ztrsm(layout, side, uplo, trans, diag, m, n, alpha, a, lda, b, ldb);
	else
		cblas_dtrsm(layout, side, uplo, trans, diag, m, n, 1.0, a, lda, b, ldb);
}

/* Every check of the Fortran routine, options in either case. */
static void fortran(int complex, int check)
{
	switch (check) {
	case 0: f(complex, "XUNN", 2, 2, 2, 2); break;
	case 1: f(complex, "lxnn", 2, 2, 2, 2); break;
	case 2: f(complex, "LUQN", 2, 2, 2, 2); break;
	case 3: f(complex, "RLTx", 2, 2, 2, 2); break;
	case 4: f(complex, "LUNN", -1, 2, 2, 2); break;
	case 5: f(complex, "RUCU", 2, -1, 2, 2); break;
	case 6: f(complex, "LUNN", 3, 2, 2, 3); break;  /* lda < m */
	case 7: f(complex, "rlcn", 2, 3, 2, 2); break;  /* lda < n */
	case 8: f(complex, "LLTU", 3, 2, 3, 2); break;  /* ldb < m */
	case 9: f(complex, "LUNN", 0, 2, 1, 1); break;  /* quick return */
	}
}

/* Every check of the CBLAS routine in one layout. */
static void cblas(int complex, int layout, int check)
{
	switch (check) {
	case 0: c(complex, layout, 7, UP, N, NU, 2, 2, 2, 2); break;
	case 1: c(complex, layout, LEFT, 7, N, NU, 2, 2, 2, 2); break;
	case 2: c(complex, layout, LEFT, UP, 7, NU, 2, 2, 2, 2); break;
	case 3: c(complex, layout, RIGHT, LO, C, 7, 2, 2, 2, 2); break;
	case 4: c(complex, layout, LEFT, UP, N, NU, -1, 2, 2, 2); break;
	case 5: c(complex, layout, RIGHT, LO, T, UN, 2, -1, 2, 2); break;
	case 6: c(complex, layout, LEFT, UP, N, NU, 3, 2, 2, 3); break;
	case 7: c(complex, layout, RIGHT, UP, N, NU, 2, 3, 2, 3); break;
	case 8: c(complex, layout, LEFT, LO, T, UN, 3, 3, 3, 2); break;
	}
}

#define FORTRAN_CASES 10
#define CBLAS_CASES 9
#define CASES (2 * FORTRAN_CASES + 2 * (1 + 2 * CBLAS_CASES))

static void run(int which)
{
	for (int complex = 0; complex < 2; complex++) {
		if (which < FORTRAN_CASES) {
			fortran(complex, which);
			return;
		}
		which -= FORTRAN_CASES;
	}
	for (int complex = 0; complex < 2; complex++) {
		if (which == 0) {
			c(complex, 99, LEFT, UP, N, NU, 2, 2, 2, 2);
			return;
		}
		which--;
		for (int layout = ROW; layout <= COL; layout++) {
			if (which < CBLAS_CASES) {
				cblas(complex, layout, which);
				return;
			}
			which -= CBLAS_CASES;
		}
	}
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: trsm_errors CASE|count\n");
		return 2;
	}
	if (strcmp(argv[1], "count") == 0) {
		printf("%d\n", CASES);
		return 0;
	}
	run(atoi(argv[1]));
	printf("returned\n");
	return 0;
}
