#include "config.h"

/* Unit test of twofold/arith_df.h against MPFR: every operation, on random
 * operands spread over float's range (within the range each operation
 * states), on operands built to cancel, and on edge cases (signed zeros,
 * subnormals, values next to the overflow threshold, Inf, NaN).  The bounds
 * checked are those stated in the header; u = 2^-24. */

#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "harness.h"
#include "twofold/arith_df.h"

#define U 0x1p-24
#define U2 0x1p-48

static struct rng rng;

/* A normalized DF (hi = fl(hi + lo)) with hi of exponent e. */
static tf_df random_df(int e)
{
	float hi = make_float(random_sign(&rng), e, random_fraction23(&rng));
	return tf_df_make(hi, random_tail_f(&rng, hi, 20));
}

static float nudge_f(float x, int k)
{
	return bits_to_float(float_to_bits(x) + (uint32_t)(int32_t)k);
}

static void sum_exponents(int *ea, int *eb, int lo, int hi)
{
	*ea = rng_range(&rng, lo, hi);
	switch (rng_below(&rng, 3)) {
	case 0:
		*eb = *ea;
		break;
	case 1:
		*eb = *ea + rng_range(&rng, -30, 30);
		if (*eb < lo)
			*eb = lo;
		if (*eb > hi)
			*eb = hi;
		break;
	default:
		*eb = rng_range(&rng, lo, hi);
	}
}

static void product_exponents(int *ea, int *eb, int lo, int hi, int fmin, int fmax)
{
	int ep = rng_range(&rng, lo, hi);
	int amin = ep - fmax > fmin ? ep - fmax : fmin;
	int amax = ep - fmin < fmax ? ep - fmin : fmax;
	*ea = rng_range(&rng, amin, amax);
	*eb = ep - *ea;
}

static const char *hex_df(tf_df x)
{
	static char buffers[4][64];
	static int next;
	char *b = buffers[next++ & 3];
	snprintf(b, sizeof buffers[0], "(%a, %a)", (double)x.hi, (double)x.lo);
	return b;
}

static int finite_df(tf_df x)
{
	return isfinite(x.hi) && isfinite(x.lo);
}

/* ---- edge cases ---- */

static tf_df edge_df[64];
static int edge_count;

static void edge_add(float hi, float lo)
{
	edge_df[edge_count++] = tf_df_make(hi, lo);
}

static void edge_init(void)
{
	static const float values[] = {
		0.0f, 0x1p-149f, 0x1.8p-140f, 0x0.fffffep-126f, 0x1p-126f, 0x1p-100f, 0x1p-76f,
		1.0f, 0x1.fffffep-1f, 0x1.000002p0f, 0x1p126f, 0x1.fffffep126f, 0x1p127f, FLT_MAX,
	};
	unsigned i;
	for (i = 0; i < sizeof values / sizeof values[0]; i++) {
		edge_add(values[i], 0.0f);
		edge_add(-values[i], 0.0f);
	}
	edge_add(-0.0f, -0.0f);
	edge_add(1.0f, 0x1p-24f);       /* a tie, hi even */
	edge_add(1.0f, -0x1p-25f);      /* below a power of two */
	edge_add(-1.0f, 0x1.fffffep-26f);
	edge_add(FLT_MAX, 0x1p102f);    /* just below the overflow threshold */
	edge_add(-FLT_MAX, -0x1p102f);
	edge_add(FLT_MAX, -0x1p102f);
	edge_add(0x1p-100f, 0x1p-130f); /* subnormal low word */
	edge_add(0x1p-126f, -0x1p-149f);
	edge_add(INFINITY, 0.0f);
	edge_add(-INFINITY, 0.0f);
	edge_add(NAN, 0.0f);
	edge_add(1.0f, NAN);
	edge_add(1.0f, INFINITY);
	edge_add(INFINITY, -INFINITY);
}

/* Where an operation's bound applies, as its comment states. */
enum range { IN_RANGE, OVERFLOW_RANGE, UNDERFLOW_RANGE };

/* The promises on an edge case (exact result in mp[2], result in mp[3],
 * scale in mp[4]): non-finite operands give a non-finite hi; in the range
 * the result is finite and meets the bound; beyond the overflow limits a
 * finite result still meets it (never a finite wrong value); below the
 * underflow limits nothing is promised.  A non-finite lo always comes with
 * a non-finite hi. */
