/* The LAPACK drivers' factorizations in DD on the GPU (src/gpu/dd_factor.h)
 * against the CPU's (src/cpu/dd_factor.c), on exactly stored integer
 * matrices of condition 1e16 to 1e28 (test/ill_conditioned.h), LU and
 * Cholesky of either triangle, n = 300 and 1500:
 *   - the same INFO, the same pivots, and factors that differ by no more
 *     than the perturbation bound cond(A) n u_dd (u_dd = 2^-106), relative
 *     to each column's largest element;
 *   - n = 300: each factorization's backward error, |P A - L U| (|A - L L^T|)
 *     componentwise within n 2^-100 of |L| |U| (|L| |L^T|);
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
#include "twofold/arith_dd.h"

static const char *name(char uplo)
{
	return uplo ? "dd potrf (GPU)" : "dd getrf (GPU)";
}

/* |g - c| as a double */
static double difference(tf_dd g, tf_dd c)
{
	return fabs(tf_dd_add(g, tf_dd_make(-c.hi, -c.lo)).hi);
}

/* L U (uplo 0; L unit lower) or L L^T (uplo: L lower) at (i, j), and the
 * sum of the terms' sizes. */
static tf_dd product_at(char uplo, int n, const tf_dd *f, int i, int j, double *size)
{
	tf_dd sum = tf_dd_make(0.0, 0.0);
	*size = 0.0;
	const int last = i < j ? i : j;
	for (int k = 0; k <= last; k++) {
		const tf_dd l = uplo || k != i ? f[(size_t)k * n + i] : tf_dd_make(1.0, 0.0);
		const tf_dd r = uplo ? f[(size_t)k * n + j] : f[(size_t)j * n + k];
		const tf_dd p = tf_dd_mul(l, r);
		sum = tf_dd_add(sum, p);
		*size += fabs(p.hi);
	}
	return sum;
}

/* The largest |P A - L U| / (|L| |U|) (Cholesky: the lower triangle of
 * |A - L L^T| / (|L| |L^T|)). */
static double backward_error(char uplo, int n, const double *a, const tf_dd *f, const int *ipiv)
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
			tf_dd lu = product_at(uplo, n, f, i, j, &size);
			const double aij = uplo == 'U' ? a[(size_t)i * n + j] : a[(size_t)j * n + row[i]];
			e = difference(lu, tf_dd_make(aij, 0.0));
			if (e > 0.0)
				worst = fmax(worst, size > 0.0 ? e / size : INFINITY);
		}
	free(row);
	return worst;
}

/* The largest, over the columns, of the column's largest |G - C| over its
 * largest |C| (the lower triangle for Cholesky). */
static double factor_difference(char uplo, int n, const tf_dd *g, const tf_dd *c)
{
	double worst = 0.0;
	for (int j = 0; j < n; j++) {
		double d = 0.0, s = 0.0;
		for (int i = uplo ? j : 0; i < n; i++) {
			const size_t at = (size_t)j * n + i;
			d = fmax(d, difference(g[at], c[at]));
			s = fmax(s, fabs(c[at].hi));
		}
		worst = fmax(worst, s > 0.0 ? d / s : d > 0.0 ? INFINITY : 0.0);
	}
	return worst;
}

static void compare_factors(char uplo, int n, double cond, const double *a)
{
	const size_t nn = (size_t)n * n;
	tf_dd *g = calloc(nn, sizeof *g), *c = calloc(nn, sizeof *c);
	int *gp = calloc((size_t)n, sizeof *gp), *cp = calloc((size_t)n, sizeof *cp);
	int ginfo = -1, cinfo;
	struct tf_gpu_dd_factors *f = tf_gpu_dd_factor(uplo, n, a, n, &ginfo);
	bh_verdict(name(uplo), f != NULL, "n %d: the GPU did not factor", n);
	if (!f)
		goto done;
	bh_verdict(name(uplo), tf_gpu_dd_factors_get(f, g, gp) == 0, "n %d: factors not read", n);
	tf_gpu_dd_factors_free(f);
	cinfo = uplo ? tf_cpu_dd_potrf(uplo, n, a, n, c) : tf_cpu_dd_getrf(n, a, n, c, cp);
	bh_verdict(name(uplo), ginfo == 0 && cinfo == 0, "n %d cond %.0e uplo %c: INFO %d, the CPU's %d",
		   n, cond, uplo ? uplo : '-', ginfo, cinfo);
	if (!uplo)
		bh_verdict(name(uplo), memcmp(gp, cp, (size_t)n * sizeof *gp) == 0,
			   "n %d cond %.0e: the pivots are not the CPU's", n, cond);
	const double apart = factor_difference(uplo, n, g, c), bound = cond * n * 0x1p-106;
	bh_verdict(name(uplo), apart <= bound,
		   "n %d cond %.0e uplo %c: the factors differ from the CPU's by %.3g of a column's "
		   "largest element (bound %.3g)", n, cond, uplo ? uplo : '-', apart, bound);
	printf("%% n %d cond %.0e uplo %c: GPU and CPU factors %.3g apart (bound %.3g)", n, cond,
	       uplo ? uplo : '-', apart, bound);
	if (n <= 300) {
		const double gerr = backward_error(uplo, n, a, g, gp);
		const double cerr = backward_error(uplo, n, a, c, cp);
		bh_verdict(name(uplo), gerr <= n * 0x1p-100 && cerr <= n * 0x1p-100,
			   "n %d cond %.0e uplo %c: backward error %.3g (the CPU's %.3g), bound %.3g", n,
			   cond, uplo ? uplo : '-', gerr, cerr, n * 0x1p-100);
		printf("; backward errors %.3g, the CPU's %.3g", gerr, cerr);
	}
	printf("\n");
done:
	free(g), free(c), free(gp), free(cp);
}

