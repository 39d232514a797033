/* Runs one dgemm of M x N x K ('N', 'N', alpha 1, beta 0, host arrays of
 * finite data), so that the TWOFOLD_LOG report says where it ran: the test
 * of twofold-info --plan compares that with the dry run's answer. */
#include <stdio.h>
#include <stdlib.h>
#include "test/f77_blas.h"

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: run_dgemm M N K\n");
		return 2;
	}
	int m = atoi(argv[1]), n = atoi(argv[2]), k = atoi(argv[3]);
	int lda = m > 1 ? m : 1, ldb = k > 1 ? k : 1, ldc = lda;
	double *a = malloc(sizeof(double) * (size_t)lda * (size_t)(k > 0 ? k : 1));
	double *b = malloc(sizeof(double) * (size_t)ldb * (size_t)(n > 0 ? n : 1));
	double *c = malloc(sizeof(double) * (size_t)ldc * (size_t)(n > 0 ? n : 1));
	if (!a || !b || !c)
		return 2;
	for (long i = 0; i < (long)lda * k; i++)
		a[i] = 1.0 / (double)(i % 7 + 1);
	for (long i = 0; i < (long)ldb * n; i++)
		b[i] = (double)(i % 5) - 2.0;
	double one = 1.0, zero = 0.0;
	dgemm_("N", "N", &m, &n, &k, &one, a, &lda, b, &ldb, &zero, c, &ldc, 1, 1);
	free(a), free(b), free(c);
	return 0;
}
