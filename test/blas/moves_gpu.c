#include "config.h"

/* The routines that round once or not at all on device and managed arrays
 * (src/gpu/move.c): dscal, zdscal, dcopy, zcopy, dswap, zswap, idamax,
 * izamax and CBLAS forms; drotm with its param in device memory; dsdot and
 * sdsdot on device vectors; the row-major CBLAS zgerc, zher, zhpr, zher2
 * and zhpr2 on device vectors (their conjugated copies made there).
 *
 * Each case runs the reference (TF_REFERENCE_BLAS) on host arrays and the
 * same symbol of libtwofold on host arrays, on device arrays and on managed
 * arrays.  The moves must give the reference's bits in every element of
 * the storage (NaN between the vector's elements, which nothing may read
 * or write), with Inf, NaN and ties in the data, at increments 1, -1, 2,
 * -3 and 0 (where the reference takes them: dcopy and dswap count negative
 * ones from the far end; dscal and idamax return at once for incx <= 0)
 * and n = 0.  drotm must give the host run's bits or 1 ulp beside (the
 * GPU's DD rotation against the CPU's),
 * dsdot and sdsdot the host run's DD result, the rank updates the host
 * run's bits or 1 ulp beside (the GPU's DD kernels against the CPU's).
 * Run by test/blas/run.sh PROGRAM dd under test/gpu/forced.sh. */
#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/blas/harness.h"

typedef const int ci;
typedef const double cd;

enum place { HOST, DEVICE, MANAGED };
static const char *const place_names[] = { "host", "device", "managed" };

static void *place_copy(enum place place, const void *h, size_t bytes)
{
	void *p = NULL;
	cudaError_t s = place == HOST ? ((p = malloc(bytes + 8)) ? cudaSuccess : cudaErrorMemoryAllocation)
		      : place == DEVICE ? cudaMalloc(&p, bytes + 8) : cudaMallocManaged(&p, bytes + 8, cudaMemAttachGlobal);
	if (s != cudaSuccess || cudaMemcpy(p, h, bytes, cudaMemcpyDefault) != cudaSuccess) {
		printf("harness error: memory\n");
		exit(99);
	}
	return p;
}

static void place_back(enum place place, void *p, void *h, size_t bytes)
{
	if (cudaMemcpy(h, p, bytes, cudaMemcpyDefault) != cudaSuccess) {
		printf("harness error: memory\n");
		exit(99);
	}
	if (place == HOST)
		free(p);
	else
		cudaFree(p);
}

/* The first index where got and want differ (any NaN equal to any NaN), or -1. */
static long differ(const double *got, const double *want, size_t n, int ulps)
{
	for (size_t e = 0; e < n; e++) {
		if (bh_same(got[e], want[e]))
			continue;
		if (ulps && isfinite(got[e]) && isfinite(want[e]) &&
		    (got[e] == nextafter(want[e], INFINITY) || got[e] == nextafter(want[e], -INFINITY)))
			continue;
		return (long)e;
	}
	return -1;
}

/* n elements of width doubles at stride inc: random, with Inf, NaN and
 * repeated largest magnitudes (ties for idamax) among them. */
static double *data(int n, int inc, int width, size_t *doubles, int specials)
{
	*doubles = (size_t)bh_span(n, inc) * width;
	double *src = malloc(((size_t)n * width + 1) * sizeof *src);
	for (int i = 0; i < n * width; i++)
		src[i] = bh_scaled();
	if (specials && n > 0) {
		double big = 64.0;
		for (int k = 0; k < 3; k++)
			src[bh_int(0, n * width - 1)] = k == 1 ? -big : big;
		if (specials > 1) {
			src[bh_int(0, n * width - 1)] = INFINITY;
			src[bh_int(0, n * width - 1)] = NAN;
		}
		if (specials > 2)
			src[0] = NAN; /* idamax's first element */
	}
	double *v = malloc((*doubles + 1) * sizeof *v);
	bh_place(v, width, n, inc, src);
	free(src);
	return v;
}

static const int sizes[] = { 0, 1, 5, 33, 1000, 70001 };
static const int incs[] = { 1, -1, 2, -3, 0 };
#define COUNT(a) (int)(sizeof a / sizeof *a)

