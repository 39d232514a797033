/* zscal in DD on the CPU (SCAL, complex alpha): each part of alpha x(i)
 * from its two exact products, rounded once (the loops' zscal).  dscal and
 * zdscal round once already and stay with the CPU BLAS.
 *
 * The vector (the op's y, the reference's x) is taken CHUNK elements at a
 * time; each part is rounded into a buffer and committed as an op of its
 * own (dd_output.h), so that Inf and NaN come out as the reference's.
 * Long vectors give their parts to the thread pool, into one buffer
 * committed at the end. */
#include "config.h"

#include "cpu/dd_elements.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_output.h"
#include "cpu/threads.h"

#define CHUNK 512
#define PARALLEL_MIN (1 << 16) /* elements: from here the pool computes the parts */

/* Elements [first, first + count) of alpha x into out (2 count doubles). */
static void scale_part(const struct tf_op *op, int first, int count, double *out)
{
	double buffer[2 * CHUNK];
	const double *x = tf_elements(op->y, 2, op->n, op->incy, first, count, buffer);
	tf_dd_loops()->zscal(count, op->alpha, op->alpha_im, x, out);
}

struct long_scal {
	const struct tf_op *op;
	double *out;
};

static void pool_part(void *context, int task)
{
	const struct long_scal *job = context;
	const int first = task * CHUNK;
	int count = job->op->n - first < CHUNK ? job->op->n - first : CHUNK;
	scale_part(job->op, first, count, job->out + 2 * (size_t)first);
}

void tf_cpu_dd_zscal(const struct tf_op *op)
{
	if (op->n >= PARALLEL_MIN) {
		double *out = tf_cpu_buffer(NULL, 0, 2 * (size_t)op->n);
		struct long_scal job = { .op = op, .out = out };
		tf_parallel_for((op->n + CHUNK - 1) / CHUNK, pool_part, &job);
		tf_cpu_commit_vector(op, out, op->n);
		tf_cpu_buffer_release(out, NULL);
		return;
	}
	double out[2 * CHUNK];
	for (int first = 0; first < op->n; first += CHUNK) {
		int count = op->n - first < CHUNK ? op->n - first : CHUNK;
		struct tf_op part = *op;
		part.n = count;
		part.y = tf_elements_part(op->y, 2, op->n, op->incy, first, count);
		scale_part(op, first, count, out);
		tf_cpu_commit_vector(&part, out, count);
	}
}
