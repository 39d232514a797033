/* test/lapack/gels.c: LAPACK's dgels_ as libtwofold exports it, run with
 * libtwofold preloaded (test/blas/run.sh), in its four cases (trans 'N' and
 * 'T', m > n and m < n: least squares and minimum norm):
 *   dd   on A of condition 1 to 1e14, every component of the solution is
 *        the exact least-squares (minimum-norm) solution of the stored data
 *        (MPFR, 1024 bits, normal equations) rounded to nearest: no error
 *        at all, the refinement's convergence test leaving an error far
 *        below half an ulp (at 1e15 a step gains too little: not tested);
 *        for least squares the sum of squares of B's rows min(m, n) + 1 to
 *        max(m, n) is the exact residual's ||r||^2 to 1e-12 + (cond u)^2
 *        of itself; A and work(1) are the reference's bit for bit,
 *        and INFO; beyond 1/u (condition 1e16 to 1e24, ill_problem), where
 *        T is factored again in DD, every component within 1 ulp of the
 *        exact solution
 *   cpu  every result is the reference's bit for bit, and the reference's
 *        solutions fail the criterion from condition 1e8 on, and beyond 1/u
 * In both: rank-deficient A (INFO > 0), NaN and Inf, A = 0, A or B scaled
 * by dgels_, m, n or nrhs = 0 give what the reference gives; illegal
 * arguments give LAPACK's INFO and reach the program's xerbla_; the
 * workspace query answers as the reference's; nothing outside A, B and
 * work is written.  The reference is the program's LAPACK opened apart
 * (test/lapack/reference.h), its BLAS the reference BLAS. */
#include <dlfcn.h>
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/blas/harness.h"
#include "test/ill_conditioned.h"
#include "test/lapack/reference.h"
#include "test/splitmix64.h"

typedef void gels_fn(const char *trans, const int *m, const int *n, const int *nrhs, double *a,
		     const int *lda, double *b, const int *ldb, double *work, const int *lwork,
		     int *info, size_t trans_len);
extern gels_fn dgels_;
static gels_fn *reference_gels;

#define PRECISION 1024 /* bits of the MPFR solves: exact far beyond condition^2 1e24 */
#define PAD 3          /* doubles of NaN after each array */

/* The program's own xerbla_: what the last illegal argument reported. */
static char xerbla_name[8];
static int xerbla_info;
void xerbla_(const char *name, const int *info, size_t length)
{
	snprintf(xerbla_name, sizeof xerbla_name, "%.*s", (int)(length < 6 ? length : 6), name);
	xerbla_info = *info;
}

static void open_reference_lapack(void)
{
	reference_gels = (gels_fn *)dlsym(reference_lapack_open(), "dgels_");
	if (!reference_gels) {
		printf("the reference LAPACK lacks dgels_\n");
		exit(99);
	}
}

static double *padded(size_t size)
{
	double *v = malloc((size + PAD) * sizeof *v);
	for (size_t i = 0; i < size + PAD; i++)
		v[i] = NAN;
	return v;
}

static int same(const double *x, const double *y, size_t count)
{
	for (size_t i = 0; i < count; i++)
		if (!bh_same(x[i], y[i]))
			return 0;
	return 1;
}

/* A random unit vector. */
static void unit_vector(int n, double *u)
{
	double norm = 0.0;
	for (int i = 0; i < n; i++) {
		u[i] = 2.0 * splitmix64_unif(&bh_rng) - 1.0;
		norm += u[i] * u[i];
	}
	for (int i = 0; i < n; i++)
		u[i] /= sqrt(norm);
}

/* a (m x n, leading dimension lda) = (I - 2 u u^T) diag(s) (I - 2 v v^T),
 * u of m and v of n elements: singular values s from 1 to 1 / cond. */
static void conditioned_matrix(int m, int n, double cond, double *a, int lda)
{
	const int q = m < n ? m : n;
	double *u = malloc(((size_t)m + n + q) * sizeof *u + 1), *v = u + m, *s = v + n;
	unit_vector(m, u);
	unit_vector(n, v);
	for (int k = 0; k < q; k++)
		s[k] = q > 1 ? pow(cond, -(double)k / (q - 1)) : 1.0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			double e = 0.0;
			for (int k = 0; k < q; k++)
				e += ((i == k) - 2.0 * u[i] * u[k]) * s[k] * ((j == k) - 2.0 * v[j] * v[k]);
			a[(size_t)j * lda + i] = e;
		}
	free(u);
}

