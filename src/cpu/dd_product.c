/* The CPU DD product engine (see dd_product.h).
 *
 * S is cut into MC x NC tiles (in the real view: a complex tile is MC x
 * NC/2 elements), one task each, run by the thread pool.  A task keeps its
 * tile's sums as DD in a workspace, and for each KC-deep slab of a term's
 * inner dimension packs the left operand into mr-row panels and the right
 * one into nr-column panels (zero-padded), on which the per-instruction-set
 * loops (dd_loops.c) run register tiles.  The order of the operations on a
 * sum depends on the tile sizes only, never on the thread count or on the
 * instruction set, so every run gives the same bits. */
#include "config.h"
#include "cpu/dd_isa.h" /* first: the names of this instruction set's copy */

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cpu/dd_loops.h"
#include "cpu/dd_output.h"
#include "cpu/dd_product.h"
#include "core/threads.h"

#define MC TF_DD_TILE_ROWS
#define NC 128
#define KC 256
/* multiples of every instruction set's register tile (mr, nr) */
#define ROW_BLOCK 16
#define COL_BLOCK 4
/* a task's workspace on its stack when it fits (small calls) */
#define STACK_DOUBLES 4096

struct product_job {
	const struct tf_dd_product *product;
	const struct tf_dd_loops *loops;
	int width; /* doubles per element: 1 real, 2 complex */
	int rows, cols, inner; /* of the real view */
	int tiles_m;
};

static int round_up(int value, int multiple)
{
	return (value + multiple - 1) / multiple * multiple;
}

static int min_int(int a, int b)
{
	return a < b ? a : b;
}

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

/* Element (r, c) of the operand: *re, and *im for complex data. */
static inline void read_element(const struct tf_dd_operand *o, int width, int r, int c,
				double *re, double *im)
{
	int sr = r, sc = c, conj = 0;
	switch (o->shape) {
	case TF_DD_GENERAL:
		if (o->trans != 'N')
			sr = c, sc = r, conj = o->trans == 'C';
		break;
	case TF_DD_SYMMETRIC: case TF_DD_HERMITIAN:
		if (o->uplo == 'U' ? r > c : r < c)
			sr = c, sc = r, conj = o->shape == TF_DD_HERMITIAN;
		break;
	case TF_DD_TRIANGULAR:
		if (o->trans != 'N')
			sr = c, sc = r, conj = o->trans == 'C';
		if (o->uplo == 'U' ? sr > sc : sr < sc) {
			*re = *im = 0.0;
			return;
		}
		if (sr == sc && o->diag == 'U') {
			*re = 1.0;
			*im = 0.0;
			return;
		}
		break;
	}
	const double *x = o->data + ((size_t)sc * o->ld + sr) * width;
	*re = x[0];
	*im = width == 2 ? (conj ? -x[1] : x[1]) : 0.0;
	if (o->shape == TF_DD_HERMITIAN && sr == sc)
		*im = 0.0;
}

/* A block of an operand read the same way throughout: element (r, c) at
 * data + (r rs + c cs) width doubles, the imaginary part negated when conj,
 * or zero throughout. */
struct view {
	const double *data;
	size_t rs, cs;
	int conj, zero;
};

/* The view of rows [r0, r1) and columns [c0, c1) of the operand, if the
 * block has one: it lies on one side of a stored triangle's diagonal (the
 * diagonal itself only where it is read as stored); else 0. */
