/* call_overhead: what libtwofold's entry layer costs a call that it only
 * forwards.  Linked with the reference BLAS; bench/call_overhead.sh runs it
 * as it is and with libtwofold preloaded, and prints both side by side.
 *
 * Each line: routine, problem size, nanoseconds per call (median of 11 runs
 * of many calls each). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

double ddot_(const int *, const double *, const int *, const double *, const int *);
void dscal_(const int *, const double *, double *, const int *);
void dgemv_(const char *, const int *, const int *, const double *, const double *, const int *,
	    const double *, const int *, const double *, double *, const int *, size_t);

#define RUNS 11

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int compare(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double sink;

/* Median over RUNS of the time per call of `calls` calls of body(n). */
static double time_calls(void (*body)(int), int n, long calls)
{
	double runs[RUNS];
	for (int r = 0; r < RUNS; r++) {
		double start = now();
		for (long c = 0; c < calls; c++)
			body(n);
		runs[r] = (now() - start) / (double)calls;
	}
	qsort(runs, RUNS, sizeof runs[0], compare);
	return runs[RUNS / 2];
}

static double x[64], y[64], a[64 * 64];

static void call_ddot(int n)
{
	int one = 1;
	sink += ddot_(&n, x, &one, y, &one);
}

static void call_dscal(int n)
{
	int one = 1;
	double alpha = 1.0;
	dscal_(&n, &alpha, x, &one);
}

static void call_dgemv(int n)
{
	int one = 1;
	double alpha = 1.0, beta = 0.0;
	dgemv_("N", &n, &n, &alpha, a, &n, x, &one, &beta, y, &one, 1);
}

int main(void)
{
	for (int i = 0; i < 64; i++)
		x[i] = y[i] = 1.0 / (i + 1);
	for (int i = 0; i < 64 * 64; i++)
		a[i] = 1.0 / (i + 1);
	printf("%% routine  n  ns_per_call\n");
	printf("ddot_  1  %.1f\n", 1e9 * time_calls(call_ddot, 1, 200000));
	printf("dscal_  1  %.1f\n", 1e9 * time_calls(call_dscal, 1, 200000));
	printf("dgemv_  1  %.1f\n", 1e9 * time_calls(call_dgemv, 1, 200000));
	printf("dgemv_  64  %.1f\n", 1e9 * time_calls(call_dgemv, 64, 20000));
	return sink < 0;
}
