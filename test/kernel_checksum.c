/* Prints a checksum of the bits of dgemm_ (all transposes), dgemv_ (N and T)
 * and daxpy_ results on fixed data: test/kernel_isa.sh compares it across
 * the instruction sets of the CPU DD kernels (TWOFOLD_CPU_KERNEL). */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/f77_blas.h"

#define N 157

static uint64_t hash = 1469598103934665603u;

static void mix(const double *v, int count)
{
	for (int i = 0; i < count; i++) {
		uint64_t bits;
		memcpy(&bits, &v[i], sizeof bits);
		hash = (hash ^ bits) * 1099511628211u;
	}
}

int main(void)
{
	static double a[N * N], b[N * N], c[N * N], x[N], y[N];
	unsigned seed = 7;
	for (int i = 0; i < N * N; i++) {
		a[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
		b[i] = ((double)rand_r(&seed) / RAND_MAX - 0.5) * 1e3;
	}
	int n = N, one = 1, minus = -2;
	double alpha = 0.3, beta = -1.7;
	const char *trans[] = { "N", "T" };
	for (int ta = 0; ta < 2; ta++)
		for (int tb = 0; tb < 2; tb++) {
			memcpy(c, b, sizeof c);
			dgemm_(trans[ta], trans[tb], &n, &n, &n, &alpha, a, &n, b, &n, &beta, c, &n, 1, 1);
			mix(c, N * N);
		}
	for (int t = 0; t < 2; t++) {
		memcpy(x, a, sizeof x);
		memcpy(y, b, sizeof y);
		dgemv_(trans[t], &n, &n, &alpha, a, &n, x, &one, &beta, y, &one, 1);
		mix(y, N);
	}
	int half = N / 2;
	memcpy(y, b, sizeof y);
	daxpy_(&n, &alpha, a, &one, y, &one);
	daxpy_(&half, &beta, a, &minus, y, &minus);
	mix(y, N);
	printf("%016llx\n", (unsigned long long)hash);
	return 0;
}