static void edge_verdict(struct op *op, int operands_finite, enum range range, tf_df r,
			 double factor, double absolute, const char *operands)
{
	op->edges++;
	if (isfinite(r.hi) && !isfinite(r.lo)) {
		op_fail(op, "%s: finite hi with a non-finite lo, %s", operands, hex_df(r));
		return;
	}
	if (!operands_finite) {
		if (isfinite(r.hi))
			op_fail(op, "non-finite operands %s gave a finite result %s", operands,
				hex_df(r));
		return;
	}
	if (range == UNDERFLOW_RANGE) {
		op->outside++;
		return;
	}
	if (!isfinite(r.hi)) {
		if (range == IN_RANGE)
			op_fail(op, "%s: in range, non-finite result %s (exact %s)", operands,
				hex_df(r), hex_mp(mp[2]));
		return;
	}
	if (!check_bound(op, mp[3], mp[2], mp[4], factor, absolute))
		op_fail(op, "%s: expected %s, got %s, error %.4g of the bound", operands,
			hex_mp(mp[2]), hex_df(r), op->last_ratio);
}

/* ---- error-free transformations ---- */

enum eft { EFT_TWO_SUM, EFT_QUICK_TWO_SUM, EFT_TWO_PROD };

static tf_df run_eft(enum eft which, float a, float b)
{
	switch (which) {
	case EFT_TWO_SUM:
		return tf_two_sum_f(a, b);
	case EFT_QUICK_TWO_SUM:
		return tf_quick_two_sum_f(a, b);
	default:
		return tf_two_prod_f(a, b);
	}
}

static void check_eft(struct op *op, enum eft which, float a, float b, tf_df r, int edge)
{
	struct span s;
	float rounded;
	if (edge)
		op->edges++;
	if (!isfinite(a) || !isfinite(b)) {
		if (isfinite(r.hi))
			op_fail(op, "non-finite operands %a, %a gave a finite %a", (double)a, (double)b,
				(double)r.hi);
		return;
	}
	span_init(&s);
	span_f(&s, a);
	span_f(&s, b);
	span_f(&s, r.hi);
	span_f(&s, r.lo);
	if (which == EFT_TWO_PROD)
		span_prod(&s, a, b);
	span_prec(&s);
	EXACT(mpfr_set_d(mp[0], a, MPFR_RNDN));
	if (which == EFT_TWO_PROD)
		EXACT(mpfr_mul_d(mp[2], mp[0], b, MPFR_RNDN));
	else
		EXACT(mpfr_add_d(mp[2], mp[0], b, MPFR_RNDN));
	rounded = mpfr_get_flt(mp[2], MPFR_RNDN);
	if (!isfinite(r.hi)) {
		if (isfinite(rounded))
			op_fail(op, "%a, %a: spurious overflow, got %s", (double)a, (double)b, hex_df(r));
		return;
	}
	if (float_to_bits(rounded) != float_to_bits(r.hi) &&
	    !(rounded == 0 && r.hi == 0 && which != EFT_TWO_PROD))
		op_fail(op, "%a, %a: high word %a, not fl() = %a", (double)a, (double)b, (double)r.hi,
			(double)rounded);
	/* TwoProd is exact from 2^-102 on, as stated. */
	if (which == EFT_TWO_PROD && mpfr_cmp_d(mp[2], 0x1p-102) < 0 && mpfr_cmp_d(mp[2], -0x1p-102) > 0 &&
	    !mpfr_zero_p(mp[2]))
		return;
	mp_set_d2(mp[3], r.hi, r.lo);
	if (!check_exact(op, mp[3], mp[2]))
		op_fail(op, "%a, %a: got %s, not exact (expected %s)", (double)a, (double)b, hex_df(r),
			hex_mp(mp[2]));
}

