/* test/lapack/drivers.c: LAPACK's drivers dgesv_ and dposv_ as libtwofold
 * exports them, run with libtwofold preloaded (test/blas/run.sh):
 *   dd   on systems of condition 1 to 1e15, every component of the solution
 *        is the exact solution of the stored system (MPFR) rounded to
 *        nearest: no error at all up to condition 1e14, at most 1 ulp at
 *        1e15; A holds the reference LAPACK's factors and ipiv its pivots,
 *        bit for bit; singular matrices, Inf and NaN, n = 0 and nrhs = 0
 *        give what the reference gives
 *   cpu  every result is the reference's bit for bit, and the reference's
 *        solutions fail the criterion from condition 1e8 on (the test
 *        tells a plain solve from a refined one)
 * In both: illegal arguments give LAPACK's INFO and reach the program's
 * xerbla_ with LAPACK's parameter number, and nothing outside A, B and ipiv
 * is written.  The reference is the system LAPACK opened with RTLD_DEEPBIND,
 * so that its BLAS is its own (the reference BLAS) and not libtwofold's. */
#define _GNU_SOURCE /* dladdr, RTLD_DEEPBIND */
#include <dlfcn.h>
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/blas/harness.h"
#include "test/splitmix64.h"

typedef void gesv_fn(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv,
		     double *b, const int *ldb, int *info);
typedef void posv_fn(const char *uplo, const int *n, const int *nrhs, double *a, const int *lda,
		     double *b, const int *ldb, int *info, size_t uplo_len);
extern gesv_fn dgesv_;
extern posv_fn dposv_;
static gesv_fn *reference_gesv;
static posv_fn *reference_posv;

#define PRECISION 1024 /* bits of the MPFR solves: exact far beyond condition 1e18 */
#define PAD 3          /* rows of NaN below each column, and after the arrays */

/* The program's own xerbla_: what the last illegal argument reported. */
static char xerbla_name[8];
static int xerbla_info;
void xerbla_(const char *name, const int *info, size_t length)
{
	snprintf(xerbla_name, sizeof xerbla_name, "%.*s", (int)(length < 6 ? length : 6), name);
	xerbla_info = *info;
}

/* The program's LAPACK is loaded already, its BLAS calls bound to
 * libtwofold's exports: a copy of its file, opened apart with
 * RTLD_DEEPBIND, binds them to its own dependencies (the reference BLAS). */
