/* The Level 2 products in DD on the CPU: GEMV (full and band storage),
 * SYMV (symmetric or Hermitian; full, band, packed) and TRMV (triangular;
 * full, band, packed), real and complex, through one engine.
 *
 * In every storage, column j of A is stored as one contiguous run of rows
 * (its segment: all rows, the band's rows, or the stored triangle's part of
 * the column).  Every product is made of two passes over the segments:
 *   the update pass: acc[r] += A(r, j) x[j] over the rows r of column j's
 *     segment (y = A x: GEMV N, TRMV N, the stored triangle of SYMV), run
 *     in tasks of ROWS rows that each go through every column, with the
 *     instruction set's column_update loop;
 *   the dot pass: acc[j] += sum over the segment of conj?(A(r, j)) x[r]
 *     (y = A^T x or A^H x: GEMV T and C, TRMV T and C, the mirrored
 *     triangle of SYMV), in tasks of COLUMNS columns, with the dot loop;
 *     where columns are short (below LONG_COLUMN: bands, small matrices),
 *     whose DD dot would cost more in its final sum of partial sums than
 *     in products, in tasks of SHORT_COLUMNS columns whose sums advance
 *     side by side, each in the order of its rows: read in place where
 *     the block's segments are evenly spaced (a band's inner columns, a
 *     full matrix: the columns_dot loop), else copied transposed and
 *     taken by column updates of A^T (a block of NARROW real columns or
 *     fewer sums each column alone); the same steps in the same order.
 * SYMV takes both (the diagonal in neither: it is added once, its imaginary
 * part taken as zero for a Hermitian A, as the reference does), TRMV adds
 * its diagonal the same way (1 for a unit diagonal, which is not read).
 * x is first gathered into contiguous doubles (any stride, negative ones
 * counted from the end as the reference does).  A complex column is a real
 * one of twice the length, (re, im) adjacent: the update pass runs it
 * twice, with the real and the imaginary part of x[j], into two
 * accumulators combined at the end; the dot pass takes two real dot
 * products with x rearranged as (xr, -xi) and (xi, xr) (conj: (xr, xi),
 * (xi, -xr)), which are the real and imaginary parts of the sum (short
 * columns: two accumulators, as in the update pass).  Every product is
 * exact, every sum in DD; alpha and beta are applied in DD and each y
 * element rounded once, and committed by the rule of dd_output.h.  alpha =
 * 0 takes neither pass: y = beta y, A and x not read (y not read either
 * for beta = 0).
 *
 * A sum that may have left double's range is formed again (range_check).
 *
 * Each y element is computed by one task in a fixed order, whatever the
 * number of threads: the results are the same bits for any thread count. */
#include "config.h"
#include "cpu/dd_isa.h" /* first: the names of this instruction set's copy */

#include "cpu/dd_elements.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_output.h"
#include "cpu/forward.h"
#include "core/threads.h"

#define ROWS 512
#define COLUMNS 64
/* Columns shorter than LONG_COLUMN: the dot pass by SHORT_COLUMNS at a
 * time (short_columns). */
#define LONG_COLUMN 512
#define SHORT_COLUMNS 32
/* A block of at most NARROW short columns (real): each column's sum alone */
#define NARROW 2
/* Below this many stored elements of A, one thread does it all. */
#define PARALLEL_MIN 65536
/* Doubles of a small call's buffers, on the stack. */
#define STACK_DOUBLES 2048

struct matvec {
	const struct tf_op *op;
	const struct tf_dd_loops *loops;
	int width;        /* doubles per element: 1 or 2 */
	int rows, cols;   /* A's shape */
	int lenx, leny;
	int update, dot;  /* the passes the op takes */
	int dot_conj;     /* the dot pass conjugates A */
	int diagonal;     /* SYMV and TRMV: the diagonal is out of the passes */
	int upper;
	int short_columns; /* the dot pass by short_columns */
	int row_tasks, column_tasks;
	const double *xa, *xb; /* gathered x; complex: the two rearrangements */
	double *update_hi, *update_lo, *dot_hi, *dot_lo; /* leny elements each */
};

static int min_int(int a, int b)
{
	return a < b ? a : b;
}

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

