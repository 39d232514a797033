/* How many threads the CPU kernels use: one daxpy_ large enough to be
 * shared with the pool, then the threads of this process (the caller and
 * the pool's workers, from /proc/self/task), printed as "threads N".  The
 * result is checked, so that a wrong sum cannot pass for a count. */
#include "config.h"

#include <stdio.h>
#include "test/core/pool_threads.h"
#include "test/f77_blas.h"

#define N (1 << 20)

static double x[N], y[N];

int main(void)
{
	int n = N, one = 1;
	double alpha = 2;
	for (int i = 0; i < N; i++) {
		x[i] = i % 97;
		y[i] = 1;
	}
	daxpy_(&n, &alpha, x, &one, y, &one);
	for (int i = 0; i < N; i++)
		if (y[i] != 2.0 * (i % 97) + 1) {
			printf("FAIL: y[%d] = %g, expected %g\n", i, y[i], 2.0 * (i % 97) + 1);
			return 1;
		}
	int threads = pool_threads();
	if (threads < 0) {
		printf("FAIL: no /proc/self/task\n");
		return 1;
	}
	printf("threads %d\n", threads);
	return 0;
}
