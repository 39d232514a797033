#include "config.h"

/* The solver entry points: options, checks of the input, the ILU(0)
 * factors, an engine from the planner, the iteration (krylov.h), the true
 * residual in DD, and the result.  A GPU that fails during a solve leaves
 * the caller's x untouched (the engine writes it only at the end): the
 * solve starts again on the CPU. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/export.h"
#include "core/message.h"
#include "op/routines.h"
#include "plan/call.h"
#include "plan/sparse_plan.h"
#include "sparse/krylov.h"
#include "sparse/matrix.h"

TF_EXPORT void tf_solve_options_init(tf_solve_options *options)
{
	memset(options, 0, sizeof *options);
	options->precond = TF_PRECOND_NONE;
	options->device = TF_DEVICE_AUTO;
}

/* A converged result's true residual may exceed tol by this factor (the
 * recursive residual is computed differently); beyond it the iteration is
 * started again from x, at most TF_SOLVE_RESTARTS times. */
#define TF_TRUE_RESIDUAL_SLACK 10.0
#define TF_SOLVE_RESTARTS 3

TF_EXPORT const char *tf_solve_status_name(tf_solve_status status)
{
	switch (status) {
	case TF_SOLVE_CONVERGED: return "converged";
	case TF_SOLVE_MAX_ITERATIONS: return "max iterations";
	case TF_SOLVE_BREAKDOWN: return "breakdown";
	case TF_SOLVE_STOPPED: return "stopped";
	case TF_SOLVE_INVALID: return "invalid input";
	case TF_SOLVE_INACCURATE: return "inaccurate";
	default: return NULL;
	}
}

static double seconds_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

enum tf_method { TF_METHOD_CG, TF_METHOD_BICGSTAB };

/* One solve as the entry points describe it. */
struct solve {
	enum tf_method method;
	enum tf_krylov_precision precision;
	int routine;
	tf_csr *a;
	int n;
	const void *b;
	void *x;
	tf_solve_options options;
	tf_solve_result *result;
};

static int invalid(struct solve *s, const char *format, ...) __attribute__((format(printf, 2, 3)));
static int invalid(struct solve *s, const char *format, ...)
{
	va_list args;
	va_start(args, format);
	vsnprintf(s->result->message, sizeof s->result->message, format, args);
	va_end(args);
	s->result->status = TF_SOLVE_INVALID;
	return TF_SOLVE_INVALID;
}

/* The first element of the vector that is not finite, or -1: read where the
 * vector is (a host copy of a device vector). */
static long first_nonfinite(const void *v, int n, enum tf_krylov_precision precision, int *failed)
{
	size_t element = precision == TF_KRYLOV_DD ? sizeof(tf_dd) : sizeof(double);
	size_t words = (size_t)n * element / sizeof(double);
	const double *host = v;
	double *copy = NULL;
	*failed = 0;
	struct tf_sparse_place place = tf_plan_sparse_place(&v, 1);
	if (!place.host_readable) {
		copy = malloc(words * sizeof *copy + 1);
		if (!copy || tf_plan_sparse_fetch(copy, v, words * sizeof *copy) != 0) {
			free(copy);
			*failed = 1;
			return -1;
		}
		host = copy;
	}
	long bad = -1;
	for (size_t i = 0; i < words && bad < 0; i++)
		if (!isfinite(host[i]))
			bad = (long)(i * sizeof(double) / element);
	free(copy);
	return bad;
}