/* Column j's stored segment: rows [*first, *first + *count) of A, the
 * pointer to the first.  For SYMV and TRMV the diagonal is the segment's
 * last element (upper) or first (lower).  Inline: asked for once per
 * column in every pass (9 million times in xlintstd on sizes up to 16). */
static inline const double *segment(const struct matvec *mv, int j, int *first, int *count)
{
	const struct tf_op *op = mv->op;
	size_t w = (size_t)mv->width, col = (size_t)j * op->lda;
	int r0, r1;
	size_t at;
	if (op->kind == TF_OP_GEMV) {
		if (op->storage == TF_STORAGE_BAND) {
			r0 = max_int(0, j - op->ku);
			r1 = min_int(mv->rows, j + op->kl + 1);
			at = col + (size_t)(op->ku + r0 - j);
		} else {
			r0 = 0;
			r1 = mv->rows;
			at = col;
		}
	} else if (op->storage == TF_STORAGE_PACKED) {
		size_t n = (size_t)mv->rows, jj = (size_t)j;
		r0 = mv->upper ? 0 : j;
		r1 = mv->upper ? j + 1 : mv->rows;
		at = mv->upper ? jj * (jj + 1) / 2 : jj * n - jj * (jj - 1) / 2;
	} else if (op->storage == TF_STORAGE_BAND) {
		r0 = mv->upper ? max_int(0, j - op->k) : j;
		r1 = mv->upper ? j + 1 : min_int(mv->rows, j + op->k + 1);
		at = col + (size_t)(mv->upper ? op->k + r0 - j : 0);
	} else {
		r0 = mv->upper ? 0 : j;
		r1 = mv->upper ? j + 1 : mv->rows;
		at = col + (size_t)r0;
	}
	*first = r0;
	*count = r1 > r0 ? r1 - r0 : 0;
	return op->a + at * w;
}

/* The segment without the diagonal, where the op adds it apart. */
static const double *off_diagonal(const struct matvec *mv, int j, int *first, int *count)
{
	const double *a = segment(mv, j, first, count);
	if (!mv->diagonal)
		return a;
	(*count)--;
	if (mv->upper)
		return a;
	(*first)++;
	return a + mv->width;
}

/* The columns whose segments may meet rows [i0, i1): [*jlo, *jhi). */
static void columns_of_rows(const struct matvec *mv, int i0, int i1, int *jlo, int *jhi)
{
	const struct tf_op *op = mv->op;
	int lo = 0, hi = mv->cols;
	if (op->kind == TF_OP_GEMV) {
		if (op->storage == TF_STORAGE_BAND) {
			lo = i0 - op->kl;
			hi = i1 + op->ku;
		}
	} else if (mv->upper) {
		lo = i0; /* rows [j - k, j] or [0, j] */
		if (op->storage == TF_STORAGE_BAND)
			hi = i1 + op->k;
	} else {
		hi = i1; /* rows [j, j + k] or [j, n) */
		if (op->storage == TF_STORAGE_BAND)
			lo = i0 - op->k;
	}
	*jlo = max_int(lo, 0);
	*jhi = min_int(hi, mv->cols);
}

/* The passes' sums start at zero: h1, l1, and h2, l2 for complex data
 * only (real data never reads them; zeroed all the same they cost a small
 * matrix two more memset calls a task). */
static void zero_sums(int count, int w, double *h1, double *l1, double *h2, double *l2)
{
	for (int i = 0; i < count; i++)
		h1[i] = l1[i] = 0.0;
	if (w == 2)
		for (int i = 0; i < count; i++)
			h2[i] = l2[i] = 0.0;
}