/* The exact solution of the problem op(A) x = b (p x q, op(A) = A or A^T)
 * in MPFR, rounded: least squares (p > q) by the normal equations
 * M^T M x = M^T b, minimum norm (p < q) as x = M^T y, M M^T y = b; and for
 * least squares ||b - M x||^2 rounded into *rss. */
static void exact_solution(char trans, int m, int n, const double *a, int lda, const double *b,
			   double *x, double *rss)
{
	const int p = trans == 'N' ? m : n, q = trans == 'N' ? n : m;
	const int ls = p >= q, k = ls ? q : p; /* the normal equations' order */
	mpfr_t *g = malloc(((size_t)k * (k + 1) + q) * sizeof *g), t, f;
	mpfr_t *y = g + (size_t)k * k, *xs = y + k;
	mpfr_inits2(PRECISION, t, f, (mpfr_ptr)0);
	for (int i = 0; i < k * (k + 1) + q; i++)
		mpfr_init2(g[i], PRECISION), mpfr_set_zero(g[i], 1);
#define M(i, j) (trans == 'N' ? a[(size_t)(j) * lda + (i)] : a[(size_t)(i) * lda + (j)])
	for (int i = 0; i < k; i++) {
		for (int j = 0; j < k; j++) /* (M^T M)_ij or (M M^T)_ij */
			for (int l = 0; l < (ls ? p : q); l++) {
				mpfr_set_d(t, ls ? M(l, i) : M(i, l), MPFR_RNDN);
				mpfr_mul_d(t, t, ls ? M(l, j) : M(j, l), MPFR_RNDN);
				mpfr_add(g[(size_t)i * k + j], g[(size_t)i * k + j], t, MPFR_RNDN);
			}
		if (ls)
			for (int l = 0; l < p; l++) {
				mpfr_set_d(t, M(l, i), MPFR_RNDN);
				mpfr_mul_d(t, t, b[l], MPFR_RNDN);
				mpfr_add(y[i], y[i], t, MPFR_RNDN);
			}
		else
			mpfr_set_d(y[i], b[i], MPFR_RNDN);
	}
	for (int c = 0; c < k; c++) { /* positive definite: no pivoting */
		for (int i = c + 1; i < k; i++) {
			mpfr_div(f, g[(size_t)i * k + c], g[(size_t)c * k + c], MPFR_RNDN);
			for (int j = c; j < k; j++) {
				mpfr_mul(t, f, g[(size_t)c * k + j], MPFR_RNDN);
				mpfr_sub(g[(size_t)i * k + j], g[(size_t)i * k + j], t, MPFR_RNDN);
			}
			mpfr_mul(t, f, y[c], MPFR_RNDN);
			mpfr_sub(y[i], y[i], t, MPFR_RNDN);
		}
	}
	for (int i = k - 1; i >= 0; i--) {
		for (int j = i + 1; j < k; j++) {
			mpfr_mul(t, g[(size_t)i * k + j], y[j], MPFR_RNDN);
			mpfr_sub(y[i], y[i], t, MPFR_RNDN);
		}
		mpfr_div(y[i], y[i], g[(size_t)i * k + i], MPFR_RNDN);
	}
	for (int j = 0; j < q; j++) {
		if (ls)
			mpfr_set(xs[j], y[j], MPFR_RNDN);
		else
			for (int l = 0; l < p; l++) { /* x = M^T y */
				mpfr_mul_d(t, y[l], M(l, j), MPFR_RNDN);
				mpfr_add(xs[j], xs[j], t, MPFR_RNDN);
			}
		x[j] = mpfr_get_d(xs[j], MPFR_RNDN);
	}
	if (ls) {
		mpfr_set_zero(f, 1);
		for (int i = 0; i < p; i++) {
			mpfr_set_d(t, b[i], MPFR_RNDN);
			for (int j = 0; j < q; j++) {
				mpfr_t mx;
				mpfr_init2(mx, PRECISION);
				mpfr_mul_d(mx, xs[j], M(i, j), MPFR_RNDN);
				mpfr_sub(t, t, mx, MPFR_RNDN);
				mpfr_clear(mx);
			}
			mpfr_sqr(t, t, MPFR_RNDN);
			mpfr_add(f, f, t, MPFR_RNDN);
		}
		*rss = mpfr_get_d(f, MPFR_RNDN);
	}
#undef M
	mpfr_clears(t, f, (mpfr_ptr)0);
	for (int i = 0; i < k * (k + 1) + q; i++)
		mpfr_clear(g[i]);
	free(g);
}

