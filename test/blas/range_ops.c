#include "config.h"

/* Range beyond the products (test/blas/range.c has dgemm, dgemv, daxpy):
 * the routines whose exact result is a normal double while DD's
 * intermediate values are not (test/blas/harness.h for the modes).
 *
 *  - ddot, zdotu, zdotc, and the triangular products dtrmv, dtbmv, dtpmv,
 *    ztrmv, ztbmv, ztpmv (every uplo, trans, diag): each result is a sum
 *    of products near 2^1025, which overflow, that cancel to a normal
 *    double (an ill-conditioned dot product scaled up);
 *  - the rank updates dger, zgeru, zgerc, dsyr, dspr, zher, zhpr, dsyr2,
 *    dspr2, zher2, zhpr2: alpha 2^+-600 and vectors with exponents
 *    +-500, so that alpha y(j) (alpha x(j)) overflows or underflows while
 *    C + alpha x(i) y(j) is normal (and elements whose exact value is
 *    beyond double's range, which must be the reference's);
 *  - drot, zdrot, drotm, zscal, zaxpy: two products near 2^1024 that
 *    cancel to a normal double;
 *  - the solves dtrsv, dtbsv, dtpsv, ztrsv, ztbsv, ztpsv, dtrsm, ztrsm:
 *    a diagonal near 2^700, the rest of A near 2^720 and b near 2^1000,
 *    so that the products overflow while the solution is about 2^300 and
 *    up; the same mirrored (2^-700, 2^-720, 2^-1000: the products
 *    underflow); trsm also with alpha 2^600 against B near 2^500.
 * In dd mode every element whose exact value is a double meets the
 * accuracy criterion (exact.h), and one beyond double's range is the
 * reference's; in cpu mode every element is the reference's, bit for bit,
 * and the reference fails the criterion somewhere for each routine.
 * Built with TF_RANGE_OPS_GPU as range_ops_gpu (run with the GPU forced,
 * test/gpu.list): every case on host arrays, then again with twofold's
 * arrays copied to device memory (the GPU's kernels, src/gpu/level12.c,
 * src/gpu/trsm.c), judged the same way. */
#ifdef TF_RANGE_OPS_GPU
#include <cuda_runtime_api.h>
#endif
#include <dlfcn.h>
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/blas/exact.h"
#include "test/blas/harness.h"

#define MAX_N 40
#define MAX_LEN (2 * (MAX_N + 2) * (MAX_N + 2) * 2)

typedef double _Complex zdot_fn(const int *, const double *, const int *, const double *,
				const int *);
typedef double ddot_fn(const int *, const double *, const int *, const double *, const int *);
typedef void trmv_fn(const char *, const char *, const char *, const int *, const double *,
		     const int *, double *, const int *, size_t, size_t, size_t);
typedef void tbmv_fn(const char *, const char *, const char *, const int *, const int *,
		     const double *, const int *, double *, const int *, size_t, size_t, size_t);
typedef void tpmv_fn(const char *, const char *, const char *, const int *, const double *,
		     double *, const int *, size_t, size_t, size_t);
typedef void ger_fn(const int *, const int *, const double *, const double *, const int *,
		    const double *, const int *, double *, const int *);
typedef void syr_fn(const char *, const int *, const double *, const double *, const int *,
		    double *, const int *, size_t);
typedef void spr_fn(const char *, const int *, const double *, const double *, const int *,
		    double *, size_t);
typedef void syr2_fn(const char *, const int *, const double *, const double *, const int *,
		     const double *, const int *, double *, const int *, size_t);
typedef void spr2_fn(const char *, const int *, const double *, const double *, const int *,
		     const double *, const int *, double *, size_t);
typedef void trsv_fn(const char *, const char *, const char *, const int *, const double *,
		     const int *, double *, const int *, size_t, size_t, size_t);
typedef void tbsv_fn(const char *, const char *, const char *, const int *, const int *,
		     const double *, const int *, double *, const int *, size_t, size_t, size_t);
typedef void tpsv_fn(const char *, const char *, const char *, const int *, const double *,
		     double *, const int *, size_t, size_t, size_t);
typedef void trsm_fn(const char *, const char *, const char *, const char *, const int *,
		     const int *, const double *, const double *, const int *, double *,
		     const int *, size_t, size_t, size_t, size_t);
typedef void rot_fn(const int *, double *, const int *, double *, const int *, const double *,
		    const double *);
typedef void rotm_fn(const int *, double *, const int *, double *, const int *, const double *);
typedef void scal_fn(const int *, const double *, double *, const int *);
typedef void axpy_fn(const int *, const double *, const double *, const int *, double *,
		     const int *);

/* The routine of this name: the program's (twofold's, preloaded) or the
 * reference's. */
static void *routine(const char *name, int reference)
{
	if (reference)
		return bh_reference(name);
	void *f = dlsym(RTLD_DEFAULT, name);
	if (!f) {
		fprintf(stderr, "no %s\n", name);
		exit(99);
	}
	return f;
}

static struct ex_sum sum;

/* ---- twofold's arrays in device memory (range_ops_gpu) */

static int on_device; /* this pass's twofold calls take device copies */

#ifdef TF_RANGE_OPS_GPU
struct staged {
	double *host, *device;
	size_t doubles;
};
static struct staged staged[4];
static int staged_count;
#endif

/* The array twofold's call takes in place of h (its first `doubles`): h
 * itself, or on a device pass a copy in device memory. */
static double *stage(double *h, size_t doubles)
{
#ifdef TF_RANGE_OPS_GPU
	if (on_device) {
		struct staged *st = &staged[staged_count++];
		st->host = h, st->doubles = doubles;
		if (cudaMalloc((void **)&st->device, doubles * sizeof *h) != cudaSuccess ||
		    cudaMemcpy(st->device, h, doubles * sizeof *h, cudaMemcpyHostToDevice) != cudaSuccess) {
			printf("harness error: device memory\n");
			exit(99);
		}
		return st->device;
	}
#endif
	(void)doubles;
	return h;
}