static int block_view(const struct tf_dd_operand *o, int r0, int r1, int c0, int c1,
		      struct view *v)
{
	size_t ld = (size_t)o->ld;
	int transposed = 0;
	v->data = o->data;
	v->conj = v->zero = 0;
	switch (o->shape) {
	case TF_DD_GENERAL:
		transposed = o->trans != 'N';
		v->conj = o->trans == 'C';
		break;
	case TF_DD_SYMMETRIC: case TF_DD_HERMITIAN: {
		int strict = o->shape == TF_DD_HERMITIAN;
		/* upper: stored where r <= c (r < c for Hermitian, whose diagonal
		 * is real) */
		int stored_side = o->uplo == 'U' ? (strict ? r1 - 1 < c0 : r1 - 1 <= c0)
						 : (strict ? r0 > c1 - 1 : r0 >= c1 - 1);
		int other_side = o->uplo == 'U' ? r0 > c1 - 1 : r1 - 1 < c0;
		if (!stored_side && !other_side)
			return 0;
		transposed = other_side;
		v->conj = other_side && o->shape == TF_DD_HERMITIAN;
		break;
	}
	case TF_DD_TRIANGULAR: {
		transposed = o->trans != 'N';
		v->conj = o->trans == 'C';
		/* in the source's indices: rows [s0, s1), columns [t0, t1) */
		int s0 = transposed ? c0 : r0, s1 = transposed ? c1 : r1;
		int t0 = transposed ? r0 : c0, t1 = transposed ? r1 : c1;
		int inside = o->uplo == 'U' ? (o->diag == 'U' ? s1 - 1 < t0 : s1 - 1 <= t0)
					    : (o->diag == 'U' ? s0 > t1 - 1 : s0 >= t1 - 1);
		int outside = o->uplo == 'U' ? s0 > t1 - 1 : s1 - 1 < t0;
		if (outside)
			v->zero = 1;
		else if (!inside)
			return 0;
		break;
	}
	}
	v->rs = transposed ? ld : 1;
	v->cs = transposed ? 1 : ld;
	return 1;
}

/* Element columns [c0, c1) of the mr-row panel of the left operand whose
 * first row is r0 (rows of them real, the rest zero), written at dst (the
 * panel of element columns from `base`): through the block's view when it
 * has one, else element by element.  A complex element (ar, ai) gives the
 * real-view columns (ar, -ai). */
static void pack_left_columns(const struct product_job *job, const struct tf_dd_operand *o,
			      int r0, int rows, int base, int c0, int c1, double *dst)
{
	int mr = job->loops->mr, w = job->width;
	struct view v;
	if (c0 >= c1)
		return;
	if (block_view(o, r0, r0 + rows, c0, c1, &v)) {
		if (w == 1) { /* real data: a copy of each column, zero below */
			int here = v.zero ? 0 : rows;
			for (int c = c0; c < c1; c++) {
				double *d = dst + (size_t)(c - base) * mr;
				const double *x = v.data + (size_t)r0 * v.rs + (size_t)c * v.cs;
				if (v.rs == 1)
					for (int i = 0; i < here; i++)
						d[i] = x[i];
				else
					for (int i = 0; i < here; i++)
						d[i] = x[(size_t)i * v.rs];
				for (int i = here; i < mr; i++)
					d[i] = 0.0;
			}
			return;
		}
		double sign = v.conj ? 1.0 : -1.0; /* of the imaginary part */
		for (int c = c0; c < c1; c++) {
			double *d = dst + (size_t)(c - base) * w * mr;
			for (int i = 0; i < mr; i++) {
				const double *x = v.data + ((r0 + i) * v.rs + c * v.cs) * w;
				int here = i < rows && !v.zero;
				d[i] = here ? x[0] : 0.0;
				if (w == 2)
					d[mr + i] = here ? sign * x[1] : 0.0;
			}
		}
		return;
	}
	double re, im;
	for (int c = c0; c < c1; c++) {
		double *d = dst + (size_t)(c - base) * w * mr;
		for (int i = 0; i < mr; i++) {
			re = im = 0.0;
			if (i < rows)
				read_element(o, w, r0 + i, c, &re, &im);
			d[i] = re;
			if (w == 2)
				d[mr + i] = i < rows ? -im : 0.0;
		}
	}
}

/* Rows ic.. (mp of them, mr-row panels) of the left operand, real-view
 * columns pc..pc+kc: panel[l*mr + i]; rows past m are zero.  A panel whose
 * block crosses a stored triangle's diagonal is read in three parts: the
 * columns before the panel's rows and those after have views, and only
 * the square that holds the diagonal is read element by element. */
