#include "config.h"

/* The Level 1 and Level 2 routines on device arrays (src/gpu/level12.c),
 * d and z, every storage, uplo, trans and diag, negative increments.
 *
 * Each case is run twice through the same Fortran (or CBLAS) symbol: on
 * host arrays, where the CPU's DD kernels compute it (their own tests judge
 * them against MPFR), and on device copies of the same arrays.  The device
 * run must leave every array bit for bit as the host run does, except the
 * output elements, which may differ by 1 ulp where both are finite; the
 * vectors are stored as the reference stores them with NaN between the
 * elements (test/blas/harness.h's bh_place), the matrices with NaN outside
 * the stored band or triangle and below lda, so nothing may be read or
 * written there.  Inf and NaN in the data must give the host run's bits
 * (the reference's values).  The products and dots are also judged against
 * MPFR (test/blas/exact.h), on random and on ill-conditioned data.  Run by
 * test/blas/run.sh PROGRAM dd under test/gpu/forced.sh. */
#include <complex.h>
#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/blas/exact.h"
#include "test/blas/harness.h"

typedef size_t L; /* Fortran's hidden string lengths */
typedef const int ci;
typedef const double cd;
typedef const char cc;

double ddot_(ci *, cd *, ci *, cd *, ci *);
double _Complex zdotu_(ci *, cd *, ci *, cd *, ci *);
double _Complex zdotc_(ci *, cd *, ci *, cd *, ci *);
void cblas_zdotc_sub(int, cd *, int, cd *, int, void *);
double dnrm2_(ci *, cd *, ci *);
double dznrm2_(ci *, cd *, ci *);
double dasum_(ci *, cd *, ci *);
double dzasum_(ci *, cd *, ci *);
void drot_(ci *, double *, ci *, double *, ci *, cd *, cd *);
void zdrot_(ci *, double *, ci *, double *, ci *, cd *, cd *);
void drotm_(ci *, double *, ci *, double *, ci *, cd *);
void zaxpy_(ci *, cd *, cd *, ci *, double *, ci *);
void zscal_(ci *, cd *, double *, ci *);
void zgemv_(cc *, ci *, ci *, cd *, cd *, ci *, cd *, ci *, cd *, double *, ci *, L);
void dgbmv_(cc *, ci *, ci *, ci *, ci *, cd *, cd *, ci *, cd *, ci *, cd *, double *, ci *, L);
void zgbmv_(cc *, ci *, ci *, ci *, ci *, cd *, cd *, ci *, cd *, ci *, cd *, double *, ci *, L);
void dsymv_(cc *, ci *, cd *, cd *, ci *, cd *, ci *, cd *, double *, ci *, L);
void zhemv_(cc *, ci *, cd *, cd *, ci *, cd *, ci *, cd *, double *, ci *, L);
void dsbmv_(cc *, ci *, ci *, cd *, cd *, ci *, cd *, ci *, cd *, double *, ci *, L);
void zhbmv_(cc *, ci *, ci *, cd *, cd *, ci *, cd *, ci *, cd *, double *, ci *, L);
void dspmv_(cc *, ci *, cd *, cd *, cd *, ci *, cd *, double *, ci *, L);
void zhpmv_(cc *, ci *, cd *, cd *, cd *, ci *, cd *, double *, ci *, L);
void dtrmv_(cc *, cc *, cc *, ci *, cd *, ci *, double *, ci *, L, L, L);
void ztrmv_(cc *, cc *, cc *, ci *, cd *, ci *, double *, ci *, L, L, L);
void dtbmv_(cc *, cc *, cc *, ci *, ci *, cd *, ci *, double *, ci *, L, L, L);
void ztbmv_(cc *, cc *, cc *, ci *, ci *, cd *, ci *, double *, ci *, L, L, L);
void dtpmv_(cc *, cc *, cc *, ci *, cd *, double *, ci *, L, L, L);
void ztpmv_(cc *, cc *, cc *, ci *, cd *, double *, ci *, L, L, L);
void dtrsv_(cc *, cc *, cc *, ci *, cd *, ci *, double *, ci *, L, L, L);
void ztrsv_(cc *, cc *, cc *, ci *, cd *, ci *, double *, ci *, L, L, L);
void dtbsv_(cc *, cc *, cc *, ci *, ci *, cd *, ci *, double *, ci *, L, L, L);
void ztbsv_(cc *, cc *, cc *, ci *, ci *, cd *, ci *, double *, ci *, L, L, L);
void dtpsv_(cc *, cc *, cc *, ci *, cd *, double *, ci *, L, L, L);
void ztpsv_(cc *, cc *, cc *, ci *, cd *, double *, ci *, L, L, L);
void dger_(ci *, ci *, cd *, cd *, ci *, cd *, ci *, double *, ci *);
void zgeru_(ci *, ci *, cd *, cd *, ci *, cd *, ci *, double *, ci *);
void zgerc_(ci *, ci *, cd *, cd *, ci *, cd *, ci *, double *, ci *);
void dsyr_(cc *, ci *, cd *, cd *, ci *, double *, ci *, L);
void zher_(cc *, ci *, cd *, cd *, ci *, double *, ci *, L);
void dspr_(cc *, ci *, cd *, cd *, ci *, double *, L);
void zhpr_(cc *, ci *, cd *, cd *, ci *, double *, L);
void dsyr2_(cc *, ci *, cd *, cd *, ci *, cd *, ci *, double *, ci *, L);
void zher2_(cc *, ci *, cd *, cd *, ci *, cd *, ci *, double *, ci *, L);
void dspr2_(cc *, ci *, cd *, cd *, ci *, cd *, ci *, double *, L);
void zhpr2_(cc *, ci *, cd *, cd *, ci *, cd *, ci *, double *, L);
void cblas_dsymv(int, int, int, double, cd *, int, cd *, int, double, double *, int);
void cblas_ztrsv(int, int, int, int, int, cd *, int, double *, int);

/* ---- one case: its arrays, run on the host and on the device */

#define MAX_ARRAYS 4

struct array {
	double *data;   /* host storage, kept as made */
	size_t doubles;
	int output;
};

struct run {
	double *p[MAX_ARRAYS];
	double result[2];
	void *result_at; /* where a result is written: result, or device memory */
};