/* Rows [i0, i0 + ROWS) of the update pass. */
static void update_rows(const struct matvec *mv, int task)
{
	const int w = mv->width, i0 = task * ROWS, rows = min_int(ROWS, mv->leny - i0);
	/* complex: h1, l1 take A x_re, h2, l2 take A x_im */
	double h1[2 * ROWS], l1[2 * ROWS], h2[2 * ROWS], l2[2 * ROWS];
	zero_sums(rows * w, w, h1, l1, h2, l2);
	int jlo, jhi;
	columns_of_rows(mv, i0, i0 + rows, &jlo, &jhi);
	for (int j = jlo; j < jhi; j++) {
		int first, count;
		const double *a = off_diagonal(mv, j, &first, &count);
		int s = max_int(first, i0), e = min_int(first + count, i0 + rows);
		if (s >= e)
			continue;
		a += (size_t)(s - first) * w;
		int at = (s - i0) * w, len = (e - s) * w;
		if (w == 2)
			mv->loops->column_update2(len, a, mv->xa[(size_t)j * w], mv->xb[(size_t)j * w],
						  h1 + at, l1 + at, h2 + at, l2 + at);
		else
			mv->loops->column_update(len, a, mv->xa[j], h1 + at, l1 + at);
	}
	double *hi = mv->update_hi + (size_t)i0 * w, *lo = mv->update_lo + (size_t)i0 * w;
	for (int i = 0; i < rows; i++) {
		if (w == 1) {
			hi[i] = h1[i];
			lo[i] = l1[i];
			continue;
		}
		/* re = sum ar xr - ai xi, im = sum ai xr + ar xi */
		tf_dd re = tf_dd_add(tf_dd_make(h1[2 * i], l1[2 * i]),
				     tf_dd_make(-h2[2 * i + 1], -l2[2 * i + 1]));
		tf_dd im = tf_dd_add(tf_dd_make(h1[2 * i + 1], l1[2 * i + 1]),
				     tf_dd_make(h2[2 * i], l2[2 * i]));
		hi[2 * i] = re.hi;
		lo[2 * i] = re.lo;
		hi[2 * i + 1] = im.hi;
		lo[2 * i + 1] = im.lo;
	}
}

/* Columns [j0, j0 + COLUMNS) of the dot pass. */
static void dot_columns(const struct matvec *mv, int task)
{
	const int w = mv->width, j0 = task * COLUMNS, j1 = min_int(j0 + COLUMNS, mv->cols);
	for (int j = j0; j < j1; j++) {
		int first, count;
		const double *a = off_diagonal(mv, j, &first, &count);
		size_t at = (size_t)j * w, from = (size_t)first * w;
		int len = count * w;
		tf_dd s = mv->loops->dot(len, a, mv->xa + from);
		mv->dot_hi[at] = s.hi;
		mv->dot_lo[at] = s.lo;
		if (w == 2) {
			s = mv->loops->dot(len, a, mv->xb + from);
			mv->dot_hi[at + 1] = s.hi;
			mv->dot_lo[at + 1] = s.lo;
		}
	}
}

/* The columns j of [j0, j1) whose off-diagonal segment holds row r:
 * [*ja, *jb), contiguous in every storage. */
static void columns_of_row(const struct matvec *mv, int r, int j0, int j1, int *ja, int *jb)
{
	const struct tf_op *op = mv->op;
	int lo = 0, hi = mv->cols; /* [lo, hi) */
	if (op->kind == TF_OP_GEMV) {
		if (op->storage == TF_STORAGE_BAND) {
			lo = r - op->kl;
			hi = r + op->ku + 1;
		}
	} else if (mv->upper) {
		lo = r + 1;
		if (op->storage == TF_STORAGE_BAND)
			hi = r + op->k + 1;
	} else {
		hi = r;
		if (op->storage == TF_STORAGE_BAND)
			lo = r - op->k;
	}
	*ja = max_int(lo, j0);
	*jb = min_int(hi, j1);
}

/* Whether the block's n column segments are of one length (not zero) and
 * evenly spaced, in memory and in rows, each starting no row above the
 * last: a band's columns away from its ends, a full matrix's.  If so, the
 * spacing: *a_step doubles, *x_step (0 or 1) rows. */
static int evenly_spaced(int n, const double *const *column, const int *firsts, const int *counts,
			 size_t *a_step, size_t *x_step)
{
	*a_step = *x_step = 0;
	if (counts[0] <= 0)
		return 0;
	if (n == 1)
		return 1;
	ptrdiff_t da = column[1] - column[0];
	int dx = firsts[1] - firsts[0];
	if (da < 0 || dx < 0 || dx > 1)
		return 0;
	for (int c = 1; c < n; c++)
		if (counts[c] != counts[0] || column[c] != column[0] + c * da ||
		    firsts[c] != firsts[0] + c * dx)
			return 0;
	*a_step = (size_t)da;
	*x_step = (size_t)dx;
	return 1;
}

