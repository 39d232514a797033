/* y = op(A)^-1 y in DD on the CPU: dtrsv, dtbsv, dtpsv, ztrsv, ztbsv,
 * ztpsv (full, band and packed triangles).
 *
 * The solution is kept in DD (hi and lo arrays, real and imaginary parts
 * apart) through the whole substitution and rounded once at the end.  Each
 * x_j = (b_j - sum) / A(j,j): the products of a double of A and the first
 * word of a DD x_i exact (tf_dd_fma_dd), the sums DD, the division a DD
 * one.  Trans N goes by columns as the reference does (x_j found, then
 * subtracted times the rest of column j from the unknowns still to come:
 * the column_update_dd loops of dd_loops.c); trans T and C go by dot
 * products of column j with the unknowns already found (dot_dd, zdot_dd).
 * One body for real and complex data: complex columns are read as stored,
 * conjugated for trans C; x's real and imaginary parts are kept apart.  As in the reference, trans N skips a
 * column whose x_j is zero, and trans T and C always divide, so a zero on
 * the diagonal gives what the reference gives (through the commit rule of
 * dd_output.h).  The substitution is sequential: one thread.
 *
 * Range: where a numerator says that the substitution may have left
 * double's range (tf_dd_range_numerator_suspect: two comparisons per
 * unknown), it is done again with b scaled by a power of two that brings
 * its largest element near 1 (exact), the results scaled back; where a
 * numerator of that is suspect too, or a result scaled back is not a
 * normal double, it is done with an exponent apart from every value
 * (dd_range_solve.h).  Either's results replace the fast ones. */
#include "config.h"
#include "cpu/dd_isa.h" /* first: the names of this instruction set's copy */

#include "cpu/dd_elements.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_output.h"
#include "cpu/dd_range_solve.h"

/* doubles per element of the buffer: x (re and im, hi and lo) and the
 * rounded results (2) */
#define PER_ELEMENT 6
#define STACK_ELEMENTS 256

/* The stored part of column j of the triangle: its off-diagonal elements,
 * rows first .. first + count - 1 (contiguous in every storage), and its
 * diagonal element. */
struct column {
	const double *off, *diag;
	int first, count;
};

static struct column column_of(const struct tf_op *op, int j)
{
	const int w = op->type == TF_TYPE_Z ? 2 : 1, n = op->n, upper = op->uplo == 'U';
	struct column c;
	size_t start; /* the column's first stored element */
	switch (op->storage) {
	case TF_STORAGE_BAND:
		/* A(i,j) at a[(k + i - j) + j lda] (upper), a[(i - j) + j lda] (lower) */
		start = (size_t)j * op->lda;
		if (upper) {
			c.first = j - op->k > 0 ? j - op->k : 0;
			c.count = j - c.first;
			c.off = op->a + (start + op->k - c.count) * w;
			c.diag = op->a + (start + op->k) * w;
		} else {
			c.first = j + 1;
			c.count = (j + op->k < n - 1 ? j + op->k : n - 1) - j;
			c.off = op->a + (start + 1) * w;
			c.diag = op->a + start * w;
		}
		return c;
	case TF_STORAGE_PACKED:
		/* upper: column j from j(j+1)/2; lower: from j n - j(j-1)/2 */
		if (upper) {
			start = (size_t)j * (j + 1) / 2;
			c.first = 0;
			c.count = j;
			c.off = op->a + start * w;
			c.diag = op->a + (start + j) * w;
		} else {
			start = (size_t)j * n - (size_t)j * (j - 1) / 2;
			c.first = j + 1;
			c.count = n - 1 - j;
			c.off = op->a + (start + 1) * w;
			c.diag = op->a + start * w;
		}
		return c;
	default:
		start = (size_t)j * op->lda;
		c.first = upper ? 0 : j + 1;
		c.count = upper ? j : n - 1 - j;
		c.off = op->a + (start + c.first) * w;
		c.diag = op->a + (start + j) * w;
		return c;
	}
}

