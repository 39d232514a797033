/* The plane rotations in DD on the CPU: drot, zdrot (ROT: real c and s,
 * also on complex vectors, part by part) and drotm (ROTM: the modified
 * Givens matrix H of param).  Each output element is h11 x + h12 y or
 * h21 x + h22 y from exact products, rounded once (the loops' transform).
 *
 * DROTM's flag param(1) says which entries of H are stored, as the
 * reference reads it: < 0 all four (param(2..5) = h11, h21, h12, h22),
 * 0 the off-diagonal ones (h11 = h22 = 1), otherwise the diagonal (h12 = 1,
 * h21 = -1); -2 (H = I) returns before the op is made.  The implied
 * entries are exact, so each output is the reference's expression
 * computed exactly and rounded once.
 *
 * The vectors are taken CHUNK elements at a time; each part is rounded
 * into buffers and committed as an op of its own (dd_output.h), so that
 * Inf and NaN in a part come out as the reference's.  Long vectors give
 * their parts to the thread pool, into one buffer committed at the end.  Zero increments (the
 * reference then rotates the same element again and again) are left to
 * the CPU BLAS (tf_cpu_dd_computes). */
#include "config.h"

#include "cpu/dd_elements.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_output.h"
#include "cpu/threads.h"

#define CHUNK 512
#define PARALLEL_MIN (1 << 17) /* parts: from here the pool computes the parts */

/* h = (h11, h12, h21, h22) of the op. */
static void matrix_of(const struct tf_op *op, double *h)
{
	if (op->kind == TF_OP_ROT) {
		h[0] = op->alpha, h[1] = op->beta, h[2] = -op->beta, h[3] = op->alpha;
		return;
	}
	const double *p = op->param, flag = p[0];
	if (flag < 0.0)
		h[0] = p[1], h[1] = p[3], h[2] = p[2], h[3] = p[4];
	else if (flag == 0.0)
		h[0] = 1.0, h[1] = p[3], h[2] = p[2], h[3] = 1.0;
	else
		h[0] = p[1], h[1] = 1.0, h[2] = -1.0, h[3] = p[4];
}

/* Elements [first, first + count) of the op transformed into xo and yo
 * (contiguous, count * width doubles each). */
static void transform_part(const struct tf_op *op, const double *h, int first, int count,
			   double *xo, double *yo)
{
	const int width = op->type == TF_TYPE_Z ? 2 : 1;
	double xs[2 * CHUNK], ys[2 * CHUNK];
	const double *x = tf_elements(op->x, width, op->n, op->incx, first, count, xs);
	const double *y = tf_elements(op->y, width, op->n, op->incy, first, count, ys);
	tf_dd_loops()->transform(count * width, h, x, y, xo, yo);
}

/* A long op: every part into one buffer on the pool's threads, one commit
 * on the caller's thread. */
struct long_rot {
	const struct tf_op *op;
	const double *h;
	double *xo, *yo;
};

static void pool_part(void *context, int task)
{
	const struct long_rot *job = context;
	const int width = job->op->type == TF_TYPE_Z ? 2 : 1, first = task * CHUNK;
	int count = job->op->n - first < CHUNK ? job->op->n - first : CHUNK;
	transform_part(job->op, job->h, first, count, job->xo + (size_t)first * width,
		       job->yo + (size_t)first * width);
}

void tf_cpu_dd_rot(const struct tf_op *op)
{
	const int width = op->type == TF_TYPE_Z ? 2 : 1;
	double h[4];
	matrix_of(op, h);
	if ((double)op->n * width >= PARALLEL_MIN) {
		size_t doubles = (size_t)op->n * width;
		double *out = tf_cpu_buffer(NULL, 0, 2 * doubles);
		struct long_rot job = { .op = op, .h = h, .xo = out, .yo = out + doubles };
		tf_parallel_for((op->n + CHUNK - 1) / CHUNK, pool_part, &job);
		tf_cpu_commit_vectors(op, job.xo, job.yo, op->n);
		tf_cpu_buffer_release(out, NULL);
		return;
	}
	double xo[2 * CHUNK], yo[2 * CHUNK];
	for (int first = 0; first < op->n; first += CHUNK) {
		int count = op->n - first < CHUNK ? op->n - first : CHUNK;
		struct tf_op part = *op;
		part.n = count;
		part.x = tf_elements_part(op->x, width, op->n, op->incx, first, count);
		part.y = tf_elements_part(op->y, width, op->n, op->incy, first, count);
		transform_part(op, h, first, count, xo, yo);
		tf_cpu_commit_vectors(&part, xo, yo, count);
	}
}