static void open_reference_lapack(void)
{
	Dl_info info;
	void *dgetrf = dlsym(RTLD_DEFAULT, "dgetrf_");
	if (!dgetrf || !dladdr(dgetrf, &info) || !info.dli_fname) {
		printf("the program's LAPACK cannot be found\n");
		exit(99);
	}
	char copy[] = "/tmp/twofold-reference-lapack-XXXXXX";
	int fd = mkstemp(copy);
	FILE *from = fopen(info.dli_fname, "rb"), *to = fd >= 0 ? fdopen(fd, "wb") : NULL;
	if (!from || !to) {
		printf("cannot copy %s\n", info.dli_fname);
		exit(99);
	}
	char block[65536];
	size_t got;
	while ((got = fread(block, 1, sizeof block, from)) > 0)
		fwrite(block, 1, got, to);
	fclose(from);
	fclose(to);
	void *lapack = dlopen(copy, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
	remove(copy);
	if (!lapack) {
		printf("cannot open the reference LAPACK: %s\n", dlerror());
		exit(99);
	}
	reference_gesv = (gesv_fn *)dlsym(lapack, "dgesv_");
	reference_posv = (posv_fn *)dlsym(lapack, "dposv_");
	if (!reference_gesv || !reference_posv) {
		printf("the reference LAPACK lacks dgesv_ or dposv_\n");
		exit(99);
	}
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

/* a (n x n, leading dimension lda) = (I - 2 u u^T) diag(s) (I - 2 v v^T):
 * singular values s, so condition max s / min s up to the rounding of the
 * products; v = u gives a symmetric matrix. */
static void conditioned_matrix(int n, double cond, int symmetric, double *a, int lda)
{
	double *u = malloc(3 * (size_t)n * sizeof *u), *v = u + n, *s = u + 2 * n;
	unit_vector(n, u);
	if (symmetric)
		memcpy(v, u, (size_t)n * sizeof *v);
	else
		unit_vector(n, v);
	for (int i = 0; i < n; i++)
		s[i] = n > 1 ? pow(cond, -(double)i / (n - 1)) : 1.0;
	for (int i = n - 1; i > 0; i--) { /* in random order */
		int k = splitmix64_int(&bh_rng, 0, i);
		double t = s[i]; s[i] = s[k]; s[k] = t;
	}
	/* (I - 2uu^T) diag(s) (I - 2vv^T) = diag(s) - 2 u (s.u)^T... element by element */
	double su_v = 0.0;
	for (int k = 0; k < n; k++)
		su_v += u[k] * s[k] * v[k];
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++)
			a[(size_t)j * lda + i] = (i == j ? s[i] : 0.0) - 2.0 * u[i] * u[j] * s[j] -
						 2.0 * s[i] * v[i] * v[j] + 4.0 * u[i] * su_v * v[j];
	free(u);
}

/* The exact solution of a x = b (n x n, nrhs columns) rounded to nearest, by
 * Gaussian elimination with partial pivoting in MPFR: x n x nrhs, leading
 * dimension n.  a is nonsingular here. */
static void exact_solution(int n, int nrhs, const double *a, int lda, const double *b, int ldb,
			   double *x)
{
	const int cols = n + nrhs;
	mpfr_t *m = malloc((size_t)n * cols * sizeof *m), f, t;
	mpfr_inits2(PRECISION, f, t, (mpfr_ptr)0);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < cols; j++) {
			mpfr_init2(m[i * cols + j], PRECISION);
			mpfr_set_d(m[i * cols + j],
				   j < n ? a[(size_t)j * lda + i] : b[(size_t)(j - n) * ldb + i], MPFR_RNDN);
		}
	for (int k = 0; k < n; k++) {
		int p = k;
		for (int i = k + 1; i < n; i++)
			if (mpfr_cmpabs(m[i * cols + k], m[p * cols + k]) > 0)
				p = i;
		for (int j = 0; j < cols && p != k; j++)
			mpfr_swap(m[p * cols + j], m[k * cols + j]);
		for (int i = k + 1; i < n; i++) {
			mpfr_div(f, m[i * cols + k], m[k * cols + k], MPFR_RNDN);
			for (int j = k; j < cols; j++) {
				mpfr_mul(t, f, m[k * cols + j], MPFR_RNDN);
				mpfr_sub(m[i * cols + j], m[i * cols + j], t, MPFR_RNDN);
			}
		}
	}
	for (int c = 0; c < nrhs; c++)
		for (int i = n - 1; i >= 0; i--) {
			mpfr_ptr xi = m[i * cols + n + c];
			for (int j = i + 1; j < n; j++) {
				mpfr_mul(t, m[i * cols + j], m[j * cols + n + c], MPFR_RNDN);
				mpfr_sub(xi, xi, t, MPFR_RNDN);
			}
			mpfr_div(xi, xi, m[i * cols + i], MPFR_RNDN);
			x[(size_t)c * n + i] = mpfr_get_d(xi, MPFR_RNDN);
		}
	mpfr_clears(f, t, (mpfr_ptr)0);
	for (int i = 0; i < n * cols; i++)
		mpfr_clear(m[i]);
	free(m);
}

/* Units in the last place of rn between got and rn. */
static double ulps(double got, double rn)
{
	if (got == rn)
		return 0.0;
	double ulp = nextafter(fabs(rn), INFINITY) - fabs(rn);
	return isfinite(got) ? fabs(got - rn) / ulp : INFINITY;
}