/* b = A x (n x nrhs) for integer x of size 1 or 2, exact: 0 when some
 * element of b reaches 2^53. */
static int integer_system(int n, int nrhs, const double *a, double *x, double *b)
{
	for (int k = 0; k < n * nrhs; k++)
		x[k] = (double)bh_int(1, 2) * (bh_int(0, 1) ? -1 : 1);
	for (int c = 0; c < nrhs; c++)
		for (int i = 0; i < n; i++) {
			__int128 sum = 0;
			for (int k = 0; k < n; k++)
				sum += (__int128)(long long)a[(size_t)k * n + i] * (long long)x[(size_t)c * n + k];
			if (sum >= ((__int128)1 << 53) || sum <= -((__int128)1 << 53))
				return 0;
			b[(size_t)c * n + i] = (double)sum;
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

static void solve(char uplo, int n, double cond, const double *a)
{
	const int nrhs = 2;
	double *x = malloc((size_t)n * nrhs * sizeof *x), *b = malloc((size_t)n * nrhs * sizeof *b);
	int made = 0;
	for (int tries = 0; tries < 10 && !made; tries++)
		made = integer_system(n, nrhs, a, x, b);
	bh_verdict(name(uplo), made, "n %d cond %.0e: no exact right-hand side", n, cond);
	if (made) {
		struct tf_refine_report report;
		int info = tf_plan_dd_solve(TF_TYPE_D, uplo, n, nrhs, a, n, b, n, &report);
		double worst = 0.0, normwise = 0.0;
		for (int k = 0; k < n * nrhs; k++) {
			worst = fmax(worst, ulps(b[k], x[k]));
			/* the largest component is 2 (or 1): its ulp */
			normwise = fmax(normwise, isfinite(b[k]) ? fabs(b[k] - x[k]) / 0x1p-51 : INFINITY);
		}
		const int met = cond < 1e28 ? worst <= 1.0 : normwise <= 1.0;
		bh_verdict(name(uplo), info == 0 && report.dd_factored && met,
			   "n %d cond %.0e uplo %c: INFO %d, %d steps; %.3g ulps from the exact solution "
			   "(%.3g ulps of the largest component)", n, cond, uplo ? uplo : '-', info,
			   report.dd_steps, worst, normwise);
		printf("%% n %d cond %.0e uplo %c: solved in %d steps, %.3g ulps (%.3g of the largest)\n",
		       n, cond, uplo ? uplo : '-', report.dd_steps, worst, normwise);
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
		int n;
		double cond;
	} cases[] = { { 300, 1e16 }, { 300, 1e20 }, { 300, 1e24 }, { 300, 1e28 },
		       { 1500, 1e20 }, { 1500, 1e28 } };
	static const char uplos[] = { 0, 'U', 'L' };
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
		for (size_t u = 0; u < sizeof uplos; u++) {
			const int n = cases[c].n;
			if (n > 300 && uplos[u] == 'U')
				continue;
			double *a = malloc((size_t)n * n * sizeof *a);
			ill_conditioned_matrix(n, 1, cases[c].cond, uplos[u] != 0, a, n, &bh_rng);
			compare_factors(uplos[u], n, cases[c].cond, a);
			solve(uplos[u], n, cases[c].cond, a);
			free(a);
		}
	return bh_finish();
}
