/* y = alpha op(A) x + beta y in DD on the CPU.
 *
 * x is first gathered into a contiguous copy (any stride, negative ones
 * counted from the end as the reference does).  Trans = N: tasks of ROWS
 * rows keep DD sums for their rows and add A's columns into them.  Trans =
 * T or C: each y element is a DD dot product of a column of A with x.
 * A sum that may have left double's range is formed again (twofold/arith_dd.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include "core/message.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
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
};

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

/* alpha op(A)(i, :) x formed again for a sum that may have left the range
 * (twofold/arith_dd.h); 0 when that does not apply. */
static int rescaled(const struct gemv_job *job, int i, tf_dd sum, tf_dd *r)
{
	const struct tf_op *op = job->op;
	int trans = op->transa != 'N';
	return tf_dd_range_dot(trans ? op->m : op->n, trans ? op->a + (size_t)i * op->lda : op->a + i,
			       trans ? 1 : (ptrdiff_t)op->lda, job->x, 1, op->alpha, sum, r);
}

/* alpha sum + beta y, rounded once. */
static double with_beta(const struct tf_op *op, tf_dd r, double y)
{
	if (op->beta != 0.0)
		r = tf_dd_add(r, tf_two_prod(op->beta, y));
	return tf_dd_to_double(r);
}

static void finish(const struct gemv_job *job, int i, tf_dd sum)
{
	const struct tf_op *op = job->op;
	int leny = op->transa == 'N' ? op->m : op->n;
	double *y = element(op->y, leny, op->incy, i);
	double value = with_beta(op, tf_dd_mul_d(sum, op->alpha), *y);
	if (!isfinite(value) || fabs(sum.hi) < TF_DD_RANGE_SUSPECT) {
		/* formed again scaled where the sum may have left the range, else
		 * kept (a cancellation) or, not finite, the CPU BLAS's */
		tf_dd r;
		if (rescaled(job, i, sum, &r))
			value = with_beta(op, r, *y);
		if (!isfinite(value)) {
			element_by_reference(op, i);
			return;
		}
	}
	*y = value;
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
	for (int i = 0; i < lenx; i++)
		x[i] = *element((double *)op->x, lenx, op->incx, i);

	struct gemv_job job = { .op = op, .loops = tf_dd_loops(), .x = x };
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
