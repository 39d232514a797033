/* test/lapack/drivers.c: LAPACK's drivers dgesv_, zgesv_, dposv_, zposv_ and
 * dsysv_ as libtwofold exports them, run with libtwofold preloaded (test/blas/run.sh):
 *   dd   on systems of condition 1 to 1e15, every component of the solution
 *        is the exact solution of the stored system (MPFR) rounded to
 *        nearest: no error at all up to condition 1e14, at most 1 ulp at
 *        1e15; A holds the reference LAPACK's factors and ipiv its pivots,
 *        bit for bit; singular matrices, Inf and NaN, n = 0 and nrhs = 0
 *        give what the reference gives; beyond 1/u (gesv and posv on
 *        exactly stored matrices of condition 1e16 to 1e28, ill_system;
 *        dsysv_ on symmetric indefinite ones), where A is factored again in
 *        DD, at most 1 ulp (at 1e28: of the largest component), INFO, A and
 *        ipiv still the reference's
 *   cpu  every result is the reference's bit for bit, and the reference's
 *        solutions fail the criterion from condition 1e8 on (the test
 *        tells a plain solve from a refined one), and beyond 1/u
 * A third argument `ill` runs only the systems beyond 1/u, of dgesv_,
 * dposv_ and dsysv_ (real: the systems the GPU factors in DD when forced,
 * test/lapack/drivers_gpu.sh).
 * In both: illegal arguments give LAPACK's INFO and reach the program's
 * xerbla_ with LAPACK's parameter number, and nothing outside A, B and ipiv
 * is written.  The reference is the system LAPACK opened with RTLD_DEEPBIND,
 * so that its BLAS is its own (the reference BLAS) and not libtwofold's.
 *
 * Built with TF_SOLVE_GPU as drivers_gpu (the GPU's solves, gpu/solver.h;
 * run with the GPU forced, test/lapack_drivers.list): gesv and posv, real
 * and complex, with A, B and ipiv in host, device (cudaMalloc) and managed
 * memory, on the systems above and larger ones past cuSOLVER's blocking,
 * judged the same way except that A holds cuSOLVER's factors: within
 * 2^-40 of A's largest element of the reference's, the pivots the
 * reference's (singular matrices included: INFO the reference's), or A and
 * ipiv bit for bit the reference's.  With
 * the argument `native` (TWOFOLD_MODE=native): the same systems solved by
 * cuSOLVER in double, the factors and pivots judged so, and the solution
 * within 1e-14 cond of the largest component of the exact one (it is not
 * refined). */
#define _GNU_SOURCE /* RTLD_DEFAULT */
#include <dlfcn.h>
#include <complex.h>
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/blas/harness.h"
#include "test/lapack/reference.h"
#include "test/ill_conditioned.h"
#include "test/splitmix64.h"
#ifdef TF_SOLVE_GPU
#include <cuda_runtime_api.h>
#endif

typedef void gesv_fn(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv,
		     double *b, const int *ldb, int *info);
typedef void posv_fn(const char *uplo, const int *n, const int *nrhs, double *a, const int *lda,
		     double *b, const int *ldb, int *info, size_t uplo_len);
typedef void sysv_fn(const char *uplo, const int *n, const int *nrhs, double *a, const int *lda,
		     int *ipiv, double *b, const int *ldb, double *work, const int *lwork,
		     int *info, size_t uplo_len);
extern gesv_fn dgesv_, zgesv_;
extern posv_fn dposv_, zposv_;
extern sysv_fn dsysv_;
static gesv_fn *reference_gesv[2];
static posv_fn *reference_posv[2];
static sysv_fn *reference_sysv;
/* libtwofold's LAPACKE entries (the program links no LAPACKE) */
static int (*LAPACKE_dgesv)(int layout, int n, int nrhs, double *a, int lda, int *ipiv, double *b,
			    int ldb);
static int (*LAPACKE_dposv)(int layout, char uplo, int n, int nrhs, double *a, int lda, double *b,
			    int ldb);
enum { ROW_MAJOR = 101, COL_MAJOR = 102 };

/* A driver of one type (complex: elements of two doubles). */
struct driver {
	const char *name;   /* "dgesv_" ... */
	const char *upper;  /* as xerbla_ hears it: "DGESV " ... */
	int width;          /* doubles per element */
	char uplo;          /* 0: gesv; posv, sysv: 'U' or 'L' for the case */
	int sysv;           /* dsysv_: A symmetric indefinite */
};

#define PRECISION 1024 /* bits of the MPFR solves: exact far beyond condition 1e28 */
#define PAD 3          /* rows of NaN below each column, and after the arrays */

/* The program's own LAPACKE_xerbla, which LAPACKE's entries call: what it
 * last heard. */
static char lapacke_name[32];
static int lapacke_info;
void LAPACKE_xerbla(const char *name, int info)
{
	snprintf(lapacke_name, sizeof lapacke_name, "%s", name);
	lapacke_info = info;
}

/* The program's own xerbla_: what the last illegal argument reported. */
static char xerbla_name[8];
static int xerbla_info;
void xerbla_(const char *name, const int *info, size_t length)
{
	snprintf(xerbla_name, sizeof xerbla_name, "%.*s", (int)(length < 6 ? length : 6), name);
	xerbla_info = *info;
}

/* The reference's drivers (test/lapack/reference.h). */
static void open_reference_lapack(void)
{
	void *lapack = reference_lapack_open();
	reference_gesv[0] = (gesv_fn *)dlsym(lapack, "dgesv_");
	reference_gesv[1] = (gesv_fn *)dlsym(lapack, "zgesv_");
	reference_posv[0] = (posv_fn *)dlsym(lapack, "dposv_");
	reference_posv[1] = (posv_fn *)dlsym(lapack, "zposv_");
	reference_sysv = (sysv_fn *)dlsym(lapack, "dsysv_");
	if (!reference_gesv[0] || !reference_gesv[1] || !reference_posv[0] || !reference_posv[1] ||
	    !reference_sysv) {
		printf("the reference LAPACK lacks a driver\n");
		exit(99);
	}
}

/* A random unit vector, real or complex. */
static void unit_vector(int n, int width, double complex *u)
{
	double norm = 0.0;
	for (int i = 0; i < n; i++) {
		double re = 2.0 * splitmix64_unif(&bh_rng) - 1.0;
		double im = width == 2 ? 2.0 * splitmix64_unif(&bh_rng) - 1.0 : 0.0;
		u[i] = CMPLX(re, im);
		norm += re * re + im * im;
	}
	for (int i = 0; i < n; i++)
		u[i] /= sqrt(norm);
}