/* After twofold's call: the device copies back into their host arrays. */
static void unstage(void)
{
#ifdef TF_RANGE_OPS_GPU
	for (int i = 0; i < staged_count; i++) {
		struct staged *st = &staged[i];
		if (cudaMemcpy(st->host, st->device, st->doubles * sizeof *st->host,
			       cudaMemcpyDeviceToHost) != cudaSuccess) {
			printf("harness error: device memory\n");
			exit(99);
		}
		cudaFree(st->device);
	}
	staged_count = 0;
#endif
}

/* Said after a case's description: where twofold's arrays were. */
static const char *arrays(void)
{
	return on_device ? ", device arrays" : "";
}

/* Whether the exact value in sum is beyond double's range. */
static int beyond_range(void)
{
	mpfr_t exact;
	mpfr_init2(exact, EX_PREC);
	ex_sum_value(&sum, exact);
	int beyond = isinf(mpfr_get_d(exact, MPFR_RNDN));
	mpfr_clear(exact);
	return beyond;
}

/* Judges one double of a result against the exact value in sum (k terms);
 * beyond: a part of its element is beyond double's range, so that the
 * element is the reference's (the rule of dd_output.h). */
static void judge_part(const char *name, double got, double ref, int k, const char *what, int i,
		       int beyond)
{
	if (bh_mode == BH_CPU) {
		bh_verdict(name, bh_same(got, ref), "%s [%d]: got %.17g, reference %.17g", what, i,
			   got, ref);
		bh_ill_conditioned(name, isfinite(ref) && ex_judge_sum(&sum, ref, k, NULL));
		return;
	}
	if (beyond) {
		bh_verdict(name, bh_same(got, ref),
			   "%s%s [%d]: beyond the range, got %.17g, reference %.17g", what, arrays(), i,
			   got, ref);
		return;
	}
	double ulps = 0.0;
	bh_verdict(name, isfinite(got) && ex_judge_sum(&sum, got, k, &ulps),
		   "%s%s [%d]: got %.17g, %.3g ulps off (reference %.17g)", what, arrays(), i, got,
		   ulps, ref);
}

static void judge(const char *name, double got, double ref, int k, const char *what, int i)
{
	judge_part(name, got, ref, k, what, i, bh_mode == BH_DD && beyond_range());
}

/* A significand in [1, 2) with a random sign. */
static double random_significand(void)
{
	double v = 1.0 + (bh_sym() + 1.0) / 2.0;
	return bh_int(0, 1) ? v : -v;
}

/* a[0 .. len) such that sum x_l a_l is a normal double below 2^1020 while
 * its largest products are in [2^1025, 2^1026): an ill-conditioned dot
 * product (condition about 1e8) scaled up by a power of two.  len 1: a
 * product of moderate size. */
static void overflowing_terms(int len, const double *x, double *a)
{
	if (len < 2) {
		if (len == 1)
			a[0] = random_significand();
		return;
	}
	for (int attempt = 0; attempt < 100; attempt++) {
		double dummy[MAX_N + 1];
		ex_gen_dot(&bh_rng, len, 1e8, x, dummy, a);
		double largest = 0.0, top = 0.0;
		ex_sum_reset(&sum);
		for (int l = 0; l < len; l++) {
			largest = fmax(largest, fabs(x[l] * a[l]));
			top = fmax(top, fabs(a[l]));
			ex_sum_add(&sum, x[l], a[l], 1.0);
		}
		mpfr_t exact;
		mpfr_init2(exact, EX_PREC);
		ex_sum_value(&sum, exact);
		double s = mpfr_get_d(exact, MPFR_RNDN);
		mpfr_clear(exact);
		if (s == 0.0 || largest == 0.0)
			continue;
		int shift = 1025 - ilogb(largest);
		if (ilogb(s) + shift > 1019 || ilogb(top) + shift > 1020)
			continue;
		for (int l = 0; l < len; l++)
			a[l] = ldexp(a[l], shift);
		return;
	}
	fprintf(stderr, "no overflowing terms of length %d\n", len);
	exit(99);
}

/* ---- ddot, zdotu, zdotc */

static void dot_case(int complex, int conj, int n, int incx, int incy)
{
	const char *name = complex ? conj ? "zdotc_" : "zdotu_" : "ddot_";
	const int w = complex ? 2 : 1;
	double xs[MAX_N], as[MAX_N], x[2 * MAX_N], y[2 * MAX_N];
	static double xv[6 * MAX_N + 2], yv[6 * MAX_N + 2];
	for (int l = 0; l < n; l++)
		xs[l] = ldexp(random_significand(), bh_int(6, 14));
	overflowing_terms(n, xs, as);
	/* complex: x = xs (1 + i/8) (conjugated for zdotc), y = as (1 + i) */
	for (int l = 0; l < n; l++) {
		x[w * l] = xs[l];
		y[w * l] = as[l];
		if (complex) {
			x[2 * l + 1] = (conj ? -xs[l] : xs[l]) / 8;
			y[2 * l + 1] = as[l];
		}
	}
	bh_place(xv, w, n, incx, x);
	bh_place(yv, w, n, incy, y);
	double got[2], ref[2];
	if (complex) {
		double _Complex g = ((zdot_fn *)routine(name, 0))(&n, stage(xv, sizeof xv / sizeof *xv), &incx,
								  stage(yv, sizeof yv / sizeof *yv), &incy);
		unstage();
		double _Complex r = ((zdot_fn *)routine(name, 1))(&n, xv, &incx, yv, &incy);
		memcpy(got, &g, sizeof got);
		memcpy(ref, &r, sizeof ref);
	} else {
		got[0] = ((ddot_fn *)routine(name, 0))(&n, stage(xv, sizeof xv / sizeof *xv), &incx,
						       stage(yv, sizeof yv / sizeof *yv), &incy);
		unstage();
		ref[0] = ((ddot_fn *)routine(name, 1))(&n, xv, &incx, yv, &incy);
	}
	char what[80];
	snprintf(what, sizeof what, "%s n=%d incx=%d incy=%d", name, n, incx, incy);
	for (int p = 0; p < w; p++) {
		ex_sum_reset(&sum);
		for (int l = 0; l < n; l++) {
			double xr = x[w * l], xi = complex ? (conj ? -1 : 1) * x[w * l + 1] : 0.0;
			double yr = y[w * l], yi = complex ? y[w * l + 1] : 0.0;
			if (p == 0) {
				ex_sum_add(&sum, xr, yr, 1.0);
				ex_sum_add(&sum, -xi, yi, 1.0);
			} else {
				ex_sum_add(&sum, xr, yi, 1.0);
				ex_sum_add(&sum, xi, yr, 1.0);
			}
		}
		judge(name, got[p], ref[p], 2 * n, what, p);
	}
}