/* An m x n matrix in storage of leading dimension ld, with NaN in the
 * padding rows and PAD elements after it. */
static double *padded(int m, int n, int ld)
{
	size_t size = (size_t)ld * (n > 0 ? n : 1) + PAD;
	double *v = malloc(size * sizeof *v);
	for (size_t i = 0; i < size; i++)
		v[i] = NAN;
	(void)m;
	return v;
}

static size_t padded_size(int n, int ld)
{
	return (size_t)ld * (n > 0 ? n : 1) + PAD;
}

/* Whether two arrays are the same bit for bit (NaN = NaN). */
static int same(const double *x, const double *y, size_t count)
{
	for (size_t i = 0; i < count; i++)
		if (!bh_same(x[i], y[i]))
			return 0;
	return 1;
}

/* One system: A of condition cond (symmetric positive definite for posv),
 * nrhs right-hand sides, leading dimensions n + extra. */
static void one_system(const char *routine, char uplo, int n, int nrhs, int extra, double cond)
{
	const int lda = n + extra, ldb = n + extra + 1;
	double *a = padded(n, n, lda), *b = padded(n, nrhs, ldb);
	double *ra = padded(n, n, lda), *rb = padded(n, nrhs, ldb);
	double *exact = malloc((size_t)n * nrhs * sizeof *exact);
	int *ipiv = malloc((size_t)(n + PAD) * sizeof *ipiv), *ripiv = malloc((size_t)(n + PAD) * sizeof *ripiv);
	conditioned_matrix(n, cond, uplo != 0, a, lda);
	if (uplo) /* the triangle not referenced: NaN */
		for (int j = 0; j < n; j++)
			for (int i = 0; i < n; i++)
				if (uplo == 'U' ? i > j : i < j)
					a[(size_t)j * lda + i] = NAN;
	/* the full matrix (symmetric: its stored triangle mirrored) */
	double *full = malloc((size_t)n * n * sizeof *full), *x = malloc((size_t)n * sizeof *x);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++)
			full[(size_t)j * n + i] = uplo && (uplo == 'U' ? i > j : i < j)
							  ? a[(size_t)i * lda + j] : a[(size_t)j * lda + i];
	/* b = A x for x of components 1 to 2 in size: a solution whose
	 * components are all of one scale */
	for (int c = 0; c < nrhs; c++) {
		for (int j = 0; j < n; j++)
			x[j] = (1.0 + splitmix64_unif(&bh_rng)) * (splitmix64_unif(&bh_rng) < 0.5 ? -1 : 1);
		for (int i = 0; i < n; i++) {
			double sum = 0.0;
			for (int j = 0; j < n; j++)
				sum += full[(size_t)j * n + i] * x[j];
			b[(size_t)c * ldb + i] = sum;
		}
	}
	free(x);
	exact_solution(n, nrhs, full, n, b, ldb, exact);
	memcpy(ra, a, padded_size(n, lda) * sizeof *a);
	memcpy(rb, b, padded_size(nrhs, ldb) * sizeof *b);
	for (int i = 0; i < n + PAD; i++)
		ipiv[i] = ripiv[i] = -7;
	int info = -99, rinfo = -99;
	if (uplo) {
		dposv_(&uplo, &n, &nrhs, a, &lda, b, &ldb, &info, 1);
		reference_posv(&uplo, &n, &nrhs, ra, &lda, rb, &ldb, &rinfo, 1);
	} else {
		dgesv_(&n, &nrhs, a, &lda, ipiv, b, &ldb, &info);
		reference_gesv(&n, &nrhs, ra, &lda, ripiv, rb, &ldb, &rinfo);
	}
	bh_verdict(routine, info == rinfo, "n %d cond %.0e: INFO %d, the reference's %d", n, cond,
		   info, rinfo);
	bh_verdict(routine, same(a, ra, padded_size(n, lda)) && memcmp(ipiv, ripiv, (size_t)(n + PAD) * sizeof *ipiv) == 0,
		   "n %d cond %.0e uplo %c: the factors or pivots differ from the reference's", n,
		   cond, uplo ? uplo : '-');
	if (bh_mode == BH_CPU)
		bh_verdict(routine, same(b, rb, padded_size(nrhs, ldb)),
			   "n %d cond %.0e: the solution differs from the reference's", n, cond);
	double worst = 0.0;
	for (int c = 0; c < nrhs; c++)
		for (int i = 0; i < n; i++)
			worst = fmax(worst, ulps(b[(size_t)c * ldb + i], exact[(size_t)c * n + i]));
	int untouched = 1;
	for (int c = 0; c < nrhs; c++)
		for (int i = n; i < ldb; i++)
			untouched &= isnan(b[(size_t)c * ldb + i]);
	for (int i = 0; i < PAD; i++)
		untouched &= isnan(b[padded_size(nrhs, ldb) - 1 - i]);
	bh_verdict(routine, untouched, "n %d: B written outside its n x nrhs elements", n);
	int met = cond <= 1e14 ? worst == 0.0 : worst <= 1.0;
	if (bh_mode == BH_DD)
		bh_verdict(routine, met, "n %d nrhs %d cond %.0e uplo %c: %.3g ulps from the exact "
			   "solution rounded", n, nrhs, cond, uplo ? uplo : '-', worst);
	else if (cond >= 1e8)
		bh_ill_conditioned(routine, met);
	free(full);
	free(exact);
	free(ipiv);
	free(ripiv);
	free(a);
	free(b);
	free(ra);
	free(rb);
}

