/* The LAPACK drivers' factorizations in DD on the GPU (src/gpu/dd_factor.h)
 * against the CPU's (src/cpu/dd_factor.c), on exactly stored integer
 * matrices of condition 1e16 to 1e28 (test/ill_conditioned.h), LU and
 * Cholesky of either triangle, real (n = 300 and 1500) and complex
 * (Gaussian integers, Hermitian for Cholesky; n = 300 and 1000):
 *   - the same INFO, the same pivots, and factors that differ by no more
 *     than the perturbation bound cond(A) n u_dd (u_dd = 2^-106), relative
 *     to each column's largest element (sizes |re| + |im|);
 *   - n = 300: each factorization's backward error, |P A - L U| (|A - L L^H|)
 *     componentwise within n 2^-100 of |L| |U| (|L| |L^H|);
 *   - the fallback alone (tf_plan_dd_solve: the DD factors, on the GPU by
 *     TWOFOLD_GPU_MIN_FLOPS=0 or the order, and refinement) on systems
 *     A x = b with integer x, so that b = A x is exact and x the exact
 *     solution: every component within 1 ulp of it up to 1e24, and within
 *     1 ulp of the largest component at 1e28 (the refinement's floor,
 *     test/lapack/drivers.c).
 * Linked with libtwofold's objects (its internal functions); needs no CPU
 * LAPACK.  Exits 77 without a usable GPU. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpu/dd_kernels.h"
#include "gpu/dd_factor.h"
#include "gpu/gpu.h"
#include "plan/refine.h"
#include "test/blas/harness.h"
#include "test/ill_conditioned.h"
#include "twofold/arith_zdd.h"

static const char *name(int width, char uplo)
{
	if (width == 2)
		return uplo ? "zdd potrf (GPU)" : "zdd getrf (GPU)";
	return uplo ? "dd potrf (GPU)" : "dd getrf (GPU)";
}

/* The size of a complex DD number, |re.hi| + |im.hi| */
static double size_of(tf_zdd a)
{
	return fabs(a.re.hi) + fabs(a.im.hi);
}

/* |g - c| as a double */
static double difference(tf_zdd g, tf_zdd c)
{
	return size_of(tf_zdd_add(g, tf_zdd_neg(c)));
}

/* L U (uplo 0; L unit lower) or L L^H (uplo: L lower) at (i, j), and the
 * sum of the terms' sizes. */
static tf_zdd product_at(char uplo, int n, const tf_zdd *f, int i, int j, double *size)
{
	tf_zdd sum = tf_zdd_from_z(0.0, 0.0);
	*size = 0.0;
	const int last = i < j ? i : j;
	for (int k = 0; k <= last; k++) {
		const tf_zdd l = uplo || k != i ? f[(size_t)k * n + i] : tf_zdd_from_z(1.0, 0.0);
		const tf_zdd r = uplo ? tf_zdd_conj(f[(size_t)k * n + j]) : f[(size_t)j * n + k];
		const tf_zdd p = tf_zdd_mul(l, r);
		sum = tf_zdd_add(sum, p);
		*size += size_of(p);
	}
	return sum;
}

/* A(i, j) of the width x n x n matrix a as a complex DD number: uplo 'U',
 * for i >= j, the conjugate of its (j, i). */
static tf_zdd element_of(int width, char uplo, int n, const double *a, int i, int j)
{
	const int flip = uplo == 'U';
	const double *e = a + (size_t)width * (flip ? (size_t)i * n + j : (size_t)j * n + i);
	return tf_zdd_from_z(e[0], width == 2 ? (flip ? -e[1] : e[1]) : 0.0);
}

/* The width x n x n factors f (tf_dd or tf_zdd) as tf_zdd. */
static tf_zdd *as_complex(int width, int n, const void *f)
{
	const size_t nn = (size_t)n * n;
	tf_zdd *z = malloc(nn * sizeof *z);
	for (size_t k = 0; k < nn; k++)
		z[k] = width == 2 ? ((const tf_zdd *)f)[k]
				  : tf_zdd_make(((const tf_dd *)f)[k], tf_dd_make(0.0, 0.0));
	return z;
}

/* The largest |P A - L U| / (|L| |U|) (Cholesky: the lower triangle of
 * |A - L L^H| / (|L| |L^H|)). */
