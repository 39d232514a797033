#include "config.h"

/* Level 1 in dd and cpu mode (test/blas/harness.h): dnrm2_, dznrm2_,
 * dasum_, dzasum_ (and their *sub_ forms and CBLAS), drot_, zdrot_,
 * drotm_, zaxpy_ and zscal_ (and CBLAS), on random data, hard data (sums
 * that plain double rounds away, rotations and products that cancel),
 * strides 1, 2, -1, -3 and 0, n <= 0 (the vectors, filled with NaN, must
 * come back untouched), the scalars 0, 1, -1, random ones, Inf and NaN,
 * every DROTM flag (NaN included), data near overflow and underflow (the
 * norms) and Inf/NaN in the data.  "level1 bits" prints hashes of results instead (level1_bits.sh). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/blas/exact.h"
#include "test/blas/harness.h"

#define MAX_N 3000
#define STORAGE (2 * MAX_N * 3 + 2) /* doubles: complex, |inc| <= 3 */

double dnrm2_(const int *n, const double *x, const int *incx);
void dnrm2sub_(const int *n, const double *x, const int *incx, double *nrm2);
double cblas_dnrm2(int n, const double *x, int incx);
double dznrm2_(const int *n, const double *x, const int *incx);
void dznrm2sub_(const int *n, const double *x, const int *incx, double *nrm2);
double cblas_dznrm2(int n, const void *x, int incx);
double dasum_(const int *n, const double *x, const int *incx);
void dasumsub_(const int *n, const double *x, const int *incx, double *asum);
double cblas_dasum(int n, const double *x, int incx);
double dzasum_(const int *n, const double *x, const int *incx);
void dzasumsub_(const int *n, const double *x, const int *incx, double *asum);
double cblas_dzasum(int n, const void *x, int incx);
void drot_(const int *n, double *x, const int *incx, double *y, const int *incy, const double *c,
	   const double *s);
void cblas_drot(int n, double *x, int incx, double *y, int incy, double c, double s);
void zdrot_(const int *n, double *x, const int *incx, double *y, const int *incy,
	    const double *c, const double *s);
void cblas_zdrot(int n, void *x, int incx, void *y, int incy, double c, double s);
void drotm_(const int *n, double *x, const int *incx, double *y, const int *incy,
	    const double *param);
void cblas_drotm(int n, double *x, int incx, double *y, int incy, const double *param);
void zaxpy_(const int *n, const double *alpha, const double *x, const int *incx, double *y,
	    const int *incy);
void cblas_zaxpy(int n, const void *alpha, const void *x, int incx, void *y, int incy);
void zscal_(const int *n, const double *alpha, double *x, const int *incx);
void cblas_zscal(int n, const void *alpha, void *x, int incx);

typedef double (*norm_fn)(const int *, const double *, const int *);
typedef void (*rot_fn)(const int *, double *, const int *, double *, const int *,
		       const double *, const double *);
typedef void (*rotm_fn)(const int *, double *, const int *, double *, const int *,
			const double *);
typedef void (*axpy_fn)(const int *, const double *, const double *, const int *, double *,
			const int *);
typedef void (*scal_fn)(const int *, const double *, double *, const int *);

static struct ex_sum sum;
/* the storage given to the routine under test, the reference's copy, and
 * the CBLAS entry's copy */
static double xs[STORAGE], ys[STORAGE], xr[STORAGE], yr[STORAGE], xc[STORAGE], yc[STORAGE];
static double x_before[STORAGE], y_before[STORAGE]; /* the storage before the call */

static const int incs[] = { 1, 2, -1, -3, 0 };

static double *element(double *v, int width, int n, int inc, int i)
{
	return v + bh_at(n, inc, i) * width;
}

static int finite2(const double *v, int width)
{
	return isfinite(v[0]) && (width == 1 || isfinite(v[1]));
}

static int same_storage(const double *a, const double *b, long count)
{
	for (long i = 0; i < count; i++)
		if (!bh_same(a[i], b[i]))
			return 0;
	return 1;
}

/* ---- the norms */