/* The sums of the block's columns [j0, j1), whose segments vary: the
 * block is copied column by column (in memory order, so that the reads
 * stream) into the rows of a transposed block, the rows [rlo, rhi) the
 * segments span; then each row r adds A(r, j) x[r] into the columns' DD
 * sums, in the order of the rows. */
static void transposed_block(const struct matvec *mv, int j0, int j1, const double *const *column,
			     const int *firsts, const int *counts, double *h1, double *l1,
			     double *h2, double *l2)
{
	const int w = mv->width, width = (j1 - j0) * w;
	int rlo = mv->rows, rhi = 0;
	for (int c = 0; c < j1 - j0; c++)
		if (counts[c] > 0) {
			rlo = min_int(rlo, firsts[c]);
			rhi = max_int(rhi, firsts[c] + counts[c]);
		}
	if (rlo >= rhi)
		return;
	double stack[2 * STACK_DOUBLES];
	double *block = tf_cpu_buffer(stack, 2 * STACK_DOUBLES, (size_t)(rhi - rlo) * width);
	for (int j = j0; j < j1; j++) {
		const int first = firsts[j - j0], count = counts[j - j0];
		const double *a = column[j - j0];
		double *to = block + (size_t)(first - rlo) * width + (j - j0) * w;
		if (w == 1) /* apart: the test is not made for every element */
			for (int r = 0; r < count; r++)
				to[(size_t)r * width] = a[r];
		else
			for (int r = 0; r < count; r++) {
				to[(size_t)r * width] = a[(size_t)r * 2];
				to[(size_t)r * width + 1] = a[(size_t)r * 2 + 1];
			}
	}
	for (int r = rlo; r < rhi; r++) {
		int ja, jb;
		columns_of_row(mv, r, j0, j1, &ja, &jb);
		if (ja >= jb)
			continue;
		const double *row = block + (size_t)(r - rlo) * width + (ja - j0) * w;
		int at = (ja - j0) * w, len = (jb - ja) * w;
		if (w == 2)
			mv->loops->column_update2(len, row, mv->xa[(size_t)r * w], mv->xb[(size_t)r * w],
						  h1 + at, l1 + at, h2 + at, l2 + at);
		else
			mv->loops->column_update(len, row, mv->xa[r], h1 + at, l1 + at);
	}
	tf_cpu_buffer_release(block, stack);
}

/* Columns [j0, j0 + SHORT_COLUMNS) of the dot pass where columns are
 * short: each column's sum in the order of its rows, those of the block's
 * columns side by side (a row's terms of A^T x as a column update of
 * A^T).  Segments evenly spaced are read in place (columns_dot); others
 * through a transposed copy; a block of at most NARROW real columns sums
 * each column on its own, with the same steps. */
