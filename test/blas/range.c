#include "config.h"

/* Range: dgemm_, dgemv_ and daxpy_ where the exact result is a normal
 * double but sums of products formed before alpha is applied are not
 * (test/blas/harness.h for the modes).
 *
 *  - alpha 1e300, A 1e-200, B (x) 1e-150: products underflow, the result is
 *    about 1e-50; alpha 1e-300 with A 1e200, B 1e150: products overflow,
 *    the result is about 1e50; with beta C of the same size or not;
 *  - rows of A and columns of B (A and x) scaled by powers of two far
 *    apart, alpha 2^+-100: products from 2^-1000 up, results normal;
 *  - rows of A (a GEMV's lines) from the subnormals to 2^-960, B (x)
 *    near 1, as LAPACK's testers scale their matrices: products whose low
 *    parts, or all of them, underflow (the kernels' second look, or the
 *    bound that makes it needless: tf_dd_range_underflow_harmless);
 *  - the reference's intermediate alpha B(l, j) (alpha x(j), alpha x(i))
 *    overflows while the exact result is finite: dd mode must give the
 *    finite exact value (the README's rule: an element finite in DD keeps
 *    its DD value).
 * In dd mode every element meets the accuracy criterion (exact.h); in cpu
 * mode every element is the reference's, bit for bit, and the reference
 * fails the criterion somewhere for each routine (it sums before applying
 * alpha for op(A) = A^T, and overflows in alpha B). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/blas/exact.h"
#include "test/blas/harness.h"
#include "test/f77_blas.h"

#define MAX_M 140
#define MAX_K 300

typedef void (*dgemm_fn)(const char *, const char *, const int *, const int *, const int *,
			 const double *, const double *, const int *, const double *, const int *,
			 const double *, double *, const int *, size_t, size_t);
typedef void (*dgemv_fn)(const char *, const int *, const int *, const double *, const double *,
			 const int *, const double *, const int *, const double *, double *,
			 const int *, size_t);
typedef void (*daxpy_fn)(const int *, const double *, const double *, const int *, double *,
			 const int *);

static struct ex_sum sum;
static double a[MAX_M * MAX_K], b[MAX_K * MAX_M], c[MAX_M * MAX_M], c0[MAX_M * MAX_M],
	cref[MAX_M * MAX_M];

/* A random significand in [1, 2) with a random sign, times scale. */
static double scaled(double scale)
{
	double v = (1.0 + (bh_sym() + 1.0) / 2.0) * scale;
	return bh_int(0, 1) ? v : -v;
}

/* Judges an element: exact = alpha sum terms + beta c (already in sum). */
static void judge(const char *routine, double got, double ref, int k, const char *what, int i,
		  int j)
{
	if (bh_mode == BH_CPU) {
		bh_verdict(routine, bh_same(got, ref), "%s (%d,%d): got %.17g, reference %.17g", what,
			   i, j, got, ref);
		bh_ill_conditioned(routine, isfinite(ref) && ex_judge_sum(&sum, ref, k, NULL));
		return;
	}
	double ulps = 0.0;
	bh_verdict(routine, isfinite(got) && ex_judge_sum(&sum, got, k, &ulps),
		   "%s (%d,%d): got %.17g, %.3g ulps off (reference %.17g)", what, i, j, got, ulps,
		   ref);
}

/* kinds of data */
enum { TINY, HUGE, SPREAD, OVERFLOW_ALPHA, NEAR_UNDERFLOW };

/* Per kind: A's elements (sa), B's or x's (sb) and beta C's (result)
 * scales; SPREAD and NEAR_UNDERFLOW also scale rows and columns by powers
 * of two. */
static const struct {
	double sa, sb, result;
} scales[] = {
	[TINY] = { 1e-200, 1e-150, 1e-50 },  [HUGE] = { 1e200, 1e150, 1e50 },
	[SPREAD] = { 1.0, 1.0, 1.0 },        [OVERFLOW_ALPHA] = { 1e-20, 1e10, 1e290 },
	[NEAR_UNDERFLOW] = { 1.0, 1.0, 1.0 },
};

/* NEAR_UNDERFLOW: as LAPACK's testers scale their matrices, A's rows (a
 * GEMV's lines) with exponents from the subnormals up to 2^-960, B's
 * columns (x) and alpha (-1) near 1, so that many products' low parts, and
 * some products, are lost to underflow in DD while the results are mostly
 * normal doubles. */
static int line_exponent(int kind)
{
	return kind == NEAR_UNDERFLOW ? bh_int(-1030, -960) : 0;
}

