#include "config.h"

/* The Level 2 solves and rank updates in dd and cpu mode
 * (test/blas/harness.h): dtrsv, dtbsv, dtpsv, ztrsv, ztbsv, ztpsv; dger,
 * zgeru, zgerc, dsyr, zher, dspr, zhpr, dsyr2, zher2, dspr2, zhpr2; each
 * through its Fortran symbol and its CBLAS form in both layouts.
 *
 * Every option (uplo, trans, diag), sizes 0 to 48, leading dimensions
 * beyond the rows, strides 1, 2, -1, -3, alpha 0, 1, -1 and random.  The
 * solves are judged against the exact solution, computed by substitution
 * in MPFR at EX_PREC bits: each element within 1 ulp of the double nearest
 * it, on random triangles and on nearly singular ones (a diagonal element
 * 1e-12, right-hand sides that cancel: condition about 1e12).  The updates
 * are judged against exact sums (test/blas/exact.h), on random data and on
 * cancelling data (C = -alpha x y^T, perturbed).  What a routine must not
 * write (the other triangle, rows beyond m, the gaps between strided
 * elements) must keep its bits; the Hermitian ones' diagonal must be real.
 * Inf and NaN in the data and in alpha, and zeros on a triangle's
 * diagonal: an element that is Inf or NaN is the reference's, bit for bit.  Illegal arguments: the same routine name
 * and parameter number as the reference reports to xerbla_.  Large
 * updates (n about 300) run on the thread pool; "% checksum:" prints a
 * hash of every result, which test/blas/blas2s_bits.sh compares across
 * thread counts and CPU kernels. */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include "op/cblas_types.h"
#include "test/blas/exact.h"
#include "test/blas/harness.h"

#define MAX_N 320 /* the large updates, on the thread pool; the rest <= 64 */
#define MAX_INC 3
#define MAX_LD (MAX_N + 4)
#define MATRIX (2 * MAX_LD * MAX_N)
#define VECTOR (2 * (1 + (MAX_N - 1) * MAX_INC))

typedef void (*trsv_fn)(const char *, const char *, const char *, const int *, const double *,
			const int *, double *, const int *, size_t, size_t, size_t);
typedef void (*tbsv_fn)(const char *, const char *, const char *, const int *, const int *,
			const double *, const int *, double *, const int *, size_t, size_t, size_t);
typedef void (*tpsv_fn)(const char *, const char *, const char *, const int *, const double *,
			double *, const int *, size_t, size_t, size_t);
typedef void (*ger_fn)(const int *, const int *, const double *, const double *, const int *,
		       const double *, const int *, double *, const int *);
typedef void (*syr_fn)(const char *, const int *, const double *, const double *, const int *,
		       double *, const int *, size_t);
typedef void (*spr_fn)(const char *, const int *, const double *, const double *, const int *,
		       double *, size_t);
typedef void (*syr2_fn)(const char *, const int *, const double *, const double *, const int *,
			const double *, const int *, double *, const int *, size_t);
typedef void (*spr2_fn)(const char *, const int *, const double *, const double *, const int *,
			const double *, const int *, double *, size_t);
typedef void (*cblas_trsv_fn)(int, int, int, int, int, const void *, int, void *, int);
typedef void (*cblas_tbsv_fn)(int, int, int, int, int, int, const void *, int, void *, int);
typedef void (*cblas_tpsv_fn)(int, int, int, int, int, const void *, void *, int);
typedef void (*cblas_dger_fn)(int, int, int, double, const void *, int, const void *, int,
			      void *, int);
typedef void (*cblas_zger_fn)(int, int, int, const void *, const void *, int, const void *, int,
			      void *, int);
typedef void (*cblas_syr_fn)(int, int, int, double, const void *, int, void *, int);
typedef void (*cblas_spr_fn)(int, int, int, double, const void *, int, void *);
typedef void (*cblas_dsyr2_fn)(int, int, int, double, const void *, int, const void *, int,
			       void *, int);
typedef void (*cblas_dspr2_fn)(int, int, int, double, const void *, int, const void *, int,
			       void *);
typedef void (*cblas_zsyr2_fn)(int, int, int, const void *, const void *, int, const void *, int,
			       void *, int);
typedef void (*cblas_zspr2_fn)(int, int, int, const void *, const void *, int, const void *, int,
			       void *);

/* The routines: twofold's are the program's own symbols (libtwofold is
 * preloaded), the reference's come from bh_reference.  Each is called
 * through its own function type above. */
typedef void (*any_fn)(void);
#define DECLARE(name) void name##_(void); void cblas_##name(void)
DECLARE(dtrsv); DECLARE(ztrsv); DECLARE(dtbsv); DECLARE(ztbsv); DECLARE(dtpsv); DECLARE(ztpsv);
DECLARE(dger); DECLARE(zgeru); DECLARE(zgerc); DECLARE(dsyr); DECLARE(zher); DECLARE(dspr);
DECLARE(zhpr); DECLARE(dsyr2); DECLARE(zher2); DECLARE(dspr2); DECLARE(zhpr2);

struct routine {
	const char *name; /* Fortran name without the underscore */
	any_fn own, own_cblas, ref, ref_cblas;
};

