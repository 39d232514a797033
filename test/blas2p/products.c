#include "config.h"

/* The Level 2 products in dd and cpu mode (test/blas/harness.h): dgemv,
 * zgemv, dgbmv, zgbmv, dsymv, zhemv, dsbmv, zhbmv, dspmv, zhpmv, dtrmv,
 * ztrmv, dtbmv, ztbmv, dtpmv, ztpmv, each by its Fortran symbol and by
 * CBLAS in both layouts (the routines under test are the process's
 * symbols: libtwofold's, preloaded).
 *
 *   products dd|cpu [SET...]   (default: every set)
 * SETs: main (random problems, every routine and option, strides negative
 * included, lda above the minimum, alpha and beta in {0, 1, -1, random}),
 * cancel (ill-conditioned: y elements that cancel), zero (beta = 0 over
 * NaN in y, which must not be read; alpha = 0 over NaN in A and x),
 * nonfinite (Inf and NaN in A, x and y, small integer data so that every
 * finite sum is exact: every element the reference's), large (n up to
 * 700: the thread pool).  dd mode judges every element against MPFR
 * (large problems: a sample), and the nonfinite set against the
 * reference's Fortran routine; cpu mode wants the reference's bits from
 * every call, and the cancel set outside the bounds.  Storage that a
 * routine must not read (lda padding, the other triangle, a unit diagonal,
 * a Hermitian diagonal's imaginary part, the gaps of strided x) holds NaN;
 * y's gaps hold a sentinel that must not change.  "% digest: H" is a hash
 * of every result's bits, for test/blas/run.sh to compare configurations. */
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/blas/exact.h"
#include "test/blas/harness.h"
#include "test/splitmix64.h"

#define SENTINEL (-777.25)

enum kind { GEMV, SYMV, TRMV };
enum storage { FULL, BAND, PACKED };
enum way { FORTRAN, COL_MAJOR, ROW_MAJOR };
enum check { JUDGE, REFERENCE, CLASSES }; /* MPFR; the reference's bits; its Fortran's */

/* One problem, described as the column-major view that the reference's
 * Fortran routine computes: y = alpha op(A) x + beta y (TRMV: y = op(A) y).
 * transpose and conj say what op is (conj without transpose arises from a
 * row-major conjugate transpose); for SYMV conj is that of the whole
 * matrix (a row-major Hermitian one). */
struct problem {
	enum kind kind;
	enum storage storage;
	int z, w;             /* complex; doubles per element */
	int transpose, conj;
	char uplo, diag;
	int m, n, kl, ku, k;  /* GEMV: m x n (kl, ku); else n x n (k) */
	int lda, incx, incy;
	double alpha[2], beta[2];
	double *a, *x, *y;    /* TRMV: the vector is y */
	size_t asize, xsize, ysize; /* in doubles */
	int lenx, leny;
};

static uint64_t digest = 1469598103934665603u;

static void hash(const double *v, size_t count)
{
	const unsigned char *b = (const unsigned char *)v;
	for (size_t i = 0; i < count * sizeof *v; i++)
		digest = (digest ^ b[i]) * 1099511628211u;
}

/* count elements of size bytes from malloc; the harness stops (99)
 * without them */
static void *allocation(size_t count, size_t size)
{
	void *p = malloc(count * size);
	if (!p) {
		printf("harness error: out of memory\n");
		exit(99);
	}
	return p;
}

static double random_value(void)
{
	return bh_scaled();
}

static double small_integer(void)
{
	return (double)bh_int(-3, 3);
}

/* ----------------------------------------------------------- the matrix */

