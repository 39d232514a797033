/* Eight OpenMP threads call dgemm_ and dgemv_ at once on different data, a
 * hundred rounds each: every result correct, no deadlock.  Run with the GPU
 * forced (TWOFOLD_GPU_MIN_FLOPS=0), calls queue for the GPU or take the CPU;
 * without a GPU, it is a test of the CPU kernels. */
#include "config.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include "test/f77_blas.h"

#define THREADS 8
#define ROUNDS 100
#define N 96

int main(void)
{
	long wrong = 0;
#pragma omp parallel num_threads(THREADS) reduction(+ : wrong)
	{
		int id = omp_get_thread_num(), n = N, one = 1;
		unsigned seed = 99u + (unsigned)id;
		double *a = malloc(sizeof(double) * N * N), *b = malloc(sizeof(double) * N * N);
		double *c = malloc(sizeof(double) * N * N), *x = malloc(sizeof(double) * N);
		double *y = malloc(sizeof(double) * N);
		for (int round = 0; round < ROUNDS; round++) {
			for (int i = 0; i < N * N; i++) {
				a[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
				b[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
			}
			for (int i = 0; i < N; i++)
				x[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
			double alpha = 1.0 + id, beta = 0.0;
			dgemm_(round % 2 ? "T" : "N", "N", &n, &n, &n, &alpha, a, &n, b, &n, &beta, c, &n, 1, 1);
			dgemv_(round % 2 ? "N" : "T", &n, &n, &alpha, a, &n, x, &one, &beta, y, &one, 1);
			for (int j = 0; j < N; j += 11)
				for (int i = 0; i < N; i += 7) {
					double s = 0, size = 0;
					for (int l = 0; l < N; l++) {
						double ail = round % 2 ? a[l + i * N] : a[i + l * N];
						s += ail * b[l + j * N];
						size += fabs(ail * b[l + j * N]);
					}
					wrong += fabs(c[i + j * N] - alpha * s) > 1e-13 * alpha * size;
				}
			for (int i = 0; i < N; i += 5) {
				double s = 0, size = 0;
				for (int l = 0; l < N; l++) {
					double ail = round % 2 ? a[i + l * N] : a[l + i * N];
					s += ail * x[l];
					size += fabs(ail * x[l]);
				}
				wrong += fabs(y[i] - alpha * s) > 1e-13 * alpha * size;
			}
		}
		free(a), free(b), free(c), free(x), free(y);
	}
	printf("%ld wrong results from %d threads x %d rounds\n", wrong, THREADS, ROUNDS);
	return wrong != 0;
}
