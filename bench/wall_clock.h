/* The GPU benchmarks' clock: wall seconds, and the median of five timed
 * calls after one untimed warm-up (each call synchronous). */
#ifndef TF_BENCH_WALL_CLOCK_H
#define TF_BENCH_WALL_CLOCK_H

#include <stdlib.h>
#include <time.h>

static inline double bench_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

static inline int bench_compare(const void *p, const void *q)
{
	double s = *(const double *)p, t = *(const double *)q;
	return (s > t) - (s < t);
}

/* run(routine, cublas) timed: the median of five calls after a warm-up. */
static inline double bench_median_seconds(void (*run)(int routine, int cublas), int routine, int cublas)
{
	double t[5];
	run(routine, cublas);
	for (int i = 0; i < 5; i++) {
		double t0 = bench_now();
		run(routine, cublas);
		t[i] = bench_now() - t0;
	}
	qsort(t, 5, sizeof *t, bench_compare);
	return t[2];
}

#endif