static void test_eft(enum eft which, const char *name)
{
	struct op op;
	long i;
	int e, f;
	op_begin(&op, name, "exact", 1);
	for (i = 0; i < random_cases; i++) {
		float a, b;
		tf_df r;
		if (which == EFT_TWO_PROD) {
			product_exponents(&e, &f, -102, 126, -126, 127);
			a = random_float(&rng, e, e);
			b = random_float(&rng, f, f);
		} else {
			sum_exponents(&e, &f, -126, 126);
			a = random_float(&rng, e, e);
			b = random_float(&rng, f, f);
			if (rng_below(&rng, 8) == 0)
				b = nudge_f(-a, rng_range(&rng, -4, 4));
			if (which == EFT_QUICK_TWO_SUM && fabsf(a) < fabsf(b)) {
				float t = a;
				a = b;
				b = t;
			}
		}
		r = run_eft(which, a, b);
		hash_float(&op, r.hi);
		hash_float(&op, r.lo);
		if (check_mode)
			check_eft(&op, which, a, b, r, 0);
		op.cases++;
	}
	for (e = 0; e < edge_count; e++)
		for (f = 0; f < edge_count; f++) {
			float a = edge_df[e].hi, b = edge_df[f].hi;
			tf_df r;
			if (which == EFT_QUICK_TWO_SUM && !(fabsf(a) >= fabsf(b) || a == 0))
				continue;
			r = run_eft(which, a, b);
			hash_float(&op, r.hi);
			hash_float(&op, r.lo);
			if (check_mode)
				check_eft(&op, which, a, b, r, 1);
		}
	op_end(&op);
}

/* ---- DF operations ---- */

enum df_op { OP_ADD, OP_ADD_SLOPPY, OP_MUL, OP_MUL_F, OP_FMA };

static const struct {
	const char *name;
	const char *bound;
	double factor;
} df_ops[] = {
	[OP_ADD] = {"tf_df_add", "(3u^2 + 13u^3) |a+b|", 3 * U2 + 13 * U * U2},
	[OP_ADD_SLOPPY] = {"tf_df_add_sloppy", "(3 + 5u) u^2 (|a|+|b|)", (3 + 5 * U) * U2},
	[OP_MUL] = {"tf_df_mul", "4u^2 |ab|", 4 * U2},
	[OP_MUL_F] = {"tf_df_mul_f", "2u^2 |ab|", 2 * U2},
	[OP_FMA] = {"tf_df_fma", "(3 + 5u) u^2 (|acc|+|ab|)", (3 + 5 * U) * U2},
};

static tf_df run_df(enum df_op which, tf_df a, tf_df b, float c)
{
	switch (which) {
	case OP_ADD:
		return tf_df_add(a, b);
	case OP_ADD_SLOPPY:
		return tf_df_add_sloppy(a, b);
	case OP_MUL:
		return tf_df_mul(a, b);
	case OP_MUL_F:
		return tf_df_mul_f(a, b.hi);
	default:
		return tf_df_fma(a, b.hi, c);
	}
}

/* Exact result in mp[2], result in mp[3], scale in mp[4]; returns where the
 * case lies against the operation's stated range, and its text. */
