/* The Level 3 kernels in DD on the CPU, each one product of the engine
 * (dd_product.h) with its operands read as the routine defines them:
 *
 *   symm/hemm   S = A B (side L) or B A (R), A symmetric or Hermitian
 *   syrk/herk   S = op(A) op(A)^T (^H) on the uplo triangle
 *   syr2k/her2k S = op(A) op(B)^T + op(B) op(A)^T (^H) on the uplo
 *               triangle; her2k keeps the two terms apart for alpha and
 *               conj(alpha)
 *   trmm        S = op(A) B (side L) or B op(A), A triangular
 *
 * and C = alpha S + beta C (trmm: B = alpha S) applied in DD, rounded once
 * into a buffer and committed by the rule of dd_output.h.  alpha = 0 reads
 * neither A nor B, as in the reference: the product is then one of inner
 * length 0, and C becomes beta C in DD (a complex beta C is two products a
 * part, rounded once), zero for trmm.  A sum that may have left
 * double's range is formed again (tf_dd_product_range, _zrange). */
#include "config.h"
#include "cpu/dd_isa.h" /* first: the names of this instruction set's copy */

#include "cpu/dd_elements.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_output.h"
#include "cpu/dd_product.h"

#define STACK_DOUBLES 512

/* Whether element (i, j) of C belongs to the triangle (0: all of C). */
static int in_triangle(char triangle, int i, int j)
{
	return triangle == 'U' ? i <= j : triangle == 'L' ? i >= j : 1;
}

/* out(i, j) = alpha S(i, j) (+ conj(alpha) S2(i, j) for her2k) + beta
 * C(i, j), C unread when beta = 0; for the Hermitian rank updates the
 * diagonal is real, as the reference makes it: beta times the real part of
 * C(j, j), and an imaginary part of zero. */
static double with_beta(const struct tf_op *op, tf_dd r, int i, int j)
{
	if (op->beta != 0.0)
		r = tf_dd_add(r, tf_two_prod(op->beta, op->c[i + (size_t)j * op->ldc]));
	return tf_dd_to_double(r);
}

/* An element whose sum came out tiny or whose result is not finite: formed
 * again scaled where the sum may have left double's range, else kept (a
 * cancellation, or a value the commit hands to the CPU BLAS). */
static __attribute__((noinline)) double range_element(const struct tf_dd_product *p,
						      struct tf_dd_range_screen *screen, int i,
						      int j, tf_dd sum, double value)
{
	tf_dd r;
	/* screen: it has just found that this finite sum may have left the
	 * range, and forms it again from the terms it keeps scaled */
	if (screen ? tf_dd_product_range_screened(p, screen, i, j, p->op->alpha, &r)
		   : tf_dd_product_range(p, i, j, p->op->alpha, sum, &r))
		value = with_beta(p->op, r, i, j);
	return value;
}

/* The rows first..last-1 of the tile's column gj that lie in the
 * product's triangle (all of them for a full product); 0 when none. */
static int triangle_rows(const struct tf_dd_product *p, const struct tf_dd_tile *tile, int gj,
			 int *first, int *last)
{
	*first = 0, *last = tile->rows;
	if (p->triangle == 'U' && gj - tile->i0 + 1 < *last)
		*last = gj - tile->i0 + 1;
	if (p->triangle == 'L' && gj - tile->i0 > *first)
		*first = gj - tile->i0;
	return *first < *last;
}

/* A column at a time by the loops (the rows of the column in the
 * product's triangle), then the elements that need the range's second
 * look. */
static void finish_real(const struct tf_dd_product *p, const struct tf_dd_tile *tile)
{
	const struct tf_op *op = p->op;
	const struct tf_dd_loops *loops = tf_dd_loops();
	/* tf_dd_range_underflow_harmless's weight: |alpha| over the products */
	const double weight = fabs(op->alpha) * p->terms * p->k;
	struct tf_dd_range_screen screen;
	tf_dd_range_screen_begin(&screen);
	for (int j = 0; j < tile->cols; j++) {
		int gj = tile->j0 + j, first, last;
		if (!triangle_rows(p, tile, gj, &first, &last))
			continue;
		const double *hi = tile->hi[0] + (size_t)j * tile->ld + first;
		const double *lo = tile->lo[0] + (size_t)j * tile->ld + first;
		int gi = tile->i0 + first;
		double *out = p->out + gi + (size_t)gj * p->ldout;
		if (loops->scale_round(last - first, hi, lo, op->alpha, op->beta,
				       op->c + gi + (size_t)gj * op->ldc, out) || !p->k)
			continue;
		for (int i = 0; i < last - first; i++)
			if (!isfinite(out[i]))
				out[i] = range_element(p, NULL, gi + i, gj, tf_dd_make(hi[i], lo[i]),
						       out[i]);
			else if (fabs(hi[i]) < TF_DD_RANGE_SUSPECT &&
				 !tf_dd_range_underflow_harmless(out[i], weight) &&
				 tf_dd_product_range_may_apply(p, tile, &screen, gi + i, gj))
				out[i] = range_element(p, &screen, gi + i, gj,
						       tf_dd_make(hi[i], lo[i]), out[i]);
	}
	tf_dd_range_screen_release(&screen);
}