typedef void call_fn(struct run *r, const void *args);

struct case_ {
	const char *routine;
	struct array a[MAX_ARRAYS];
	int count;
	int has_result, result_width, result_on_device;
};

static double *device_copy(const double *h, size_t doubles)
{
	double *d;
	if (cudaMalloc((void **)&d, (doubles + 1) * sizeof *d) != cudaSuccess ||
	    cudaMemcpy(d, h, doubles * sizeof *d, cudaMemcpyHostToDevice) != cudaSuccess) {
		printf("harness error: device memory\n");
		exit(99);
	}
	return d;
}

/* Whether got is want or next to it (both finite), or the same bits. */
static int close_enough(double got, double want)
{
	if (bh_same(got, want))
		return 1;
	if (!isfinite(got) || !isfinite(want))
		return 0;
	return got == nextafter(want, INFINITY) || got == nextafter(want, -INFINITY);
}

static char label[160];

/* Runs the case on host arrays and on device copies and compares; the
 * device's arrays (malloc'ed) and result are left in device_out and
 * device_result where given. */
static void run_case(struct case_ *c, call_fn *call, const void *args,
		     double *device_out[MAX_ARRAYS], double device_result[2])
{
	struct run h = { { 0 }, { 0, 0 }, NULL }, d = { { 0 }, { 0, 0 }, NULL };
	for (int i = 0; i < c->count; i++) {
		h.p[i] = malloc((c->a[i].doubles + 1) * sizeof(double));
		memcpy(h.p[i], c->a[i].data, c->a[i].doubles * sizeof(double));
		d.p[i] = device_copy(c->a[i].data, c->a[i].doubles);
	}
	h.result_at = h.result;
	double *dresult = NULL;
	if (c->result_on_device) {
		dresult = device_copy(d.result, 2);
		d.result_at = dresult;
	} else {
		d.result_at = d.result;
	}
	call(&h, args);
	call(&d, args);
	if (dresult) {
		cudaMemcpy(d.result, dresult, 2 * sizeof(double), cudaMemcpyDeviceToHost);
		cudaFree(dresult);
	}
	for (int i = 0; i < c->count; i++) {
		size_t n = c->a[i].doubles;
		double *got = malloc((n + 1) * sizeof *got);
		if (cudaMemcpy(got, d.p[i], n * sizeof *got, cudaMemcpyDeviceToHost) != cudaSuccess) {
			printf("harness error: device memory\n");
			exit(99);
		}
		long bad = -1;
		for (size_t e = 0; e < n && bad < 0; e++)
			if (c->a[i].output ? !close_enough(got[e], h.p[i][e]) : !bh_same(got[e], h.p[i][e]))
				bad = (long)e;
		bh_verdict(c->routine, bad < 0, "%s: array %d element %ld: device %.17g, host %.17g", label,
			   i, bad, bad >= 0 ? got[bad] : 0.0, bad >= 0 ? h.p[i][bad] : 0.0);
		cudaFree(d.p[i]);
		free(h.p[i]);
		if (device_out)
			device_out[i] = got;
		else
			free(got);
	}
	for (int k = 0; k < c->result_width && c->has_result; k++)
		bh_verdict(c->routine, close_enough(d.result[k], h.result[k]),
			   "%s: result part %d: device %.17g, host %.17g", label, k, d.result[k],
			   h.result[k]);
	if (device_result)
		memcpy(device_result, d.result, sizeof d.result);
}

/* ---- data */

static const int increments[] = { 1, -1, 2, -3 };

/* A vector of n elements (width doubles) at stride inc, NaN between. */
static double *vector(int n, int inc, int width, size_t *doubles, double nonfinite)
{
	*doubles = (size_t)bh_span(n, inc) * width;
	double *src = malloc(((size_t)n * width + 1) * sizeof *src);
	for (int i = 0; i < n * width; i++)
		src[i] = bh_scaled();
	if (nonfinite != 0.0 && n > 0)
		src[bh_int(0, n * width - 1)] = nonfinite;
	double *v = malloc((*doubles + 1) * sizeof *v);
	bh_place(v, width, n, inc, src);
	free(src);
	return v;
}

/* Whether A(r, c) is stored: general band (kl, ku), triangle band (k < 0:
 * the whole triangle). */
static int in_band(int r, int c, int kl, int ku)
{
	return r - c <= kl && c - r <= ku;
}

/* A column-major matrix of rows x cols, leading dimension ld >= rows,
 * random where keep(r, c), NaN elsewhere (and below rows). */
static double *matrix(int rows, int cols, int ld, int width, int kl, int ku, int stored_rows,
		      size_t *doubles, double diagonal_boost)
{
	*doubles = (size_t)ld * cols * width;
	double *m = malloc((*doubles + 1) * sizeof *m);
	for (size_t e = 0; e < *doubles; e++)
		m[e] = NAN;
	for (int c = 0; c < cols; c++)
		for (int r = 0; r < stored_rows; r++) {
			(void)rows;
			double *e = m + ((size_t)c * ld + r) * width;
			e[0] = bh_scaled();
			if (width == 2)
				e[1] = bh_scaled();
		}
	(void)kl, (void)ku, (void)diagonal_boost;
	return m;
}

/* ---- Level 1 */

struct l1_args {
	int n, incx, incy, width;
	double alpha[2], c, s, param[5];
	int which;
};

enum { DDOT, ZDOTU, ZDOTC, ZDOTC_SUB, DNRM2, DZNRM2, DASUM, DZASUM, DROT, ZDROT, DROTM, ZAXPY, ZSCAL };
static const char *const l1_names[] = { "ddot", "zdotu", "zdotc", "cblas_zdotc_sub", "dnrm2",
					"dznrm2", "dasum", "dzasum", "drot", "zdrot", "drotm",
					"zaxpy", "zscal" };