static enum range form_df(enum df_op which, tf_df a, tf_df b, float c, tf_df r, const char **text)
{
	static char buffer[200];
	struct span s;
	double bl = which == OP_MUL_F || which == OP_FMA ? 0 : b.lo;
	span_init(&s);
	span_f(&s, a.hi);
	span_f(&s, a.lo);
	span_f(&s, b.hi);
	span_f(&s, b.lo);
	span_f(&s, c);
	if (finite_df(r)) {
		span_f(&s, r.hi);
		span_f(&s, r.lo);
	}
	span_prod(&s, a.hi, b.hi);
	span_prod(&s, a.lo, b.hi);
	span_prod(&s, a.hi, b.lo);
	span_prod(&s, a.lo, b.lo);
	span_prod(&s, b.hi, c);
	span_prec(&s);
	mp_set_d2(mp[0], a.hi, a.lo);
	mp_set_d2(mp[1], b.hi, bl);
	if (finite_df(r))
		mp_set_d2(mp[3], r.hi, r.lo);
	switch (which) {
	case OP_ADD:
		EXACT(mpfr_add(mp[2], mp[0], mp[1], MPFR_RNDN));
		mpfr_abs(mp[4], mp[2], MPFR_RNDN);
		break;
	case OP_ADD_SLOPPY:
		EXACT(mpfr_add(mp[2], mp[0], mp[1], MPFR_RNDN));
		mpfr_abs(mp[5], mp[0], MPFR_RNDN);
		mpfr_abs(mp[6], mp[1], MPFR_RNDN);
		EXACT(mpfr_add(mp[4], mp[5], mp[6], MPFR_RNDN));
		break;
	case OP_MUL:
	case OP_MUL_F:
		EXACT(mpfr_mul(mp[2], mp[0], mp[1], MPFR_RNDN));
		mpfr_abs(mp[4], mp[2], MPFR_RNDN);
		break;
	default:
		EXACT(mpfr_mul_d(mp[5], mp[1], c, MPFR_RNDN));
		EXACT(mpfr_add(mp[2], mp[0], mp[5], MPFR_RNDN));
		mpfr_abs(mp[6], mp[0], MPFR_RNDN);
		mpfr_abs(mp[5], mp[5], MPFR_RNDN);
		EXACT(mpfr_add(mp[4], mp[6], mp[5], MPFR_RNDN));
	}
	if (which == OP_FMA)
		snprintf(buffer, sizeof buffer, "acc = %s, a = %a, b = %a", hex_df(a), (double)b.hi,
			 (double)c);
	else if (which == OP_MUL_F)
		snprintf(buffer, sizeof buffer, "a = %s, b = %a", hex_df(a), (double)b.hi);
	else
		snprintf(buffer, sizeof buffer, "a = %s, b = %s", hex_df(a), hex_df(b));
	*text = buffer;
	/* The ranges stated in the header. */
	switch (which) {
	case OP_ADD:
	case OP_ADD_SLOPPY:
		mpfr_abs(mp[5], mp[0], MPFR_RNDN);
		mpfr_abs(mp[6], mp[1], MPFR_RNDN);
		mpfr_add(mp[5], mp[5], mp[6], MPFR_RNDU);
		return mpfr_cmp_d(mp[5], 0x1p127) <= 0 ? IN_RANGE : OVERFLOW_RANGE;
	case OP_MUL:
		if (fabs((double)a.hi * b.hi) > 0x1p126 || mpfr_cmp_d(mp[4], 0x1p126) > 0)
			return OVERFLOW_RANGE;
		return mpfr_cmp_d(mp[4], 0x1p-76) >= 0 || mpfr_zero_p(mp[4]) ? IN_RANGE : UNDERFLOW_RANGE;
	case OP_MUL_F:
		if (fabs((double)a.hi * b.hi) > 0x1p126 || mpfr_cmp_d(mp[4], 0x1p126) > 0)
			return OVERFLOW_RANGE;
		return mpfr_cmp_d(mp[4], 0x1p-100) >= 0 || mpfr_zero_p(mp[4]) ? IN_RANGE : UNDERFLOW_RANGE;
	default: {
		double p = fabs((double)b.hi * c);
		if (mpfr_cmp_d(mp[4], 0x1p127) > 0)
			return OVERFLOW_RANGE;
		if ((p != 0 && p < 0x1p-100) || (a.hi != 0 && fabsf(a.hi) < FLT_MIN))
			return UNDERFLOW_RANGE;
		return IN_RANGE;
	}
	}
}

static void check_df(struct op *op, enum df_op which, tf_df a, tf_df b, float c, tf_df r)
{
	const char *operands;
	form_df(which, a, b, c, r, &operands);
	if (!check_bound(op, mp[3], mp[2], mp[4], df_ops[which].factor, 0))
		op_fail(op, "%s: expected %s, got %s, error %.4g of the bound", operands,
			hex_mp(mp[2]), hex_df(r), op->last_ratio);
	if (r.hi + r.lo != r.hi)
		op_fail(op, "%s: result %s not normalized", operands, hex_df(r));
}

static void random_df_operands(enum df_op which, tf_df *a, tf_df *b, float *c)
{
	int e, f;
	*c = 0;
	switch (which) {
	case OP_ADD:
	case OP_ADD_SLOPPY:
		/* Sums down to the subnormal range: additions are exact there. */
		sum_exponents(&e, &f, -126, 125);
		*a = random_df(e);
		*b = random_df(f);
		if (rng_below(&rng, 8) == 0) {
			b->hi = nudge_f(-a->hi, rng_range(&rng, -4, 4));
			if (b->hi + b->lo != b->hi)
				b->lo = 0;
		}
		break;
	case OP_MUL:
		product_exponents(&e, &f, -75, 125, -100, 127);
		*a = random_df(e);
		*b = random_df(f);
		break;
	case OP_MUL_F:
		product_exponents(&e, &f, -99, 125, -100, 127);
		*a = random_df(e);
		b->hi = random_float(&rng, f, f);
		b->lo = 0;
		break;
	default: {
		int g, h;
		sum_exponents(&e, &f, -99, 125);
		*a = random_df(e);
		product_exponents(&g, &h, f, f, -126, 127);
		b->hi = random_float(&rng, g, g);
		*c = random_float(&rng, h, h);
		b->lo = 0;
		if (rng_below(&rng, 8) == 0) {
			/* acc = -(b.hi * c), rounded, with or without its error. */
			float p = b->hi * *c;
			a->hi = -p;
			a->lo = rng_below(&rng, 2) ? -fmaf(b->hi, *c, -p) : 0;
			if (a->hi + a->lo != a->hi)
				a->lo = 0;
		}
	}
	}
}

