/* What the ILP64 entry points add to a tiny call: ddot_ (n = 10) and
 * dgemv_ (8 x 8), computed by twofold, against ddot_64_ and dgemv_64_ with
 * the same arguments, and the forwarded sdot_ against sdot_64_ (the 64-bit
 * CPU BLAS where there is one, else the 32-bit CPU BLAS through sdot_).
 * CPU nanoseconds per call of this thread, `calls` calls a run, the two
 * forms run one after the other `rounds` times; prints the medians.
 *
 *   ilp64_calls [calls [rounds]]     (defaults 200000, 9) */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "test/f77_blas.h"

float sdot_(const int *, const float *, const int *, const float *, const int *);
double ddot_64_(const int64_t *, const double *, const int64_t *, const double *, const int64_t *);
float sdot_64_(const int64_t *, const float *, const int64_t *, const float *, const int64_t *);
void dgemv_64_(const char *, const int64_t *, const int64_t *, const double *, const double *,
	       const int64_t *, const double *, const int64_t *, const double *, double *,
	       const int64_t *, size_t);

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double x[64], y[64], a[64];
static float xs[16], ys[16];
static double sink;

static void run(int form, int which, long calls)
{
	const int n = 10, m = 8, one = 1;
	const int64_t n64 = 10, m64 = 8, one64 = 1;
	const double alpha = 1.0, beta = 0.5;
	for (long c = 0; c < calls; c++) {
		switch (which * 2 + form) {
		case 0: sink += ddot_(&n, x, &one, y, &one); break;
		case 1: sink += ddot_64_(&n64, x, &one64, y, &one64); break;
		case 2: dgemv_("N", &m, &m, &alpha, a, &m, x, &one, &beta, y, &one, 1); break;
		case 3: dgemv_64_("N", &m64, &m64, &alpha, a, &m64, x, &one64, &beta, y, &one64, 1); break;
		case 4: sink += sdot_(&n, xs, &one, ys, &one); break;
		case 5: sink += sdot_64_(&n64, xs, &one64, ys, &one64); break;
		}
	}
}

static int by_value(const void *p, const void *q)
{
	double a = *(const double *)p, b = *(const double *)q;
	return (a > b) - (a < b);
}

int main(int argc, char **argv)
{
	long calls = argc > 1 ? atol(argv[1]) : 200000;
	int rounds = argc > 2 ? atoi(argv[2]) : 9;
	static const char *const names[3][2] = {
		{ "ddot_ n = 10", "ddot_64_" }, { "dgemv_ 8 x 8", "dgemv_64_" },
		{ "sdot_ n = 10", "sdot_64_" },
	};
	for (int i = 0; i < 64; i++)
		x[i] = 1.0 / (i + 1), y[i] = 0.5, a[i] = 0.25 * i;
	for (int i = 0; i < 16; i++)
		xs[i] = 1.0f / (float)(i + 1), ys[i] = 0.5f;
	printf("%% routine  32-bit ns/call  ILP64 ns/call  (median of %d runs of %ld calls)\n",
	       rounds, calls);
	for (int which = 0; which < 3; which++) {
		double t[2][64];
		run(0, which, 1), run(1, which, 1); /* loads the CPU BLAS, 64-bit too */
		for (int r = 0; r < rounds && r < 64; r++)
			for (int form = 0; form < 2; form++) {
				double start = now();
				run(form, which, calls);
				t[form][r] = (now() - start) / (double)calls * 1e9;
			}
		qsort(t[0], (size_t)rounds, sizeof(double), by_value);
		qsort(t[1], (size_t)rounds, sizeof(double), by_value);
		printf("%-14s %8.1f  %-10s %8.1f\n", names[which][0], t[0][rounds / 2], names[which][1],
		       t[1][rounds / 2]);
	}
	return sink == 12345.0; /* keeps the calls */
}