/* Units in the last place of rn between got and rn. */
static double ulps(double got, double rn)
{
	if (got == rn)
		return 0.0;
	double ulp = nextafter(fabs(rn), INFINITY) - fabs(rn);
	return isfinite(got) ? fabs(got - rn) / ulp : INFINITY;
}

/* The workspace dgels_ asks for, with the reference's answer. */
static int workspace(char trans, int m, int n, int nrhs, int lda, int ldb)
{
	double size = 0.0, a = 0.0, b = 0.0;
	int query = -1, info = 0;
	reference_gels(&trans, &m, &n, &nrhs, &a, &lda, &b, &ldb, &size, &query, &info, 1);
	return (int)size;
}

/* One problem: A m x n of condition cond, nrhs right-hand sides,
 * lda = m + extra, ldb = max(m, n) + extra + 1, lwork as below; b = op(A) x + a residual of
 * about 1e-8 of it (least squares), so that ||r||^2 from Q^T b in double
 * would be poor. */
static void one_problem(char trans, int m, int n, int nrhs, int extra, double cond)
{
	const int lda = m + extra, tall = m > n ? m : n, ldb = tall + extra + 1;
	const int p = trans == 'N' ? m : n, q = trans == 'N' ? n : m, wide = m < n ? m : n;
	/* the optimal workspace, or (extra > 0) the least LAPACK allows, which
	 * takes its unblocked factorization */
	const int lwork = extra ? wide + (wide > nrhs ? wide : nrhs)
				: workspace(trans, m, n, nrhs, lda, ldb);
	const size_t a_size = (size_t)lda * n, b_size = (size_t)ldb * nrhs;
	double *a = padded(a_size), *b = padded(b_size), *ra = padded(a_size), *rb = padded(b_size);
	double *work = padded((size_t)lwork), *rwork = padded((size_t)lwork);
	double *exact = malloc((size_t)q * nrhs * sizeof *exact), *rss = malloc((size_t)nrhs * sizeof *rss);
	conditioned_matrix(m, n, cond, a, lda);
	for (int c = 0; c < nrhs; c++) {
		double *bc = b + (size_t)c * ldb;
		for (int i = 0; i < p; i++) {
			double sum = 0.0;
			for (int j = 0; j < q; j++) {
				double x = (1.0 + splitmix64_unif(&bh_rng)) * (splitmix64_unif(&bh_rng) < 0.5 ? -1 : 1);
				sum += (trans == 'N' ? a[(size_t)j * lda + i] : a[(size_t)i * lda + j]) * x;
			}
			bc[i] = sum + (p > q ? 1e-8 * (2.0 * splitmix64_unif(&bh_rng) - 1.0) : 0.0);
		}
		exact_solution(trans, m, n, a, lda, bc, exact + (size_t)c * q, &rss[c]);
	}
	memcpy(ra, a, (a_size + PAD) * sizeof *a);
	memcpy(rb, b, (b_size + PAD) * sizeof *b);
	int info = -99, rinfo = -99;
	dgels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, &info, 1);
	reference_gels(&trans, &m, &n, &nrhs, ra, &lda, rb, &ldb, rwork, &lwork, &rinfo, 1);
	bh_verdict("dgels_", info == rinfo && info == 0, "%c m %d n %d cond %.0e: INFO %d, the "
		   "reference's %d", trans, m, n, cond, info, rinfo);
	bh_verdict("dgels_", same(a, ra, a_size + PAD) && bh_same(work[0], rwork[0]) &&
				     isnan(work[lwork]),
		   "%c m %d n %d cond %.0e: the factors or work(1) differ from the reference's, "
		   "or work written past lwork", trans, m, n, cond);
	if (bh_mode == BH_CPU)
		bh_verdict("dgels_", same(b, rb, b_size + PAD),
			   "%c m %d n %d cond %.0e: B differs from the reference's", trans, m, n, cond);
	double worst = 0.0, worst_rss = 0.0;
	int untouched = 1;
	for (int c = 0; c < nrhs; c++) {
		const double *bc = b + (size_t)c * ldb;
		for (int i = 0; i < q; i++)
			worst = fmax(worst, ulps(bc[i], exact[(size_t)c * q + i]));
		if (p > q) {
			double sum = 0.0;
			for (int i = wide; i < tall; i++)
				sum += bc[i] * bc[i];
			worst_rss = fmax(worst_rss, fabs(sum - rss[c]) / rss[c]);
		}
		for (int i = tall; i < ldb; i++)
			untouched &= isnan(bc[i]);
	}
	for (int i = 0; i < PAD; i++)
		untouched &= isnan(b[b_size + i]);
	bh_verdict("dgels_", untouched, "%c m %d n %d: B written outside its max(m, n) rows", trans,
		   m, n);
	/* Qt^T r of the computed factors: its first rows take about (cond u)^2
	 * of ||r||^2 */
	int met = worst == 0.0 && worst_rss <= 1e-12 + pow(cond * 0x1p-53, 2);
	if (bh_mode == BH_DD)
		bh_verdict("dgels_", met, "%c m %d n %d nrhs %d cond %.0e: %.3g ulps from the exact "
			   "solution rounded, ||r||^2 to %.2g of itself", trans, m, n, nrhs, cond, worst,
			   worst_rss);
	else if (cond >= 1e8 && wide > 1) /* one row or column: condition 1 */
		bh_ill_conditioned("dgels_", met);
	free(exact), free(rss);
	free(a), free(b), free(ra), free(rb), free(work), free(rwork);
}