static void pack_left(const struct product_job *job, const struct tf_dd_operand *o, int ic,
		      int mp, int pc, int kc, double *dst)
{
	int mr = job->loops->mr, m = job->rows, w = job->width;
	int c0 = pc / w, c1 = (pc + kc) / w;
	for (int p = 0; p < mp; p += mr, dst += (size_t)kc * mr) {
		int r0 = ic + p, rows = m - r0 < mr ? (m - r0 > 0 ? m - r0 : 0) : mr;
		struct view v;
		if (rows == 0 || o->shape == TF_DD_GENERAL ||
		    block_view(o, r0, r0 + rows, c0, c1, &v)) {
			pack_left_columns(job, o, r0, rows, c0, c0, c1, dst);
			continue;
		}
		int d0 = min_int(max_int(r0, c0), c1), d1 = min_int(max_int(r0 + rows, c0), c1);
		pack_left_columns(job, o, r0, rows, c0, c0, d0, dst);
		pack_left_columns(job, o, r0, rows, c0, d0, d1, dst);
		pack_left_columns(job, o, r0, rows, c0, d1, c1, dst);
	}
}

/* Element rows [r0, r1) of the nr-column panel of the right operand whose
 * first real-view column is first (cols of them real, the rest zero),
 * written at dst (the panel of element rows from `base`): through the
 * block's view when it has one, else element by element.  A complex
 * element (br, bi) gives the 2 x 2 block ((br, bi), (bi, -br)). */
static void pack_right_rows(const struct product_job *job, const struct tf_dd_operand *o,
			    int first, int cols, int base, int r0, int r1, double *dst)
{
	int nr = job->loops->nr, w = job->width;
	int ncols = nr / w, have = cols / w;
	struct view v;
	if (r0 >= r1)
		return;
	if (block_view(o, r0, r1, first / w, (first + cols) / w, &v)) {
		if (w == 1) { /* real data: a copy of each row, zero after */
			int here = v.zero ? 0 : have;
			for (int r = r0; r < r1; r++) {
				double *d = dst + (size_t)(r - base) * nr;
				const double *x = v.data + (size_t)r * v.rs + (size_t)first * v.cs;
				if (v.cs == 1)
					for (int j = 0; j < here; j++)
						d[j] = x[j];
				else
					for (int j = 0; j < here; j++)
						d[j] = x[(size_t)j * v.cs];
				for (int j = here; j < nr; j++)
					d[j] = 0.0;
			}
			return;
		}
		double sign = v.conj ? -1.0 : 1.0;
		for (int r = r0; r < r1; r++) {
			double *d = dst + (size_t)(r - base) * w * nr;
			for (int j = 0; j < ncols; j++) {
				const double *x = v.data + (r * v.rs + (first / w + j) * v.cs) * w;
				int here = j < have && !v.zero;
				if (w == 1) {
					d[j] = here ? x[0] : 0.0;
				} else {
					double br = here ? x[0] : 0.0, bi = here ? sign * x[1] : 0.0;
					d[2 * j] = br;
					d[2 * j + 1] = bi;
					d[nr + 2 * j] = bi;
					d[nr + 2 * j + 1] = -br;
				}
			}
		}
		return;
	}
	double re, im;
	for (int r = r0; r < r1; r++) {
		double *d = dst + (size_t)(r - base) * w * nr;
		for (int j = 0; j < ncols; j++) {
			re = im = 0.0;
			if (j < have)
				read_element(o, w, r, first / w + j, &re, &im);
			if (w == 1) {
				d[j] = re;
			} else {
				d[2 * j] = re;
				d[2 * j + 1] = im;
				d[nr + 2 * j] = im;
				d[nr + 2 * j + 1] = j < have ? -re : 0.0;
			}
		}
	}
}

/* Real-view rows pc..pc+kc of the right operand, columns jc.. (np of them,
 * nr-column panels): panel[l*nr + j]; columns past n are zero.  A panel
 * whose block crosses a stored triangle's diagonal is read in three parts,
 * as in pack_left. */
