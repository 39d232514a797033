/* C programs often call the Fortran BLAS without the hidden string lengths
 * that gfortran passes after the arguments.  twofold must work for them: it
 * may not read those lengths, and it may not pass its own call on in a way
 * that writes them into the caller's stack (a tail call would).  The calls
 * below, through prototypes that omit the lengths, must give the right
 * results and leave the caller's frame intact. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
	    const double *, const int *, const double *, const int *, const double *, double *,
	    const int *);
void dgemv_(const char *, const int *, const int *, const double *, const double *, const int *,
	    const double *, const int *, const double *, double *, const int *);
void dtrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
	    const double *, const double *, const int *, double *, const int *);
void dsyrk_(const char *, const char *, const int *, const int *, const double *, const double *,
	    const int *, const double *, double *, const int *);
int lsame_(const char *, const char *);

#define N 4
static int failures;

static void check(const char *what, double got, double expected)
{
	if (fabs(got - expected) > 1e-12 * (1 + fabs(expected))) {
		printf("%s: expected %.17g, got %.17g\n", what, expected, got);
		failures++;
	}
}

/* The canaries sit in the caller's frame, next to its outgoing arguments. */
#define CANARY 0x5a5a5a5a5a5a5a5aull
#define GUARD volatile unsigned long long guard[8]; \
	for (int g = 0; g < 8; g++) guard[g] = CANARY
#define CHECK_GUARD(what) for (int g = 0; g < 8; g++) if (guard[g] != CANARY) { \
	printf("%s: caller's stack overwritten\n", what); failures++; break; }

static void test_gemm(const double *a, const double *b)
{
	GUARD;
	double c[N * N], alpha = 1, beta = 0;
	int n = N;
	dgemm_("T", "N", &n, &n, &n, &alpha, a, &n, b, &n, &beta, c, &n);
	CHECK_GUARD("dgemm_");
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			double s = 0;
			for (int l = 0; l < N; l++)
				s += a[l + i * N] * b[l + j * N];
			check("dgemm_", c[i + j * N], s);
		}
}

static void test_gemv(const double *a, const double *x)
{
	GUARD;
	double y[N], alpha = 2, beta = 0;
	int n = N, one = 1;
	dgemv_("N", &n, &n, &alpha, a, &n, x, &one, &beta, y, &one);
	CHECK_GUARD("dgemv_");
	for (int i = 0; i < N; i++) {
		double s = 0;
		for (int l = 0; l < N; l++)
			s += a[i + l * N] * x[l];
		check("dgemv_", y[i], 2 * s);
	}
}

static void test_trsm(const double *a, const double *b)
{
	GUARD;
	double x[N * N], alpha = 1;
	int n = N;
	memcpy(x, b, sizeof x);
	/* L X = B with L the lower triangle of a (unit diagonal): substitute back */
	dtrsm_("L", "L", "N", "U", &n, &n, &alpha, a, &n, x, &n);
	CHECK_GUARD("dtrsm_");
	for (int j = 0; j < N; j++)
		for (int i = 0; i < N; i++) {
			double s = x[i + j * N];
			for (int l = 0; l < i; l++)
				s += a[i + l * N] * x[l + j * N];
			check("dtrsm_", s, b[i + j * N]);
		}
}

static void test_syrk(const double *a)
{
	GUARD;
	double c[N * N] = { 0 }, alpha = 1, beta = 0;
	int n = N;
	dsyrk_("U", "N", &n, &n, &alpha, a, &n, &beta, c, &n);
	CHECK_GUARD("dsyrk_");
	for (int j = 0; j < N; j++)
		for (int i = 0; i <= j; i++) {
			double s = 0;
			for (int l = 0; l < N; l++)
				s += a[i + l * N] * a[j + l * N];
			check("dsyrk_", c[i + j * N], s);
		}
}

int main(void)
{
	double a[N * N], b[N * N], x[N];
	for (int i = 0; i < N * N; i++) {
		a[i] = 1.0 / (i + 1);
		b[i] = (i % 5) - 2.0;
	}
	for (int i = 0; i < N; i++)
		x[i] = i + 0.5;
	test_gemm(a, b);
	test_gemv(a, x);
	test_trsm(a, b);
	test_syrk(a);
	if (!lsame_("a", "A") || lsame_("a", "B")) {
		printf("lsame_: wrong answer\n");
		failures++;
	}
	printf("%s\n", failures ? "FAILED" : "dgemm_, dgemv_, dtrsm_, dsyrk_, lsame_ called without hidden lengths: correct");
	return failures != 0;
}