/* The exact norm of the vector in storage v: sqrt of the exact sum of
 * squares, or the exact sum of |parts|. */
static void exact_norm(int asum, const double *v, int width, int n, int inc, mpfr_t exact)
{
	ex_sum_reset(&sum);
	for (int i = 0; i < n; i++)
		for (int w = 0; w < width; w++) {
			double p = v[bh_at(n, inc, i) * width + w];
			if (asum)
				ex_sum_add(&sum, fabs(p), 1.0, 1.0);
			else
				ex_sum_add(&sum, p, p, 1.0);
		}
	ex_sum_value(&sum, exact);
	if (!asum)
		mpfr_sqrt(exact, exact, MPFR_RNDN);
}

static void norm_case(int asum, int complex, int n, int inc, const double *data, int hard,
		      const char *what)
{
	static norm_fn refs[2][2];
	static const char *names[2][2] = { { "dnrm2", "dznrm2" }, { "dasum", "dzasum" } };
	static const char *subs[2][2] = { { "dnrm2sub", "dznrm2sub" }, { "dasumsub", "dzasumsub" } };
	static const char *cblas[2][2] = { { "cblas_dnrm2", "cblas_dznrm2" },
					   { "cblas_dasum", "cblas_dzasum" } };
	const char *routine = names[asum][complex];
	if (!refs[asum][complex]) {
		char symbol[16];
		snprintf(symbol, sizeof symbol, "%s_", routine);
		refs[asum][complex] = (norm_fn)bh_reference(symbol);
	}
	int width = complex ? 2 : 1;
	bh_place(xs, width, n, inc, data);
	memcpy(x_before, xs, sizeof xs);
	char label[160];
	snprintf(label, sizeof label, "%s n=%d incx=%d", what, n, inc);
	double got, sub, cb;
	if (asum) {
		got = complex ? dzasum_(&n, xs, &inc) : dasum_(&n, xs, &inc);
		if (complex)
			dzasumsub_(&n, xs, &inc, &sub);
		else
			dasumsub_(&n, xs, &inc, &sub);
		cb = complex ? cblas_dzasum(n, xs, inc) : cblas_dasum(n, xs, inc);
	} else {
		got = complex ? dznrm2_(&n, xs, &inc) : dnrm2_(&n, xs, &inc);
		if (complex)
			dznrm2sub_(&n, xs, &inc, &sub);
		else
			dnrm2sub_(&n, xs, &inc, &sub);
		cb = complex ? cblas_dznrm2(n, xs, inc) : cblas_dnrm2(n, xs, inc);
	}
	double ref = refs[asum][complex](&n, xs, &inc);
	bh_verdict(routine, same_storage(xs, x_before, bh_span(n, inc) * width), "%s: x was written", label);
	bh_verdict(subs[asum][complex], bh_same(sub, got), "%s: %.17g, %s_ %.17g", label, sub,
		   routine, got);
	bh_verdict(cblas[asum][complex], bh_same(cb, got), "%s: %.17g, %s_ %.17g", label, cb,
		   routine, got);
	int reads = n > 0 && (!asum || inc > 0); /* else the result is 0 */
	mpfr_t exact;
	mpfr_init2(exact, EX_PREC);
	if (reads)
		exact_norm(asum, xs, width, n, inc, exact);
	else
		mpfr_set_zero(exact, 1);
	/* a norm is as well conditioned as can be: its magnitude is itself */
	double magnitude = fabs(mpfr_get_d(exact, MPFR_RNDU));
	int k = n * width > 0 ? n * width : 1;
	if (bh_mode == BH_CPU || !isfinite(got) || !isfinite(ref)) {
		bh_verdict(routine, bh_same(got, ref), "%s: got %.17g, reference %.17g", label, got,
			   ref);
		if (bh_mode == BH_CPU && hard)
			bh_ill_conditioned(routine, ex_judge(exact, got, magnitude, k, NULL));
	} else {
		double ulps = 0.0;
		bh_verdict(routine, ex_judge(exact, got, magnitude, k, &ulps),
			   "%s: got %.17g (reference %.17g), %.3g ulps off", label, got, ref, ulps);
	}
	mpfr_clear(exact);
}