#define ROUTINE(name) { #name, name##_, cblas_##name, NULL, NULL }
static struct routine routines[] = {
	ROUTINE(dtrsv), ROUTINE(ztrsv), ROUTINE(dtbsv), ROUTINE(ztbsv), ROUTINE(dtpsv),
	ROUTINE(ztpsv), ROUTINE(dger), ROUTINE(zgeru), ROUTINE(zgerc), ROUTINE(dsyr),
	ROUTINE(zher), ROUTINE(dspr), ROUTINE(zhpr), ROUTINE(dsyr2), ROUTINE(zher2),
	ROUTINE(dspr2), ROUTINE(zhpr2),
};
#define ROUTINE_COUNT ((int)(sizeof routines / sizeof routines[0]))

enum kind { SOLVE, GER, SYR, SYR2 };
enum storage { FULL, BAND, PACKED };
enum interface { FORTRAN, COL_MAJOR, ROW_MAJOR };
static const char *interface_names[] = { "fortran", "cblas-col", "cblas-row" };

/* One call: the routine, its options and sizes, the interface. */
struct call {
	int routine;
	enum kind kind;
	enum storage storage;
	int z, conj; /* complex; conjugate (zgerc and the Hermitian ones) */
	enum interface via;
	char uplo, trans, diag;
	int m, n, k, lda, incx, incy;
	double alpha[2];
	int ill; /* ill-conditioned data */
};

static void describe(const struct call *c, char *buf, size_t size)
{
	snprintf(buf, size,
		 "%s uplo=%c trans=%c diag=%c m=%d n=%d k=%d lda=%d incx=%d incy=%d "
		 "alpha=(%g,%g)%s",
		 interface_names[c->via], c->uplo, c->trans, c->diag, c->m, c->n, c->k, c->lda,
		 c->incx, c->incy, c->alpha[0], c->alpha[1], c->ill ? " ill-conditioned" : "");
}

static void setup(struct call *c, int routine)
{
	const char *name = routines[routine].name; /* d or z, then the operation */
	c->routine = routine;
	c->z = name[0] == 'z';
	c->conj = !strcmp(name, "zgerc") || name[1] == 'h';
	c->kind = strstr(name, "sv") ? SOLVE : strstr(name, "ger") ? GER
		: strchr(name, '2') ? SYR2 : SYR;
	if (c->kind == SOLVE)
		c->storage = name[2] == 'b' ? BAND : name[2] == 'p' ? PACKED : FULL;
	else
		c->storage = c->kind != GER && name[2] == 'p' ? PACKED : FULL;
}

/* ---- where the elements lie */

static int width(const struct call *c)
{
	return c->z ? 2 : 1;
}

/* The storage index (in elements) of A(i,j) for a column-major triangle or
 * matrix with the given uplo, or -1 when the storage does not hold it. */
static long cm_index(const struct call *c, char uplo, int i, int j)
{
	if (c->kind == GER)
		return i + (long)j * c->lda;
	if ((uplo == 'U' && i > j) || (uplo == 'L' && i < j))
		return -1;
	switch (c->storage) {
	case BAND:
		if (uplo == 'U')
			return j - i > c->k ? -1 : c->k + i - j + (long)j * c->lda;
		return i - j > c->k ? -1 : i - j + (long)j * c->lda;
	case PACKED:
		if (uplo == 'U')
			return (long)j * (j + 1) / 2 + i;
		return (long)j * c->n - (long)j * (j - 1) / 2 + i - j;
	default:
		return i + (long)j * c->lda;
	}
}

/* The index of the caller's A(i,j) (row major: the transpose's, uplo
 * swapped). */
static long a_index(const struct call *c, int i, int j)
{
	if (c->via != ROW_MAJOR)
		return cm_index(c, c->uplo, i, j);
	if (c->kind == GER)
		return (long)i * c->lda + j;
	return cm_index(c, c->uplo == 'U' ? 'L' : 'U', j, i);
}

static long a_size(const struct call *c)
{
	if (c->storage == PACKED)
		return (long)c->n * (c->n + 1) / 2;
	if (c->kind == GER && c->via == ROW_MAJOR)
		return (long)c->lda * (c->m > 0 ? c->m : 0);
	return (long)c->lda * (c->n > 0 ? c->n : 0);
}

static long v_at(int n, int inc, int i)
{
	return inc > 0 ? (long)i * inc : (long)(n - 1 - i) * -inc;
}

static long v_size(int n, int inc)
{
	return n <= 0 ? 0 : 1 + (long)(n - 1) * abs(inc);
}

/* ---- the data */

static double a0[MATRIX], a_own[MATRIX], a_ref[MATRIX];
static double xv0[VECTOR], x_own[VECTOR], x_ref[VECTOR], yv0[VECTOR];
static mpfr_t xe_re[MAX_N], xe_im[MAX_N];
static struct ex_sum re_sum, im_sum;

static double datum(void)
{
	return bh_sym();
}

/* Fills the problem's arrays: what a routine reads gets data, the rest
 * distinctive values that must keep their bits (NaN where the reference
 * reads nothing: the routine must not read it either). */
