/* history.h: the residual of every iteration of every run, as the monitor
 * reports it, and its CSV form (twofold-solve --history). */
#ifndef TF_TOOLS_HISTORY_H
#define TF_TOOLS_HISTORY_H

#include <stddef.h>

#define HISTORY_MAX_RUNS 8

struct history_run {
	char method[16], precision[16], precond[16], device[16];
	int count, capacity;
	int *iteration;
	double *residual;   /* recursive relative residual ||r|| / ||b|| */
	int lost;           /* points dropped for want of memory */
	double true_residual; /* of the result, once known; NaN until then */
};

struct history {
	int runs;
	struct history_run run[HISTORY_MAX_RUNS];
};

/* A new run named by its method, precision, preconditioner and device
 * (the device may be set later, once the solve says where it ran), with
 * the point (0, 1): the initial guess x = 0, whose residual is b, and no
 * true residual yet.
 * Returns NULL when HISTORY_MAX_RUNS are taken. */
struct history_run *history_add_run(struct history *h, const char *method, const char *precision,
				    const char *precond, const char *device);

/* Appends a point; returns 0, or -1 (and counts it lost) without memory.
 * Uses only libc: it runs inside a solve's monitor. */
int history_add(struct history_run *run, int iteration, double residual);

/* "method precision precond device", e.g. "cg dd ilu0 cpu". */
void history_run_label(const struct history_run *run, char *label, size_t size);

/* Writes the CSV: a header line "method,precision,precond,device,
 * iteration,residual", then one line per point, the residual to 17
 * significant digits.  Returns 0, or -1 with "PATH: reason" in error. */
int history_write_csv(const struct history *h, const char *path, char *error, size_t error_size);

void history_free(struct history *h);

#endif