/* ---- two vectors: the rotations and zaxpy (x and y written), zscal (x
 * only, as y) */

enum pair_op { ROT, ZDROT, ROTM, ZAXPY, ZSCAL };

static const char *const pair_names[] = { "drot", "zdrot", "drotm", "zaxpy", "zscal" };
static const char *const pair_cblas[] = { "cblas_drot", "cblas_zdrot", "cblas_drotm",
					  "cblas_zaxpy", "cblas_zscal" };

struct scalars {
	double c, s;         /* ROT, ZDROT */
	double param[5];     /* ROTM */
	double alpha[2];     /* ZAXPY, ZSCAL */
};

static void call_fortran(enum pair_op op, int n, double *x, int incx, double *y, int incy,
			 const struct scalars *k, int reference)
{
	static void *refs[5];
	if (reference && !refs[op]) {
		char symbol[16];
		snprintf(symbol, sizeof symbol, "%s_", pair_names[op]);
		refs[op] = bh_reference(symbol);
	}
	switch (op) {
	case ROT:
		(reference ? (rot_fn)refs[op] : drot_)(&n, x, &incx, y, &incy, &k->c, &k->s);
		break;
	case ZDROT:
		(reference ? (rot_fn)refs[op] : zdrot_)(&n, x, &incx, y, &incy, &k->c, &k->s);
		break;
	case ROTM:
		(reference ? (rotm_fn)refs[op] : drotm_)(&n, x, &incx, y, &incy, k->param);
		break;
	case ZAXPY:
		(reference ? (axpy_fn)refs[op] : zaxpy_)(&n, k->alpha, x, &incx, y, &incy);
		break;
	case ZSCAL:
		(reference ? (scal_fn)refs[op] : zscal_)(&n, k->alpha, y, &incy);
		break;
	}
}

static void call_cblas(enum pair_op op, int n, double *x, int incx, double *y, int incy,
		       const struct scalars *k)
{
	switch (op) {
	case ROT: cblas_drot(n, x, incx, y, incy, k->c, k->s); break;
	case ZDROT: cblas_zdrot(n, x, incx, y, incy, k->c, k->s); break;
	case ROTM: cblas_drotm(n, x, incx, y, incy, k->param); break;
	case ZAXPY: cblas_zaxpy(n, k->alpha, x, incx, y, incy); break;
	case ZSCAL: cblas_zscal(n, k->alpha, y, incy); break;
	}
}

/* The terms of output part `part` of element i (x_i and y_i the inputs'
 * parts): into sum; *k the number of terms. */
static void terms(enum pair_op op, const struct scalars *s, const double *xi, const double *yi,
		  int out_x, int part, int *k)
{
	ex_sum_reset(&sum);
	switch (op) {
	case ROT: case ZDROT:
		if (out_x) {
			ex_sum_add(&sum, s->c, xi[part], 1.0);
			ex_sum_add(&sum, s->s, yi[part], 1.0);
		} else {
			ex_sum_add(&sum, s->c, yi[part], 1.0);
			ex_sum_add(&sum, -s->s, xi[part], 1.0);
		}
		*k = 2;
		break;
	case ROTM: {
		const double *p = s->param, flag = p[0];
		double h11 = p[1], h21 = p[2], h12 = p[3], h22 = p[4];
		if (flag < 0.0) {
		} else if (flag == 0.0) {
			h11 = h22 = 1.0;
		} else {
			h12 = 1.0;
			h21 = -1.0;
		}
		if (out_x) {
			ex_sum_add(&sum, h11, xi[0], 1.0);
			ex_sum_add(&sum, h12, yi[0], 1.0);
		} else {
			ex_sum_add(&sum, h21, xi[0], 1.0);
			ex_sum_add(&sum, h22, yi[0], 1.0);
		}
		*k = 2;
		break;
	}
	case ZAXPY: case ZSCAL: {
		/* alpha x (+ y): re = ar xr - ai xi, im = ar xi + ai xr */
		const double ar = s->alpha[0], ai = s->alpha[1];
		const double *v = op == ZAXPY ? xi : yi;
		if (part == 0) {
			ex_sum_add(&sum, ar, v[0], 1.0);
			ex_sum_add(&sum, -ai, v[1], 1.0);
		} else {
			ex_sum_add(&sum, ar, v[1], 1.0);
			ex_sum_add(&sum, ai, v[0], 1.0);
		}
		if (op == ZAXPY)
			ex_sum_add(&sum, yi[part], 1.0, 1.0);
		*k = op == ZAXPY ? 3 : 2;
		break;
	}
	}
}

