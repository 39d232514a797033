/* C = alpha op(A) op(B) + beta C in DD on the CPU (dgemm, zgemm): one
 * product of the engine (dd_product.h) with general operands; alpha, beta
 * and the one rounding are applied when a tile's sums are done, after a
 * dgemm sum that may have left double's range is formed again
 * (twofold/arith_dd.h). */
#include "config.h"
#include "cpu/dd_isa.h" /* first: the names of this instruction set's copy */

#include <math.h>
#include <string.h>
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_output.h"
#include "cpu/dd_product.h"
#include "cpu/forward.h"

/* alpha op(A)(i, :) op(B)(:, j) formed again for a sum that may have left
 * the range (twofold/arith_dd.h); 0 when that does not apply. */
static int rescaled(const struct tf_op *op, int i, int j, tf_dd sum, tf_dd *r)
{
	const double *row = op->transa == 'N' ? op->a + i : op->a + (size_t)i * op->lda;
	const double *column = op->transb == 'N' ? op->b + (size_t)j * op->ldb : op->b + j;
	return tf_dd_range_dot(op->k, row, op->transa == 'N' ? (ptrdiff_t)op->lda : 1, column,
			       op->transb == 'N' ? 1 : (ptrdiff_t)op->ldb, op->alpha, sum, r);
}

/* r + beta c, rounded once. */
static double with_beta(double beta, tf_dd r, double c)
{
	if (beta != 0.0)
		r = tf_dd_add(r, tf_two_prod(beta, c));
	return tf_dd_to_double(r);
}

/* An element whose result is not finite, or whose sum is tiny: formed again
 * scaled where the sum may have left the range, else kept (a cancellation)
 * or, not finite, computed again by the CPU BLAS alone, as the reference
 * computes it.  screen: the tile's screen has just found that this finite
 * sum may have left the range, and forms it again from the terms it keeps
 * scaled (the same bits as rescaled). */
static __attribute__((noinline)) void finish_element(const struct tf_dd_product *p,
						     struct tf_dd_range_screen *screen, int i,
						     int j, tf_dd sum, double value, double *c)
{
	const struct tf_op *op = p->op;
	tf_dd r;
	if (screen ? tf_dd_product_range_screened(p, screen, i, j, op->alpha, &r)
		   : rescaled(op, i, j, sum, &r))
		value = with_beta(op->beta, r, *c);
	if (isfinite(value))
		*c = value;
	else
		tf_cpu_forward_element(op, i, j);
}

/* op(A)(i, l) op(B)(l, j) summed by the engine; alpha, beta and the one
 * rounding per element by the loops (a column at a time), into C but for
 * the elements that need the range's second look. */
static void finish_real(const struct tf_dd_product *p, const struct tf_dd_tile *tile)
{
	const struct tf_op *op = p->op;
	const struct tf_dd_loops *loops = tf_dd_loops();
	/* held here: the calls below could change *op as far as the compiler knows */
	const double alpha = op->alpha, beta = op->beta;
	/* tf_dd_range_underflow_harmless's weight: |alpha| over k products */
	const double weight = fabs(alpha) * op->k;
	double rounded[TF_DD_TILE_ROWS];
	struct tf_dd_range_screen screen;
	tf_dd_range_screen_begin(&screen);
	for (int j = 0; j < tile->cols; j++) {
		double *c = op->c + tile->i0 + (size_t)(tile->j0 + j) * op->ldc;
		const double *hi = tile->hi[0] + (size_t)j * tile->ld;
		const double *lo = tile->lo[0] + (size_t)j * tile->ld;
		if (loops->scale_round(tile->rows, hi, lo, alpha, beta, c, rounded)) {
			memcpy(c, rounded, (size_t)tile->rows * sizeof *c);
			continue;
		}
		for (int i = 0; i < tile->rows; i++) {
			const int gi = tile->i0 + i, gj = tile->j0 + j;
			if (!isfinite(rounded[i]))
				finish_element(p, NULL, gi, gj, tf_dd_make(hi[i], lo[i]), rounded[i],
					       c + i);
			else if (fabs(hi[i]) >= TF_DD_RANGE_SUSPECT ||
				 tf_dd_range_underflow_harmless(rounded[i], weight) ||
				 !tf_dd_product_range_may_apply(p, tile, &screen, gi, gj))
				c[i] = rounded[i];
			else
				finish_element(p, &screen, gi, gj, tf_dd_make(hi[i], lo[i]),
					       rounded[i], c + i);
		}
	}
	tf_dd_range_screen_release(&screen);
}

/* A zgemm element whose sum came out tiny in both parts or whose result is
 * not finite: formed again scaled where the sum may have left double's
 * range, else kept (a cancellation, or a value the commit hands to the CPU
 * BLAS). */
