#include "config.h"

/* The conversions of the typed API against MPFR: tf_d2{dd,ds,dsp,di,df,ts},
 * back to double, the array forms, tf_dsp_set and tf_dsp_get.
 *
 * For every format, over doubles of the whole range (random exponents and
 * bit patterns, subnormals, the edges of float's range, signed zeros, Inf,
 * NaN):
 *   dd, ds, dsp, di  hold every double exactly; back to double is the
 *                    identity, bit for bit (signed zeros included)
 *   df               |value - d| <= 2^-48 |d| for 2^-102 <= |d| <= FLT_MAX
 *                    (<= 2^-150 below), normalized (hi = fl(hi + lo)),
 *                    +-Inf from float's overflow threshold 2^128 - 2^103
 *                    on, Inf included; back to double exact
 *                    (hi + lo fits)
 *   ts               exact for 2^-97 <= |d| < 2^128 - 2^103 (<= 2^-150
 *                    below), non-finite from the threshold on; back to
 *                    double the identity where exact
 * and zeros keep their sign in every word, Inf its sign, NaN stays NaN.
 * Values of each format that are not doubles go back to the nearest double
 * (ts: within 2^-53 (1 + 2^-22) of it, arith_ts.h).  The array forms give
 * the scalar forms' bits, with strides of both signs, and write nothing
 * else.  Exit status 0 when all pass, 1 otherwise. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cases.h"

static long failures, checks;
static int details;

static void fail(enum format fmt, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void fail(enum format fmt, const char *format, ...)
{
	va_list ap;
	failures++;
	if (details++ >= 20)
		return;
	printf("#   FAIL %s: ", format_info(fmt)->name);
	va_start(ap, format);
	vprintf(format, ap);
	va_end(ap);
	printf("\n");
}

/* ---- the scalar and array conversions, through struct array */

static void from_double(enum format fmt, double d, struct array *out, size_t i)
{
	switch (fmt) {
	case FMT_DD: ((tf_dd *)out->hi)[i] = tf_d2dd(d); break;
	case FMT_DS: {
		tf_ds s = tf_d2ds(d);
		((double *)out->hi)[i] = s.hi, ((float *)out->lo)[i] = s.lo;
		break;
	}
	case FMT_DSP: ((tf_ds_packed *)out->hi)[i] = tf_d2dsp(d); break;
	case FMT_DI: {
		tf_di s = tf_d2di(d);
		((double *)out->hi)[i] = s.hi, ((int32_t *)out->lo)[i] = s.lo;
		break;
	}
	case FMT_DF: ((tf_df *)out->hi)[i] = tf_d2df(d); break;
	case FMT_TS: ((tf_ts *)out->hi)[i] = tf_d2ts(d); break;
	default: harness_error("no format");
	}
}

static double to_double(enum format fmt, const struct array *a, size_t i)
{
	switch (fmt) {
	case FMT_DD: return tf_dd2d(((const tf_dd *)a->hi)[i]);
	case FMT_DS:
		return tf_ds2d((tf_ds){ ((const double *)a->hi)[i], ((const float *)a->lo)[i] });
	case FMT_DSP: return tf_dsp2d(((const tf_ds_packed *)a->hi)[i]);
	case FMT_DI:
		return tf_di2d((tf_di){ ((const double *)a->hi)[i], ((const int32_t *)a->lo)[i] });
	case FMT_DF: return tf_df2d(((const tf_df *)a->hi)[i]);
	case FMT_TS: return tf_ts2d(((const tf_ts *)a->hi)[i]);
	default: harness_error("no format");
	}
}

static int from_double_array(enum format fmt, int n, const double *x, int incx, struct array *y,
			     int incy)
{
	switch (fmt) {
	case FMT_DD: return tf_d2dd_array(n, x, incx, y->hi, incy);
	case FMT_DS: return tf_d2ds_array(n, x, incx, y->hi, y->lo, incy);
	case FMT_DSP: return tf_d2dsp_array(n, x, incx, y->hi, incy);
	case FMT_DI: return tf_d2di_array(n, x, incx, y->hi, y->lo, incy);
	case FMT_DF: return tf_d2df_array(n, x, incx, y->hi, incy);
	case FMT_TS: return tf_d2ts_array(n, x, incx, y->hi, incy);
	default: harness_error("no format");
	}
}