struct solve {
	const struct tf_dd_loops *loops;
	int complex, conj;
	int range; /* a numerator may have lost accuracy to the range */
	double *re_hi, *re_lo, *im_hi, *im_lo; /* x in DD */
};

/* The helpers below take complex as a constant of their caller's copy
 * (solve_by_columns and solve_by_dots are expanded once per type). */
static inline tf_zdd x_at(const struct solve *s, int j, int complex)
{
	tf_dd re = tf_dd_make(s->re_hi[j], s->re_lo[j]);
	tf_dd im = complex ? tf_dd_make(s->im_hi[j], s->im_lo[j]) : tf_dd_make(0.0, 0.0);
	return tf_zdd_make(re, im);
}

static inline void set_x(const struct solve *s, int j, tf_zdd v, int complex)
{
	s->re_hi[j] = v.re.hi;
	s->re_lo[j] = v.re.lo;
	if (complex) {
		s->im_hi[j] = v.im.hi;
		s->im_lo[j] = v.im.lo;
	}
}

/* x(first .. first + count) -= column * xj, every product of a double of A
 * and xj's first word exact. */
static inline void subtract_column(const struct solve *s, struct column c, tf_zdd xj, int complex)
{
	int f = c.first;
	if (complex)
		s->loops->zcolumn_update_dd(c.count, c.off, tf_zdd_neg(xj), s->re_hi + f,
					    s->re_lo + f, s->im_hi + f, s->im_lo + f);
	else
		s->loops->column_update_dd(c.count, c.off, tf_zdd_neg(xj).re, s->re_hi + f,
					   s->re_lo + f);
}

/* sum over the column of a_i x_i (conj(a_i) x_i for trans C), in DD. */
static inline tf_zdd column_dot(const struct solve *s, struct column c, int complex)
{
	int f = c.first;
	if (complex)
		return s->loops->zdot_dd(c.count, c.off, s->conj ? -1.0 : 1.0, s->re_hi + f,
					 s->re_lo + f, s->im_hi + f, s->im_lo + f);
	return tf_zdd_make(s->loops->dot_dd(c.count, c.off, s->re_hi + f, s->re_lo + f),
			   tf_dd_make(0.0, 0.0));
}

/* v / A(j,j) (conjugated for trans C), unless the diagonal is unit.
 * Inlined, and the division in it (substitute is flattened): each x_j
 * waits for its quotient, and a call passes the complex values through
 * memory (ztbsv C, k = 64, n = 4096: 1.13 to 1.16 ms a solve with the
 * calls, 0.93 to 0.95 without). */
static inline __attribute__((always_inline)) tf_zdd divide(const struct solve *s,
							   const struct tf_op *op,
							   struct column c, tf_zdd v, int complex)
{
	if (op->diag == 'U')
		return v;
	if (!complex)
		return tf_zdd_make(tf_dd_div_d(v.re, c.diag[0]), v.im);
	return tf_zdd_div_z(v, c.diag[0], s->conj ? -c.diag[1] : c.diag[1]);
}

/* Whether the numerator v of x_j may have lost accuracy to the range
 * (dd_range_solve.h); a zero one only over a tiny diagonal. */
static inline int numerator_suspect(const struct tf_op *op, tf_zdd v, int j)
{
	if (v.re.hi != v.re.hi || v.im.hi != v.im.hi)
		return 1;
	double large = fabs(v.re.hi) > fabs(v.im.hi) ? fabs(v.re.hi) : fabs(v.im.hi);
	if (large != 0.0 || op->diag == 'U')
		return tf_dd_range_numerator_suspect(large);
	struct column c = column_of(op, j);
	double d = fabs(c.diag[0]);
	if (op->type == TF_TYPE_Z && fabs(c.diag[1]) > d)
		d = fabs(c.diag[1]);
	return tf_dd_range_zero_suspect(d);
}

