/* Prints a checksum of the bits of dgemm_ (all transposes), dgemv_ (N and T)
 * and daxpy_ results on fixed data (4 dgemm_, 2 dgemv_ and 2 daxpy_ calls,
 * which test/gpu/faults.sh counts), and with the argument `families`, of a
 * call of each family of the other DD kernels too (Level 1, 2 and 3, real
 * and complex), small and large, on data of ordinary size and on data
 * scaled near underflow (the range's second look): test/kernel_isa.sh
 * compares that across the instruction sets of the CPU DD kernels
 * (TWOFOLD_CPU_KERNEL) and thread counts. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/f77_blas.h"

#define N 157

typedef const int ci;
typedef const double cd;
typedef const char cc;
typedef size_t L;
double _Complex zdotc_(ci *, cd *, ci *, cd *, ci *);
double dnrm2_(ci *, cd *, ci *);
double dzasum_(ci *, cd *, ci *);
void drot_(ci *, double *, ci *, double *, ci *, cd *, cd *);
void drotm_(ci *, double *, ci *, double *, ci *, cd *);
void zaxpy_(ci *, cd *, cd *, ci *, double *, ci *);
void zscal_(ci *, cd *, double *, ci *);
void zgemv_(cc *, ci *, ci *, cd *, cd *, ci *, cd *, ci *, cd *, double *, ci *, L);
void dgbmv_(cc *, ci *, ci *, ci *, ci *, cd *, cd *, ci *, cd *, ci *, cd *, double *, ci *, L);
void dsymv_(cc *, ci *, cd *, cd *, ci *, cd *, ci *, cd *, double *, ci *, L);
void zhemv_(cc *, ci *, cd *, cd *, ci *, cd *, ci *, cd *, double *, ci *, L);
void zhbmv_(cc *, ci *, ci *, cd *, cd *, ci *, cd *, ci *, cd *, double *, ci *, L);
void dtrmv_(cc *, cc *, cc *, ci *, cd *, ci *, double *, ci *, L, L, L);
void dtrsv_(cc *, cc *, cc *, ci *, cd *, ci *, double *, ci *, L, L, L);
void ztrsv_(cc *, cc *, cc *, ci *, cd *, ci *, double *, ci *, L, L, L);
void dtpsv_(cc *, cc *, cc *, ci *, cd *, double *, ci *, L, L, L);
void dger_(ci *, ci *, cd *, cd *, ci *, cd *, ci *, double *, ci *);
void zgerc_(ci *, ci *, cd *, cd *, ci *, cd *, ci *, double *, ci *);
void dsyr_(cc *, ci *, cd *, cd *, ci *, double *, ci *, L);
void zher_(cc *, ci *, cd *, cd *, ci *, double *, ci *, L);
void dsyr2_(cc *, ci *, cd *, cd *, ci *, cd *, ci *, double *, ci *, L);
void zgemm_(cc *, cc *, ci *, ci *, ci *, cd *, cd *, ci *, cd *, ci *, cd *, double *, ci *, L,
	    L);
void dsymm_(cc *, cc *, ci *, ci *, cd *, cd *, ci *, cd *, ci *, cd *, double *, ci *, L, L);
void dsyr2k_(cc *, cc *, ci *, ci *, cd *, cd *, ci *, cd *, ci *, cd *, double *, ci *, L, L);
void zherk_(cc *, cc *, ci *, ci *, cd *, cd *, ci *, cd *, double *, ci *, L, L);
void dtrmm_(cc *, cc *, cc *, cc *, ci *, ci *, cd *, cd *, ci *, double *, ci *, L, L, L, L);
void dtrsm_(cc *, cc *, cc *, cc *, ci *, ci *, cd *, cd *, ci *, double *, ci *, L, L, L, L);
void ztrsm_(cc *, cc *, cc *, cc *, ci *, ci *, cd *, cd *, ci *, double *, ci *, L, L, L, L);

static uint64_t hash = 1469598103934665603u;

static void mix(const double *v, int count)
{
	for (int i = 0; i < count; i++) {
		uint64_t bits;
		memcpy(&bits, &v[i], sizeof bits);
		hash = (hash ^ bits) * 1099511628211u;
	}
}

/* One call of each family on n x n data (complex: n x n of (re, im)
 * pairs) from a and b times scale; the triangles' diagonals made large, so
 * that the solves stay finite. */
