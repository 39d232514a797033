#include "config.h"

/* The Level 3 products in dd and cpu mode (test/blas/harness.h): zgemm,
 * dsymm, zsymm, zhemm, dsyrk, zsyrk, zherk, dsyr2k, zsyr2k, zher2k, dtrmm,
 * ztrmm (and dgemm, which shares their engine), Fortran and CBLAS forms,
 * every side, uplo, trans and diag, on random data, on ill-conditioned
 * (cancelling) data, with leading dimensions beyond the sizes, alpha and
 * beta in {0, 1, -1, random, complex}, and Inf or NaN in A or B.
 *
 * Storage the routine must not read holds NaN: rows beyond the sizes in A
 * and B, the triangle of a symmetric, Hermitian or triangular A that is
 * not referenced, a unit diagonal, the imaginary parts of a Hermitian
 * diagonal, and all of C when beta = 0.  Storage it must not write (C's
 * rows beyond its size, the triangle of C a rank update leaves) holds a
 * sentinel that must come back unchanged.
 *
 * Each element of the result is judged against MPFR: the exact value of
 * sum_t sum_l alpha_t L_t(i, l) R_t(l, j) + beta C(i, j), the products of
 * the complex parts expanded into products of three doubles.  With Inf or
 * NaN in the data an element may also be the reference's, bit for bit
 * (dd_output.h: the DD value is kept where it is finite). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "op/cblas_types.h"
#include "test/blas/exact.h"
#include "test/blas/harness.h"

#define SENTINEL (-777.25)
#define MAX_DIM 300

enum routine {
	R_DGEMM, R_ZGEMM, R_DSYMM, R_ZSYMM, R_ZHEMM, R_DSYRK, R_ZSYRK, R_ZHERK,
	R_DSYR2K, R_ZSYR2K, R_ZHER2K, R_DTRMM, R_ZTRMM, R_COUNT
};

static const char *const names[R_COUNT] = {
	"dgemm", "zgemm", "dsymm", "zsymm", "zhemm", "dsyrk", "zsyrk", "zherk",
	"dsyr2k", "zsyr2k", "zher2k", "dtrmm", "ztrmm"
};

enum family { GEMM, SYMM, SYRK, SYR2K, TRMM };

static enum family family_of(enum routine r)
{
	switch (r) {
	case R_DGEMM: case R_ZGEMM: return GEMM;
	case R_DSYMM: case R_ZSYMM: case R_ZHEMM: return SYMM;
	case R_DSYRK: case R_ZSYRK: case R_ZHERK: return SYRK;
	case R_DSYR2K: case R_ZSYR2K: case R_ZHER2K: return SYR2K;
	default: return TRMM;
	}
}

static int complex_of(enum routine r)
{
	return r == R_ZGEMM || r == R_ZSYMM || r == R_ZHEMM || r == R_ZSYRK || r == R_ZHERK ||
	       r == R_ZSYR2K || r == R_ZHER2K || r == R_ZTRMM;
}

static int hermitian_of(enum routine r)
{
	return r == R_ZHEMM || r == R_ZHERK || r == R_ZHER2K;
}

/* ---- the routines: twofold's (preloaded) and the reference's */

typedef void (*gemm_fn)(const char *, const char *, const int *, const int *, const int *,
			const void *, const void *, const int *, const void *, const int *,
			const void *, void *, const int *, size_t, size_t);
typedef void (*symm_fn)(const char *, const char *, const int *, const int *, const void *,
			const void *, const int *, const void *, const int *, const void *,
			void *, const int *, size_t, size_t);
typedef void (*syrk_fn)(const char *, const char *, const int *, const int *, const void *,
			const void *, const int *, const void *, void *, const int *, size_t,
			size_t);
typedef void (*syr2k_fn)(const char *, const char *, const int *, const int *, const void *,
			 const void *, const int *, const void *, const int *, const void *,
			 void *, const int *, size_t, size_t);
typedef void (*trmm_fn)(const char *, const char *, const char *, const char *, const int *,
			const int *, const void *, const void *, const int *, void *,
			const int *, size_t, size_t, size_t, size_t);

void dgemm_(), zgemm_(), dsymm_(), zsymm_(), zhemm_(), dsyrk_(), zsyrk_(), zherk_(), dsyr2k_(),
	zsyr2k_(), zher2k_(), dtrmm_(), ztrmm_();
static void (*const own[R_COUNT])() = {
	dgemm_, zgemm_, dsymm_, zsymm_, zhemm_, dsyrk_, zsyrk_, zherk_, dsyr2k_, zsyr2k_, zher2k_,
	dtrmm_, ztrmm_
};
static void (*reference[R_COUNT])();

void cblas_zgemm(CBLAS_LAYOUT, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, int, int, int, const void *,
		 const void *, int, const void *, int, const void *, void *, int);
void cblas_dsymm(CBLAS_LAYOUT, CBLAS_SIDE, CBLAS_UPLO, int, int, double, const double *, int,
		 const double *, int, double, double *, int);
void cblas_zhemm(CBLAS_LAYOUT, CBLAS_SIDE, CBLAS_UPLO, int, int, const void *, const void *,
		 int, const void *, int, const void *, void *, int);