/* Beyond condition 1/u, where dgels_'s factors do not make the refinement
 * converge and T is factored again in DD: op(A) = M, p x q, built from an
 * exactly stored integer matrix C of order w = min(p, q) and condition
 * about cond (test/ill_conditioned.h) and a random (max(p, q) - w) x w
 * matrix W of one or two entries +-1 a row: least squares (p > q) on
 * M = [C; W C], its rows in random order; minimum norm (p < q) on
 * M = [C, C W^T], its columns in random order.  M's condition is C's
 * within a factor of about sqrt(3) either way.  The exact answer is known
 * and every sum is checked exact (integers below 2^53):
 *   consistent: b = M x for integer x (1 <= |x_i| <= 9), whose least-squares
 *     solution is x itself;
 *   minimum norm: x = [z; W z] (in M's column order) for integer z, which
 *     is M^T y for y = C^-T z (C nonsingular), so the minimum-norm solution
 *     of M x = b for b = M x = C (z + W^T W z) (drawn again until no x_i is 0);
 *   inconsistent (least squares): b = M x + a residual of about 1e-4 of
 *     b's elements, against the MPFR solve of the normal equations.
 * In dd mode every component within 1 ulp of the exact answer rounded; A
 * and work(1) the reference's bit for bit, and INFO. */
