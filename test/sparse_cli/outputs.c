/* twofold-solve's outputs and options: the option parser on every option
 * and on bad ones (exact messages), the table's rows, the CSV history
 * (columns and values read back), and the SVG plot (well-formed, one
 * polyline per run, points inside the axes and in order, a long run
 * reduced, the title escaped).  No solver is needed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scratch.h"
#include "tools/history.h"
#include "tools/options.h"
#include "tools/svg_plot.h"
#include "tools/table.h"
#include "xml_check.h"

/* Parses the words of line as a command line. */
static int parse(const char *line, struct solve_options *o, char *error, size_t size)
{
	static char copy[512];
	char *argv[32] = { "twofold-solve" };
	int argc = 1;
	snprintf(copy, sizeof copy, "%s", line);
	for (char *word = strtok(copy, " "); word && argc < 31; word = strtok(NULL, " "))
		argv[argc++] = word;
	error[0] = 0;
	return options_parse(argc, argv, o, error, size);
}

static void refused(const char *line, const char *expect)
{
	struct solve_options o;
	char error[256];
	int status = parse(line, &o, error, sizeof error);
	CHECK(status == -1 && strcmp(error, expect) == 0,
	      "options \"%s\": status %d, \"%s\", expected \"%s\"", line, status, error, expect);
	printf("refuse %-40s %s\n", line, error);
}

static void options(void)
{
	struct solve_options o;
	char error[256];
	CHECK(parse("A.mtx", &o, error, sizeof error) == 0, "defaults: %s", error);
	CHECK(strcmp(o.matrix, "A.mtx") == 0 && o.rhs == RHS_PRODUCT && o.method == METHOD_AUTO &&
		      o.precision == PRECISION_BOTH && !o.ilu0 && o.tol == 0 && o.maxit == 0 &&
		      o.device == DEVICE_AUTO && !o.plot && !o.history && !o.require_convergence &&
		      !o.quiet && !o.help,
	      "the defaults");
	CHECK(parse("--rhs b.txt --method cg --precision dd --precond ilu0 --tol 1e-10 --maxit 500 "
		    "--device cpu --plot r.svg --history r.csv --require-convergence --quiet A.mtx",
		    &o, error, sizeof error) == 0,
	      "every option: %s", error);
	CHECK(strcmp(o.matrix, "A.mtx") == 0 && o.rhs == RHS_FILE && strcmp(o.rhs_path, "b.txt") == 0 &&
		      o.method == METHOD_CG && o.precision == PRECISION_DD && o.ilu0 &&
		      o.tol == 1e-10 && o.maxit == 500 && o.device == DEVICE_CPU &&
		      strcmp(o.plot, "r.svg") == 0 && strcmp(o.history, "r.csv") == 0 &&
		      o.require_convergence && o.quiet,
	      "every option's value");
	CHECK(parse("A.mtx --rhs=random --method=bicgstab --precision=double --precond=none "
		    "--tol=3e-7 --maxit=7 --device=gpu", &o, error, sizeof error) == 0 &&
		      o.rhs == RHS_RANDOM && o.method == METHOD_BICGSTAB &&
		      o.precision == PRECISION_DOUBLE && !o.ilu0 && o.tol == 3e-7 && o.maxit == 7 &&
		      o.device == DEVICE_GPU,
	      "--name=value: %s", error);
	CHECK(parse("--rhs ones --precision both --device auto --method auto -- -A.mtx", &o, error,
		    sizeof error) == 0 && o.rhs == RHS_ONES && o.precision == PRECISION_BOTH &&
		      strcmp(o.matrix, "-A.mtx") == 0,
	      "-- before a file named -A.mtx: %s", error);
	CHECK(parse("--help", &o, error, sizeof error) == 0 && o.help, "--help");
	CHECK(parse("A.mtx -h", &o, error, sizeof error) == 0 && o.help, "-h");
	CHECK(parse("--version", &o, error, sizeof error) == 0 && o.version, "--version");

	refused("", "no matrix file given");
	refused("--quiet", "no matrix file given");
	refused("A.mtx B.mtx", "one matrix file, not two ('A.mtx' and 'B.mtx')");
	refused("A.mtx --frobnicate", "unknown option '--frobnicate'");
	refused("A.mtx -q", "unknown option '-q'");
	refused("A.mtx --method gmres", "--method: 'gmres' is not one of auto, cg, bicgstab");
	refused("A.mtx --precision quad", "--precision: 'quad' is not one of double, dd, both");
	refused("A.mtx --precond jacobi", "--precond: 'jacobi' is not one of none, ilu0");
	refused("A.mtx --device tpu", "--device: 'tpu' is not one of auto, cpu, gpu");
	refused("A.mtx --tol", "--tol needs a value");
	refused("A.mtx --tol abc", "--tol: 'abc' is not a positive number");
	refused("A.mtx --tol -1e-8", "--tol: '-1e-8' is not a positive number");
	refused("A.mtx --tol 0", "--tol: '0' is not a positive number");
	refused("A.mtx --tol inf", "--tol: 'inf' is not a positive number");
	refused("A.mtx --maxit 0", "--maxit: '0' is not a positive integer");
	refused("A.mtx --maxit 1.5", "--maxit: '1.5' is not a positive integer");
	refused("A.mtx --maxit 99999999999", "--maxit: '99999999999' is not a positive integer");
	refused("A.mtx --rhs=", "--rhs: an empty file name");
	refused("A.mtx --plot=", "--plot: an empty file name");
	refused("A.mtx --quiet=yes", "--quiet takes no value");
	refused("A.mtx --require-convergence=1", "--require-convergence takes no value");
	refused("A.mtx --history", "--history needs a value");
}

