/* table.h: twofold-solve's table, one row per run. */
#ifndef TF_TOOLS_TABLE_H
#define TF_TOOLS_TABLE_H

#include <stdio.h>

struct table_row {
	const char *method, *precision, *precond, *device;
	int iterations;
	double true_residual;  /* ||b - A x|| / ||b||, computed in DD */
	double error;          /* max |x - x*| / max |x*|; NaN when x* is unknown */
	double seconds;        /* the whole solve */
	double per_iteration;  /* the iterations' time over their number; NaN for none */
	const char *status;    /* "converged", "max iterations", "breakdown (omega)", ... */
};

void table_header(FILE *out);
void table_print(FILE *out, const struct table_row *row);

/* Seconds as "1.23 s", "45.6 ms", "789 us" (three significant digits);
 * "-" for NaN. */
void table_seconds(double seconds, char *text, size_t size);

#endif