/* a (n x n, leading dimension lda, elements of width doubles) =
 * (I - 2 u u^H) diag(s) (I - 2 v v^H): singular values s, so condition
 * max s / min s up to the rounding of the products; symmetric: v = u gives a
 * symmetric (Hermitian) positive definite matrix, its diagonal then made
 * real; symmetric 2: indefinite, s with random signs. */
static void conditioned_matrix(int n, int width, double cond, int symmetric, double *a, int lda)
{
	const int indefinite = symmetric == 2;
	double complex *u = malloc(2 * (size_t)n * sizeof *u + 1), *v = u + n;
	double *s = malloc((size_t)n * sizeof *s + 1);
	unit_vector(n, width, u);
	if (symmetric)
		memcpy(v, u, (size_t)n * sizeof *v);
	else
		unit_vector(n, width, v);
	for (int i = 0; i < n; i++)
		s[i] = (n > 1 ? pow(cond, -(double)i / (n - 1)) : 1.0) *
		       (indefinite && splitmix64_unif(&bh_rng) < 0.5 ? -1 : 1);
	for (int i = n - 1; i > 0; i--) { /* in random order */
		int k = splitmix64_int(&bh_rng, 0, i);
		double t = s[i]; s[i] = s[k]; s[k] = t;
	}
	double complex usv = 0.0;
	for (int k = 0; k < n; k++)
		usv += conj(u[k]) * s[k] * v[k];
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			double complex e = (i == j ? s[i] : 0.0) - 2.0 * u[i] * conj(u[j]) * s[j] -
					   2.0 * s[i] * v[i] * conj(v[j]) +
					   4.0 * u[i] * usv * conj(v[j]);
			double *at = a + (size_t)width * ((size_t)j * lda + i);
			at[0] = creal(e);
			if (width == 2)
				at[1] = symmetric && i == j ? 0.0 : cimag(e);
		}
	free(s);
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

/* An n-column matrix in storage of leading dimension ld (elements of
 * width doubles), NaN everywhere (padding rows, and PAD doubles after). */
static size_t padded_size(int width, int n, int ld)
{
	return (size_t)width * ld * (n > 0 ? n : 1) + PAD;
}

static double *padded(int width, int n, int ld)
{
	size_t size = padded_size(width, n, ld);
	double *v = malloc(size * sizeof *v);
	for (size_t i = 0; i < size; i++)
		v[i] = NAN;
	return v;
}

/* Whether two arrays are the same bit for bit (NaN = NaN). */
static int same(const double *x, const double *y, size_t count)
{
	for (size_t i = 0; i < count; i++)
		if (!bh_same(x[i], y[i]))
			return 0;
	return 1;
}

/* Whether a(i, j) lies in the triangle a posv does not read. */
static int unread(char uplo, int i, int j)
{
	return uplo && (uplo == 'U' ? i > j : i < j);
}

/* Where twofold's calls find A, B and ipiv (drivers_gpu): host, device
 * (cudaMalloc) or managed memory; and whether the mode is native. */
enum placement { HOST, DEVICE, MANAGED };
static enum placement placement;
static int native;

static void call_placed(const struct driver *d, int n, int nrhs, double *a, int lda, int *ipiv,
			double *b, int ldb, int *info);

/* The driver's call, twofold's or the reference's. */
static void call(const struct driver *d, int reference, int n, int nrhs, double *a, int lda,
		 int *ipiv, double *b, int ldb, int *info)
{
	const int z = d->width == 2;
	if (!reference && placement != HOST) {
		call_placed(d, n, nrhs, a, lda, ipiv, b, ldb, info);
		return;
	}
	if (d->sysv) {
		int lwork = 64 * (n > 0 ? n : 1);
		double *work = malloc((size_t)lwork * sizeof *work);
		(reference ? reference_sysv : dsysv_)(&d->uplo, &n, &nrhs, a, &lda, ipiv, b, &ldb, work,
						      &lwork, info, 1);
		free(work);
	} else if (d->uplo)
		(reference ? reference_posv[z] : z ? zposv_ : dposv_)(&d->uplo, &n, &nrhs, a, &lda, b,
								       &ldb, info, 1);
	else
		(reference ? reference_gesv[z] : z ? zgesv_ : dgesv_)(&n, &nrhs, a, &lda, ipiv, b,
								       &ldb, info);
}

#ifdef TF_SOLVE_GPU
/* A copy of host's `bytes` in device or managed memory, as placed. */
static void *placed(const void *host, size_t bytes)
{
	void *p = NULL;
	cudaError_t status = placement == DEVICE ? cudaMalloc(&p, bytes)
						 : cudaMallocManaged(&p, bytes, cudaMemAttachGlobal);
	if (status != cudaSuccess || cudaMemcpy(p, host, bytes, cudaMemcpyDefault) != cudaSuccess) {
		printf("harness error: %zu bytes of %s memory: %s\n", bytes,
		       placement == DEVICE ? "device" : "managed", cudaGetErrorString(status));
		exit(99);
	}
	return p;
}

static void copied_back(void *host, void *p, size_t bytes)
{
	if (cudaMemcpy(host, p, bytes, cudaMemcpyDefault) != cudaSuccess) {
		printf("harness error: a copy from device memory failed\n");
		exit(99);
	}
	cudaFree(p);
}
#endif

static size_t padded_size(int width, int n, int ld);

/* Whether twofold's calls go to the GPU (drivers_gpu, which forces it). */
static int placement_is_gpu(void)
{
#ifdef TF_SOLVE_GPU
	return 1;
#else
	return 0;
#endif
}

/* twofold's call on copies of A, B and ipiv (n + PAD of them) placed in
 * device or managed memory, copied back. */
static void call_placed(const struct driver *d, int n, int nrhs, double *a, int lda, int *ipiv,
			double *b, int ldb, int *info)
{
#ifdef TF_SOLVE_GPU
	const size_t a_bytes = padded_size(d->width, n, lda) * sizeof *a;
	const size_t b_bytes = padded_size(d->width, nrhs, ldb) * sizeof *b;
	const size_t ipiv_bytes = (size_t)(n + PAD) * sizeof *ipiv;
	double *da = placed(a, a_bytes), *db = placed(b, b_bytes);
	int *dipiv = placed(ipiv, ipiv_bytes);
	const enum placement was = placement;
	placement = HOST;
	call(d, 0, n, nrhs, da, lda, dipiv, db, ldb, info);
	placement = was;
	copied_back(a, da, a_bytes);
	copied_back(b, db, b_bytes);
	copied_back(ipiv, dipiv, ipiv_bytes);
#else
	(void)d, (void)n, (void)nrhs, (void)a, (void)lda, (void)ipiv, (void)b, (void)ldb;
	*info = -99;
#endif
}

static int same(const double *x, const double *y, size_t count);
static int unread(char uplo, int i, int j);

