/* blas1_cpu: the time of the Level 1 routines that twofold computes in DD,
 * per call, at one vector length.  Linked with the reference BLAS;
 * bench/blas1_cpu.sh runs it with libtwofold preloaded in cpu mode (the
 * reference's arithmetic behind twofold's entry layer) and in dd mode, and
 * prints the ratio.
 *
 *   blas1_cpu N    each line: routine, N, nanoseconds per call (median of
 *                  11 runs of enough calls to take about 20 ms each), in
 *                  the thread's CPU time, so that a shared machine's other
 *                  work counts less
 *
 * The data are made afresh for each routine and keep their size over
 * repeated calls: the rotations and zscal use matrices of norm 1 or
 * barely more, zaxpy a small alpha. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

double ddot_(const int *, const double *, const int *, const double *, const int *);
void zdotcsub_(const int *, const double *, const int *, const double *, const int *, double *);
double dnrm2_(const int *, const double *, const int *);
double dznrm2_(const int *, const double *, const int *);
double dasum_(const int *, const double *, const int *);
double dzasum_(const int *, const double *, const int *);
void drot_(const int *, double *, const int *, double *, const int *, const double *,
	   const double *);
void zdrot_(const int *, double *, const int *, double *, const int *, const double *,
	    const double *);
void drotm_(const int *, double *, const int *, double *, const int *, const double *);
void zaxpy_(const int *, const double *, const double *, const int *, double *, const int *);
void zscal_(const int *, const double *, double *, const int *);

#define RUNS 11

static double *x, *y;
static int n, one = 1;
static double sink;

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int compare(const void *a, const void *b)
{
	double u = *(const double *)a, v = *(const double *)b;
	return (u > v) - (u < v);
}

static void call_ddot(void) { sink += ddot_(&n, x, &one, y, &one); }
static void call_zdotc(void)
{
	double dot[2];
	zdotcsub_(&n, x, &one, y, &one, dot);
	sink += dot[0];
}
static void call_dnrm2(void) { sink += dnrm2_(&n, x, &one); }
static void call_dznrm2(void) { sink += dznrm2_(&n, x, &one); }
static void call_dasum(void) { sink += dasum_(&n, x, &one); }
static void call_dzasum(void) { sink += dzasum_(&n, x, &one); }

static const double c = 0.6, s = 0.8;
static void call_drot(void) { drot_(&n, x, &one, y, &one, &c, &s); }
static void call_zdrot(void) { zdrot_(&n, x, &one, y, &one, &c, &s); }

static const double param_full[5] = { -1.0, 0.6, -0.8, 0.8, 0.6 };
/* H = (1, 2^-10; -2^-10, 1) and (2^-10, 1; -1, 2^-10) grow vectors by
 * at most sqrt(1 + 2^-20) a call */
static const double param_off[5] = { 0.0, 0.0, -0x1p-10, 0x1p-10, 0.0 };
static const double param_diag[5] = { 1.0, 0x1p-10, 0.0, 0.0, 0x1p-10 };
static void call_drotm_full(void) { drotm_(&n, x, &one, y, &one, param_full); }
static void call_drotm_off(void) { drotm_(&n, x, &one, y, &one, param_off); }
static void call_drotm_diag(void) { drotm_(&n, x, &one, y, &one, param_diag); }

static const double small[2] = { 1e-9, -2e-9 }, unit[2] = { 0.6, 0.8 };
static void call_zaxpy(void) { zaxpy_(&n, small, x, &one, y, &one); }
static void call_zscal(void) { zscal_(&n, unit, x, &one); }

static const struct bench {
	const char *name;
	void (*call)(void);
} benches[] = {
	{ "ddot", call_ddot }, { "zdotc", call_zdotc },
	{ "dnrm2", call_dnrm2 }, { "dznrm2", call_dznrm2 }, { "dasum", call_dasum },
	{ "dzasum", call_dzasum }, { "drot", call_drot }, { "zdrot", call_zdrot },
	{ "drotm(-1)", call_drotm_full }, { "drotm(0)", call_drotm_off },
	{ "drotm(1)", call_drotm_diag }, { "zaxpy", call_zaxpy }, { "zscal", call_zscal },
};

/* Median over RUNS of the time per call. */
static double time_calls(void (*call)(void))
{
	long calls = 1;
	for (;;) { /* enough calls for about 20 ms */
		double start = now();
		for (long i = 0; i < calls; i++)
			call();
		if (now() - start > 0.02)
			break;
		calls *= 2;
	}
	double runs[RUNS];
	for (int r = 0; r < RUNS; r++) {
		double start = now();
		for (long i = 0; i < calls; i++)
			call();
		runs[r] = (now() - start) / (double)calls;
	}
	qsort(runs, RUNS, sizeof runs[0], compare);
	return runs[RUNS / 2];
}

int main(int argc, char **argv)
{
	n = argc > 1 ? atoi(argv[1]) : 4096;
	if (n < 1) {
		fprintf(stderr, "usage: %s N (N >= 1)\n", argv[0]);
		return 1;
	}
	x = malloc(2 * (size_t)n * sizeof *x);
	y = malloc(2 * (size_t)n * sizeof *y);
	if (!x || !y)
		return 1;
	printf("%% routine n ns_per_call\n");
	for (size_t b = 0; b < sizeof benches / sizeof *benches; b++) {
		srand(1);
		for (int i = 0; i < 2 * n; i++) {
			x[i] = (double)rand() / RAND_MAX - 0.5;
			y[i] = (double)rand() / RAND_MAX - 0.5;
		}
		printf("%-10s %6d %12.1f\n", benches[b].name, n, 1e9 * time_calls(benches[b].call));
	}
	if (sink == 42.0)
		printf("%% %g\n", sink);
	free(x);
	free(y);
	return 0;
}
