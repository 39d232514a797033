/* y = alpha op(A) x + beta y in DD on the CPU.
 *
 * x is first gathered into a contiguous copy (any stride, negative ones
 * counted from the end as the reference does).  Trans = N: tasks of ROWS
 * rows keep DD sums for their rows and add A's columns into them.  Trans =
 * T or C: each y element is a DD dot product of a column of A with x.
 * A sum that comes out tiny (zero included) or not finite while x is finite
 * and not zero may have left double's range (dd_range.h): that element is
 * formed again from its line of A and x scaled by powers of two, so that
 * the common case reads A once. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include "core/message.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_range.h"
#include "cpu/forward.h"
#include "cpu/threads.h"

#define ROWS 512
#define COLUMNS 64
/* Below this many elements of A, one thread does it all. */
#define PARALLEL_MIN 65536

struct gemv_job {
	const struct tf_op *op;
	const struct tf_dd_loops *loops;
	const double *x; /* contiguous */
	int tasks;
	int x_high;   /* |x| < 2^x_high */
	int rescale;  /* x finite and not zero, alpha finite: suspect sums are formed again */
};

/* Sums below this, or not finite, may have left the range. */
#define SUSPECT_BELOW 0x1p-900

/* Element i of a vector of length n with stride inc, as the reference counts. */
static double *element(double *v, int n, int inc, int i)
{
	return v + (inc > 0 ? (size_t)i * inc : (size_t)(n - 1 - i) * (size_t)-inc);
}

/* y(i) by the CPU BLAS, for a DD result that is not finite.  For trans N it
 * is row i of A times x; otherwise column i of A times x. */
static void element_by_reference(const struct tf_op *op, int i)
{
	struct tf_op one = *op;
	int leny = op->transa == 'N' ? op->m : op->n;
	if (op->transa == 'N') {
		one.m = 1;
		one.a = op->a + i;
	} else {
		one.n = 1;
		one.a = op->a + (size_t)i * op->lda;
	}
	one.y = element(op->y, leny, op->incy, i);
	tf_cpu_forward(&one);
}

/* Element i's sum formed again with its line of A times 2^-line_high and
 * x times 2^-x_high: alpha's significand applied, then the scales and
 * alpha's exponent at once. */
static tf_dd rescaled(const struct gemv_job *job, int i)
{
	const struct tf_op *op = job->op;
	int trans = op->transa != 'N', length = trans ? op->m : op->n;
	const double *line = trans ? op->a + (size_t)i * op->lda : op->a + i;
	size_t stride = trans ? 1 : (size_t)op->lda;
	double largest = 0.0;
	for (int l = 0; l < length; l++)
		largest = fmax(largest, fabs(line[l * stride]));
	int line_high = tf_dd_range_high(largest), alpha_exponent;
	double alpha_fraction = frexp(op->alpha, &alpha_exponent);
	tf_dd sum = tf_dd_make(0.0, 0.0);
	for (int l = 0; l < length; l++)
		sum = tf_dd_fma(sum, ldexp(line[l * stride], -line_high), ldexp(job->x[l], -job->x_high));
	return tf_dd_ldexp(tf_dd_mul_d(sum, alpha_fraction), alpha_exponent + line_high + job->x_high);
}

static void finish(const struct gemv_job *job, int i, tf_dd sum)
{
	const struct tf_op *op = job->op;
	int leny = op->transa == 'N' ? op->m : op->n;
	double *y = element(op->y, leny, op->incy, i);
	tf_dd r;
	if (job->rescale && !(fabs(sum.hi) >= SUSPECT_BELOW && fabs(sum.hi) <= DBL_MAX))
		r = rescaled(job, i);
	else
		r = tf_dd_mul_d(sum, op->alpha);
	if (op->beta != 0.0)
		r = tf_dd_add(r, tf_two_prod(op->beta, *y));
	double value = tf_dd_to_double(r);
	if (isfinite(value))
		*y = value;
	else
		element_by_reference(op, i);
}

static void run_rows(void *context, int task)
{
	const struct gemv_job *job = context;
	const struct tf_op *op = job->op;
	int first = task * ROWS, rows = op->m - first < ROWS ? op->m - first : ROWS;
	double hi[ROWS] = { 0 }, lo[ROWS] = { 0 };
	for (int j = 0; j < op->n; j++)
		job->loops->column_update(rows, op->a + first + (size_t)j * op->lda, job->x[j], hi, lo);
	for (int i = 0; i < rows; i++)
		finish(job, first + i, tf_dd_make(hi[i], lo[i]));
}

static void run_columns(void *context, int task)
{
	const struct gemv_job *job = context;
	const struct tf_op *op = job->op;
	int first = task * COLUMNS, last = first + COLUMNS < op->n ? first + COLUMNS : op->n;
	for (int j = first; j < last; j++)
		finish(job, j, job->loops->dot(op->m, op->a + (size_t)j * op->lda, job->x));
}

/* alpha = 0: y = beta y, as the reference does it (A and x unread). */
static void scale_y(const struct tf_op *op)
{
	int leny = op->transa == 'N' ? op->m : op->n;
	for (int i = 0; i < leny; i++) {
		double *y = element(op->y, leny, op->incy, i);
		*y = op->beta == 0.0 ? 0.0 : op->beta * *y;
	}
}

void tf_cpu_dd_gemv(const struct tf_op *op)
{
	if (op->alpha == 0.0) {
		scale_y(op);
		return;
	}
	int lenx = op->transa == 'N' ? op->n : op->m;
	double *x = malloc((size_t)lenx * sizeof *x);
	if (!x)
		tf_fatal("out of memory in the CPU DD gemv (%zu bytes)", (size_t)lenx * sizeof *x);
	struct tf_dd_range x_range = TF_DD_RANGE_EMPTY;
	for (int i = 0; i < lenx; i++) {
		x[i] = *element((double *)op->x, lenx, op->incx, i);
		tf_dd_range_add(&x_range, x[i]);
	}

	struct gemv_job job = { .op = op, .loops = tf_dd_loops(), .x = x };
	job.rescale = x_range.finite && x_range.max != 0.0 && isfinite(op->alpha);
	job.x_high = tf_dd_range_high(x_range.max);
	int by_rows = op->transa == 'N';
	job.tasks = by_rows ? (op->m + ROWS - 1) / ROWS : (op->n + COLUMNS - 1) / COLUMNS;
	void (*body)(void *, int) = by_rows ? run_rows : run_columns;
	if ((double)op->m * op->n < PARALLEL_MIN)
		for (int t = 0; t < job.tasks; t++)
			body(&job, t);
	else
		tf_parallel_for(job.tasks, body, &job);
	free(x);
}