#ifdef TF_SOLVE_GPU
/* a(i, j), real or complex. */
static double complex element(const double *a, int width, int lda, int i, int j)
{
	const double *e = a + (size_t)width * ((size_t)j * lda + i);
	return width == 2 ? CMPLX(e[0], e[1]) : e[0];
}

/* Whether the factors a (and ipiv) are a factorization of a_in that
 * LAPACK's getrf or potrf could have returned: P a_in = L U with the
 * pivots in range and |L| <= 1 (gesv; complex: sqrt(2), the pivots being
 * chosen by |re| + |im|), or a_in = U^H U (L L^H) from its
 * read triangle (posv), each element within 8 (n + 2) u of the sum of
 * the products' magnitudes, the bound of the rounding of those sums in any
 * order. */
static int factorization_holds(const struct driver *d, int n, int lda, const double *a_in,
			       const double *a, const int *ipiv)
{
	const int w = d->width;
	const char uplo = d->uplo;
	double complex *m = malloc((size_t)n * n * sizeof *m + 1);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			double complex e = unread(uplo, i, j) ? conj(element(a_in, w, lda, j, i))
							      : element(a_in, w, lda, i, j);
			m[(size_t)j * n + i] = uplo && i == j ? creal(e) : e;
		}
	int holds = 1;
	for (int k = 0; k < n && !uplo; k++) { /* P a_in */
		const int p = ipiv[k] - 1;
		if (p < k || p >= n) {
			holds = 0;
			break;
		}
		for (int j = 0; j < n; j++) {
			double complex t = m[(size_t)j * n + k];
			m[(size_t)j * n + k] = m[(size_t)j * n + p];
			m[(size_t)j * n + p] = t;
		}
	}
	for (int j = 0; j < n && holds; j++)
		for (int i = 0; i < n && holds; i++) {
			double complex sum = 0.0;
			double size = 0.0;
			for (int k = 0; k < n; k++) {
				double complex f, g;
				if (!uplo) { /* L unit lower, U upper */
					f = i == k ? 1.0 : i > k ? element(a, w, lda, i, k) : 0.0;
					g = k <= j ? element(a, w, lda, k, j) : 0.0;
					holds &= cabs(f) <= (w == 2 ? 0x1.6a09e667f3bcdp+0 * (1 + 0x1p-50) : 1.0);
				} else if (uplo == 'U') { /* U^H U */
					f = k <= i ? conj(element(a, w, lda, k, i)) : 0.0;
					g = k <= j ? element(a, w, lda, k, j) : 0.0;
				} else { /* L L^H */
					f = k <= i ? element(a, w, lda, i, k) : 0.0;
					g = k <= j ? conj(element(a, w, lda, j, k)) : 0.0;
				}
				sum += f * g;
				size += cabs(f) * cabs(g);
			}
			holds &= cabs(m[(size_t)j * n + i] - sum) <= 8.0 * (n + 2) * 0x1p-53 * size;
		}
	free(m);
	return holds;
}
#endif

/* Whether twofold's factors a and pivots agree with the reference's ra,
 * ripiv (n x n, leading dimension lda, padded; a_in the matrix given): bit
 * for bit from the CPU LAPACK; from cuSOLVER (drivers_gpu), which orders
 * its sums otherwise, a factorization of a_in (factorization_holds), and
 * every element outside the factors (padding, posv's unread triangle, the
 * pivots past n) as it was. */
static int factors_agree(const struct driver *d, int n, int lda, const double *a_in,
			 const double *a, const double *ra, const int *ipiv, const int *ripiv)
{
	const int w = d->width;
	const size_t count = padded_size(w, n, lda);
#ifdef TF_SOLVE_GPU
	int finite = 1;
	for (size_t k = 0; k < count; k++) {
		const size_t j = k / ((size_t)w * lda), i = k % ((size_t)w * lda) / w;
		const int factor = j < (size_t)n && i < (size_t)n && !unread(d->uplo, i, j);
		if (!factor && !bh_same(a[k], ra[k])) {
			printf("%% %s n %d: element %zu outside the factors written\n", d->name, n, k);
			return 0;
		}
		finite &= !factor || isfinite(a_in[k]);
	}
	const int as_reference = same(a, ra, count) &&
				 memcmp(ipiv, ripiv, (size_t)(n + PAD) * sizeof *ipiv) == 0;
	/* Inf or NaN in A: the CPU LAPACK's factors.  A call the GPU did not
	 * take (TWOFOLD_GPU_FAULT) is the CPU LAPACK's too, whose dgesv may
	 * return before factoring when nrhs = 0 (OpenBLAS's does) */
	if (!finite || as_reference)
		return as_reference;
	for (int k = n; k < n + PAD; k++)
		if (ipiv[k] != ripiv[k]) {
			printf("%% %s n %d: ipiv(%d) written\n", d->name, n, k + 1);
			return 0;
		}
	if (factorization_holds(d, n, lda, a_in, a, ipiv))
		return 1;
	printf("%% %s n %d uplo %c: not a factorization of A; ipiv", d->name, n,
	       d->uplo ? d->uplo : '-');
	for (int k = 0; k < n && !d->uplo; k++)
		printf(" %d (%d)", ipiv[k], ripiv[k]);
	printf("\n");
	return 0;
#else
	(void)a_in;
	return same(a, ra, count) &&
	       memcmp(ipiv, ripiv, (size_t)(n + PAD) * sizeof *ipiv) == 0;
#endif
}

/* nrhs right-hand sides b = A x for x of components 1 to 2 in size (a
 * solution whose components are all of one scale), A given by its real
 * matrix `full` (order w n: complex A as [Re A, -Im A; Im A, Re A]): into
 * bs (w n x nrhs, stacked as `full` takes them) and b (n x nrhs, elements
 * of w doubles, leading dimension ldb); x is w n doubles of workspace. */
static void right_hand_sides(int w, int n, int nrhs, const double *full, double *x, double *bs,
			     double *b, int ldb)
{
	const int big = w * n;
	for (int c = 0; c < nrhs; c++) {
		for (int k = 0; k < big; k++)
			x[k] = (1.0 + splitmix64_unif(&bh_rng)) * (splitmix64_unif(&bh_rng) < 0.5 ? -1 : 1);
		for (int i = 0; i < big; i++) {
			double sum = 0.0;
			for (int k = 0; k < big; k++)
				sum += full[(size_t)k * big + i] * x[k];
			bs[(size_t)c * big + i] = sum;
		}
		for (int i = 0; i < n; i++)
			for (int p = 0; p < w; p++)
				b[(size_t)w * ((size_t)c * ldb + i) + p] = bs[(size_t)c * big + i + p * n];
	}
}

/* One system: A of condition cond (positive definite for posv), nrhs
 * right-hand sides, leading dimensions n + extra and n + extra + 1. */
