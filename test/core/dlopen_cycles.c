/* libtwofold opened, called and closed 200 times in one process: the pool's
 * workers of each load are stopped and joined when it is unloaded, so the
 * workers (threads named TF_WORKER_NAME: pool_threads.h) and the address
 * space (VmSize) come back to what they were after the first cycle.  Run with TWOFOLD_NUM_THREADS set
 * (2 or more): a daxpy_ of 2^18 elements is shared with the pool's
 * workers, one fewer than that.
 *
 *   dlopen_cycles LIBRARY [CYCLES]
 */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/core/pool_threads.h"

#define N (1 << 18)
/* Slack for what a load may legitimately leave mapped (malloc's arenas
 * grow in 64 MiB steps for new threads; test/core.list caps them): far
 * less than the 8 MiB stack per leaked worker of each of 200 cycles. */
#define VM_SLACK_KB (160L * 1024)

typedef void daxpy_function(const int *, const double *, const double *, const int *, double *,
			    const int *);

static long vm_size_kb(void)
{
	FILE *status = fopen("/proc/self/status", "r");
	if (!status)
		return -1;
	char line[256];
	long kb = -1;
	while (fgets(line, sizeof line, status))
		if (sscanf(line, "VmSize: %ld kB", &kb) == 1)
			break;
	fclose(status);
	return kb;
}

static double x[N], y[N];

/* One cycle: open, one daxpy_ (checked), close.  Returns the threads seen
 * while the library was loaded, or -1 on a failure (reported). */
static int cycle(const char *library, int number)
{
	void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
	if (!handle) {
		printf("FAIL: cycle %d: dlopen: %s\n", number, dlerror());
		return -1;
	}
	daxpy_function *daxpy = (daxpy_function *)dlsym(handle, "daxpy_");
	if (!daxpy) {
		printf("FAIL: cycle %d: no daxpy_ in %s\n", number, library);
		return -1;
	}
	int n = N, one = 1;
	double alpha = 3;
	for (int i = 0; i < N; i++) {
		x[i] = i % 1000;
		y[i] = number;
	}
	daxpy(&n, &alpha, x, &one, y, &one);
	for (int i = 0; i < N; i++)
		if (y[i] != 3.0 * (i % 1000) + number) {
			printf("FAIL: cycle %d: y[%d] = %g, expected %g\n", number, i, y[i],
			       3.0 * (i % 1000) + number);
			return -1;
		}
	int threads = pool_threads();
	if (dlclose(handle)) {
		printf("FAIL: cycle %d: dlclose: %s\n", number, dlerror());
		return -1;
	}
	return threads;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s LIBRARY [CYCLES]\n", argv[0]);
		return 2;
	}
	int cycles = argc > 2 ? atoi(argv[2]) : 200;
	const char *wanted = getenv("TWOFOLD_NUM_THREADS");
	int workers = wanted ? atoi(wanted) - 1 : 0;
	if (workers < 1) {
		printf("FAIL: set TWOFOLD_NUM_THREADS to 2 or more\n");
		return 1;
	}
	int start_threads = pool_threads();
	int loaded = cycle(argv[1], 0);
	if (loaded < 0)
		return 1;
	if (loaded != start_threads + workers) {
		printf("FAIL: %d threads while loaded, expected %d (%d workers)\n", loaded,
		       start_threads + workers, workers);
		return 1;
	}
	int base_threads = pool_threads();
	long base_kb = vm_size_kb();
	printf("after the first cycle: %d threads (%d while loaded), VmSize %ld kB\n", base_threads,
	       loaded, base_kb);
	if (base_threads != start_threads) {
		printf("FAIL: %d threads after dlclose, %d before dlopen\n", base_threads, start_threads);
		return 1;
	}
	for (int c = 1; c < cycles; c++) {
		int seen = cycle(argv[1], c);
		if (seen < 0)
			return 1;
		if (seen != loaded) {
			printf("FAIL: cycle %d: %d threads while loaded, %d in the first\n", c, seen, loaded);
			return 1;
		}
	}
	int end_threads = pool_threads();
	long end_kb = vm_size_kb();
	printf("after %d cycles: %d threads, VmSize %ld kB (%+ld kB)\n", cycles, end_threads, end_kb,
	       end_kb - base_kb);
	if (end_threads != base_threads) {
		printf("FAIL: %d threads left, %d after the first cycle\n", end_threads, base_threads);
		return 1;
	}
	if (end_kb - base_kb > VM_SLACK_KB) {
		printf("FAIL: the address space grew by %ld kB (at most %ld expected)\n", end_kb - base_kb,
		       VM_SLACK_KB);
		return 1;
	}
	return 0;
}