static void l1_call(struct run *r, const void *vargs)
{
	const struct l1_args *a = vargs;
	double _Complex z;
	double *res = r->result;
	switch (a->which) {
	case DDOT: res[0] = ddot_(&a->n, r->p[0], &a->incx, r->p[1], &a->incy); break;
	case ZDOTU: z = zdotu_(&a->n, r->p[0], &a->incx, r->p[1], &a->incy); res[0] = creal(z), res[1] = cimag(z); break;
	case ZDOTC: z = zdotc_(&a->n, r->p[0], &a->incx, r->p[1], &a->incy); res[0] = creal(z), res[1] = cimag(z); break;
	case ZDOTC_SUB: cblas_zdotc_sub(a->n, r->p[0], a->incx, r->p[1], a->incy, r->result_at); break;
	case DNRM2: res[0] = dnrm2_(&a->n, r->p[0], &a->incx); break;
	case DZNRM2: res[0] = dznrm2_(&a->n, r->p[0], &a->incx); break;
	case DASUM: res[0] = dasum_(&a->n, r->p[0], &a->incx); break;
	case DZASUM: res[0] = dzasum_(&a->n, r->p[0], &a->incx); break;
	case DROT: drot_(&a->n, r->p[0], &a->incx, r->p[1], &a->incy, &a->c, &a->s); break;
	case ZDROT: zdrot_(&a->n, r->p[0], &a->incx, r->p[1], &a->incy, &a->c, &a->s); break;
	case DROTM: drotm_(&a->n, r->p[0], &a->incx, r->p[1], &a->incy, a->param); break;
	case ZAXPY: zaxpy_(&a->n, a->alpha, r->p[0], &a->incx, r->p[1], &a->incy); break;
	case ZSCAL: zscal_(&a->n, a->alpha, r->p[0], &a->incx); break;
	}
}

/* The exact dot product (conj: of conj(x)) part `part`, judged. */
static void judge_dot(const char *routine, const double *x, const double *y, const struct l1_args *a,
		      int conj, const double *got)
{
	static struct ex_sum sum;
	static int ready;
	if (!ready)
		ex_sum_init(&sum, 4 * 4096 + 8), ready = 1;
	for (int part = 0; part < a->width; part++) {
		ex_sum_reset(&sum);
		for (int i = 0; i < a->n; i++) {
			const double *xe = x + bh_at(a->n, a->incx, i) * a->width;
			const double *ye = y + bh_at(a->n, a->incy, i) * a->width;
			if (a->width == 1) {
				ex_sum_add(&sum, xe[0], ye[0], 1.0);
				continue;
			}
			double xi = conj ? -xe[1] : xe[1];
			if (part == 0) {
				ex_sum_add(&sum, xe[0], ye[0], 1.0);
				ex_sum_add(&sum, -xi, ye[1], 1.0);
			} else {
				ex_sum_add(&sum, xe[0], ye[1], 1.0);
				ex_sum_add(&sum, xi, ye[0], 1.0);
			}
		}
		bh_verdict(routine, ex_judge_sum(&sum, got[part], 2 * a->n, NULL),
			   "%s: part %d against MPFR: %.17g", label, part, got[part]);
	}
}

static void level1(void)
{
	const int sizes[] = { 1, 7, 33, 1000, 5000 };
	for (int which = DDOT; which <= ZSCAL; which++)
		for (unsigned si = 0; si < sizeof sizes / sizeof *sizes; si++)
			for (unsigned ii = 0; ii < 4; ii++)
				for (int special = 0; special < 3; special++) {
					struct l1_args a = { 0 };
					a.which = which;
					a.n = sizes[si];
					a.incx = increments[ii];
					a.incy = increments[(ii + 1) % 4];
					a.width = which == DDOT || which == DNRM2 || which == DASUM ||
							  which == DROT || which == DROTM
						  ? 1 : 2;
					a.alpha[0] = bh_scaled(), a.alpha[1] = bh_scaled();
					a.c = bh_sym(), a.s = bh_sym();
					a.param[0] = (double)bh_int(-1, 1);
					for (int k = 1; k < 5; k++)
						a.param[k] = bh_sym();
					double nonfinite = special == 1 ? INFINITY : special == 2 ? NAN : 0.0;
					if (special && a.n < 33)
						continue;
					struct case_ c = { l1_names[which], { { 0 } }, 0, 0, 0, 0 };
					size_t nx, ny;
					double *x = vector(a.n, a.incx, a.width, &nx, nonfinite);
					double *y = vector(a.n, a.incy, a.width, &ny, 0.0);
					int two = which <= ZDOTC_SUB || which >= DROT;
					if (which == ZSCAL) /* zscal's vector is its x */
						two = 0;
					if ((which == DDOT || which == ZDOTU || which == ZDOTC) && special == 0 &&
					    a.n >= 33 && a.incx == 1 && a.width == 1)
						ex_gen_dot(&bh_rng, a.n, 1e20, NULL, x, y); /* ill-conditioned */
					c.a[0] = (struct array){ x, nx, which >= DROT && which != ZAXPY };
					c.count = 1;
					if (two)
						c.a[c.count++] = (struct array){ y, ny, 1 };
					c.has_result = which <= DZASUM;
					c.result_width = which <= ZDOTC_SUB ? a.width : 1;
					c.result_on_device = which == ZDOTC_SUB && ii % 2;
					snprintf(label, sizeof label, "%s n=%d incx=%d incy=%d special=%d%s",
						 l1_names[which], a.n, a.incx, a.incy, special,
						 c.result_on_device ? " result on device" : "");
					double result[2];
					run_case(&c, l1_call, &a, NULL, result);
					if (which <= ZDOTC_SUB && special == 0)
						judge_dot(l1_names[which], x, y, &a, which == ZDOTC || which == ZDOTC_SUB,
							  result);
					free(x);
					free(y);
				}
}

/* The range (kernels/level12.cu): dots of products below the normal
 * range, whose sums the device hands to the CPU's rule.  The device must
 * give the host's results.  (The other range cases of Level 1, products
 * that overflow and cancel, are test/blas/range_ops.c's, which
 * range_ops_gpu runs on device arrays too.) */