/* Whether the op writes x (the rotations) and how wide its elements are. */
static int writes_x(enum pair_op op)
{
	return op == ROT || op == ZDROT || op == ROTM;
}

static int width_of(enum pair_op op)
{
	return op == ROT || op == ROTM ? 1 : 2;
}

/* Whether the reference returns without touching anything. */
static int quick_return(enum pair_op op, int n, int incy, const struct scalars *k)
{
	if (n <= 0)
		return 1;
	switch (op) {
	case ROTM: return k->param[0] + 2.0 == 0.0;
	case ZAXPY: return k->alpha[0] == 0.0 && k->alpha[1] == 0.0;
	case ZSCAL: return incy <= 0 || (k->alpha[0] == 1.0 && k->alpha[1] == 0.0);
	default: return 0;
	}
}

/* Whether the op is computed element by element from the inputs (else the
 * reference's order of operations on one element decides: a rotation with a
 * zero increment, which twofold forwards, or zaxpy accumulating into
 * y(1), judged separately). */
static int elementwise(enum pair_op op, int incx, int incy)
{
	if (op == ZAXPY)
		return incy != 0;
	if (op == ZSCAL)
		return 1;
	return incx != 0 && incy != 0;
}

static void pair_case(enum pair_op op, int n, int incx, int incy, const double *x,
		      const double *y, const struct scalars *k, int hard, const char *what)
{
	const int width = width_of(op);
	const char *routine = pair_names[op];
	long sx = bh_span(n, incx) * width, sy = bh_span(n, incy) * width;
	bh_place(xs, width, n, incx, x);
	bh_place(ys, width, n, incy, y);
	memcpy(x_before, xs, sizeof xs);
	memcpy(y_before, ys, sizeof ys);
	memcpy(xr, xs, sizeof xs);
	memcpy(yr, ys, sizeof ys);
	memcpy(xc, xs, sizeof xs);
	memcpy(yc, ys, sizeof ys);
	char label[200];
	snprintf(label, sizeof label, "%s n=%d incx=%d incy=%d", what, n, incx, incy);
	call_fortran(op, n, xs, incx, ys, incy, k, 0);
	call_fortran(op, n, xr, incx, yr, incy, k, 1);
	call_cblas(op, n, xc, incx, yc, incy, k);
	bh_verdict(pair_cblas[op], same_storage(xc, xs, sx) && same_storage(yc, ys, sy),
		   "%s: differs from %s_", label, routine);
	if (quick_return(op, n, incy, k)) {
		bh_verdict(routine, same_storage(xs, x_before, sx) && same_storage(ys, y_before, sy),
			   "%s: a quick return wrote its vectors", label);
		return;
	}
	/* what the routine must not write: x (zaxpy, zscal), the gaps */
	int ok_storage = 1;
	for (long i = 0; i < sx; i++)
		if ((!writes_x(op) || isnan(x_before[i])) && !bh_same(xs[i], x_before[i]))
			ok_storage = 0;
	bh_verdict(routine, ok_storage, "%s: x or a gap in x was written", label);
	if (bh_mode == BH_DD && op == ZAXPY && incy == 0)
		return; /* zaxpy_accumulating judges it */
	if (bh_mode == BH_CPU || !elementwise(op, incx, incy)) {
		int same = same_storage(xs, xr, sx) && same_storage(ys, yr, sy);
		bh_verdict(routine, same, "%s: not the reference's bits", label);
		if (bh_mode == BH_CPU && hard) {
			int met = 1;
			for (int i = 0; i < n; i++)
				for (int out = writes_x(op) ? 0 : 1; out < 2; out++)
					for (int part = 0; part < width; part++) {
						int kk;
						terms(op, k, element(x_before, width, n, incx, i),
						      element(y_before, width, n, incy, i), out == 0, part, &kk);
						double got = (out == 0 ? element(xs, width, n, incx, i)
								       : element(ys, width, n, incy, i))[part];
						met &= ex_judge_sum(&sum, got, kk, NULL);
					}
			bh_ill_conditioned(routine, met);
		}
		return;
	}
	int failures = 0;
	double worst = 0.0;
	for (int i = 0; i < n; i++)
		for (int out = writes_x(op) ? 0 : 1; out < 2; out++) {
			const double *got = out == 0 ? element(xs, width, n, incx, i)
						     : element(ys, width, n, incy, i);
			const double *ref = out == 0 ? element(xr, width, n, incx, i)
						     : element(yr, width, n, incy, i);
			if (!finite2(got, width) || !finite2(ref, width)) {
				/* the rule of dd_output.h: the reference's element */
				int same = bh_same(got[0], ref[0]) &&
					   (width == 1 || bh_same(got[1], ref[1]));
				if (!same && failures++ == 0)
					bh_verdict(routine, 0,
						   "%s: element %d of %c: got %.17g, reference %.17g "
						   "(non-finite)", label, i, out ? 'y' : 'x', got[0],
						   ref[0]);
				continue;
			}
			for (int part = 0; part < width; part++) {
				int kk;
				double ulps = 0.0;
				terms(op, k, element(x_before, width, n, incx, i), element(y_before, width, n, incy, i),
				      out == 0, part, &kk);
				if (!ex_judge_sum(&sum, got[part], kk, &ulps) && failures++ == 0)
					bh_verdict(routine, 0,
						   "%s: element %d of %c, part %d: got %.17g, "
						   "reference %.17g, %.3g ulps off", label, i,
						   out ? 'y' : 'x', part, got[part], ref[part], ulps);
				worst = ulps > worst ? ulps : worst;
			}
		}
	if (failures == 0)
		bh_verdict(routine, 1, "%s", label);
}