void cblas_dsyrk(CBLAS_LAYOUT, CBLAS_UPLO, CBLAS_TRANSPOSE, int, int, double, const double *,
		 int, double, double *, int);
void cblas_zherk(CBLAS_LAYOUT, CBLAS_UPLO, CBLAS_TRANSPOSE, int, int, double, const void *, int,
		 double, void *, int);
void cblas_zsyr2k(CBLAS_LAYOUT, CBLAS_UPLO, CBLAS_TRANSPOSE, int, int, const void *,
		  const void *, int, const void *, int, const void *, void *, int);
void cblas_zher2k(CBLAS_LAYOUT, CBLAS_UPLO, CBLAS_TRANSPOSE, int, int, const void *,
		  const void *, int, const void *, int, double, void *, int);
void cblas_dtrmm(CBLAS_LAYOUT, CBLAS_SIDE, CBLAS_UPLO, CBLAS_TRANSPOSE, CBLAS_DIAG, int, int,
		 double, const double *, int, double *, int);
void cblas_ztrmm(CBLAS_LAYOUT, CBLAS_SIDE, CBLAS_UPLO, CBLAS_TRANSPOSE, CBLAS_DIAG, int, int,
		 const void *, const void *, int, void *, int);

/* ---- one problem */

struct problem {
	enum routine r;
	char side, uplo, transa, transb, diag;
	int m, n, k;
	double alpha[2], beta[2];
	int lda, ldb, ldc;
	int arows, acols, brows, bcols, crows, ccols; /* stored sizes */
	double *a, *b, *c; /* storage; c as given (the output goes elsewhere) */
	int nonfinite;     /* Inf or NaN placed in A or B */
	int ill;           /* an ill-conditioned case */
};

static int width(const struct problem *p)
{
	return complex_of(p->r) ? 2 : 1;
}

static void stored(const struct problem *p, const double *x, int ld, int i, int j, double *re,
		   double *im)
{
	const double *e = x + ((size_t)j * ld + i) * width(p);
	*re = e[0];
	*im = width(p) == 2 ? e[1] : 0.0;
}

/* op(X)(r, c) of a general X */
static void general(const struct problem *p, const double *x, int ld, char trans, int r, int c,
		    double *re, double *im)
{
	if (trans == 'N') {
		stored(p, x, ld, r, c, re, im);
	} else {
		stored(p, x, ld, c, r, re, im);
		if (trans == 'C')
			*im = -*im;
	}
}

/* A(r, c) of a symmetric or Hermitian A given by its uplo triangle */
static void symmetric(const struct problem *p, int r, int c, double *re, double *im)
{
	int in = p->uplo == 'U' ? r <= c : r >= c;
	stored(p, p->a, p->lda, in ? r : c, in ? c : r, re, im);
	if (hermitian_of(p->r) && !in)
		*im = -*im;
	if (hermitian_of(p->r) && r == c)
		*im = 0.0;
}

/* op(T)(r, c), T the uplo triangle of A (unit diagonal when diag = U) */
static void triangular(const struct problem *p, int r, int c, double *re, double *im)
{
	int sr = p->transa == 'N' ? r : c, sc = p->transa == 'N' ? c : r;
	if (p->uplo == 'U' ? sr > sc : sr < sc) {
		*re = *im = 0.0;
	} else if (sr == sc && p->diag == 'U') {
		*re = 1.0;
		*im = 0.0;
	} else {
		stored(p, p->a, p->lda, sr, sc, re, im);
		if (p->transa == 'C')
			*im = -*im;
	}
}

static int terms(const struct problem *p)
{
	return family_of(p->r) == SYR2K ? 2 : 1;
}

static int inner(const struct problem *p)
{
	switch (family_of(p->r)) {
	case SYMM: case TRMM: return p->side == 'L' ? p->m : p->n;
	default: return p->k;
	}
}

/* L_t(i, l) and R_t(l, j) of the sum */
static void left(const struct problem *p, int t, int i, int l, double *re, double *im)
{
	char tr = p->r == R_ZHERK || p->r == R_ZHER2K ? 'C' : 'T';
	switch (family_of(p->r)) {
	case GEMM: general(p, p->a, p->lda, p->transa, i, l, re, im); break;
	case SYMM:
		if (p->side == 'L') symmetric(p, i, l, re, im);
		else general(p, p->b, p->ldb, 'N', i, l, re, im);
		break;
	case SYRK: general(p, p->a, p->lda, p->transa == 'N' ? 'N' : tr, i, l, re, im); break;
	case SYR2K:
		general(p, t ? p->b : p->a, t ? p->ldb : p->lda, p->transa == 'N' ? 'N' : tr, i, l,
			re, im);
		break;
	case TRMM:
		if (p->side == 'L') triangular(p, i, l, re, im);
		else stored(p, p->c, p->ldc, i, l, re, im);
		break;
	}
}

