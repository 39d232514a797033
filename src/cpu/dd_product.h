/* The CPU DD product engine: S = sum of L R over the terms of a product,
 * in DD, for every Level 3 kernel (gemm, symm/hemm, syrk/herk,
 * syr2k/her2k, trmm).
 *
 * An operand is read through a description of how its element (r, c) is
 * found in the caller's storage: a general matrix, transposed or
 * conjugated; a symmetric or Hermitian one from one stored triangle; a
 * triangular one with zeros outside its triangle and, where asked, a unit
 * diagonal.  The engine cuts S into tiles run by the thread pool, packs
 * the operands slab by slab into the zero-padded panels of the SIMD
 * register tiles (dd_loops.c), keeps the sums in DD across slabs, and
 * hands each finished tile of sums to the kernel's finish function, which
 * applies alpha and beta in DD and rounds once.
 *
 * Complex products are real products of the engine: the real part of
 * sum_l a_l b_l is sum_l (ar br - ai bi) and the imaginary part
 * sum_l (ar bi + ai br), so a complex m x n x k product is computed as a
 * real m x 2n x 2k one whose left operand holds (ar, -ai) for each complex
 * element and whose right operand holds the 2 x 2 block ((br, bi), (bi,
 * -br)); column 2j of the real sums is the real part of S(i, j), column
 * 2j + 1 its imaginary part.  Every product is exact and every sum DD, as
 * in tf_zdd_fma. */
#ifndef TF_DD_PRODUCT_H
#define TF_DD_PRODUCT_H

#include "op/op.h"
#include "twofold/arith_zdd.h"

enum tf_dd_shape {
	TF_DD_GENERAL,    /* op(X): trans 'N', 'T' or 'C' */
	TF_DD_SYMMETRIC,  /* X from its uplo triangle */
	TF_DD_HERMITIAN,  /* X from its uplo triangle, the other one conjugated,
			   * the diagonal's imaginary part taken as zero */
	TF_DD_TRIANGULAR  /* op(X) of the uplo triangle of X, zeros elsewhere,
			   * a unit diagonal when diag is 'U' */
};

/* How element (r, c) of one operand is read. */
struct tf_dd_operand {
	enum tf_dd_shape shape;
	const double *data; /* column major; complex: (re, im) pairs */
	int ld;             /* in elements */
	char trans;         /* general and triangular: 'N', 'T' or 'C' */
	char uplo;          /* the stored triangle: 'U' or 'L' */
	char diag;          /* triangular: 'U' unit, 'N' not */
};

/* A finished tile of sums: rows [i0, i0 + rows), columns [j0, j0 + cols)
 * of S, term t's sums at hi[t], lo[t] (column major, leading dimension ld,
 * in doubles of the real view: a complex element's column is 2j). */
/* A tile has at most this many rows (the finish functions' column
 * buffers). */
#define TF_DD_TILE_ROWS 128

struct tf_dd_tile {
	int i0, j0, rows, cols;
	const double *hi[2], *lo[2];
	int ld;
};

struct tf_dd_product;
typedef void (*tf_dd_finish_fn)(const struct tf_dd_product *product,
				const struct tf_dd_tile *tile);

/* S (m x n, inner length k, in elements of type) = sum over the terms of
 * left[t] right[t].  With two terms, separate keeps each term's sums apart
 * (zher2k scales them by alpha and conj(alpha)); otherwise they are summed
 * together, as one product of inner length 2k.  triangle 'U' or 'L' asks
 * for that triangle of S only: tiles outside it are neither computed nor
 * finished (a tile across the diagonal is computed whole). */
struct tf_dd_product {
	enum tf_op_type type;
	int m, n, k;
	int terms, separate;
	struct tf_dd_operand left[2], right[2];
	char triangle;
	tf_dd_finish_fn finish;
	const struct tf_op *op; /* for the finish function */
	double *out;            /* the finish function's buffer, if any */
	int ldout;              /* its leading dimension, in elements */
};

/* Computes the product, calling finish once per tile, from the pool's
 * threads (tiles are disjoint). */