static void gemm_case(char ta, char tb, int m, int n, int k, int kind, double beta)
{
	static dgemm_fn ref_dgemm;
	if (!ref_dgemm)
		ref_dgemm = (dgemm_fn)bh_reference("dgemm_");
	int a_rows = ta == 'N' ? m : k, a_cols = ta == 'N' ? k : m;
	int b_rows = tb == 'N' ? k : n, b_cols = tb == 'N' ? n : k;
	int lda = a_rows + 1, ldb = b_rows + 2, ldc = m + 1;
	double alpha = kind == TINY ? 1e300 : kind == HUGE ? 1e-300 : kind == SPREAD ? 0x1p100
		     : kind == NEAR_UNDERFLOW ? -1.0 : 1e300;
	int row_exp[MAX_M], col_exp[MAX_M];
	for (int i = 0; i < m; i++)
		row_exp[i] = kind == SPREAD ? bh_int(-500, 500) : line_exponent(kind);
	for (int j = 0; j < n; j++)
		col_exp[j] = kind == SPREAD ? bh_int(-420, 420) - 200
			   : kind == NEAR_UNDERFLOW ? bh_int(-3, 3) : 0;
	double sa = scales[kind].sa, sb = scales[kind].sb;
	for (int i = 0; i < m; i++)
		for (int l = 0; l < k; l++) {
			double v = ldexp(scaled(sa), row_exp[i]);
			if (ta == 'N')
				a[i + (size_t)l * lda] = v;
			else
				a[l + (size_t)i * lda] = v;
		}
	for (int l = 0; l < k; l++)
		for (int j = 0; j < n; j++) {
			double v = ldexp(scaled(sb), col_exp[j]);
			if (tb == 'N')
				b[l + (size_t)j * ldb] = v;
			else
				b[j + (size_t)l * ldb] = v;
		}
	/* beta C about the size of the result, or 0 */
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			c0[i + (size_t)j * ldc] =
				beta == 0.0 ? NAN
					    : ldexp(scaled(scales[kind].result),
						    row_exp[i] + col_exp[j] + (kind == SPREAD ? 100 : 0));
	(void)a_cols, (void)b_cols;
	memcpy(c, c0, sizeof(double) * (size_t)ldc * n);
	memcpy(cref, c0, sizeof(double) * (size_t)ldc * n);
	char sta[2] = { ta, 0 }, stb[2] = { tb, 0 };
	dgemm_(sta, stb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1);
	ref_dgemm(sta, stb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, cref, &ldc, 1, 1);
	char what[120];
	static const char *const names[] = { "tiny products", "huge products", "spread rows and columns",
					     "alpha B overflows", "rows near underflow" };
	snprintf(what, sizeof what, "dgemm %c%c m=%d n=%d k=%d %s beta=%g", ta, tb, m, n, k,
		 names[kind], beta);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			ex_sum_reset(&sum);
			for (int l = 0; l < k; l++) {
				double ail = ta == 'N' ? a[i + (size_t)l * lda] : a[l + (size_t)i * lda];
				double blj = tb == 'N' ? b[l + (size_t)j * ldb] : b[j + (size_t)l * ldb];
				ex_sum_add(&sum, alpha, ail, blj);
			}
			if (beta != 0.0)
				ex_sum_add(&sum, beta, c0[i + (size_t)j * ldc], 1.0);
			judge("dgemm", c[i + (size_t)j * ldc], cref[i + (size_t)j * ldc], k, what, i, j);
		}
}

static void gemv_case(char t, int m, int n, int incx, int incy, int kind, double beta)
{
	static dgemv_fn ref_dgemv;
	if (!ref_dgemv)
		ref_dgemv = (dgemv_fn)bh_reference("dgemv_");
	int lda = m + 1, lenx = t == 'N' ? n : m, leny = t == 'N' ? m : n;
	double alpha = kind == TINY ? 1e300 : kind == HUGE ? 1e-300 : kind == SPREAD ? 0x1p-100
		     : kind == NEAR_UNDERFLOW ? -1.0 : 1e300;
	double sa = scales[kind].sa, sx = scales[kind].sb;
	int line_exp[MAX_M];
	for (int i = 0; i < leny; i++)
		line_exp[i] = kind == SPREAD ? bh_int(-900, 900) : line_exponent(kind);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			a[i + (size_t)j * lda] = ldexp(scaled(sa), line_exp[t == 'N' ? i : j]);
	double *x = b, *y = c, *y0 = c0, *yref = cref;
	int sx_span = 1 + (lenx - 1) * abs(incx), sy_span = 1 + (leny - 1) * abs(incy);
	for (int s = 0; s < sx_span; s++)
		x[s] = NAN;
	for (int i = 0; i < lenx; i++)
		x[incx > 0 ? i * incx : (lenx - 1 - i) * -incx] = scaled(sx);
	for (int s = 0; s < sy_span; s++)
		y0[s] = NAN;
	for (int i = 0; i < leny; i++)
		y0[incy > 0 ? i * incy : (leny - 1 - i) * -incy] =
			beta == 0.0 ? NAN
				    : ldexp(scaled(scales[kind].result),
					    line_exp[i] - (kind == SPREAD ? 100 : 0));
	memcpy(y, y0, sizeof(double) * (size_t)sy_span);
	memcpy(yref, y0, sizeof(double) * (size_t)sy_span);
	char st[2] = { t, 0 };
	dgemv_(st, &m, &n, &alpha, a, &lda, x, &incx, &beta, y, &incy, 1);
	ref_dgemv(st, &m, &n, &alpha, a, &lda, x, &incx, &beta, yref, &incy, 1);
	char what[120];
	snprintf(what, sizeof what, "dgemv %c m=%d n=%d incx=%d incy=%d kind=%d beta=%g", t, m, n,
		 incx, incy, kind, beta);
	for (int i = 0; i < leny; i++) {
		long at = incy > 0 ? (long)i * incy : (long)(leny - 1 - i) * -incy;
		ex_sum_reset(&sum);
		for (int l = 0; l < lenx; l++) {
			double al = t == 'N' ? a[i + (size_t)l * lda] : a[l + (size_t)i * lda];
			ex_sum_add(&sum, alpha, al, x[incx > 0 ? l * incx : (lenx - 1 - l) * -incx]);
		}
		if (beta != 0.0)
			ex_sum_add(&sum, beta, y0[at], 1.0);
		judge("dgemv", y[at], yref[at], lenx, what, i, 0);
	}
}