static void pack_right(const struct product_job *job, const struct tf_dd_operand *o, int pc,
		       int kc, int jc, int np, double *dst)
{
	int nr = job->loops->nr, n = job->cols, w = job->width;
	int r0 = pc / w, r1 = (pc + kc) / w;
	for (int q = 0; q < np; q += nr, dst += (size_t)kc * nr) {
		int first = jc + q, cols = n - first < nr ? (n - first > 0 ? n - first : 0) : nr;
		int e0 = first / w, e1 = (first + cols) / w; /* element columns */
		struct view v;
		if (cols == 0 || o->shape == TF_DD_GENERAL || block_view(o, r0, r1, e0, e1, &v)) {
			pack_right_rows(job, o, first, cols, r0, r0, r1, dst);
			continue;
		}
		int d0 = min_int(max_int(e0, r0), r1), d1 = min_int(max_int(e1, r0), r1);
		pack_right_rows(job, o, first, cols, r0, r0, d0, dst);
		pack_right_rows(job, o, first, cols, r0, d0, d1, dst);
		pack_right_rows(job, o, first, cols, r0, d1, r1, dst);
	}
}

/* Whether term t has a triangular operand, whose zeros the products skip. */
static int has_triangle(const struct tf_dd_product *p, int t)
{
	return p->left[t].shape == TF_DD_TRIANGULAR || p->right[t].shape == TF_DD_TRIANGULAR;
}

/* The inner range [*first, *last) (in elements) where the left operand's
 * rows [i0, i1) and the right one's columns [j0, j1) may be nonzero:
 * the whole of it except for triangular operands. */
static void inner_range(const struct tf_dd_product *p, int t, int i0, int i1, int j0, int j1,
			int *first, int *last)
{
	*first = 0;
	*last = p->k;
	const struct tf_dd_operand *l = &p->left[t], *r = &p->right[t];
	if (l->shape == TF_DD_TRIANGULAR) {
		int upper = (l->uplo == 'U') == (l->trans == 'N');
		if (upper) /* row i: l >= i */
			*first = max_int(*first, i0);
		else       /* row i: l <= i */
			*last = min_int(*last, i1);
	}
	if (r->shape == TF_DD_TRIANGULAR) {
		int upper = (r->uplo == 'U') == (r->trans == 'N');
		if (upper) /* column j: l <= j */
			*last = min_int(*last, j1);
		else       /* column j: l >= j */
			*first = max_int(*first, j0);
	}
}

/* Whether the tile of element rows [i0, i1) and columns [j0, j1) meets
 * the product's triangle. */
static int tile_needed(char triangle, int i0, int i1, int j0, int j1)
{
	if (triangle == 'U')
		return i0 <= j1 - 1;
	if (triangle == 'L')
		return i1 - 1 >= j0;
	return 1;
}