/* Where A(r, c) of the stored part is, or NULL outside it. */
static double *stored(const struct problem *p, int r, int c)
{
	size_t w = (size_t)p->w, lda = (size_t)p->lda, at;
	if (p->kind == GEMV) {
		if (p->storage == FULL)
			at = r + c * lda;
		else if (c - p->ku <= r && r <= c + p->kl)
			at = (size_t)(p->ku + r - c) + c * lda;
		else
			return NULL;
		return p->a + at * w;
	}
	if (p->uplo == 'U' ? r > c : r < c)
		return NULL;
	if (p->storage == BAND && abs(r - c) > p->k)
		return NULL;
	if (p->storage == FULL)
		at = r + c * lda;
	else if (p->storage == BAND)
		at = (size_t)(p->uplo == 'U' ? p->k + r - c : r - c) + c * lda;
	else if (p->uplo == 'U')
		at = (size_t)r + (size_t)c * (c + 1) / 2;
	else
		at = (size_t)c * p->n - (size_t)c * (c - 1) / 2 + (size_t)(r - c);
	return p->a + at * w;
}

/* Element (i, j) of the operator: op(A), or the full symmetric or
 * Hermitian matrix; v = (re, im).  Whether it is structurally nonzero. */
static int op_element(const struct problem *p, int i, int j, double v[2])
{
	v[0] = v[1] = 0.0;
	const double *e;
	int conj = p->conj;
	if (p->kind == SYMV) {
		e = stored(p, i, j);
		if (!e) {
			e = stored(p, j, i);
			conj ^= p->z;
		}
		if (!e)
			return 0;
		v[0] = e[0];
		v[1] = p->z && i != j ? e[1] : 0.0;
	} else {
		int r = p->transpose ? j : i, c = p->transpose ? i : j;
		if (p->kind == TRMV && r == c && p->diag == 'U') {
			v[0] = 1.0;
			return 1;
		}
		e = stored(p, r, c);
		if (!e)
			return 0;
		v[0] = e[0];
		v[1] = p->z ? e[1] : 0.0;
	}
	if (conj)
		v[1] = -v[1];
	return 1;
}

/* A's storage: NaN everywhere, then a value at every element the routine
 * reads (not the unit diagonal, nor a Hermitian diagonal's imaginary part). */
static void fill_matrix(struct problem *p, double (*value)(void))
{
	int rows = p->kind == GEMV ? p->m : p->n, cols = p->n;
	for (size_t i = 0; i < p->asize; i++)
		p->a[i] = NAN;
	for (int c = 0; c < cols; c++)
		for (int r = 0; r < rows; r++) {
			double *e = stored(p, r, c);
			if (!e || (p->kind == TRMV && r == c && p->diag == 'U'))
				continue;
			e[0] = value();
			if (p->z)
				e[1] = p->kind == SYMV && r == c ? NAN : value();
		}
}

static double *vector_element(double *v, int w, int len, int inc, int i)
{
	size_t at = inc > 0 ? (size_t)i * inc : (size_t)(len - 1 - i) * (size_t)-inc;
	return v + at * w;
}

/* ----------------------------------------------------------- a problem */

static int pick(int lo, int hi)
{
	return bh_int(lo, hi);
}

static int stride(void)
{
	static const int strides[] = { 1, 1, 1, 2, -1, -3 };
	return strides[pick(0, 5)];
}

static void pick_scalar(double s[2], int z, int scalar_kind)
{
	static const double fixed[] = { 0.0, 1.0, -1.0 };
	s[1] = 0.0;
	if (scalar_kind < 3) {
		s[0] = fixed[scalar_kind];
		return;
	}
	s[0] = random_value();
	if (z)
		s[1] = random_value();
}

/* Allocates p's arrays for its shape and fills them: A by value, x by
 * value, y by value (NaN when y is not read). */
