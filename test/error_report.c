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

/* The checks of cblas_dgemm that read alike in both layouts: TransA, TransB,
 * M, N and K.  (The leading dimensions are checked against the shapes as
 * stored, so their cases differ.) */
static void c_gemm_shape(int layout, int check)
{
	switch (check) {
	case 0: c_gemm(layout, 7, NOTRANS, 2, 2, 2, 2, 2, 2); break;
	case 1: c_gemm(layout, NOTRANS, 7, 2, 2, 2, 2, 2, 2); break;
	case 2: c_gemm(layout, NOTRANS, NOTRANS, -1, 2, 2, 2, 2, 2); break;
	case 3: c_gemm(layout, NOTRANS, NOTRANS, 2, -1, 2, 2, 2, 2); break;
	case 4: c_gemm(layout, NOTRANS, NOTRANS, 2, 2, -1, 2, 2, 2); break;
	}
}

/* Every check of cblas_dgemv in one layout.  lda = 2 is one short of the
 * dimension it must cover: M in column-major, N in row-major. */
static void c_gemv_checks(int layout, int check)
{
	int m = layout == COL ? 3 : 2, n = layout == COL ? 2 : 3;
	switch (check) {
	case 0: c_gemv(layout, 0, 2, 2, 2, 1, 1); break;
	case 1: c_gemv(layout, NOTRANS, -1, 2, 2, 1, 1); break;
	case 2: c_gemv(layout, TRANS, 2, -1, 2, 1, 1); break;
	case 3: c_gemv(layout, NOTRANS, m, n, 2, 1, 1); break;
	case 4: c_gemv(layout, CONJ, 2, 2, 2, 0, 1); break;
	case 5: c_gemv(layout, NOTRANS, 2, 2, 2, 1, 0); break;
	}
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
	case 21: case 22: case 23: case 24: case 25: c_gemm_shape(COL, which - 21); break;
	case 26: c_gemm(COL, NOTRANS, NOTRANS, 3, 2, 2, 2, 2, 3); break;
	case 27: c_gemm(COL, TRANS, NOTRANS, 2, 2, 3, 2, 3, 2); break;
	case 28: c_gemm(COL, NOTRANS, CONJ, 2, 3, 2, 2, 2, 2); break;
	case 29: c_gemm(COL, NOTRANS, NOTRANS, 2, 2, 2, 2, 2, 1); break;
	case 30: case 31: case 32: case 33: case 34: c_gemm_shape(ROW, which - 30); break;
	case 35: c_gemm(ROW, NOTRANS, NOTRANS, 2, 2, 3, 2, 2, 2); break;
	case 36: c_gemm(ROW, TRANS, NOTRANS, 3, 2, 2, 2, 2, 2); break;
	case 37: c_gemm(ROW, NOTRANS, NOTRANS, 2, 3, 2, 2, 2, 3); break;
	case 38: c_gemm(ROW, NOTRANS, TRANS, 2, 2, 3, 3, 2, 2); break;
	case 39: c_gemm(ROW, NOTRANS, NOTRANS, 2, 3, 2, 2, 3, 2); break;
	/* cblas_dgemv, both layouts */
	case 40: c_gemv(0, NOTRANS, 2, 2, 2, 1, 1); break;
	case 41: case 42: case 43: case 44: case 45: case 46: c_gemv_checks(COL, which - 41); break;
	case 47: case 48: case 49: case 50: case 51: case 52: c_gemv_checks(ROW, which - 47); break;
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
