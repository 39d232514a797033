/* The residual plot as SVG (svg_plot.h).  A run of 30000 iterations would
 * give a polyline of 30000 points on a plot 600 pixels wide; the points
 * that fall in one pixel column are reduced to the first, the lowest, the
 * highest and the last of them, which draws the same picture.  A circle
 * at a run's last iteration marks the true residual ||b - A x|| / ||b|| of
 * its result, where the recursive one may have drifted away from it. */
#include "svg_plot.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { WIDTH = 720, HEIGHT = 450, LEFT = 80, RIGHT = 24, TOP = 44, BOTTOM = 56 };

static const char *const colours[HISTORY_MAX_RUNS] = {
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"
};
/* Runs often coincide for many iterations (double and DD do until
 * rounding tells them apart): the first is drawn wide and solid, the later
 * ones narrower and dashed on top of it, so that each stays visible. */
static const char *const dashes[HISTORY_MAX_RUNS] = {
	"none", "7 4", "2 3", "9 3 2 3", "4 4", "1 4", "12 4", "6 2 2 2"
};
static const double widths[HISTORY_MAX_RUNS] = { 3, 1.6, 1.6, 1.6, 1.6, 1.6, 1.6, 1.6 };

/* The axes' ranges: iterations 0 to x_max, residuals 10^y_low to
 * 10^y_high. */
struct frame {
	double x_max, x_step;
	int y_low, y_high, y_step;
};

static void escaped(FILE *file, const char *text)
{
	for (; *text; text++)
		switch (*text) {
		case '&': fputs("&amp;", file); break;
		case '<': fputs("&lt;", file); break;
		case '>': fputs("&gt;", file); break;
		case '"': fputs("&quot;", file); break;
		case '\'': fputs("&apos;", file); break;
		default:
			/* control characters are not allowed in XML 1.0 */
			if ((unsigned char)*text >= 0x20 || *text == '\t')
				fputc(*text, file);
		}
}

/* A step of 1, 2 or 5 times a power of ten giving at most 10 ticks. */
static double nice_step(double range)
{
	double step = pow(10.0, floor(log10(range / 10)));
	if (range / step > 10 * 5)
		return step * 10;
	if (range / step > 10 * 2)
		return step * 5;
	if (range / step > 10)
		return step * 2;
	return step;
}

static struct frame frame_of(const struct history *h)
{
	int last = 0;
	double low = INFINITY, high = 0;
	for (int r = 0; r < h->runs; r++)
		for (int k = 0; k < h->run[r].count; k++) {
			double residual = h->run[r].residual[k];
			if (h->run[r].iteration[k] > last)
				last = h->run[r].iteration[k];
			if (isfinite(residual) && residual > 0) {
				low = fmin(low, residual);
				high = fmax(high, residual);
			}
		}
	for (int r = 0; r < h->runs; r++) {
		double residual = h->run[r].true_residual;
		if (h->run[r].count > 0 && isfinite(residual) && residual > 0) {
			low = fmin(low, residual);
			high = fmax(high, residual);
		}
	}
	struct frame f;
	if (last < 1)
		last = 1;
	f.x_step = nice_step(last);
	if (f.x_step < 1)
		f.x_step = 1;
	f.x_max = ceil(last / f.x_step) * f.x_step;
	if (!(low <= high)) {
		low = 1e-16;
		high = 1;
	}
	f.y_low = (int)floor(log10(low));
	f.y_high = (int)ceil(log10(high));
	if (f.y_high <= f.y_low)
		f.y_high = f.y_low + 1;
	int decades = f.y_high - f.y_low;
	f.y_step = decades <= 10 ? 1 : decades <= 20 ? 2 : decades <= 50 ? 5 : 10;
	f.y_low = (int)floor((double)f.y_low / f.y_step) * f.y_step;
	f.y_high = (int)ceil((double)f.y_high / f.y_step) * f.y_step;
	return f;
}

static double x_pixel(const struct frame *f, double iteration)
{
	return LEFT + (WIDTH - LEFT - RIGHT) * iteration / f->x_max;
}

/* Residuals of zero (an exact solution) and below the axis sit on it. */
static double y_pixel(const struct frame *f, double residual)
{
	double decade = residual > 0 ? log10(residual) : f->y_low;
	if (decade < f->y_low)
		decade = f->y_low;
	return TOP + (HEIGHT - TOP - BOTTOM) * (f->y_high - decade) / (f->y_high - f->y_low);
}

static void axes(FILE *file, const struct frame *f)
{
	double x0 = LEFT, x1 = WIDTH - RIGHT, y0 = TOP, y1 = HEIGHT - BOTTOM;
	fprintf(file, "<g font-family=\"sans-serif\" font-size=\"12\" fill=\"#000\">\n");
	for (int e = f->y_low; e <= f->y_high; e += f->y_step) {
		double y = y_pixel(f, pow(10.0, e));
		fprintf(file,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>\n"
			"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">1e%d</text>\n",
			x0, y, x1, y, x0 - 5, y, x0, y, x0 - 8, y + 4, e);
	}
	for (double it = 0; it <= f->x_max * (1 + 1e-12); it += f->x_step) {
		double x = x_pixel(f, it);
		fprintf(file,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>\n"
			"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.0f</text>\n",
			x, y0, x, y1, x, y1, x, y1 + 5, x, y1 + 19, it);
	}
	fprintf(file,
		"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
		"stroke=\"#000\"/>\n"
		"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">iteration</text>\n"
		"<text transform=\"translate(18 %.1f) rotate(-90)\" text-anchor=\"middle\">"
		"relative residual ||r|| / ||b||</text>\n</g>\n",
		x0, y0, x1 - x0, y1 - y0, (x0 + x1) / 2, HEIGHT - 14, (y0 + y1) / 2);
}