/* ---- triangular products */

enum { FULL, BAND, PACKED };

/* The index (in elements) of A(r, c) of the stored triangle, or -1 where
 * it is not stored. */
static long stored_at(int storage, char uplo, int n, int k, int lda, int r, int c)
{
	if (uplo == 'U' ? r > c : r < c)
		return -1;
	if (storage == BAND) {
		if (abs(r - c) > k)
			return -1;
		return uplo == 'U' ? (long)(k + r - c) + (long)c * lda : (long)(r - c) + (long)c * lda;
	}
	if (storage == PACKED)
		return uplo == 'U' ? r + (long)c * (c + 1) / 2 : r + (long)c * (2 * n - c - 1) / 2;
	return r + (long)c * lda;
}

static void trmv_case(int complex, int storage, char uplo, char trans, char diag, int n, int k,
		      int incx)
{
	static const char *const names[2][3] = { { "dtrmv_", "dtbmv_", "dtpmv_" },
						 { "ztrmv_", "ztbmv_", "ztpmv_" } };
	const char *name = names[complex][storage];
	const int w = complex ? 2 : 1, lda = storage == BAND ? k + 2 : n + 1;
	static double a[MAX_LEN], x[2 * MAX_N], xv[4 * MAX_N], got[4 * MAX_N], ref[4 * MAX_N];
	static double m[MAX_N][MAX_N]; /* op(A)'s real factor */
	double xs[MAX_N];
	for (size_t s = 0; s < sizeof a / sizeof a[0]; s++)
		a[s] = NAN;
	for (int l = 0; l < n; l++)
		xs[l] = ldexp(random_significand(), bh_int(6, 14));
	/* row i of op(A): the stored elements A(i, j) (N) or A(j, i) */
	for (int i = 0; i < n; i++) {
		double xt[MAX_N], at[MAX_N];
		int cols[MAX_N], len = 0;
		for (int j = 0; j < n; j++) {
			m[i][j] = 0.0;
			int r = trans == 'N' ? i : j, c = trans == 'N' ? j : i;
			if (stored_at(storage, uplo, n, k, lda, r, c) < 0 || (diag == 'U' && i == j))
				continue;
			cols[len] = j;
			xt[len++] = xs[j];
		}
		overflowing_terms(len, xt, at);
		for (int l = 0; l < len; l++)
			m[i][cols[l]] = at[l];
		if (diag == 'U')
			m[i][i] = 1.0;
	}
	/* op(A) = m (1 + i), x = xs (1 + i/8) */
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			int r = trans == 'N' ? i : j, c = trans == 'N' ? j : i;
			long at = stored_at(storage, uplo, n, k, lda, r, c);
			if (at < 0 || (diag == 'U' && i == j))
				continue;
			a[w * at] = m[i][j];
			if (complex)
				a[w * at + 1] = trans == 'C' ? -m[i][j] : m[i][j];
		}
	for (int j = 0; j < n; j++) {
		x[w * j] = xs[j];
		if (complex)
			x[w * j + 1] = xs[j] / 8;
	}
	bh_place(xv, w, n, incx, x);
	long span = bh_span(n, incx) * w;
	memcpy(got, xv, sizeof(double) * span);
	memcpy(ref, xv, sizeof(double) * span);
	char su[2] = { uplo, 0 }, st[2] = { trans, 0 }, sd[2] = { diag, 0 };
	for (int reference = 0; reference < 2; reference++) {
		double *out = reference ? ref : stage(got, sizeof got / sizeof *got);
		const double *ta = reference ? a : stage(a, sizeof a / sizeof *a);
		void *f = routine(name, reference);
		if (storage == FULL)
			((trmv_fn *)f)(su, st, sd, &n, ta, &lda, out, &incx, 1, 1, 1);
		else if (storage == BAND)
			((tbmv_fn *)f)(su, st, sd, &n, &k, ta, &lda, out, &incx, 1, 1, 1);
		else
			((tpmv_fn *)f)(su, st, sd, &n, ta, out, &incx, 1, 1, 1);
		unstage();
	}
	char what[96];
	snprintf(what, sizeof what, "%s %c%c%c n=%d k=%d incx=%d", name, uplo, trans, diag, n, k,
		 incx);
	for (int i = 0; i < n; i++)
		for (int p = 0; p < w; p++) {
			ex_sum_reset(&sum);
			for (int j = 0; j < n; j++) {
				if (m[i][j] == 0.0)
					continue;
				/* (m + m i)(xs + xs/8 i): re m xs - m xs/8, im m xs/8 + m xs;
				 * a unit diagonal is 1 */
				if (!complex) {
					ex_sum_add(&sum, m[i][j], xs[j], 1.0);
				} else if (diag == 'U' && i == j) {
					ex_sum_add(&sum, xs[j], p == 0 ? 1.0 : 0.125, 1.0);
				} else if (0) {
					ex_sum_add(&sum, m[i][j], xs[j], 1.0);
				} else if (p == 0) {
					ex_sum_add(&sum, m[i][j], xs[j], 1.0);
					ex_sum_add(&sum, -m[i][j], xs[j], 0.125);
				} else {
					ex_sum_add(&sum, m[i][j], xs[j], 0.125);
					ex_sum_add(&sum, m[i][j], xs[j], 1.0);
				}
			}
			long at = bh_at(n, incx, i) * w + p;
			judge(name, got[at], ref[at], w * n, what, i);
		}
}