static void run_tile(void *context, int task)
{
	const struct product_job *job = context;
	const struct tf_dd_product *p = job->product;
	const struct tf_dd_loops *loops = job->loops;
	int w = job->width;
	int ic = task % job->tiles_m * MC, jc = task / job->tiles_m * NC;
	int mc = min_int(job->rows - ic, MC), nc = min_int(job->cols - jc, NC);
	int j0 = jc / w, j1 = (jc + nc) / w; /* element columns */
	if (!tile_needed(p->triangle, ic, ic + mc, j0, j1))
		return;
	int mp = round_up(mc, loops->mr), np = round_up(nc, loops->nr);
	int kmax = min_int(job->inner, KC);
	int sums = p->separate ? p->terms : 1;
	size_t acc_size = (size_t)mp * np, a_size = (size_t)mp * kmax, b_size = (size_t)kmax * np;
	double stack[STACK_DOUBLES];
	size_t total = 2 * sums * acc_size + a_size + b_size;
	double *work = tf_cpu_buffer(stack, STACK_DOUBLES, total);
	double *ap = work + 2 * sums * acc_size, *bp = ap + a_size;
	/* One term without a triangle, over an inner length: the first slab
	 * meets every register tile, which starts from zeros in its registers
	 * there, so the accumulators are not zeroed first (about 200
	 * instructions of a small tile's memset) */
	const int covered = p->terms == 1 && job->inner > 0 && !has_triangle(p, 0);
	if (!covered)
		memset(work, 0, 2 * sums * acc_size * sizeof *work);

	for (int t = 0; t < p->terms; t++) {
		double *acc_hi = work + 2 * (p->separate ? t : 0) * acc_size;
		double *acc_lo = acc_hi + acc_size;
		int first, last;
		inner_range(p, t, ic, ic + mc, j0, j1, &first, &last);
		/* without a triangle every register tile takes the whole slab */
		const int triangle = has_triangle(p, t);
		for (int pc = first * w; pc < last * w; pc += KC) {
			int kc = min_int(last * w - pc, KC);
			pack_left(job, &p->left[t], ic, mp, pc, kc, ap);
			pack_right(job, &p->right[t], pc, kc, jc, np, bp);
			for (int jr = 0; jr < np; jr += loops->nr)
				for (int ir = 0; ir < mp; ir += loops->mr) {
					/* a register tile's range, where a triangle
					 * leaves it less (the products skipped are
					 * zero), taken over the ROW_BLOCK x COL_BLOCK
					 * block around it, the same for every
					 * instruction set's mr and nr: so are the
					 * products met, Inf and NaN included */
					int f = 0, e = kc;
					if (triangle) {
						int rb = ic + ir - ir % ROW_BLOCK;
						int cb = jc + jr - jr % COL_BLOCK;
						inner_range(p, t, rb, rb + ROW_BLOCK, cb / w,
							    (cb + COL_BLOCK + w - 1) / w, &f, &e);
						f = max_int(f * w, pc) - pc;
						e = min_int(e * w, pc + kc) - pc;
						if (f >= e)
							continue;
					}
					loops->gemm_tile(e - f, ap + (size_t)ir * kc + (size_t)f * loops->mr,
							 bp + (size_t)jr * kc + (size_t)f * loops->nr,
							 acc_hi + (size_t)jr * mp + ir,
							 acc_lo + (size_t)jr * mp + ir, mp,
							 covered && pc == 0);
				}
		}
	}
	struct tf_dd_tile tile = { .i0 = ic, .j0 = j0, .rows = mc, .cols = j1 - j0, .ld = mp };
	for (int s = 0; s < sums; s++) {
		tile.hi[s] = work + 2 * s * acc_size;
		tile.lo[s] = tile.hi[s] + acc_size;
	}
	p->finish(p, &tile);
	tf_cpu_buffer_release(work, stack);
}

int tf_dd_product_range(const struct tf_dd_product *product, int i, int j, double alpha,
			tf_dd sum, tf_dd *result)
{
	const int k = product->k, length = product->terms * k;
	double stack[1024], im;
	double *row = tf_cpu_buffer(stack, 1024, 2 * (size_t)length), *column = row + length;
	for (int t = 0; t < product->terms; t++)
		for (int l = 0; l < k; l++) {
			read_element(&product->left[t], 1, i, l, &row[t * k + l], &im);
			read_element(&product->right[t], 1, l, j, &column[t * k + l], &im);
		}
	int formed = tf_dd_range_dot(length, row, 1, column, 1, alpha, sum, result);
	tf_cpu_buffer_release(row, stack);
	return formed;
}

/* The high exponent of row i of the left operands (rows) or column j of
 * the right ones, every term, complex parts included. */
