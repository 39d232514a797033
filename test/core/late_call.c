/* A call into libtwofold after its destructors ran (another library's
 * destructor, test/core/late_call_lib.c, linked after libtwofold so that it
 * is finalized after it): it runs on the caller's thread, with the pool's
 * workers gone, and gives the right result.  Run with
 * TWOFOLD_NUM_THREADS=4; prints the threads while the program runs. */
#include "config.h"

#include <stdio.h>
#include "test/core/pool_threads.h"
#include "test/f77_blas.h"

#define N (1 << 18)

void late_call_arm(void);

static double x[N], y[N];

int main(void)
{
	int n = N, one = 1;
	double alpha = 1;
	daxpy_(&n, &alpha, x, &one, y, &one);
	printf("running: threads %d\n", pool_threads());
	late_call_arm();
	return 0;
}
