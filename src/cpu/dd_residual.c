#include "config.h"

#include <stdlib.h>
#include "core/message.h"
#include "cpu/dd_kernels.h"
#include "twofold/arith_dd.h"

/* A residual b - A x is far smaller than its terms (by about cond(A) u when
 * x is a good solution), so a sum in DD, whose error is about u^2 of the
 * terms, would give it to only about u of itself, and the refinement would
 * stop improving x at about cond(A) u^2.  Each row's sum is kept in three
 * parts instead: the rounded sum of the products' leading words (hi), the
 * errors of those additions, summed exactly by a second TwoSum (mid), and a
 * DD (rest) for what is u^2 of the terms: the second level's errors, the
 * products' error words and A x_lo.  The error is then about k^2 u^3 of the
 * terms. */
struct row_sum {
	double hi, mid;
	tf_dd rest;
};

/* sum -= a (x_hi + x_lo) */
static inline void subtract(struct row_sum *sum, double a, double x_hi, double x_lo)
{
	tf_dd p = tf_two_prod(-a, x_hi);
	tf_dd s = tf_two_sum(sum->hi, p.hi);
	tf_dd m = tf_two_sum(sum->mid, s.lo);
	sum->hi = s.hi;
	sum->mid = m.hi;
	sum->rest = tf_dd_add_d(tf_dd_fma(sum->rest, -a, x_lo), TF_DADD(m.lo, p.lo));
}

/* The same, with the two error words added to rest one at a time, each
 * addition in DD: TF_DADD(m.lo, p.lo) above rounds at u of p.lo, which is
 * u of the product, so its error is u^2 of the terms, exact only where the
 * terms lie on a common grid (integer A, x_hi of one scale: the square
 * drivers' systems).  Least squares' residual f = u - s - T t mixes s, far
 * smaller than T t and off its grid, and needs the u^3 of the terms
 * (cpu/dd_kernels.h): the refinement with DD factors would otherwise stall
 * at an error of cond(A) u^2. */
static inline void subtract_gathered(struct row_sum *sum, double a, double x_hi, double x_lo)
{
	tf_dd p = tf_two_prod(-a, x_hi);
	tf_dd s = tf_two_sum(sum->hi, p.hi);
	tf_dd m = tf_two_sum(sum->mid, s.lo);
	sum->hi = s.hi;
	sum->mid = m.hi;
	sum->rest = tf_dd_add_d(tf_dd_add_d(tf_dd_fma(sum->rest, -a, x_lo), m.lo), p.lo);
}

/* The sum rounded to double into *r, or to DD into *r, *r_lo when r_lo is
 * set (the fallback's corrections, solved in DD, take it whole). */
static inline void rounded(const struct row_sum *sum, double *r, double *r_lo)
{
	tf_dd v = tf_dd_add(tf_two_sum(sum->hi, sum->mid), sum->rest);
	if (r_lo) {
		*r = v.hi;
		*r_lo = v.lo;
	} else
		*r = tf_dd_to_double(v);
}

/* Column by column: every row's sum takes a(i, j) x_j, reading A down its
 * columns.  A symmetric A is read in its stored triangle once: a(i, j) goes
 * to row i's sum with x_j and, mirrored, to row j's with x_i. */
static void residual_column(char uplo, int n, const double *a, size_t lda, const double *x_hi,
			    const double *x_lo, const double *b, double *r, double *r_lo,
			    struct row_sum *sum)
{
	for (int i = 0; i < n; i++)
		sum[i] = (struct row_sum){ b[i], 0.0, tf_dd_make(0.0, 0.0) };
	for (int j = 0; j < n; j++) {
		const double *column = a + (size_t)j * lda;
		int first = uplo == 'L' ? j + 1 : 0, last = uplo == 'U' ? j : n;
		if (uplo) /* the diagonal, once */
			subtract(&sum[j], column[j], x_hi[j], x_lo[j]);
		for (int i = first; i < last; i++)
			subtract(&sum[i], column[i], x_hi[j], x_lo[j]);
		if (uplo)
			for (int i = first; i < last; i++)
				subtract(&sum[j], column[i], x_hi[i], x_lo[i]);
	}
	for (int i = 0; i < n; i++)
		rounded(&sum[i], &r[i], r_lo ? &r_lo[i] : NULL);
}

/* sum (real and imaginary parts) -= a x for complex a (conjugated when conj)
 * and x = x_hi + x_lo, arrays of (re, im) */