static void test_df(enum df_op which)
{
	struct op op;
	long i;
	int e, f;
	op_begin(&op, df_ops[which].name, df_ops[which].bound, 0);
	for (i = 0; i < random_cases; i++) {
		tf_df a, b, r;
		float c;
		random_df_operands(which, &a, &b, &c);
		r = run_df(which, a, b, c);
		hash_float(&op, r.hi);
		hash_float(&op, r.lo);
		if (check_mode)
			check_df(&op, which, a, b, c, r);
		op.cases++;
	}
	for (e = 0; e < edge_count; e++)
		for (f = 0; f < edge_count; f++) {
			tf_df a = edge_df[e], b = edge_df[f], r;
			float c = which == OP_FMA ? edge_df[(e + f) % edge_count].hi : 0;
			const char *operands;
			enum range range;
			if (which == OP_MUL_F || which == OP_FMA)
				b.lo = 0;
			r = run_df(which, a, b, c);
			hash_float(&op, r.hi);
			hash_float(&op, r.lo);
			if (!check_mode)
				continue;
			if (finite_df(a) && finite_df(b) && isfinite(c)) {
				range = form_df(which, a, b, c, r, &operands);
				edge_verdict(&op, 1, range, r, df_ops[which].factor, 0, operands);
			} else {
				char text[200];
				snprintf(text, sizeof text, "%s, %s, %a", hex_df(a), hex_df(b), (double)c);
				edge_verdict(&op, 0, IN_RANGE, r, 0, 0, text);
			}
		}
	op_end(&op);
}

/* ---- conversions ---- */

/* double -> DF: u^2 |d| for 2^-102 <= |d| <= FLT_MAX, 2^-150 below 2^-102,
 * exact zeros with their sign; above FLT_MAX, +-Inf or the bound. */
#define FLT_THRESHOLD 0x1.ffffffp127 /* 2^128 - 2^103 */

static void check_from_double(struct op *op, double d, tf_df r)
{
	struct span s;
	if (isfinite(r.hi) && !isfinite(r.lo))
		op_fail(op, "%a: finite hi with a non-finite lo, %s", d, hex_df(r));
	if (!isfinite(d) || fabs(d) > FLT_THRESHOLD) {
		if (isfinite(r.hi) || r.lo != 0)
			op_fail(op, "%a (beyond float's range) gave %s, not a non-finite hi and lo = 0", d,
				hex_df(r));
		return;
	}
	if (!isfinite(r.hi)) {
		if (fabs(d) <= FLT_MAX || r.lo != 0)
			op_fail(op, "%a: non-finite result %s", d, hex_df(r));
		return;
	}
	if (d == 0) {
		if (double_to_bits((double)r.hi) != double_to_bits(d) ||
		    double_to_bits((double)r.lo) != double_to_bits(d))
			op_fail(op, "%a gave %s, not the same zero in both words", d, hex_df(r));
		return;
	}
	span_init(&s);
	span_d(&s, d);
	span_f(&s, r.hi);
	span_f(&s, r.lo);
	span_prec(&s);
	EXACT(mpfr_set_d(mp[2], d, MPFR_RNDN));
	mp_set_d2(mp[3], r.hi, r.lo);
	mpfr_abs(mp[4], mp[2], MPFR_RNDN);
	if (!(fabs(d) >= 0x1p-102 ? check_bound(op, mp[3], mp[2], mp[4], U2, 0)
				  : check_bound(op, mp[3], mp[2], mp[4], 0, 0x1p-150)))
		op_fail(op, "%a: got %s, error %.4g of the bound", d, hex_df(r), op->last_ratio);
	if (r.hi + r.lo != r.hi)
		op_fail(op, "%a: result %s not normalized", d, hex_df(r));
}