static void ill_problem(char trans, int tall, int wide, int nrhs, double cond, int inconsistent,
			int least_squares)
{
	const int p = least_squares ? tall : wide, q = least_squares ? wide : tall;
	const int m = trans == 'N' ? p : q, n = trans == 'N' ? q : p;
	const int lda = m + 1, ldb = tall + 2, extra = tall - wide;
	const int lwork = workspace(trans, m, n, nrhs, lda, ldb);
	const size_t a_size = (size_t)lda * n, b_size = (size_t)ldb * nrhs;
	double *a = padded(a_size), *b = padded(b_size), *ra = padded(a_size), *rb = padded(b_size);
	double *work = padded((size_t)lwork), *rwork = padded((size_t)lwork);
	double *c = malloc((size_t)wide * wide * sizeof *c), *mm = malloc((size_t)p * q * sizeof *mm);
	double *exact = malloc((size_t)q * nrhs * sizeof *exact), rss;
	int *w = malloc(((size_t)2 * extra + tall + 1) * sizeof *w), *order = w + 2 * extra;
	long double *x = malloc(((size_t)q + p + wide) * sizeof *x), *bx = x + q, *z = bx + p;
	/* w[2k], w[2k+1]: row k of W, +-(index + 1) of its entries (0: none) */
	for (int exact_sums = 0; !exact_sums;) {
		ill_conditioned_matrix(wide, 1, cond, 0, c, wide, &bh_rng);
		for (int k = 0; k < extra; k++) {
			w[2 * k] = (1 + splitmix64_int(&bh_rng, 0, wide - 1)) *
				   (splitmix64_unif(&bh_rng) < 0.5 ? -1 : 1);
			int second = 1 + splitmix64_int(&bh_rng, 0, wide - 1);
			w[2 * k + 1] = second == abs(w[2 * k]) || splitmix64_unif(&bh_rng) < 0.5
					       ? 0 : second * (splitmix64_unif(&bh_rng) < 0.5 ? -1 : 1);
		}
		for (int i = 0; i < tall; i++)
			order[i] = i;
		for (int i = tall - 1; i > 0; i--) {
			int k = splitmix64_int(&bh_rng, 0, i), t = order[i];
			order[i] = order[k], order[k] = t;
		}
		/* M: row (least squares) or column (minimum norm) order[r] of M is
		 * row (column) r of [C; W C] ([C, C W^T]) */
		exact_sums = 1;
		for (int r = 0; r < tall; r++)
			for (int k = 0; k < wide; k++) {
				long double e = 0.0L;
				for (int t = 0; t < (r < wide ? 1 : 2); t++) {
					const int entry = r < wide ? r + 1 : w[2 * (r - wide) + t];
					const int at = abs(entry) - 1;
					if (entry)
						e += (entry > 0 ? 1 : -1) *
						     (long double)(least_squares ? c[(size_t)k * wide + at]
										 : c[(size_t)at * wide + k]);
				}
				exact_sums &= fabsl(e) < 0x1p53L;
				if (least_squares)
					mm[(size_t)k * p + order[r]] = (double)e;
				else
					mm[(size_t)order[r] * p + k] = (double)e;
			}
		for (int j = 0; j < n; j++) /* A = M or M^T */
			for (int i = 0; i < m; i++)
				a[(size_t)j * lda + i] = trans == 'N' ? mm[(size_t)j * p + i]
								      : mm[(size_t)i * p + j];
		/* drawn again where LAPACK's factorization in double meets an exactly
		 * zero diagonal element (INFO > 0: left to LAPACK, not refined) */
		int rinfo = 0;
		memcpy(ra, a, (a_size + PAD) * sizeof *a);
		for (size_t i = 0; i < b_size; i++)
			rb[i] = 1.0;
		reference_gels(&trans, &m, &n, &nrhs, ra, &lda, rb, &ldb, rwork, &lwork, &rinfo, 1);
		exact_sums &= rinfo == 0;
	}
	for (int col = 0; col < nrhs; col++) {
		double *bc = b + (size_t)col * ldb, *xc = exact + (size_t)col * q;
		for (int fits = 0; !fits;) {
			if (least_squares)
				for (int j = 0; j < q; j++)
					x[j] = splitmix64_int(&bh_rng, 1, 9) *
					       (splitmix64_unif(&bh_rng) < 0.5 ? -1 : 1);
			else { /* x = [z; W z], in M's column order */
				for (int k = 0; k < wide; k++)
					z[k] = splitmix64_int(&bh_rng, -9, 9);
				for (int r = 0; r < tall; r++) {
					long double e = 0.0L;
					for (int t = 0; t < (r < wide ? 1 : 2); t++) {
						const int entry = r < wide ? r + 1 : w[2 * (r - wide) + t];
						if (entry)
							e += (entry > 0 ? 1 : -1) * z[abs(entry) - 1];
					}
					x[order[r]] = e;
				}
			}
			fits = 1;
			for (int j = 0; j < q; j++) /* no zero component: its ulp is a subnormal's */
				fits &= x[j] != 0.0L;
			for (int i = 0; i < p; i++) {
				bx[i] = 0.0L;
				for (int j = 0; j < q; j++)
					bx[i] += (long double)mm[(size_t)j * p + i] * x[j];
				fits &= fabsl(bx[i]) < 0x1p53L;
			}
		}
		for (int i = 0; i < p; i++)
			bc[i] = (double)bx[i] + (inconsistent ? 1e-4 * fabs((double)bx[i]) *
								(2.0 * splitmix64_unif(&bh_rng) - 1.0) : 0.0);
		if (inconsistent)
			exact_solution(trans, m, n, a, lda, bc, xc, &rss);
		else
			for (int j = 0; j < q; j++)
				xc[j] = (double)x[j];
	}
	memcpy(ra, a, (a_size + PAD) * sizeof *a);
	memcpy(rb, b, (b_size + PAD) * sizeof *b);
	int info = -99, rinfo = -99;
	dgels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, &info, 1);
	reference_gels(&trans, &m, &n, &nrhs, ra, &lda, rb, &ldb, rwork, &lwork, &rinfo, 1);
	bh_verdict("dgels_", info == rinfo && info == 0 && same(a, ra, a_size + PAD) &&
				     bh_same(work[0], rwork[0]),
		   "%c m %d n %d cond %.0e: INFO %d (the reference's %d), or the factors or "
		   "work(1) not the reference's", trans, m, n, cond, info, rinfo);
	double worst = 0.0;
	for (int col = 0; col < nrhs; col++)
		for (int i = 0; i < q; i++)
			worst = fmax(worst, ulps(b[(size_t)col * ldb + i], exact[(size_t)col * q + i]));
	const int met = worst <= 1.0;
	if (bh_mode == BH_DD)
		bh_verdict("dgels_", met, "%c m %d n %d nrhs %d cond %.0e%s: %.3g ulps from the exact "
			   "solution rounded", trans, m, n, nrhs, cond,
			   inconsistent ? " (inconsistent)" : "", worst);
	else
		bh_ill_conditioned("dgels_", met);
	free(x), free(w), free(exact), free(mm), free(c);
	free(a), free(b), free(ra), free(rb), free(work), free(rwork);
}