static inline void subtract_complex(struct row_sum *sum, const double *a, int conj,
				    const double *x_hi, const double *x_lo)
{
	double re = a[0], im = conj ? -a[1] : a[1];
	subtract(&sum[0], re, x_hi[0], x_lo[0]);
	subtract(&sum[0], -im, x_hi[1], x_lo[1]);
	subtract(&sum[1], re, x_hi[1], x_lo[1]);
	subtract(&sum[1], im, x_hi[0], x_lo[0]);
}

/* The same for complex data; a Hermitian A's mirrored elements are
 * conjugated and its diagonal taken as real, as LAPACK's Cholesky takes it. */
static void residual_column_complex(char uplo, int n, const double *a, size_t lda,
				    const double *x_hi, const double *x_lo, const double *b,
				    double *r, double *r_lo, struct row_sum *sum)
{
	for (int i = 0; i < 2 * n; i++)
		sum[i] = (struct row_sum){ b[i], 0.0, tf_dd_make(0.0, 0.0) };
	for (int j = 0; j < n; j++) {
		const double *column = a + 2 * (size_t)j * lda;
		int first = uplo == 'L' ? j + 1 : 0, last = uplo == 'U' ? j : n;
		if (uplo) {
			const double diagonal[2] = { column[2 * j], 0.0 };
			subtract_complex(&sum[2 * j], diagonal, 0, &x_hi[2 * j], &x_lo[2 * j]);
		}
		for (int i = first; i < last; i++)
			subtract_complex(&sum[2 * i], &column[2 * i], 0, &x_hi[2 * j], &x_lo[2 * j]);
		if (uplo)
			for (int i = first; i < last; i++)
				subtract_complex(&sum[2 * j], &column[2 * i], 1, &x_hi[2 * i],
						 &x_lo[2 * i]);
	}
	for (int i = 0; i < 2 * n; i++)
		rounded(&sum[i], &r[i], r_lo ? &r_lo[i] : NULL);
}

void tf_cpu_dd_residual(enum tf_op_type type, char uplo, int n, int nrhs, const double *a,
			int lda, const double *x_hi, const double *x_lo, int ldx, const double *b,
			int ldb, double *r, double *r_lo, int ldr)
{
	const size_t width = type == TF_TYPE_Z ? 2 : 1;
	struct row_sum *sum = malloc(width * (size_t)n * sizeof *sum);
	if (!sum)
		tf_fatal("out of memory for a residual of order %d", n);
	for (int c = 0; c < nrhs; c++) {
		const size_t x = width * (size_t)c * ldx;
		if (width == 2)
			residual_column_complex(uplo, n, a, (size_t)lda, x_hi + x, x_lo + x,
						b + 2 * (size_t)c * ldb, r + 2 * (size_t)c * ldr,
						r_lo ? r_lo + 2 * (size_t)c * ldr : NULL, sum);
		else
			residual_column(uplo, n, a, (size_t)lda, x_hi + x, x_lo + x,
					b + (size_t)c * ldb, r + (size_t)c * ldr,
					r_lo ? r_lo + (size_t)c * ldr : NULL, sum);
	}
	free(sum);
}

/* The rectangular residual of least squares: each output element's sum in
 * the same three parts, the error words gathered in DD (subtract_gathered).
 * trans 'N': row i of A x collects a(i, j) x_j down
 * the columns; 'T': element j of A^T x is column j's sum, a(i, j) x_i. */
void tf_cpu_dd_residual_rectangular(char trans, int m, int n, const double *a, int lda,
				    const double *x_hi, const double *x_lo, const double *b,
				    const double *y_hi, const double *y_lo, double *r, double *r_lo)
{
	const int rows = trans == 'N' ? m : n;
	struct row_sum *sum = malloc(((size_t)rows + 1) * sizeof *sum);
	if (!sum)
		tf_fatal("out of memory for a residual of %d rows", rows);
	for (int i = 0; i < rows; i++) {
		sum[i] = (struct row_sum){ b ? b[i] : 0.0, 0.0, tf_dd_make(0.0, 0.0) };
		if (y_hi)
			subtract_gathered(&sum[i], 1.0, y_hi[i], y_lo[i]);
	}
	for (int j = 0; j < n; j++) {
		const double *column = a + (size_t)j * lda;
		if (trans == 'N')
			for (int i = 0; i < m; i++)
				subtract_gathered(&sum[i], column[i], x_hi[j], x_lo[j]);
		else
			for (int i = 0; i < m; i++)
				subtract_gathered(&sum[j], column[i], x_hi[i], x_lo[i]);
	}
	for (int i = 0; i < rows; i++)
		rounded(&sum[i], &r[i], r_lo ? &r_lo[i] : NULL);
	free(sum);
}