/* ---- dscal, zdscal, dcopy, zcopy, dswap, zswap */

typedef void pair_fn(ci *, double *, ci *, double *, ci *);
typedef void scal_fn(ci *, cd *, double *, ci *);

static void pairs(const char *name, int width)
{
	pair_fn *ref = (pair_fn *)bh_reference(name);
	extern void dcopy_(), zcopy_(), dswap_(), zswap_();
	pair_fn *tf = (pair_fn *)(!strcmp(name, "dcopy_") ? (void (*)(void))dcopy_
				  : !strcmp(name, "zcopy_") ? (void (*)(void))zcopy_
				  : !strcmp(name, "dswap_") ? (void (*)(void))dswap_ : (void (*)(void))zswap_);
	for (int s = 0; s < COUNT(sizes); s++)
		for (int a = 0; a < COUNT(incs); a++)
			for (int b = 0; b < COUNT(incs); b++) {
				int n = sizes[s], incx = incs[a], incy = incs[b];
				if (n > 1000 && (incx != 1 || incy != -1) && (incx != -3 || incy != 2))
					continue;
				size_t nx, ny;
				double *x = data(n, incx, width, &nx, 2), *y = data(n, incy, width, &ny, 2);
				double *rx = malloc(nx * 8 + 8), *ry = malloc(ny * 8 + 8);
				memcpy(rx, x, nx * 8), memcpy(ry, y, ny * 8);
				ref(&n, rx, &incx, ry, &incy);
				for (enum place p = HOST; p <= MANAGED; p++) {
					double *px = place_copy(p, x, nx * 8), *py = place_copy(p, y, ny * 8);
					double *gx = malloc(nx * 8 + 8), *gy = malloc(ny * 8 + 8);
					tf(&n, px, &incx, py, &incy);
					place_back(p, px, gx, nx * 8);
					place_back(p, py, gy, ny * 8);
					long bx = differ(gx, rx, nx, 0), by = differ(gy, ry, ny, 0);
					bh_verdict(name, bx < 0 && by < 0,
						   "%s n %d incx %d incy %d: x element %ld, y element %ld differ "
						   "from the reference's", place_names[p], n, incx, incy, bx, by);
					free(gx), free(gy);
				}
				free(x), free(y), free(rx), free(ry);
			}
}

static void scals(const char *name, int width)
{
	scal_fn *ref = (scal_fn *)bh_reference(name);
	extern void dscal_(), zdscal_();
	scal_fn *tf = (scal_fn *)(!strcmp(name, "dscal_") ? (void (*)(void))dscal_ : (void (*)(void))zdscal_);
	const double alphas[] = { -0.75, 0.0, 1.0, -1.0, INFINITY, NAN, 0x1p-1060 };
	for (int s = 0; s < COUNT(sizes); s++)
		for (int a = 0; a < COUNT(incs); a++)
			for (int k = 0; k < COUNT(alphas); k++) {
				int n = sizes[s], inc = incs[a];
				double alpha = alphas[k];
				if (n > 1000 && inc != 1 && inc != 2)
					continue;
				size_t nx;
				double *x = data(n, inc, width, &nx, 2), *rx = malloc(nx * 8 + 8);
				memcpy(rx, x, nx * 8);
				ref(&n, &alpha, rx, &inc);
				for (enum place p = HOST; p <= MANAGED; p++) {
					double *px = place_copy(p, x, nx * 8), *gx = malloc(nx * 8 + 8);
					tf(&n, &alpha, px, &inc);
					place_back(p, px, gx, nx * 8);
					long bx = differ(gx, rx, nx, 0);
					bh_verdict(name, bx < 0, "%s n %d inc %d alpha %g: element %ld: %.17g, "
						   "reference %.17g", place_names[p], n, inc, alpha, bx,
						   bx >= 0 ? gx[bx] : 0.0, bx >= 0 ? rx[bx] : 0.0);
					free(gx);
				}
				free(x), free(rx);
			}
}

/* ---- idamax, izamax and the CBLAS forms */

typedef int iamax_fn(ci *, cd *, ci *);
int idamax_(ci *, cd *, ci *);
int izamax_(ci *, cd *, ci *);
size_t cblas_idamax(int, cd *, int);
size_t cblas_izamax(int, const void *, int);