static int operand_high(const struct tf_dd_product *product, int rows, int index)
{
	const int width = product->type == TF_TYPE_Z ? 2 : 1;
	double largest = 0.0, re, im;
	for (int t = 0; t < product->terms; t++) {
		const struct tf_dd_operand *o = rows ? &product->left[t] : &product->right[t];
		if (o->shape == TF_DD_GENERAL) {
			/* the row or column in place, at its stride (conjugation
			 * changes no magnitude) */
			const int across = rows == (o->trans == 'N');
			const size_t stride = (across ? (size_t)o->ld : 1) * width;
			const double *x = o->data + (across ? (size_t)index : (size_t)index * o->ld) * width;
			for (int l = 0; l < product->k; l++) {
				const double *e = x + (size_t)l * stride;
				double a = fabs(e[0]), b = width == 2 ? fabs(e[1]) : 0.0;
				double m = a > b ? a : b;
				largest = a != a || b != b ? INFINITY : m > largest ? m : largest;
			}
			continue;
		}
		for (int l = 0; l < product->k; l++) {
			if (rows)
				read_element(o, width, index, l, &re, &im);
			else
				read_element(o, width, l, index, &re, &im);
			double a = fabs(re), b = fabs(im), m = a > b ? a : b;
			largest = a != a || b != b ? INFINITY : m > largest ? m : largest;
		}
	}
	return tf_dd_range_high(largest);
}

int tf_dd_product_range_may_apply(const struct tf_dd_product *product,
				  const struct tf_dd_tile *tile, struct tf_dd_range_screen *screen,
				  int i, int j)
{
	if (!screen->started) {
		screen->started = 1;
		screen->i0 = tile->i0;
		screen->column = -1;
		screen->scaled_column = -1;
		for (int r = 0; r < tile->rows; r++) {
			screen->row_high[r] = INT_MIN;
			screen->row_scaled[r] = 0;
		}
	}
	if (screen->column != j) {
		screen->column = j;
		screen->column_high = operand_high(product, 0, j);
	}
	int *row_high = &screen->row_high[i - screen->i0];
	if (*row_high == INT_MIN)
		*row_high = operand_high(product, 1, i);
	return tf_dd_range_may_apply(*row_high, screen->column_high);
}

/* Row `index` of the left operands (rows) or column `index` of the right
 * ones, every term's k elements in turn, scaled by 2^-high into out. */
static void scaled_terms(const struct tf_dd_product *product, int rows, int index, int high,
			 double *out)
{
	const int k = product->k;
	double im;
	for (int t = 0; t < product->terms; t++)
		for (int l = 0; l < k; l++) {
			double *e = &out[t * k + l];
			if (rows)
				read_element(&product->left[t], 1, index, l, e, &im);
			else
				read_element(&product->right[t], 1, l, index, e, &im);
			*e = tf_ldexp(*e, -high);
		}
}

int tf_dd_product_range_screened(const struct tf_dd_product *product,
				 struct tf_dd_range_screen *screen, int i, int j, double alpha,
				 tf_dd *result)
{
	if (!isfinite(alpha))
		return 0;
	const int length = product->terms * product->k, r = i - screen->i0;
	if (!screen->row_terms) {
		/* every row of the tile, and the column */
		screen->length = length;
		screen->row_terms = tf_cpu_buffer(NULL, 0, (size_t)(TF_DD_TILE_ROWS + 1) * length);
		screen->column_terms = screen->row_terms + (size_t)TF_DD_TILE_ROWS * length;
	}
	double *row = screen->row_terms + (size_t)r * length, *column = screen->column_terms;
	const int high_a = screen->row_high[r], high_b = screen->column_high;
	if (!screen->row_scaled[r]) {
		screen->row_scaled[r] = 1;
		scaled_terms(product, 1, i, high_a, row);
	}
	if (screen->scaled_column != j) {
		screen->scaled_column = j;
		scaled_terms(product, 0, j, high_b, column);
	}
	*result = tf_dd_range_alpha(tf_dd_range_scaled_dot(length, row, 1, 0, column, 1, 0), alpha,
				    high_a + high_b);
	return 1;
}

void tf_dd_range_screen_release(struct tf_dd_range_screen *screen)
{
	if (screen->row_terms)
		tf_cpu_buffer_release(screen->row_terms, NULL);
}