/* One run's points, one pixel column at a time (see the top). */
static void polyline(FILE *file, const struct frame *f, const struct history_run *run, int r)
{
	fprintf(file,
		"<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" "
		"stroke-dasharray=\"%s\" stroke-linejoin=\"round\" points=\"",
		colours[r], widths[r], dashes[r]);
	int k = 0, written = 0;
	while (k < run->count) {
		long column = lround(x_pixel(f, run->iteration[k]));
		int end = k, low = -1, high = -1;
		for (; end < run->count && lround(x_pixel(f, run->iteration[end])) == column; end++) {
			if (!isfinite(run->residual[end]))
				continue;
			if (low < 0 || run->residual[end] < run->residual[low])
				low = end;
			if (high < 0 || run->residual[end] > run->residual[high])
				high = end;
		}
		int keep[4] = { k, low < high ? low : high, low < high ? high : low, end - 1 };
		int previous = -1;
		for (int i = 0; i < 4; i++) {
			int p = keep[i];
			if (p < 0 || p <= previous || !isfinite(run->residual[p]))
				continue;
			previous = p;
			fprintf(file, "%s%.1f,%.1f", written++ ? " " : "",
				x_pixel(f, run->iteration[p]), y_pixel(f, run->residual[p]));
		}
		k = end;
	}
	fprintf(file, "\"/>\n");
	if (run->count > 0 && isfinite(run->true_residual))
		fprintf(file,
			"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#fff\" stroke=\"%s\" "
			"stroke-width=\"1.6\"/>\n",
			x_pixel(f, run->iteration[run->count - 1]), y_pixel(f, run->true_residual),
			colours[r]);
}

static void legend(FILE *file, const struct history *h)
{
	int markers = 0;
	for (int r = 0; r < h->runs; r++)
		markers = markers || (h->run[r].count > 0 && isfinite(h->run[r].true_residual));
	double x = WIDTH - RIGHT - 230, y = TOP + 10;
	fprintf(file,
		"<g font-family=\"sans-serif\" font-size=\"12\">\n"
		"<rect x=\"%.1f\" y=\"%.1f\" width=\"220\" height=\"%d\" fill=\"#fff\" "
		"fill-opacity=\"0.85\" stroke=\"#999\"/>\n",
		x, y, 8 + 18 * (h->runs + markers));
	for (int r = 0; r < h->runs; r++) {
		double line_y = y + 16 + 18 * r;
		char label[80];
		history_run_label(&h->run[r], label, sizeof label);
		fprintf(file,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			"stroke-width=\"%.1f\" stroke-dasharray=\"%s\"/>\n<text x=\"%.1f\" y=\"%.1f\">",
			x + 8, line_y - 4, x + 36, line_y - 4, colours[r], widths[r], dashes[r], x + 44,
			line_y);
		escaped(file, label);
		fprintf(file, "</text>\n");
	}
	if (markers) {
		double line_y = y + 16 + 18 * h->runs;
		fprintf(file,
			"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#fff\" stroke=\"#000\" "
			"stroke-width=\"1.6\"/>\n<text x=\"%.1f\" y=\"%.1f\">true residual at the "
			"end</text>\n",
			x + 22, line_y - 4, x + 44, line_y);
	}
	fprintf(file, "</g>\n");
}

int svg_plot_write(const struct history *h, const char *title, const char *path, char *error,
		   size_t error_size)
{
	errno = 0;
	FILE *file = fopen(path, "w");
	if (!file) {
		snprintf(error, error_size, "%s: cannot write: %s", path,
			 errno ? strerror(errno) : "unknown reason");
		return -1;
	}
	struct frame f = frame_of(h);
	fprintf(file,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\">\n"
		"<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n"
		"<text x=\"%d\" y=\"26\" font-family=\"sans-serif\" font-size=\"15\" "
		"text-anchor=\"middle\">",
		WIDTH, HEIGHT, WIDTH, HEIGHT, WIDTH, HEIGHT, (LEFT + WIDTH - RIGHT) / 2);
	escaped(file, title);
	fprintf(file, "</text>\n");
	axes(file, &f);
	fprintf(file, "<g>\n");
	for (int r = 0; r < h->runs; r++)
		polyline(file, &f, &h->run[r], r);
	fprintf(file, "</g>\n");
	legend(file, h);
	fprintf(file, "</svg>\n");
	int failed = ferror(file);
	errno = 0;
	if (fclose(file) != 0 || failed) {
		snprintf(error, error_size, "%s: write error: %s", path,
			 errno ? strerror(errno) : "unknown reason");
		return -1;
	}
	return 0;
}