static void short_columns(const struct matvec *mv, int task)
{
	const int w = mv->width, j0 = task * SHORT_COLUMNS;
	const int j1 = min_int(j0 + SHORT_COLUMNS, mv->cols), n = j1 - j0;
	/* complex: h1, l1 take conj?(A) x_re, h2, l2 conj?(A) x_im */
	double h1[2 * SHORT_COLUMNS], l1[2 * SHORT_COLUMNS], h2[2 * SHORT_COLUMNS],
		l2[2 * SHORT_COLUMNS];
	/* each column's segment, found once */
	const double *column[SHORT_COLUMNS];
	int firsts[SHORT_COLUMNS], counts[SHORT_COLUMNS];
	for (int j = j0; j < j1; j++)
		column[j - j0] = off_diagonal(mv, j, &firsts[j - j0], &counts[j - j0]);
	size_t a_step, x_step;
	if (evenly_spaced(n, column, firsts, counts, &a_step, &x_step)) {
		const size_t from = (size_t)firsts[0] * w;
		if (w == 1)
			mv->loops->columns_dot(n, counts[0], column[0], a_step, mv->xa + from, x_step,
					       h1, l1);
		else
			mv->loops->zcolumns_dot(n, counts[0], column[0], a_step, mv->xa + from,
						mv->xb + from, x_step, h1, l1, h2, l2);
	} else if (w == 1 && n <= NARROW) {
		/* LAPACK's A^T x with one column */
		for (int j = j0; j < j1; j++) {
			const double *a = column[j - j0], *x = mv->xa + firsts[j - j0];
			tf_dd s = tf_dd_make(0.0, 0.0);
			for (int r = 0; r < counts[j - j0]; r++)
				s = tf_dd_fma(s, a[r], x[r]);
			mv->dot_hi[j] = s.hi;
			mv->dot_lo[j] = s.lo;
		}
		return;
	} else {
		zero_sums(n * w, w, h1, l1, h2, l2);
		transposed_block(mv, j0, j1, column, firsts, counts, h1, l1, h2, l2);
	}
	for (int j = j0; j < j1; j++) {
		size_t at = (size_t)j * w;
		int i = (j - j0) * w;
		if (w == 1) {
			mv->dot_hi[at] = h1[i];
			mv->dot_lo[at] = l1[i];
			continue;
		}
		/* re = ar xr -+ ai xi, im = ar xi +- ai xr (lower signs: conj) */
		double s = mv->dot_conj ? 1.0 : -1.0;
		tf_dd re = tf_dd_add(tf_dd_make(h1[i], l1[i]), tf_dd_make(s * h2[i + 1], s * l2[i + 1]));
		tf_dd im = tf_dd_add(tf_dd_make(h2[i], l2[i]), tf_dd_make(-s * h1[i + 1], -s * l1[i + 1]));
		mv->dot_hi[at] = re.hi;
		mv->dot_lo[at] = re.lo;
		mv->dot_hi[at + 1] = im.hi;
		mv->dot_lo[at + 1] = im.lo;
	}
}

static void run_task(void *context, int task)
{
	const struct matvec *mv = context;
	if (task < mv->row_tasks)
		update_rows(mv, task);
	else if (mv->short_columns)
		short_columns(mv, task - mv->row_tasks);
	else
		dot_columns(mv, task - mv->row_tasks);
}

/* x as contiguous doubles: real, xa = x; complex, xa = (xr, -xi) and
 * xb = (xi, xr) per element (conj: (xr, xi) and (xi, -xr)), so that
 * xa[2i] and xb[2i] are x[i]'s parts. */
static void gather_x(const struct matvec *mv, const double *x, int incx, double *xa, double *xb)
{
	const int w = mv->width;
	const double s = mv->dot_conj ? 1.0 : -1.0;
	for (int i = 0; i < mv->lenx; i++) {
		const double *e = tf_element(x, w, mv->lenx, incx, i);
		if (w == 1) {
			xa[i] = e[0];
			continue;
		}
		xa[2 * i] = e[0];
		xa[2 * i + 1] = s * e[1];
		xb[2 * i] = e[1];
		xb[2 * i + 1] = -s * e[0];
	}
}

/* y[i] in DD: the passes' sums, the diagonal term, alpha and beta; rounded
 * into values (the loops' matvec_finish).  scratch: 3 leny w doubles, for
 * the diagonal, the x it multiplies, and y gathered. */