static int check(struct solve *s)
{
	tf_solve_options *o = &s->options;
	const struct tf_csr_arrays *m;
	if (tf_csr_status(s->a) != 0)
		return invalid(s, "invalid matrix: %s", tf_csr_message(s->a));
	m = &s->a->matrix.host;
	if (m->rows != m->cols)
		return invalid(s, "the matrix is %d x %d, not square", m->rows, m->cols);
	if (s->n != m->rows)
		return invalid(s, "n = %d does not match the matrix's %d rows", s->n, m->rows);
	if (!s->b || !s->x)
		return invalid(s, "%s is NULL", !s->b ? "b" : "x");
	if (isnan(o->tol) || o->tol >= 1.0)
		return invalid(s, "tol = %g: it must be below 1 (0 or less: the default)", o->tol);
	if (o->precond != TF_PRECOND_NONE && o->precond != TF_PRECOND_ILU0)
		return invalid(s, "unknown preconditioner %d", (int)o->precond);
	if (o->device != TF_DEVICE_AUTO && o->device != TF_DEVICE_CPU && o->device != TF_DEVICE_GPU)
		return invalid(s, "unknown device %d", (int)o->device);
	const char *names[] = { "b", "x" };
	const void *vectors[] = { s->b, s->x };
	for (int v = 0; v < 2; v++) {
		int failed;
		long bad = first_nonfinite(vectors[v], s->n, s->precision, &failed);
		if (failed)
			return invalid(s, "%s could not be read from the GPU", names[v]);
		if (bad >= 0)
			return invalid(s, "%s(%ld) is not finite", names[v], bad + m->base);
	}
	if (o->tol <= 0)
		o->tol = s->precision == TF_KRYLOV_DD ? 1e-12 : 1e-8;
	if (o->maxit <= 0)
		o->maxit = 30000;
	return 0;
}

/* The iteration on one engine; -1 when an engine operation failed. */
static int iterate(struct solve *s, const struct tf_ilu0 *ilu, struct tf_krylov_engine *engine)
{
	tf_solve_result *r = s->result;
	struct tf_krylov_run run = {
		.precision = s->precision, .engine = engine, .preconditioned = ilu != NULL,
		.tol = s->options.tol, .maxit = s->options.maxit, .monitor = s->options.monitor,
		.monitor_context = s->options.monitor_context, .breakdown = "",
	};
	void *self = engine->self;
	tf_dd bb, norm2;
	if (engine->dot(self, TF_KV_B, TF_KV_B, &bb) != 0)
		return -1;
	run.b_norm = sqrt(bb.hi);
	if (run.b_norm == 0) {
		/* b = 0: x = 0 is the solution */
		const tf_dd zero = { 0.0, 0.0 };
		if (engine->axpby(self, TF_KV_X, zero, TF_KV_X, zero) != 0 || engine->finish(self) != 0)
			return -1;
		r->status = TF_SOLVE_CONVERGED;
		snprintf(r->message, sizeof r->message, "b = 0: x = 0");
		return 0;
	}
	/* The recursive residual can drift from the true one (rounding in the
	 * updates, which BiCGStab in double on a nonnormal matrix shows well):
	 * when it meets tol and the true residual does not, the iteration
	 * starts again from x with the true residual, while that gains at
	 * least a factor 2; after that, the result is called inaccurate. */
	double true_relative = 0, before = INFINITY;
	for (int start = 0;; start++) {
		int failed = s->method == TF_METHOD_CG ? tf_krylov_cg(&run) : tf_krylov_bicgstab(&run);
		if (failed || engine->true_residual(self, &norm2) != 0)
			return -1;
		true_relative = sqrt(norm2.hi > 0 ? norm2.hi : 0.0) / run.b_norm;
		if (run.status != TF_SOLVE_CONVERGED ||
		    true_relative <= TF_TRUE_RESIDUAL_SLACK * run.tol)
			break;
		if (start == TF_SOLVE_RESTARTS || true_relative > 0.5 * before) {
			run.status = TF_SOLVE_INACCURATE;
			break;
		}
		if (run.iterations >= run.maxit) {
			run.status = TF_SOLVE_MAX_ITERATIONS;
			break;
		}
		before = true_relative;
		run.done = run.iterations;
	}
	if (engine->finish(self) != 0)
		return -1;
	r->status = run.status;
	r->iterations = run.iterations;
	r->residual = run.residual;
	r->true_residual = true_relative;
	snprintf(r->breakdown, sizeof r->breakdown, "%s", run.breakdown);
	if (run.status == TF_SOLVE_BREAKDOWN)
		snprintf(r->message, sizeof r->message, "breakdown: %s = 0 at iteration %d",
			 run.breakdown, run.iterations + 1);
	else if (run.status == TF_SOLVE_INACCURATE)
		snprintf(r->message, sizeof r->message,
			 "the recursive residual met tol after %d iterations, the true residual "
			 "%.2e stays above it", run.iterations, true_relative);
	else
		snprintf(r->message, sizeof r->message, "%s after %d iterations",
			 tf_solve_status_name(run.status), run.iterations);
	return 0;
}

