/* twofold-solve: solves A x = b for a sparse matrix in a Matrix Market
 * file with CG or BiCGStab, in double and in DD, and prints a table of
 * the runs (docs/SOLVE.md).  It uses twofold's public API only. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "twofold.h"
#include "twofold/sparse.h"
#include "history.h"
#include "monitor.h"
#include "mtx_read.h"
#include "options.h"
#include "rhs.h"
#include "svg_plot.h"
#include "table.h"

/* A bad input or option: the one-line message and exit status 1. */
#define EXIT_BAD_INPUT 1
/* --require-convergence and a run that did not converge. */
#define EXIT_NOT_CONVERGED 2

static const char *const program = "twofold-solve";

/* The problem as read: the matrix, b, and the known solution (ones) when
 * b was made as A times it. */
struct problem {
	struct mtx_matrix matrix;
	tf_csr *a;
	int n;
	double *b;
	int known_solution;
	int cg;             /* the method chosen */
	const char *why;    /* for the header: why that method */
};

static int fail(const char *message)
{
	fprintf(stderr, "%s: %s\n", program, message);
	return EXIT_BAD_INPUT;
}

/* The last part of a path, for the plot's title. */
static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* Reads the matrix and makes b; returns 0 or an exit status. */
static int set_up(const struct solve_options *o, struct problem *p)
{
	char error[512];
	if (mtx_read(o->matrix, &p->matrix, error, sizeof error) != 0) {
		fprintf(stderr, "%s\n", error);
		return EXIT_BAD_INPUT;
	}
	struct mtx_matrix *m = &p->matrix;
	if (m->rows != m->cols) {
		snprintf(error, sizeof error, "%s: the matrix is %d x %d; the solvers need a square one",
			 o->matrix, m->rows, m->cols);
		return fail(error);
	}
	p->n = m->rows;
	/* Base 1, as the file counts: the library's messages ("ILU(0) zero
	 * pivot at row N") then name the rows as the user knows them. */
	mtx_rebase(m, 1);
	p->a = tf_csr_create(m->rows, m->cols, m->base, m->row_ptr, m->col_idx, m->values);
	if (!p->a)
		return fail("out of memory for the matrix's descriptor");
	if (tf_csr_status(p->a) != 0) {
		snprintf(error, sizeof error, "%s: %s", o->matrix, tf_csr_message(p->a));
		return fail(error);
	}
	if (o->method == METHOD_AUTO) {
		if (m->symmetry == MTX_SYMMETRIC) {
			p->cg = 1;
			p->why = "the file says symmetric";
		} else if (tf_csr_is_symmetric(p->a)) {
			p->cg = 1;
			p->why = "the matrix is symmetric";
		} else {
			p->why = "the matrix is not symmetric";
		}
	} else {
		p->cg = o->method == METHOD_CG;
		p->why = "as asked";
	}
	p->b = malloc((size_t)p->n * sizeof *p->b);
	if (!p->b)
		return fail("out of memory for the right-hand side");
	switch (o->rhs) {
	case RHS_PRODUCT: {
		double *ones = malloc((size_t)p->n * sizeof *ones);
		if (!ones)
			return fail("out of memory for the right-hand side");
		for (int i = 0; i < p->n; i++)
			ones[i] = 1.0;
		/* summed in DD, rounded once: exact for a matrix of integers */
		int info = tf_dcsrmv('N', 1.0, p->a, ones, p->n, 0.0, p->b, p->n);
		free(ones);
		if (info != 0) {
			snprintf(error, sizeof error, "A times ones failed (argument %d)", -info);
			return fail(error);
		}
		p->known_solution = 1;
		break;
	}
	case RHS_ONES:
		for (int i = 0; i < p->n; i++)
			p->b[i] = 1.0;
		break;
	case RHS_RANDOM:
		rhs_random(p->n, RHS_RANDOM_SEED, p->b);
		break;
	case RHS_FILE:
		if (rhs_read(o->rhs_path, p->n, p->b, error, sizeof error) != 0) {
			fprintf(stderr, "%s\n", error);
			return EXIT_BAD_INPUT;
		}
		break;
	}
	return 0;
}