/* alpha S (+ conj(alpha) S2) in r, plus beta C(i, j), rounded into out. */
static void store_complex(const struct tf_dd_product *p, int i, int j, tf_zdd r, double *out)
{
	const struct tf_op *op = p->op;
	int hermitian_update = op->conj && (op->kind == TF_OP_SYRK || op->kind == TF_OP_SYR2K);
	int beta_zero = op->beta == 0.0 && op->beta_im == 0.0;
	const double *c = op->c + 2 * (i + (size_t)j * op->ldc);
	if (hermitian_update && i == j) {
		tf_dd re = r.re;
		if (!beta_zero)
			re = tf_dd_add(re, tf_two_prod(op->beta, c[0]));
		out[0] = tf_dd_to_double(re);
		out[1] = 0.0;
		return;
	}
	if (!beta_zero)
		r = tf_zdd_add(r, tf_zdd_fma(tf_z_zero(), op->beta, op->beta_im, c[0], c[1]));
	tf_zdd_to_z(r, &out[0], &out[1]);
}

/* A complex element whose sums came out tiny or whose result is not
 * finite: formed again scaled where the sums may have left double's range,
 * else kept (a cancellation, or a value the commit hands to the CPU BLAS). */
static __attribute__((noinline)) void range_complex(const struct tf_dd_product *p, int i, int j,
						    int finite, double *out)
{
	const struct tf_op *op = p->op;
	tf_zdd r, r2;
	if (!p->separate) {
		if (!tf_dd_product_zrange(p, i, j, 0, p->terms, op->alpha, op->alpha_im, finite, &r))
			return;
	} else if (tf_dd_product_zrange(p, i, j, 0, 1, op->alpha, op->alpha_im, finite, &r) &&
		   tf_dd_product_zrange(p, i, j, 1, 1, op->alpha, -op->alpha_im, finite, &r2)) {
		r = tf_zdd_add(r, r2);
	} else {
		return;
	}
	store_complex(p, i, j, r, out);
}

/* her2k's two sums apart, element by element. */
static void finish_separate(const struct tf_dd_product *p, const struct tf_dd_tile *tile)
{
	const struct tf_op *op = p->op;
	for (int j = 0; j < tile->cols; j++)
		for (int i = 0; i < tile->rows; i++) {
			int gi = tile->i0 + i, gj = tile->j0 + j;
			if (!in_triangle(p->triangle, gi, gj))
				continue;
			tf_zdd s = tf_dd_tile_zsum(tile, 0, i, j);
			tf_zdd r = tf_zdd_mul_z(s, op->alpha, op->alpha_im);
			tf_zdd s2 = tf_dd_tile_zsum(tile, 1, i, j);
			r = tf_zdd_add(r, tf_zdd_mul_z(s2, op->alpha, -op->alpha_im));
			int suspect = tf_zdd_range_suspect(s) && tf_zdd_range_suspect(s2);
			int finite = tf_zdd_is_finite(s) && tf_zdd_is_finite(s2);
			double *out = p->out + 2 * (gi + (size_t)gj * p->ldout);
			store_complex(p, gi, gj, r, out);
			if (p->k && (suspect || !isfinite(out[0]) || !isfinite(out[1])))
				range_complex(p, gi, gj, finite, out);
		}
}

/* One sum: a column at a time by the loops (the rows in the product's
 * triangle), then the Hermitian rank updates' real diagonal, then the
 * elements that need the range's second look. */
static void finish_complex(const struct tf_dd_product *p, const struct tf_dd_tile *tile)
{
	const struct tf_op *op = p->op;
	if (p->separate) {
		finish_separate(p, tile);
		return;
	}
	const struct tf_dd_loops *loops = tf_dd_loops();
	int hermitian_update = op->conj && (op->kind == TF_OP_SYRK || op->kind == TF_OP_SYR2K);
	struct tf_dd_range_screen screen;
	tf_dd_range_screen_begin(&screen);
	for (int j = 0; j < tile->cols; j++) {
		int gj = tile->j0 + j, first, last;
		if (!triangle_rows(p, tile, gj, &first, &last))
			continue;
		size_t re = (size_t)(2 * j) * tile->ld + first, im = re + tile->ld;
		int gi = tile->i0 + first, rows = last - first;
		double *out = p->out + 2 * (gi + (size_t)gj * p->ldout);
		int clean = loops->zscale_round(rows, tile->hi[0] + re, tile->lo[0] + re,
						tile->hi[0] + im, tile->lo[0] + im, op->alpha,
						op->alpha_im, op->beta, op->beta_im,
						op->c + 2 * (gi + (size_t)gj * op->ldc), out);
		if (hermitian_update && gj >= gi && gj < gi + rows) {
			tf_zdd s = tf_dd_tile_zsum(tile, 0, gj - tile->i0, j);
			store_complex(p, gj, gj, tf_zdd_mul_z(s, op->alpha, op->alpha_im),
				      out + 2 * (gj - gi));
			clean = 0;
		}
		if (clean || !p->k)
			continue;
		for (int i = 0; i < rows; i++) {
			tf_zdd s = tf_dd_tile_zsum(tile, 0, first + i, j);
			double *o = out + 2 * i;
			if (isfinite(o[0]) && isfinite(o[1]) && tf_zdd_is_finite(s)
				    ? tf_zdd_range_suspect(s) &&
					      tf_dd_product_range_may_apply(p, tile, &screen, gi + i, gj)
				    : 1)
				range_complex(p, gi + i, gj, tf_zdd_is_finite(s), o);
		}
	}
}