/* What the refinement leaves to LAPACK: a zero column (m >= n) or row
 * (m < n), INFO > 0 (kind 1); NaN in A (2); Inf in B (3); A = 0 (4); A of
 * 1e-300 (5) and B of 1e300 (6), which dgels_ scales; m, n or nrhs = 0
 * (kind 0): the reference's results, bit for bit, in every mode. */
static void as_the_reference(char trans, int m, int n, int nrhs, int kind)
{
	const int lda = m > 0 ? m : 1, tall = m > n ? m : n, ldb = tall > 0 ? tall : 1;
	const int lwork = workspace(trans, m, n, nrhs, lda, ldb);
	const size_t a_size = (size_t)lda * (n > 0 ? n : 1), b_size = (size_t)ldb * (nrhs > 0 ? nrhs : 1);
	double *a = padded(a_size), *b = padded(b_size), *ra = padded(a_size), *rb = padded(b_size);
	double *work = padded((size_t)lwork), *rwork = padded((size_t)lwork);
	conditioned_matrix(m, n, 10.0, a, lda);
	for (int c = 0; c < nrhs; c++)
		for (int i = 0; i < tall; i++)
			b[(size_t)c * ldb + i] = bh_sym();
	if (kind == 1 && m > 2 && n > 2)
		for (int k = 0; k < (m >= n ? m : n); k++) /* column 2 or row 2 zero */
			a[m >= n ? 2 * (size_t)lda + k : (size_t)k * lda + 2] = 0.0;
	if (kind == 2 && m > 1 && n > 1)
		a[lda + 1] = NAN;
	if (kind == 3 && nrhs > 0 && tall > 1)
		b[1] = INFINITY;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			a[(size_t)j * lda + i] *= kind == 4 ? 0.0 : kind == 5 ? 1e-300 : 1.0;
	for (int c = 0; c < nrhs && kind == 6; c++)
		for (int i = 0; i < tall; i++)
			b[(size_t)c * ldb + i] *= 1e300;
	memcpy(ra, a, (a_size + PAD) * sizeof *a);
	memcpy(rb, b, (b_size + PAD) * sizeof *b);
	int info = -99, rinfo = -99;
	dgels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, &info, 1);
	reference_gels(&trans, &m, &n, &nrhs, ra, &lda, rb, &ldb, rwork, &lwork, &rinfo, 1);
	bh_verdict("dgels_", info == rinfo && same(a, ra, a_size + PAD) &&
				     same(b, rb, b_size + PAD) && bh_same(work[0], rwork[0]) &&
				     (kind != 1 || m < 3 || n < 3 || info == 3),
		   "%c m %d n %d nrhs %d case %d: INFO %d (the reference's %d), or A, B or work(1) "
		   "not the reference's", trans, m, n, nrhs, kind, info, rinfo);
	free(a), free(b), free(ra), free(rb), free(work), free(rwork);
}

