#include "config.h"

/* The dot products in dd and cpu mode (test/blas/harness.h): ddot_, zdotu_,
 * zdotc_, dsdot_, sdsdot_, their *sub_ forms and CBLAS, on random data,
 * ill-conditioned (cancelling) data of condition 1e5 to 1e30, strides
 * 1, 2, -1, -3 and 0, n <= 0 (x and y, filled with NaN, must not be read)
 * and Inf/NaN in the data. */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "test/blas/exact.h"
#include "test/blas/harness.h"

#define MAX_N 3000

double ddot_(const int *n, const double *x, const int *incx, const double *y, const int *incy);
void ddotsub_(const int *n, const double *x, const int *incx, const double *y, const int *incy,
	      double *dot);
double cblas_ddot(int n, const double *x, int incx, const double *y, int incy);
double _Complex zdotu_(const int *n, const void *x, const int *incx, const void *y,
		       const int *incy);
double _Complex zdotc_(const int *n, const void *x, const int *incx, const void *y,
		       const int *incy);
void zdotusub_(const int *n, const void *x, const int *incx, const void *y, const int *incy,
	       void *dot);
void zdotcsub_(const int *n, const void *x, const int *incx, const void *y, const int *incy,
	       void *dot);
void cblas_zdotu_sub(int n, const void *x, int incx, const void *y, int incy, void *dot);
void cblas_zdotc_sub(int n, const void *x, int incx, const void *y, int incy, void *dot);
double dsdot_(const int *n, const float *x, const int *incx, const float *y, const int *incy);
double cblas_dsdot(int n, const float *x, int incx, const float *y, int incy);
float sdsdot_(const int *n, const float *sb, const float *x, const int *incx, const float *y,
	      const int *incy);
float cblas_sdsdot(int n, float sb, const float *x, int incx, const float *y, int incy);

typedef double (*ddot_fn)(const int *, const double *, const int *, const double *, const int *);
typedef double _Complex (*zdot_fn)(const int *, const void *, const int *, const void *,
				   const int *);
typedef double (*dsdot_fn)(const int *, const float *, const int *, const float *, const int *);
typedef float (*sdsdot_fn)(const int *, const float *, const float *, const int *,
			   const float *, const int *);

static struct ex_sum re_sum, im_sum;
static double xs[2 * MAX_N * 3 + 2], ys[2 * MAX_N * 3 + 2]; /* room for |inc| <= 3 */
static float xf[MAX_N * 3 + 1], yf[MAX_N * 3 + 1];

static const int incs[] = { 1, 2, -1, -3, 0 };

/* Element i of a vector as the routine sees it: read back from the
 * storage, since with stride 0 every element is the one stored last. */
static double value(const double *v, int width, int n, int inc, int i, int part)
{
	return v[bh_at(n, inc, i) * width + part];
}

static int nonfinite(double v)
{
	return !isfinite(v);
}

/* ---- ddot */

static void judge_real(const char *routine, double got, double ref, int n, int ill,
		       const char *what)
{
	if (bh_mode == BH_CPU) {
		bh_verdict(routine, bh_same(got, ref), "%s: got %.17g, reference %.17g", what, got, ref);
		if (ill)
			bh_ill_conditioned(routine, ex_judge_sum(&re_sum, got, n, NULL));
		return;
	}
	if (nonfinite(got) || nonfinite(ref)) {
		bh_verdict(routine, bh_same(got, ref), "%s: got %.17g, reference %.17g (non-finite)",
			   what, got, ref);
		return;
	}
	double ulps = 0.0;
	bh_verdict(routine, ex_judge_sum(&re_sum, got, n, &ulps), "%s: got %.17g, %.3g ulps off",
		   what, got, ulps);
}