/* ---- rank updates */

enum { GER, SYR, SYR2 };

/* A vector of n elements with exponents +-500 (moderate for the big
 * side's partner), complex parts of the same size. */
static void spread_vector(int n, int w, double *v, int exponent)
{
	for (int i = 0; i < n; i++)
		for (int p = 0; p < w; p++)
			v[w * i + p] = ldexp(random_significand(), bh_int(0, 1) ? exponent : -exponent);
}

/* Into sum: part p of C(i,j) + alpha u_i conj?(v_j) (+ conj?(alpha)
 * v_i conj?(u_j)) of a rank update; the Hermitian diagonal's imaginary part
 * is zero, as the reference makes it. */
static void rank_sum(int kind, int complex, int conj, int herm, const double *alpha,
		     const double *x, const double *y, double c, int i, int j, int p)
{
	const int w = complex ? 2 : 1;
	ex_sum_reset(&sum);
	if (herm && i == j && p == 1)
		return;
	ex_sum_add(&sum, c, 1.0, 1.0);
	for (int t = 0; t < (kind == SYR2 ? 2 : 1); t++) {
		const double *u = t == 0 ? x : y;
		const double *v = kind == SYR ? x : t == 0 ? y : x;
		double ar = alpha[0], ai = t == 1 && herm ? -alpha[1] : alpha[1];
		double ur = u[w * i], ui = complex ? u[w * i + 1] : 0.0;
		double vr = v[w * j], vi = complex ? v[w * j + 1] : 0.0;
		if (herm || conj)
			vi = -vi;
		/* (ar + ai i)(ur + ui i)(vr + vi i) */
		if (p == 0) {
			ex_sum_add(&sum, ar, ur, vr);
			ex_sum_add(&sum, -ar, ui, vi);
			ex_sum_add(&sum, -ai, ur, vi);
			ex_sum_add(&sum, -ai, ui, vr);
		} else {
			ex_sum_add(&sum, ar, ur, vi);
			ex_sum_add(&sum, ar, ui, vr);
			ex_sum_add(&sum, ai, ur, vr);
			ex_sum_add(&sum, -ai, ui, vi);
		}
	}
}

static void rank_case(int kind, int complex, int conj, int packed, char uplo, int m, int n,
		      int underflow, int zero_c)
{
	static const char *const names[3][2][2] = {
		{ { "dger_", "dger_" }, { "zgeru_", "zgerc_" } },
		{ { "dsyr_", "dspr_" }, { "zher_", "zhpr_" } },
		{ { "dsyr2_", "dspr2_" }, { "zher2_", "zhpr2_" } },
	};
	const char *name = names[kind][complex][kind == GER ? conj : packed];
	const int w = complex ? 2 : 1, herm = complex && kind != GER, rows = kind == GER ? m : n;
	const int lda = rows + 1, inc = 1;
	static double x[2 * MAX_N], y[2 * MAX_N], c0[MAX_LEN], got[MAX_LEN], ref[MAX_LEN];
	double alpha[2] = { ldexp(random_significand(), underflow ? -600 : 600), 0.0 };
	if (complex && !(kind == SYR))
		alpha[1] = ldexp(random_significand(), underflow ? -600 : 600);
	/* alpha y_j out of range, x_i y_j alpha not: x_i 2^+-500 against
	 * y_j 2^-+500 (GER); SYR: x spread both ways */
	spread_vector(rows, w, x, 500);
	spread_vector(n, w, y, 500);
	if (kind == GER)
		for (int j = 0; j < n; j++)
			for (int p = 0; p < w; p++)
				y[w * j + p] = ldexp(random_significand(), underflow ? -500 : 500);
	if (kind == GER)
		for (int i = 0; i < rows; i++)
			for (int p = 0; p < w; p++)
				x[w * i + p] = ldexp(random_significand(), underflow ? 500 : -500);
	long len = packed ? (long)n * (n + 1) / 2 : (long)lda * n;
	for (long s = 0; s < len * w; s++)
		c0[s] = NAN;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < rows; i++) {
			long at = kind == GER ? i + (long)j * lda
					      : stored_at(packed ? PACKED : FULL, uplo, n, 0, lda, i, j);
			if (at < 0)
				continue;
			for (int p = 0; p < w; p++)
				c0[w * at + p] = zero_c ? 0.0 : ldexp(random_significand(), underflow ? -100 : 100);
			if (herm && i == j)
				c0[w * at + 1] = zero_c ? 0.0 : c0[w * at + 1];
		}
	memcpy(got, c0, sizeof(double) * len * w);
	memcpy(ref, c0, sizeof(double) * len * w);
	char su[2] = { uplo, 0 };
	for (int reference = 0; reference < 2; reference++) {
		double *out = reference ? ref : stage(got, sizeof got / sizeof *got);
		const double *tx = reference ? x : stage(x, sizeof x / sizeof *x);
		const double *ty = reference ? y : stage(y, sizeof y / sizeof *y);
		void *f = routine(name, reference);
		if (kind == GER)
			((ger_fn *)f)(&m, &n, alpha, tx, &inc, ty, &inc, out, &lda);
		else if (kind == SYR && !packed)
			((syr_fn *)f)(su, &n, alpha, tx, &inc, out, &lda, 1);
		else if (kind == SYR)
			((spr_fn *)f)(su, &n, alpha, tx, &inc, out, 1);
		else if (!packed)
			((syr2_fn *)f)(su, &n, alpha, tx, &inc, ty, &inc, out, &lda, 1);
		else
			((spr2_fn *)f)(su, &n, alpha, tx, &inc, ty, &inc, out, 1);
		unstage();
	}
	char what[96];
	snprintf(what, sizeof what, "%s %c m=%d n=%d alpha %s, C %s", name, uplo, m, n,
		 underflow ? "2^-600" : "2^600", zero_c ? "0" : "random");
	for (int j = 0; j < n; j++)
		for (int i = 0; i < rows; i++) {
			long at = kind == GER ? i + (long)j * lda
					      : stored_at(packed ? PACKED : FULL, uplo, n, 0, lda, i, j);
			if (at < 0)
				continue;
			int beyond = 0;
			for (int pass = 0; pass < 2; pass++)
				for (int p = 0; p < w; p++) {
					rank_sum(kind, complex, conj, herm, alpha, x, y, c0[w * at + p], i, j, p);
					if (pass == 0)
						beyond |= bh_mode == BH_DD && beyond_range();
					else
						judge_part(name, got[w * at + p], ref[w * at + p], 9, what, (int)at,
							   beyond);
				}
		}
}