/* zaxpy with incy = 0: y(1) takes alpha x(i) + y(1) for i = 1..n in turn,
 * each step rounded once.  dd: replayed in MPFR, each step the double
 * nearest its exact value (DD's step is that double up to its u^2 error:
 * within an ulp of the replay); cpu: the reference's bits. */
static void zaxpy_accumulating(int n, int incx, const double *x, const double *alpha)
{
	double start[2] = { bh_scaled(), bh_scaled() };
	double y[2] = { start[0], start[1] }, yref[2] = { start[0], start[1] };
	int zero = 0;
	char label[80];
	snprintf(label, sizeof label, "incy=0 n=%d incx=%d", n, incx);
	bh_place(xs, 2, n, incx, x);
	zaxpy_(&n, alpha, xs, &incx, y, &zero);
	axpy_fn ref = (axpy_fn)bh_reference("zaxpy_");
	ref(&n, alpha, xs, &incx, yref, &zero);
	/* cpu mode, and alpha Inf or NaN (each step then the reference's, by
	 * the rule of dd_output.h): the reference's bits */
	if (bh_mode == BH_CPU || !isfinite(alpha[0]) || !isfinite(alpha[1])) {
		bh_verdict("zaxpy", bh_same(y[0], yref[0]) && bh_same(y[1], yref[1]),
			   "%s: got (%.17g, %.17g), reference (%.17g, %.17g)", label, y[0], y[1],
			   yref[0], yref[1]);
		return;
	}
	struct scalars k = { .alpha = { alpha[0], alpha[1] } };
	double cur[2] = { start[0], start[1] };
	mpfr_t exact;
	mpfr_init2(exact, EX_PREC);
	for (int i = 0; i < n; i++) {
		double next[2];
		for (int part = 0; part < 2; part++) {
			int kk;
			terms(ZAXPY, &k, element(xs, 2, n, incx, i), cur, 0, part, &kk);
			ex_sum_value(&sum, exact);
			next[part] = mpfr_get_d(exact, MPFR_RNDN);
		}
		cur[0] = next[0], cur[1] = next[1];
	}
	mpfr_clear(exact);
	int ok = 1;
	for (int part = 0; part < 2; part++)
		ok &= fabs(y[part] - cur[part]) <= fabs(nextafter(cur[part], INFINITY) - cur[part]);
	bh_verdict("zaxpy", ok, "%s: got (%.17g, %.17g), stepwise nearest (%.17g, %.17g)", label,
		   y[0], y[1], cur[0], cur[1]);
}