static void right(const struct problem *p, int t, int l, int j, double *re, double *im)
{
	char tr = p->r == R_ZHERK || p->r == R_ZHER2K ? 'C' : 'T';
	switch (family_of(p->r)) {
	case GEMM: general(p, p->b, p->ldb, p->transb, l, j, re, im); break;
	case SYMM:
		if (p->side == 'L') general(p, p->b, p->ldb, 'N', l, j, re, im);
		else symmetric(p, l, j, re, im);
		break;
	case SYRK: general(p, p->a, p->lda, p->transa == 'N' ? tr : 'N', l, j, re, im); break;
	case SYR2K:
		general(p, t ? p->a : p->b, t ? p->lda : p->ldb, p->transa == 'N' ? tr : 'N', l, j,
			re, im);
		break;
	case TRMM:
		if (p->side == 'L') stored(p, p->c, p->ldc, l, j, re, im);
		else triangular(p, l, j, re, im);
		break;
	}
}

/* The output's elements: rows x cols, and which of them are written. */
static int out_rows(const struct problem *p)
{
	return family_of(p->r) == SYRK || family_of(p->r) == SYR2K ? p->n : p->m;
}

static int written(const struct problem *p, int i, int j)
{
	if (family_of(p->r) == SYRK || family_of(p->r) == SYR2K)
		return p->uplo == 'U' ? i <= j : i >= j;
	return 1;
}

static struct ex_sum sum_re, sum_im;

/* The exact element (i, j) into sum_re and sum_im. */
static void exact_element(const struct problem *p, int i, int j)
{
	ex_sum_reset(&sum_re);
	ex_sum_reset(&sum_im);
	int hermitian_diagonal = (p->r == R_ZHERK || p->r == R_ZHER2K) && i == j;
	int trmm = family_of(p->r) == TRMM;
	/* alpha = 0: A and B are not read (they may hold Inf or NaN) */
	int alpha_zero = p->alpha[0] == 0.0 && (width(p) == 1 || p->alpha[1] == 0.0);
	for (int t = 0; t < (alpha_zero ? 0 : terms(p)); t++) {
		double ar = p->alpha[0], ai = width(p) == 2 ? p->alpha[1] : 0.0;
		if (t == 1 && p->r == R_ZHER2K)
			ai = -ai;
		for (int l = 0; l < inner(p); l++) {
			double lr = 0, li = 0, rr = 0, ri = 0;
			left(p, t, i, l, &lr, &li);
			right(p, t, l, j, &rr, &ri);
			/* a zero of a triangle is not multiplied (B may hold Inf) */
			if ((lr == 0.0 && li == 0.0) || (rr == 0.0 && ri == 0.0))
				continue;
			/* alpha (L R): re = ar (lr rr - li ri) - ai (lr ri + li rr) */
			ex_sum_add(&sum_re, ar, lr, rr);
			if (width(p) == 2) {
				ex_sum_add(&sum_re, -ar, li, ri);
				ex_sum_add(&sum_re, -ai, lr, ri);
				ex_sum_add(&sum_re, -ai, li, rr);
				ex_sum_add(&sum_im, ar, lr, ri);
				ex_sum_add(&sum_im, ar, li, rr);
				ex_sum_add(&sum_im, ai, lr, rr);
				ex_sum_add(&sum_im, -ai, li, ri);
			}
		}
	}
	int beta_zero = p->beta[0] == 0.0 && (width(p) == 1 || p->beta[1] == 0.0);
	if (!trmm && !beta_zero) {
		double cr, ci, br = p->beta[0], bi = width(p) == 2 ? p->beta[1] : 0.0;
		stored(p, p->c, p->ldc, i, j, &cr, &ci);
		if (hermitian_diagonal)
			ci = 0.0;
		ex_sum_add(&sum_re, br, cr, 1.0);
		if (width(p) == 2) {
			ex_sum_add(&sum_re, -bi, ci, 1.0);
			ex_sum_add(&sum_im, br, ci, 1.0);
			ex_sum_add(&sum_im, bi, cr, 1.0);
		}
	}
	if (hermitian_diagonal)
		ex_sum_reset(&sum_im);
}

/* ---- calling */

static const char *option(char c)
{
	static char s[8][2];
	static int next;
	char *r = s[next++ & 7];
	r[0] = c;
	r[1] = 0;
	return r;
}

/* Calls the routine on out (a copy of c): twofold's Fortran form, the
 * reference's, or twofold's CBLAS form (column major, where it exists). */
enum how { OWN, REFERENCE, CBLAS, CBLAS_ROW };

static CBLAS_TRANSPOSE cblas_trans(char t)
{
	return t == 'N' ? CblasNoTrans : t == 'T' ? CblasTrans : CblasConjTrans;
}