static void range_dots(void)
{
	const int n = 23;
	for (int which = DDOT; which <= ZDOTC; which++)
		for (int ii = 0; ii < 2; ii++) {
			struct l1_args a = { 0 };
			a.which = which, a.n = n, a.incx = ii ? -1 : 1, a.incy = ii ? 2 : 1;
			a.width = which == DDOT ? 1 : 2;
			const int w = a.width;
			double xs[2 * 23], ys[2 * 23];
			for (int i = 0; i < n * w; i++)
				xs[i] = ldexp(bh_scaled(), -540), ys[i] = ldexp(bh_scaled(), -500);
			size_t nx = (size_t)bh_span(n, a.incx) * w, ny = (size_t)bh_span(n, a.incy) * w;
			double *x = malloc((nx + 1) * sizeof *x), *y = malloc((ny + 1) * sizeof *y);
			bh_place(x, w, n, a.incx, xs);
			bh_place(y, w, n, a.incy, ys);
			struct case_ c = { l1_names[which], { { 0 } }, 0, 0, 0, 0 };
			c.a[0] = (struct array){ x, nx, 0 };
			c.a[1] = (struct array){ y, ny, 0 };
			c.count = 2;
			c.has_result = 1;
			c.result_width = w;
			snprintf(label, sizeof label, "%s n=%d incx=%d incy=%d range", l1_names[which], n,
				 a.incx, a.incy);
			run_case(&c, l1_call, &a, NULL, NULL);
			free(x);
			free(y);
		}
}

/* ---- Level 2 products and solves */

enum l2_routine {
	ZGEMV, DGBMV, ZGBMV, DSYMV, ZHEMV, DSBMV, ZHBMV, DSPMV, ZHPMV,
	DTRMV, ZTRMV, DTBMV, ZTBMV, DTPMV, ZTPMV, DTRSV, ZTRSV, DTBSV, ZTBSV, DTPSV, ZTPSV,
	CBLAS_DSYMV, CBLAS_ZTRSV, L2_COUNT
};
static const char *const l2_names[] = {
	"zgemv", "dgbmv", "zgbmv", "dsymv", "zhemv", "dsbmv", "zhbmv", "dspmv", "zhpmv",
	"dtrmv", "ztrmv", "dtbmv", "ztbmv", "dtpmv", "ztpmv", "dtrsv", "ztrsv", "dtbsv", "ztbsv",
	"dtpsv", "ztpsv", "cblas_dsymv", "cblas_ztrsv"
};

struct l2_args {
	int which, m, n, kl, ku, k, lda, incx, incy, width, row_major;
	int graded; /* 1, 2: full SYMV, HEMV and ZGEMV, see grade(); 3: see underflowing() */
	char trans, uplo, diag;
	double alpha[2], beta[2];
};

static void l2_call(struct run *r, const void *vargs)
{
	const struct l2_args *a = vargs;
	const char *t = &a->trans, *u = &a->uplo, *d = &a->diag;
	double *A = r->p[0], *x = r->p[1], *y = r->p[2];
	switch (a->which) {
	case ZGEMV: zgemv_(t, &a->m, &a->n, a->alpha, A, &a->lda, x, &a->incx, a->beta, y, &a->incy, 1); break;
	case DGBMV: dgbmv_(t, &a->m, &a->n, &a->kl, &a->ku, a->alpha, A, &a->lda, x, &a->incx, a->beta, y, &a->incy, 1); break;
	case ZGBMV: zgbmv_(t, &a->m, &a->n, &a->kl, &a->ku, a->alpha, A, &a->lda, x, &a->incx, a->beta, y, &a->incy, 1); break;
	case DSYMV: dsymv_(u, &a->n, a->alpha, A, &a->lda, x, &a->incx, a->beta, y, &a->incy, 1); break;
	case ZHEMV: zhemv_(u, &a->n, a->alpha, A, &a->lda, x, &a->incx, a->beta, y, &a->incy, 1); break;
	case DSBMV: dsbmv_(u, &a->n, &a->k, a->alpha, A, &a->lda, x, &a->incx, a->beta, y, &a->incy, 1); break;
	case ZHBMV: zhbmv_(u, &a->n, &a->k, a->alpha, A, &a->lda, x, &a->incx, a->beta, y, &a->incy, 1); break;
	case DSPMV: dspmv_(u, &a->n, a->alpha, A, x, &a->incx, a->beta, y, &a->incy, 1); break;
	case ZHPMV: zhpmv_(u, &a->n, a->alpha, A, x, &a->incx, a->beta, y, &a->incy, 1); break;
	case DTRMV: dtrmv_(u, t, d, &a->n, A, &a->lda, x, &a->incx, 1, 1, 1); break;
	case ZTRMV: ztrmv_(u, t, d, &a->n, A, &a->lda, x, &a->incx, 1, 1, 1); break;
	case DTBMV: dtbmv_(u, t, d, &a->n, &a->k, A, &a->lda, x, &a->incx, 1, 1, 1); break;
	case ZTBMV: ztbmv_(u, t, d, &a->n, &a->k, A, &a->lda, x, &a->incx, 1, 1, 1); break;
	case DTPMV: dtpmv_(u, t, d, &a->n, A, x, &a->incx, 1, 1, 1); break;
	case ZTPMV: ztpmv_(u, t, d, &a->n, A, x, &a->incx, 1, 1, 1); break;
	case DTRSV: dtrsv_(u, t, d, &a->n, A, &a->lda, x, &a->incx, 1, 1, 1); break;
	case ZTRSV: ztrsv_(u, t, d, &a->n, A, &a->lda, x, &a->incx, 1, 1, 1); break;
	case DTBSV: dtbsv_(u, t, d, &a->n, &a->k, A, &a->lda, x, &a->incx, 1, 1, 1); break;
	case ZTBSV: ztbsv_(u, t, d, &a->n, &a->k, A, &a->lda, x, &a->incx, 1, 1, 1); break;
	case DTPSV: dtpsv_(u, t, d, &a->n, A, x, &a->incx, 1, 1, 1); break;
	case ZTPSV: ztpsv_(u, t, d, &a->n, A, x, &a->incx, 1, 1, 1); break;
	case CBLAS_DSYMV:
		cblas_dsymv(a->row_major ? 101 : 102, a->uplo == 'U' ? 121 : 122, a->n, a->alpha[0], A,
			    a->lda, x, a->incx, a->beta[0], y, a->incy);
		break;
	case CBLAS_ZTRSV:
		cblas_ztrsv(102, a->uplo == 'U' ? 121 : 122, a->trans == 'N' ? 111 : a->trans == 'T' ? 112 : 113,
			    a->diag == 'U' ? 132 : 131, a->n, A, a->lda, x, a->incx);
		break;
	}
}

