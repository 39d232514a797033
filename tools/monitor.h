/* monitor.h: the solve's monitor (tf_solve_options.monitor) for
 * twofold-solve: it records every iteration's residual in the run's
 * history and, when asked, keeps a progress line on stderr, redrawn at
 * most four times a second.  It calls no twofold routine (a monitor runs
 * inside the solve, which may hold the GPU), only libc. */
#ifndef TF_TOOLS_MONITOR_H
#define TF_TOOLS_MONITOR_H

#include <stdio.h>
#include "history.h"

struct monitor {
	struct history_run *run;   /* NULL: keep no history */
	FILE *progress;            /* NULL: no progress line */
	const char *label;         /* what runs, e.g. "cg dd" */
	double last_draw;          /* seconds, of the last redraw */
	int drawn;                 /* characters of the line on the screen */
};

/* Starts a run: no line drawn yet. */
void monitor_begin(struct monitor *m, struct history_run *run, FILE *progress,
		   const char *label);

/* The callback: context is a struct monitor.  Returns 0 (never stops the
 * solve). */
int monitor_iteration(int iteration, double residual, void *context);

/* Erases the progress line, so that the table goes on a clean line. */
void monitor_end(struct monitor *m);

/* 1 when stderr should carry a progress line: it is a terminal. */
int monitor_stderr_is_terminal(void);

#endif