/* ---- triangular solves */

enum { SOLVE_OVER, SOLVE_UNDER, SOLVE_ALPHA };

/* A value of 2^e's binade, random sign (complex: both parts). */
static void value_near(double *v, int w, int e)
{
	for (int p = 0; p < w; p++)
		v[p] = ldexp(random_significand(), e);
}

/* The exact solution of E x = alpha r (E p x p, lower or upper, complex
 * doubles (re, im) at e[2 (i p + l)]) in MPFR, into xr, xi; 0 when some
 * element is not a normal double far from the range's ends. */
static int exact_solution(int p, const double *e, int lower, const double *alpha,
			  const double *r, mpfr_t *xr, mpfr_t *xi)
{
	mpfr_t t, u, d;
	mpfr_inits2(EX_PREC, t, u, d, (mpfr_ptr)0);
	int normal = 1;
	for (int step = 0; step < p; step++) {
		int i = lower ? step : p - 1 - step;
		/* alpha r_i */
		mpfr_set_d(t, r[2 * i], MPFR_RNDN);
		mpfr_mul_d(xr[i], t, alpha[0], MPFR_RNDN);
		mpfr_mul_d(u, t, alpha[1], MPFR_RNDN);
		mpfr_set_d(t, r[2 * i + 1], MPFR_RNDN);
		mpfr_mul_d(xi[i], t, alpha[0], MPFR_RNDN);
		mpfr_add(xi[i], xi[i], u, MPFR_RNDN);
		mpfr_mul_d(u, t, alpha[1], MPFR_RNDN);
		mpfr_sub(xr[i], xr[i], u, MPFR_RNDN);
		for (int l = 0; l < p; l++) {
			const double *a = e + 2 * ((size_t)i * p + l);
			if (l == i || (lower ? l > i : l < i) || (a[0] == 0.0 && a[1] == 0.0))
				continue;
			/* x_i -= a x_l */
			mpfr_mul_d(t, xr[l], a[0], MPFR_RNDN);
			mpfr_mul_d(u, xi[l], a[1], MPFR_RNDN);
			mpfr_sub(t, t, u, MPFR_RNDN);
			mpfr_sub(xr[i], xr[i], t, MPFR_RNDN);
			mpfr_mul_d(t, xi[l], a[0], MPFR_RNDN);
			mpfr_mul_d(u, xr[l], a[1], MPFR_RNDN);
			mpfr_add(t, t, u, MPFR_RNDN);
			mpfr_sub(xi[i], xi[i], t, MPFR_RNDN);
		}
		/* x_i / (dr + di i) = x_i (dr - di i) / (dr^2 + di^2) */
		const double *a = e + 2 * ((size_t)i * p + i);
		mpfr_set_d(d, a[0], MPFR_RNDN);
		mpfr_sqr(d, d, MPFR_RNDN);
		mpfr_set_d(u, a[1], MPFR_RNDN);
		mpfr_sqr(u, u, MPFR_RNDN);
		mpfr_add(d, d, u, MPFR_RNDN);
		mpfr_mul_d(t, xr[i], a[0], MPFR_RNDN);
		mpfr_mul_d(u, xi[i], a[1], MPFR_RNDN);
		mpfr_add(t, t, u, MPFR_RNDN);
		mpfr_mul_d(u, xi[i], a[0], MPFR_RNDN);
		mpfr_mul_d(xi[i], xr[i], a[1], MPFR_RNDN);
		mpfr_sub(xi[i], u, xi[i], MPFR_RNDN);
		mpfr_div(xr[i], t, d, MPFR_RNDN);
		mpfr_div(xi[i], xi[i], d, MPFR_RNDN);
		for (int part = 0; part < 2; part++) {
			mpfr_ptr v = part ? xi[i] : xr[i];
			long exp = mpfr_zero_p(v) ? 0 : mpfr_get_exp(v);
			normal &= !mpfr_nan_p(v) && exp > -1000 && exp < 1000;
		}
	}
	mpfr_clears(t, u, d, (mpfr_ptr)0);
	return normal;
}

/* Judges a solution: element i (re, im) at got + at(i), against xr, xi. */
static void judge_solution(const char *name, const char *what, int p, int w, mpfr_t *xr,
			   mpfr_t *xi, const double *got, const double *ref, const long *at)
{
	for (int i = 0; i < p; i++)
		for (int part = 0; part < w; part++) {
			double g = got[at[i] * w + part], r = ref[at[i] * w + part];
			if (bh_mode == BH_CPU) {
				bh_verdict(name, bh_same(g, r), "%s x(%d): got %.17g, reference %.17g", what,
					   i, g, r);
				bh_ill_conditioned(name, isfinite(r) &&
							 ex_judge(part ? xi[i] : xr[i], r,
								  fabs(mpfr_get_d(part ? xi[i] : xr[i], MPFR_RNDN)),
								  p, NULL));
				continue;
			}
			double ulps = 0.0;
			mpfr_ptr exact = part ? xi[i] : xr[i];
			bh_verdict(name, isfinite(g) && ex_judge(exact, g, fabs(mpfr_get_d(exact, MPFR_RNDN)), p,
								 &ulps),
				   "%s%s x(%d): got %.17g, %.3g ulps off (exact %.17g, reference %.17g)", what,
				   arrays(), i, g, ulps, mpfr_get_d(exact, MPFR_RNDN), r);
		}
}

