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
 * Range: an output whose products overflow (and cancel, or sum to a normal
 * double) comes out not finite; it is formed again with every factor's
 * exponent apart (tf_dd_range_sum), and keeps that value when it is
 * finite.  With every entry of H at most 1 in magnitude (the rotations of
 * drotg and most of drotmg's) no product can overflow, and a sum of two
 * that does is beyond the range exactly: no test then; otherwise one pass
 * over each chunk's outputs.
 *
 * The vectors are taken CHUNK elements at a time; each part is rounded
 * into buffers and committed as an op of its own (dd_output.h), so that
 * Inf and NaN in a part come out as the reference's.  Zero increments (the
 * reference then rotates the same element again and again) are left to
 * the CPU BLAS (tf_cpu_dd_computes). */
#include "config.h"
#include "cpu/dd_isa.h" /* first: the names of this instruction set's copy */

#include "cpu/dd_elements.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_output.h"

#define CHUNK 512

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

/* out[i] = h0 x[i] + h1 y[i] formed again scaled where it is not finite
 * (m doubles: the parts of complex data apart). */
static void range_outputs(int m, double h0, double h1, const double *x, const double *y,
			  double *out)
{
	const double h[2] = { h0, h1 };
	for (int i = 0; i < m; i++) {
		const double v[2] = { x[i], y[i] };
		tf_dd r;
		if (!isfinite(out[i]) && tf_dd_range_sum(2, h, 1, v, 1, 1.0, tf_dd_make(0.0, 0.0), &r))
			out[i] = tf_dd_to_double(r);
	}
}

void tf_cpu_dd_rot(const struct tf_op *op)
{
	const struct tf_dd_loops *loops = tf_dd_loops();
	const int width = op->type == TF_TYPE_Z ? 2 : 1;
	double h[4];
	double xs[2 * CHUNK], ys[2 * CHUNK], xo[2 * CHUNK], yo[2 * CHUNK];
	matrix_of(op, h);
	int products_may_overflow = 0;
	for (int i = 0; i < 4; i++)
		products_may_overflow |= !(fabs(h[i]) <= 1.0);
	for (int first = 0; first < op->n; first += CHUNK) {
		int count = op->n - first < CHUNK ? op->n - first : CHUNK;
		struct tf_op part = *op;
		part.n = count;
		part.x = tf_elements_part(op->x, width, op->n, op->incx, first, count);
		part.y = tf_elements_part(op->y, width, op->n, op->incy, first, count);
		const double *x = tf_elements(part.x, width, count, op->incx, 0, count, xs);
		const double *y = tf_elements(part.y, width, count, op->incy, 0, count, ys);
		loops->transform(count * width, h, x, y, xo, yo);
		if (products_may_overflow && (!loops->all_finite((size_t)count * width, xo) ||
					      !loops->all_finite((size_t)count * width, yo))) {
			range_outputs(count * width, h[0], h[1], x, y, xo);
			range_outputs(count * width, h[2], h[3], x, y, yo);
		}
		tf_cpu_commit_vectors(&part, xo, yo, count);
	}
}