static void finish(const struct matvec *mv, double *values, double *scratch)
{
	const struct tf_op *op = mv->op;
	const int w = mv->width, n = mv->leny;
	const size_t ny = (size_t)n * w;
	const double alpha[2] = { op->alpha, op->alpha_im };
	const double beta[2] = { op->beta, op->beta_im };
	const int add_y = op->kind != TF_OP_TRMV && (beta[0] != 0.0 || (w == 2 && beta[1] != 0.0));
	if (!mv->update && !mv->dot && !mv->diagonal) {
		/* alpha = 0: beta y, or zero */
		for (int i = 0; i < n; i++) {
			size_t at = (size_t)i * w;
			const double *y = add_y ? tf_element(op->y, w, n, op->incy, i) : NULL;
			if (!y) {
				values[at] = 0.0;
				if (w == 2)
					values[at + 1] = 0.0;
			} else if (w == 1) {
				/* one rounding in double, which keeps the sign of
				 * a zero */
				values[at] = beta[0] * y[0];
			} else {
				tf_z_round(values + at, tf_z_scale(beta, tf_z_exact(y)));
			}
		}
		return;
	}
	struct tf_matvec_terms f = { 0 };
	if (mv->update) {
		f.u_hi = mv->update_hi;
		f.u_lo = mv->update_lo;
	}
	if (mv->dot) {
		f.s_hi = mv->dot_hi;
		f.s_lo = mv->dot_lo;
	}
	if (mv->diagonal) {
		/* the diagonal (1 for a unit one; a Hermitian one's imaginary
		 * part taken as zero; conjugated for TRMV C) and x's elements */
		const int unit = op->kind == TF_OP_TRMV && op->diag == 'U';
		const int conj = op->kind == TF_OP_TRMV && op->transa == 'C';
		double *diag = scratch, *dx = scratch + ny;
		for (int i = 0; i < n; i++) {
			size_t at = (size_t)i * w;
			double d0 = 1.0, d1 = 0.0;
			if (!unit) {
				int first, count;
				const double *a = segment(mv, i, &first, &count);
				a += mv->upper ? (size_t)(count - 1) * w : 0;
				d0 = a[0];
				if (w == 2)
					d1 = op->conj ? 0.0 : a[1];
			}
			diag[at] = d0;
			if (w == 2) {
				diag[at + 1] = conj ? -d1 : d1;
				dx[at] = mv->xa[at];
				dx[at + 1] = mv->xb[at];
			}
		}
		f.diag = diag;
		f.x = w == 2 ? dx : mv->xa;
	}
	if (op->kind != TF_OP_TRMV && (alpha[0] != 1.0 || (w == 2 && alpha[1] != 0.0)))
		f.alpha = alpha;
	if (add_y) {
		f.beta = beta;
		f.y = tf_elements(op->y, w, n, op->incy, 0, n, scratch + 2 * ny);
	}
	mv->loops->matvec_finish(n, w, &f, values);
}

/* The terms of y[i]'s sum: the stored elements of op(A)'s row i (GEMV,
 * full or band; TRMV, any storage, a unit diagonal as 1) or of A's row i
 * (SYMV, full, band or packed), each from the column whose stored segment
 * holds it (conjugated where the op reads it so; a Hermitian diagonal's
 * imaginary part taken as zero), into row, and the elements of x they
 * multiply into x; returns their number. */
static int gather_row(const struct matvec *mv, int i, double *row, double *x)
{
	const struct tf_op *op = mv->op;
	const int w = mv->width, symmetric = op->kind == TF_OP_SYMV, transposed = !mv->update;
	const int unit = op->kind == TF_OP_TRMV && op->diag == 'U';
	const double *xs = op->kind == TF_OP_TRMV ? op->y : op->x;
	const int incx = op->kind == TF_OP_TRMV ? op->incy : op->incx;
	const int conj_own = transposed ? op->transa == 'C' : symmetric && op->conj;
	int first = 0, count = 0, terms = 0;
	const double *own = symmetric || transposed ? segment(mv, i, &first, &count) : NULL;
	for (int j = 0; j < mv->lenx; j++) {
		int f, c, conj;
		const double *column = transposed ? NULL : segment(mv, j, &f, &c), *e;
		if (column && i >= f && i < f + c) {
			e = column + (size_t)(i - f) * w;
			conj = 0;
		} else if (own && j >= first && j < first + count) {
			e = own + (size_t)(j - first) * w;
			conj = conj_own;
		} else {
			continue;
		}
		double *to = row + (size_t)terms * w;
		to[0] = e[0];
		if (w == 2)
			to[1] = symmetric && op->conj && i == j ? 0.0 : conj ? -e[1] : e[1];
		if (unit && i == j) {
			to[0] = 1.0;
			if (w == 2)
				to[1] = 0.0;
		}
		const double *xj = tf_element(xs, w, mv->lenx, incx, j);
		x[(size_t)terms * w] = xj[0];
		if (w == 2)
			x[(size_t)terms * w + 1] = xj[1];
		terms++;
	}
	return terms;
}

/* A sum that may have left double's range (tiny from tiny products, zero
 * included, in both parts when complex, or a result not finite) is formed
 * again scaled (twofold/arith_dd.h, arith_zdd.h); a cancellation is kept,
 * and a result still not finite is left to the commit.  One or two
 * comparisons per element otherwise.  A TRMV's sum (alpha 1, its diagonal
 * term outside the passes) is judged by its rounded value: products that
 * overflow, or tiny ones that lost their low parts, show there. */