/* A of full rank whose QR (LQ) in double meets an exact zero on the
 * diagonal: A = [2^-60 0; 1 1; 0 0] (stored as it is, or transposed: 2 x 3),
 * whose first reflector maps the second column exactly onto e1 (found by a
 * search over small matrices with the reference LAPACK).  dgels_ returns
 * INFO = 2 and no solution; in dd mode the QR in DD finds R(2,2) near 2^-60
 * and the exact answer: x = (1, 2) for the least-squares problem with b =
 * (2^-60, 3, 5), x = (2^60, 1, 0) for the minimum-norm one with b = (2, 1).
 * INFO, A and work(1) stay dgels_'s.  Where the reference LAPACK in use
 * does not meet the zero, there is nothing to test. */
static void exact_zero_in_double(char trans, int transposed)
{
	const int m = transposed ? 2 : 3, n = transposed ? 3 : 2, lda = m, ldb = 3, nrhs = 1;
	const int least_squares = (trans == 'N') == (m >= n);
	const int lwork = workspace(trans, m, n, nrhs, lda, ldb);
	double *a = padded(6), *b = padded(3), *ra = padded(6), *rb = padded(3);
	double *work = padded((size_t)lwork), *rwork = padded((size_t)lwork);
	static const double stored[6] = { 0x1p-60, 1.0, 0.0, 0.0, 1.0, 0.0 }; /* 3 x 2, by columns */
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 2; j++)
			a[transposed ? (size_t)i * lda + j : (size_t)j * lda + i] = stored[j * 3 + i];
	const double ls_b[3] = { 0x1p-60, 3.0, 5.0 }, ls_x[2] = { 1.0, 2.0 };
	const double mn_b[2] = { 2.0, 1.0 }, mn_x[3] = { 0x1p60, 1.0, 0.0 };
	for (int i = 0; i < 3; i++)
		b[i] = least_squares ? ls_b[i] : i < 2 ? mn_b[i] : 0.0;
	memcpy(ra, a, (6 + PAD) * sizeof *a);
	memcpy(rb, b, (3 + PAD) * sizeof *b);
	int info = -99, rinfo = -99;
	dgels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, &info, 1);
	reference_gels(&trans, &m, &n, &nrhs, ra, &lda, rb, &ldb, rwork, &lwork, &rinfo, 1);
	if (rinfo != 2) {
		printf("%% dgels_ %c %d x %d: the reference LAPACK gives INFO %d, not 2: no exact zero "
		       "to test\n", trans, m, n, rinfo);
		free(a), free(b), free(ra), free(rb), free(work), free(rwork);
		return;
	}
	int solved = 1;
	for (int i = 0; i < (least_squares ? 2 : 3); i++)
		solved &= b[i] == (least_squares ? ls_x[i] : mn_x[i]);
	const int factors = info == rinfo && same(a, ra, 6 + PAD);
	if (bh_mode == BH_DD)
		bh_verdict("dgels_", factors && solved,
			   "%c %d x %d, exact zero on the diagonal in double: INFO %d (the reference's "
			   "%d)%s; x = (%.17g, %.17g, %.17g), expected the exact %s", trans, m, n, info,
			   rinfo, factors ? "" : ", A not the reference's", b[0], b[1], b[2],
			   least_squares ? "(1, 2)" : "(2^60, 1, 0)");
	else
		bh_verdict("dgels_", factors && same(b, rb, 3 + PAD),
			   "%c %d x %d, exact zero on the diagonal in double: INFO %d (the reference's "
			   "%d), A or B not the reference's", trans, m, n, info, rinfo);
	free(a), free(b), free(ra), free(rb), free(work), free(rwork);
}