/* Singular matrices, Inf and NaN, n = 0, nrhs = 0: the reference's
 * results, bit for bit, in every mode. */
static void as_the_reference(const char *routine, char uplo, int n, int nrhs, int kind)
{
	const int lda = n > 0 ? n : 1, ldb = lda;
	double *a = padded(n, n, lda), *b = padded(n, nrhs, ldb);
	double *ra = padded(n, n, lda), *rb = padded(n, nrhs, ldb);
	int ipiv[64], ripiv[64];
	conditioned_matrix(n, 10.0, uplo != 0, a, lda);
	for (int c = 0; c < nrhs; c++)
		for (int i = 0; i < n; i++)
			b[(size_t)c * ldb + i] = bh_sym();
	if (kind == 1 && n > 2) /* singular: a zero column */
		for (int i = 0; i < n; i++)
			a[(size_t)2 * lda + i] = 0.0;
	if (kind == 2 && n > 1) /* NaN in A, in the triangle dposv_ reads */
		a[uplo == 'U' ? lda : 1] = NAN;
	if (kind == 3 && n > 1 && nrhs > 0) /* Inf in B */
		b[1] = INFINITY;
	memcpy(ra, a, padded_size(n, lda) * sizeof *a);
	memcpy(rb, b, padded_size(nrhs, ldb) * sizeof *b);
	for (int i = 0; i < 64; i++)
		ipiv[i] = ripiv[i] = -7;
	int info = -99, rinfo = -99;
	if (uplo) {
		dposv_(&uplo, &n, &nrhs, a, &lda, b, &ldb, &info, 1);
		reference_posv(&uplo, &n, &nrhs, ra, &lda, rb, &ldb, &rinfo, 1);
	} else {
		dgesv_(&n, &nrhs, a, &lda, ipiv, b, &ldb, &info);
		reference_gesv(&n, &nrhs, ra, &lda, ripiv, rb, &ldb, &rinfo);
	}
	bh_verdict(routine, info == rinfo && same(a, ra, padded_size(n, lda)) &&
			    same(b, rb, padded_size(nrhs, ldb)) && memcmp(ipiv, ripiv, sizeof ipiv) == 0,
		   "n %d nrhs %d case %d uplo %c: INFO %d (the reference's %d), or A, B or ipiv "
		   "not the reference's", n, nrhs, kind, uplo ? uplo : '-', info, rinfo);
	free(a);
	free(b);
	free(ra);
	free(rb);
}