int tf_dd_product_zrange(const struct tf_dd_product *product, int i, int j, int t0, int count,
			 double alpha_re, double alpha_im, int finite, tf_zdd *result)
{
	const int k = product->k, length = count * k;
	double stack[1024];
	double *row = tf_cpu_buffer(stack, 1024, 4 * (size_t)length), *column = row + 2 * length;
	for (int t = 0; t < count; t++)
		for (int l = 0; l < k; l++) {
			size_t at = 2 * ((size_t)t * k + l);
			read_element(&product->left[t0 + t], 2, i, l, &row[at], &row[at + 1]);
			read_element(&product->right[t0 + t], 2, l, j, &column[at], &column[at + 1]);
		}
	int formed = tf_zdd_range_dot(length, row, column, alpha_re, alpha_im, finite, result);
	tf_cpu_buffer_release(row, stack);
	return formed;
}

/* ---- Tiny products, without tiles or packing.
 *
 * LAPACK's unblocked code calls the Level 3 routines by the hundred
 * thousand with a handful of products each (xlintstd: most of its dgemm
 * and dtrmm calls make at most 64), where packing zero-padded panels and
 * running register tiles cost many times the products themselves.  A real
 * product of at most DIRECT_ELEMENTS sums and DIRECT_PRODUCTS products
 * forms each sum from the operands' elements, with a register tile's
 * operations in their order: the same products (a triangle's range taken
 * over the same ROW_BLOCK x COL_BLOCK block, the zeros met included), the
 * lazy step from zero, renormalized every TF_DD_TILE_RENORMALIZE steps of
 * the range and at its end, the terms one after another; so the sums are
 * the tiled path's, bit for bit.  The finish function takes them as one
 * tile. */
#define DIRECT_ELEMENTS 64
#define DIRECT_PRODUCTS 64

static int direct(const struct tf_dd_product *p)
{
	size_t sums = (size_t)p->m * p->n;
	return p->type == TF_TYPE_D && !p->separate && sums <= DIRECT_ELEMENTS &&
	       sums * p->k * p->terms <= DIRECT_PRODUCTS;
}

/* How the direct path reads an operand's elements: a general one in
 * place, at its strides; the others through read_element. */
struct reader {
	const struct tf_dd_operand *o;
	const double *data;
	size_t rs, cs; /* element (r, c) at data[r rs + c cs], general only */
};

static struct reader reader_of(const struct tf_dd_operand *o)
{
	int across = o->trans != 'N';
	struct reader r = { .o = o, .data = o->data, .rs = across ? (size_t)o->ld : 1,
			    .cs = across ? 1 : (size_t)o->ld };
	return r;
}

static inline double read(const struct reader *r, int row, int col)
{
	double re, im;
	if (r->o->shape == TF_DD_GENERAL)
		return r->data[row * r->rs + col * r->cs];
	read_element(r->o, 1, row, col, &re, &im);
	return re;
}

/* Term t's inner range for the direct path: the tile's, narrowed for a
 * triangle to the range of the ROW_BLOCK x COL_BLOCK block that holds the
 * sum (run_tile), found once per block. */
struct direct_range {
	int first, last;  /* the tile's */
	int triangle;     /* the term has a triangular operand */
	int rb, cb;       /* the block whose range f, e holds (-1: none yet) */
	int f, e;
};

static void block_range(const struct tf_dd_product *p, int t, struct direct_range *r, int i, int j)
{
	int rb = i - i % ROW_BLOCK, cb = j - j % COL_BLOCK;
	if (rb == r->rb && cb == r->cb)
		return;
	int fb, eb;
	inner_range(p, t, rb, rb + ROW_BLOCK, cb, cb + COL_BLOCK, &fb, &eb);
	r->rb = rb, r->cb = cb;
	r->f = max_int(r->first, fb);
	r->e = min_int(r->last, eb);
}