/* Each illegal argument: LAPACK's INFO and the program's xerbla_. */
static void illegal_arguments(void)
{
	double a[64] = { 0 }, b[64] = { 0 }, work[64];
	static const struct {
		char trans;
		int m, n, nrhs, lda, ldb, lwork, parameter;
	} cases[] = {
		{ 'X', 3, 2, 1, 3, 3, 64, 1 }, { 'C', 3, 2, 1, 3, 3, 64, 1 },
		{ 'N', -1, 2, 1, 1, 3, 64, 2 }, { 't', 3, -1, 1, 3, 3, 64, 3 },
		{ 'n', 3, 2, -1, 3, 3, 64, 4 }, { 'T', 3, 2, 1, 2, 3, 64, 6 },
		{ 'N', 0, 2, 1, 0, 2, 64, 6 }, { 'N', 2, 3, 1, 2, 2, 64, 8 },
		{ 'T', 3, 2, 1, 3, 2, 64, 8 }, { 'N', 3, 2, 1, 3, 3, 3, 10 },
		{ 'T', 2, 3, 4, 2, 3, 5, 10 }, { 'N', 0, 0, 0, 1, 1, 0, 10 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int info = 0;
		xerbla_name[0] = 0, xerbla_info = 0;
		dgels_(&cases[i].trans, &cases[i].m, &cases[i].n, &cases[i].nrhs, a, &cases[i].lda, b,
		       &cases[i].ldb, work, &cases[i].lwork, &info, 1);
		bh_verdict("dgels_", info == -cases[i].parameter &&
					     xerbla_info == cases[i].parameter &&
					     strcmp(xerbla_name, "DGELS ") == 0,
			   "illegal parameter %d: INFO %d, xerbla_ heard '%s' %d", cases[i].parameter,
			   info, xerbla_name, xerbla_info);
	}
}

/* lwork = -1: INFO 0, work(1) the reference's, A and B as they were. */
static void workspace_query(char trans, int m, int n, int nrhs)
{
	double a[64], b[64], ra[64], rb[64], work[2] = { -1.0, NAN }, rwork[2] = { -1.0, NAN };
	int query = -1, info = -99, rinfo = -99, lda = m, ldb = m > n ? m : n;
	for (int i = 0; i < 64; i++)
		ra[i] = a[i] = bh_sym(), rb[i] = b[i] = bh_sym();
	dgels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &query, &info, 1);
	reference_gels(&trans, &m, &n, &nrhs, ra, &lda, rb, &ldb, rwork, &query, &rinfo, 1);
	bh_verdict("dgels_", info == 0 && rinfo == 0 && work[0] == rwork[0] && isnan(work[1]) &&
				     same(a, ra, 64) && same(b, rb, 64),
		   "workspace query %c m %d n %d: INFO %d, work(1) %g; the reference's %d, %g", trans,
		   m, n, info, work[0], rinfo, rwork[0]);
}

int main(int argc, char **argv)
{
	bh_start(argc, argv, "dd|cpu");
	open_reference_lapack();
	static const double conds[] = { 1.0, 1e4, 1e8, 1e12, 1e14 };
	static const int shapes[][2] = { { 9, 4 }, { 4, 9 }, { 40, 17 }, { 17, 40 }, { 5, 5 }, { 3, 1 },
					      { 1, 3 }, { 1, 1 } };
	for (int t = 0; t < 2; t++) {
		const char trans = t ? 'T' : 'N';
		for (size_t c = 0; c < sizeof conds / sizeof conds[0]; c++)
			for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
				one_problem(trans, shapes[s][0], shapes[s][1], 1, 0, conds[c]);
				one_problem(trans, shapes[s][0], shapes[s][1], 3, 2, conds[c]);
			}
		for (int kind = 1; kind <= 6; kind++) {
			as_the_reference(trans, 7, 4, 2, kind);
			as_the_reference(trans, 4, 7, 2, kind);
		}
		as_the_reference(trans, 0, 3, 2, 0);
		as_the_reference(trans, 3, 0, 2, 0);
		as_the_reference(trans, 4, 3, 0, 0);
		workspace_query(trans, 6, 3, 2);
		workspace_query(trans, 3, 6, 5);
		static const double ill_conds[] = { 1e16, 1e20, 1e24 };
		/* (120 x 50: the QR in DD shares its trailing columns among threads) */
		static const int ill_shapes[][2] = { { 5, 2 }, { 9, 4 }, { 40, 17 }, { 120, 50 } };
		for (size_t c = 0; c < sizeof ill_conds / sizeof ill_conds[0]; c++)
			for (size_t s = 0; s < sizeof ill_shapes / sizeof ill_shapes[0]; s++)
				for (int ls = 0; ls < 2; ls++)
					ill_problem(trans, ill_shapes[s][0], ill_shapes[s][1], s % 2 ? 3 : 1,
						    ill_conds[c], 0, ls);
		ill_problem(trans, 9, 4, 2, 1e16, 1, 1);
		exact_zero_in_double(trans, 0);
		exact_zero_in_double(trans, 1);
	}
	illegal_arguments();
	return bh_finish();
}