/* Runs the product into a buffer of C's shape and commits it (the
 * triangle only, where the product has one). */
static void run_and_commit(struct tf_dd_product *p, const struct tf_op *op, int rows, int cols)
{
	int w = op->type == TF_TYPE_Z ? 2 : 1;
	double stack[STACK_DOUBLES];
	double *out = tf_cpu_buffer(stack, STACK_DOUBLES, (size_t)rows * cols * w);
	p->type = op->type;
	p->op = op;
	p->out = out;
	p->ldout = rows;
	p->finish = op->type == TF_TYPE_Z ? finish_complex : finish_real;
	if (op->alpha == 0.0 && op->alpha_im == 0.0)
		p->k = 0;
	tf_dd_product_run(p);
	tf_cpu_commit_matrix(op, out, rows, cols, rows, p->triangle);
	tf_cpu_buffer_release(out, stack);
}

void tf_cpu_dd_symm(const struct tf_op *op)
{
	struct tf_dd_operand a = {
		.shape = op->conj ? TF_DD_HERMITIAN : TF_DD_SYMMETRIC,
		.data = op->a, .ld = op->lda, .uplo = op->uplo,
	};
	struct tf_dd_operand b = tf_dd_general(op->b, op->ldb, 'N');
	struct tf_dd_product p = {
		.m = op->m, .n = op->n, .k = op->side == 'L' ? op->m : op->n, .terms = 1,
		.left = { op->side == 'L' ? a : b }, .right = { op->side == 'L' ? b : a },
	};
	run_and_commit(&p, op, op->m, op->n);
}

/* The operands of op(X) op(Y)^T (^H when conj), n x n with inner k. */
static void rank_k_term(const struct tf_op *op, const double *x, int ldx, const double *y, int ldy,
			struct tf_dd_operand *left, struct tf_dd_operand *right)
{
	char transposed = op->conj ? 'C' : 'T';
	if (op->transa == 'N') {
		*left = tf_dd_general(x, ldx, 'N');
		*right = tf_dd_general(y, ldy, transposed);
	} else {
		*left = tf_dd_general(x, ldx, transposed);
		*right = tf_dd_general(y, ldy, 'N');
	}
}

void tf_cpu_dd_syrk(const struct tf_op *op)
{
	struct tf_dd_product p = { .m = op->n, .n = op->n, .k = op->k, .terms = 1,
				   .triangle = op->uplo };
	rank_k_term(op, op->a, op->lda, op->a, op->lda, &p.left[0], &p.right[0]);
	run_and_commit(&p, op, op->n, op->n);
}

void tf_cpu_dd_syr2k(const struct tf_op *op)
{
	/* syr2k: one sum of inner length 2k; her2k: two, for alpha and conj(alpha) */
	struct tf_dd_product p = { .m = op->n, .n = op->n, .k = op->k, .terms = 2,
				   .separate = op->conj, .triangle = op->uplo };
	rank_k_term(op, op->a, op->lda, op->b, op->ldb, &p.left[0], &p.right[0]);
	rank_k_term(op, op->b, op->ldb, op->a, op->lda, &p.left[1], &p.right[1]);
	run_and_commit(&p, op, op->n, op->n);
}

void tf_cpu_dd_trmm(const struct tf_op *op)
{
	struct tf_dd_operand a = {
		.shape = TF_DD_TRIANGULAR, .data = op->a, .ld = op->lda,
		.trans = op->transa, .uplo = op->uplo, .diag = op->diag,
	};
	/* B is read by the product and written by the commit, after it */
	struct tf_dd_operand b = tf_dd_general(op->c, op->ldc, 'N');
	struct tf_dd_product p = {
		.m = op->m, .n = op->n, .k = op->side == 'L' ? op->m : op->n, .terms = 1,
		.left = { op->side == 'L' ? a : b }, .right = { op->side == 'L' ? b : a },
	};
	run_and_commit(&p, op, op->m, op->n);
}