static void print_header(const struct solve_options *o, const struct problem *p)
{
	const struct mtx_matrix *m = &p->matrix;
	printf("matrix  %s: %d x %d, %lld entries (%s %s)\n", o->matrix, m->rows, m->cols,
	       (long long)m->nnz, mtx_field_name(m->field), mtx_symmetry_name(m->symmetry));
	switch (o->rhs) {
	case RHS_PRODUCT:
		printf("rhs     A times ones: the error is against the solution x = ones\n");
		break;
	case RHS_ONES:
		printf("rhs     ones\n");
		break;
	case RHS_RANDOM:
		printf("rhs     random, uniform in [-1, 1), seed %u\n", (unsigned)RHS_RANDOM_SEED);
		break;
	case RHS_FILE:
		printf("rhs     %s\n", o->rhs_path);
		break;
	}
	printf("method  %s (%s)\n\n", p->cg ? "cg" : "bicgstab", p->why);
	table_header(stdout);
	fflush(stdout);
}

/* max |x - 1| / max |1| for a DD x: hi - 1 is exact near 1 (Sterbenz). */
static double error_dd(const tf_dd *x, int n)
{
	double e = 0;
	for (int i = 0; i < n; i++)
		e = fmax(e, fabs((x[i].hi - 1.0) + x[i].lo));
	return e;
}

static double error_double(const double *x, int n)
{
	double e = 0;
	for (int i = 0; i < n; i++)
		e = fmax(e, fabs(x[i] - 1.0));
	return e;
}

/* One solve from x = 0 in the given precision; fills the row and the
 * run's history.  Returns 0, or -1 for invalid input (with the message in
 * result). */
static int run(const struct solve_options *o, const struct problem *p, int dd,
	       struct history_run *history, tf_solve_result *result, double *error)
{
	tf_solve_options options;
	tf_solve_options_init(&options);
	options.tol = o->tol;
	options.maxit = o->maxit;
	options.precond = o->ilu0 ? TF_PRECOND_ILU0 : TF_PRECOND_NONE;
	options.device = o->device == DEVICE_CPU ? TF_DEVICE_CPU :
			 o->device == DEVICE_GPU ? TF_DEVICE_GPU : TF_DEVICE_AUTO;
	char label[48];
	snprintf(label, sizeof label, "%s %s", p->cg ? "cg" : "bicgstab", dd ? "dd" : "double");
	/* A monitor only when something needs it: on the GPU each call may
	 * cost the solve a copy of the residual to the host. */
	struct monitor monitor;
	FILE *progress = !o->quiet && monitor_stderr_is_terminal() ? stderr : NULL;
	monitor_begin(&monitor, history, progress, label);
	if (history || progress) {
		options.monitor = monitor_iteration;
		options.monitor_context = &monitor;
	}
	int n = p->n, status;
	*error = NAN;
	if (dd) {
		tf_dd *b = malloc((size_t)n * sizeof *b), *x = calloc((size_t)n, sizeof *x);
		if (!b || !x) {
			free(b);
			free(x);
			memset(result, 0, sizeof *result);
			result->status = TF_SOLVE_INVALID;
			snprintf(result->message, sizeof result->message, "out of memory for the vectors");
			return -1;
		}
		tf_d2dd_array(n, p->b, 1, b, 1);
		status = p->cg ? tf_ddcg(p->a, n, b, x, &options, result) :
				 tf_ddbicgstab(p->a, n, b, x, &options, result);
		if (p->known_solution)
			*error = error_dd(x, n);
		free(b);
		free(x);
	} else {
		double *x = calloc((size_t)n, sizeof *x);
		if (!x) {
			memset(result, 0, sizeof *result);
			result->status = TF_SOLVE_INVALID;
			snprintf(result->message, sizeof result->message, "out of memory for the vectors");
			return -1;
		}
		status = p->cg ? tf_dcg(p->a, n, p->b, x, &options, result) :
				 tf_dbicgstab(p->a, n, p->b, x, &options, result);
		if (p->known_solution)
			*error = error_double(x, n);
		free(x);
	}
	monitor_end(&monitor);
	return status == TF_SOLVE_INVALID ? -1 : 0;
}