static int to_double_array(enum format fmt, int n, const struct array *x, int incx, double *y,
			   int incy)
{
	switch (fmt) {
	case FMT_DD: return tf_dd2d_array(n, x->hi, incx, y, incy);
	case FMT_DS: return tf_ds2d_array(n, x->hi, x->lo, incx, y, incy);
	case FMT_DSP: return tf_dsp2d_array(n, x->hi, incx, y, incy);
	case FMT_DI: return tf_di2d_array(n, x->hi, x->lo, incx, y, incy);
	case FMT_DF: return tf_df2d_array(n, x->hi, incx, y, incy);
	case FMT_TS: return tf_ts2d_array(n, x->hi, incx, y, incy);
	default: harness_error("no format");
	}
}

/* ---- the doubles tried */

static double random_bits_double(void)
{
	uint64_t bits = rng_next();
	double d;
	memcpy(&d, &bits, sizeof d);
	return d;
}

static size_t make_doubles(double *d, size_t max)
{
	static const double edges[] = {
		0.0, 1.0, 1.0 / 3, 0.1, DBL_MAX, DBL_MIN, 0x1p-1074, 0x1.8p-1070, 0x1.fffffffffffffp-1023,
		FLT_MAX, 0x1.fffffep127 + 0x1p100, 0x1p128 - 0x1p103, 0x1p128 - 0x1p103 - 0x1p75,
		0x1p128 - 0x1p104, 0x1p128, 0x1p-97, 0x1.fffffffffffffp-98, 0x1p-102, 0x1.fffffffffffffp-103,
		0x1p-126, 0x1p-149, 0x1p-150, 0x1.0000000000001p-150, 0x1p-151, 1e-40, 0x1p181, 0x1p-73,
		0x1.ffffffp0, 0x1.000001p0, 0x1.0000008p0, 0x1.fffffffffffffp0, 0x1.ffffffffffffp47,
		0x1.fffffe0000001p0, 1e300, 1e-300,
	};
	size_t n = 0;
	for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
		d[n++] = edges[i];
		d[n++] = -edges[i];
	}
	d[n++] = INFINITY;
	d[n++] = -INFINITY;
	d[n++] = NAN;
	rng_seed(7);
	while (n < max) {
		switch (rng_int(0, 3)) {
		case 0: /* any bit pattern (NaNs included) */
			d[n++] = random_bits_double();
			break;
		case 1: /* float's range and a little beyond */
			d[n++] = ldexp(rng_unif() + 0.5, rng_int(-160, 130)) * (rng_next() & 1 ? 1 : -1);
			break;
		case 2: { /* a float plus a tail: ties and near-ties of the roundings */
			float f = (float)ldexp(rng_unif() + 0.5, rng_int(-100, 100));
			double tail = ldexp((double)f, -24) * (rng_int(0, 2) - 1) * 0.5;
			d[n++] = (double)f + tail + (rng_next() & 1 ? ldexp((double)f, -52) : 0);
			break;
		}
		default: /* exponents over the whole range */
			d[n++] = ldexp(rng_unif() + 0.5, rng_int(-1074, 1024)) * (rng_next() & 1 ? 1 : -1);
			break;
		}
	}
	return n;
}