/* Whether some element may need range_check's second look: a part of a
 * result not finite, or an element whose passes' sums (added in double:
 * their DD sum's high part is within a rounding of that; TRMV: its value)
 * are below twice TF_DD_RANGE_SUSPECT in every part.  A loop without
 * calls, for the common case. */
static int range_suspects(const struct matvec *mv, const double *values)
{
	const int w = mv->width, trmv = mv->op->kind == TF_OP_TRMV;
	const size_t n = (size_t)mv->leny * w;
	const double *u = trmv ? values : mv->update ? mv->update_hi : mv->dot_hi;
	const double *d = !trmv && mv->update && mv->dot ? mv->dot_hi : NULL;
	int found = 0;
	for (size_t at = 0; at < n; at += w) {
		double large = 0.0;
		for (int p = 0; p < w; p++) {
			double s = fabs(d ? u[at + p] + d[at + p] : u[at + p]);
			large = s > large ? s : large;
			found |= !(values[at + p] - values[at + p] == 0.0); /* Inf or NaN */
		}
		found |= !(large >= 2 * TF_DD_RANGE_SUSPECT);
	}
	return found;
}

static void range_check(const struct matvec *mv, double *values)
{
	const struct tf_op *op = mv->op;
	const int w = mv->width, trmv = op->kind == TF_OP_TRMV;
	const double alpha = trmv ? 1.0 : op->alpha, alpha_im = trmv ? 0.0 : op->alpha_im;
	const double beta = trmv ? 0.0 : op->beta, beta_im = trmv ? 0.0 : op->beta_im;
	/* tf_dd_range_underflow_harmless's weight: |alpha| over a row's
	 * products */
	const double weight = fabs(alpha) * mv->lenx;
	double *row = NULL, stack[STACK_DOUBLES];
	if (!range_suspects(mv, values))
		return;
	for (int i = 0; i < mv->leny; i++) {
		size_t at = (size_t)i * w;
		tf_zdd sum = tf_zdd_from_z(0.0, 0.0);
		if (trmv) {
			sum = tf_zdd_from_z(values[at], w == 2 ? values[at + 1] : 0.0);
		} else if (mv->update) {
			sum.re = tf_dd_make(mv->update_hi[at], mv->update_lo[at]);
			if (w == 2)
				sum.im = tf_dd_make(mv->update_hi[at + 1], mv->update_lo[at + 1]);
		}
		if (mv->dot && !trmv) {
			sum.re = tf_dd_add(sum.re, tf_dd_make(mv->dot_hi[at], mv->dot_lo[at]));
			if (w == 2)
				sum.im = tf_dd_add(sum.im, tf_dd_make(mv->dot_hi[at + 1], mv->dot_lo[at + 1]));
		}
		double *v = values + at;
		int finite = isfinite(v[0]) && (w == 1 || isfinite(v[1]));
		if (finite && (!tf_zdd_range_suspect(sum) ||
			       (w == 1 && tf_dd_range_underflow_harmless(v[0], weight))))
			continue;
		if (!row) {
			/* x zero: every sum is, and nothing is to be formed again */
			if (tf_dd_range_largest(mv->lenx * w, mv->xa, 1) == 0.0)
				break;
			/* the row and x's terms */
			row = tf_cpu_buffer(stack, STACK_DOUBLES, 2 * (size_t)mv->lenx * w);
		}
		double *x = row + (size_t)mv->lenx * w;
		int terms = gather_row(mv, i, row, x);
		const double *y = tf_element(op->y, w, mv->leny, op->incy, i);
		if (w == 1) {
			tf_dd r;
			if (!tf_dd_range_dot(terms, row, 1, x, 1, alpha, sum.re, &r))
				continue;
			if (beta != 0.0)
				r = tf_dd_add(r, tf_two_prod(beta, y[0]));
			v[0] = tf_dd_to_double(r);
			continue;
		}
		tf_zdd r;
		if (!tf_zdd_range_dot(terms, row, x, alpha, alpha_im, tf_zdd_is_finite(sum), &r))
			continue;
		if (beta != 0.0 || beta_im != 0.0)
			r = tf_zdd_add(r, tf_zdd_fma(tf_z_zero(), beta, beta_im, y[0], y[1]));
		tf_zdd_to_z(r, &v[0], &v[1]);
	}
	if (row)
		tf_cpu_buffer_release(row, stack);
}