static void fill(const struct call *c)
{
	const int w = width(c), n = c->n;
	const int rows = c->kind == GER ? c->m : n;
	for (long i = 0; i < a_size(c) * w; i++)
		a0[i] = c->kind == SOLVE ? NAN : -1234.5;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < rows; i++) {
			long at = a_index(c, i, j);
			if (at < 0)
				continue;
			for (int p = 0; p < w; p++)
				a0[at * w + p] = datum();
			if (c->kind == SOLVE && i == j && c->diag == 'N') {
				/* a diagonal away from zero, or nearly singular */
				double d = (1.0 + fabs(bh_sym())) * (bh_int(0, 1) ? 1 : -1);
				a0[at * w] = d;
			}
		}
	int lenx = c->kind == GER ? c->m : n;
	for (long i = 0; i < VECTOR; i++)
		xv0[i] = yv0[i] = c->kind == SOLVE ? -4321.25 : NAN;
	for (int i = 0; i < lenx; i++)
		for (int p = 0; p < w; p++)
			xv0[v_at(lenx, c->incx, i) * w + p] = datum();
	for (int i = 0; i < n; i++)
		for (int p = 0; p < w; p++)
			yv0[v_at(n, c->incy, i) * w + p] = datum();
}

/* op(A)(i,j) of a solve: (re, im); 0 outside the triangle. */
static int op_a(const struct call *c, int i, int j, double *re, double *im)
{
	int t = c->trans != 'N';
	/* row major: the caller's A is the matrix; column major the same */
	long at = t ? a_index(c, j, i) : a_index(c, i, j);
	if (at < 0)
		return 0;
	if (i == j && c->diag == 'U') {
		*re = 1.0, *im = 0.0;
		return 1;
	}
	*re = a0[at * width(c)];
	*im = c->z ? a0[at * width(c) + 1] : 0.0;
	if (c->trans == 'C')
		*im = -*im;
	return 1;
}

/* ---- ill-conditioned solves: b = op(A) x with x random, one diagonal
 * element 1e-12: the solution's element there comes from a difference
 * that cancels to 12 digits */
static void make_ill_solve(struct call *c)
{
	const int w = width(c), n = c->n;
	int p = bh_int(n / 4, n / 2);
	long at = a_index(c, p, p);
	a0[at * w] = 1e-12 * (1.0 + fabs(bh_sym()));
	if (c->z)
		a0[at * w + 1] = 1e-12 * bh_sym();
	double xs[2 * MAX_N];
	for (int i = 0; i < w * n; i++)
		xs[i] = bh_sym();
	for (int i = 0; i < n; i++) {
		double sr = 0.0, si = 0.0;
		for (int j = 0; j < n; j++) {
			double ar, ai;
			if (!op_a(c, i, j, &ar, &ai))
				continue;
			double xr = xs[w * j], xi = c->z ? xs[w * j + 1] : 0.0;
			sr += ar * xr - ai * xi;
			si += ar * xi + ai * xr;
		}
		xv0[v_at(n, c->incx, i) * w] = sr;
		if (c->z)
			xv0[v_at(n, c->incx, i) * w + 1] = si;
	}
}

/* The exact solution of op(A) x = b in MPFR, into xe_re, xe_im. */
static void exact_solve(const struct call *c)
{
	const int n = c->n, w = width(c);
	/* op(A) is lower triangular for uplo L trans N and uplo U trans T, C
	 * (the caller's A in either layout: op_a reads it through a_index) */
	int lower = (c->uplo == 'L') == (c->trans == 'N');
	mpfr_t tr, ti, d, e, f;
	mpfr_inits2(EX_PREC, tr, ti, d, e, f, (mpfr_ptr)0);
	for (int i = 0; i < n; i++) {
		mpfr_set_d(xe_re[i], xv0[v_at(n, c->incx, i) * w], MPFR_RNDN);
		mpfr_set_d(xe_im[i], c->z ? xv0[v_at(n, c->incx, i) * w + 1] : 0.0, MPFR_RNDN);
	}
	for (int step = 0; step < n; step++) {
		int i = lower ? step : n - 1 - step;
		for (int j = 0; j < n; j++) {
			double ar, ai;
			if (j == i || !op_a(c, i, j, &ar, &ai))
				continue;
			/* x_i -= a x_j */
			mpfr_mul_d(tr, xe_re[j], ar, MPFR_RNDN);
			mpfr_mul_d(e, xe_im[j], ai, MPFR_RNDN);
			mpfr_sub(tr, tr, e, MPFR_RNDN);
			mpfr_mul_d(ti, xe_im[j], ar, MPFR_RNDN);
			mpfr_mul_d(e, xe_re[j], ai, MPFR_RNDN);
			mpfr_add(ti, ti, e, MPFR_RNDN);
			mpfr_sub(xe_re[i], xe_re[i], tr, MPFR_RNDN);
			mpfr_sub(xe_im[i], xe_im[i], ti, MPFR_RNDN);
		}
		double dr, di;
		op_a(c, i, i, &dr, &di);
		/* x_i / (dr + i di) = x_i (dr - i di) / (dr^2 + di^2) */
		mpfr_set_d(d, dr, MPFR_RNDN);
		mpfr_sqr(d, d, MPFR_RNDN);
		mpfr_set_d(e, di, MPFR_RNDN);
		mpfr_sqr(e, e, MPFR_RNDN);
		mpfr_add(d, d, e, MPFR_RNDN);
		mpfr_mul_d(tr, xe_re[i], dr, MPFR_RNDN);
		mpfr_mul_d(e, xe_im[i], di, MPFR_RNDN);
		mpfr_add(tr, tr, e, MPFR_RNDN);
		mpfr_mul_d(ti, xe_im[i], dr, MPFR_RNDN);
		mpfr_mul_d(e, xe_re[i], di, MPFR_RNDN);
		mpfr_sub(ti, ti, e, MPFR_RNDN);
		mpfr_div(xe_re[i], tr, d, MPFR_RNDN);
		mpfr_div(xe_im[i], ti, d, MPFR_RNDN);
	}
	mpfr_clears(tr, ti, d, e, f, (mpfr_ptr)0);
}

