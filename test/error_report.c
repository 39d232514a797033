/* One illegal call per case, for comparing what twofold reports with what the
 * reference BLAS reports (test/error_report.sh builds this file twice, against
 * each, and compares output and exit status case by case).
 *
 *   error_report CASE     makes the call, then prints "returned"
 *   error_report count    prints the number of cases */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/f77_blas.h"

void cblas_dgemm(int, int, int, int, int, int, double, const double *, int, const double *, int,
		 double, double *, int);
void cblas_dgemv(int, int, int, int, double, const double *, int, const double *, int, double,
		 double *, int);
void cblas_daxpy(int, double, const double *, int, double *, int);

enum { ROW = 101, COL = 102, NOTRANS = 111, TRANS = 112, CONJ = 113 };

static double a[64], b[64], c[64], x[16], y[16];

static void f_gemm(const char *ta, const char *tb, int m, int n, int k, int lda, int ldb, int ldc)
{
	double alpha = 1, beta = 0;
	dgemm_(ta, tb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1);
}

static void f_gemv(const char *t, int m, int n, int lda, int incx, int incy)
{
	double alpha = 1, beta = 0;
	dgemv_(t, &m, &n, &alpha, a, &lda, x, &incx, &beta, y, &incy, 1);
}

static void c_gemm(int layout, int ta, int tb, int m, int n, int k, int lda, int ldb, int ldc)
{
	cblas_dgemm(layout, ta, tb, m, n, k, 1.0, a, lda, b, ldb, 0.0, c, ldc);
}

static void c_gemv(int layout, int t, int m, int n, int lda, int incx, int incy)
{
	cblas_dgemv(layout, t, m, n, 1.0, a, lda, x, incx, 0.0, y, incy);
}