static void one_system(const struct driver *d, int n, int nrhs, int extra, double cond)
{
	const int w = d->width, lda = n + extra, ldb = n + extra + 1, big = w * n;
	double *a = padded(w, n, lda), *b = padded(w, nrhs, ldb);
	double *ra = padded(w, n, lda), *rb = padded(w, nrhs, ldb);
	int *ipiv = malloc((size_t)(n + PAD) * sizeof *ipiv), *ripiv = malloc((size_t)(n + PAD) * sizeof *ripiv);
	conditioned_matrix(n, w, cond, d->sysv ? 2 : d->uplo != 0, a, lda);
	for (int j = 0; j < n; j++) /* the triangle posv does not read: NaN */
		for (int i = 0; i < n; i++)
			for (int p = 0; p < w && unread(d->uplo, i, j); p++)
				a[(size_t)w * ((size_t)j * lda + i) + p] = NAN;
	/* The real matrix of the system (complex: [Re A, -Im A; Im A, Re A]),
	 * posv's read as the routine reads it (mirrored, conjugated), for the
	 * MPFR solve; b = A x for x of components 1 to 2 in size. */
	double *full = calloc((size_t)big * big + 1, sizeof *full), *x = malloc((size_t)big * sizeof *x + 1);
	double *bs = malloc((size_t)big * nrhs * sizeof *bs), *exact = malloc((size_t)big * nrhs * sizeof *exact);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			const double *e = unread(d->uplo, i, j) ? a + (size_t)w * ((size_t)i * lda + j)
								: a + (size_t)w * ((size_t)j * lda + i);
			double re = e[0], im = w == 2 ? (unread(d->uplo, i, j) ? -e[1] : e[1]) : 0.0;
			full[(size_t)j * big + i] = re;
			if (w == 2) {
				full[(size_t)(j + n) * big + i] = -im;
				full[(size_t)j * big + i + n] = im;
				full[(size_t)(j + n) * big + i + n] = re;
			}
		}
	right_hand_sides(w, n, nrhs, full, x, bs, b, ldb);
	exact_solution(big, nrhs, full, big, bs, big, exact);
	memcpy(ra, a, padded_size(w, n, lda) * sizeof *a);
	double *a_in = padded(w, n, lda); /* A as given, for drivers_gpu's check */
	memcpy(a_in, a, padded_size(w, n, lda) * sizeof *a);
	memcpy(rb, b, padded_size(w, nrhs, ldb) * sizeof *b);
	for (int i = 0; i < n + PAD; i++)
		ipiv[i] = ripiv[i] = -7;
	int info = -99, rinfo = -99;
	call(d, 0, n, nrhs, a, lda, ipiv, b, ldb, &info);
	call(d, 1, n, nrhs, ra, lda, ripiv, rb, ldb, &rinfo);
	const char uplo = d->uplo ? d->uplo : '-';
	bh_verdict(d->name, info == rinfo, "n %d cond %.0e: INFO %d, the reference's %d", n, cond,
		   info, rinfo);
	bh_verdict(d->name, factors_agree(d, n, lda, a_in, a, ra, ipiv, ripiv),
		   "n %d cond %.0e uplo %c placement %d: the factors or pivots differ from the "
		   "reference's", n, cond, uplo, (int)placement);
	if (bh_mode == BH_CPU && !native)
		bh_verdict(d->name, same(b, rb, padded_size(w, nrhs, ldb)),
			   "n %d cond %.0e: the solution differs from the reference's", n, cond);
	double worst = 0.0, normwise = 0.0;
	int untouched = 1;
	for (int c = 0; c < nrhs; c++)
		for (int i = 0; i < ldb; i++)
			for (int p = 0; p < w; p++) {
				double got = b[(size_t)w * ((size_t)c * ldb + i) + p];
				if (i < n) {
					double rn = exact[(size_t)c * big + i + p * n];
					worst = fmax(worst, ulps(got, rn));
					normwise = fmax(normwise, fabs(got - rn) / 2.0);
				} else
					untouched &= isnan(got);
			}
	for (int i = 0; i < PAD; i++)
		untouched &= isnan(b[padded_size(w, nrhs, ldb) - 1 - i]);
	bh_verdict(d->name, untouched, "n %d: B written outside its n x nrhs elements", n);
	int met = cond <= 1e14 ? worst == 0.0 : worst <= 1.0;
	if (bh_mode == BH_DD)
		bh_verdict(d->name, met, "n %d nrhs %d cond %.0e uplo %c placement %d: %.3g ulps "
			   "from the exact solution rounded", n, nrhs, cond, uplo, (int)placement,
			   worst);
	else if (native) /* (the components lie between 1 and 2 in size) */
		bh_verdict(d->name, normwise <= 1e-14 * cond * (n > 1 ? n : 1),
			   "n %d nrhs %d cond %.0e uplo %c placement %d: error %.3g of the largest "
			   "component", n, nrhs, cond, uplo, (int)placement, normwise);
	if (bh_mode == BH_CPU && cond >= 1e8)
		bh_ill_conditioned(d->name, met);
	free(full), free(x), free(bs), free(exact);
	free(ipiv), free(ripiv);
	free(a), free(b), free(ra), free(rb), free(a_in);
}

/* The 1-norm condition ||A||_1 ||A^-1||_1 of a general n x n matrix
 * (elements of width doubles, leading dimension n; complex: that of its
 * real matrix [Re A, -Im A; Im A, Re A]), the inverse from the MPFR solve. */
static double condition_1(int width, int n, const double *a)
{
	const int big = width * n;
	double *full = malloc((size_t)big * big * sizeof *full);
	double *identity = calloc((size_t)big * big, sizeof *identity);
	double *inverse = malloc((size_t)big * big * sizeof *inverse);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			const double *e = a + (size_t)width * ((size_t)j * n + i);
			full[(size_t)j * big + i] = e[0];
			if (width == 2) {
				full[(size_t)(j + n) * big + i] = -e[1];
				full[(size_t)j * big + i + n] = e[1];
				full[(size_t)(j + n) * big + i + n] = e[0];
			}
		}
	for (int i = 0; i < big; i++)
		identity[(size_t)i * big + i] = 1.0;
	exact_solution(big, big, full, big, identity, big, inverse);
	double norm = 0.0, inverse_norm = 0.0;
	for (int j = 0; j < big; j++) {
		double column = 0.0, inverse_column = 0.0;
		for (int i = 0; i < big; i++) {
			column += fabs(full[(size_t)j * big + i]);
			inverse_column += fabs(inverse[(size_t)j * big + i]);
		}
		norm = fmax(norm, column);
		inverse_norm = fmax(inverse_norm, inverse_column);
	}
	free(full), free(identity), free(inverse);
	return norm * inverse_norm;
}

