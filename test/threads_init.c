/* The first calls into libtwofold come from eight threads at once: the
 * configuration and the CPU BLAS are initialized once, and every thread gets
 * correct results. */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include "test/f77_blas.h"
#include "test/run_threads.h"

#define THREADS 8
#define N 32
static pthread_barrier_t start;

static void *work(void *arg)
{
	long id = (long)arg;
	double a[N * N], b[N * N], c[N * N], alpha = 1, beta = 0;
	int n = N, one = 1, bad = 0;
	for (int i = 0; i < N * N; i++) {
		a[i] = (double)(i % 7) + id;
		b[i] = (double)(i % 3);
	}
	pthread_barrier_wait(&start);
	for (int round = 0; round < 20; round++) {
		if (id % 2)
			dgemm_("N", "N", &n, &n, &n, &alpha, a, &n, b, &n, &beta, c, &n, 1, 1);
		double dot = ddot_(&n, a, &one, b, &one);
		double expected = 0;
		for (int i = 0; i < N; i++)
			expected += a[i] * b[i];
		bad += dot != expected;
		if (id % 2) {
			for (int j = 0; j < N; j++)
				for (int i = 0; i < N; i++) {
					double s = 0;
					for (int l = 0; l < N; l++)
						s += a[i + l * N] * b[l + j * N];
					bad += fabs(c[i + j * N] - s) > 1e-9 * fabs(s);
				}
		}
	}
	return (void *)(long)bad;
}

int main(void)
{
	pthread_barrier_init(&start, NULL, THREADS);
	long bad = run_threads(THREADS, work);
	printf("%ld wrong results from %d threads\n", bad, THREADS);
	return bad != 0;
}
