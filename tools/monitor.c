/* The solve's monitor (monitor.h). */
#define _POSIX_C_SOURCE 200809L  /* isatty, fileno */
#include "monitor.h"

#include <time.h>
#include <unistd.h>

/* Four redraws a second: enough to see it move, few enough to cost
 * nothing next to a solve. */
#define MONITOR_INTERVAL 0.25

static double now(void)
{
	struct timespec t;
	if (timespec_get(&t, TIME_UTC) != TIME_UTC)
		return 0;
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void monitor_begin(struct monitor *m, struct history_run *run, FILE *progress,
		   const char *label)
{
	m->run = run;
	m->progress = progress;
	m->label = label;
	m->last_draw = now();
	m->drawn = 0;
}

int monitor_iteration(int iteration, double residual, void *context)
{
	struct monitor *m = context;
	if (m->run)
		history_add(m->run, iteration, residual);
	if (m->progress) {
		double t = now();
		if (t - m->last_draw >= MONITOR_INTERVAL) {
			m->last_draw = t;
			int length = fprintf(m->progress, "\r%s: iteration %d, residual %.3e", m->label,
					     iteration, residual);
			/* blank out the rest of a longer earlier line */
			for (int i = length; i < m->drawn; i++)
				fputc(' ', m->progress);
			if (length > m->drawn)
				m->drawn = length;
			fflush(m->progress);
		}
	}
	return 0;
}

void monitor_end(struct monitor *m)
{
	if (m->progress && m->drawn > 0) {
		fputc('\r', m->progress);
		for (int i = 0; i < m->drawn; i++)
			fputc(' ', m->progress);
		fputc('\r', m->progress);
		fflush(m->progress);
	}
	m->drawn = 0;
}

int monitor_stderr_is_terminal(void)
{
	return isatty(fileno(stderr));
}