/* Beyond condition 1/u: dgesv_, zgesv_, dposv_, zposv_ and dsysv_ on exactly
 * stored matrices of condition 1e16 to 1e28 (test/ill_conditioned.h, drawn
 * again until the condition, checked with MPFR, lies between 1/100 and 4
 * times the target), b = A x for x of components 1 to 2 rounded: in dd
 * mode every component of the solution is within 1 ulp of the exact one up
 * to 1e24, and within 1 ulp of the largest component at 1e28 (the double
 * factors give up and A is factored in DD), INFO, A and ipiv
 * the reference's (INFO > 0 where the reference's factorization fails: B
 * then holds the solution all the same); in cpu mode the reference's
 * results fail that. */
/* off_grid: A's rows and columns scaled by factors in [1.25, 1.75) of full
 * 53-bit significands (the same for row i and column i: a symmetric A
 * stays symmetric), so that A's entries, rounded, leave the integers'
 * grid and the residual's products no longer sum exactly in few words; the
 * exact solution is that of the rounded matrix (MPFR), whose condition may
 * differ from the one measured before (the roundings are u of its
 * entries). */
static void ill_system(const struct driver *d, int n, int nrhs, double cond, int off_grid)
{
	const int w = d->width, lda = n + 1, ldb = n + 2, big = w * n;
	double *a = padded(w, n, lda), *b = padded(w, nrhs, ldb);
	double *ra = padded(w, n, lda), *rb = padded(w, nrhs, ldb);
	double *matrix = malloc((size_t)w * n * n * sizeof *matrix);
	/* the real matrix of the system (complex: [Re A, -Im A; Im A, Re A]) */
	double *full = calloc((size_t)big * big + 1, sizeof *full), *x = malloc((size_t)big * sizeof *x + 1);
	double *bs = malloc((size_t)big * nrhs * sizeof *bs), *exact = malloc((size_t)big * nrhs * sizeof *exact);
	int *ipiv = malloc((size_t)(n + PAD) * sizeof *ipiv), *ripiv = malloc((size_t)(n + PAD) * sizeof *ripiv);
	double measured = 0.0;
	for (int tries = 0; tries < 10 && !(measured > cond / 100 && measured < 4 * cond); tries++) {
		ill_conditioned_matrix(n, w, cond, d->sysv ? 2 : d->uplo != 0, matrix, n, &bh_rng);
		measured = condition_1(w, n, matrix);
	}
	bh_verdict(d->name, measured > cond / 100 && measured < 4 * cond,
		   "n %d: the generated matrix has condition %.1e, not about %.0e", n, measured, cond);
	if (off_grid) {
		double *scale = malloc((size_t)n * sizeof *scale);
		for (int i = 0; i < n; i++)
			scale[i] = 1.5 + 0.25 * bh_sym();
		for (int j = 0; j < n; j++)
			for (int i = 0; i < n; i++)
				for (int p = 0; p < w; p++)
					matrix[(size_t)w * ((size_t)j * n + i) + p] *= scale[i] * scale[j];
		free(scale);
	}
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			const double *e = matrix + (size_t)w * ((size_t)j * n + i);
			full[(size_t)j * big + i] = e[0];
			if (w == 2) {
				full[(size_t)(j + n) * big + i] = -e[1];
				full[(size_t)j * big + i + n] = e[1];
				full[(size_t)(j + n) * big + i + n] = e[0];
			}
			for (int p = 0; p < w; p++)
				a[(size_t)w * ((size_t)j * lda + i) + p] = unread(d->uplo, i, j) ? NAN : e[p];
		}
	right_hand_sides(w, n, nrhs, full, x, bs, b, ldb);
	exact_solution(big, nrhs, full, big, bs, big, exact);
	memcpy(ra, a, padded_size(w, n, lda) * sizeof *a);
	double *a_in = padded(w, n, lda); /* A as given, for drivers_gpu's check */
	memcpy(a_in, a, padded_size(w, n, lda) * sizeof *a);
	memcpy(rb, b, padded_size(w, nrhs, ldb) * sizeof *b);
	for (int i = 0; i < n + PAD; i++)
		ipiv[i] = ripiv[i] = -7;
	int info = -99, rinfo = -99;
	call(d, 0, n, nrhs, a, lda, ipiv, b, ldb, &info);
	call(d, 1, n, nrhs, ra, lda, ripiv, rb, ldb, &rinfo);
	const char uplo = d->uplo ? d->uplo : '-';
#ifdef TF_SOLVE_GPU
	/* beyond 1/u, cuSOLVER's rounding may meet a zero pivot where the
	 * reference's does not, or choose another pivot: what the double
	 * factorization gives is then cuSOLVER's, and only the solution is
	 * judged */
	if (info != rinfo || (info == 0 && !factors_agree(d, n, lda, a_in, a, ra, ipiv, ripiv)))
		printf("%% %s n %d cond %.0e uplo %c placement %d: INFO %d (the reference's %d), "
		       "the factors or pivots not the reference's\n", d->name, n, cond, uplo,
		       (int)placement, info, rinfo);
#else
	bh_verdict(d->name, info == rinfo && same(a, ra, padded_size(w, n, lda)) &&
				    memcmp(ipiv, ripiv, (size_t)(n + PAD) * sizeof *ipiv) == 0,
		   "n %d cond %.0e uplo %c: INFO %d (the reference's %d), or the factors or pivots "
		   "not the reference's", n, cond, uplo, info, rinfo);
#endif
	if (bh_mode == BH_CPU)
		bh_verdict(d->name, same(b, rb, padded_size(w, nrhs, ldb)),
			   "n %d cond %.0e: the solution differs from the reference's", n, cond);
	/* componentwise: ulps of each component; normwise: each component's
	 * error in ulps of the column's largest component */
	double worst = 0.0, normwise = 0.0;
	for (int c = 0; c < nrhs; c++) {
		double largest = 0.0, error = 0.0;
		for (int i = 0; i < big; i++)
			largest = fmax(largest, fabs(exact[(size_t)c * big + i]));
		for (int i = 0; i < n; i++)
			for (int p = 0; p < w; p++) {
				double got = b[(size_t)w * ((size_t)c * ldb + i) + p];
				double rn = exact[(size_t)c * big + i + p * n];
				worst = fmax(worst, ulps(got, rn));
				error = fmax(error, isfinite(got) ? fabs(got - rn) : INFINITY);
			}
		normwise = fmax(normwise, error / (nextafter(largest, INFINITY) - largest));
	}
	/* Up to 1e24 every component; at 1e28 the refinement's floor, about
	 * 1e-21 of the largest component (the residual's precision, u^3 of its
	 * terms, times the condition), leaves components far smaller than the
	 * largest off by more than an ulp at times, and the criterion is
	 * normwise. */
	const int met = cond < 1e28 ? worst <= 1.0 : normwise <= 1.0;
	if (native)
		;
	else if (bh_mode == BH_DD)
		bh_verdict(d->name, met, "n %d nrhs %d cond %.0e (measured %.1e)%s uplo %c, INFO %d: "
			   "%.3g ulps from the exact solution rounded (%.3g ulps of the largest "
			   "component)", n, nrhs, cond, measured, off_grid ? " off the grid" : "", uplo,
			   rinfo, worst, normwise);
	else
		bh_ill_conditioned(d->name, met);
	if (n == 60) /* what the largest systems come to, for the record */
		printf("%% %s n %d cond %.0e measured %.2e uplo %c INFO %d: %.3g ulps (%.3g ulps "
		       "of the largest component)\n", d->name, n, cond, measured, uplo, rinfo,
		       worst, normwise);
	free(matrix), free(full), free(x), free(bs), free(exact), free(ipiv), free(ripiv);
	free(a), free(b), free(ra), free(rb), free(a_in);
}