static void allocate(struct problem *p, double (*value)(void), int y_unread)
{
	size_t w = (size_t)p->w;
	if (p->storage == PACKED)
		p->asize = (size_t)p->n * (p->n + 1) / 2 * w;
	else
		p->asize = (size_t)p->lda * p->n * w;
	if (p->asize == 0)
		p->asize = w;
	p->a = allocation(p->asize, sizeof *p->a);
	fill_matrix(p, value);
	if (p->kind == GEMV) {
		p->lenx = p->transpose ? p->m : p->n;
		p->leny = p->transpose ? p->n : p->m;
	} else {
		p->lenx = p->leny = p->n;
	}
	p->xsize = ((size_t)(p->lenx > 0 ? p->lenx - 1 : 0) * abs(p->incx) + 1) * w;
	p->ysize = ((size_t)(p->leny > 0 ? p->leny - 1 : 0) * abs(p->incy) + 1) * w;
	p->x = allocation(p->xsize, sizeof *p->x);
	p->y = allocation(p->ysize, sizeof *p->y);
	for (size_t i = 0; i < p->xsize; i++)
		p->x[i] = NAN;
	for (size_t i = 0; i < p->ysize; i++)
		p->y[i] = SENTINEL;
	if (p->kind != TRMV)
		for (int i = 0; i < p->lenx; i++) {
			double *e = vector_element(p->x, p->w, p->lenx, p->incx, i);
			e[0] = value();
			if (p->z)
				e[1] = value();
		}
	for (int i = 0; i < p->leny; i++) {
		double *e = vector_element(p->y, p->w, p->leny, p->incy, i);
		e[0] = y_unread ? NAN : value();
		if (p->z)
			e[1] = y_unread ? NAN : value();
	}
}

static void release(struct problem *p)
{
	free(p->a);
	free(p->x);
	free(p->y);
}

/* A random problem of the kind and storage; n up to max_n. */
static void make(struct problem *p, enum kind kind, enum storage storage, int z, int max_n)
{
	memset(p, 0, sizeof *p);
	p->kind = kind;
	p->storage = storage;
	p->z = z;
	p->w = z ? 2 : 1;
	p->n = pick(1, max_n);
	p->m = kind == GEMV ? pick(1, max_n) : p->n;
	p->uplo = pick(0, 1) ? 'U' : 'L';
	p->diag = kind == TRMV && pick(0, 2) == 0 ? 'U' : 'N';
	/* op: N, T, C, or (complex, by row-major calls only) conj without
	 * transpose; SYMV: the matrix or (complex, row major) its conjugate */
	p->transpose = kind != SYMV && pick(0, 2) > 0;
	p->conj = z && pick(0, 1);
	p->kl = pick(0, 4);
	p->ku = pick(0, 4);
	p->k = pick(0, 5);
	int rows = kind == GEMV ? p->m : p->n;
	p->lda = storage == BAND ? (kind == GEMV ? p->kl + p->ku + 1 : p->k + 1) : rows;
	p->lda += pick(0, 1) * pick(1, 3);
	p->incx = stride();
	p->incy = stride();
	pick_scalar(p->alpha, z, pick(0, 6) == 0 ? pick(1, 2) : 3);
	pick_scalar(p->beta, z, pick(0, 3));
}

/* ----------------------------------------------------------- the calls */

typedef void gemv_fn(const char *, const int *, const int *, const double *, const double *,
		     const int *, const double *, const int *, const double *, double *,
		     const int *, size_t);
typedef void gbmv_fn(const char *, const int *, const int *, const int *, const int *,
		     const double *, const double *, const int *, const double *, const int *,
		     const double *, double *, const int *, size_t);
typedef void symv_fn(const char *, const int *, const double *, const double *, const int *,
		     const double *, const int *, const double *, double *, const int *, size_t);
typedef void sbmv_fn(const char *, const int *, const int *, const double *, const double *,
		     const int *, const double *, const int *, const double *, double *,
		     const int *, size_t);
typedef void spmv_fn(const char *, const int *, const double *, const double *, const double *,
		     const int *, const double *, double *, const int *, size_t);
typedef void trmv_fn(const char *, const char *, const char *, const int *, const double *,
		     const int *, double *, const int *, size_t, size_t, size_t);
typedef void tbmv_fn(const char *, const char *, const char *, const int *, const int *,
		     const double *, const int *, double *, const int *, size_t, size_t, size_t);
typedef void tpmv_fn(const char *, const char *, const char *, const int *, const double *,
		     double *, const int *, size_t, size_t, size_t);
/* CBLAS: real scalars by value, complex ones by address */
typedef void c_dgemv_fn(int, int, int, int, double, const double *, int, const double *, int,
			double, double *, int);
typedef void c_zgemv_fn(int, int, int, int, const void *, const void *, int, const void *, int,
			const void *, void *, int);
typedef void c_dgbmv_fn(int, int, int, int, int, int, double, const double *, int,
			const double *, int, double, double *, int);
