/* The norms in DD on the CPU: dnrm2, dznrm2 (NRM2) and dasum, dzasum
 * (ASUM).  A complex vector is read as its 2n parts: |x|^2 = re^2 + im^2,
 * and dzasum's |re| + |im|.
 *
 * The vector is read CHUNK elements at a time as contiguous doubles
 * (gathered for strides other than 1; incx = 0 repeats x(1) n times, as
 * the reference's NRM2 does) and summed by the instruction set's loops
 * (dd_loops.c) in 16 independent DD partial sums, which are added in DD:
 * the same bits for every instruction set and thread count (long vectors
 * give their chunks to the thread pool, and the chunks' sums are added in
 * chunk order as on one thread).  Up to SHORT
 * parts, one DD sum in element order instead, read in place (short calls
 * are many: LAPACK's); either way the bits depend on n only.
 *
 * NRM2 sums the squares exactly (TwoProd) and takes the DD square root,
 * rounded once.  Squares neither overflow nor lose their low words as
 * long as the largest |x_i| lies in [2^-400, 2^400]; otherwise the sum is
 * taken again on the vector scaled by the power of two that brings its
 * largest element into [1/2, 1), exactly, and the root scaled back.  Inf
 * and NaN data give a non-finite sum, which the commit (dd_output.h)
 * hands to the CPU BLAS: the reference's Inf or NaN. */
#include "config.h"
#include "cpu/dd_isa.h" /* first: the names of this instruction set's copy */

#include <math.h>
#include "cpu/dd_elements.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_output.h"
#include "core/threads.h"

#define CHUNK 512
#define SHORT 16 /* parts (doubles) */
#define PARALLEL_MIN (1 << 17) /* parts: from here the chunks go to the pool */
#define SAFE_LOW 0x1p-400
#define SAFE_HIGH 0x1p400

static int width_of(const struct tf_op *op)
{
	return op->type == TF_TYPE_Z ? 2 : 1;
}

/* The sum of squares, or of absolute values (asum), of a short vector,
 * in element order; *big as below. */
static tf_dd short_sum(const struct tf_op *op, int asum, double *big)
{
	const int width = width_of(op);
	double largest = 0.0;
	tf_dd sum = tf_dd_make(0.0, 0.0);
	for (int i = 0; i < op->n; i++) {
		const double *e = tf_element(op->x, width, op->n, op->incx, i);
		for (int w = 0; w < width; w++) {
			sum = asum ? tf_dd_add_d(sum, fabs(e[w])) : tf_dd_fma(sum, e[w], e[w]);
			largest = fabs(e[w]) > largest ? fabs(e[w]) : largest;
		}
	}
	*big = largest;
	return sum;
}

/* The chunks of a long vector for the pool: each task's sum and largest
 * |x_i| in its own place. */
struct chunks {
	const struct tf_op *op;
	const struct tf_dd_loops *loops;
	int asum, e;
	double *hi, *lo, *largest; /* by task: the sum's words, the largest |x_i| */
};

/* One chunk's sum of squares (of the vector times 2^-e) or of absolute
 * values, and its largest |x_i| (an Inf if there is one; NaN is not
 * seen). */
static tf_dd one_chunk(const struct chunks *job, int task, double *largest)
{
	const struct tf_op *op = job->op;
	const int width = width_of(op), first = task * CHUNK;
	int count = op->n - first < CHUNK ? op->n - first : CHUNK, m = count * width;
	double buffer[2 * CHUNK], scaled[2 * CHUNK], big = 0.0;
	const double *v = tf_elements(op->x, width, op->n, op->incx, first, count, buffer);
	for (int i = 0; i < m; i++)
		big = fabs(v[i]) > big ? fabs(v[i]) : big;
	if (job->e != 0) {
		for (int i = 0; i < m; i++)
			scaled[i] = ldexp(v[i], -job->e);
		v = scaled;
	}
	*largest = big;
	return job->asum ? job->loops->sum_abs(m, v) : job->loops->dot(m, v, v);
}

static void pool_chunk(void *context, int task)
{
	const struct chunks *job = context;
	tf_dd sum = one_chunk(job, task, &job->largest[task]);
	job->hi[task] = sum.hi;
	job->lo[task] = sum.lo;
}

/* The sum over the chunks, added in chunk order whether the pool computed
 * them or this thread did; *big the largest |x_i|. */
static tf_dd chunked_sum(const struct tf_op *op, const struct tf_dd_loops *loops, int asum, int e,
			 double *big)
{
	const int tasks = (op->n + CHUNK - 1) / CHUNK;
	struct chunks job = { .op = op, .loops = loops, .asum = asum, .e = e };
	double *space = NULL;
	const int parallel = (double)op->n * width_of(op) >= PARALLEL_MIN;
	if (parallel) { /* a long vector: the buffer's malloc is nothing beside it */
		space = tf_cpu_buffer(NULL, 0, 3 * (size_t)tasks);
		job.hi = space;
		job.lo = space + tasks;
		job.largest = space + 2 * (size_t)tasks;
		tf_parallel_for(tasks, pool_chunk, &job);
	}
	tf_dd sum = tf_dd_make(0.0, 0.0);
	double largest = 0.0;
	for (int t = 0; t < tasks; t++) {
		double chunk_largest;
		tf_dd chunk = parallel ? tf_dd_make(job.hi[t], job.lo[t])
				       : one_chunk(&job, t, &chunk_largest);
		if (parallel)
			chunk_largest = job.largest[t];
		sum = tf_dd_add(sum, chunk);
		largest = chunk_largest > largest ? chunk_largest : largest;
	}
	if (space)
		tf_cpu_buffer_release(space, NULL);
	*big = largest;
	return sum;
}

void tf_cpu_dd_nrm2(const struct tf_op *op)
{
	const struct tf_dd_loops *loops = tf_dd_loops();
	double big, value;
	tf_dd sum = op->n * width_of(op) <= SHORT ? short_sum(op, 0, &big)
						 : chunked_sum(op, loops, 0, 0, &big);
	if (big == 0.0 || (big >= SAFE_LOW && big <= SAFE_HIGH))
		value = tf_dd_to_double(tf_dd_sqrt(sum)); /* NaN data: NaN */
	else if (!isfinite(big))
		value = big;
	else {
		int e;
		(void)frexp(big, &e);
		sum = chunked_sum(op, loops, 0, e, &big);
		value = ldexp(tf_dd_to_double(tf_dd_sqrt(sum)), e);
	}
	tf_cpu_commit_result(op, &value);
}

void tf_cpu_dd_asum(const struct tf_op *op)
{
	double big;
	tf_dd sum = op->n * width_of(op) <= SHORT ? short_sum(op, 1, &big)
						 : chunked_sum(op, tf_dd_loops(), 1, 0, &big);
	double value = tf_dd_to_double(sum);
	tf_cpu_commit_result(op, &value);
}