static double backward_error(int width, char uplo, int n, const double *a, const tf_zdd *f,
			     const int *ipiv)
{
	int *row = malloc((size_t)n * sizeof *row);
	for (int i = 0; i < n; i++)
		row[i] = i;
	for (int k = 0; k < n && !uplo; k++) {
		int t = row[k];
		row[k] = row[ipiv[k]];
		row[ipiv[k]] = t;
	}
	double worst = 0.0;
	for (int j = 0; j < n; j++)
		for (int i = uplo ? j : 0; i < n; i++) {
			double size, e;
			tf_zdd lu = product_at(uplo, n, f, i, j, &size);
			e = difference(lu, element_of(width, uplo, n, a, row[i], j));
			if (e > 0.0)
				worst = fmax(worst, size > 0.0 ? e / size : INFINITY);
		}
	free(row);
	return worst;
}

/* The largest, over the columns, of the column's largest |G - C| over its
 * largest |C| (the lower triangle for Cholesky). */
static double factor_difference(char uplo, int n, const tf_zdd *g, const tf_zdd *c)
{
	double worst = 0.0;
	for (int j = 0; j < n; j++) {
		double d = 0.0, s = 0.0;
		for (int i = uplo ? j : 0; i < n; i++) {
			const size_t at = (size_t)j * n + i;
			d = fmax(d, difference(g[at], c[at]));
			s = fmax(s, size_of(c[at]));
		}
		worst = fmax(worst, s > 0.0 ? d / s : d > 0.0 ? INFINITY : 0.0);
	}
	return worst;
}

static void compare_factors(int width, char uplo, int n, double cond, const double *a)
{
	const size_t nn = (size_t)n * n;
	const char *what = name(width, uplo);
	void *gf = calloc(nn, width * sizeof(tf_dd)), *cf = calloc(nn, width * sizeof(tf_dd));
	tf_zdd *g = NULL, *c = NULL;
	int *gp = calloc((size_t)n, sizeof *gp), *cp = calloc((size_t)n, sizeof *cp);
	int ginfo = -1, cinfo;
	struct tf_gpu_dd_factors *f =
		tf_gpu_dd_factor(width == 2 ? TF_TYPE_Z : TF_TYPE_D, uplo, n, a, n, &ginfo);
	bh_verdict(what, f != NULL, "n %d: the GPU did not factor", n);
	if (!f)
		goto done;
	bh_verdict(what, tf_gpu_dd_factors_get(f, gf, gp) == 0, "n %d: factors not read", n);
	tf_gpu_dd_factors_free(f);
	if (width == 2)
		cinfo = uplo ? tf_cpu_zdd_potrf(uplo, n, a, n, cf) : tf_cpu_zdd_getrf(n, a, n, cf, cp);
	else
		cinfo = uplo ? tf_cpu_dd_potrf(uplo, n, a, n, cf) : tf_cpu_dd_getrf(n, a, n, cf, cp);
	g = as_complex(width, n, gf), c = as_complex(width, n, cf);
	bh_verdict(what, ginfo == 0 && cinfo == 0, "n %d cond %.0e uplo %c: INFO %d, the CPU's %d",
		   n, cond, uplo ? uplo : '-', ginfo, cinfo);
	if (!uplo)
		bh_verdict(what, memcmp(gp, cp, (size_t)n * sizeof *gp) == 0,
			   "n %d cond %.0e: the pivots are not the CPU's", n, cond);
	const double apart = factor_difference(uplo, n, g, c), bound = cond * n * 0x1p-106;
	bh_verdict(what, apart <= bound,
		   "n %d cond %.0e uplo %c: the factors differ from the CPU's by %.3g of a column's "
		   "largest element (bound %.3g)", n, cond, uplo ? uplo : '-', apart, bound);
	printf("%% %s n %d cond %.0e uplo %c: GPU and CPU factors %.3g apart (bound %.3g)", what, n,
	       cond, uplo ? uplo : '-', apart, bound);
	if (n <= 300) {
		const double gerr = backward_error(width, uplo, n, a, g, gp);
		const double cerr = backward_error(width, uplo, n, a, c, cp);
		bh_verdict(what, gerr <= n * 0x1p-100 && cerr <= n * 0x1p-100,
			   "n %d cond %.0e uplo %c: backward error %.3g (the CPU's %.3g), bound %.3g", n,
			   cond, uplo ? uplo : '-', gerr, cerr, n * 0x1p-100);
		printf("; backward errors %.3g, the CPU's %.3g", gerr, cerr);
	}
	printf("\n");
done:
	free(gf), free(cf), free(g), free(c), free(gp), free(cp);
}

/* b = A x (n x nrhs, elements of width doubles) for integer x whose parts
 * are of size 1 or 2, exact: 0 when some part of b reaches 2^53. */