static mpfr_t solution_re[MAX_N], solution_im[MAX_N];

/* Exponents of b, the diagonal and the rest of A for a kind of data. */
static void solve_exponents(int kind, int *eb, int *ed, int *eo)
{
	*eb = kind == SOLVE_OVER ? 1000 : kind == SOLVE_UNDER ? -1000 : 500;
	*ed = kind == SOLVE_OVER ? 700 : kind == SOLVE_UNDER ? -700 : 300;
	*eo = kind == SOLVE_OVER ? 720 : kind == SOLVE_UNDER ? -720 : 100;
}

static void trsv_case(int complex, int storage, char uplo, char trans, int n, int k, int incx,
		      int kind)
{
	static const char *const names[2][3] = { { "dtrsv_", "dtbsv_", "dtpsv_" },
						 { "ztrsv_", "ztbsv_", "ztpsv_" } };
	const char *name = names[complex][storage];
	const int w = complex ? 2 : 1, lda = storage == BAND ? k + 2 : n + 1;
	const char diag = 'N';
	static double a[MAX_LEN], e[2 * MAX_N * MAX_N], b[2 * MAX_N], xv[6 * MAX_N + 2],
		got[6 * MAX_N + 2], ref[6 * MAX_N + 2];
	int eb, ed, eo;
	solve_exponents(kind, &eb, &ed, &eo);
	const double one[2] = { 1.0, 0.0 };
	int lower = (uplo == 'L') == (trans == 'N');
	for (int attempt = 0;; attempt++) {
		if (attempt == 100) {
			fprintf(stderr, "no normal solution for %s\n", name);
			exit(99);
		}
		for (size_t s = 0; s < sizeof a / sizeof a[0]; s++)
			a[s] = NAN;
		for (size_t s = 0; s < sizeof e / sizeof e[0]; s++)
			e[s] = 0.0;
		/* E = op(A), as stored */
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++) {
				int r = trans == 'N' ? i : j, c = trans == 'N' ? j : i;
				long at = stored_at(storage, uplo, n, k, lda, r, c);
				if (at < 0)
					continue;
				value_near(a + w * at, w, i == j ? ed : eo);
				double *v = e + 2 * ((size_t)i * n + j);
				v[0] = a[w * at];
				v[1] = complex ? (trans == 'C' ? -a[w * at + 1] : a[w * at + 1]) : 0.0;
			}
		for (int i = 0; i < n; i++) {
			b[2 * i + 1] = 0.0;
			value_near(b + 2 * i, w, eb);
		}
		if (exact_solution(n, e, lower, one, b, solution_re, solution_im))
			break;
	}
	double bw[2 * MAX_N];
	for (int i = 0; i < n; i++)
		for (int p = 0; p < w; p++)
			bw[w * i + p] = b[2 * i + p];
	bh_place(xv, w, n, incx, bw);
	long span = bh_span(n, incx) * w;
	memcpy(got, xv, sizeof(double) * span);
	memcpy(ref, xv, sizeof(double) * span);
	char su[2] = { uplo, 0 }, st[2] = { trans, 0 }, sd[2] = { diag, 0 };
	for (int reference = 0; reference < 2; reference++) {
		double *out = reference ? ref : got;
		void *f = routine(name, reference);
		const double *ta = reference ? a : stage(a, sizeof a / sizeof *a);
		if (!reference)
			out = stage(got, sizeof got / sizeof *got);
		if (storage == FULL)
			((trsv_fn *)f)(su, st, sd, &n, ta, &lda, out, &incx, 1, 1, 1);
		else if (storage == BAND)
			((tbsv_fn *)f)(su, st, sd, &n, &k, ta, &lda, out, &incx, 1, 1, 1);
		else
			((tpsv_fn *)f)(su, st, sd, &n, ta, out, &incx, 1, 1, 1);
		unstage();
	}
	long at[MAX_N];
	for (int i = 0; i < n; i++)
		at[i] = bh_at(n, incx, i);
	char what[96];
	snprintf(what, sizeof what, "%s %c%c n=%d k=%d incx=%d %s", name, uplo, trans, n, k, incx,
		 kind == SOLVE_OVER ? "products overflow" : "products underflow");
	judge_solution(name, what, n, w, solution_re, solution_im, got, ref, at);
}