static void test_from_double(void)
{
	static const double edges[] = {
		0.0, -0.0, 0x1p-1074, 0x1p-1022, 0x1p-160, 0x1.fffffffffffffp-150, 0x1p-150,
		0x1.0000000000001p-150, 0x1.23456789abcdep-130, 0x1p-126, 0x1.fffffffffffffp-127,
		0x1p-102, 0x1.fffffffffffffp-103, 1.0, 0x1.000000fffffffp0, 0x1.0000008p0, 0x1.ffffffp0,
		(double)FLT_MAX, 0x1.fffffe8p127, 0x1.ffffffp127, 0x1.fffffefffffffp127, 0x1p128, 0x1p994,
		0x1p1000, DBL_MAX, INFINITY, NAN,
	};
	struct op main_op, ends;
	long i, n = random_cases + random_cases / 4;
	unsigned k, edge_total = 2 * (sizeof edges / sizeof edges[0]);
	op_begin(&main_op, "tf_df_from_double", "u^2 |d| for 2^-102 <= |d| <= FLT_MAX", 0);
	op_begin(&ends, "tf_df_from_double/ends", "2^-150 below 2^-102; Inf above FLT_MAX", 0);
	for (i = 0; i < n + edge_total; i++) {
		struct op *op;
		double d;
		tf_df r;
		k = (unsigned)(i - n);
		if (i >= n)
			d = k & 1 ? -edges[k / 2] : edges[k / 2];
		else if (i < random_cases)
			d = random_double(&rng, -102, 127); /* the main range */
		else
			d = random_double(&rng, -170, -103); /* below it */
		r = tf_df_from_double(d);
		op = fabs(d) >= 0x1p-102 && fabs(d) <= FLT_MAX ? &main_op : &ends;
		hash_float(op, r.hi);
		hash_float(op, r.lo);
		if (i >= n)
			op->edges++;
		else
			op->cases++;
		if (check_mode)
			check_from_double(op, d, r);
	}
	op_end(&main_op);
	op_end(&ends);
}

static void test_to_double(void)
{
	struct op op;
	long i;
	op_begin(&op, "tf_df_to_double", "fl(hi + lo), correctly rounded", 1);
	for (i = 0; i < random_cases + edge_count; i++) {
		int edge = i >= random_cases;
		tf_df a = edge ? edge_df[i - random_cases] : random_df(rng_range(&rng, -126, 127));
		double r = tf_df_to_double(a);
		double expected;
		struct span s;
		hash_double(&op, r);
		if (edge)
			op.edges++;
		else
			op.cases++;
		if (!check_mode)
			continue;
		if (!finite_df(a)) {
			if (isfinite(r))
				op_fail(&op, "non-finite %s gave %a", hex_df(a), r);
			continue;
		}
		span_init(&s);
		span_f(&s, a.hi);
		span_f(&s, a.lo);
		span_prec(&s);
		mp_set_d2(mp[2], a.hi, a.lo);
		expected = mpfr_get_d(mp[2], MPFR_RNDN);
		if (mpfr_zero_p(mp[2]))
			expected = (double)a.hi + (double)a.lo; /* the IEEE sign of a zero sum */
		if (double_to_bits(expected) != double_to_bits(r))
			op_fail(&op, "%s: expected %a, got %a", hex_df(a), expected, r);
	}
	op_end(&op);
}

static void test_make(void)
{
	struct op op;
	int i;
	op_begin(&op, "tf_df_make", "stores hi and lo", 1);
	for (i = 0; i < edge_count; i++) {
		tf_df a = tf_df_make(edge_df[i].hi, edge_df[i].lo);
		hash_float(&op, a.hi);
		hash_float(&op, a.lo);
		op.edges++;
		if (check_mode && (float_to_bits(a.hi) != float_to_bits(edge_df[i].hi) ||
				   float_to_bits(a.lo) != float_to_bits(edge_df[i].lo)))
			op_fail(&op, "%s stored as %s", hex_df(edge_df[i]), hex_df(a));
	}
	op_end(&op);
}

int main(int argc, char **argv)
{
	harness_start(argc, argv, "arith_df.h");
	rng_seed(&rng, 0x7466646631ull);
	edge_init();
	test_make();
	test_eft(EFT_TWO_SUM, "tf_two_sum_f");
	test_eft(EFT_QUICK_TWO_SUM, "tf_quick_two_sum_f");
	test_eft(EFT_TWO_PROD, "tf_two_prod_f");
	test_df(OP_ADD);
	test_df(OP_ADD_SLOPPY);
	test_df(OP_MUL);
	test_df(OP_MUL_F);
	test_df(OP_FMA);
	test_from_double();
	test_to_double();
	return harness_finish();
}