static int is_packed(int w)
{
	return w == DSPMV || w == ZHPMV || w == DTPMV || w == ZTPMV || w == DTPSV || w == ZTPSV;
}

static int is_band(int w)
{
	return w == DGBMV || w == ZGBMV || w == DSBMV || w == ZHBMV || w == DTBMV || w == ZTBMV ||
	       w == DTBSV || w == ZTBSV;
}

static int is_triangular(int w)
{
	return (w >= DTRMV && w <= ZTPSV) || w == CBLAS_ZTRSV;
}

static int is_solve(int w)
{
	return (w >= DTRSV && w <= ZTPSV) || w == CBLAS_ZTRSV;
}

static int is_complex(int w)
{
	return w == ZGEMV || w == ZGBMV || w == ZHEMV || w == ZHBMV || w == ZHPMV || w == ZTRMV ||
	       w == ZTBMV || w == ZTPMV || w == ZTRSV || w == ZTBSV || w == ZTPSV || w == CBLAS_ZTRSV;
}

/* op(A)(i, j) of the case from the host storage (the reference's
 * definition), and whether it is a term of the sum. */
static int dense(const struct l2_args *a, const double *A, int i, int j, double *v)
{
	const int w = a->width;
	int r = i, c = j, conj = 0;
	v[0] = v[1] = 0.0;
	const int general = a->which == ZGEMV || a->which == DGBMV || a->which == ZGBMV;
	const int symmetric = !general && !is_triangular(a->which);
	if (general || is_triangular(a->which)) {
		if (a->trans != 'N')
			r = j, c = i, conj = a->trans == 'C';
	} else if (a->uplo == 'U' ? i > j : i < j) {
		r = j, c = i, conj = w == 2;
	}
	if (is_triangular(a->which)) {
		if (a->uplo == 'U' ? r > c : r < c)
			return 0;
		if (r == c && a->diag == 'U') {
			v[0] = 1.0;
			return 1;
		}
	}
	const double *e;
	if (general) {
		if (a->which != ZGEMV && !in_band(r, c, a->kl, a->ku))
			return 0;
		e = A + ((size_t)c * a->lda + (a->which == ZGEMV ? r : a->ku + r - c)) * w;
	} else if (is_packed(a->which)) {
		size_t at = a->uplo == 'U' ? (size_t)c * (c + 1) / 2 + r
					   : (size_t)c * a->n - (size_t)c * (c - 1) / 2 + (r - c);
		e = A + at * w;
	} else if (is_band(a->which)) {
		if ((a->uplo == 'U' ? c - r : r - c) > a->k)
			return 0;
		e = A + ((size_t)c * a->lda + (a->uplo == 'U' ? a->k + r - c : r - c)) * w;
	} else {
		e = A + ((size_t)c * a->lda + r) * w;
	}
	v[0] = e[0];
	v[1] = w == 2 ? (conj ? -e[1] : e[1]) : 0.0;
	if (symmetric && w == 2 && r == c)
		v[1] = 0.0;
	return 1;
}

/* The products against MPFR: y(i) = alpha sum_j op(A)(i,j) x(j) + beta y(i)
 * (TRMV: op(A) x), from the inputs A, x, y0 and the device's result. */
static void judge_product(const struct l2_args *a, const double *A, const double *x,
			  const double *y0, const double *got, int leny, int lenx, int incx, int incy)
{
	static struct ex_sum sum;
	static int ready;
	if (!ready)
		ex_sum_init(&sum, 8 * 2100 + 8), ready = 1;
	const int w = a->width, trmv = is_triangular(a->which);
	const double one[2] = { 1.0, 0.0 };
	const double *al = trmv ? one : a->alpha;
	for (int i = 0; i < leny; i++)
		for (int part = 0; part < w; part++) {
			ex_sum_reset(&sum);
			int terms = 0;
			for (int j = 0; j < lenx; j++) {
				double v[2];
				if (!dense(a, A, i, j, v))
					continue;
				const double *xe = x + bh_at(lenx, incx, j) * w;
				double xr = xe[0], xi = w == 2 ? xe[1] : 0.0;
				/* (v x) = (vr xr - vi xi, vr xi + vi xr); times alpha */
				double pr[2][3] = { { v[0], xr, 1 }, { -v[1], xi, 1 } };
				double pi[2][3] = { { v[0], xi, 1 }, { v[1], xr, 1 } };
				for (int t = 0; t < (w == 2 ? 2 : 1); t++) {
					if (part == 0) {
						ex_sum_add(&sum, al[0], pr[t][0], pr[t][1]);
						if (w == 2)
							ex_sum_add(&sum, -al[1], pi[t][0], pi[t][1]);
					} else {
						ex_sum_add(&sum, al[0], pi[t][0], pi[t][1]);
						ex_sum_add(&sum, al[1], pr[t][0], pr[t][1]);
					}
				}
				terms++;
			}
			if (!trmv && (a->beta[0] != 0.0 || a->beta[1] != 0.0)) {
				const double *ye = y0 + bh_at(leny, incy, i) * w;
				double yr = ye[0], yi = w == 2 ? ye[1] : 0.0;
				if (part == 0) {
					ex_sum_add(&sum, a->beta[0], yr, 1.0);
					if (w == 2)
						ex_sum_add(&sum, -a->beta[1], yi, 1.0);
				} else {
					ex_sum_add(&sum, a->beta[0], yi, 1.0);
					ex_sum_add(&sum, a->beta[1], yr, 1.0);
				}
			}
			double g = got[bh_at(leny, incy, i) * w + part];
			bh_verdict(l2_names[a->which], ex_judge_sum(&sum, g, 2 * terms + 2, NULL),
				   "%s: y(%d) part %d against MPFR: %.17g", label, i, part, g);
		}
}

/* Scales the stored part of a full square A (SYMV, HEMV: its triangle;
 * ZGEMV: all of it) and x: graded 1,
 * A(r, c) by 2^(g_r + g_c) and x(j) by 2^-g_j, g_j in [-30, 30], so that
 * the factors of a tile lie far apart and its products do not (the sums by
 * extraction of kernels/level12.cu must take their point from the
 * products); graded 2, A by 2^990 and x by 2^18, products near overflow
 * (the device's sums then go to the CPU's rule). */
