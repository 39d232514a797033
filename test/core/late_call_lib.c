/* A library finalized after libtwofold (test/core/late_call): its
 * destructor calls daxpy_ after libtwofold's own destructors have stopped
 * the pool's workers, and prints the threads it then finds (from
 * /proc/self/task) and whether the result was right. */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include "test/core/pool_threads.h"

#define N (1 << 18)

typedef void daxpy_function(const int *, const double *, const double *, const int *, double *,
			    const int *);

static double x[N], y[N];
static int armed;

/* The program calls this, so that the linker keeps the library. */
void late_call_arm(void)
{
	armed = 1;
}

__attribute__((destructor)) static void late_call(void)
{
	if (!armed)
		return;
	daxpy_function *daxpy = (daxpy_function *)dlsym(RTLD_DEFAULT, "daxpy_");
	if (!daxpy) {
		printf("late call: no daxpy_\n");
		return;
	}
	int n = N, one = 1, wrong = 0;
	double alpha = 2;
	for (int i = 0; i < N; i++) {
		x[i] = i % 1000;
		y[i] = 1;
	}
	int before = pool_threads();
	daxpy(&n, &alpha, x, &one, y, &one);
	for (int i = 0; i < N; i++)
		wrong += y[i] != 2.0 * (i % 1000) + 1;
	printf("late call: threads %d before, %d after, %d wrong\n", before, pool_threads(), wrong);
	fflush(stdout);
}
