/* The CPU DD kernels under concurrency: four program threads call dgemm_
 * and dgemv_ with problems large enough to be cut into many tasks, over and
 * over, while the kernels' own thread pool serves one call at a time and the
 * others run on their callers' threads.  Every result must match a plain
 * computation to within its rounding error bound. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "test/f77_blas.h"
#include "test/run_threads.h"

#define THREADS 4
#define ROUNDS 12
#define M 300
#define N 260
#define K 70

/* |got - expected| <= 1e-12 * sum |terms|: far above rounding, far below a
 * wrong or missing term. */
static int close_enough(double got, double expected, double magnitude)
{
	return fabs(got - expected) <= 1e-12 * magnitude;
}

static void *work(void *arg)
{
	long id = (long)arg;
	unsigned seed = 1234u + (unsigned)id;
	double *a = malloc(sizeof(double) * M * K), *b = malloc(sizeof(double) * K * N);
	double *c = malloc(sizeof(double) * M * N), *x = malloc(sizeof(double) * N);
	double *y = malloc(sizeof(double) * M);
	long bad = 0;
	for (int i = 0; i < M * K; i++)
		a[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
	for (int i = 0; i < K * N; i++)
		b[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
	for (int i = 0; i < N; i++)
		x[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
	int m = M, n = N, k = K, one = 1;
	double alpha = 1.0 + id, beta = 0.0;
	for (int round = 0; round < ROUNDS; round++) {
		dgemm_("N", "N", &m, &n, &k, &alpha, a, &m, b, &k, &beta, c, &m, 1, 1);
		for (int j = 0; j < N; j += 37)
			for (int i = 0; i < M; i += 13) {
				double s = 0, size = 0;
				for (int l = 0; l < K; l++) {
					s += a[i + l * M] * b[l + j * K];
					size += fabs(a[i + l * M] * b[l + j * K]);
				}
				bad += !close_enough(c[i + j * M], alpha * s, alpha * size);
			}
		/* y = A(:, 0:n) x with A's first N columns as an M x N matrix */
		int columns = K < N ? K : N;
		dgemv_("N", &m, &columns, &alpha, a, &m, x, &one, &beta, y, &one, 1);
		for (int i = 0; i < M; i += 7) {
			double s = 0, size = 0;
			for (int l = 0; l < columns; l++) {
				s += a[i + l * M] * x[l];
				size += fabs(a[i + l * M] * x[l]);
			}
			bad += !close_enough(y[i], alpha * s, alpha * size);
		}
	}
	free(a), free(b), free(c), free(x), free(y);
	return (void *)bad;
}

int main(void)
{
	long bad = run_threads(THREADS, work);
	printf("%ld wrong results from %d threads x %d rounds\n", bad, THREADS, ROUNDS);
	return bad != 0;
}