static void iamaxes(const char *name, int width)
{
	iamax_fn *ref = (iamax_fn *)bh_reference(name);
	iamax_fn *tf = width == 1 ? idamax_ : izamax_;
	for (int s = 0; s < COUNT(sizes); s++)
		for (int a = 0; a < COUNT(incs); a++)
			for (int sp = 0; sp <= 3; sp++) {
				int n = sizes[s], inc = incs[a];
				size_t nx;
				double *x = data(n, inc, width, &nx, sp);
				int want = ref(&n, x, &inc);
				for (enum place p = HOST; p <= MANAGED; p++) {
					double *px = place_copy(p, x, nx * 8);
					int got = tf(&n, px, &inc);
					size_t got_c = width == 1 ? cblas_idamax(n, px, inc) : cblas_izamax(n, px, inc);
					bh_verdict(name, got == want && got_c == (size_t)(want ? want - 1 : 0),
						   "%s n %d inc %d data %d: %d (CBLAS %zu), reference %d",
						   place_names[p], n, inc, sp, got, got_c, want);
					place_back(p, px, x, nx * 8);
				}
				free(x);
			}
}

/* ---- drotm with param in device memory */

void drotm_(ci *, double *, ci *, double *, ci *, cd *);

static void rotms(void)
{
	for (int flag = -2; flag <= 1; flag++)
		for (int a = 0; a < 4; a++) {
			int n = 37, incx = incs[a], incy = incs[3 - a];
			double param[5] = { flag, bh_scaled(), bh_scaled(), bh_scaled(), bh_scaled() };
			size_t nx, ny;
			double *x = data(n, incx, 1, &nx, 0), *y = data(n, incy, 1, &ny, 0);
			double *hx = malloc(nx * 8 + 8), *hy = malloc(ny * 8 + 8);
			memcpy(hx, x, nx * 8), memcpy(hy, y, ny * 8);
			drotm_(&n, hx, &incx, hy, &incy, param);
			for (enum place p = DEVICE; p <= MANAGED; p++) {
				double *px = place_copy(p, x, nx * 8), *py = place_copy(p, y, ny * 8);
				double *pp = place_copy(p, param, sizeof param);
				double *gx = malloc(nx * 8 + 8), *gy = malloc(ny * 8 + 8);
				drotm_(&n, px, &incx, py, &incy, pp);
				place_back(p, px, gx, nx * 8);
				place_back(p, py, gy, ny * 8);
				place_back(p, pp, param, sizeof param);
				long bx = differ(gx, hx, nx, 1), by = differ(gy, hy, ny, 1);
				bh_verdict("drotm_", bx < 0 && by < 0, "%s param flag %d incx %d incy %d: x "
					   "element %ld, y element %ld differ from the host run's",
					   place_names[p], flag, incx, incy, bx, by);
				free(gx), free(gy);
			}
			free(x), free(y), free(hx), free(hy);
		}
}

/* ---- dsdot and sdsdot on device vectors */

double dsdot_(ci *, const float *, ci *, const float *, ci *);
float sdsdot_(ci *, const float *, const float *, ci *, const float *, ci *);

static void sdots(void)
{
	for (int s = 0; s < COUNT(sizes); s++)
		for (int a = 0; a < COUNT(incs); a++) {
			int n = sizes[s], incx = incs[a], incy = incs[(a + 1) % COUNT(incs)];
			long sx = bh_span(n, incx), sy = bh_span(n, incy);
			float *x = malloc((size_t)sx * 4 + 4), *y = malloc((size_t)sy * 4 + 4);
			for (long i = 0; i < sx; i++)
				x[i] = (float)bh_scaled();
			for (long i = 0; i < sy; i++)
				y[i] = (float)bh_scaled();
			float sb = (float)bh_scaled();
			double want = dsdot_(&n, x, &incx, y, &incy);
			float want_s = sdsdot_(&n, &sb, x, &incx, y, &incy);
			for (enum place p = DEVICE; p <= MANAGED; p++) {
				float *px = place_copy(p, x, (size_t)sx * 4), *py = place_copy(p, y, (size_t)sy * 4);
				double got = dsdot_(&n, px, &incx, py, &incy);
				float got_s = sdsdot_(&n, &sb, px, &incx, py, &incy);
				bh_verdict("dsdot_", bh_same(got, want), "%s n %d incx %d incy %d: %.17g, host %.17g",
					   place_names[p], n, incx, incy, got, want);
				bh_verdict("sdsdot_", bh_same(got_s, want_s), "%s n %d incx %d incy %d: %.9g, host %.9g",
					   place_names[p], n, incx, incy, got_s, want_s);
				place_back(p, px, x, (size_t)sx * 4);
				place_back(p, py, y, (size_t)sy * 4);
			}
			free(x), free(y);
		}
}