typedef void c_zgbmv_fn(int, int, int, int, int, int, const void *, const void *, int,
			const void *, int, const void *, void *, int);
typedef void c_dsymv_fn(int, int, int, double, const double *, int, const double *, int, double,
			double *, int);
typedef void c_zhemv_fn(int, int, int, const void *, const void *, int, const void *, int,
			const void *, void *, int);
typedef void c_dsbmv_fn(int, int, int, int, double, const double *, int, const double *, int,
			double, double *, int);
typedef void c_zhbmv_fn(int, int, int, int, const void *, const void *, int, const void *, int,
			const void *, void *, int);
typedef void c_dspmv_fn(int, int, int, double, const double *, const double *, int, double,
			double *, int);
typedef void c_zhpmv_fn(int, int, int, const void *, const void *, const void *, int,
			const void *, void *, int);
typedef void c_trmv_fn(int, int, int, int, int, const void *, int, void *, int);
typedef void c_tbmv_fn(int, int, int, int, int, int, const void *, int, void *, int);
typedef void c_tpmv_fn(int, int, int, int, int, const void *, void *, int);

enum { ROW = 101, COL = 102, NOTRANS = 111, TRANS = 112, CONJTRANS = 113, UPPER = 121,
       LOWER = 122, NONUNIT = 131, UNIT = 132 };

static const char *routine_name(const struct problem *p)
{
	static const char *names[2][3][3] = {
		{ { "dgemv", "dgbmv", "" }, { "dsymv", "dsbmv", "dspmv" }, { "dtrmv", "dtbmv", "dtpmv" } },
		{ { "zgemv", "zgbmv", "" }, { "zhemv", "zhbmv", "zhpmv" }, { "ztrmv", "ztbmv", "ztpmv" } },
	};
	return names[p->z][p->kind][p->storage];
}

/* The symbol's name: dgemv_ (Fortran) or cblas_dgemv; kept for the
 * harness's tallies. */
static const char *symbol_name(const struct problem *p, enum way way)
{
	static char names[2][3][3][2][24];
	char *name = names[p->z][p->kind][p->storage][way != FORTRAN];
	if (!name[0])
		snprintf(name, 24, way == FORTRAN ? "%s_" : "cblas_%s", routine_name(p));
	return name;
}

static void *symbol(const struct problem *p, enum way way, int reference)
{
	const char *name = symbol_name(p, way);
	if (reference)
		return bh_reference(name);
	void *f = dlsym(RTLD_DEFAULT, name);
	if (!f) {
		printf("harness error: no %s in the process\n", name);
		exit(99);
	}
	return f;
}

/* Whether the problem can be posed by a call of that way: a row-major
 * call gives the view's op as a transpose without conj, or no transpose
 * with or without conj, and a complex Hermitian matrix conjugated; a
 * column-major one any op but conj without transpose, and the Hermitian
 * matrix itself. */
static int possible(const struct problem *p, enum way way)
{
	if (p->kind == SYMV)
		return !p->z || (way == ROW_MAJOR) == p->conj;
	if (way == ROW_MAJOR)
		return !(p->transpose && p->conj);
	return p->transpose || !p->conj;
}