static void run(int which)
{
	int n = -1;
	double alpha = 2;
	switch (which) {
	/* dgemm_: every parameter the reference checks, options in either case */
	case 0: f_gemm("X", "N", 2, 2, 2, 2, 2, 2); break;
	case 1: f_gemm("N", "x", 2, 2, 2, 2, 2, 2); break;
	case 2: f_gemm("n", "t", -1, 2, 2, 2, 2, 2); break;
	case 3: f_gemm("N", "N", 2, -1, 2, 2, 2, 2); break;
	case 4: f_gemm("N", "N", 2, 2, -1, 2, 2, 2); break;
	case 5: f_gemm("N", "N", 3, 2, 2, 2, 2, 3); break;
	case 6: f_gemm("T", "N", 2, 2, 3, 2, 3, 2); break;
	case 7: f_gemm("N", "N", 2, 2, 3, 2, 2, 2); break;
	case 8: f_gemm("N", "T", 2, 3, 2, 2, 2, 2); break;
	case 9: f_gemm("C", "c", 2, 2, 2, 2, 2, 1); break;
	case 10: f_gemm("c", "T", 0, 0, 0, 1, 1, 1); break;
	case 11: f_gemm("N", "N", 0, 2, 2, 0, 2, 1); break;
	/* dgemv_ */
	case 12: f_gemv("Q", 2, 2, 2, 1, 1); break;
	case 13: f_gemv("N", -1, 2, 2, 1, 1); break;
	case 14: f_gemv("t", 2, -1, 2, 1, 1); break;
	case 15: f_gemv("N", 3, 2, 2, 1, 1); break;
	case 16: f_gemv("C", 2, 2, 2, 0, 1); break;
	case 17: f_gemv("N", 2, 2, 2, 1, 0); break;
	case 18: f_gemv("n", 0, 0, 1, -1, -1); break;
	/* daxpy_: checks nothing */
	case 19: daxpy_(&n, &alpha, x, &n, y, &n); break;
	/* cblas_dgemm, both layouts */
	case 20: c_gemm(99, NOTRANS, NOTRANS, 2, 2, 2, 2, 2, 2); break;
	case 21: c_gemm(COL, 7, NOTRANS, 2, 2, 2, 2, 2, 2); break;
	case 22: c_gemm(COL, NOTRANS, 7, 2, 2, 2, 2, 2, 2); break;
	case 23: c_gemm(COL, NOTRANS, NOTRANS, -1, 2, 2, 2, 2, 2); break;
	case 24: c_gemm(COL, NOTRANS, NOTRANS, 2, -1, 2, 2, 2, 2); break;
	case 25: c_gemm(COL, NOTRANS, NOTRANS, 2, 2, -1, 2, 2, 2); break;
	case 26: c_gemm(COL, NOTRANS, NOTRANS, 3, 2, 2, 2, 2, 3); break;
	case 27: c_gemm(COL, TRANS, NOTRANS, 2, 2, 3, 2, 3, 2); break;
	case 28: c_gemm(COL, NOTRANS, CONJ, 2, 3, 2, 2, 2, 2); break;
	case 29: c_gemm(COL, NOTRANS, NOTRANS, 2, 2, 2, 2, 2, 1); break;
	case 30: c_gemm(ROW, 7, NOTRANS, 2, 2, 2, 2, 2, 2); break;
	case 31: c_gemm(ROW, NOTRANS, 7, 2, 2, 2, 2, 2, 2); break;
	case 32: c_gemm(ROW, NOTRANS, NOTRANS, -1, 2, 2, 2, 2, 2); break;
	case 33: c_gemm(ROW, NOTRANS, NOTRANS, 2, -1, 2, 2, 2, 2); break;
	case 34: c_gemm(ROW, NOTRANS, NOTRANS, 2, 2, -1, 2, 2, 2); break;
	case 35: c_gemm(ROW, NOTRANS, NOTRANS, 2, 2, 3, 2, 2, 2); break;
	case 36: c_gemm(ROW, TRANS, NOTRANS, 3, 2, 2, 2, 2, 2); break;
	case 37: c_gemm(ROW, NOTRANS, NOTRANS, 2, 3, 2, 2, 2, 3); break;
	case 38: c_gemm(ROW, NOTRANS, TRANS, 2, 2, 3, 3, 2, 2); break;
	case 39: c_gemm(ROW, NOTRANS, NOTRANS, 2, 3, 2, 2, 3, 2); break;
	/* cblas_dgemv, both layouts */
	case 40: c_gemv(0, NOTRANS, 2, 2, 2, 1, 1); break;
	case 41: c_gemv(COL, 0, 2, 2, 2, 1, 1); break;
	case 42: c_gemv(COL, NOTRANS, -1, 2, 2, 1, 1); break;
	case 43: c_gemv(COL, TRANS, 2, -1, 2, 1, 1); break;
	case 44: c_gemv(COL, NOTRANS, 3, 2, 2, 1, 1); break;
	case 45: c_gemv(COL, CONJ, 2, 2, 2, 0, 1); break;
	case 46: c_gemv(COL, NOTRANS, 2, 2, 2, 1, 0); break;
	case 47: c_gemv(ROW, 0, 2, 2, 2, 1, 1); break;
	case 48: c_gemv(ROW, NOTRANS, -1, 2, 2, 1, 1); break;
	case 49: c_gemv(ROW, TRANS, 2, -1, 2, 1, 1); break;
	case 50: c_gemv(ROW, NOTRANS, 2, 3, 2, 1, 1); break;
	case 51: c_gemv(ROW, CONJ, 2, 2, 2, 0, 1); break;
	case 52: c_gemv(ROW, NOTRANS, 2, 2, 2, 1, 0); break;
	/* cblas_daxpy */
	case 53: cblas_daxpy(-1, 2.0, x, 0, y, 0); break;
	/* a legal call that does work */
	case 54: f_gemm("N", "N", 2, 2, 2, 2, 2, 2); break;
	}
}

#define CASES 55

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: error_report CASE|count\n");
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