/* Each illegal argument: LAPACK's INFO and the program's xerbla_. */
static void illegal_arguments(void)
{
	double a[16] = { 0 }, b[16] = { 0 };
	int ipiv[4], info;
	static const struct {
		int n, nrhs, lda, ldb, parameter;
	} gesv_cases[] = {
		{ -1, 1, 1, 1, 1 }, { 2, -1, 2, 2, 2 }, { 2, 1, 1, 2, 4 }, { 2, 1, 2, 1, 7 },
		{ 0, 1, 0, 1, 4 }, { 0, 1, 1, 0, 7 },
	};
	for (size_t i = 0; i < sizeof gesv_cases / sizeof gesv_cases[0]; i++) {
		xerbla_name[0] = 0, xerbla_info = 0;
		dgesv_(&gesv_cases[i].n, &gesv_cases[i].nrhs, a, &gesv_cases[i].lda, ipiv, b,
		       &gesv_cases[i].ldb, &info);
		bh_verdict("dgesv_", info == -gesv_cases[i].parameter && xerbla_info == gesv_cases[i].parameter &&
				     strcmp(xerbla_name, "DGESV ") == 0,
			   "illegal parameter %d: INFO %d, xerbla_ heard '%s' %d",
			   gesv_cases[i].parameter, info, xerbla_name, xerbla_info);
	}
	static const struct {
		char uplo;
		int n, nrhs, lda, ldb, parameter;
	} posv_cases[] = {
		{ 'X', 2, 1, 2, 2, 1 }, { 'U', -1, 1, 1, 1, 2 }, { 'L', 2, -1, 2, 2, 3 },
		{ 'u', 2, 1, 1, 2, 5 }, { 'l', 2, 1, 2, 1, 7 },
	};
	for (size_t i = 0; i < sizeof posv_cases / sizeof posv_cases[0]; i++) {
		xerbla_name[0] = 0, xerbla_info = 0;
		dposv_(&posv_cases[i].uplo, &posv_cases[i].n, &posv_cases[i].nrhs, a,
		       &posv_cases[i].lda, b, &posv_cases[i].ldb, &info, 1);
		bh_verdict("dposv_", info == -posv_cases[i].parameter && xerbla_info == posv_cases[i].parameter &&
				     strcmp(xerbla_name, "DPOSV ") == 0,
			   "illegal parameter %d: INFO %d, xerbla_ heard '%s' %d",
			   posv_cases[i].parameter, info, xerbla_name, xerbla_info);
	}
}

int main(int argc, char **argv)
{
	bh_start(argc, argv, "dd|cpu");
	open_reference_lapack();
	static const double conds[] = { 1.0, 1e4, 1e8, 1e12, 1e14, 1e15 };
	static const int sizes[] = { 1, 2, 7, 33 };
	for (size_t c = 0; c < sizeof conds / sizeof conds[0]; c++)
		for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
			int n = sizes[s];
			one_system("dgesv_", 0, n, 1, 0, conds[c]);
			one_system("dgesv_", 0, n, 3, 2, conds[c]);
			one_system("dposv_", 'U', n, 1, 1, conds[c]);
			one_system("dposv_", 'L', n, 2, 0, conds[c]);
		}
	for (int kind = 1; kind < 4; kind++) {
		as_the_reference("dgesv_", 0, 5, 2, kind);
		as_the_reference("dposv_", 'U', 5, 2, kind);
		as_the_reference("dposv_", 'L', 5, 1, kind);
	}
	as_the_reference("dgesv_", 0, 0, 2, 0);
	as_the_reference("dgesv_", 0, 4, 0, 0);
	as_the_reference("dposv_", 'L', 0, 1, 0);
	as_the_reference("dposv_", 'U', 4, 0, 0);
	illegal_arguments();
	return bh_finish();
}