/* ---- the calls */

static int cblas_layout(const struct call *c)
{
	return c->via == ROW_MAJOR ? CblasRowMajor : CblasColMajor;
}

static int cblas_uplo(char u)
{
	return u == 'U' ? CblasUpper : u == 'L' ? CblasLower : 0;
}

static int cblas_trans(char t)
{
	return t == 'N' ? CblasNoTrans : t == 'T' ? CblasTrans : t == 'C' ? CblasConjTrans : 0;
}

static int cblas_diag(char d)
{
	return d == 'N' ? CblasNonUnit : d == 'U' ? CblasUnit : 0;
}

/* Runs the call on a (the matrix) and x (the solve's vector), with the
 * routine of twofold (own) or of the reference. */
static void run(const struct call *c, int own, double *a, double *x, const double *y)
{
	const struct routine *r = &routines[c->routine];
	any_fn fn = c->via == FORTRAN ? (own ? r->own : r->ref) : (own ? r->own_cblas : r->ref_cblas);
	const int layout = cblas_layout(c);
	const double *xin = xv0;
	if (c->via == FORTRAN) {
		switch (c->kind) {
		case SOLVE:
			if (c->storage == FULL)
				((trsv_fn)fn)(&c->uplo, &c->trans, &c->diag, &c->n, a, &c->lda, x,
					      &c->incx, 1, 1, 1);
			else if (c->storage == BAND)
				((tbsv_fn)fn)(&c->uplo, &c->trans, &c->diag, &c->n, &c->k, a, &c->lda,
					      x, &c->incx, 1, 1, 1);
			else
				((tpsv_fn)fn)(&c->uplo, &c->trans, &c->diag, &c->n, a, x, &c->incx, 1,
					      1, 1);
			return;
		case GER:
			((ger_fn)fn)(&c->m, &c->n, c->alpha, xin, &c->incx, y, &c->incy, a, &c->lda);
			return;
		case SYR:
			if (c->storage == FULL)
				((syr_fn)fn)(&c->uplo, &c->n, c->alpha, xin, &c->incx, a, &c->lda, 1);
			else
				((spr_fn)fn)(&c->uplo, &c->n, c->alpha, xin, &c->incx, a, 1);
			return;
		case SYR2:
			if (c->storage == FULL)
				((syr2_fn)fn)(&c->uplo, &c->n, c->alpha, xin, &c->incx, y, &c->incy, a,
					      &c->lda, 1);
			else
				((spr2_fn)fn)(&c->uplo, &c->n, c->alpha, xin, &c->incx, y, &c->incy, a,
					      1);
			return;
		}
	}
	int u = cblas_uplo(c->uplo), t = cblas_trans(c->trans), d = cblas_diag(c->diag);
	switch (c->kind) {
	case SOLVE:
		if (c->storage == FULL)
			((cblas_trsv_fn)fn)(layout, u, t, d, c->n, a, c->lda, x, c->incx);
		else if (c->storage == BAND)
			((cblas_tbsv_fn)fn)(layout, u, t, d, c->n, c->k, a, c->lda, x, c->incx);
		else
			((cblas_tpsv_fn)fn)(layout, u, t, d, c->n, a, x, c->incx);
		return;
	case GER:
		if (c->z)
			((cblas_zger_fn)fn)(layout, c->m, c->n, c->alpha, xin, c->incx, y, c->incy, a,
					    c->lda);
		else
			((cblas_dger_fn)fn)(layout, c->m, c->n, c->alpha[0], xin, c->incx, y, c->incy,
					    a, c->lda);
		return;
	case SYR:
		if (c->storage == FULL)
			((cblas_syr_fn)fn)(layout, u, c->n, c->alpha[0], xin, c->incx, a, c->lda);
		else
			((cblas_spr_fn)fn)(layout, u, c->n, c->alpha[0], xin, c->incx, a);
		return;
	case SYR2:
		if (c->z && c->storage == FULL)
			((cblas_zsyr2_fn)fn)(layout, u, c->n, c->alpha, xin, c->incx, y, c->incy, a,
					     c->lda);
		else if (c->z)
			((cblas_zspr2_fn)fn)(layout, u, c->n, c->alpha, xin, c->incx, y, c->incy, a);
		else if (c->storage == FULL)
			((cblas_dsyr2_fn)fn)(layout, u, c->n, c->alpha[0], xin, c->incx, y, c->incy, a,
					     c->lda);
		else
			((cblas_dspr2_fn)fn)(layout, u, c->n, c->alpha[0], xin, c->incx, y, c->incy,
					     a);
		return;
	}
}

/* ---- the verdicts */

static int finite2(const double *v, int w)
{
	return isfinite(v[0]) && (w == 1 || isfinite(v[1]));
}

/* cpu mode: every bit of the output's storage is the reference's. */
static int same_storage(const double *got, const double *ref, long count)
{
	for (long i = 0; i < count; i++)
		if (!bh_same(got[i], ref[i]))
			return 0;
	return 1;
}