/* Singular matrices (kind 1: a zero row and column), NaN in A (2), Inf in B (3), n = 0 or
 * nrhs = 0 (kind 0): the reference's results, bit for bit, in every mode. */
static void as_the_reference(const struct driver *d, int n, int nrhs, int kind)
{
	const int w = d->width, lda = n > 0 ? n : 1, ldb = lda;
	double *a = padded(w, n, lda), *b = padded(w, nrhs, ldb);
	double *ra = padded(w, n, lda), *rb = padded(w, nrhs, ldb);
	int ipiv[64 + PAD], ripiv[64 + PAD];
	conditioned_matrix(n, w, 10.0, d->sysv ? 2 : d->uplo != 0, a, lda);
	for (int c = 0; c < nrhs; c++)
		for (int i = 0; i < w * n; i++)
			b[(size_t)w * c * ldb + i] = bh_sym();
	if (kind == 1 && n > 2) /* singular: a zero row and column */
		for (int i = 0; i < n; i++)
			for (int p = 0; p < w; p++)
				a[(size_t)w * (2 * (size_t)lda + i) + p] = a[(size_t)w * ((size_t)i * lda + 2) + p] = 0.0;
	if (kind == 2 && n > 1) /* NaN in A, in the triangle posv reads */
		a[(size_t)w * (d->uplo == 'U' ? lda : 1)] = NAN;
	if (kind == 3 && n > 1 && nrhs > 0) /* Inf in B */
		b[w] = INFINITY;
	memcpy(ra, a, padded_size(w, n, lda) * sizeof *a);
	double *a_in = padded(w, n, lda); /* A as given, for drivers_gpu's check */
	memcpy(a_in, a, padded_size(w, n, lda) * sizeof *a);
	memcpy(rb, b, padded_size(w, nrhs, ldb) * sizeof *b);
	for (int i = 0; i < 64 + PAD; i++)
		ipiv[i] = ripiv[i] = -7;
	int info = -99, rinfo = -99;
	call(d, 0, n, nrhs, a, lda, ipiv, b, ldb, &info);
	call(d, 1, n, nrhs, ra, lda, ripiv, rb, ldb, &rinfo);
	/* a Cholesky factorization that fails leaves A partly factored, as
	 * far as its own order of work reached: cuSOLVER's is not LAPACK's */
	const int partial = d->uplo && rinfo > 0 && placement_is_gpu();
	const int a_agrees = partial || factors_agree(d, n, lda, a_in, a, ra, ipiv, ripiv);
	const int b_agrees = same(b, rb, padded_size(w, nrhs, ldb));
#ifdef TF_SOLVE_GPU
	/* cuSOLVER's pivots: factors_agree holds A's factors to a partial
	 * pivoting's with them (|L| <= 1) and ipiv past n untouched; where two
	 * candidates tie they may name another row than the reference's */
	const int ipiv_agrees = a_agrees;
#else
	const int ipiv_agrees = memcmp(ipiv, ripiv, sizeof ipiv) == 0;
#endif
	bh_verdict(d->name, info == rinfo && a_agrees && b_agrees && ipiv_agrees,
		   "n %d nrhs %d case %d uplo %c placement %d: INFO %d (the reference's %d)%s%s%s",
		   n, nrhs, kind, d->uplo ? d->uplo : '-', (int)placement, info, rinfo,
		   a_agrees ? "" : ", A not the reference's", b_agrees ? "" : ", B not the reference's",
		   ipiv_agrees ? "" : ", ipiv not the reference's");
	free(a), free(b), free(ra), free(rb), free(a_in);
}