static void ddot_case(int n, int incx, int incy, const double *x, const double *y, int ill,
		      const char *what)
{
	static ddot_fn ref_ddot;
	if (!ref_ddot)
		ref_ddot = (ddot_fn)bh_reference("ddot_");
	bh_place(xs, 1, n, incx, x);
	bh_place(ys, 1, n, incy, y);
	ex_sum_reset(&re_sum);
	for (int i = 0; i < n; i++)
		ex_sum_add(&re_sum, value(xs, 1, n, incx, i, 0), value(ys, 1, n, incy, i, 0), 1.0);
	char label[160];
	snprintf(label, sizeof label, "%s n=%d incx=%d incy=%d", what, n, incx, incy);
	double got = ddot_(&n, xs, &incx, ys, &incy);
	double ref = ref_ddot(&n, xs, &incx, ys, &incy);
	judge_real("ddot", got, ref, n, ill, label);
	double sub;
	ddotsub_(&n, xs, &incx, ys, &incy, &sub);
	bh_verdict("ddotsub", bh_same(sub, got), "%s: %.17g, ddot_ %.17g", label, sub, got);
	double cb = cblas_ddot(n, xs, incx, ys, incy);
	bh_verdict("cblas_ddot", bh_same(cb, got), "%s: %.17g, ddot_ %.17g", label, cb, got);
}

/* ---- zdotu, zdotc */

static void zdot_case(int conj, int n, int incx, int incy, const double *x, const double *y,
		      int ill, const char *what)
{
	static zdot_fn ref_zdot[2];
	if (!ref_zdot[conj])
		ref_zdot[conj] = (zdot_fn)bh_reference(conj ? "zdotc_" : "zdotu_");
	const char *routine = conj ? "zdotc" : "zdotu";
	bh_place(xs, 2, n, incx, x);
	bh_place(ys, 2, n, incy, y);
	double s = conj ? -1.0 : 1.0;
	ex_sum_reset(&re_sum);
	ex_sum_reset(&im_sum);
	for (int i = 0; i < n; i++) {
		double xr = value(xs, 2, n, incx, i, 0), xi = s * value(xs, 2, n, incx, i, 1);
		double yr = value(ys, 2, n, incy, i, 0), yi = value(ys, 2, n, incy, i, 1);
		ex_sum_add(&re_sum, xr, yr, 1.0);
		ex_sum_add(&re_sum, -xi, yi, 1.0);
		ex_sum_add(&im_sum, xr, yi, 1.0);
		ex_sum_add(&im_sum, xi, yr, 1.0);
	}
	char label[160];
	snprintf(label, sizeof label, "%s n=%d incx=%d incy=%d", what, n, incx, incy);
	double _Complex got = conj ? zdotc_(&n, xs, &incx, ys, &incy) : zdotu_(&n, xs, &incx, ys, &incy);
	double _Complex ref = ref_zdot[conj](&n, xs, &incx, ys, &incy);
	double g[2] = { creal(got), cimag(got) }, r[2] = { creal(ref), cimag(ref) };
	if (bh_mode == BH_CPU || nonfinite(g[0]) || nonfinite(g[1]) || nonfinite(r[0]) ||
	    nonfinite(r[1])) {
		bh_verdict(routine, bh_same(g[0], r[0]) && bh_same(g[1], r[1]),
			   "%s: got (%.17g, %.17g), reference (%.17g, %.17g)", label, g[0], g[1], r[0],
			   r[1]);
		if (bh_mode == BH_CPU && ill)
			bh_ill_conditioned(routine, ex_judge_sum(&re_sum, g[0], 2 * n, NULL) &&
							    ex_judge_sum(&im_sum, g[1], 2 * n, NULL));
	} else {
		double ure = 0.0, uim = 0.0;
		int ok = ex_judge_sum(&re_sum, g[0], 2 * n, &ure);
		ok &= ex_judge_sum(&im_sum, g[1], 2 * n, &uim);
		bh_verdict(routine, ok, "%s: got (%.17g, %.17g), %.3g and %.3g ulps off", label, g[0],
			   g[1], ure, uim);
	}
	double sub[2], cb[2];
	if (conj) {
		zdotcsub_(&n, xs, &incx, ys, &incy, sub);
		cblas_zdotc_sub(n, xs, incx, ys, incy, cb);
	} else {
		zdotusub_(&n, xs, &incx, ys, &incy, sub);
		cblas_zdotu_sub(n, xs, incx, ys, incy, cb);
	}
	bh_verdict(conj ? "zdotcsub" : "zdotusub", bh_same(sub[0], g[0]) && bh_same(sub[1], g[1]),
		   "%s: differs from %s_", label, routine);
	bh_verdict(conj ? "cblas_zdotc_sub" : "cblas_zdotu_sub",
		   bh_same(cb[0], g[0]) && bh_same(cb[1], g[1]), "%s: differs from %s_", label,
		   routine);
}