/* Calls the routine on p's arrays, y being the output (a copy of p->y). */
static void call(const struct problem *p, enum way way, int reference, double *y)
{
	void *f = symbol(p, way, reference);
	char t = !p->transpose ? 'N' : p->conj ? 'C' : 'T', u = p->uplo, d = p->diag;
	const double *x = p->kind == TRMV ? NULL : p->x;
	int m = p->m, n = p->n, kl = p->kl, ku = p->ku, k = p->k, lda = p->lda;
	int incx = p->incx, incy = p->incy;
	const double *al = p->alpha, *be = p->beta;
	if (way == FORTRAN) {
		switch (p->kind * 3 + p->storage) {
		case GEMV * 3 + FULL: ((gemv_fn *)f)(&t, &m, &n, al, p->a, &lda, x, &incx, be, y, &incy, 1); break;
		case GEMV * 3 + BAND: ((gbmv_fn *)f)(&t, &m, &n, &kl, &ku, al, p->a, &lda, x, &incx, be, y, &incy, 1); break;
		case SYMV * 3 + FULL: ((symv_fn *)f)(&u, &n, al, p->a, &lda, x, &incx, be, y, &incy, 1); break;
		case SYMV * 3 + BAND: ((sbmv_fn *)f)(&u, &n, &k, al, p->a, &lda, x, &incx, be, y, &incy, 1); break;
		case SYMV * 3 + PACKED: ((spmv_fn *)f)(&u, &n, al, p->a, x, &incx, be, y, &incy, 1); break;
		case TRMV * 3 + FULL: ((trmv_fn *)f)(&u, &t, &d, &n, p->a, &lda, y, &incy, 1, 1, 1); break;
		case TRMV * 3 + BAND: ((tbmv_fn *)f)(&u, &t, &d, &n, &k, p->a, &lda, y, &incy, 1, 1, 1); break;
		case TRMV * 3 + PACKED: ((tpmv_fn *)f)(&u, &t, &d, &n, p->a, y, &incy, 1, 1, 1); break;
		}
		return;
	}
	int layout = COL, ct = !p->transpose ? NOTRANS : p->conj ? CONJTRANS : TRANS;
	int cu = u == 'U' ? UPPER : LOWER, cd = d == 'U' ? UNIT : NONUNIT;
	if (way == ROW_MAJOR) {
		/* the same view through the transposed storage */
		layout = ROW;
		cu = u == 'U' ? LOWER : UPPER;
		ct = p->transpose ? NOTRANS : p->conj ? CONJTRANS : TRANS;
		int swap = m;
		m = n;
		n = swap;
		swap = kl;
		kl = ku;
		ku = swap;
	}
	switch (p->kind * 3 + p->storage) {
	case GEMV * 3 + FULL:
		if (p->z)
			((c_zgemv_fn *)f)(layout, ct, m, n, al, p->a, lda, x, incx, be, y, incy);
		else
			((c_dgemv_fn *)f)(layout, ct, m, n, al[0], p->a, lda, x, incx, be[0], y, incy);
		break;
	case GEMV * 3 + BAND:
		if (p->z)
			((c_zgbmv_fn *)f)(layout, ct, m, n, kl, ku, al, p->a, lda, x, incx, be, y, incy);
		else
			((c_dgbmv_fn *)f)(layout, ct, m, n, kl, ku, al[0], p->a, lda, x, incx, be[0], y, incy);
		break;
	case SYMV * 3 + FULL:
		if (p->z)
			((c_zhemv_fn *)f)(layout, cu, n, al, p->a, lda, x, incx, be, y, incy);
		else
			((c_dsymv_fn *)f)(layout, cu, n, al[0], p->a, lda, x, incx, be[0], y, incy);
		break;
	case SYMV * 3 + BAND:
		if (p->z)
			((c_zhbmv_fn *)f)(layout, cu, n, k, al, p->a, lda, x, incx, be, y, incy);
		else
			((c_dsbmv_fn *)f)(layout, cu, n, k, al[0], p->a, lda, x, incx, be[0], y, incy);
		break;
	case SYMV * 3 + PACKED:
		if (p->z)
			((c_zhpmv_fn *)f)(layout, cu, n, al, p->a, x, incx, be, y, incy);
		else
			((c_dspmv_fn *)f)(layout, cu, n, al[0], p->a, x, incx, be[0], y, incy);
		break;
	case TRMV * 3 + FULL: ((c_trmv_fn *)f)(layout, cu, ct, cd, n, p->a, lda, y, incy); break;
	case TRMV * 3 + BAND: ((c_tbmv_fn *)f)(layout, cu, ct, cd, n, k, p->a, lda, y, incy); break;
	case TRMV * 3 + PACKED: ((c_tpmv_fn *)f)(layout, cu, ct, cd, n, p->a, y, incy); break;
	}
}

/* ----------------------------------------------------------- the checks */