/* Each illegal argument: LAPACK's INFO and the program's xerbla_. */
static void illegal_arguments(const struct driver *d)
{
	double a[32] = { 0 }, b[32] = { 0 };
	int ipiv[4];
	static const struct {
		char uplo;
		int n, nrhs, lda, ldb, gesv, posv, sysv; /* the parameter each reports */
	} cases[] = {
		{ 'X', 2, 1, 2, 2, 0, 1, 1 }, { 'U', -1, 1, 1, 1, 1, 2, 2 }, { 'L', 2, -1, 2, 2, 2, 3, 3 },
		{ 'u', 2, 1, 1, 2, 4, 5, 5 }, { 'l', 2, 1, 2, 1, 7, 7, 8 }, { 'U', 0, 1, 0, 1, 4, 5, 5 },
		{ 'L', 0, 1, 1, 0, 7, 7, 8 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int parameter = d->sysv ? cases[i].sysv : d->uplo ? cases[i].posv : cases[i].gesv;
		if (!parameter)
			continue;
		struct driver with = *d;
		with.uplo = d->uplo ? cases[i].uplo : 0;
		int info = 0;
		xerbla_name[0] = 0, xerbla_info = 0;
		call(&with, 0, cases[i].n, cases[i].nrhs, a, cases[i].lda, ipiv, b, cases[i].ldb, &info);
		bh_verdict(d->name, info == -parameter && xerbla_info == parameter &&
					    strcmp(xerbla_name, d->upper) == 0,
			   "illegal parameter %d: INFO %d, xerbla_ heard '%s' %d", parameter, info,
			   xerbla_name, xerbla_info);
	}
}

/* dsysv_'s workspace: lwork = 0 is illegal (parameter 10), lwork = -1 a
 * query whose answer is the reference's. */
static void sysv_workspace(void)
{
	double a[16], b[4], work[2], rwork[2];
	int ipiv[4], n = 4, nrhs = 1, info = -99, rinfo = -99, query = -1, none = 0;
	for (int i = 0; i < 16; i++)
		a[i] = bh_sym();
	for (int i = 0; i < 4; i++)
		b[i] = bh_sym();
	work[0] = rwork[0] = -1.0;
	dsysv_("L", &n, &nrhs, a, &n, ipiv, b, &n, work, &query, &info, 1);
	reference_sysv("L", &n, &nrhs, a, &n, ipiv, b, &n, rwork, &query, &rinfo, 1);
	bh_verdict("dsysv_", info == rinfo && work[0] == rwork[0],
		   "workspace query: INFO %d, work(1) %g; the reference's %d, %g", info, work[0],
		   rinfo, rwork[0]);
	xerbla_name[0] = 0, xerbla_info = 0;
	dsysv_("L", &n, &nrhs, a, &n, ipiv, b, &n, work, &none, &info, 1);
	bh_verdict("dsysv_", info == -10 && xerbla_info == 10 && strcmp(xerbla_name, "DSYSV ") == 0,
		   "lwork 0: INFO %d, xerbla_ heard '%s' %d", info, xerbla_name, xerbla_info);
}

/* LAPACKE_dgesv and LAPACKE_dposv: column major is the driver's call (INFO
 * < 0 shifted by one); row major the driver's call on the transposes, bit
 * for bit; LAPACKE's own checks (layout, NaN, row-major lda and ldb). */
static void lapacke(int n, int nrhs, char uplo)
{
	const int lda = n + 1, ldb = nrhs + 2; /* row major: lda >= n, ldb >= nrhs */
	double *a = padded(1, n, lda), *b = padded(1, n > nrhs ? n : nrhs, ldb);
	double *at = padded(1, n, n), *bt = padded(1, nrhs, n);
	int ipiv[64], ipiv_t[64], info, info_t = 0;
	conditioned_matrix(n, 1, 1e6, uplo ? 1 : 0, a, lda);
	for (int i = 0; i < n; i++)
		for (int c = 0; c < nrhs; c++)
			b[(size_t)i * ldb + c] = bh_sym();
	for (int i = 0; i < n; i++) /* the transposes, column major */
		for (int j = 0; j < n; j++)
			at[(size_t)j * n + i] = a[(size_t)i * lda + j];
	for (int i = 0; i < n; i++)
		for (int c = 0; c < nrhs; c++)
			bt[(size_t)c * n + i] = b[(size_t)i * ldb + c];
	const char *name = uplo ? "LAPACKE_dposv" : "LAPACKE_dgesv";
	if (uplo) {
		info = LAPACKE_dposv(ROW_MAJOR, uplo, n, nrhs, a, lda, b, ldb);
		dposv_(&uplo, &n, &nrhs, at, &n, bt, &n, &info_t, 1);
	} else {
		info = LAPACKE_dgesv(ROW_MAJOR, n, nrhs, a, lda, ipiv, b, ldb);
		dgesv_(&n, &nrhs, at, &n, ipiv_t, bt, &n, &info_t);
	}
	int agree = info == info_t && (uplo || memcmp(ipiv, ipiv_t, (size_t)n * sizeof *ipiv) == 0);
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < n; j++)
			if (!unread(uplo, i, j))
				agree &= bh_same(at[(size_t)j * n + i], a[(size_t)i * lda + j]);
		for (int c = 0; c < nrhs; c++)
			agree &= bh_same(bt[(size_t)c * n + i], b[(size_t)i * ldb + c]);
	}
	bh_verdict(name, agree, "row major n %d nrhs %d: not the driver's result on the transposes", n,
		   nrhs);
	/* LAPACKE's own checks */
	lapacke_name[0] = 0;
	info = uplo ? LAPACKE_dposv(7, uplo, n, nrhs, a, lda, b, ldb)
		    : LAPACKE_dgesv(7, n, nrhs, a, lda, ipiv, b, ldb);
	bh_verdict(name, info == -1 && lapacke_info == -1 && strcmp(lapacke_name, name) == 0,
		   "bad layout: INFO %d, LAPACKE_xerbla heard '%s' %d", info, lapacke_name,
		   lapacke_info);
	/* (the NaN check comes first: these arrays hold none) */
	int short_lda = n - 1, short_ldb = nrhs - 1;
	double zeros_a[144] = { 0 }, zeros_b[144] = { 0 };
	info = uplo ? LAPACKE_dposv(ROW_MAJOR, uplo, n, nrhs, zeros_a, short_lda, zeros_b, ldb)
		    : LAPACKE_dgesv(ROW_MAJOR, n, nrhs, zeros_a, short_lda, ipiv, zeros_b, ldb);
	bh_verdict(name, n < 2 || info == (uplo ? -6 : -5), "row major lda < n: INFO %d", info);
	info = uplo ? LAPACKE_dposv(ROW_MAJOR, uplo, n, nrhs, zeros_a, lda, zeros_b, short_ldb)
		    : LAPACKE_dgesv(ROW_MAJOR, n, nrhs, zeros_a, lda, ipiv, zeros_b, short_ldb);
	bh_verdict(name, nrhs < 2 || info == -8, "row major ldb < nrhs: INFO %d", info);
	xerbla_info = 0;
	int minus = -1;
	info = uplo ? LAPACKE_dposv(COL_MAJOR, uplo, minus, nrhs, a, lda, b, ldb)
		    : LAPACKE_dgesv(COL_MAJOR, minus, nrhs, a, lda, ipiv, b, ldb);
	bh_verdict(name, info == (uplo ? -3 : -2) && xerbla_info == (uplo ? 2 : 1),
		   "n = -1: INFO %d (xerbla_ heard %d)", info, xerbla_info);
	if (n > 1) {
		double saved = a[1];
		a[1] = NAN; /* (0, 1) in row major: in both triangles' reach for U */
		info = uplo ? LAPACKE_dposv(ROW_MAJOR, 'U', n, nrhs, a, lda, b, ldb)
			    : LAPACKE_dgesv(ROW_MAJOR, n, nrhs, a, lda, ipiv, b, ldb);
		bh_verdict(name, info == (uplo ? -5 : -4), "NaN in A: INFO %d", info);
		a[1] = saved;
		b[0] = NAN;
		info = uplo ? LAPACKE_dposv(COL_MAJOR, 'U', n, nrhs, at, n, b, n)
			    : LAPACKE_dgesv(COL_MAJOR, n, nrhs, at, n, ipiv, b, n);
		bh_verdict(name, info == (uplo ? -7 : -6), "NaN in B: INFO %d", info);
	}
	free(a), free(b), free(at), free(bt);
}

#ifdef TF_SOLVE_GPU
/* drivers_gpu: gesv and posv in each placement, the GPU forced. */
/* ill_only: the systems beyond 1/u of the CPU's list, real and complex,
 * host arrays (test/lapack/ill_gpu.sh forces the fallback's DD
 * factorization onto the GPU at every order). */