static int solve(struct solve *s)
{
	double start = seconds_now();
	tf_solve_result *r = s->result;
	memset(r, 0, sizeof *r);
	if (check(s) != 0)
		return r->status;
	struct tf_call call;
	tf_call_begin(&call, s->routine);
	const struct tf_ilu0 *ilu = NULL;
	if (s->options.precond == TF_PRECOND_ILU0) {
		int status = tf_csr_ilu0(s->a, &ilu);
		if (status != 0) {
			tf_call_end(&call, TF_WHERE_NO_WORK, 0);
			if (status < 0)
				return invalid(s, "out of memory for the ILU(0) factors");
			return invalid(s, "ILU(0) zero pivot at row %d",
				       status - 1 + s->a->matrix.host.base);
		}
	}
	struct tf_krylov_setup setup = {
		.precision = s->precision, .a = &s->a->matrix, .ilu = ilu, .n = s->n,
		.b = s->b, .x = s->x,
	};
	int gpu_required = s->options.device == TF_DEVICE_GPU;
	int gpu = s->options.device != TF_DEVICE_CPU &&
		  (gpu_required || tf_plan_sparse_gpu_usable());
	enum tf_where where = TF_WHERE_NO_WORK;
	for (;;) {
		struct tf_krylov_engine engine;
		char reason[200];
		if (tf_plan_krylov_engine(&setup, gpu, gpu_required, &engine, &where, reason,
					  sizeof reason) != 0) {
			tf_call_end(&call, TF_WHERE_NO_WORK, 0);
			return invalid(s, "%s", reason);
		}
		r->setup_seconds = seconds_now() - start;
		int failed = iterate(s, ilu, &engine);
		engine.destroy(engine.self);
		if (!failed)
			break;
		/* The engine reported its failure; the CPU starts again from x. */
		if (where != TF_WHERE_GPU || gpu_required) {
			tf_call_end(&call, where, 0);
			return invalid(s, "the solve failed on the %s",
				       where == TF_WHERE_GPU ? "GPU" : "CPU");
		}
		gpu = 0;
		memset(r, 0, sizeof *r);
	}
	r->device = where == TF_WHERE_GPU ? TF_DEVICE_GPU : TF_DEVICE_CPU;
	r->seconds = seconds_now() - start;
	tf_call_end(&call, where, 0);
	return r->status;
}

#define TF_SOLVER(name, METHOD, PRECISION, E)                                                   \
	TF_EXPORT int name(const tf_csr *a, int n, const E *b, E *x,                              \
			   const tf_solve_options *options, tf_solve_result *result)              \
	{                                                                                        \
		tf_solve_result ignored;                                                         \
		struct solve s = {                                                               \
			.method = METHOD, .precision = PRECISION, .routine = TF_T_##name,        \
			.a = (tf_csr *)a, .n = n, .b = b, .x = x,                                \
			.result = result ? result : &ignored,                                    \
		};                                                                               \
		if (options)                                                                     \
			s.options = *options;                                                    \
		else                                                                             \
			tf_solve_options_init(&s.options);                                       \
		return solve(&s);                                                                \
	}

TF_SOLVER(tf_dcg, TF_METHOD_CG, TF_KRYLOV_DOUBLE, double)
TF_SOLVER(tf_ddcg, TF_METHOD_CG, TF_KRYLOV_DD, tf_dd)
TF_SOLVER(tf_dbicgstab, TF_METHOD_BICGSTAB, TF_KRYLOV_DOUBLE, double)
TF_SOLVER(tf_ddbicgstab, TF_METHOD_BICGSTAB, TF_KRYLOV_DD, tf_dd)