static void describe(const struct problem *p, enum way way, char *text, size_t size)
{
	static const char *ways[] = { "", "column major, ", "row major, " };
	snprintf(text, size, "%sview: m=%d n=%d kl=%d ku=%d k=%d lda=%d incx=%d incy=%d uplo=%c op=%s%s diag=%c "
	       "alpha=(%g,%g) beta=(%g,%g)", ways[way], p->m, p->n, p->kl, p->ku,
	       p->k, p->lda, p->incx, p->incy, p->uplo, p->transpose ? "T" : "N", p->conj ? "*" : "",
	       p->diag, p->alpha[0], p->alpha[1], p->beta[0], p->beta[1]);
}

/* y's gaps kept the sentinel */
static int gaps_kept(const struct problem *p, const double *y)
{
	for (size_t i = 0; i < p->ysize; i++)
		if (p->y[i] == SENTINEL && y[i] != SENTINEL)
			return 0;
	return 1;
}

/* got[i] against the exact value of element i (parts: part 0 real, 1
 * imaginary); whether within the bounds. */
static int judge_element(const struct problem *p, struct ex_sum *s, int i, int part, double got)
{
	const double *al = p->alpha, *be = p->beta;
	int trmv = p->kind == TRMV;
	double one[2] = { 1.0, 0.0 };
	if (trmv)
		al = one;
	ex_sum_reset(s);
	int terms = 0, products = trmv || al[0] != 0.0 || al[1] != 0.0;
	for (int j = 0; j < p->lenx && products; j++) {
		double v[2];
		if (!op_element(p, i, j, v))
			continue;
		const double *xj = vector_element(trmv ? p->y : p->x, p->w, p->lenx,
						  trmv ? p->incy : p->incx, j);
		terms++;
		if (!p->z) {
			ex_sum_add(s, al[0], v[0], xj[0]);
			continue;
		}
		/* (al_r + i al_i)(v_r + i v_i)(x_r + i x_i) */
		double ar = al[0], ai = al[1];
		if (part == 0) {
			ex_sum_add(s, ar, v[0], xj[0]);
			ex_sum_add(s, -ar, v[1], xj[1]);
			ex_sum_add(s, -ai, v[0], xj[1]);
			ex_sum_add(s, -ai, v[1], xj[0]);
		} else {
			ex_sum_add(s, ar, v[0], xj[1]);
			ex_sum_add(s, ar, v[1], xj[0]);
			ex_sum_add(s, ai, v[0], xj[0]);
			ex_sum_add(s, -ai, v[1], xj[1]);
		}
	}
	if (!trmv && (be[0] != 0.0 || be[1] != 0.0)) {
		const double *yi = vector_element(p->y, p->w, p->leny, p->incy, i);
		terms++;
		if (!p->z)
			ex_sum_add(s, be[0], yi[0], 1.0);
		else if (part == 0) {
			ex_sum_add(s, be[0], yi[0], 1.0);
			ex_sum_add(s, -be[1], yi[1], 1.0);
		} else {
			ex_sum_add(s, be[0], yi[1], 1.0);
			ex_sum_add(s, be[1], yi[0], 1.0);
		}
	}
	return ex_judge_sum(s, got, terms > 0 ? terms : 1, NULL);
}

/* Whether every element of y (large problems: a sample) meets the bounds;
 * why not. */
static int judged(const struct problem *p, const double *y, struct ex_sum *s, char *why,
		  size_t size)
{
	int every = (double)p->leny * p->lenx > 40000 ? 37 : 1;
	for (int i = 0; i < p->leny; i++) {
		if (i % every && i != p->leny - 1)
			continue;
		for (int part = 0; part < p->w; part++) {
			double got = vector_element((double *)y, p->w, p->leny, p->incy, i)[part];
			if (!judge_element(p, s, i, part, got)) {
				snprintf(why, size, "y[%d] part %d = %.17g outside the bounds", i, part,
					 got);
				return 0;
			}
		}
	}
	return 1;
}