static __attribute__((noinline)) void range_complex(const struct tf_dd_product *p, int i, int j,
						    int finite, double *out)
{
	const struct tf_op *op = p->op;
	tf_zdd r;
	if (!tf_dd_product_zrange(p, i, j, 0, 1, op->alpha, op->alpha_im, finite, &r))
		return;
	if (op->beta != 0.0 || op->beta_im != 0.0) {
		const double *c = op->c + 2 * (i + (size_t)j * op->ldc);
		r = tf_zdd_add(r, tf_zdd_fma(tf_zdd_from_z(0.0, 0.0), op->beta, op->beta_im, c[0], c[1]));
	}
	tf_zdd_to_z(r, &out[0], &out[1]);
}

/* zgemm: alpha S + beta C in complex DD into the buffer, a column at a
 * time by the loops, committed by the rule of dd_output.h; a sum that may
 * have left double's range formed again. */
static void finish_complex(const struct tf_dd_product *p, const struct tf_dd_tile *tile)
{
	const struct tf_op *op = p->op;
	const struct tf_dd_loops *loops = tf_dd_loops();
	struct tf_dd_range_screen screen;
	tf_dd_range_screen_begin(&screen);
	for (int j = 0; j < tile->cols; j++) {
		int gj = tile->j0 + j;
		const double *re_hi = tile->hi[0] + (size_t)(2 * j) * tile->ld;
		const double *re_lo = tile->lo[0] + (size_t)(2 * j) * tile->ld;
		const double *im_hi = re_hi + tile->ld, *im_lo = re_lo + tile->ld;
		double *out = p->out + 2 * (tile->i0 + (size_t)gj * p->ldout);
		const double *c = op->c + 2 * (tile->i0 + (size_t)gj * op->ldc);
		if (loops->zscale_round(tile->rows, re_hi, re_lo, im_hi, im_lo, op->alpha,
					op->alpha_im, op->beta, op->beta_im, c, out) || !p->k)
			continue;
		for (int i = 0; i < tile->rows; i++) {
			tf_zdd s = tf_dd_tile_zsum(tile, 0, i, j);
			int finite = isfinite(out[2 * i]) && isfinite(out[2 * i + 1]) &&
				     tf_zdd_is_finite(s);
			if (finite ? tf_zdd_range_suspect(s) &&
					     tf_dd_product_range_may_apply(p, tile, &screen,
									   tile->i0 + i, gj)
				   : 1)
				range_complex(p, tile->i0 + i, gj, tf_zdd_is_finite(s), out + 2 * i);
		}
	}
}

static void run_zgemm(const struct tf_op *op)
{
	double stack[512];
	double *out = tf_cpu_buffer(stack, 512, (size_t)op->m * op->n * 2);
	struct tf_dd_product p = {
		/* alpha = 0: A and B unread, as in the reference, and C = beta C
		 * in DD (sums of length 0); k = 0 the same, whose non-finite
		 * results (alpha Inf or NaN) the commit hands to the reference */
		.type = TF_TYPE_Z, .m = op->m, .n = op->n,
		.k = op->alpha == 0.0 && op->alpha_im == 0.0 ? 0 : op->k, .terms = 1,
		.left = { tf_dd_general(op->a, op->lda, op->transa) },
		.right = { tf_dd_general(op->b, op->ldb, op->transb) },
		.finish = finish_complex, .op = op, .out = out, .ldout = op->m,
	};
	tf_dd_product_run(&p);
	tf_cpu_commit_matrix(op, out, op->m, op->n, op->m, 0);
	tf_cpu_buffer_release(out, stack);
}

/* dgemm with alpha = 0 or k = 0, as the reference does it (A and B
 * unread).  alpha = 0 gives C = beta C.  With k = 0 and op(A) = A the
 * reference also scales C by beta and adds nothing; with op(A) = A^T it
 * forms each element as alpha * (an empty sum) + beta C, so alpha = Inf or
 * NaN gives NaN, and a negative alpha with beta = 0 gives -0. */
static void scale_c(const struct tf_op *op)
{
	int empty_term = op->alpha != 0.0 && op->transa != 'N';
	double term = op->alpha * 0.0;
	for (int j = 0; j < op->n; j++) {
		double *c = op->c + (size_t)j * op->ldc;
		for (int i = 0; i < op->m; i++) {
			double scaled = op->beta == 0.0 ? 0.0 : op->beta * c[i];
			c[i] = !empty_term ? scaled : op->beta == 0.0 ? term : term + scaled;
		}
	}
}

void tf_cpu_dd_gemm(const struct tf_op *op)
{
	if (op->type == TF_TYPE_Z) {
		run_zgemm(op);
		return;
	}
	if (op->alpha == 0.0 || op->k == 0) {
		scale_c(op);
		return;
	}
	struct tf_dd_product p = {
		.type = TF_TYPE_D, .m = op->m, .n = op->n, .k = op->k, .terms = 1,
		.left = { tf_dd_general(op->a, op->lda, op->transa) },
		.right = { tf_dd_general(op->b, op->ldb, op->transb) },
		.finish = finish_real, .op = op,
	};
	tf_dd_product_run(&p);
}