static int gpu_main(int ill_only)
{
	static const struct driver drivers[] = {
		{ "dgesv_", "DGESV ", 1, 0, 0 }, { "zgesv_", "ZGESV ", 2, 0, 0 },
		{ "dposv_", "DPOSV ", 1, 'U', 0 }, { "dposv_", "DPOSV ", 1, 'L', 0 },
		{ "zposv_", "ZPOSV ", 2, 'U', 0 }, { "zposv_", "ZPOSV ", 2, 'L', 0 },
	};
	static const double conds[] = { 1.0, 1e8, 1e12, 1e14, 1e15 };
	static const int sizes[] = { 1, 7, 33 };
	if (ill_only) {
		static const double ill_conds[] = { 1e16, 1e20, 1e24, 1e28 };
		static const int ill_sizes[] = { 2, 7, 33, 60 };
		placement = HOST;
		for (size_t r = 0; r < sizeof drivers / sizeof drivers[0]; r++)
			for (size_t c = 0; c < sizeof ill_conds / sizeof ill_conds[0]; c++)
				for (size_t s = 0; s < sizeof ill_sizes / sizeof ill_sizes[0]; s++)
					ill_system(&drivers[r], ill_sizes[s], s % 2 ? 3 : 1, ill_conds[c], 0);
		/* dsysv_: LDL^T on the CPU, its fallback's LU in DD on the GPU */
		static const struct driver sysv[] = { { "dsysv_", "DSYSV ", 1, 'U', 1 },
						      { "dsysv_", "DSYSV ", 1, 'L', 1 } };
		for (size_t r = 0; r < 2; r++)
			for (size_t c = 0; c < sizeof ill_conds / sizeof ill_conds[0]; c++)
				for (size_t s = 0; s < sizeof ill_sizes / sizeof ill_sizes[0]; s++)
					ill_system(&sysv[r], ill_sizes[s], s % 2 ? 3 : 1, ill_conds[c], 0);
		return bh_finish();
	}
	for (int p = HOST; p <= MANAGED; p++)
		for (size_t r = 0; r < sizeof drivers / sizeof drivers[0]; r++) {
			const struct driver *d = &drivers[r];
			placement = (enum placement)p;
			for (size_t c = 0; c < sizeof conds / sizeof conds[0]; c++)
				for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
					one_system(d, sizes[s], 1, 0, conds[c]);
					one_system(d, sizes[s], 3, 2, conds[c]);
				}
			/* past cuSOLVER's panels */
			one_system(d, d->width == 2 ? 90 : 150, 2, 3, 1e12);
			as_the_reference(d, 5, 2, 1); /* singular: INFO > 0 */
			as_the_reference(d, 0, 2, 0);
			as_the_reference(d, 4, 0, 0);
			if (!native) { /* the CPU LAPACK takes them (device arrays: on host copies) */
				as_the_reference(d, 5, 2, 2);
				as_the_reference(d, 5, 2, 3);
			}
			if (!native) /* the fallback in DD, from the GPU's copies */
				ill_system(d, 33, 3, 1e20, 0);
		}
	placement = HOST;
	return bh_finish();
}
#endif

int main(int argc, char **argv)
{
	bh_start(argc, argv, "dd|cpu [native|ill]");
	open_reference_lapack();
	const int ill_only = argc > 2 && strcmp(argv[2], "ill") == 0;
#ifdef TF_SOLVE_GPU
	native = argc > 2 && strcmp(argv[2], "native") == 0;
	return gpu_main(ill_only);
#endif
	static const struct driver drivers[] = {
		{ "dgesv_", "DGESV ", 1, 0, 0 }, { "zgesv_", "ZGESV ", 2, 0, 0 },
		{ "dposv_", "DPOSV ", 1, 'U', 0 }, { "dposv_", "DPOSV ", 1, 'L', 0 },
		{ "zposv_", "ZPOSV ", 2, 'U', 0 }, { "zposv_", "ZPOSV ", 2, 'L', 0 },
		{ "dsysv_", "DSYSV ", 1, 'U', 1 }, { "dsysv_", "DSYSV ", 1, 'L', 1 },
	};
	static const double conds[] = { 1.0, 1e4, 1e8, 1e12, 1e14, 1e15 };
	static const int sizes[] = { 1, 2, 7, 33 };
	static const double ill_conds[] = { 1e16, 1e20, 1e24, 1e28 };
	static const int ill_sizes[] = { 2, 7, 33, 60 };
	for (size_t r = 0; r < sizeof drivers / sizeof drivers[0]; r++) {
		const struct driver *d = &drivers[r];
		if (ill_only) {
			for (size_t c = 0; c < sizeof ill_conds / sizeof ill_conds[0] && d->width == 1; c++)
				for (size_t s = 0; s < sizeof ill_sizes / sizeof ill_sizes[0]; s++)
					ill_system(d, ill_sizes[s], s % 2 ? 3 : 1, ill_conds[c], 0);
			continue;
		}
		for (size_t c = 0; c < sizeof conds / sizeof conds[0]; c++)
			for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
				one_system(d, sizes[s], 1, 0, conds[c]);
				one_system(d, sizes[s], 3, 2, conds[c]);
			}
		for (int kind = 1; kind < 4; kind++)
			as_the_reference(d, 5, 2, kind);
		for (size_t c = 0; c < sizeof ill_conds / sizeof ill_conds[0]; c++) {
			for (size_t s = 0; s < sizeof ill_sizes / sizeof ill_sizes[0]; s++)
				ill_system(d, ill_sizes[s], s % 2 ? 3 : 1, ill_conds[c], 0);
			/* (rounded off the grid, a positive definite matrix beyond
			 * 1/u is no longer one: posv's are left on the grid) */
			if (!d->uplo || d->sysv)
				ill_system(d, 33, 2, ill_conds[c], 1);
		}
		as_the_reference(d, 0, 2, 0);
		as_the_reference(d, 4, 0, 0);
		illegal_arguments(d);
	}
	if (ill_only)
		return bh_finish();
	sysv_workspace();
	*(void **)&LAPACKE_dgesv = dlsym(RTLD_DEFAULT, "LAPACKE_dgesv");
	*(void **)&LAPACKE_dposv = dlsym(RTLD_DEFAULT, "LAPACKE_dposv");
	if (!LAPACKE_dgesv || !LAPACKE_dposv) {
		printf("the library in front defines no LAPACKE_dgesv or LAPACKE_dposv\n");
		return 99;
	}
	for (int n = 1; n < 12; n += 5)
		for (int nrhs = 1; nrhs < 4; nrhs += 2) {
			lapacke(n, nrhs, 0);
			lapacke(n, nrhs, 'U');
			lapacke(n, nrhs, 'L');
		}
	return bh_finish();
}