static inline __attribute__((always_inline)) void solve_by_columns(struct solve *s,
								   const struct tf_op *op,
								   const int complex)
{
	const int n = op->n, forward = op->uplo == 'L';
	for (int step = 0; step < n; step++) {
		int j = forward ? step : n - 1 - step;
		tf_zdd xj = x_at(s, j, complex);
		if (xj.re.hi == 0.0 && xj.im.hi == 0.0) {
			s->range |= numerator_suspect(op, xj, j);
			continue; /* the reference skips the column */
		}
		s->range |= numerator_suspect(op, xj, j);
		struct column c = column_of(op, j);
		xj = divide(s, op, c, xj, complex);
		set_x(s, j, xj, complex);
		if (c.count > 0)
			subtract_column(s, c, xj, complex);
	}
}

static inline __attribute__((always_inline)) void solve_by_dots(struct solve *s,
								const struct tf_op *op,
								const int complex)
{
	const int n = op->n, forward = op->uplo == 'U';
	for (int step = 0; step < n; step++) {
		int j = forward ? step : n - 1 - step;
		struct column c = column_of(op, j);
		tf_zdd v = x_at(s, j, complex);
		if (c.count > 0)
			v = tf_zdd_add(v, tf_zdd_neg(column_dot(s, c, complex)));
		s->range |= numerator_suspect(op, v, j);
		set_x(s, j, divide(s, op, c, v, complex), complex);
	}
}

/* op(A) as the lower triangular M of dd_range_solve.h: op(A) itself when
 * it is lower, else numbered from the end. */
static int reversed(const struct tf_op *op)
{
	return (op->uplo == 'L') != (op->transa == 'N');
}

/* The slow path's view of A: the op, and every column_of found once (the
 * solve asks for each element, about n^2 / 2 of them). */
struct range_context {
	const struct tf_op *op;
	const struct column *columns;
};

static const double *m_element(const void *context, int i, int l)
{
	const struct range_context *rc = context;
	const struct tf_op *op = rc->op;
	const int w = op->type == TF_TYPE_Z ? 2 : 1;
	if (reversed(op))
		i = op->n - 1 - i, l = op->n - 1 - l;
	/* op(A)(i, l) is A(i, l) or A(l, i) */
	int row = op->transa == 'N' ? i : l, col = op->transa == 'N' ? l : i;
	const struct column *c = &rc->columns[col];
	if (row == col)
		return c->diag;
	return row >= c->first && row < c->first + c->count ? c->off + (size_t)(row - c->first) * w
							     : NULL;
}

static int m_first(const void *context, int i)
{
	const struct tf_op *op = ((const struct range_context *)context)->op;
	return op->storage == TF_STORAGE_BAND && i > op->k ? i - op->k : 0;
}

/* The slow path where the fast solve may have left the range (a suspect
 * numerator): values replaced by the solve with exponents apart. */
static void range_solve(const struct tf_op *op, double *values)
{
	const int n = op->n, w = op->type == TF_TYPE_Z ? 2 : 1;
	const double one[2] = { 1.0, 0.0 };
	size_t xdd_doubles = (sizeof(tf_xdd) + sizeof(double) - 1) / sizeof(double);
	size_t column_doubles = (sizeof(struct column) + sizeof(double) - 1) / sizeof(double);
	double *buffer = tf_cpu_buffer(NULL, 0, (size_t)n * (w * (2 + xdd_doubles) + column_doubles));
	double *r = buffer, *x = r + (size_t)n * w;
	tf_xdd *work = (tf_xdd *)(x + (size_t)n * w);
	struct column *columns = (struct column *)(buffer + (size_t)n * w * (2 + xdd_doubles));
	for (int j = 0; j < n; j++)
		columns[j] = column_of(op, j);
	struct range_context context = { op, columns };
	struct tf_range_triangle m = { .p = n, .width = w, .unit = op->diag == 'U',
				       .conj = op->transa == 'C', .element = m_element,
				       .first = m_first, .context = &context };
	for (int i = 0; i < n; i++) {
		int at = reversed(op) ? n - 1 - i : i;
		const double *b = tf_element(op->y, w, n, op->incy, at);
		for (int part = 0; part < w; part++)
			r[(size_t)i * w + part] = b[part];
	}
	tf_range_solve(&m, one, r, x, work);
	for (int i = 0; i < n; i++) {
		int at = reversed(op) ? n - 1 - i : i;
		for (int part = 0; part < w; part++)
			values[(size_t)at * w + part] = x[(size_t)i * w + part];
	}
	tf_cpu_buffer_release(buffer, NULL);
}