/* alpha x(i) overflows, y(i) brings the exact sum back below 2^1024:
 * x = +-s 2^1020 with s in [1.1, 1.5), alpha = 16, y of the other sign and
 * magnitude (s - 0.95 + 0.4 u) 2^1024, u in [0, 1). */
static void axpy_case(int incx)
{
	static daxpy_fn ref_daxpy;
	if (!ref_daxpy)
		ref_daxpy = (daxpy_fn)bh_reference("daxpy_");
	int n = 37, incy = 1;
	double alpha = 16.0, *x = a, *y = c, *yref = cref;
	for (int i = 0; i < n * abs(incx); i++)
		x[i] = NAN;
	for (int i = 0; i < n; i++) {
		double s = 1.1 + 0.4 * (bh_sym() + 1.0) / 2.0, u = (bh_sym() + 1.0) / 2.0;
		double sign = bh_int(0, 1) ? 1.0 : -1.0;
		x[incx > 0 ? i * incx : (n - 1 - i) * -incx] = sign * ldexp(s, 1020);
		c0[i] = -sign * ldexp(s - 0.95 + 0.4 * u, 1024);
	}
	memcpy(y, c0, sizeof(double) * n);
	memcpy(yref, c0, sizeof(double) * n);
	daxpy_(&n, &alpha, x, &incx, y, &incy);
	ref_daxpy(&n, &alpha, x, &incx, yref, &incy);
	char what[80];
	snprintf(what, sizeof what, "daxpy n=%d incx=%d, alpha x overflows", n, incx);
	for (int i = 0; i < n; i++) {
		ex_sum_reset(&sum);
		ex_sum_add(&sum, alpha, x[incx > 0 ? i * incx : (n - 1 - i) * -incx], 1.0);
		ex_sum_add(&sum, c0[i], 1.0, 1.0);
		judge("daxpy", y[i], yref[i], 2, what, i, 0);
	}
}

int main(int argc, char **argv)
{
	bh_start(argc, argv, "dd|cpu");
	ex_sum_init(&sum, 2 * MAX_K + 2);
	static const char trans[] = { 'N', 'T' };
	static const int shapes[][3] = { { 3, 2, 4 }, { 7, 5, 9 }, { 20, 9, 300 }, { 133, 4, 17 } };
	for (int kind = TINY; kind <= NEAR_UNDERFLOW; kind++)
		for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
			for (int ta = 0; ta < 2; ta++)
				for (int tb = 0; tb < 2; tb++)
					for (int bz = 0; bz < 2; bz++)
						gemm_case(trans[ta], trans[tb], shapes[s][0], shapes[s][1],
							  shapes[s][2], kind, bz ? 0.0 : 1.0);
	static const int vshapes[][2] = { { 5, 3 }, { 9, 40 }, { 130, 70 } };
	static const int vincs[][2] = { { 1, 1 }, { -2, 3 } };
	for (int kind = TINY; kind <= NEAR_UNDERFLOW; kind++)
		for (size_t s = 0; s < sizeof vshapes / sizeof vshapes[0]; s++)
			for (int t = 0; t < 2; t++)
				for (int inc = 0; inc < 2; inc++)
					for (int bz = 0; bz < 2; bz++)
						gemv_case(trans[t], vshapes[s][0], vshapes[s][1],
							  vincs[inc][0], vincs[inc][1], kind, bz ? 0.0 : 1.0);
	axpy_case(1);
	axpy_case(-2);
	ex_sum_clear(&sum);
	return bh_finish();
}