static void grade(const struct l2_args *a, double *A, double *x)
{
	const int w = a->width;
	int g[256];
	for (int j = 0; j < a->n && j < 256; j++)
		g[j] = a->graded == 1 ? bh_int(-30, 30) : 0;
	for (int c = 0; c < a->n; c++)
		for (int r = 0; r < a->n; r++)
			if (a->which == ZGEMV || (a->uplo == 'U' ? r <= c : r >= c))
				for (int p = 0; p < w; p++) {
					double *e = A + ((size_t)c * a->lda + r) * w + p;
					*e = ldexp(*e, a->graded == 1 ? g[r] + g[c] : 990);
				}
	for (int j = 0; j < a->n; j++)
		for (int p = 0; p < w; p++) {
			double *e = x + bh_at(a->n, a->incx, j) * w + p;
			*e = ldexp(*e, a->graded == 1 ? -g[j] : 18);
		}
}

/* graded 3: every element of A's storage scaled by 2^-700 and x by 2^-500
 * (TRMV: A by 2^-540), so that the products underflow, and y by 2^-600,
 * where alpha near 2^600 brings the exact result back among the normal
 * doubles (TRMV: a result below them, from products that lost bits): the
 * device's epilogue must form those sums again (kernels/level12.cu, the
 * range's second look).  Solves: A by 2^-700 and b by 2^-1000, so that the
 * numerators lie below 2^-960 and the solution near 2^-300, which the
 * device hands to the CPU's rule.  NaN padding stays NaN. */
static void underflowing(const struct l2_args *a, double *A, size_t na, double *x, size_t nx)
{
	const int solve = is_solve(a->which);
	for (size_t e = 0; e < na; e++)
		A[e] = ldexp(A[e], is_triangular(a->which) && !solve ? -540 : -700);
	for (size_t e = 0; e < nx; e++)
		x[e] = ldexp(x[e], solve ? -1000 : -500);
}

static void level2_case(struct l2_args *a, double nonfinite)
{
	const int w = a->width, which = a->which;
	const int general = which == ZGEMV || which == DGBMV || which == ZGBMV;
	const int trmv = is_triangular(which);
	const int lenx = general ? (a->trans == 'N' ? a->n : a->m) : a->n;
	const int leny = general ? (a->trans == 'N' ? a->m : a->n) : a->n;
	size_t na, nx, ny = 0;
	double *A;
	if (is_packed(which)) {
		na = (size_t)a->n * (a->n + 1) / 2 * w;
		A = malloc((na + 1) * sizeof *A);
		for (size_t e = 0; e < na; e++)
			A[e] = bh_scaled();
		a->lda = 0;
	} else {
		int stored = which == ZGEMV ? a->m : which == DGBMV || which == ZGBMV ? a->kl + a->ku + 1
			     : is_band(which) ? a->k + 1 : a->n;
		a->lda = stored + (a->n % 3);
		A = matrix(stored, general ? a->n : a->n, a->lda, w, 0, 0, stored, &na, 0.0);
		/* NaN outside the triangle of full storage */
		if (!general && !is_band(which))
			for (int c = 0; c < a->n; c++)
				for (int r = 0; r < a->n; r++)
					if (a->uplo == 'U' ? r > c : r < c)
						for (int p = 0; p < w; p++)
							A[((size_t)c * a->lda + r) * w + p] = NAN;
	}
	if (is_solve(which)) { /* a dominant diagonal: well conditioned */
		for (int j = 0; j < a->n; j++) {
			double v[2];
			struct l2_args d = *a;
			d.trans = 'N', d.diag = 'N';
			if (!dense(&d, A, j, j, v))
				continue;
			size_t at;
			if (is_packed(which))
				at = a->uplo == 'U' ? (size_t)j * (j + 1) / 2 + j : (size_t)j * a->n - (size_t)j * (j - 1) / 2;
			else if (is_band(which))
				at = (size_t)j * a->lda + (a->uplo == 'U' ? a->k : 0);
			else
				at = (size_t)j * a->lda + j;
			A[at * w] = (A[at * w] < 0 ? -1 : 1) * (4.0 + fabs(A[at * w])) * (a->n > 200 ? a->n : 1);
		}
	}
	if (nonfinite != 0.0) {
		/* one element of A's storage that the op reads: a diagonal one */
		int j = bh_int(0, (lenx < leny ? lenx : leny) - 1);
		double v[2];
		struct l2_args d = *a;
		d.trans = 'N', d.diag = 'N';
		if (dense(&d, A, j, j, v)) {
			size_t at;
			if (is_packed(which))
				at = a->uplo == 'U' ? (size_t)j * (j + 1) / 2 + j : (size_t)j * a->n - (size_t)j * (j - 1) / 2;
			else if (general)
				at = (size_t)j * a->lda + (which == ZGEMV ? j : a->ku);
			else if (is_band(which))
				at = (size_t)j * a->lda + (a->uplo == 'U' ? a->k : 0);
			else
				at = (size_t)j * a->lda + j;
			A[at * w] = nonfinite;
		}
	}
	double *x = vector(trmv ? leny : lenx, a->incx, w, &nx, 0.0);
	if (a->graded == 3)
		underflowing(a, A, na, x, nx);
	else if (a->graded)
		grade(a, A, x);
	double *y = trmv ? NULL : vector(leny, a->incy, w, &ny, 0.0);
	if (y && a->graded == 3)
		for (size_t e = 0; e < ny; e++)
			y[e] = ldexp(y[e], -600);
	if (y && a->beta[0] == 0.0 && a->beta[1] == 0.0) /* must not be read */
		for (int i = 0; i < leny; i++)
			for (int p = 0; p < w; p++)
				y[bh_at(leny, a->incy, i) * w + p] = NAN;
	struct case_ c = { l2_names[which], { { A, na, 0 }, { x, nx, trmv }, { y, ny, 1 } }, trmv ? 2 : 3, 0, 0, 0 };
	snprintf(label, sizeof label, "%s m=%d n=%d kl=%d ku=%d k=%d %c%c%c incx=%d incy=%d alpha=%g,%g beta=%g,%g nonfinite=%g graded=%d",
		 l2_names[which], a->m, a->n, a->kl, a->ku, a->k, a->trans, a->uplo, a->diag, a->incx,
		 a->incy, a->alpha[0], a->alpha[1], a->beta[0], a->beta[1], nonfinite, a->graded);
	double *out[MAX_ARRAYS] = { 0 };
	run_case(&c, l2_call, a, out, NULL);
	if (nonfinite == 0.0 && !is_solve(which) && which != CBLAS_DSYMV)
		judge_product(a, A, x, y, trmv ? out[1] : out[2], leny, lenx, a->incx,
			      trmv ? a->incx : a->incy);
	for (int i = 0; i < c.count; i++)
		free(out[i]);
	free(A);
	free(x);
	free(y);
}