/* ---- data */

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

static void random_scalars(struct scalars *k)
{
	static const double alphas[][2] = { { 0, 0 }, { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, 0 } };
	k->c = bh_sym();
	k->s = bh_sym();
	int a = bh_int(0, 5);
	if (a < 4) {
		k->alpha[0] = alphas[a][0];
		k->alpha[1] = alphas[a][1];
	} else {
		k->alpha[0] = bh_scaled();
		k->alpha[1] = bh_scaled();
	}
	static const double flags[] = { -1.0, 0.0, 1.0, -2.0, 0.5, -3.0, NAN };
	k->param[0] = flags[bh_int(0, 6)];
	for (int i = 1; i < 5; i++)
		k->param[i] = bh_scaled();
	/* one case in eight: a scalar Inf or NaN */
	if (bh_int(0, 7) == 0) {
		static const double specials[] = { INFINITY, -INFINITY, NAN };
		double *scalars[] = { &k->c, &k->s, &k->alpha[0], &k->alpha[1], &k->param[1],
				      &k->param[2], &k->param[3], &k->param[4] };
		*scalars[bh_int(0, 7)] = specials[bh_int(0, 2)];
	}
}

/* ---- "bits": one line per routine, a hash of the bits of its results on
 * fixed data (strides 1 and -2; zaxpy, zdrot, zscal and the norms also
 * long enough for the threads),
 * for test/blas/level1_bits.sh to compare across instruction sets and
 * thread counts */

static uint64_t hash_bits(uint64_t h, const double *v, long count)
{
	for (long i = 0; i < count; i++) {
		uint64_t b;
		memcpy(&b, &v[i], sizeof b);
		h = (h ^ b) * 0x100000001b3ull;
	}
	return h;
}