static void table(void)
{
	FILE *out = tmpfile();
	if (!out) {
		printf("FAIL: no tmpfile\n");
		scratch_failures++;
		return;
	}
	table_header(out);
	struct table_row row = { "cg", "dd", "ilu0", "cpu", 123, 4.5e-13, 2.25e-14, 0.0123,
				 9.5e-5, "converged" };
	table_print(out, &row);
	struct table_row other = { "bicgstab", "double", "none", "gpu", 30000, 1.5e-3, NAN, 12.5,
				   NAN, "breakdown (omega)" };
	table_print(out, &other);
	rewind(out);
	char text[1024];
	size_t got = fread(text, 1, sizeof text - 1, out);
	text[got] = 0;
	fclose(out);
	const char *expect =
		"method    precision precond device iterations true residual     error       time "
		"per iteration  status\n"
		"cg        dd        ilu0    cpu           123      4.50e-13  2.25e-14    12.3 ms "
		"        95 us  converged\n"
		"bicgstab  double    none    gpu         30000      1.50e-03         -     12.5 s "
		"            -  breakdown (omega)\n";
	CHECK(strcmp(text, expect) == 0, "the table:\n%s\nexpected:\n%s", text, expect);
	printf("%s", text);
	char seconds[32];
	const double values[] = { 2345.6, 1.0, 0.5, 1e-3, 9.99e-4, 1.234e-7 };
	const char *const texts[] = { "2346 s", "1 s", "500 ms", "1 ms", "999 us", "0.123 us" };
	for (int i = 0; i < 6; i++) {
		table_seconds(values[i], seconds, sizeof seconds);
		CHECK(strcmp(seconds, texts[i]) == 0, "%g seconds as \"%s\", expected \"%s\"",
		      values[i], seconds, texts[i]);
	}
}

/* Two runs: a double one stalling at 1e-9 and a DD one reaching 1e-13. */
static void two_runs(struct history *h)
{
	memset(h, 0, sizeof *h);
	struct history_run *a = history_add_run(h, "cg", "double", "none", "cpu");
	struct history_run *b = history_add_run(h, "cg", "dd", "none", "cpu");
	for (int k = 1; k <= 40; k++)
		history_add(a, k, fmax(pow(10.0, -k / 4.0), 1e-9 * (1 + 0.1 * (k % 3))));
	for (int k = 1; k <= 52; k++)
		history_add(b, k, pow(10.0, -k / 4.0));
}