/* The product of the op (GEMV, SYMV or TRMV) in DD. */
static void matvec(const struct tf_op *op)
{
	struct matvec mv = { .op = op, .loops = tf_dd_loops() };
	mv.width = op->type == TF_TYPE_Z ? 2 : 1;
	mv.upper = op->uplo == 'U';
	if (op->kind == TF_OP_GEMV) {
		mv.rows = op->m;
		mv.cols = op->n;
		mv.update = op->transa == 'N';
		mv.dot = !mv.update;
		mv.dot_conj = op->transa == 'C';
	} else {
		mv.rows = mv.cols = op->n;
		mv.diagonal = 1;
		mv.update = op->kind == TF_OP_SYMV || op->transa == 'N';
		mv.dot = op->kind == TF_OP_SYMV || op->transa != 'N';
		mv.dot_conj = op->kind == TF_OP_SYMV ? op->conj : op->transa == 'C';
	}
	if (op->kind != TF_OP_TRMV && op->alpha == 0.0 && op->alpha_im == 0.0)
		/* y = beta y, rounded once: A and x are not read */
		mv.update = mv.dot = mv.diagonal = 0;
	mv.lenx = op->kind != TF_OP_GEMV || op->transa == 'N' ? mv.cols : mv.rows;
	mv.leny = op->kind != TF_OP_GEMV || op->transa == 'N' ? mv.rows : mv.cols;
	mv.row_tasks = mv.update ? (mv.leny + ROWS - 1) / ROWS : 0;
	/* the longest segment (band: the band's rows) */
	int longest = op->storage != TF_STORAGE_BAND ? mv.rows
		    : op->kind == TF_OP_GEMV ? op->kl + op->ku + 1 : op->k + 1;
	mv.short_columns = longest < LONG_COLUMN;
	int columns = mv.short_columns ? SHORT_COLUMNS : COLUMNS;
	mv.column_tasks = mv.dot ? (mv.cols + columns - 1) / columns : 0;

	/* x (two rearrangements for complex data), the rounded values, the
	 * two passes' sums, and the finish's scratch */
	const size_t w = (size_t)mv.width, nx = (size_t)mv.lenx * w, ny = (size_t)mv.leny * w;
	double stack[STACK_DOUBLES];
	double *space = tf_cpu_buffer(stack, STACK_DOUBLES, (w == 2 ? 2 : 1) * nx + 8 * ny);
	double *xa = space, *xb = w == 2 ? xa + nx : NULL;
	double *values = space + (w == 2 ? 2 : 1) * nx;
	mv.update_hi = values + ny;
	mv.update_lo = mv.update_hi + ny;
	mv.dot_hi = mv.update_lo + ny;
	mv.dot_lo = mv.dot_hi + ny;
	mv.xa = xa;
	mv.xb = xb;
	if (op->kind == TF_OP_TRMV)
		gather_x(&mv, op->y, op->incy, xa, xb);
	else if (mv.update || mv.dot)
		gather_x(&mv, op->x, op->incx, xa, xb);

	int tasks = mv.row_tasks + mv.column_tasks;
	double stored = op->storage == TF_STORAGE_BAND ? (double)mv.cols * (op->kl + op->ku + op->k + 1)
						       : (double)mv.rows * mv.cols;
	if (stored * w < PARALLEL_MIN)
		for (int t = 0; t < tasks; t++)
			run_task(&mv, t);
	else
		tf_parallel_for(tasks, run_task, &mv);

	finish(&mv, values, mv.dot_lo + ny);
	if (mv.update || mv.dot || mv.diagonal)
		range_check(&mv, values);
	tf_cpu_commit_vector(op, values, mv.leny);
	tf_cpu_buffer_release(space, stack);
}

void tf_cpu_dd_gemv(const struct tf_op *op)
{
	matvec(op);
}

void tf_cpu_dd_symv(const struct tf_op *op)
{
	matvec(op);
}

void tf_cpu_dd_trmv(const struct tf_op *op)
{
	matvec(op);
}