/* SYMV, HEMV and ZGEMV (N and C) over many whole tiles with graded data
 * and with products near overflow (grade()). */
static void graded_products(void)
{
	const int routines[] = { DSYMV, ZHEMV, ZGEMV };
	for (unsigned r = 0; r < sizeof routines / sizeof *routines; r++)
		for (int graded = 1; graded <= 2; graded++)
			for (int ui = 0; ui < 2; ui++) {
				struct l2_args a = { 0 };
				a.which = routines[r], a.width = a.which == DSYMV ? 1 : 2;
				a.n = a.m = 200, a.graded = graded;
				a.trans = a.which == ZGEMV && ui ? 'C' : 'N', a.uplo = ui ? 'L' : 'U', a.diag = 'N';
				a.incx = ui ? -1 : 1, a.incy = 1;
				const double scale = graded == 2 ? 0x1p-40 : 1.0;
				a.alpha[0] = scale * bh_scaled(), a.alpha[1] = a.width == 2 ? scale * bh_scaled() : 0.0;
				a.beta[0] = bh_scaled(), a.beta[1] = a.width == 2 ? bh_scaled() : 0.0;
				level2_case(&a, 0.0);
			}
}

/* Every product with its products underflowing, and every solve with its
 * numerators below the range (graded 3, above): alpha near 2^600, beta 0
 * and not, every storage, trans and uplo; SYMV and HEMV also over many
 * tiles, their mirrored terms included. */
static void underflowing_products(void)
{
	const int routines[] = { ZGEMV, DGBMV, ZGBMV, DSYMV, ZHEMV, DSBMV, ZHBMV, DSPMV, ZHPMV,
				 DTRMV, ZTBMV, DTPMV, DTRSV, ZTRSV, DTBSV, ZTBSV, DTPSV, ZTPSV };
	const char transes[] = { 'N', 'T', 'C' };
	for (unsigned r = 0; r < sizeof routines / sizeof *routines; r++) {
		const int which = routines[r], w = is_complex(which) ? 2 : 1;
		const int general = which == ZGEMV || which == DGBMV || which == ZGBMV;
		const int transposable = general || is_triangular(which);
		for (int ti = 0; ti < (transposable ? w + 1 : 1); ti++)
			for (int variant = 0; variant < 3; variant++) {
				struct l2_args a = { 0 };
				a.which = which, a.width = w, a.graded = 3;
				a.n = variant == 2 && (which == DSYMV || which == ZHEMV) ? 300 : 40;
				a.m = general ? 33 : a.n;
				a.kl = 3, a.ku = 2, a.k = 4;
				a.trans = transes[ti], a.uplo = variant % 2 ? 'L' : 'U', a.diag = 'N';
				a.incx = variant % 2 ? -1 : 1, a.incy = variant ? 2 : 1;
				a.alpha[0] = ldexp(bh_scaled(), 600);
				a.alpha[1] = w == 2 ? ldexp(bh_scaled(), 600) : 0.0;
				a.beta[0] = variant ? bh_scaled() : 0.0;
				a.beta[1] = w == 2 && variant ? bh_scaled() : 0.0;
				level2_case(&a, 0.0);
			}
	}
}

/* Longer solves: many blocks of 32 rows chained (kernels/level12.cu). */
static void large_solves(void)
{
	const int routines[] = { DTRSV, ZTRSV, DTPSV, ZTBSV };
	const char transes[] = { 'N', 'T', 'C' };
	for (unsigned r = 0; r < sizeof routines / sizeof *routines; r++)
		for (int ti = 0; ti < 3; ti++)
			for (int ui = 0; ui < 2; ui++) {
				struct l2_args a = { 0 };
				a.which = routines[r], a.width = is_complex(a.which) ? 2 : 1;
				if (a.width == 1 && ti == 2)
					continue;
				a.n = a.m = 1100, a.k = 40;
				a.trans = transes[ti], a.uplo = ui ? 'L' : 'U', a.diag = 'N';
				a.incx = ui ? -2 : 1, a.incy = 1;
				level2_case(&a, 0.0);
			}
	/* a longer chain of blocks (94 of them), each waiting on the last */
	struct l2_args a = { 0 };
	a.which = DTRSV, a.width = 1, a.n = a.m = 3000, a.trans = 'T', a.uplo = 'U', a.diag = 'N';
	a.incx = -1, a.incy = 1;
	level2_case(&a, 0.0);
}

static void level2(void)
{
	const int sizes[] = { 1, 5, 40, 133 };
	const char transes[] = { 'N', 'T', 'C' };
	for (int which = 0; which < L2_COUNT; which++) {
		const int w = is_complex(which) ? 2 : 1;
		const int general = which == ZGEMV || which == DGBMV || which == ZGBMV;
		for (unsigned si = 0; si < sizeof sizes / sizeof *sizes; si++)
			for (int ti = 0; ti < (general || is_triangular(which) ? (w == 2 ? 3 : 2) : 1); ti++)
				for (int ui = 0; ui < 2; ui++)
					for (int variant = 0; variant < 4; variant++) {
						struct l2_args a = { 0 };
						a.which = which, a.width = w;
						a.n = sizes[si];
						a.m = general ? sizes[(si + variant) % 4] : a.n;
						a.kl = bh_int(0, 4), a.ku = bh_int(0, 3), a.k = bh_int(0, 5);
						a.trans = transes[ti];
						a.uplo = ui ? 'L' : 'U';
						a.diag = variant % 2 ? 'U' : 'N';
						a.incx = increments[variant];
						a.incy = increments[(variant + 1) % 4];
						a.alpha[0] = variant == 3 ? 0.0 : bh_scaled();
						a.alpha[1] = w == 2 && variant != 3 ? bh_scaled() : 0.0;
						a.beta[0] = variant == 2 ? 0.0 : bh_scaled();
						a.beta[1] = w == 2 && variant != 2 ? bh_scaled() : 0.0;
						if (which == CBLAS_DSYMV)
							a.alpha[1] = a.beta[1] = 0.0, a.row_major = variant % 2;
						if (general && ui) /* uplo is not theirs: another shape */
							a.m = sizes[(si + 1) % 4];
						level2_case(&a, 0.0);
						if (variant == 0 && si == 2) {
							level2_case(&a, INFINITY);
							level2_case(&a, NAN);
						}
					}
	}
}