static void trsm_case(int complex, char side, char uplo, char trans, int m, int n, int kind)
{
	const char *name = complex ? "ztrsm_" : "dtrsm_";
	const int w = complex ? 2 : 1, left = side == 'L', p = left ? m : n, q = left ? n : m;
	const int lda = p + 1, ldb = m + 2;
	static double a[2 * (MAX_N + 1) * MAX_N], e[2 * MAX_N * MAX_N], b0[2 * (MAX_N + 2) * MAX_N],
		got[2 * (MAX_N + 2) * MAX_N], ref[2 * (MAX_N + 2) * MAX_N];
	static mpfr_t xr[MAX_N][MAX_N], xi[MAX_N][MAX_N];
	static int initialized;
	if (!initialized) {
		for (int j = 0; j < MAX_N; j++)
			for (int i = 0; i < MAX_N; i++)
				mpfr_inits2(EX_PREC, xr[j][i], xi[j][i], (mpfr_ptr)0);
		initialized = 1;
	}
	int eb, ed, eo;
	solve_exponents(kind, &eb, &ed, &eo);
	double alpha[2] = { kind == SOLVE_ALPHA ? 0x1p600 * 1.25 : 1.0, 0.0 };
	if (complex && kind == SOLVE_ALPHA)
		alpha[1] = -0x1p599;
	/* E: side L op(A), side R op(A)^T (X op(A) = B is op(A)^T X^T = B^T) */
	int lower = ((uplo == 'L') == (trans == 'N')) == left;
	for (int attempt = 0;; attempt++) {
		if (attempt == 100) {
			fprintf(stderr, "no normal solution for %s\n", name);
			exit(99);
		}
		for (size_t s = 0; s < sizeof a / sizeof a[0]; s++)
			a[s] = NAN;
		for (size_t s = 0; s < sizeof e / sizeof e[0]; s++)
			e[s] = 0.0;
		for (int r = 0; r < p; r++)
			for (int c = 0; c < p; c++) {
				if (uplo == 'U' ? r > c : r < c)
					continue;
				double *v = a + w * (r + (size_t)c * lda);
				value_near(v, w, r == c ? ed : eo);
				/* op(A)(i, j) */
				int i = trans == 'N' ? r : c, j = trans == 'N' ? c : r;
				double re = v[0], im = complex ? (trans == 'C' ? -v[1] : v[1]) : 0.0;
				double *t = left ? e + 2 * ((size_t)i * p + j) : e + 2 * ((size_t)j * p + i);
				t[0] = re;
				t[1] = im;
			}
		for (size_t s = 0; s < (size_t)w * ldb * n; s++)
			b0[s] = NAN;
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++)
				value_near(b0 + w * (i + (size_t)j * ldb), w, eb);
		int normal = 1;
		for (int rhs = 0; rhs < q && normal; rhs++) {
			double r[2 * MAX_N];
			for (int i = 0; i < p; i++) {
				const double *v = b0 + w * (left ? i + (size_t)rhs * ldb : rhs + (size_t)i * ldb);
				r[2 * i] = v[0];
				r[2 * i + 1] = complex ? v[1] : 0.0;
			}
			normal = exact_solution(p, e, lower, alpha, r, xr[rhs], xi[rhs]);
		}
		if (normal)
			break;
	}
	memcpy(got, b0, sizeof(double) * w * ldb * n);
	memcpy(ref, b0, sizeof(double) * w * ldb * n);
	char ss[2] = { side, 0 }, su[2] = { uplo, 0 }, st[2] = { trans, 0 }, sd[2] = "N";
	((trsm_fn *)routine(name, 0))(ss, su, st, sd, &m, &n, alpha, stage(a, sizeof a / sizeof *a), &lda,
				      stage(got, sizeof got / sizeof *got), &ldb, 1, 1, 1, 1);
	unstage();
	((trsm_fn *)routine(name, 1))(ss, su, st, sd, &m, &n, alpha, a, &lda, ref, &ldb, 1, 1, 1, 1);
	static const char *const kinds[] = { "products overflow", "products underflow",
					     "alpha B overflows" };
	char what[96];
	snprintf(what, sizeof what, "%s %c%c%c m=%d n=%d %s", name, side, uplo, trans, m, n, kinds[kind]);
	for (int rhs = 0; rhs < q; rhs++) {
		long at[MAX_N];
		for (int i = 0; i < p; i++)
			at[i] = left ? i + (long)rhs * ldb : rhs + (long)i * ldb;
		judge_solution(name, what, p, w, xr[rhs], xi[rhs], got, ref, at);
	}
}

/* ---- drot, zdrot, drotm, zscal, zaxpy */

/* x and y of n elements (w doubles each) near 2^505 with y close to
 * -x (1 + 2^-20 u): c x + s y for c = s near 2^520 cancels to about
 * 2^1005 while both products overflow. */
static void rot_case(int complex, int rotm)
{
	const char *name = rotm ? "drotm_" : complex ? "zdrot_" : "drot_";
	const int n = 23, w = complex ? 2 : 1, inc = 1;
	double x0[2 * 23], y0[2 * 23], xg[2 * 23], yg[2 * 23], xr[2 * 23], yr[2 * 23];
	double c = ldexp(1.25, 520), s = c, param[5] = { -1.0, c, c, -c, -c * (1 + 0x1p-30) };
	for (int i = 0; i < n * w; i++) {
		x0[i] = ldexp(random_significand(), 505);
		y0[i] = -x0[i] * (1.0 + ldexp((bh_sym() + 1.0) / 2.0, -20));
	}
	if (rotm) /* h11 x + h12 y, h21 x + h22 y with h12 = h22 = -c (1 + ...) */
		for (int i = 0; i < n; i++)
			y0[i] = -y0[i];
	memcpy(xg, x0, sizeof xg);
	memcpy(yg, y0, sizeof yg);
	memcpy(xr, x0, sizeof xr);
	memcpy(yr, y0, sizeof yr);
	for (int reference = 0; reference < 2; reference++) {
		void *f = routine(name, reference);
		double *tx = reference ? xr : stage(xg, sizeof xg / sizeof *xg);
		double *ty = reference ? yr : stage(yg, sizeof yg / sizeof *yg);
		if (rotm)
			((rotm_fn *)f)(&n, tx, &inc, ty, &inc, param);
		else
			((rot_fn *)f)(&n, tx, &inc, ty, &inc, &c, &s);
		unstage();
	}
	double h[4] = { c, s, -s, c };
	if (rotm)
		h[0] = param[1], h[1] = param[3], h[2] = param[2], h[3] = param[4];
	for (int i = 0; i < n * w; i++)
		for (int out = 0; out < 2; out++) {
			ex_sum_reset(&sum);
			ex_sum_add(&sum, h[2 * out], x0[i], 1.0);
			ex_sum_add(&sum, h[2 * out + 1], y0[i], 1.0);
			judge(name, out ? yg[i] : xg[i], out ? yr[i] : xr[i], 2,
			      out ? "y (c y - s x)" : "x (c x + s y)", i);
		}
}

/* zscal and zaxpy: alpha = 2^512 (1.02 + 0.3 i), x = 2^512 (1 + 0.3 i),
 * each with a random perturbation: alpha_r x_r near 1.02 2^1024 overflows,
 * the parts of alpha x are about 0.93 2^1024 and 0.61 2^1024; zaxpy's y
 * is about -alpha x, so that alpha x + y is about 2^1014. */