static void csv(void)
{
	struct history h;
	two_runs(&h);
	const char *path = scratch_path("history.csv");
	char error[256];
	CHECK(history_write_csv(&h, path, error, sizeof error) == 0, "CSV: %s", error);
	char *text = scratch_read(path);
	CHECK(text != NULL, "CSV not written");
	if (!text) {
		history_free(&h);
		return;
	}
	char *line = strtok(text, "\n");
	CHECK(line && strcmp(line, "method,precision,precond,device,iteration,residual") == 0,
	      "CSV header \"%s\"", line ? line : "");
	int lines = 0, run = 0, k = 0;
	while ((line = strtok(NULL, "\n")) != NULL) {
		char method[16], precision[16], precond[16], device[16];
		int iteration, end = 0;
		double residual;
		int fields = sscanf(line, "%15[^,],%15[^,],%15[^,],%15[^,],%d,%lf%n", method, precision,
				    precond, device, &iteration, &residual, &end);
		if (k == h.run[run].count) {
			run++;
			k = 0;
		}
		CHECK(fields == 6 && line[end] == 0 && run < h.runs, "CSV line %d: \"%s\"", lines + 2,
		      line);
		if (fields == 6 && run < h.runs) {
			const struct history_run *r = &h.run[run];
			CHECK(strcmp(method, r->method) == 0 && strcmp(precision, r->precision) == 0 &&
				      strcmp(precond, r->precond) == 0 &&
				      strcmp(device, r->device) == 0 && iteration == r->iteration[k] &&
				      residual == r->residual[k],
			      "CSV line %d: \"%s\", expected run %d point %d (%d, %.17g)", lines + 2,
			      line, run, k, r->iteration[k], r->residual[k]);
		}
		k++;
		lines++;
	}
	CHECK(lines == 41 + 53, "CSV: %d lines of points, expected %d", lines, 41 + 53);
	CHECK(h.run[0].iteration[0] == 0 && h.run[0].residual[0] == 1.0,
	      "a run starts at iteration 0, residual 1");
	printf("csv    %d points in 2 runs, the header and the values as written\n", lines);
	free(text);
	history_free(&h);
}

/* The points of the n-th polyline of an SVG text. */
static int points_of(const char *text, int n, double *x, double *y, int max)
{
	const char *p = text;
	for (int i = 0; i <= n; i++) {
		p = strstr(p, "<polyline");
		if (!p)
			return -1;
		p++;
	}
	p = strstr(p, "points=\"");
	if (!p)
		return -1;
	p += 8;
	int count = 0;
	while (*p != '"' && count < max) {
		char *end;
		x[count] = strtod(p, &end);
		if (*end != ',')
			return -1;
		y[count] = strtod(end + 1, &end);
		count++;
		p = end;
		while (*p == ' ')
			p++;
	}
	return count;
}

/* Writes h as an SVG, checks it is well-formed with `runs` polylines, and
 * returns its text (to free) or NULL. */
static char *plot(const struct history *h, const char *title, int runs)
{
	const char *path = scratch_path("plot.svg");
	char error[256];
	CHECK(svg_plot_write(h, title, path, error, sizeof error) == 0, "SVG: %s", error);
	char *text = scratch_read(path);
	CHECK(text != NULL, "SVG not written");
	if (!text)
		return NULL;
	int polylines = -1;
	CHECK(xml_check(text, "svg", "polyline", &polylines, error, sizeof error) == 0,
	      "SVG not well-formed: %s", error);
	CHECK(polylines == runs, "%d polylines, expected %d", polylines, runs);
	return text;
}

/* Checks that the points of each polyline lie inside the axes, in the
 * order of the iterations; returns the number of points of the last. */
static int points_inside(const char *text, int runs, double *x, double *y, int max)
{
	int n = 0;
	for (int run = 0; run < runs; run++) {
		n = points_of(text, run, x, y, max);
		CHECK(n > 1, "polyline %d: no points", run);
		int inside = 1, ordered = 1;
		for (int i = 0; i < n; i++) {
			inside = inside && x[i] >= 80 && x[i] <= 696 && y[i] >= 44 && y[i] <= 394;
			ordered = ordered && (i == 0 || x[i] >= x[i - 1]);
		}
		CHECK(inside, "polyline %d: a point outside the axes", run);
		CHECK(ordered, "polyline %d: points not in iteration order", run);
		printf("svg    polyline %d of %d: %d points\n", run + 1, runs, n);
	}
	return n;
}