/* The exact update of element (i, j) into the sums: C + alpha u v^(H) ... */
static void add_product(const struct call *c, const double *alpha, const double *u,
			const double *v, int conj_v)
{
	double ar = alpha[0], ai = c->z ? alpha[1] : 0.0;
	double ur = u[0], ui = c->z ? u[1] : 0.0;
	double vr = v[0], vi = c->z ? (conj_v ? -v[1] : v[1]) : 0.0;
	/* alpha u v: re = ar ur vr - ar ui vi - ai ur vi - ai ui vr */
	ex_sum_add(&re_sum, ar, ur, vr);
	ex_sum_add(&re_sum, -ar, ui, vi);
	ex_sum_add(&re_sum, -ai, ur, vi);
	ex_sum_add(&re_sum, -ai, ui, vr);
	ex_sum_add(&im_sum, ar, ur, vi);
	ex_sum_add(&im_sum, ar, ui, vr);
	ex_sum_add(&im_sum, ai, ur, vr);
	ex_sum_add(&im_sum, -ai, ui, vi);
}

/* Whether element (i, j) of an update's matrix is written. */
static int updated(const struct call *c, int i, int j)
{
	if (c->kind == GER)
		return 1;
	return c->uplo == 'U' ? i <= j : i >= j;
}

/* dd mode: the update's elements against the exact sums; the rest of the
 * storage unchanged.  Returns the number of elements outside the bounds
 * (ill-conditioned cases in cpu mode count them without failing). */
static int judge_update(const struct call *c, const double *a, const char *label, int report)
{
	const int w = width(c), n = c->n, rows = c->kind == GER ? c->m : n;
	const char *name = routines[c->routine].name;
	static unsigned char written[MATRIX];
	memset(written, 0, sizeof written);
	int outside = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < rows; i++) {
			if (!updated(c, i, j))
				continue;
			long at = a_index(c, i, j);
			written[at] = 1;
			const double *got = a + at * w;
			const double *x = xv0, *y = yv0;
			const double *xi = x + v_at(rows, c->incx, i) * w;
			ex_sum_reset(&re_sum);
			ex_sum_reset(&im_sum);
			ex_sum_add(&re_sum, a0[at * w], 1.0, 1.0);
			if (c->z)
				ex_sum_add(&im_sum, a0[at * w + 1], 1.0, 1.0);
			int terms = 2;
			if (c->kind == GER) {
				add_product(c, c->alpha, xi, y + v_at(n, c->incy, j) * w, c->conj);
			} else if (c->kind == SYR) {
				double alpha[2] = { c->alpha[0], 0.0 };
				add_product(c, alpha, xi, x + v_at(n, c->incx, j) * w, c->conj);
			} else {
				double calpha[2] = { c->alpha[0], c->conj ? -c->alpha[1] : c->alpha[1] };
				add_product(c, c->alpha, xi, y + v_at(n, c->incy, j) * w, c->conj);
				add_product(c, calpha, y + v_at(n, c->incy, i) * w,
					    x + v_at(n, c->incx, j) * w, c->conj);
				terms = 3;
			}
			double ure = 0.0, uim = 0.0;
			int ok = ex_judge_sum(&re_sum, got[0], terms, &ure);
			if (c->z) {
				if (c->conj && c->kind != GER && i == j &&
				    (c->alpha[0] != 0.0 || c->alpha[1] != 0.0))
					ok &= got[1] == 0.0; /* the diagonal is made real */
				else
					ok &= ex_judge_sum(&im_sum, got[1], terms, &uim);
			}
			outside += !ok;
			if (report)
				bh_verdict(name, ok, "%s: element (%d,%d) = (%.17g, %.17g), %.3g and %.3g ulps off",
					   label, i + 1, j + 1, got[0], c->z ? got[1] : 0.0, ure, uim);
		}
	if (report) {
		long size = a_size(c);
		int kept = 1;
		for (long i = 0; i < size; i++)
			if (!written[i])
				for (int p = 0; p < w; p++)
					kept &= bh_same(a[i * w + p], a0[i * w + p]);
		bh_verdict(name, kept, "%s: an element it must not write was changed", label);
	}
	return outside;
}

/* The scale of x_i's error in a substitution: (|op(A)^-1| |op(A)| |x|)_i,
 * since the computed solution solves (op(A) + E) x = b with |E| a small
 * multiple of |op(A)| (the rounding unit 2^-104 in DD); op(A)^-1 from a
 * substitution in double, which is close enough to scale a bound. */
static void solve_magnitudes(const struct call *c, double *s)
{
	const int n = c->n;
	static double _Complex opa[MAX_N][MAX_N], inv[MAX_N][MAX_N];
	double v[MAX_N];
	int lower = (c->uplo == 'L') == (c->trans == 'N');
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			double re = 0.0, im = 0.0;
			op_a(c, i, j, &re, &im);
			opa[i][j] = re + im * I;
		}
	for (int col = 0; col < n; col++)
		for (int step = 0; step < n; step++) {
			int i = lower ? step : n - 1 - step;
			double _Complex sum = i == col ? 1.0 : 0.0;
			for (int j = 0; j < n; j++)
				if (j != i && (lower ? j < i : j > i))
					sum -= opa[i][j] * inv[j][col];
			inv[i][col] = sum / opa[i][i];
		}
	for (int j = 0; j < n; j++) {
		v[j] = 0.0;
		for (int l = 0; l < n; l++)
			v[j] += cabs(opa[j][l]) * hypot(mpfr_get_d(xe_re[l], MPFR_RNDN),
							mpfr_get_d(xe_im[l], MPFR_RNDN));
	}
	for (int i = 0; i < n; i++) {
		s[i] = 0.0;
		for (int j = 0; j < n; j++)
			s[i] += cabs(inv[i][j]) * v[j];
	}
}