/* ---- dsdot, sdsdot: float vectors */

static void sdot_case(int n, int incx, int incy, const double *x, const double *y, float sb,
		      int ill, const char *what)
{
	static dsdot_fn ref_dsdot;
	static sdsdot_fn ref_sdsdot;
	if (!ref_dsdot) {
		ref_dsdot = (dsdot_fn)bh_reference("dsdot_");
		ref_sdsdot = (sdsdot_fn)bh_reference("sdsdot_");
	}
	for (long i = 0; i < bh_span(n, incx); i++)
		xf[i] = NAN;
	for (long i = 0; i < bh_span(n, incy); i++)
		yf[i] = NAN;
	for (int i = 0; i < n; i++) {
		xf[bh_at(n, incx, i)] = (float)x[i];
		yf[bh_at(n, incy, i)] = (float)y[i];
	}
	ex_sum_reset(&re_sum);
	for (int i = 0; i < n; i++)
		ex_sum_add(&re_sum, xf[bh_at(n, incx, i)], yf[bh_at(n, incy, i)], 1.0);
	char label[160];
	snprintf(label, sizeof label, "%s n=%d incx=%d incy=%d", what, n, incx, incy);
	double got = dsdot_(&n, xf, &incx, yf, &incy);
	judge_real("dsdot", got, ref_dsdot(&n, xf, &incx, yf, &incy), n, ill, label);
	double cb = cblas_dsdot(n, xf, incx, yf, incy);
	bh_verdict("cblas_dsdot", bh_same(cb, got), "%s: %.17g, dsdot_ %.17g", label, cb, got);

	/* sdsdot: sb + the sum, rounded to float */
	float fgot = sdsdot_(&n, &sb, xf, &incx, yf, &incy);
	float fref = ref_sdsdot(&n, &sb, xf, &incx, yf, &incy);
	if (bh_mode == BH_CPU || !isfinite(fgot) || !isfinite(fref)) {
		bh_verdict("sdsdot", bh_same(fgot, fref), "%s sb=%g: got %.9g, reference %.9g", label,
			   sb, fgot, fref);
	} else {
		ex_sum_add(&re_sum, sb, 1.0, 1.0);
		mpfr_t exact;
		mpfr_init2(exact, EX_PREC);
		ex_sum_value(&re_sum, exact);
		float rn = mpfr_get_flt(exact, MPFR_RNDN);
		double cond = re_sum.magnitude / fabs(mpfr_get_d(exact, MPFR_RNDN));
		mpfr_clear(exact);
		/* the float nearest the exact value, up to DD's error */
		int ok = cond > 1e20 || fgot == rn ||
			 (cond > 1e10 && fabs((double)fgot - rn) <= fabs((double)nextafterf(rn, INFINITY) - rn));
		bh_verdict("sdsdot", ok, "%s sb=%g: got %.9g, nearest float %.9g", label, sb, fgot, rn);
	}
	float fcb = cblas_sdsdot(n, sb, xf, incx, yf, incy);
	bh_verdict("cblas_sdsdot", bh_same(fcb, fgot), "%s: %.9g, sdsdot_ %.9g", label, fcb, fgot);
}

/* ---- the cases */