static int call(const struct problem *p, enum how how, double *out)
{
	void (*f)() = how == REFERENCE ? reference[p->r] : own[p->r];
	const char *s = option(p->side), *u = option(p->uplo), *ta = option(p->transa);
	const char *tb = option(p->transb), *d = option(p->diag);
	CBLAS_LAYOUT col = CblasColMajor;
	CBLAS_UPLO cu = p->uplo == 'U' ? CblasUpper : CblasLower;
	CBLAS_SIDE cs = p->side == 'L' ? CblasLeft : CblasRight;
	if (how == CBLAS_ROW) {
		/* the row-major call whose column-major translation (the
		 * reference CBLAS's) is this problem: uplo and side swapped, m and
		 * n exchanged, trans N exchanged with T (C for the Hermitian
		 * updates), zher2k's alpha conjugated */
		CBLAS_LAYOUT row = CblasRowMajor;
		CBLAS_UPLO ru = p->uplo == 'U' ? CblasLower : CblasUpper;
		CBLAS_SIDE rs = p->side == 'L' ? CblasRight : CblasLeft;
		char other = p->r == R_ZHERK || p->r == R_ZHER2K ? 'C' : 'T';
		CBLAS_TRANSPOSE rt = cblas_trans(p->transa == 'N' ? other : 'N');
		CBLAS_DIAG cd = p->diag == 'U' ? CblasUnit : CblasNonUnit;
		double conj_alpha[2] = { p->alpha[0], -p->alpha[1] };
		switch (p->r) {
		case R_ZGEMM:
			cblas_zgemm(row, cblas_trans(p->transb), cblas_trans(p->transa), p->n, p->m, p->k,
				    p->alpha, p->b, p->ldb, p->a, p->lda, p->beta, out, p->ldc);
			return 1;
		case R_DSYMM:
			cblas_dsymm(row, rs, ru, p->n, p->m, p->alpha[0], p->a, p->lda, p->b, p->ldb,
				    p->beta[0], out, p->ldc);
			return 1;
		case R_ZHEMM:
			cblas_zhemm(row, rs, ru, p->n, p->m, p->alpha, p->a, p->lda, p->b, p->ldb, p->beta,
				    out, p->ldc);
			return 1;
		case R_DSYRK:
			cblas_dsyrk(row, ru, rt, p->n, p->k, p->alpha[0], p->a, p->lda, p->beta[0], out,
				    p->ldc);
			return 1;
		case R_ZHERK:
			cblas_zherk(row, ru, rt, p->n, p->k, p->alpha[0], p->a, p->lda, p->beta[0], out,
				    p->ldc);
			return 1;
		case R_ZSYR2K:
			cblas_zsyr2k(row, ru, rt, p->n, p->k, p->alpha, p->a, p->lda, p->b, p->ldb, p->beta,
				     out, p->ldc);
			return 1;
		case R_ZHER2K:
			cblas_zher2k(row, ru, rt, p->n, p->k, conj_alpha, p->a, p->lda, p->b, p->ldb,
				     p->beta[0], out, p->ldc);
			return 1;
		case R_DTRMM:
			cblas_dtrmm(row, rs, ru, cblas_trans(p->transa), cd, p->n, p->m, p->alpha[0], p->a,
				    p->lda, out, p->ldc);
			return 1;
		case R_ZTRMM:
			cblas_ztrmm(row, rs, ru, cblas_trans(p->transa), cd, p->n, p->m, p->alpha, p->a,
				    p->lda, out, p->ldc);
			return 1;
		default:
			return 0;
		}
	}
	if (how == CBLAS) {
		switch (p->r) {
		case R_ZGEMM:
			cblas_zgemm(col, cblas_trans(p->transa), cblas_trans(p->transb), p->m, p->n, p->k,
				    p->alpha, p->a, p->lda, p->b, p->ldb, p->beta, out, p->ldc);
			return 1;
		case R_DSYMM:
			cblas_dsymm(col, cs, cu, p->m, p->n, p->alpha[0], p->a, p->lda, p->b, p->ldb,
				    p->beta[0], out, p->ldc);
			return 1;
		case R_ZHEMM:
			cblas_zhemm(col, cs, cu, p->m, p->n, p->alpha, p->a, p->lda, p->b, p->ldb, p->beta,
				    out, p->ldc);
			return 1;
		case R_DSYRK:
			cblas_dsyrk(col, cu, cblas_trans(p->transa), p->n, p->k, p->alpha[0], p->a, p->lda,
				    p->beta[0], out, p->ldc);
			return 1;
		case R_ZHERK:
			cblas_zherk(col, cu, cblas_trans(p->transa), p->n, p->k, p->alpha[0], p->a, p->lda,
				    p->beta[0], out, p->ldc);
			return 1;
		case R_ZSYR2K:
			cblas_zsyr2k(col, cu, cblas_trans(p->transa), p->n, p->k, p->alpha, p->a, p->lda,
				     p->b, p->ldb, p->beta, out, p->ldc);
			return 1;
		case R_ZHER2K:
			cblas_zher2k(col, cu, cblas_trans(p->transa), p->n, p->k, p->alpha, p->a, p->lda,
				     p->b, p->ldb, p->beta[0], out, p->ldc);
			return 1;
		case R_DTRMM:
			cblas_dtrmm(col, cs, cu, cblas_trans(p->transa),
				    p->diag == 'U' ? CblasUnit : CblasNonUnit, p->m, p->n, p->alpha[0],
				    p->a, p->lda, out, p->ldc);
			return 1;
		case R_ZTRMM:
			cblas_ztrmm(col, cs, cu, cblas_trans(p->transa),
				    p->diag == 'U' ? CblasUnit : CblasNonUnit, p->m, p->n, p->alpha, p->a,
				    p->lda, out, p->ldc);
			return 1;
		default:
			return 0;
		}
	}
	switch (family_of(p->r)) {
	case GEMM:
		((gemm_fn)f)(ta, tb, &p->m, &p->n, &p->k, p->alpha, p->a, &p->lda, p->b, &p->ldb,
			     p->beta, out, &p->ldc, 1, 1);
		break;
	case SYMM:
		((symm_fn)f)(s, u, &p->m, &p->n, p->alpha, p->a, &p->lda, p->b, &p->ldb, p->beta, out,
			     &p->ldc, 1, 1);
		break;
	case SYRK:
		((syrk_fn)f)(u, ta, &p->n, &p->k, p->alpha, p->a, &p->lda, p->beta, out, &p->ldc, 1, 1);
		break;
	case SYR2K:
		((syr2k_fn)f)(u, ta, &p->n, &p->k, p->alpha, p->a, &p->lda, p->b, &p->ldb, p->beta, out,
			      &p->ldc, 1, 1);
		break;
	case TRMM:
		((trmm_fn)f)(s, u, ta, d, &p->m, &p->n, p->alpha, p->a, &p->lda, out, &p->ldc, 1, 1, 1,
			     1);
		break;
	}
	return 1;
}