static int same_bits(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

/* ---- checks of d -> format -> double */

static mpfr_t v, err;

static void check_one(enum format fmt, double d, struct array *one)
{
	const double threshold = 0x1p128 - 0x1p103;
	checks++;
	from_double(fmt, d, one, 0);
	int finite = elem_get(one, 0, v);
	double back = to_double(fmt, one, 0), ad = fabs(d);
	int float_range = format_info(fmt)->float_range;
	if (isnan(d)) {
		if (!isnan(elem_double(one, 0)) || !isnan(back))
			fail(fmt, "NaN became %a (back %a)", elem_double(one, 0), back);
		return;
	}
	if (isinf(d) || (float_range && ad >= threshold)) {
		/* Inf with d's sign */
		double lead = elem_double(one, 0);
		if (finite || !isinf(lead) || signbit(lead) != signbit(d) || !isinf(back) ||
		    signbit(back) != signbit(d))
			fail(fmt, "%a: expected %sInf, got %a (back %a)", d, d < 0 ? "-" : "+", lead,
			     back);
		return;
	}
	if (!finite) {
		if (fmt == FMT_DF && ad > FLT_MAX && isinf(elem_double(one, 0)))
			return; /* allowed between FLT_MAX and the threshold */
		fail(fmt, "%a: not finite", d);
		return;
	}
	mpfr_sub_d(err, v, d, MPFR_RNDN);
	double e = fabs(mpfr_get_d(err, MPFR_RNDU));
	if (d == 0) {
		if (!same_bits(back, d))
			fail(fmt, "%s0 came back as %s0", signbit(d) ? "-" : "+", signbit(back) ? "-" : "+");
		return;
	}
	switch (fmt) {
	case FMT_DF: {
		double bound = ad < 0x1p-102 ? 0x1p-150 : 0x1p-48 * ad;
		tf_df w = ((tf_df *)one->hi)[0];
		if (e > bound)
			fail(fmt, "%a: error %a, bound %a", d, e, bound);
		else if (mpfr_cmp_d(v, back) != 0)
			fail(fmt, "%a: back to double %a, not the value %a", d, back,
			     mpfr_get_d(v, MPFR_RNDN));
		else if (w.hi + w.lo != w.hi)
			fail(fmt, "%a: (%a, %a) not normalized", d, w.hi, w.lo);
		break;
	}
	case FMT_TS:
		if (ad >= 0x1p-97 ? e != 0 : e > 0x1p-150)
			fail(fmt, "%a: error %a", d, e);
		else if (ad >= 0x1p-97 && !same_bits(back, d))
			fail(fmt, "%a: back to double %a", d, back);
		break;
	default:
		if (e != 0 || !same_bits(back, d))
			fail(fmt, "%a: stored %a, back %a", d, mpfr_get_d(v, MPFR_RNDN), back);
		break;
	}
}

static const char *text(mpfr_srcptr x)
{
	static char buffer[80];
	mpfr_snprintf(buffer, sizeof buffer, "%.25Rg", x);
	return buffer;
}

/* Values of the format that are not doubles: back to the nearest double. */
static void check_nearest(enum format fmt, struct array *one)
{
	for (int i = 0; i < 20000; i++) {
		/* exponents where every word is a normal number of its type */
		static const int range[FMT_COUNT][2] = {
			[FMT_DD] = { -960, 1000 }, [FMT_DS] = { -70, 170 }, [FMT_DSP] = { -70, 170 },
			[FMT_DI] = { -900, 1000 }, [FMT_DF] = { -90, 120 }, [FMT_TS] = { -70, 120 },
		};
		rng_mp(v, range[fmt][0], range[fmt][1]);
		elem_set(one, 0, v);
		elem_get(one, 0, v);
		double back = to_double(fmt, one, 0), nearest = mpfr_get_d(v, MPFR_RNDN);
		checks++;
		if (fmt == FMT_TS) {
			mpfr_sub_d(err, v, back, MPFR_RNDN);
			double bound = 0x1p-53 * (1 + 0x1p-22) * fabs(nearest);
			if (!(fabs(mpfr_get_d(err, MPFR_RNDU)) <= bound))
				fail(fmt, "value %s: back %a, not within 2^-53(1 + 2^-22)", text(v), back);
		} else if (!same_bits(back, nearest))
			fail(fmt, "value %s: back %a, nearest %a", text(v), back, nearest);
	}
}

/* The array forms: the scalar forms' bits, strides of both signs, nothing
 * else written. */
static void check_arrays(enum format fmt, const double *d)
{
	static const int strides[][2] = { { 1, 1 }, { 2, -1 }, { -3, 2 }, { -1, -1 }, { 1, 3 } };
	const int n = 37;
	for (size_t s = 0; s < sizeof strides / sizeof strides[0]; s++) {
		int incx = strides[s][0], incy = strides[s][1];
		size_t sx = vec_span(n, incx), sy = vec_span(n, incy);
		double *x = xmalloc(sizeof(double) * sx), *back = xmalloc(sizeof(double) * sx);
		struct array y = array_new(fmt, sy), expect = array_new(fmt, sy);
		for (size_t i = 0; i < sx; i++)
			x[i] = back[i] = d[i % 1000];
		for (size_t i = 0; i < sy; i++)
			elem_set_d(&y, i, SENTINEL);
		struct array y0 = array_copy(&y);
		checks++;
		if (from_double_array(fmt, n, x, incx, &y, incy) != 0)
			fail(fmt, "d2%s_array returned nonzero", format_info(fmt)->name);
		for (int i = 0; i < n; i++) {
			from_double(fmt, x[vec_at(i, n, incx)], &expect, vec_at(i, n, incy));
			if (!array_same(&y, &expect, vec_at(i, n, incy)) && !isnan(x[vec_at(i, n, incx)]))
				fail(fmt, "d2*_array incx=%d incy=%d: element %d differs from the scalar"
				     " conversion", incx, incy, i + 1);
		}
		for (size_t p = 0; p < sy; p++)
			if (p % (size_t)abs(incy) != 0 && !array_same(&y, &y0, p))
				fail(fmt, "d2*_array incx=%d incy=%d: y[%zu] written", incx, incy, p);
		/* and back, the other way round (y's stride is now incx) */
		if (to_double_array(fmt, n, &y, incy, back, incx) != 0)
			fail(fmt, "*2d_array returned nonzero");
		for (int i = 0; i < n; i++) {
			double want = to_double(fmt, &y, vec_at(i, n, incy));
			double got = back[vec_at(i, n, incx)];
			if (!same_bits(got, want) && !(isnan(got) && isnan(want)))
				fail(fmt, "*2d_array: element %d is %a, the scalar form gives %a", i + 1,
				     got, want);
		}
		for (size_t p = 0; p < sx; p++)
			if (p % (size_t)abs(incx) != 0 && !same_bits(back[p], x[p]))
				fail(fmt, "*2d_array: x[%zu] written", p);
		/* n = 0: nothing */
		struct array y1 = array_copy(&y);
		if (from_double_array(fmt, 0, x, 1, &y, 1) != 0 || to_double_array(fmt, 0, &y, 1, back, 1) != 0)
			fail(fmt, "n = 0 returned nonzero");
		for (size_t p = 0; p < sy; p++)
			if (!array_same(&y, &y1, p))
				fail(fmt, "n = 0 wrote y[%zu]", p);
		free(x), free(back);
		array_free(&y), array_free(&y0), array_free(&y1), array_free(&expect);
	}
}

static void check_packed(void)
{
	rng_seed(11);
	for (int i = 0; i < 1000; i++) {
		tf_ds s = { random_bits_double(), (float)random_bits_double() };
		tf_ds_packed p = tf_dsp_set(s);
		tf_ds t = tf_dsp_get(p);
		double hi;
		float lo;
		memcpy(&hi, p.hi_words, sizeof hi);
		lo = p.lo;
		checks++;
		if (memcmp(&hi, &s.hi, sizeof hi) != 0 || memcmp(&lo, &s.lo, sizeof lo) != 0 ||
		    memcmp(&t.hi, &s.hi, sizeof hi) != 0 || memcmp(&t.lo, &s.lo, sizeof lo) != 0)
			fail(FMT_DSP, "tf_dsp_set/tf_dsp_get changed (%a, %a)", s.hi, (double)s.lo);
	}
	if (sizeof(tf_ds_packed) != 12)
		fail(FMT_DSP, "tf_ds_packed is %zu bytes, not 12", sizeof(tf_ds_packed));
}

int main(void)
{
	enum { COUNT_D = 100000 };
	double *d = xmalloc(sizeof(double) * COUNT_D);
	size_t n = make_doubles(d, COUNT_D);
	setvbuf(stdout, NULL, _IOLBF, 0);
	mpfr_init2(v, OUT_PREC);
	mpfr_init2(err, 64);
	printf("%% twofold %s: conversions double <-> format against MPFR, %zu doubles each\n",
	       tf_version(), n);
	for (int f = 0; f < FMT_COUNT; f++) {
		enum format fmt = (enum format)f;
		struct array one = array_new(fmt, 1);
		long before = failures, checked = checks;
		details = 0;
		for (size_t i = 0; i < n; i++)
			check_one(fmt, d[i], &one);
		rng_seed(100 + (uint64_t)f);
		check_nearest(fmt, &one);
		check_arrays(fmt, d);
		if (fmt == FMT_DSP)
			check_packed();
		printf("  %-4s %8ld checks %6ld failures  %s\n", format_info(fmt)->name,
		       checks - checked, failures - before, failures > before ? "FAIL" : "pass");
		array_free(&one);
	}
	printf("%% totals: checks=%ld failures=%ld\n", checks, failures);
	free(d);
	return failures ? 1 : 0;
}