static int integer_system(int width, int n, int nrhs, const double *a, double *x, double *b)
{
	for (int k = 0; k < width * n * nrhs; k++)
		x[k] = (double)bh_int(1, 2) * (bh_int(0, 1) ? -1 : 1);
	for (int c = 0; c < nrhs; c++)
		for (int i = 0; i < n; i++) {
			__int128 sum[2] = { 0, 0 };
			for (int k = 0; k < n; k++) {
				const double *e = a + (size_t)width * ((size_t)k * n + i);
				const double *v = x + (size_t)width * ((size_t)c * n + k);
				sum[0] += (__int128)(long long)e[0] * (long long)v[0];
				if (width == 2) {
					sum[0] -= (__int128)(long long)e[1] * (long long)v[1];
					sum[1] += (__int128)(long long)e[0] * (long long)v[1] +
						  (__int128)(long long)e[1] * (long long)v[0];
				}
			}
			for (int p = 0; p < width; p++) {
				if (sum[p] >= ((__int128)1 << 53) || sum[p] <= -((__int128)1 << 53))
					return 0;
				b[(size_t)width * ((size_t)c * n + i) + p] = (double)sum[p];
			}
		}
	return 1;
}

static double ulps(double got, double exact)
{
	if (got == exact)
		return 0.0;
	if (!isfinite(got))
		return INFINITY;
	return fabs(got - exact) / (nextafter(fabs(exact), INFINITY) - fabs(exact));
}

static void solve(int width, char uplo, int n, double cond, const double *a)
{
	const int nrhs = 2;
	const size_t parts = (size_t)width * n * nrhs;
	const char *what = name(width, uplo);
	double *x = malloc(parts * sizeof *x), *b = malloc(parts * sizeof *b);
	int made = 0;
	for (int tries = 0; tries < 10 && !made; tries++)
		made = integer_system(width, n, nrhs, a, x, b);
	bh_verdict(what, made, "n %d cond %.0e: no exact right-hand side", n, cond);
	if (made) {
		struct tf_refine_report report;
		int info = tf_plan_dd_solve(width == 2 ? TF_TYPE_Z : TF_TYPE_D, uplo, n, nrhs, a, n, b,
					    n, &report);
		double worst = 0.0, normwise = 0.0;
		for (size_t k = 0; k < parts; k++) { /* each part */
			worst = fmax(worst, ulps(b[k], x[k]));
			/* the largest component is 2 (or 1): its ulp */
			normwise = fmax(normwise, isfinite(b[k]) ? fabs(b[k] - x[k]) / 0x1p-51 : INFINITY);
		}
		const int met = cond < 1e28 ? worst <= 1.0 : normwise <= 1.0;
		bh_verdict(what, info == 0 && report.dd_factored && met,
			   "n %d cond %.0e uplo %c: INFO %d, %d steps; %.3g ulps from the exact solution "
			   "(%.3g ulps of the largest component)", n, cond, uplo ? uplo : '-', info,
			   report.dd_steps, worst, normwise);
		printf("%% %s n %d cond %.0e uplo %c: solved in %d steps, %.3g ulps (%.3g of the "
		       "largest)\n", what, n, cond, uplo ? uplo : '-', report.dd_steps, worst, normwise);
	}
	free(x), free(b);
}

int main(int argc, char **argv)
{
	bh_start(argc, argv, "dd");
	if (!tf_gpu_usable()) {
		printf("no usable GPU\n");
		return 77;
	}
	static const struct {
		int width, n;
		double cond;
	} cases[] = { { 1, 300, 1e16 }, { 1, 300, 1e20 }, { 1, 300, 1e24 }, { 1, 300, 1e28 },
		       { 1, 1500, 1e20 }, { 1, 1500, 1e28 },
		       { 2, 300, 1e16 }, { 2, 300, 1e20 }, { 2, 300, 1e24 }, { 2, 300, 1e28 },
		       { 2, 1000, 1e20 }, { 2, 1000, 1e28 } };
	static const char uplos[] = { 0, 'U', 'L' };
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
		for (size_t u = 0; u < sizeof uplos; u++) {
			const int n = cases[c].n, width = cases[c].width;
			if (n > 300 && uplos[u] == 'U')
				continue;
			double *a = malloc((size_t)width * n * n * sizeof *a);
			ill_conditioned_matrix(n, width, cases[c].cond, uplos[u] != 0, a, n, &bh_rng);
			compare_factors(width, uplos[u], n, cases[c].cond, a);
			solve(width, uplos[u], n, cases[c].cond, a);
			free(a);
		}
	return bh_finish();
}