/* ---- rank updates */

enum { DGER, ZGERU, ZGERC, DSYR, ZHER, DSPR, ZHPR, DSYR2, ZHER2, DSPR2, ZHPR2, RANK_COUNT };
static const char *const rank_names[] = { "dger", "zgeru", "zgerc", "dsyr", "zher", "dspr", "zhpr",
					  "dsyr2", "zher2", "dspr2", "zhpr2" };

struct rank_args {
	int which, m, n, lda, incx, incy;
	char uplo;
	double alpha[2];
};

static void rank_call(struct run *r, const void *vargs)
{
	const struct rank_args *a = vargs;
	const char *u = &a->uplo;
	double *x = r->p[0], *y = r->p[1], *A = r->p[2];
	switch (a->which) {
	case DGER: dger_(&a->m, &a->n, a->alpha, x, &a->incx, y, &a->incy, A, &a->lda); break;
	case ZGERU: zgeru_(&a->m, &a->n, a->alpha, x, &a->incx, y, &a->incy, A, &a->lda); break;
	case ZGERC: zgerc_(&a->m, &a->n, a->alpha, x, &a->incx, y, &a->incy, A, &a->lda); break;
	case DSYR: dsyr_(u, &a->n, a->alpha, x, &a->incx, A, &a->lda, 1); break;
	case ZHER: zher_(u, &a->n, a->alpha, x, &a->incx, A, &a->lda, 1); break;
	case DSPR: dspr_(u, &a->n, a->alpha, x, &a->incx, A, 1); break;
	case ZHPR: zhpr_(u, &a->n, a->alpha, x, &a->incx, A, 1); break;
	case DSYR2: dsyr2_(u, &a->n, a->alpha, x, &a->incx, y, &a->incy, A, &a->lda, 1); break;
	case ZHER2: zher2_(u, &a->n, a->alpha, x, &a->incx, y, &a->incy, A, &a->lda, 1); break;
	case DSPR2: dspr2_(u, &a->n, a->alpha, x, &a->incx, y, &a->incy, A, 1); break;
	case ZHPR2: zhpr2_(u, &a->n, a->alpha, x, &a->incx, y, &a->incy, A, 1); break;
	}
}

static void rank_updates(void)
{
	const int sizes[] = { 1, 6, 37, 150 };
	for (int which = 0; which < RANK_COUNT; which++) {
		const int w = which == DGER || which == DSYR || which == DSPR || which == DSYR2 ||
				      which == DSPR2 ? 1 : 2;
		const int packed = which == DSPR || which == ZHPR || which == DSPR2 || which == ZHPR2;
		const int ger = which <= ZGERC;
		for (unsigned si = 0; si < 4; si++)
			for (int ui = 0; ui < 2; ui++)
				for (int special = 0; special < 4; special++) {
					struct rank_args a = { 0 };
					a.which = which;
					a.n = sizes[si];
					a.m = ger ? sizes[(si + ui) % 4] : a.n;
					a.uplo = ui ? 'L' : 'U';
					a.incx = increments[(si + special) % 4];
					a.incy = increments[(si + special + 1) % 4];
					a.alpha[0] = bh_scaled();
					a.alpha[1] = w == 2 && (ger || which == ZHER2 || which == ZHPR2) ? bh_scaled() : 0.0;
					double nonfinite = special == 1 ? INFINITY : special == 2 ? NAN : 0.0;
					size_t nx, ny, nc;
					double *x = vector(ger ? a.m : a.n, a.incx, w, &nx, nonfinite);
					double *y = vector(a.n, a.incy, w, &ny, 0.0);
					if (special == 3) /* zero elements: columns left alone */
						for (int i = 0; i < a.n; i += 2)
							for (int p = 0; p < w; p++) {
								x[bh_at(ger ? a.m : a.n, a.incx, i % (ger ? a.m : a.n)) * w + p] = 0.0;
								y[bh_at(a.n, a.incy, i) * w + p] = 0.0;
							}
					double *A;
					if (packed) {
						nc = (size_t)a.n * (a.n + 1) / 2 * w;
						A = malloc((nc + 1) * sizeof *A);
						for (size_t e = 0; e < nc; e++)
							A[e] = bh_scaled();
						a.lda = 0;
					} else {
						a.lda = (ger ? a.m : a.n) + 1;
						A = matrix(ger ? a.m : a.n, a.n, a.lda, w, 0, 0, ger ? a.m : a.n, &nc, 0.0);
					}
					struct case_ c = { rank_names[which], { { x, nx, 0 }, { y, ny, 0 }, { A, nc, 1 } }, 3, 0, 0, 0 };
					snprintf(label, sizeof label, "%s m=%d n=%d %c incx=%d incy=%d special=%d",
						 rank_names[which], a.m, a.n, a.uplo, a.incx, a.incy, special);
					run_case(&c, rank_call, &a, NULL, NULL);
					free(x);
					free(y);
					free(A);
				}
	}
}

int main(int argc, char **argv)
{
	bh_start(argc, argv, "");
	int devices = 0;
	if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
		printf("no GPU: skipped\n");
		return 77;
	}
	if (bh_mode != BH_DD) {
		printf("only dd mode is tested\n");
		return 77;
	}
	level1();
	level2();
	graded_products();
	underflowing_products();
	range_dots();
	large_solves();
	rank_updates();
	return bh_finish();
}