/* ---- judging */

static double *got_c, *ref_c, *cblas_c;

static const char *describe(const struct problem *p)
{
	static char text[256];
	snprintf(text, sizeof text,
		 "side=%c uplo=%c trans=%c,%c diag=%c m=%d n=%d k=%d ld=%d,%d,%d alpha=(%g,%g) "
		 "beta=(%g,%g)%s%s", p->side, p->uplo, p->transa, p->transb, p->diag, p->m, p->n, p->k,
		 p->lda, p->ldb, p->ldc, p->alpha[0], width(p) == 2 ? p->alpha[1] : 0.0, p->beta[0],
		 width(p) == 2 ? p->beta[1] : 0.0, p->nonfinite ? " non-finite" : "",
		 p->ill ? " ill-conditioned" : "");
	return text;
}

/* "bits": only the results' bits, hashed (FNV-1a), for the comparison of
 * thread counts and instruction sets (test/blas/level3_bits.sh). */
static int bits_only;
static uint64_t bits_hash = 1469598103934665603u;

static void run_problem(const struct problem *p)
{
	const char *name = names[p->r];
	int w = width(p);
	size_t csize = (size_t)p->ldc * p->ccols * w;
	if (bits_only) {
		memcpy(got_c, p->c, csize * sizeof *got_c);
		call(p, OWN, got_c);
		for (size_t e = 0; e < csize; e++) {
			uint64_t b;
			memcpy(&b, &got_c[e], sizeof b);
			bits_hash = (bits_hash ^ b) * 1099511628211u;
		}
		if (getenv("LEVEL3_BITS_TRACE"))
			printf("%s %s %016llx\n", name, describe(p), (unsigned long long)bits_hash);
		return;
	}
	memcpy(got_c, p->c, csize * sizeof *got_c);
	memcpy(ref_c, p->c, csize * sizeof *ref_c);
	memcpy(cblas_c, p->c, csize * sizeof *cblas_c);
	call(p, OWN, got_c);
	call(p, REFERENCE, ref_c);
	if (call(p, CBLAS, cblas_c)) {
		static char cnames[R_COUNT][24]; /* the harness keeps the name */
		snprintf(cnames[p->r], sizeof cnames[p->r], "cblas_%s", name);
		bh_verdict(cnames[p->r], memcmp(cblas_c, got_c, csize * sizeof *got_c) == 0,
			   "%s: differs from %s_", describe(p), name);
		memcpy(cblas_c, p->c, csize * sizeof *cblas_c);
		call(p, CBLAS_ROW, cblas_c);
		bh_verdict(cnames[p->r], memcmp(cblas_c, got_c, csize * sizeof *got_c) == 0,
			   "%s: row major differs from %s_", describe(p), name);
	}
	if (bh_mode == BH_CPU) {
		int same = 1;
		for (size_t e = 0; e < csize && same; e++)
			same = bh_same(got_c[e], ref_c[e]);
		bh_verdict(name, same, "%s: not the reference's bits", describe(p));
	}
	int rows = out_rows(p), cols = p->ccols;
	int bad = 0, ill_met = 1;
	for (int j = 0; j < cols && !bad; j++)
		for (int i = 0; i < p->ldc && !bad; i++) {
			size_t at = ((size_t)j * p->ldc + i) * w;
			if (i >= rows || !written(p, i, j)) {
				/* not to be written: unchanged */
				for (int q = 0; q < w; q++)
					if (!bh_same(got_c[at + q], p->c[at + q])) {
						bh_verdict(name, 0, "%s: element (%d, %d) written, outside the "
							   "output", describe(p), i, j);
						bad = 1;
					}
				continue;
			}
			const double *g = got_c + at, *r = ref_c + at;
			int finite = isfinite(g[0]) && (w == 1 || isfinite(g[1]));
			int same = bh_same(g[0], r[0]) && (w == 1 || bh_same(g[1], r[1]));
			if (bh_mode == BH_CPU && !p->ill)
				continue;
			if (!finite || (p->nonfinite && same)) {
				if (bh_mode == BH_DD && !same) {
					bh_verdict(name, 0, "%s: element (%d, %d) = (%g, %g), reference (%g, "
						   "%g)", describe(p), i, j, g[0], w == 2 ? g[1] : 0.0,
						   r[0], w == 2 ? r[1] : 0.0);
					bad = 1;
				}
				continue;
			}
			exact_element(p, i, j);
			double u_re = 0.0, u_im = 0.0;
			int k = terms(p) * inner(p) * (w == 2 ? 4 : 1) + 2;
			int ok = ex_judge_sum(&sum_re, g[0], k, &u_re);
			if (w == 2)
				ok &= sum_im.count == 0 ? g[1] == 0.0 : ex_judge_sum(&sum_im, g[1], k, &u_im);
			if (bh_mode == BH_CPU) {
				ill_met &= ok;
				continue;
			}
			if (!ok) {
				bh_verdict(name, 0, "%s: element (%d, %d) = (%.17g, %.17g), %.3g and %.3g "
					   "ulps off", describe(p), i, j, g[0], w == 2 ? g[1] : 0.0, u_re,
					   u_im);
				bad = 1;
			}
		}
	if (bh_mode == BH_DD && !bad)
		bh_verdict(name, 1, "%s", describe(p));
	if (bh_mode == BH_CPU && p->ill)
		bh_ill_conditioned(name, ill_met);
}