/* Sum (i, j) as the register tile holding it forms it (run_tile). */
static tf_dd direct_sum(const struct tf_dd_product *p, const struct reader *left,
			const struct reader *right, struct direct_range *range, int i, int j)
{
	tf_dd s = tf_dd_make(0.0, 0.0);
	for (int t = 0; t < p->terms; t++) {
		int f = range[t].first, e = range[t].last;
		if (range[t].triangle) {
			block_range(p, t, &range[t], i, j);
			f = range[t].f, e = range[t].e;
		}
		for (int l0 = f; l0 < e; l0 += TF_DD_TILE_RENORMALIZE) {
			int stop = min_int(e, l0 + TF_DD_TILE_RENORMALIZE);
			for (int l = l0; l < stop; l++)
				s = tf_dd_fma_lazy(s, read(&left[t], i, l), read(&right[t], l, j));
			s = tf_dd_renormalize(s);
		}
	}
	return s;
}

/* direct_sum for one term of general operands (dgemm): each sum along
 * row i of the left operand and column j of the right one, in place. */
static void general_sums(const struct tf_dd_product *p, const struct reader *left,
			 const struct reader *right, int k, double *hi, double *lo)
{
	const int m = p->m;
	for (int j = 0; j < p->n; j++) {
		const double *b = right->data + j * right->cs;
		for (int i = 0; i < m; i++) {
			const double *a = left->data + i * left->rs;
			tf_dd s = tf_dd_make(0.0, 0.0);
			for (int l0 = 0; l0 < k; l0 += TF_DD_TILE_RENORMALIZE) {
				int stop = min_int(k, l0 + TF_DD_TILE_RENORMALIZE);
				for (int l = l0; l < stop; l++)
					s = tf_dd_fma_lazy(s, a[l * left->cs], b[l * right->rs]);
				s = tf_dd_renormalize(s);
			}
			hi[i + j * m] = s.hi;
			lo[i + j * m] = s.lo;
		}
	}
}

/* Every sum through direct_sum (any operands, one or two terms). */
static void direct_sums(const struct tf_dd_product *p, const struct reader *left,
			const struct reader *right, struct direct_range *range, double *hi,
			double *lo)
{
	const int m = p->m;
	for (int j = 0; j < p->n; j++)
		for (int i = 0; i < m; i++) {
			/* outside the triangle asked for: not finished */
			int needed = p->triangle == 'U' ? i <= j : p->triangle == 'L' ? i >= j : 1;
			tf_dd s = needed ? direct_sum(p, left, right, range, i, j) : tf_dd_make(0.0, 0.0);
			hi[i + j * m] = s.hi;
			lo[i + j * m] = s.lo;
		}
}

static void run_direct(const struct tf_dd_product *p)
{
	double hi[DIRECT_ELEMENTS], lo[DIRECT_ELEMENTS];
	struct reader left[2], right[2];
	struct direct_range range[2];
	for (int t = 0; t < p->terms; t++) {
		left[t] = reader_of(&p->left[t]);
		right[t] = reader_of(&p->right[t]);
		inner_range(p, t, 0, p->m, 0, p->n, &range[t].first, &range[t].last);
		range[t].triangle = has_triangle(p, t);
		range[t].rb = range[t].cb = -1;
	}
	if (p->terms == 1 && p->left[0].shape == TF_DD_GENERAL &&
	    p->right[0].shape == TF_DD_GENERAL && !p->triangle)
		general_sums(p, &left[0], &right[0], p->k, hi, lo);
	else
		direct_sums(p, left, right, range, hi, lo);
	struct tf_dd_tile tile = { .i0 = 0, .j0 = 0, .rows = p->m, .cols = p->n, .ld = p->m,
				   .hi = { hi }, .lo = { lo } };
	p->finish(p, &tile);
}

void tf_dd_product_run(const struct tf_dd_product *product)
{
	int w = product->type == TF_TYPE_Z ? 2 : 1;
	struct product_job job = {
		.product = product, .loops = tf_dd_loops(), .width = w,
		.rows = product->m, .cols = product->n * w, .inner = product->k * w,
	};
	if (job.rows == 0 || job.cols == 0)
		return;
	if (direct(product)) {
		run_direct(product);
		return;
	}
	job.tiles_m = (job.rows + MC - 1) / MC;
	int tiles = job.tiles_m * ((job.cols + NC - 1) / NC);
	tf_parallel_for(tiles, run_tile, &job);
}