static int judge_solve(const struct call *c, const double *x, const char *label, int report)
{
	const int w = width(c), n = c->n;
	const char *name = routines[c->routine].name;
	double magnitude[MAX_N];
	exact_solve(c);
	solve_magnitudes(c, magnitude);
	int outside = 0;
	for (int i = 0; i < n; i++) {
		const double *got = x + v_at(n, c->incx, i) * w;
		double ure = 0.0, uim = 0.0;
		int ok = ex_judge(xe_re[i], got[0], magnitude[i], n, &ure);
		if (c->z)
			ok &= ex_judge(xe_im[i], got[1], magnitude[i], n, &uim);
		outside += !ok;
		if (report)
			bh_verdict(name, ok, "%s: x(%d) = (%.17g, %.17g), %.3g and %.3g ulps off", label,
				   i + 1, got[0], c->z ? got[1] : 0.0, ure, uim);
	}
	if (report) {
		/* the gaps between the strided elements keep their bits */
		int kept = 1;
		for (long i = 0; i < v_size(n, c->incx); i++)
			if (c->incx != 1 && c->incx != -1 && i % abs(c->incx) != 0)
				for (int p = 0; p < w; p++)
					kept &= bh_same(x[i * w + p], xv0[i * w + p]);
		bh_verdict(name, kept, "%s: an element between the strided ones was changed", label);
	}
	return outside;
}

/* dd mode with Inf or NaN in the data: every element that is not finite
 * in either result is the reference's, bit for bit, and the others agree
 * to 1e-10 relative (the data are well-conditioned). */
static void judge_nonfinite(const struct call *c, const double *got, const double *ref,
			    long count, const char *label)
{
	const int w = width(c);
	int ok = 1;
	long bad = -1;
	for (long i = 0; i < count && ok; i++) {
		const double *g = got + i * w, *r = ref + i * w;
		if (!finite2(g, w) || !finite2(r, w))
			ok = bh_same(g[0], r[0]) && (w == 1 || bh_same(g[1], r[1]));
		else
			for (int p = 0; p < w; p++)
				ok &= fabs(g[p] - r[p]) <= 1e-10 * (fabs(r[p]) + 1e-300) ||
				      fabs(g[p] - r[p]) <= 1e-14;
		if (!ok)
			bad = i;
	}
	bh_verdict(routines[c->routine].name, ok, "%s: storage element %ld: got (%.17g, %.17g), reference (%.17g, %.17g)",
		   label, bad, bad >= 0 ? got[bad * w] : 0.0, bad >= 0 && w == 2 ? got[bad * w + 1] : 0.0,
		   bad >= 0 ? ref[bad * w] : 0.0, bad >= 0 && w == 2 ? ref[bad * w + 1] : 0.0);
}

/* FNV-1a over the bits of every output of twofold: the same for any
 * thread count and CPU kernel (test/blas/blas2s_bits.sh compares). */
static uint64_t checksum = 14695981039346656037ull;

static void add_to_checksum(const double *v, long count)
{
	const unsigned char *bytes = (const unsigned char *)v;
	for (size_t i = 0; i < (size_t)count * sizeof *v; i++)
		checksum = (checksum ^ bytes[i]) * 1099511628211ull;
}