/* One call of p by way, checked (and, ill-conditioned, also judged). */
static void run(const struct problem *p, enum way way, enum check check, int ill,
		struct ex_sum *s)
{
	double *y = allocation(p->ysize, sizeof *y), *ref = NULL;
	memcpy(y, p->y, p->ysize * sizeof *y);
	call(p, way, 0, y);
	hash(y, p->ysize);
	int ok = 1;
	char why[160] = "";
	if (!gaps_kept(p, y)) {
		ok = 0;
		snprintf(why, sizeof why, "an element between y's strides changed");
	} else if (check == JUDGE) {
		ok = judged(p, y, s, why, sizeof why);
	} else {
		ref = allocation(p->ysize, sizeof *ref);
		memcpy(ref, p->y, p->ysize * sizeof *ref);
		call(p, way, 1, ref);
		/* dd: finite values compared as numbers (the sign of a zero
		 * sum is DD's) */
		for (size_t i = 0; i < p->ysize && ok; i++)
			if (check == CLASSES && isfinite(y[i]) && isfinite(ref[i]) ? y[i] != ref[i]
										 : !bh_same(y[i], ref[i])) {
				ok = 0;
				snprintf(why, sizeof why, "y storage [%zu] = %.17g, the reference's %.17g",
					 i, y[i], ref[i]);
			}
	}
	if (ill) {
		char unused[160];
		bh_ill_conditioned(symbol_name(p, way), judged(p, y, s, unused, sizeof unused));
	}
	char what[400];
	describe(p, way, what, sizeof what);
	bh_verdict(symbol_name(p, way), ok, "%s: %s", what, why);
	free(y);
	free(ref);
}

/* Every way that can pose p. */
static void run_ways(const struct problem *p, enum check check, int ill, struct ex_sum *s)
{
	for (enum way way = FORTRAN; way <= ROW_MAJOR; way++)
		/* against the reference's Fortran routine only, in dd mode: its
		 * CBLAS calls the preloaded Fortran routines */
		if (possible(p, way) && (check != CLASSES || way == FORTRAN))
			run(p, way, check, ill, s);
}

/* ----------------------------------------------------------- the sets */

static const enum kind kinds[] = { GEMV, GEMV, SYMV, SYMV, SYMV, TRMV, TRMV, TRMV };
static const enum storage storages[] = { FULL, BAND, FULL, BAND, PACKED, FULL, BAND, PACKED };

/* Ill-conditioned: TRMV rows of op(A) made by ex_gen_dot against x
 * (complex: x real, the real and imaginary parts of each row two such
 * rows); GEMV and SYMV: beta = -1 and y = alpha A x as plain double sums
 * it, so that every y element cancels to the rounding errors of that sum. */
static void make_cancel(struct problem *p)
{
	int n = p->lenx;
	if (p->kind == TRMV) {
		double *xs = allocation((size_t)n, sizeof *xs), *row = allocation((size_t)n, sizeof *row);
		int *cols = allocation((size_t)n, sizeof *cols);
		for (int j = 0; j < n; j++) {
			double *e = vector_element(p->y, p->w, n, p->incy, j);
			e[0] = random_value();
			if (p->z)
				e[1] = 0.0;
		}
		for (int i = 0; i < n; i++) {
			int count = 0;
			for (int j = 0; j < n; j++) {
				double v[2];
				if (op_element(p, i, j, v)) {
					cols[count] = j;
					xs[count++] = vector_element(p->y, p->w, n, p->incy, j)[0];
				}
			}
			if (count < 2)
				continue;
			for (int part = 0; part < p->w; part++) {
				ex_gen_dot(&bh_rng, count, 1e20, xs, NULL, row);
				for (int l = 0; l < count; l++) {
					int j = cols[l], r = p->transpose ? j : i, c = p->transpose ? i : j;
					double *e = stored(p, r, c);
					e[part] = part == 1 && p->conj ? -row[l] : row[l];
				}
			}
		}
		free(xs);
		free(row);
		free(cols);
		return;
	}
	p->beta[0] = -1.0;
	p->beta[1] = 0.0;
	for (int i = 0; i < p->leny; i++) {
		double re = 0.0, im = 0.0;
		for (int j = 0; j < n; j++) {
			double v[2];
			if (!op_element(p, i, j, v))
				continue;
			const double *xj = vector_element(p->x, p->w, n, p->incx, j);
			double pr = v[0] * xj[0] - (p->z ? v[1] * xj[1] : 0.0);
			double pi = p->z ? v[0] * xj[1] + v[1] * xj[0] : 0.0;
			re += p->alpha[0] * pr - p->alpha[1] * pi;
			im += p->alpha[0] * pi + p->alpha[1] * pr;
		}
		double *yi = vector_element(p->y, p->w, p->leny, p->incy, i);
		yi[0] = re;
		if (p->z)
			yi[1] = im;
	}
}

