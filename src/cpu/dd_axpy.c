/* y = alpha x + y on the CPU, rounded once: daxpy and zaxpy.
 *
 * daxpy: each element is the fused multiply-add of the exact product
 * alpha x(i) and y(i), which is the DD result rounded once, without a
 * double rounding.  An element that comes out Inf or NaN is computed again
 * as the reference computes it, y(i) + alpha*x(i) in double.
 *
 * zaxpy: each part of each element is y + the two exact products of
 * alpha x, summed in DD and rounded once (tf_prod_sum_add_rounded).
 * An element that comes out Inf or NaN is formed again with alpha, x and y
 * scaled by powers of two (tf_zdd_range_sum: products that overflow while
 * the element is a normal double), and failing that computed by the CPU
 * BLAS, that element alone, so that non-finite values appear exactly where
 * the reference puts them.  (daxpy's fused multiply-add has no
 * intermediate to leave the range.)
 *
 * Elements are computed and written one after another (in chunks for unit
 * strides), as the reference does, so that incy = 0 accumulates every
 * alpha x(i) into y(1) in order, each step rounded once. */
#include "config.h"
#include "cpu/dd_isa.h" /* first: the names of this instruction set's copy */

#include <math.h>
#include <string.h>
#include "cpu/dd_elements.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/forward.h"
#include "core/threads.h"

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

/* One complex element y = alpha x + y that came out not finite: formed
 * again scaled, else by the CPU BLAS. */
static void reference_element(const struct tf_op *op, const double *x, double *y)
{
	const double unit[2] = { 1.0, 0.0 };
	tf_zdd r;
	if (tf_zdd_range_sum(1, x, unit, op->alpha, op->alpha_im, tf_zdd_from_z(y[0], y[1]), &r)) {
		double v[2];
		tf_zdd_to_z(r, &v[0], &v[1]);
		if (isfinite(v[0]) && isfinite(v[1])) {
			y[0] = v[0];
			y[1] = v[1];
			return;
		}
	}
	struct tf_op one = *op;
	one.n = 1;
	one.x = x;
	one.y = y;
	one.incx = one.incy = 1;
	tf_cpu_forward(&one);
}

static void run_chunk(void *context, int task)
{
	const struct axpy_job *job = context;
	const struct tf_op *op = job->op;
	const int width = op->type == TF_TYPE_Z ? 2 : 1;
	int first = task * CHUNK, count = op->n - first < CHUNK ? op->n - first : CHUNK;
	const double *x = op->x + (size_t)first * width;
	double *y = op->y + (size_t)first * width;
	double result[2 * CHUNK];
	memcpy(result, y, (size_t)count * width * sizeof *y);
	if (width == 1)
		job->loops->axpy(count, op->alpha, x, result);
	else
		job->loops->zaxpy(count, op->alpha, op->alpha_im, x, result);
	if (job->loops->all_finite((size_t)count * width, result)) {
		memcpy(y, result, (size_t)count * width * sizeof *y);
		return;
	}
	if (width == 1) {
		for (int i = 0; i < count; i++)
			y[i] = isfinite(result[i]) ? result[i]
						   : reference_value(op->alpha, x[i], y[i]);
		return;
	}
	for (int i = 0; i < count; i++) {
		if (isfinite(result[2 * i]) && isfinite(result[2 * i + 1])) {
			y[2 * i] = result[2 * i];
			y[2 * i + 1] = result[2 * i + 1];
		} else
			reference_element(op, x + 2 * i, y + 2 * i);
	}
}

/* Strided: element i at i*inc, or counted from the end for a negative inc;
 * each element written before the next is read (incy = 0). */
static void run_strided(const struct tf_op *op, const struct tf_dd_loops *loops)
{
	const int n = op->n, width = op->type == TF_TYPE_Z ? 2 : 1;
	for (int i = 0; i < n; i++) {
		const double *x = tf_element(op->x, width, n, op->incx, i);
		double *y = tf_element(op->y, width, n, op->incy, i);
		if (width == 1) {
			double value = TF_DFMA(op->alpha, *x, *y);
			*y = isfinite(value) ? value : reference_value(op->alpha, *x, *y);
			continue;
		}
		double value[2] = { y[0], y[1] };
		loops->zaxpy(1, op->alpha, op->alpha_im, x, value);
		if (isfinite(value[0]) && isfinite(value[1])) {
			y[0] = value[0];
			y[1] = value[1];
		} else
			reference_element(op, x, y);
	}
}

void tf_cpu_dd_axpy(const struct tf_op *op)
{
	const struct tf_dd_loops *loops = tf_dd_loops();
	if (op->incx != 1 || op->incy != 1) {
		run_strided(op, loops);
		return;
	}
	struct axpy_job job = { .op = op, .loops = loops };
	int tasks = (op->n + CHUNK - 1) / CHUNK;
	if (op->n < PARALLEL_MIN)
		for (int t = 0; t < tasks; t++)
			run_chunk(&job, t);
	else
		tf_parallel_for(tasks, run_chunk, &job);
}
