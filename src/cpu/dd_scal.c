/* zscal in DD on the CPU (SCAL, complex alpha): each part of alpha x(i)
 * from its two exact products, rounded once (the loops' zscal).  dscal and
 * zdscal round once already and stay with the CPU BLAS.
 *
 * Range: an element whose products overflow (and cancel, or sum to a
 * normal double) comes out not finite; it is formed again with every
 * factor's exponent apart (tf_zdd_range_sum) and keeps that value when it
 * is finite.  With both parts of alpha at most 1 in magnitude no product
 * can overflow: no test then; otherwise one pass over each chunk.
 *
 * The vector (the op's y, the reference's x) is taken CHUNK elements at a
 * time; each part is rounded into a buffer and committed as an op of its
 * own (dd_output.h), so that Inf and NaN come out as the reference's. */
#include "config.h"
#include "cpu/dd_isa.h" /* first: the names of this instruction set's copy */

#include "cpu/dd_elements.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_output.h"

#define CHUNK 512

void tf_cpu_dd_zscal(const struct tf_op *op)
{
	const struct tf_dd_loops *loops = tf_dd_loops();
	double buffer[2 * CHUNK], out[2 * CHUNK];
	const int products_may_overflow = !(fabs(op->alpha) <= 1.0 && fabs(op->alpha_im) <= 1.0);
	for (int first = 0; first < op->n; first += CHUNK) {
		int count = op->n - first < CHUNK ? op->n - first : CHUNK;
		struct tf_op part = *op;
		part.n = count;
		part.y = tf_elements_part(op->y, 2, op->n, op->incy, first, count);
		const double *x = tf_elements(part.y, 2, count, op->incy, 0, count, buffer);
		loops->zscal(count, op->alpha, op->alpha_im, x, out);
		if (products_may_overflow && !loops->all_finite(2 * (size_t)count, out))
			for (int i = 0; i < count; i++) {
				const double one[2] = { 1.0, 0.0 };
				tf_zdd r;
				if ((!isfinite(out[2 * i]) || !isfinite(out[2 * i + 1])) &&
				    tf_zdd_range_sum(1, x + 2 * i, one, op->alpha, op->alpha_im,
						     tf_zdd_from_z(0.0, 0.0), &r))
					tf_zdd_to_z(r, &out[2 * i], &out[2 * i + 1]);
			}
		tf_cpu_commit_vector(&part, out, count);
	}
}