/* One call: twofold's and the reference's on copies of the same data. */
static void check(struct call *c, int nonfinite)
{
	const int w = width(c);
	char label[256];
	describe(c, label, sizeof label);
	fill(c);
	if (c->ill && c->kind == SOLVE)
		make_ill_solve(c);
	if (c->ill && c->kind != SOLVE) {
		/* C = -(alpha x y^T ...) rounded, times 1 + 2^-40 r: the update cancels */
		const int rows = c->kind == GER ? c->m : c->n;
		for (int j = 0; j < c->n; j++)
			for (int i = 0; i < rows; i++) {
				if (!updated(c, i, j))
					continue;
				long at = a_index(c, i, j);
				ex_sum_reset(&re_sum);
				ex_sum_reset(&im_sum);
				a0[at * w] = 0.0;
				if (c->z)
					a0[at * w + 1] = 0.0;
				const double *xi = xv0 + v_at(rows, c->incx, i) * w;
				double alpha[2] = { c->alpha[0], c->kind == SYR ? 0.0 : c->alpha[1] };
				if (c->kind == SYR)
					add_product(c, alpha, xi, xv0 + v_at(c->n, c->incx, j) * w, c->conj);
				else
					add_product(c, alpha, xi, yv0 + v_at(c->n, c->incy, j) * w, c->conj);
				if (c->kind == SYR2) {
					double ca[2] = { c->alpha[0], c->conj ? -c->alpha[1] : c->alpha[1] };
					add_product(c, ca, yv0 + v_at(c->n, c->incy, i) * w,
						    xv0 + v_at(c->n, c->incx, j) * w, c->conj);
				}
				mpfr_t v;
				mpfr_init2(v, EX_PREC);
				ex_sum_value(&re_sum, v);
				a0[at * w] = -mpfr_get_d(v, MPFR_RNDN) * (1.0 + ldexp(bh_sym(), -40));
				if (c->z) {
					ex_sum_value(&im_sum, v);
					a0[at * w + 1] = -mpfr_get_d(v, MPFR_RNDN) * (1.0 + ldexp(bh_sym(), -40));
					if (c->conj && c->kind != GER && i == j)
						a0[at * w + 1] = 0.0;
				}
				mpfr_clear(v);
			}
	}
	if (nonfinite) {
		/* one Inf or NaN: in alpha, in x, or in the stored matrix */
		static const double specials[] = { INFINITY, -INFINITY, NAN };
		double special = specials[bh_int(0, 2)];
		int rows = c->kind == GER ? c->m : c->n, where = bh_int(c->kind == SOLVE, 2);
		int i = bh_int(0, rows - 1), j = bh_int(0, c->n - 1);
		if (where == 0)
			c->alpha[0] = special;
		else if (where == 1)
			xv0[v_at(rows, c->incx, i) * w + bh_int(0, w - 1)] = special;
		else if (c->kind == SOLVE && c->diag == 'N' && bh_int(0, 2) == 0) {
			/* a zero on the diagonal: Inf or NaN, as the reference makes them */
			long at = a_index(c, i, i);
			a0[at * w] = 0.0;
			if (c->z)
				a0[at * w + 1] = 0.0;
		} else {
			long at = a_index(c, i, j);
			if (at < 0 || (c->kind != SOLVE && !updated(c, i, j)))
				at = a_index(c, j, i);
			if (at < 0)
				at = a_index(c, i, i);
			a0[at * w + bh_int(0, w - 1)] = special;
		}
	}
	long asize = a_size(c) * w, xsize = v_size(c->kind == GER ? c->m : c->n, c->incx) * w;
	memcpy(a_own, a0, asize * sizeof *a0);
	memcpy(a_ref, a0, asize * sizeof *a0);
	memcpy(x_own, xv0, sizeof xv0);
	memcpy(x_ref, xv0, sizeof xv0);
	run(c, 1, a_own, x_own, yv0);
	run(c, 0, a_ref, x_ref, yv0);
	const char *name = routines[c->routine].name;
	double *got = c->kind == SOLVE ? x_own : a_own, *ref = c->kind == SOLVE ? x_ref : a_ref;
	long count = c->kind == SOLVE ? xsize : asize;
	add_to_checksum(got, count);
	if (bh_mode == BH_CPU) {
		bh_verdict(name, same_storage(got, ref, count) &&
				 same_storage(a_own, a0, c->kind == SOLVE ? asize : 0) &&
				 same_storage(x_own, xv0, c->kind == SOLVE ? 0 : xsize),
			   "%s: not the reference's bits", label);
		if (c->ill) {
			int outside = c->kind == SOLVE ? judge_solve(c, got, label, 0)
						       : judge_update(c, got, label, 0);
			bh_ill_conditioned(name, outside == 0);
		}
		return;
	}
	if (nonfinite) {
		judge_nonfinite(c, got, ref, count / w, label);
		return;
	}
	if (c->kind == SOLVE)
		judge_solve(c, got, label, 1);
	else
		judge_update(c, got, label, 1);
	/* the inputs keep their bits */
	bh_verdict(name, same_storage(c->kind == SOLVE ? a_own : x_own, c->kind == SOLVE ? a0 : xv0,
				      c->kind == SOLVE ? asize : xsize),
		   "%s: an input was changed", label);
}

/* ---- illegal arguments: the routine name and parameter number of the
 * reference, through the program's own xerbla_ */

static char reported_name[8];
static int reported_info;

void xerbla_(const char *name, const int *info, size_t len);
void xerbla_(const char *name, const int *info, size_t len)
{
	memset(reported_name, 0, sizeof reported_name);
	memcpy(reported_name, name, len < 7 ? len : 7);
	reported_info = *info;
}

static void check_illegal(struct call *c, const char *what)
{
	char label[300], own_name[8];
	describe(c, label, sizeof label);
	c->via = FORTRAN;
	memset(a_own, 0, sizeof a_own);
	memset(x_own, 0, sizeof x_own);
	reported_info = 0;
	run(c, 1, a_own, x_own, x_own);
	int own_info = reported_info;
	memcpy(own_name, reported_name, sizeof own_name);
	reported_info = 0;
	run(c, 0, a_own, x_own, x_own);
	bh_verdict(routines[c->routine].name,
		   own_info == reported_info && own_info != 0 && !strcmp(own_name, reported_name),
		   "%s (%s): reported %s parameter %d, the reference %s parameter %d", label, what,
		   own_name, own_info, reported_name, reported_info);
}

/* ---- the cases */

static const int incs[] = { 1, 2, -1, -3 };
static const char trans_options[] = "NTC";

static void random_alpha(struct call *c)
{
	static const double alphas[] = { 0.0, 1.0, -1.0 };
	int pick = bh_int(0, 4);
	c->alpha[0] = pick < 3 ? alphas[pick] : bh_scaled();
	c->alpha[1] = c->z && pick >= 3 && c->kind != SYR ? bh_scaled() : 0.0;
}

static void sizes(struct call *c, int n)
{
	c->n = n;
	c->m = c->kind == GER ? bh_int(0, 1) ? n : bh_int(0, 60) : 0;
	int rows = c->kind == GER ? c->m : n;
	c->k = c->storage == BAND ? bh_int(0, n > 0 ? n : 1) : 0;
	int need = c->storage == BAND ? c->k + 1 : rows > 1 ? rows : 1;
	c->lda = c->storage == PACKED ? 0 : need + bh_int(0, 3);
	if (c->via == ROW_MAJOR && c->kind == GER)
		c->lda = (n > 1 ? n : 1) + bh_int(0, 3);
	c->incx = incs[bh_int(0, 3)];
	c->incy = incs[bh_int(0, 3)];
}