void tf_dd_product_run(const struct tf_dd_product *product);

/* For a real product: alpha S(i, j) formed again by tf_dd_range_dot
 * (twofold/arith_dd.h) over row i of the left operands and column j of the
 * right ones (the terms one after another), for a sum that came out tiny
 * or not finite; 0 when that does not apply (see there). */
int tf_dd_product_range(const struct tf_dd_product *product, int i, int j, double alpha,
			tf_dd sum, tf_dd *result);

/* For a complex product: alpha times the sum (i, j) of terms [t0, t0 +
 * count) formed again by tf_zdd_range_dot (twofold/arith_zdd.h), for a sum
 * that came out tiny or not finite (finite = 0); 0 when that does not
 * apply. */
int tf_dd_product_zrange(const struct tf_dd_product *product, int i, int j, int t0, int count,
			 double alpha_re, double alpha_im, int finite, tf_zdd *result);

/* The range's screen of a tile (tf_dd_range_high, twofold/arith_dd.h):
 * the high exponents of the left operands' rows and of one column of the
 * right operands, over every term, each found at its first use. */
struct tf_dd_range_screen {
	int started;
	int i0, column;
	int column_high;
	int row_high[TF_DD_TILE_ROWS];
	/* tf_dd_product_range_screened's scaled terms: rows of the tile (those
	 * marked in row_scaled) and the column scaled_column, each once */
	int length, scaled_column;
	double *row_terms, *column_terms;
	unsigned char row_scaled[TF_DD_TILE_ROWS];
};

/* A tile's screen before its first use: only what tells that it has not
 * started, and that it holds no buffer; the rest is set when it starts
 * (zeroing the whole of it cost a tiny tile's finish about 90
 * instructions). */
static inline void tf_dd_range_screen_begin(struct tf_dd_range_screen *screen)
{
	screen->started = 0;
	screen->row_terms = NULL;
}

/* Whether a finite sum (i, j) over all the product's terms that came out
 * tiny may have left double's range: 0 when tf_dd_product_range or
 * tf_dd_product_zrange over every term would keep it (a cancellation, or
 * a zero row or column).  screen starts with tf_dd_range_screen_begin for
 * each tile. */
int tf_dd_product_range_may_apply(const struct tf_dd_product *product,
				  const struct tf_dd_tile *tile, struct tf_dd_range_screen *screen,
				  int i, int j);

/* For a real product, an element (i, j) for which
 * tf_dd_product_range_may_apply has just returned 1: alpha S(i, j) formed
 * again as tf_dd_product_range forms it, the same bits, from its row's and
 * column's terms scaled by the screen's high exponents, which the screen
 * keeps for the tile (each row and column scaled once, not once per
 * element); 0 where alpha is not finite (tf_dd_product_range's answer
 * too).  tf_dd_range_screen_release frees them at the tile's end. */
int tf_dd_product_range_screened(const struct tf_dd_product *product,
				 struct tf_dd_range_screen *screen, int i, int j, double alpha,
				 tf_dd *result);
void tf_dd_range_screen_release(struct tf_dd_range_screen *screen);

/* Sum (i, j) of term t of a finished tile (i, j relative to the tile). */
static inline tf_dd tf_dd_tile_sum(const struct tf_dd_tile *tile, int t, int i, int j)
{
	size_t at = (size_t)j * tile->ld + i;
	return tf_dd_make(tile->hi[t][at], tile->lo[t][at]);
}

static inline tf_zdd tf_dd_tile_zsum(const struct tf_dd_tile *tile, int t, int i, int j)
{
	size_t re = (size_t)(2 * j) * tile->ld + i, im = re + tile->ld;
	return tf_zdd_make(tf_dd_make(tile->hi[t][re], tile->lo[t][re]),
			   tf_dd_make(tile->hi[t][im], tile->lo[t][im]));
}

/* A general operand op(X). */
static inline struct tf_dd_operand tf_dd_general(const double *data, int ld, char trans)
{
	struct tf_dd_operand o = { .shape = TF_DD_GENERAL, .data = data, .ld = ld, .trans = trans };
	return o;
}

#endif
