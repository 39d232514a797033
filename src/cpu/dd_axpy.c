/* y = alpha x + y on the CPU, rounded once: each element is the fused
 * multiply-add of the exact product alpha x(i) and y(i), which is the DD
 * result rounded once, without a double rounding.  An element that comes
 * out Inf or NaN is computed again as the reference computes it,
 * y(i) + alpha*x(i) in double, so that non-finite values appear exactly
 * where the reference puts them. */
#include "config.h"

#include <math.h>
#include <string.h>
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/threads.h"

#define CHUNK 4096
#define PARALLEL_MIN (1 << 18)

struct axpy_job {
	const struct tf_op *op;
	const struct tf_dd_loops *loops;
};

static double reference_value(double alpha, double x, double y)
{
	return y + alpha * x; /* two roundings, as the reference: no contraction here */
}

static void run_chunk(void *context, int task)
{
	const struct axpy_job *job = context;
	const struct tf_op *op = job->op;
	int first = task * CHUNK, count = op->n - first < CHUNK ? op->n - first : CHUNK;
	const double *x = op->x + first;
	double *y = op->y + first;
	double result[CHUNK];
	memcpy(result, y, (size_t)count * sizeof *y);
	job->loops->axpy(count, op->alpha, x, result);
	for (int i = 0; i < count; i++)
		y[i] = isfinite(result[i]) ? result[i] : reference_value(op->alpha, x[i], y[i]);
}

/* Strided: element i at i*inc, or counted from the end for a negative inc. */
static void run_strided(const struct tf_op *op)
{
	int n = op->n;
	for (int i = 0; i < n; i++) {
		const double *x = op->x + (op->incx > 0 ? (size_t)i * op->incx
							 : (size_t)(n - 1 - i) * (size_t)-op->incx);
		double *y = op->y + (op->incy > 0 ? (size_t)i * op->incy
						  : (size_t)(n - 1 - i) * (size_t)-op->incy);
		double value = TF_DFMA(op->alpha, *x, *y);
		*y = isfinite(value) ? value : reference_value(op->alpha, *x, *y);
	}
}

void tf_cpu_dd_axpy(const struct tf_op *op)
{
	if (op->incx != 1 || op->incy != 1) {
		run_strided(op);
		return;
	}
	struct axpy_job job = { .op = op, .loops = tf_dd_loops() };
	int tasks = (op->n + CHUNK - 1) / CHUNK;
	if (op->n < PARALLEL_MIN)
		for (int t = 0; t < tasks; t++)
			run_chunk(&job, t);
	else
		tf_parallel_for(tasks, run_chunk, &job);
}