int main(int argc, char **argv)
{
	bh_start(argc, argv, "");
	for (int r = 0; r < ROUTINE_COUNT; r++) {
		char sym[32];
		snprintf(sym, sizeof sym, "%s_", routines[r].name);
		routines[r].ref = (any_fn)bh_reference(sym);
		snprintf(sym, sizeof sym, "cblas_%s", routines[r].name);
		routines[r].ref_cblas = (any_fn)bh_reference(sym);
	}
	for (int i = 0; i < MAX_N; i++)
		mpfr_inits2(EX_PREC, xe_re[i], xe_im[i], (mpfr_ptr)0);
	ex_sum_init(&re_sum, 16);
	ex_sum_init(&im_sum, 16);
	static const int ns[] = { 0, 1, 2, 3, 5, 8, 17, 33, 48 };

	for (int r = 0; r < ROUTINE_COUNT; r++) {
		struct call c = { 0 };
		setup(&c, r);
		int solve = c.kind == SOLVE;
		for (int via = FORTRAN; via <= ROW_MAJOR; via++)
			for (int u = 0; u < 2; u++)
				for (int t = 0; t < (solve ? 3 : 1); t++)
					for (int d = 0; d < (solve ? 2 : 1); d++)
						for (int s = 0; s < 3; s++) {
							c.via = via;
							c.uplo = "UL"[u];
							c.trans = solve ? trans_options[t] : 'N';
							c.diag = solve ? "NU"[d] : 'N';
							sizes(&c, ns[bh_int(0, 8)]);
							random_alpha(&c);
							c.ill = 0;
							check(&c, 0);
						}
		/* nearly singular triangles and cancelling updates */
		for (int via = FORTRAN; via <= ROW_MAJOR; via++)
			for (int trial = 0; trial < (solve ? 12 : 6); trial++) {
				c.via = via;
				c.uplo = "UL"[trial & 1];
				c.trans = solve ? trans_options[trial / 2 % 3] : 'N';
				c.diag = 'N';
				sizes(&c, bh_int(24, 64));
				if (c.kind == GER) {
					c.m = c.n;
					if (c.via != ROW_MAJOR)
						c.lda = c.m + bh_int(0, 3);
				}
				if (c.storage == BAND)
					c.k = c.n - 1;
				if (c.storage == BAND)
					c.lda = c.k + 1;
				random_alpha(&c);
				if (c.alpha[0] == 0.0)
					c.alpha[0] = 1.0;
				c.ill = 1;
				check(&c, 0);
			}
		/* Inf and NaN */
		for (int trial = 0; trial < 24; trial++) {
			c.via = trial % 3;
			c.uplo = "UL"[bh_int(0, 1)];
			c.trans = solve ? trans_options[bh_int(0, 2)] : 'N';
			c.diag = solve ? "NU"[bh_int(0, 1)] : 'N';
			sizes(&c, bh_int(1, 12));
			if (c.kind == GER && c.m == 0) {
				c.m = c.n;
				if (c.via != ROW_MAJOR)
					c.lda = c.m + 1;
			}
			random_alpha(&c);
			if (c.alpha[0] == 0.0 && c.alpha[1] == 0.0)
				c.alpha[0] = 2.0;
			c.ill = 0;
			check(&c, 1);
		}
		/* large updates: the thread pool's columns */
		if (!solve) {
			c.via = FORTRAN;
			c.uplo = "UL"[bh_int(0, 1)];
			sizes(&c, MAX_N - bh_int(0, 20));
			c.m = c.kind == GER ? MAX_N - 40 : 0;
			c.lda = c.storage == PACKED ? 0 : (c.kind == GER ? c.m : c.n) + bh_int(0, 3);
			random_alpha(&c);
			c.ill = 0;
			check(&c, 0);
		}
		/* illegal arguments, one at a time */
		struct call good = c;
		good.via = FORTRAN;
		good.uplo = 'U', good.trans = 'N', good.diag = 'N';
		good.n = 2, good.m = 2, good.k = 1, good.lda = 2, good.incx = good.incy = 1;
		good.alpha[0] = 1.0, good.alpha[1] = 0.0;
		struct call bad;
		bad = good, bad.uplo = 'X';
		if (c.kind != GER)
			check_illegal(&bad, "uplo");
		bad = good, bad.trans = 'X';
		if (solve)
			check_illegal(&bad, "trans");
		bad = good, bad.diag = 'X';
		if (solve)
			check_illegal(&bad, "diag");
		bad = good, bad.n = -1;
		check_illegal(&bad, "n");
		bad = good, bad.m = -1;
		if (c.kind == GER)
			check_illegal(&bad, "m");
		bad = good, bad.k = -1;
		if (c.storage == BAND)
			check_illegal(&bad, "k");
		bad = good, bad.lda = c.storage == BAND ? 1 : 1, bad.k = c.storage == BAND ? 1 : 0;
		if (c.storage != PACKED)
			check_illegal(&bad, "lda");
		bad = good, bad.incx = 0;
		check_illegal(&bad, "incx");
		bad = good, bad.incy = 0;
		if (c.kind == GER || c.kind == SYR2)
			check_illegal(&bad, "incy");
	}
	printf("%% checksum: %016llx\n", (unsigned long long)checksum);
	return bh_finish();
}
