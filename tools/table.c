/* The table of runs (table.h).  Fixed columns, so that rows printed as the
 * runs finish line up under the header printed before the first. */
#include "table.h"

#include <math.h>

#define TABLE_FORMAT "%-9s %-9s %-7s %-6s %10s %13s %9s %10s %13s  %s\n"

void table_header(FILE *out)
{
	fprintf(out, TABLE_FORMAT, "method", "precision", "precond", "device", "iterations",
		"true residual", "error", "time", "per iteration", "status");
}

void table_seconds(double seconds, char *text, size_t size)
{
	if (isnan(seconds))
		snprintf(text, size, "-");
	else if (seconds >= 1000)
		snprintf(text, size, "%.0f s", seconds);
	else if (seconds >= 1)
		snprintf(text, size, "%.3g s", seconds);
	else if (seconds >= 1e-3)
		snprintf(text, size, "%.3g ms", seconds * 1e3);
	else
		snprintf(text, size, "%.3g us", seconds * 1e6);
}

void table_print(FILE *out, const struct table_row *row)
{
	char iterations[16], residual[16], error[16], seconds[16], per[16];
	snprintf(iterations, sizeof iterations, "%d", row->iterations);
	snprintf(residual, sizeof residual, "%.2e", row->true_residual);
	if (isnan(row->error))
		snprintf(error, sizeof error, "-");
	else
		snprintf(error, sizeof error, "%.2e", row->error);
	table_seconds(row->seconds, seconds, sizeof seconds);
	table_seconds(row->per_iteration, per, sizeof per);
	fprintf(out, TABLE_FORMAT, row->method, row->precision, row->precond, row->device,
		iterations, residual, error, seconds, per, row->status);
}