static void svg(void)
{
	static double x[40000], y[40000];
	struct history h;
	two_runs(&h);
	/* the double run's true residual, above its recursive one */
	h.run[0].true_residual = 1e-4;
	char *text = plot(&h, "A&B <test> \"x\"", 2);
	if (text) {
		char error[256];
		int circles = -1;
		xml_check(text, "svg", "circle", &circles, error, sizeof error);
		CHECK(circles == 2 && strstr(text, "true residual at the end"),
		      "%d circles, expected 2: the double run's true residual and the legend's",
		      circles);
		const char *circle = strstr(text, "<circle cx=\"");
		double cx = 0, cy = 0;
		if (circle)
			sscanf(circle, "<circle cx=\"%lf\" cy=\"%lf\"", &cx, &cy);
		CHECK(fabs(cx - (80 + 616 * 40.0 / 60)) < 0.06 && fabs(cy - (44 + 350 * 4.0 / 14)) < 0.06,
		      "the true residual 1e-4 after 40 iterations drawn at (%g, %g)", cx, cy);
		CHECK(strstr(text, "A&amp;B &lt;test&gt; &quot;x&quot;") != NULL,
		      "the title not escaped");
		CHECK(strstr(text, ">cg double none cpu<") && strstr(text, ">cg dd none cpu<"),
		      "the legend lacks a run");
		/* residuals 1 to 1e-13: decades 1e0 to 1e-14 by 2, iterations 0 to 60 */
		CHECK(strstr(text, ">1e0<") && strstr(text, ">1e-14<") && strstr(text, ">60<") &&
			      !strstr(text, ">1e-1<") && !strstr(text, ">1e-16<"),
		      "the axes' labels");
		int n = points_inside(text, 2, x, y, 40000);
		/* the DD run: one point per iteration, from (0, 1) at the top
		 * left, falling, to iteration 52 at 52/60 of the width */
		int falling = 1;
		for (int i = 1; i < n; i++)
			falling = falling && y[i] > y[i - 1];
		CHECK(n == 53 && falling, "the DD run: %d points, falling %d", n, falling);
		CHECK(x[0] == 80 && y[0] == 44, "the DD run starts at (%g, %g), not (80, 44)", x[0],
		      y[0]);
		CHECK(fabs(x[n - 1] - (80 + 616 * 52.0 / 60)) < 0.06 &&
			      fabs(y[n - 1] - (44 + 350 * 13.0 / 14)) < 0.06,
		      "the DD run ends at (%g, %g)", x[n - 1], y[n - 1]);
		free(text);
	}
	/* a third run of 30000 iterations: reduced to a few points per pixel */
	struct history_run *c = history_add_run(&h, "bicgstab", "dd", "ilu0", "gpu");
	for (int k = 1; k <= 30000; k++)
		history_add(c, k, pow(10.0, -k / 3000.0) * (1 + 0.5 * (k % 7)));
	text = plot(&h, "long", 3);
	if (text) {
		CHECK(strstr(text, ">bicgstab dd ilu0 gpu<"), "the legend lacks the third run");
		int n = points_inside(text, 3, x, y, 40000);
		CHECK(n <= 4 * 617 && n > 600, "the long run: %d points, expected 600 to %d", n,
		      4 * 617);
		free(text);
	}
	history_free(&h);

	/* the checker itself refuses what is not well-formed */
	const char *broken[] = { "<svg><g></svg>", "<svg a=\"1\" a=\"2\"/>", "<svg a=1/>",
				 "<svg>&nbsp;</svg>", "<svg/><svg/>", "<svg><polyline></svg>",
				 "<html/>" };
	char error[256];
	for (int i = 0; i < 7; i++) {
		int count;
		CHECK(xml_check(broken[i], "svg", "polyline", &count, error, sizeof error) == -1,
		      "xml_check accepts %s", broken[i]);
	}
}

int main(void)
{
	scratch_open();
	options();
	table();
	csv();
	svg();
	return scratch_close();
}