static void scal_case(int axpy)
{
	const char *name = axpy ? "zaxpy_" : "zscal_";
	const int n = 19, inc = 1;
	double alpha[2] = { ldexp(1.02, 512), ldexp(0.3, 512) };
	double x[2 * 19], y0[2 * 19], got[2 * 19], ref[2 * 19];
	for (int i = 0; i < n; i++) {
		double u = 1 + (bh_sym() + 1) / 256, v = 1 + (bh_sym() + 1) / 256;
		x[2 * i] = ldexp(u, 512);
		x[2 * i + 1] = ldexp(0.3 * v, 512);
		/* alpha x scaled down by 2^1024, in double */
		double pr = 1.02 * u - 0.09 * v, pi = 0.306 * v + 0.3 * u;
		y0[2 * i] = -ldexp(pr * (1 + ldexp(bh_sym(), -10)), 1024 - 1) * 2;
		y0[2 * i + 1] = -ldexp(pi * (1 + ldexp(bh_sym(), -10)), 1024 - 1) * 2;
	}
	memcpy(got, axpy ? y0 : x, sizeof got);
	memcpy(ref, axpy ? y0 : x, sizeof ref);
	if (axpy) {
		((axpy_fn *)routine(name, 0))(&n, alpha, stage(x, sizeof x / sizeof *x), &inc,
					      stage(got, sizeof got / sizeof *got), &inc);
		unstage();
		((axpy_fn *)routine(name, 1))(&n, alpha, x, &inc, ref, &inc);
	} else {
		((scal_fn *)routine(name, 0))(&n, alpha, stage(got, sizeof got / sizeof *got), &inc);
		unstage();
		((scal_fn *)routine(name, 1))(&n, alpha, ref, &inc);
	}
	for (int i = 0; i < n; i++)
		for (int p = 0; p < 2; p++) {
			ex_sum_reset(&sum);
			if (p == 0) {
				ex_sum_add(&sum, alpha[0], x[2 * i], 1.0);
				ex_sum_add(&sum, -alpha[1], x[2 * i + 1], 1.0);
			} else {
				ex_sum_add(&sum, alpha[0], x[2 * i + 1], 1.0);
				ex_sum_add(&sum, alpha[1], x[2 * i], 1.0);
			}
			if (axpy)
				ex_sum_add(&sum, y0[2 * i + p], 1.0, 1.0);
			judge(name, got[2 * i + p], ref[2 * i + p], 3, axpy ? "alpha x + y" : "alpha x",
			      i);
		}
}

/* Every case, once. */
static void run_cases(void)
{
	static const int incs[][2] = { { 1, 1 }, { -2, 3 } };
	for (int complex = 0; complex < 2; complex++)
		for (int conj = 0; conj <= complex; conj++)
			for (int s = 0; s < 2; s++)
				for (int n = 2; n <= 38; n += 12)
					dot_case(complex, conj, n, incs[s][0], incs[s][1]);
	static const char uplos[] = "UL", transes[] = "NTC", diags[] = "NU";
	for (int complex = 0; complex < 2; complex++)
		for (int storage = FULL; storage <= PACKED; storage++)
			for (int u = 0; u < 2; u++)
				for (int t = 0; t < 2 + complex; t++)
					for (int d = 0; d < 2; d++)
						for (int n = 3; n <= 33; n += 15)
							trmv_case(complex, storage, uplos[u], transes[t],
								  diags[d], n, storage == BAND ? 4 : 0,
								  t == 1 ? -2 : 1);
	for (int kind = GER; kind <= SYR2; kind++)
		for (int complex = 0; complex < 2; complex++)
			for (int variant = 0; variant < 2; variant++) /* conj or packed */
				for (int u = 0; u < 2; u++)
					for (int under = 0; under < 2; under++)
						for (int zero_c = 0; zero_c < 2; zero_c++) {
							if (kind == GER && u == 1)
								continue;
							rank_case(kind, complex, kind == GER && variant,
								  kind != GER && variant, uplos[u], 9, 7,
								  under, zero_c);
						}
	for (int complex = 0; complex < 2; complex++)
		for (int storage = FULL; storage <= PACKED; storage++)
			for (int u = 0; u < 2; u++)
				for (int t = 0; t < 2 + complex; t++)
					for (int kind = SOLVE_OVER; kind <= SOLVE_UNDER; kind++)
						for (int n = 1; n <= 9; n += 4)
							trsv_case(complex, storage, uplos[u], transes[t], n,
								  storage == BAND ? 3 : 0, t == 1 ? -2 : 1, kind);
	static const char sides[] = "LR";
	for (int complex = 0; complex < 2; complex++)
		for (int s = 0; s < 2; s++)
			for (int u = 0; u < 2; u++)
				for (int t = 0; t < 2 + complex; t++)
					for (int kind = SOLVE_OVER; kind <= SOLVE_ALPHA; kind++)
						trsm_case(complex, sides[s], uplos[u], transes[t], 8, 5, kind);
	rot_case(0, 0);
	rot_case(1, 0);
	rot_case(0, 1);
	scal_case(0);
	scal_case(1);
}

int main(int argc, char **argv)
{
	bh_start(argc, argv, "dd|cpu");
	ex_sum_init(&sum, 4 * MAX_N + 8);
	for (int i = 0; i < MAX_N; i++)
		mpfr_inits2(EX_PREC, solution_re[i], solution_im[i], (mpfr_ptr)0);
#ifdef TF_RANGE_OPS_GPU
	int devices = 0;
	if (cudaGetDeviceCount(&devices) != cudaSuccess)
		devices = 0;
	for (on_device = 0; on_device <= (devices > 0); on_device++)
		run_cases();
#else
	run_cases();
#endif
	for (int i = 0; i < MAX_N; i++)
		mpfr_clears(solution_re[i], solution_im[i], (mpfr_ptr)0);
	ex_sum_clear(&sum);
	return bh_finish();
}