static void random_data(double *v, int count)
{
	for (int i = 0; i < count; i++)
		v[i] = bh_scaled();
}

static void sprinkle(double *v, int count)
{
	static const double specials[] = { INFINITY, -INFINITY, NAN };
	int how_many = bh_int(1, 2);
	for (int s = 0; s < how_many && count > 0; s++)
		v[bh_int(0, count - 1)] = specials[bh_int(0, 2)];
}

int main(int argc, char **argv)
{
	bh_start(argc, argv, "");
	ex_sum_init(&re_sum, 2 * MAX_N + 2);
	ex_sum_init(&im_sum, 2 * MAX_N + 2);
	static double x[2 * MAX_N], y[2 * MAX_N];
	static const int sizes[] = { 0, -1, 1, 2, 3, 7, 16, 100, 1000, 3000 };
	for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++)
		for (size_t a = 0; a < 5; a++)
			for (size_t b = 0; b < 5; b++) {
				int n = sizes[si], incx = incs[a], incy = incs[b];
				int len = n > 0 ? n : 0;
				random_data(x, 2 * len);
				random_data(y, 2 * len);
				ddot_case(n, incx, incy, x, y, 0, "random");
				zdot_case(0, n, incx, incy, x, y, 0, "random");
				zdot_case(1, n, incx, incy, x, y, 0, "random");
				sdot_case(n, incx, incy, x, y, (float)bh_scaled(), 0, "random");
			}
	/* ill-conditioned: condition 1e5 to 1e30 */
	static const int ill_sizes[] = { 6, 50, 400, 3000 };
	for (size_t si = 0; si < sizeof ill_sizes / sizeof *ill_sizes; si++)
		for (int e = 5; e <= 30; e += 5) {
			int n = ill_sizes[si];
			ex_gen_dot(&bh_rng, n, pow(10, e), NULL, x, y);
			ddot_case(n, 1, 1, x, y, 1, "ill-conditioned");
			ddot_case(n, -2, 1, x, y, 1, "ill-conditioned");
			/* complex: real parts ill-conditioned, imaginary parts small */
			static double zx[2 * MAX_N], zy[2 * MAX_N];
			for (int i = 0; i < n; i++) {
				zx[2 * i] = x[i], zx[2 * i + 1] = ldexp(bh_sym(), -60);
				zy[2 * i] = y[i], zy[2 * i + 1] = ldexp(bh_sym(), -60);
			}
			zdot_case(0, n, 1, 1, zx, zy, 1, "ill-conditioned");
			zdot_case(1, n, 1, -1, zx, zy, 1, "ill-conditioned");
		}
	/* float vectors: a big product, a small one, the big one negated, in
	 * that order: exact in DD, the small one lost in a double sum
	 * (dsdot's reference sums in double) */
	for (int trial = 0; trial < 40; trial++) {
		int n = 3 * bh_int(1, 60);
		for (int i = 0; i < n; i += 3) {
			x[i] = ldexp((float)bh_sym(), bh_int(30, 60));
			x[i + 1] = (float)bh_sym();
			x[i + 2] = -x[i];
			y[i] = y[i + 2] = (float)bh_sym();
			y[i + 1] = (float)bh_sym();
		}
		sdot_case(n, 1, 1, x, y, 1.0f, 1, "cancelling");
	}
	/* Inf and NaN in the data */
	for (int trial = 0; trial < 60; trial++) {
		int n = bh_int(1, 40), incx = incs[bh_int(0, 3)], incy = incs[bh_int(0, 3)];
		random_data(x, 2 * n);
		random_data(y, 2 * n);
		sprinkle(bh_int(0, 1) ? x : y, 2 * n);
		ddot_case(n, incx, incy, x, y, 0, "non-finite");
		zdot_case(trial & 1, n, incx, incy, x, y, 0, "non-finite");
		sdot_case(n, incx, incy, x, y, 0.5f, 0, "non-finite");
	}
	return bh_finish();
}
