/* svg_plot.h: the residual against the iteration for every run, in one SVG
 * (twofold-solve --plot): a logarithmic residual axis, a linear iteration
 * axis, both with ticks and a grid, one polyline per run, a circle at the
 * end of each run whose true residual is known, and a legend.
 * Written directly, with no plotting library. */
#ifndef TF_TOOLS_SVG_PLOT_H
#define TF_TOOLS_SVG_PLOT_H

#include <stddef.h>
#include "history.h"

/* Writes the plot of h to path, titled title (any text: it is escaped).
 * Returns 0, or -1 with "PATH: reason" in error. */
int svg_plot_write(const struct history *h, const char *title, const char *path, char *error,
		   size_t error_size);

#endif