static void print_row(const struct solve_options *o, const struct problem *p, int dd,
		      const tf_solve_result *result, double error)
{
	char status[64];
	const char *name = tf_solve_status_name(result->status);
	if (result->status == TF_SOLVE_BREAKDOWN && result->breakdown[0])
		snprintf(status, sizeof status, "%s (%s)", name, result->breakdown);
	else
		snprintf(status, sizeof status, "%s", name ? name : "?");
	struct table_row row = {
		.method = p->cg ? "cg" : "bicgstab",
		.precision = dd ? "dd" : "double",
		.precond = o->ilu0 ? "ilu0" : "none",
		.device = result->device == TF_DEVICE_GPU ? "gpu" : "cpu",
		.iterations = result->iterations,
		.true_residual = result->true_residual,
		.error = error,
		.seconds = result->seconds,
		/* the setup (ILU(0) factors, copies to the GPU) is not the
		 * iterations'; the final true residual, about one product
		 * in DD, is counted with them */
		.per_iteration = result->iterations > 0 ?
			(result->seconds - result->setup_seconds) / result->iterations : NAN,
		.status = status,
	};
	table_print(stdout, &row);
	fflush(stdout);
}

/* Creates the plot and history files before the solves, so that a path
 * that cannot be written is refused at once, not after a long solve;
 * they are written after.  Returns 0 or an exit status. */
static int create_outputs(const struct solve_options *o)
{
	const char *paths[2] = { o->plot, o->history };
	for (int i = 0; i < 2; i++) {
		if (!paths[i])
			continue;
		errno = 0;
		FILE *file = fopen(paths[i], "w");
		if (!file || fclose(file) != 0) {
			char error[512];
			snprintf(error, sizeof error, "%s: cannot write: %s", paths[i],
				 errno ? strerror(errno) : "unknown reason");
			return fail(error);
		}
	}
	return 0;
}

static int write_outputs(const struct solve_options *o, const struct history *h)
{
	char error[512];
	if (o->plot) {
		char title[256];
		snprintf(title, sizeof title, "twofold-solve %s", base_name(o->matrix));
		if (svg_plot_write(h, title, o->plot, error, sizeof error) != 0)
			return fail(error);
	}
	if (o->history && history_write_csv(h, o->history, error, sizeof error) != 0)
		return fail(error);
	for (int r = 0; r < h->runs; r++)
		if (h->run[r].lost) {
			snprintf(error, sizeof error,
				 "%d points of the history were lost for want of memory",
				 h->run[r].lost);
			return fail(error);
		}
	return 0;
}

int main(int argc, char **argv)
{
	struct solve_options o;
	char error[512];
	if (options_parse(argc, argv, &o, error, sizeof error) != 0) {
		fprintf(stderr, "%s: %s (%s --help lists the options)\n", program, error, program);
		return EXIT_BAD_INPUT;
	}
	if (o.help) {
		options_usage(stdout);
		return 0;
	}
	if (o.version) {
		printf("twofold-solve (twofold %s)\n", tf_version());
		return 0;
	}
	struct problem p;
	memset(&p, 0, sizeof p);
	struct history h;
	memset(&h, 0, sizeof h);
	int status = set_up(&o, &p);
	if (status == 0)
		status = create_outputs(&o);
	int converged = 1;
	if (status == 0) {
		print_header(&o, &p);
		for (int dd = 0; dd <= 1 && status == 0; dd++) {
			if (!(o.precision & (dd ? PRECISION_DD : PRECISION_DOUBLE)))
				continue;
			struct history_run *history = NULL;
			if (o.plot || o.history)
				history = history_add_run(&h, p.cg ? "cg" : "bicgstab",
							  dd ? "dd" : "double", o.ilu0 ? "ilu0" : "none",
							  "");
			tf_solve_result result;
			double e;
			if (run(&o, &p, dd, history, &result, &e) != 0) {
				status = fail(result.message);
				break;
			}
			if (history) {
				snprintf(history->device, sizeof history->device, "%s",
					 result.device == TF_DEVICE_GPU ? "gpu" : "cpu");
				history->true_residual = result.true_residual;
			}
			print_row(&o, &p, dd, &result, e);
			converged = converged && result.status == TF_SOLVE_CONVERGED;
		}
	}
	if (status == 0)
		status = write_outputs(&o, &h);
	if (status == 0 && o.require_convergence && !converged)
		status = EXIT_NOT_CONVERGED;
	history_free(&h);
	free(p.b);
	tf_csr_destroy(p.a);
	mtx_free(&p.matrix);
	return status;
}