static void families(int n, double scale, const double *a, const double *b)
{
	static double ma[2 * N * N], mb[2 * N * N], mc[2 * N * N], x[2 * N], y[2 * N];
	const int one = 1, back = -1, two = 2, kl = 2, ku = 1, lda_band = 4;
	const double alpha = 0.75, beta = -1.25, z_alpha[2] = { 0.5, -0.75 },
		     z_beta[2] = { 1.5, 0.25 }, cosine = 0.6, sine = 0.8,
		     param[5] = { -1.0, 0.5, -2.0, 3.0, 0.25 };
	int nn = n * n, half = n / 2;
	for (int i = 0; i < 2 * nn; i++) {
		ma[i] = a[i] * scale;
		mb[i] = b[i] * scale;
	}
	for (int i = 0; i < n; i++) {
		ma[i * n + i] += 4.0 * n * scale;
		ma[2 * (i * n + i)] += 4.0 * n * scale;
	}
	/* Level 1 */
	double r[4] = { ddot_(&n, ma, &one, mb, &back), dnrm2_(&n, mb, &two), dzasum_(&n, ma, &one) };
	double _Complex dot = zdotc_(&n, ma, &one, mb, &one);
	memcpy(&r[3], &dot, sizeof r[3]);
	mix(r, 4);
	memcpy(x, ma, sizeof x);
	memcpy(y, mb, sizeof y);
	drot_(&n, x, &one, y, &back, &cosine, &sine);
	drotm_(&half, x, &two, y, &one, param);
	zaxpy_(&n, z_alpha, ma, &one, y, &one);
	zscal_(&half, z_beta, x, &two);
	mix(x, 2 * n);
	mix(y, 2 * n);
	/* Level 2 */
	memcpy(y, mb, sizeof y);
	dgbmv_("T", &n, &n, &kl, &ku, &alpha, ma, &lda_band, x, &one, &beta, y, &back, 1);
	dsymv_("L", &n, &alpha, ma, &n, x, &two, &beta, y, &one, 1);
	zgemv_("C", &n, &n, z_alpha, ma, &n, x, &one, z_beta, y, &one, 1);
	zhemv_("U", &n, z_alpha, ma, &n, x, &one, z_beta, y, &one, 1);
	zhbmv_("L", &n, &kl, z_alpha, ma, &lda_band, x, &one, z_beta, y, &one, 1);
	mix(y, 2 * n);
	memcpy(x, mb, sizeof x);
	dtrmv_("U", "T", "N", &n, ma, &n, x, &one, 1, 1, 1);
	dtrsv_("L", "N", "N", &n, ma, &n, x, &one, 1, 1, 1);
	dtpsv_("U", "T", "U", &half, ma, x, &back, 1, 1, 1);
	ztrsv_("U", "C", "N", &n, ma, &n, y, &one, 1, 1, 1);
	mix(x, 2 * n);
	mix(y, 2 * n);
	memcpy(mc, mb, sizeof mc);
	dger_(&n, &n, &alpha, ma, &one, mb, &two, mc, &n);
	dsyr_("U", &n, &beta, mb, &back, mc, &n, 1);
	dsyr2_("L", &n, &alpha, ma, &one, mb, &one, mc, &n, 1);
	zgerc_(&n, &n, z_alpha, ma, &one, mb, &one, mc, &n);
	zher_("L", &n, &alpha, ma, &two, mc, &n, 1);
	mix(mc, 2 * nn);
	/* Level 3 */
	memcpy(mc, mb, sizeof mc);
	dgemm_("T", "N", &n, &n, &n, &alpha, ma, &n, mb, &n, &beta, mc, &n, 1, 1);
	dsymm_("R", "U", &n, &n, &alpha, ma, &n, mb, &n, &beta, mc, &n, 1, 1);
	dsyr2k_("L", "T", &n, &n, &alpha, ma, &n, mb, &n, &beta, mc, &n, 1, 1);
	zgemm_("C", "N", &n, &n, &n, z_alpha, ma, &n, mb, &n, z_beta, mc, &n, 1, 1);
	zherk_("U", "N", &n, &n, &alpha, ma, &n, &beta, mc, &n, 1, 1);
	mix(mc, 2 * nn);
	memcpy(mc, mb, sizeof mc);
	dtrmm_("L", "U", "T", "N", &n, &n, &alpha, ma, &n, mc, &n, 1, 1, 1, 1);
	dtrsm_("R", "L", "N", "N", &n, &n, &beta, ma, &n, mc, &n, 1, 1, 1, 1);
	ztrsm_("L", "U", "C", "N", &n, &half, z_alpha, ma, &n, mc, &n, 1, 1, 1, 1);
	mix(mc, 2 * nn);
}

int main(int argc, char **argv)
{
	const int all_families = argc > 1 && strcmp(argv[1], "families") == 0;
	static double a[N * N], b[N * N], c[N * N], x[N], y[N];
	unsigned seed = 7;
	for (int i = 0; i < N * N; i++) {
		a[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
		b[i] = ((double)rand_r(&seed) / RAND_MAX - 0.5) * 1e3;
	}
	int n = N, one = 1, minus = -2;
	double alpha = 0.3, beta = -1.7;
	const char *trans[] = { "N", "T" };
	for (int ta = 0; ta < 2; ta++)
		for (int tb = 0; tb < 2; tb++) {
			memcpy(c, b, sizeof c);
			dgemm_(trans[ta], trans[tb], &n, &n, &n, &alpha, a, &n, b, &n, &beta, c, &n, 1, 1);
			mix(c, N * N);
		}
	for (int t = 0; t < 2; t++) {
		memcpy(x, a, sizeof x);
		memcpy(y, b, sizeof y);
		dgemv_(trans[t], &n, &n, &alpha, a, &n, x, &one, &beta, y, &one, 1);
		mix(y, N);
	}
	int half = N / 2;
	memcpy(y, b, sizeof y);
	daxpy_(&n, &alpha, a, &one, y, &one);
	daxpy_(&half, &beta, a, &minus, y, &minus);
	mix(y, N);
	if (!all_families) {
		printf("%016llx\n", (unsigned long long)hash);
		return 0;
	}
	static double za[2 * N * N], zb[2 * N * N];
	for (int i = 0; i < 2 * N * N; i++) {
		za[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
		zb[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
	}
	const int sizes[] = { 3, 8, 40, N };
	for (int s = 0; s < 4; s++) {
		families(sizes[s], 1.0, za, zb);
		families(sizes[s], 0x1p-1000, za, zb);
	}
	printf("%016llx\n", (unsigned long long)hash);
	return 0;
}