/* ---- row-major CBLAS Hermitian rank updates and zgerc on device vectors */

enum { ROW_MAJOR = 101, UPPER = 121, LOWER = 122 };
void cblas_zgerc(int, int, int, const void *, const void *, int, const void *, int, void *, int);
void cblas_zher(int, int, int, double, const void *, int, void *, int);
void cblas_zhpr(int, int, int, double, const void *, int, void *);
void cblas_zher2(int, int, int, const void *, const void *, int, const void *, int, void *, int);
void cblas_zhpr2(int, int, int, const void *, const void *, int, const void *, int, void *);

static void conj_updates(void)
{
	const double alpha[2] = { 0.625, -1.25 };
	for (int r = 0; r < 5; r++)
		for (int a = 0; a < 4; a++) {
			int m = 23, n = 19, incx = incs[a], incy = incs[3 - a], uplo = a % 2 ? UPPER : LOWER;
			if (r > 0)
				m = n;
			int lda = n + 3; /* row major: a row of n, m rows (zgerc) */
			size_t nx, ny, nc = (size_t)(r == 2 || r == 4 ? n * (n + 1) / 2 : m * lda) * 2;
			double *x = data(m, incx, 2, &nx, 0), *y = data(n, incy, 2, &ny, 0);
			double *c = malloc(nc * 8 + 8), *hc = malloc(nc * 8 + 8);
			for (size_t i = 0; i < nc; i++)
				c[i] = bh_scaled();
			const char *name = (const char *[]){ "cblas_zgerc", "cblas_zher", "cblas_zhpr",
							     "cblas_zher2", "cblas_zhpr2" }[r];
			for (enum place p = HOST; p <= MANAGED; p++) {
				double *px = place_copy(p, x, nx * 8), *py = place_copy(p, y, ny * 8);
				double *pc = place_copy(p, c, nc * 8);
				switch (r) {
				case 0: cblas_zgerc(ROW_MAJOR, m, n, alpha, px, incx, py, incy, pc, lda); break;
				case 1: cblas_zher(ROW_MAJOR, uplo, n, alpha[0], px, incx, pc, lda); break;
				case 2: cblas_zhpr(ROW_MAJOR, uplo, n, alpha[0], px, incx, pc); break;
				case 3: cblas_zher2(ROW_MAJOR, uplo, n, alpha, px, incx, py, incy, pc, lda); break;
				default: cblas_zhpr2(ROW_MAJOR, uplo, n, alpha, px, incx, py, incy, pc); break;
				}
				double *gc = p == HOST ? hc : malloc(nc * 8 + 8);
				place_back(p, px, x, nx * 8);
				place_back(p, py, y, ny * 8);
				place_back(p, pc, gc, nc * 8);
				if (p != HOST) {
					long bad = differ(gc, hc, nc, 1);
					bh_verdict(name, bad < 0, "%s incx %d incy %d uplo %d: element %ld: %.17g, "
						   "host %.17g", place_names[p], incx, incy, uplo, bad,
						   bad >= 0 ? gc[bad] : 0.0, bad >= 0 ? hc[bad] : 0.0);
					free(gc);
				}
			}
			free(x), free(y), free(c), free(hc);
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
	scals("dscal_", 1);
	scals("zdscal_", 2);
	pairs("dcopy_", 1);
	pairs("zcopy_", 2);
	pairs("dswap_", 1);
	pairs("zswap_", 2);
	iamaxes("idamax_", 1);
	iamaxes("izamax_", 2);
	rotms();
	sdots();
	conj_updates();
	return bh_finish();
}