static void run_set(const char *set, struct ex_sum *s)
{
	int large = !strcmp(set, "large"), cancel = !strcmp(set, "cancel");
	int zero = !strcmp(set, "zero"), nonfinite = !strcmp(set, "nonfinite");
	if (!large && !cancel && !zero && !nonfinite && strcmp(set, "main")) {
		printf("harness error: no set %s\n", set);
		exit(99);
	}
	int repeats = large ? 1 : nonfinite ? 12 : 6;
	for (int z = 0; z <= 1; z++)
		for (size_t r = 0; r < sizeof kinds / sizeof kinds[0]; r++)
			for (int t = 0; t < repeats; t++) {
				struct problem p;
				int max_n = large ? 700 : t == 0 ? 3 : 40;
				make(&p, kinds[r], storages[r], z, max_n);
				if (large && storages[r] == BAND)
					p.k = pick(20, 200), p.kl = pick(20, 200), p.ku = pick(0, 200),
					p.lda = (kinds[r] == GEMV ? p.kl + p.ku : p.k) + 1;
				if (cancel && p.alpha[0] == 0.0 && p.alpha[1] == 0.0)
					p.alpha[0] = 1.0;
				int y_unread = zero && t % 2 == 0 && p.kind != TRMV;
				if (y_unread)
					p.beta[0] = p.beta[1] = 0.0;
				allocate(&p, nonfinite ? small_integer : random_value, y_unread);
				if (zero && t % 2 == 1 && p.kind != TRMV) {
					/* alpha = 0: A and x are not read */
					p.alpha[0] = p.alpha[1] = 0.0;
					for (size_t i = 0; i < p.asize; i++)
						p.a[i] = NAN;
					for (size_t i = 0; i < p.xsize; i++)
						p.x[i] = NAN;
					if (p.beta[0] == 1.0 && p.beta[1] == 0.0)
						p.beta[0] = 2.0;
				}
				if (cancel)
					make_cancel(&p);
				if (nonfinite) {
					/* integer scalars: every finite sum is exact */
					p.alpha[0] = small_integer();
					p.beta[0] = small_integer();
					p.alpha[1] = z ? small_integer() : 0.0;
					p.beta[1] = z ? small_integer() : 0.0;
					/* one or two of Inf, -Inf, NaN in A, x or y */
					static const double specials[] = { INFINITY, -INFINITY, NAN };
					for (int count = pick(1, 2); count > 0; count--) {
						int where = pick(0, 2);
						double *v = where == 0 ? p.a : where == 1 ? p.x : p.y;
						size_t size = where == 0 ? p.asize : where == 1 ? p.xsize : p.ysize;
						size_t at = (size_t)pick(0, (int)size - 1);
						if (v[at] == v[at] && v[at] != SENTINEL)
							v[at] = specials[pick(0, 2)];
					}
				}
				enum check check = bh_mode == BH_CPU ? REFERENCE
						 : nonfinite ? CLASSES : JUDGE;
				run_ways(&p, check, cancel && bh_mode == BH_CPU, s);
				release(&p);
			}
}

int main(int argc, char **argv)
{
	static const char *all[] = { "main", "cancel", "zero", "nonfinite", "large" };
	bh_start(argc, argv, "[main|cancel|zero|nonfinite|large]...");
	struct ex_sum s;
	ex_sum_init(&s, 4 * 800 + 8);
	int sets = argc > 2 ? argc - 2 : 5;
	for (int i = 0; i < sets; i++)
		run_set(argc > 2 ? argv[i + 2] : all[i], &s);
	ex_sum_clear(&s);
	printf("%% digest: %016llx\n", (unsigned long long)digest);
	return bh_finish();
}
