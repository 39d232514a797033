/* The residual history and its CSV (history.h). */
#include "history.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void copy(char *to, size_t size, const char *from)
{
	snprintf(to, size, "%s", from ? from : "");
}

struct history_run *history_add_run(struct history *h, const char *method, const char *precision,
				    const char *precond, const char *device)
{
	if (h->runs >= HISTORY_MAX_RUNS)
		return NULL;
	struct history_run *run = &h->run[h->runs++];
	memset(run, 0, sizeof *run);
	copy(run->method, sizeof run->method, method);
	copy(run->precision, sizeof run->precision, precision);
	copy(run->precond, sizeof run->precond, precond);
	copy(run->device, sizeof run->device, device);
	run->true_residual = NAN;
	history_add(run, 0, 1.0);
	return run;
}

int history_add(struct history_run *run, int iteration, double residual)
{
	if (run->count == run->capacity) {
		int capacity = run->capacity ? 2 * run->capacity : 1024;
		int *iterations = realloc(run->iteration, (size_t)capacity * sizeof *iterations);
		if (iterations)
			run->iteration = iterations;
		double *residuals = iterations ?
			realloc(run->residual, (size_t)capacity * sizeof *residuals) : NULL;
		if (residuals)
			run->residual = residuals;
		if (!iterations || !residuals) {
			run->lost++;
			return -1;
		}
		run->capacity = capacity;
	}
	run->iteration[run->count] = iteration;
	run->residual[run->count] = residual;
	run->count++;
	return 0;
}

void history_run_label(const struct history_run *run, char *label, size_t size)
{
	snprintf(label, size, "%s %s %s %s", run->method, run->precision, run->precond,
		 run->device);
}

int history_write_csv(const struct history *h, const char *path, char *error, size_t error_size)
{
	errno = 0;
	FILE *file = fopen(path, "w");
	if (!file) {
		snprintf(error, error_size, "%s: cannot write: %s", path,
			 errno ? strerror(errno) : "unknown reason");
		return -1;
	}
	fprintf(file, "method,precision,precond,device,iteration,residual\n");
	for (int r = 0; r < h->runs; r++) {
		const struct history_run *run = &h->run[r];
		for (int k = 0; k < run->count; k++)
			fprintf(file, "%s,%s,%s,%s,%d,%.17g\n", run->method, run->precision,
				run->precond, run->device, run->iteration[k], run->residual[k]);
	}
	int failed = ferror(file);
	errno = 0;
	if (fclose(file) != 0 || failed) {
		snprintf(error, error_size, "%s: write error: %s", path,
			 errno ? strerror(errno) : "unknown reason");
		return -1;
	}
	return 0;
}

void history_free(struct history *h)
{
	for (int r = 0; r < h->runs; r++) {
		free(h->run[r].iteration);
		free(h->run[r].residual);
	}
	memset(h, 0, sizeof *h);
}