/* ---- making problems */

static double *store_a, *store_b, *store_c;

static void fill(double *x, int w, int ld, int rows, int cols, int nan_padding)
{
	for (int j = 0; j < cols; j++)
		for (int i = 0; i < ld; i++)
			for (int q = 0; q < w; q++)
				x[((size_t)j * ld + i) * w + q] =
					i < rows ? bh_scaled() : nan_padding ? NAN : SENTINEL;
}

/* NaN in the parts of A that must not be read. */
static void poison_a(struct problem *p)
{
	enum family f = family_of(p->r);
	if (f != SYMM && f != TRMM)
		return;
	int w = width(p), n = p->arows;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			double *e = p->a + ((size_t)j * p->lda + i) * w;
			int in = p->uplo == 'U' ? i <= j : i >= j;
			if (!in || (i == j && f == TRMM && p->diag == 'U'))
				for (int q = 0; q < w; q++)
					e[q] = NAN;
			if (i == j && hermitian_of(p->r))
				e[1] = NAN;
		}
}

static void sprinkle(double *x, int w, int ld, int rows, int cols)
{
	static const double specials[] = { INFINITY, -INFINITY, NAN };
	if (rows == 0 || cols == 0)
		return;
	for (int s = bh_int(1, 2); s > 0; s--) {
		int i = bh_int(0, rows - 1), j = bh_int(0, cols - 1);
		x[((size_t)j * ld + i) * w + bh_int(0, w - 1)] = specials[bh_int(0, 2)];
	}
}

static void set_sizes(struct problem *p)
{
	enum family f = family_of(p->r);
	switch (f) {
	case GEMM:
		p->arows = p->transa == 'N' ? p->m : p->k, p->acols = p->transa == 'N' ? p->k : p->m;
		p->brows = p->transb == 'N' ? p->k : p->n, p->bcols = p->transb == 'N' ? p->n : p->k;
		p->crows = p->m, p->ccols = p->n;
		break;
	case SYMM: case TRMM:
		p->arows = p->acols = p->side == 'L' ? p->m : p->n;
		p->brows = p->m, p->bcols = f == SYMM ? p->n : 0;
		p->crows = p->m, p->ccols = p->n;
		break;
	case SYRK: case SYR2K:
		p->arows = p->transa == 'N' ? p->n : p->k, p->acols = p->transa == 'N' ? p->k : p->n;
		p->brows = f == SYR2K ? p->arows : 0, p->bcols = f == SYR2K ? p->acols : 0;
		p->crows = p->ccols = p->n;
		break;
	}
	int extra = bh_int(0, 2);
	p->lda = (p->arows > 1 ? p->arows : 1) + extra;
	p->ldb = (p->brows > 1 ? p->brows : 1) + bh_int(0, 2);
	p->ldc = (p->crows > 1 ? p->crows : 1) + bh_int(0, 2);
}

/* Fills A, B and C for p (sizes and options set). */
static void make_data(struct problem *p)
{
	int w = width(p);
	p->a = store_a, p->b = store_b, p->c = store_c;
	fill(p->a, w, p->lda, p->arows, p->acols, 1);
	fill(p->b, w, p->ldb, p->brows, p->bcols, 1);
	fill(p->c, w, p->ldc, p->crows, p->ccols, 0);
	poison_a(p);
	if (family_of(p->r) == SYRK || family_of(p->r) == SYR2K) /* the triangle left alone */
		for (int j = 0; j < p->n; j++)
			for (int i = 0; i < p->n; i++)
				if (p->uplo == 'U' ? i > j : i < j)
					for (int q = 0; q < w; q++)
						p->c[((size_t)j * p->ldc + i) * w + q] = SENTINEL;
	int trmm = family_of(p->r) == TRMM;
	int beta_zero = p->beta[0] == 0.0 && (w == 1 || p->beta[1] == 0.0);
	if (beta_zero && !trmm) /* C must not be read */
		for (int j = 0; j < p->ccols; j++)
			for (int i = 0; i < p->crows; i++)
				if (written(p, i, j))
					for (int q = 0; q < w; q++)
						p->c[((size_t)j * p->ldc + i) * w + q] = NAN;
	if ((p->r == R_ZHERK || p->r == R_ZHER2K)) /* the diagonal's imaginary part is unread */
		for (int j = 0; j < p->n; j++)
			p->c[((size_t)j * p->ldc + j) * 2 + 1] = NAN;
	if (p->nonfinite) {
		if (bh_int(0, 1) || p->brows == 0 || trmm)
			sprinkle(trmm ? p->c : p->a, w, trmm ? p->ldc : p->lda, trmm ? p->crows : p->arows,
				 trmm ? p->ccols : p->acols);
		else
			sprinkle(p->b, w, p->ldb, p->brows, p->bcols);
	}
}