static int print_bits(void)
{
	enum { N = 3000, LONG_N = 300000 };
	static double x[2 * N], y[2 * N];
	double *lx = malloc(2 * (size_t)LONG_N * sizeof *lx), *ly = malloc(2 * (size_t)LONG_N * sizeof *ly);
	if (!lx || !ly)
		return 99;
	const int incs_used[] = { 1, -2 };
	static double sx[2 * 2 * N], sy[2 * 2 * N];
	struct scalars k = { .c = 0.6, .s = 0.8, .param = { -1.0, 0.7, 0.3, 1.3, 0.9 },
			     .alpha = { 0.1, -0.7 } };
	for (int ii = 0; ii < 2; ii++) {
		int inc = incs_used[ii];
		for (int i = 0; i < 2 * N; i++) {
			x[i] = bh_scaled();
			y[i] = bh_scaled();
		}
		for (int asum = 0; asum < 2; asum++)
			for (int complex = 0; complex < 2; complex++) {
				int n = N, width = complex ? 2 : 1;
				bh_place(sx, width, n, inc, x);
				double r = asum ? complex ? dzasum_(&n, sx, &inc) : dasum_(&n, sx, &inc)
					   : complex ? dznrm2_(&n, sx, &inc) : dnrm2_(&n, sx, &inc);
				printf("%s inc=%d %016llx\n", asum ? complex ? "dzasum" : "dasum"
							: complex ? "dznrm2" : "dnrm2", inc,
				       (unsigned long long)hash_bits(0xcbf29ce484222325ull, &r, 1));
			}
		for (int op = ROT; op <= ZSCAL; op++) {
			int n = N, width = width_of(op);
			bh_place(sx, width, n, inc, x);
			bh_place(sy, width, n, inc, y);
			call_fortran(op, n, sx, inc, sy, inc, &k, 0);
			uint64_t h = hash_bits(0xcbf29ce484222325ull, sx, bh_span(n, inc) * width);
			printf("%s inc=%d %016llx\n", pair_names[op], inc,
			       (unsigned long long)hash_bits(h, sy, bh_span(n, inc) * width));
		}
	}
	for (long i = 0; i < 2L * LONG_N; i++) {
		lx[i] = bh_scaled();
		ly[i] = bh_scaled();
	}
	int n = LONG_N, one = 1;
	/* the norms of a long vector: chunks given to the threads */
	double norms[4] = { dnrm2_(&n, lx, &one), dznrm2_(&n, lx, &one), dasum_(&n, lx, &one),
			    dzasum_(&n, lx, &one) };
	printf("norms n=%d %016llx\n", n,
	       (unsigned long long)hash_bits(0xcbf29ce484222325ull, norms, 4));
	zaxpy_(&n, k.alpha, lx, &one, ly, &one);
	printf("zaxpy n=%d %016llx\n", n,
	       (unsigned long long)hash_bits(0xcbf29ce484222325ull, ly, 2L * LONG_N));
	zdrot_(&n, lx, &one, ly, &one, &k.c, &k.s);
	uint64_t h = hash_bits(0xcbf29ce484222325ull, lx, 2L * LONG_N);
	printf("zdrot n=%d %016llx\n", n, (unsigned long long)hash_bits(h, ly, 2L * LONG_N));
	zscal_(&n, k.alpha, lx, &one);
	printf("zscal n=%d %016llx\n", n,
	       (unsigned long long)hash_bits(0xcbf29ce484222325ull, lx, 2L * LONG_N));
	free(lx);
	free(ly);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "bits") == 0)
		return print_bits();
	bh_start(argc, argv, "");
	ex_sum_init(&sum, 2 * MAX_N + 2);
	static double x[2 * MAX_N], y[2 * MAX_N];
	static const int sizes[] = { 0, -1, 1, 2, 3, 7, 16, 100, 1000, 3000 };
	struct scalars k;

	/* random data, every size and stride */
	for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++)
		for (size_t a = 0; a < 5; a++) {
			int n = sizes[si], len = n > 0 ? n : 0;
			random_data(x, 2 * len);
			for (int asum = 0; asum < 2; asum++)
				for (int complex = 0; complex < 2; complex++)
					norm_case(asum, complex, n, incs[a], x, 0, "random");
			for (size_t b = 0; b < 5; b++)
				for (int op = ROT; op <= ZSCAL; op++) {
					random_data(x, 2 * len);
					random_data(y, 2 * len);
					random_scalars(&k);
					pair_case(op, n, incs[a], incs[b], x, y, &k, 0, "random");
				}
		}

	/* the norms: data near overflow and underflow, zeros */
	static const int exponents[] = { 1000, 600, 400, 300, -300, -400, -600, -1000, -1060 };
	for (size_t e = 0; e < sizeof exponents / sizeof *exponents; e++)
		for (int trial = 0; trial < 4; trial++) {
			int n = bh_int(1, 200);
			for (int i = 0; i < 2 * n; i++)
				x[i] = ldexp(bh_sym(), exponents[e] + bh_int(-20, 20));
			for (int asum = 0; asum < 2; asum++)
				for (int complex = 0; complex < 2; complex++)
					norm_case(asum, complex, n, incs[trial], x, 0, "scaled");
		}
	for (int i = 0; i < 20; i++)
		x[i] = 0.0;
	for (int asum = 0; asum < 2; asum++)
		for (int complex = 0; complex < 2; complex++)
			norm_case(asum, complex, 10, 1, x, 0, "zeros");

	/* the norms, hard: one element 1, the others so small that plain
	 * double's running sum drops each of them */
	for (int trial = 0; trial < 8; trial++) {
		int n = bh_int(1000, MAX_N);
		for (int i = 0; i < 2 * n; i++)
			x[i] = ldexp(bh_sym(), -28);
		x[0] = x[1] = 1.0;
		for (int complex = 0; complex < 2; complex++)
			norm_case(0, complex, n, trial % 2 ? 1 : -2, x, 1, "hard");
		for (int i = 0; i < 2 * n; i++)
			x[i] = ldexp(fabs(bh_sym()), -54);
		x[0] = x[1] = 1.0;
		for (int complex = 0; complex < 2; complex++)
			norm_case(1, complex, n, trial % 2 ? 1 : 3, x, 1, "hard");
	}

	/* cancelling: each output nearly zero, which plain double gets
	 * with a relative error of order 1 */
	static const int hard_sizes[] = { 5, 100, 3000 };
	for (size_t si = 0; si < sizeof hard_sizes / sizeof *hard_sizes; si++) {
		int n = hard_sizes[si];
		random_scalars(&k);
		k.c = 0.6, k.s = 0.8; /* not binary fractions: products are inexact */
		/* rot: y = -c x / s rounded, so that c x + s y nearly cancels */
		for (int i = 0; i < 2 * n; i++) {
			x[i] = bh_scaled();
			y[i] = -k.c * x[i] / k.s;
		}
		pair_case(ROT, n, 1, 1, x, y, &k, 1, "cancelling");
		pair_case(ZDROT, n, -1, 2, x, y, &k, 1, "cancelling");
		/* rotm, full H: h11 x + h12 y cancels with y = -h11 x / h12 */
		k.param[0] = -1.0;
		k.param[1] = 0.7, k.param[3] = 1.3, k.param[2] = 0.3, k.param[4] = 0.9;
		for (int i = 0; i < n; i++)
			y[i] = -k.param[1] * x[i] / k.param[3];
		pair_case(ROTM, n, 1, 1, x, y, &k, 1, "cancelling");
		/* zaxpy: y = -alpha x rounded; zscal: ar xr = ai xi nearly */
		k.alpha[0] = 0.1, k.alpha[1] = 0.7;
		for (int i = 0; i < n; i++) {
			double re = k.alpha[0] * x[2 * i] - k.alpha[1] * x[2 * i + 1];
			double im = k.alpha[0] * x[2 * i + 1] + k.alpha[1] * x[2 * i];
			y[2 * i] = -re, y[2 * i + 1] = -im;
		}
		pair_case(ZAXPY, n, 1, 1, x, y, &k, 1, "cancelling");
		for (int i = 0; i < n; i++) {
			y[2 * i] = bh_scaled();
			y[2 * i + 1] = k.alpha[0] * y[2 * i] / k.alpha[1]; /* re nearly 0 */
		}
		pair_case(ZSCAL, n, 1, 1, x, y, &k, 1, "cancelling");
	}

	/* zaxpy accumulating into y(1) */
	for (int trial = 0; trial < 10; trial++) {
		int n = bh_int(1, 50);
		random_data(x, 2 * n);
		random_scalars(&k);
		zaxpy_accumulating(n, incs[trial % 4], x, k.alpha);
	}

	/* Inf and NaN in the data */
	for (int trial = 0; trial < 60; trial++) {
		int n = bh_int(1, 700), incx = incs[bh_int(0, 3)], incy = incs[bh_int(0, 3)];
		random_data(x, 2 * n);
		random_data(y, 2 * n);
		sprinkle(x, 2 * n);
		for (int asum = 0; asum < 2; asum++)
			for (int complex = 0; complex < 2; complex++)
				norm_case(asum, complex, n, incx, x, 0, "non-finite");
		sprinkle(y, 2 * n);
		random_scalars(&k);
		for (int op = ROT; op <= ZSCAL; op++)
			pair_case(op, n, incx, incy, x, y, &k, 0, "non-finite");
	}
	return bh_finish();
}