/* The substitution with b scaled by 2^shift (exactly: a shift only
 * raises b's largest element to [1/2, 1)), its results rounded into values
 * and scaled back; whether a numerator was suspect.  Scaled back, a result
 * that is not a normal double (nor zero) would be rounded twice: that
 * counts as suspect too. */
__attribute__((flatten)) static int substitute(struct solve *s, const struct tf_op *op, int shift,
					       double *values)
{
	const int n = op->n, complex = s->complex, w = complex ? 2 : 1;
	s->range = 0;
	for (int i = 0; i < n; i++) {
		const double *b = tf_element(op->y, w, n, op->incy, i);
		s->re_hi[i] = shift ? tf_ldexp(b[0], shift) : b[0];
		s->re_lo[i] = 0.0;
		if (complex) {
			s->im_hi[i] = shift ? tf_ldexp(b[1], shift) : b[1];
			s->im_lo[i] = 0.0;
		}
	}
	if (op->transa == 'N' && complex)
		solve_by_columns(s, op, 1);
	else if (op->transa == 'N')
		solve_by_columns(s, op, 0);
	else if (complex)
		solve_by_dots(s, op, 1);
	else
		solve_by_dots(s, op, 0);
	for (int i = 0; i < n; i++) {
		values[i * w] = tf_dd_to_double(tf_dd_make(s->re_hi[i], s->re_lo[i]));
		if (complex)
			values[i * w + 1] = tf_dd_to_double(tf_dd_make(s->im_hi[i], s->im_lo[i]));
	}
	if (!shift || s->range)
		return s->range;
	for (int e = 0; e < n * w; e++) {
		double v = tf_ldexp(values[e], -shift);
		if (v != 0.0 && !(fabs(v) >= DBL_MIN && fabs(v) <= DBL_MAX))
			return 1;
		values[e] = v;
	}
	return 0;
}

/* The shift that brings b's largest magnitude to [1/2, 1); 0 where there
 * is none to make (b zero, not finite, or there already). */
static int b_shift(const struct tf_op *op)
{
	const int n = op->n, w = op->type == TF_TYPE_Z ? 2 : 1;
	/* element i of b at b0 + i incy w, whatever incy's sign */
	const double *b0 = tf_element(op->y, w, n, op->incy, 0);
	double largest = 0.0;
	for (int part = 0; part < w; part++)
		largest = fmax(largest, tf_dd_range_largest(n, b0 + part, (ptrdiff_t)op->incy * w));
	if (!(largest <= DBL_MAX) || largest == 0.0)
		return 0;
	int high;
	(void)tf_frexp(largest, &high);
	return -high;
}

void tf_cpu_dd_trsv(const struct tf_op *op)
{
	const int n = op->n, complex = op->type == TF_TYPE_Z;
	double stack[PER_ELEMENT * STACK_ELEMENTS];
	double *buffer = tf_cpu_buffer(stack, sizeof stack / sizeof stack[0],
				       (size_t)PER_ELEMENT * n);
	struct solve s = {
		.loops = tf_dd_loops(), .complex = complex, .conj = op->transa == 'C',
		.re_hi = buffer, .re_lo = buffer + n, .im_hi = buffer + 2 * (size_t)n,
		.im_lo = buffer + 3 * (size_t)n,
	};
	double *values = buffer + 4 * (size_t)n;
	/* Where a numerator is suspect, b is most often just tiny or huge
	 * (LAPACK's testers scale whole systems near underflow): the
	 * substitution again with b scaled, and only if that is suspect too
	 * the slow path, which also takes b's elements far apart and a
	 * triangle's. */
	if (substitute(&s, op, 0, values)) {
		int shift = b_shift(op);
		if (!shift || substitute(&s, op, shift, values))
			range_solve(op, values);
	}
	tf_cpu_commit_vector(op, values, n);
	tf_cpu_buffer_release(buffer, stack);
}