static const double scalars[][2] = { { 0, 0 }, { 1, 0 }, { -1, 0 }, { 0.75, 0 }, { -0.3, 1.25 } };

static void pick_scalar(const struct problem *p, double *s, int real_only)
{
	int i = bh_int(0, 4);
	s[0] = scalars[i][0];
	s[1] = real_only || width(p) == 1 ? 0.0 : scalars[i][1];
	if (i == 3)
		s[0] = bh_scaled();
}

static void random_options(struct problem *p)
{
	static const char trans_d[] = "NTC", trans_zs[] = "NT", trans_zh[] = "NC";
	p->side = bh_int(0, 1) ? 'L' : 'R';
	p->uplo = bh_int(0, 1) ? 'U' : 'L';
	p->diag = bh_int(0, 1) ? 'U' : 'N';
	p->transb = "NTC"[bh_int(0, 2)];
	switch (p->r) {
	case R_ZSYRK: case R_ZSYR2K: p->transa = trans_zs[bh_int(0, 1)]; break;
	case R_ZHERK: case R_ZHER2K: p->transa = trans_zh[bh_int(0, 1)]; break;
	default: p->transa = trans_d[bh_int(0, 2)]; break;
	}
	if (family_of(p->r) != GEMM)
		p->transb = 'N';
	if (family_of(p->r) != TRMM)
		p->diag = 'N';
	if (family_of(p->r) != SYMM && family_of(p->r) != TRMM)
		p->side = 'L';
	if (family_of(p->r) == GEMM)
		p->uplo = 'U';
}

/* ---- The engine's direct path (src/cpu/dd_product.c): a real product of
 * at most 64 products is summed without tiles, with the tiles' operations
 * in their order, so it must give the tiled path's bits.  A problem
 * widened by 64 columns of C (rows, where side R puts A on the right) runs
 * tiled; the tiny problem of its first columns (rows), on the same
 * storage, runs direct: its results must be the wide one's, bit for bit,
 * Inf and NaN included. */
static void tiny_against_tiled(enum routine r, int nonfinite)
{
	const enum family f = family_of(r);
	struct problem wide = { .r = r, .nonfinite = nonfinite };
	random_options(&wide);
	pick_scalar(&wide, wide.alpha, 0);
	pick_scalar(&wide, wide.beta, 0);
	const int m = bh_int(1, 4), n = bh_int(1, 4), k = bh_int(1, f == SYR2K ? 2 : 4);
	const int by_rows = (f == SYMM || f == TRMM) && wide.side == 'R';
	wide.m = by_rows ? m + 64 : m, wide.n = by_rows ? n : n + 64, wide.k = k;
	if (f == SYRK || f == SYR2K)
		wide.m = wide.n;
	set_sizes(&wide);
	make_data(&wide);
	struct problem tiny = wide;
	tiny.m = f == SYRK || f == SYR2K ? n : m, tiny.n = n;
	size_t csize = (size_t)wide.ldc * wide.ccols;
	memcpy(got_c, wide.c, csize * sizeof *got_c);
	memcpy(ref_c, wide.c, csize * sizeof *ref_c);
	call(&wide, OWN, ref_c);
	call(&tiny, OWN, got_c);
	int same = 1;
	for (int j = 0; j < tiny.n; j++)
		for (int i = 0; i < tiny.m; i++)
			if (written(&tiny, i, j))
				same &= bh_same(got_c[(size_t)j * wide.ldc + i], ref_c[(size_t)j * wide.ldc + i]);
	bh_verdict(names[r], same, "%s: not the bits of the same sums in a wider call", describe(&tiny));
}

static void random_problem(enum routine r, int m, int n, int k, int nonfinite)
{
	struct problem p = { .r = r, .m = m, .n = n, .k = k, .nonfinite = nonfinite };
	random_options(&p);
	int real_scalars = r == R_ZHERK;
	pick_scalar(&p, p.alpha, real_scalars);
	pick_scalar(&p, p.beta, real_scalars || r == R_ZHER2K);
	if (family_of(r) == SYRK || family_of(r) == SYR2K)
		p.m = n;
	set_sizes(&p);
	make_data(&p);
	run_problem(&p);
}

/* An ill-conditioned element: row 0 of L_0 and column 0 of R_0 (column 1
 * for the rank updates, whose element (0, 1) is then row 0 . row 1) hold
 * a cancelling dot product of condition cond; the other terms of element
 * (0, j) are zero.  Complex data: the real parts cancel, the imaginary
 * parts are tiny. */
static void ill_problem(enum routine r, int size, double cond)
{
	struct problem p = { .r = r, .m = size, .n = size, .k = size, .ill = 1,
			     .side = 'L', .uplo = 'U', .transa = 'N', .transb = 'N', .diag = 'N' };
	p.alpha[0] = 1.0, p.beta[0] = 0.0;
	if (r == R_ZSYRK || r == R_ZHERK || r == R_DSYRK)
		p.transa = 'N';
	set_sizes(&p);
	make_data(&p);
	static double x[MAX_DIM], y[MAX_DIM];
	ex_gen_dot(&bh_rng, size, cond, NULL, x, y);
	int w = width(&p);
	double *a = p.a, *other = family_of(r) == TRMM ? p.c : p.b;
	int ldo = family_of(r) == TRMM ? p.ldc : p.ldb;
	enum family f = family_of(r);
	for (int l = 0; l < size; l++) {
		double tiny_x = w == 2 ? ldexp(bh_sym(), -60) : 0.0;
		double tiny_y = w == 2 ? ldexp(bh_sym(), -60) : 0.0;
		/* L_0 row 0 */
		double *ax = a + ((size_t)l * p.lda + 0) * w;
		ax[0] = x[l];
		if (w == 2)
			ax[1] = hermitian_of(r) && l == 0 ? NAN : tiny_x;
		if (f == SYRK) {
			/* A row 1 = y, so that S(0, 1) = row 0 . row 1 */
			double *ay = a + ((size_t)l * p.lda + 1) * w;
			ay[0] = y[l];
			if (w == 2)
				ay[1] = r == R_ZHERK ? -tiny_y : tiny_y;
			continue;
		}
		if (f == SYR2K) {
			/* B row 1 = y, B row 0 = 0: S(0, 1) = A0 . B1 + B0 . A1 */
			double *by = p.b + ((size_t)l * p.ldb + 1) * w, *b0 = p.b + (size_t)l * p.ldb * w;
			by[0] = y[l];
			b0[0] = 0.0;
			if (w == 2)
				by[1] = tiny_y, b0[1] = 0.0;
			continue;
		}
		/* R_0 column 0 */
		double *oy = other + ((size_t)0 * ldo + l) * w;
		oy[0] = y[l];
		if (w == 2)
			oy[1] = tiny_y;
	}
	if (f == SYMM) /* row 0 of the upper triangle is column 0 of the rest: zero it */
		for (int i = 1; i < size; i++)
			for (int q = 0; q < w; q++)
				a[(size_t)i * w + q] = NAN; /* lower triangle: unread */
	if (f == TRMM) /* upper: row 0 of op(A) is all of row 0 */
		for (int i = 1; i < size; i++)
			for (int q = 0; q < w; q++)
				a[(size_t)i * w + q] = NAN;
	run_problem(&p);
}

int main(int argc, char **argv)
{
	bh_start(argc, argv, "[bits]");
	bits_only = argc > 2 && strcmp(argv[2], "bits") == 0;
	for (int r = 0; r < R_COUNT; r++) {
		char symbol[16];
		snprintf(symbol, sizeof symbol, "%s_", names[r]);
		reference[r] = (void (*)())bh_reference(symbol);
	}
	size_t big = (size_t)2 * (MAX_DIM + 3) * (MAX_DIM + 3);
	store_a = malloc(big * sizeof(double));
	store_b = malloc(big * sizeof(double));
	store_c = malloc(big * sizeof(double));
	got_c = malloc(big * sizeof(double));
	ref_c = malloc(big * sizeof(double));
	cblas_c = malloc(big * sizeof(double));
	ex_sum_init(&sum_re, 8 * MAX_DIM + 8);
	ex_sum_init(&sum_im, 8 * MAX_DIM + 8);
	if (!store_a || !store_b || !store_c || !got_c || !ref_c || !cblas_c)
		return 99;
	static const int sizes[] = { 0, 1, 2, 3, 5, 9, 17, 33 };
	for (int r = 0; r < R_COUNT; r++) {
		/* small shapes, every option at random, several times */
		for (int trial = 0; trial < 40; trial++) {
			int m = sizes[bh_int(0, 7)], n = sizes[bh_int(0, 7)], k = sizes[bh_int(0, 7)];
			random_problem(r, m, n, k, 0);
		}
		/* across the engine's tiles (128 rows, 128 real columns, 256 real
		 * inner) */
		random_problem(r, 130, 70, 140, 0);
		random_problem(r, 20, 140, 40, 0);
		if (!complex_of(r))
			random_problem(r, 12, 10, 300, 0);
		/* Inf and NaN */
		for (int trial = 0; trial < 20; trial++)
			random_problem(r, bh_int(1, 12), bh_int(1, 12), bh_int(1, 12), 1);
		/* ill-conditioned */
		if (r != R_DGEMM)
			for (int e = 10; e <= 30; e += 10)
				ill_problem(r, 40, pow(10, e));
		/* tiny products, direct against tiled */
		if (bh_mode == BH_DD && !bits_only && !complex_of(r))
			for (int trial = 0; trial < 100; trial++)
				tiny_against_tiled(r, trial % 4 == 3);
	}
	if (bits_only) {
		printf("%% bits: %016llx\n", (unsigned long long)bits_hash);
		return 0;
	}
	return bh_finish();
}
