#include "config.h"

/* Unit test of twofold/arith_ts.h against MPFR: renormalization (exact, and
 * the normalization it promises), addition and multiplication on random
 * normalized operands over float's range (within the ranges stated), on
 * operands that cancel, and on edge cases; the conversions to and from
 * double and DD.  u = 2^-24, u^3 = 2^-72. */

#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "harness.h"
#include "twofold/arith_ts.h"

#define U3 0x1p-72
#define FLT_THRESHOLD 0x1.ffffffp127 /* 2^128 - 2^103 */

static struct rng rng;

static const char *hex_ts(tf_ts t)
{
	static char buffers[4][96];
	static int next;
	char *b = buffers[next++ & 3];
	snprintf(b, sizeof buffers[0], "(%a, %a, %a)", (double)t.x, (double)t.y, (double)t.z);
	return b;
}

static int finite_ts(tf_ts t)
{
	return isfinite(t.x) && isfinite(t.y) && isfinite(t.z);
}

/* The normalization of the header: |y| <= (1 + 2^-20) ulp(x)/2,
 * |z| <= ulp(y)/2, x = 0 => y = z = 0. */
static int normalized(tf_ts t)
{
	if (t.x == 0)
		return t.y == 0 && t.z == 0;
	return fabs((double)t.y) <= (1 + 0x1p-20) * ulp_f(t.x) / 2 &&
	       (t.y == 0 ? t.z == 0 : fabs((double)t.z) <= ulp_f(t.y) / 2);
}

/* A normalized TS whose x has exponent e: y and z from random_tail_f, or,
 * one time in four, the renormalization of three overlapping floats. */
static tf_ts random_ts(int e)
{
	float x = make_float(random_sign(&rng), e, random_fraction23(&rng));
	float y = random_tail_f(&rng, x, 20);
	if (rng_below(&rng, 4) == 0 && e - 30 >= -126 && e <= 125)
		return tf_ts_renorm(x, make_float(random_sign(&rng), e - rng_range(&rng, 0, 30),
						  random_fraction23(&rng)),
				    y);
	return tf_ts_make(x, y, random_tail_f(&rng, y, 20));
}

static void span_ts(struct span *s, tf_ts t)
{
	span_f(s, t.x);
	span_f(s, t.y);
	span_f(s, t.z);
}

static void span_prod_ts(struct span *s, tf_ts a, tf_ts b)
{
	const float wa[3] = {a.x, a.y, a.z}, wb[3] = {b.x, b.y, b.z};
	int i, j;
	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++)
			span_prod(s, wa[i], wb[j]);
}

static void mp_set_ts(mpfr_ptr r, tf_ts t)
{
	mp_set_d3(r, t.x, t.y, t.z);
}

/* ---- edge cases ---- */

static tf_ts edge_ts[64];
static int edge_count;

static void edge_add(float x, float y, float z)
{
	edge_ts[edge_count++] = tf_ts_make(x, y, z);
}

static void edge_init(void)
{
	static const float values[] = {
		0.0f, 0x1p-149f, 0x1.8p-140f, 0x1p-126f, 0x1p-100f, 0x1p-50f, 1.0f, 0x1.fffffep-1f,
		0x1p126f, 0x1p127f, FLT_MAX,
	};
	unsigned i;
	for (i = 0; i < sizeof values / sizeof values[0]; i++) {
		edge_add(values[i], 0, 0);
		edge_add(-values[i], 0, 0);
	}
	edge_add(-0.0f, -0.0f, -0.0f);
	edge_add(1.0f, 0x1p-24f, 0x1p-48f);
	edge_add(1.0f, -0x1p-25f, 0x1p-49f);
	edge_add(-1.0f, 0x1.fffffep-26f, -0x1.fffffep-51f);
	edge_add(0x1.fffffep0f, 0x1.fffffep-25f, 0x1.fffffep-49f);
	edge_add(FLT_MAX, 0x1p102f, 0x1p78f);
	edge_add(-FLT_MAX, -0x1p102f, -0x1p78f);
	edge_add(0x1p-100f, 0x1p-125f, 0x1p-149f);
	edge_add(0x1p-126f, -0x1p-149f, 0.0f);
	edge_add(INFINITY, 0, 0);
	edge_add(-INFINITY, 0, 0);
	edge_add(NAN, 0, 0);
	edge_add(1.0f, NAN, 0);
	edge_add(1.0f, 0, INFINITY);
}

/* ---- renormalization ---- */

static float random_word(int e)
{
	if (e < -126) /* subnormal */
		return bits_to_float((uint32_t)random_sign(&rng) << 31 |
				     (uint32_t)(rng_next(&rng) & ((UINT64_C(1) << (e + 150)) - 1)));
	return make_float(random_sign(&rng), e, random_fraction23(&rng));
}

static void test_renorm(void)
{
	struct op op;
	long i;
	int j, k, l;
	op_begin(&op, "tf_ts_renorm", "exact, normalized", 1);
	for (i = 0; i < random_cases + edge_count * edge_count * 3; i++) {
		int edge = i >= random_cases;
		float a, b, c;
		tf_ts r;
		struct span s;
		if (edge) {
			long m = i - random_cases;
			j = (int)(m % edge_count);
			k = (int)(m / edge_count % edge_count);
			l = (int)(m / edge_count / edge_count);
			a = edge_ts[j].x;
			b = edge_ts[k].x;
			c = l == 0 ? edge_ts[(j + k) % edge_count].x : l == 1 ? -a : -b;
		} else {
			/* Overlapping, spread, cancelling, in any order. */
			int e = rng_range(&rng, -149, 124);
			int spread = rng_below(&rng, 3) == 0 ? 60 : 26;
			int eb = e - rng_range(&rng, 0, spread), ec = e - rng_range(&rng, 0, spread);
			a = random_word(e);
			b = random_word(eb < -149 ? -149 : eb);
			c = random_word(ec < -149 ? -149 : ec);
			if (rng_below(&rng, 4) == 0)
				b = -a + (rng_below(&rng, 2) ? c : 0);
			switch (rng_below(&rng, 3)) {
			case 1: {
				float t = a;
				a = c;
				c = t;
				break;
			}
			case 2: {
				float t = a;
				a = b;
				b = t;
				break;
			}
			}
		}
		r = tf_ts_renorm(a, b, c);
		hash_float(&op, r.x);
		hash_float(&op, r.y);
		hash_float(&op, r.z);
		if (edge)
			op.edges++;
		else
			op.cases++;
		if (!check_mode)
			continue;
		if (!isfinite(a) || !isfinite(b) || !isfinite(c)) {
			if (isfinite(r.x))
				op_fail(&op, "non-finite %a, %a, %a gave %s", (double)a, (double)b, (double)c,
					hex_ts(r));
			continue;
		}
		if (fabs((double)a) + fabs((double)b) + fabs((double)c) > 0x1p127) {
			op.outside++;
			continue;
		}
		span_init(&s);
		span_f(&s, a);
		span_f(&s, b);
		span_f(&s, c);
		span_ts(&s, r);
		span_prec(&s);
		mp_set_d3(mp[2], a, b, c);
		mp_set_ts(mp[3], r);
		if (!finite_ts(r) || !check_exact(&op, mp[3], mp[2]))
			op_fail(&op, "%a, %a, %a: got %s, not exact (expected %s)", (double)a, (double)b,
				(double)c, hex_ts(r), hex_mp(mp[2]));
		else if (!normalized(r))
			op_fail(&op, "%a, %a, %a: got %s, not normalized", (double)a, (double)b, (double)c,
				hex_ts(r));
	}
	op_end(&op);
}

/* ---- addition and multiplication ---- */

enum ts_op { OP_ADD, OP_MUL };

static const struct {
	const char *name;
	const char *bound;
	double factor;
} ts_ops[] = {
	[OP_ADD] = {"tf_ts_add", "(8 + 2^-13) u^3 (|a|+|b|)", (8 + 0x1p-13) * U3},
	[OP_MUL] = {"tf_ts_mul", "(28 + 2^-8) u^3 |ab|", (28 + 0x1p-8) * U3},
};

enum range { IN_RANGE, OVERFLOW_RANGE, UNDERFLOW_RANGE };

/* Exact result in mp[2], result in mp[3], scale in mp[4]; where the case
 * lies against the stated range. */
static enum range form_ts(enum ts_op which, tf_ts a, tf_ts b, tf_ts r)
{
	struct span s;
	span_init(&s);
	span_ts(&s, a);
	span_ts(&s, b);
	if (finite_ts(r))
		span_ts(&s, r);
	if (which == OP_MUL)
		span_prod_ts(&s, a, b);
	span_prec(&s);
	mp_set_ts(mp[0], a);
	mp_set_ts(mp[1], b);
	if (finite_ts(r))
		mp_set_ts(mp[3], r);
	if (which == OP_ADD) {
		EXACT(mpfr_add(mp[2], mp[0], mp[1], MPFR_RNDN));
		mpfr_abs(mp[5], mp[0], MPFR_RNDN);
		mpfr_abs(mp[6], mp[1], MPFR_RNDN);
		EXACT(mpfr_add(mp[4], mp[5], mp[6], MPFR_RNDN));
		return mpfr_cmp_d(mp[4], 0x1p126) <= 0 ? IN_RANGE : OVERFLOW_RANGE;
	}
	EXACT(mpfr_mul(mp[2], mp[0], mp[1], MPFR_RNDN));
	mpfr_abs(mp[4], mp[2], MPFR_RNDN);
	{
		double p = fabs((double)a.x * (double)b.x);
		if (p > 0x1p126)
			return OVERFLOW_RANGE;
		return p >= 0x1p-50 || mpfr_zero_p(mp[2]) ? IN_RANGE : UNDERFLOW_RANGE;
	}
}

static void random_operands(enum ts_op which, tf_ts *a, tf_ts *b)
{
	int ea = rng_range(&rng, -126, 124), eb;
	if (which == OP_ADD) {
		switch (rng_below(&rng, 4)) {
		case 0:
			eb = ea;
			break;
		case 1:
			eb = ea + rng_range(&rng, -30, 30);
			break;
		default:
			eb = rng_range(&rng, -126, 124);
		}
		eb = eb < -126 ? -126 : eb > 124 ? 124 : eb;
		*a = random_ts(ea);
		*b = random_ts(eb);
		switch (rng_below(&rng, 8)) {
		case 0: /* cancellation of the x */
			b->x = -a->x;
			break;
		case 1: /* of the x and the y */
			b->x = -a->x;
			b->y = -a->y;
			break;
		}
		if (!normalized(*b))
			*b = tf_ts_renorm(b->x, b->y, b->z);
	} else {
		int ep = rng_range(&rng, -50, 125);
		int amin = ep - 127 > -76 ? ep - 127 : -76, amax = ep + 76 < 127 ? ep + 76 : 127;
		ea = rng_range(&rng, amin, amax);
		*a = random_ts(ea);
		*b = random_ts(ep - ea);
	}
}

static tf_ts run_ts(enum ts_op which, tf_ts a, tf_ts b)
{
	return which == OP_ADD ? tf_ts_add(a, b) : tf_ts_mul(a, b);
}

static void test_ts(enum ts_op which)
{
	struct op op;
	long i;
	int e, f;
	op_begin(&op, ts_ops[which].name, ts_ops[which].bound, 0);
	for (i = 0; i < random_cases; i++) {
		tf_ts a, b, r;
		random_operands(which, &a, &b);
		r = run_ts(which, a, b);
		hash_float(&op, r.x);
		hash_float(&op, r.y);
		hash_float(&op, r.z);
		op.cases++;
		if (!check_mode)
			continue;
		form_ts(which, a, b, r);
		if (!check_bound(&op, mp[3], mp[2], mp[4], ts_ops[which].factor, 0))
			op_fail(&op, "a = %s, b = %s: expected %s, got %s, error %.4g of the bound",
				hex_ts(a), hex_ts(b), hex_mp(mp[2]), hex_ts(r), op.last_ratio);
		if (!normalized(r))
			op_fail(&op, "a = %s, b = %s: result %s not normalized", hex_ts(a), hex_ts(b),
				hex_ts(r));
	}
	for (e = 0; e < edge_count; e++)
		for (f = 0; f < edge_count; f++) {
			tf_ts a = edge_ts[e], b = edge_ts[f], r = run_ts(which, a, b);
			enum range range;
			hash_float(&op, r.x);
			hash_float(&op, r.y);
			hash_float(&op, r.z);
			op.edges++;
			if (!check_mode)
				continue;
			if (isfinite(r.x) && !finite_ts(r)) {
				op_fail(&op, "a = %s, b = %s: finite x in %s", hex_ts(a), hex_ts(b), hex_ts(r));
				continue;
			}
			if (!finite_ts(a) || !finite_ts(b)) {
				if (isfinite(r.x))
					op_fail(&op, "non-finite a = %s, b = %s gave %s", hex_ts(a), hex_ts(b),
						hex_ts(r));
				continue;
			}
			range = form_ts(which, a, b, r);
			if (range == UNDERFLOW_RANGE) {
				op.outside++;
				continue;
			}
			if (!finite_ts(r)) {
				if (range == IN_RANGE)
					op_fail(&op, "a = %s, b = %s: in range, non-finite %s", hex_ts(a),
						hex_ts(b), hex_ts(r));
				continue;
			}
			if (!check_bound(&op, mp[3], mp[2], mp[4], ts_ops[which].factor, 0))
				op_fail(&op, "a = %s, b = %s: expected %s, got %s, error %.4g of the bound",
					hex_ts(a), hex_ts(b), hex_mp(mp[2]), hex_ts(r), op.last_ratio);
			else if (!normalized(r))
				op_fail(&op, "a = %s, b = %s: result %s not normalized", hex_ts(a),
					hex_ts(b), hex_ts(r));
		}
	op_end(&op);
}

/* ---- conversions ---- */

static void check_from_double(struct op *op, double d, tf_ts r)
{
	struct span s;
	if (isfinite(r.x) && !finite_ts(r)) {
		op_fail(op, "%a: finite x in %s", d, hex_ts(r));
		return;
	}
	if (!isfinite(d) || fabs(d) >= FLT_THRESHOLD) {
		if (isfinite(r.x) || r.y != 0 || r.z != 0)
			op_fail(op, "%a gave %s, not a non-finite x with y = z = 0", d, hex_ts(r));
		return;
	}
	if (!finite_ts(r)) {
		op_fail(op, "%a: non-finite result %s", d, hex_ts(r));
		return;
	}
	if (d == 0) {
		if (float_to_bits(r.x) != float_to_bits((float)d) || float_to_bits(r.y) != float_to_bits((float)d) ||
		    float_to_bits(r.z) != float_to_bits((float)d))
			op_fail(op, "%a gave %s, not the same zero in all words", d, hex_ts(r));
		return;
	}
	span_init(&s);
	span_d(&s, d);
	span_ts(&s, r);
	span_prec(&s);
	EXACT(mpfr_set_d(mp[2], d, MPFR_RNDN));
	mp_set_ts(mp[3], r);
	mpfr_abs(mp[4], mp[2], MPFR_RNDN);
	if (fabs(d) >= 0x1p-97) {
		if (!check_exact(op, mp[3], mp[2]))
			op_fail(op, "%a: got %s, not exact", d, hex_ts(r));
	} else if (!check_bound(op, mp[3], mp[2], mp[4], 0, 0x1p-150))
		op_fail(op, "%a: got %s, error %.4g of the bound 2^-150", d, hex_ts(r), op->last_ratio);
	if (!normalized(r))
		op_fail(op, "%a: result %s not normalized", d, hex_ts(r));
}

static void test_from_double(void)
{
	static const double edges[] = {
		0.0, 0x1p-1074, 0x1p-160, 0x1p-150, 0x1.0000000000001p-150, 0x1.23456789abcdep-130,
		0x1p-126, 0x1.fffffffffffffp-98, 0x1p-97, 0x1.fffffffffffffp-97, 1.0, 0x1.fffffffffffffp0,
		0x1.000000fffffffp0, 0x1.0000008p0, (double)FLT_MAX, 0x1.fffffefffffffp127,
		0x1.fffffe8p127, 0x1.ffffffp127, 0x1p128, 0x1p1000, DBL_MAX, INFINITY, NAN,
	};
	struct op main_op, ends;
	long i, n = random_cases + random_cases / 4;
	unsigned k, edge_total = 2 * (sizeof edges / sizeof edges[0]);
	op_begin(&main_op, "tf_ts_from_double", "exact for 2^-97 <= |d| < 2^128 - 2^103", 1);
	op_begin(&ends, "tf_ts_from_double/ends", "2^-150 below 2^-97; Inf from 2^128 - 2^103", 0);
	for (i = 0; i < n + edge_total; i++) {
		struct op *op;
		double d;
		tf_ts r;
		k = (unsigned)(i - n);
		if (i >= n)
			d = k & 1 ? -edges[k / 2] : edges[k / 2];
		else if (i < random_cases)
			d = random_double(&rng, -97, 127);
		else
			d = random_double(&rng, -170, -98);
		r = tf_ts_from_double(d);
		op = fabs(d) >= 0x1p-97 && fabs(d) < FLT_THRESHOLD ? &main_op : &ends;
		hash_float(op, r.x);
		hash_float(op, r.y);
		hash_float(op, r.z);
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
	op_begin(&op, "tf_ts_to_double", "2^-53 (1 + 2^-22) |x|", 0);
	for (i = 0; i < random_cases + edge_count; i++) {
		int edge = i >= random_cases;
		tf_ts a = edge ? edge_ts[i - random_cases] : random_ts(rng_range(&rng, -126, 127));
		double r = tf_ts_to_double(a);
		struct span s;
		hash_double(&op, r);
		if (edge)
			op.edges++;
		else
			op.cases++;
		if (!check_mode)
			continue;
		if (!finite_ts(a)) {
			if (isfinite(r))
				op_fail(&op, "non-finite %s gave %a", hex_ts(a), r);
			continue;
		}
		span_init(&s);
		span_ts(&s, a);
		span_d(&s, r);
		span_prec(&s);
		mp_set_ts(mp[2], a);
		EXACT(mpfr_set_d(mp[3], r, MPFR_RNDN));
		mpfr_abs(mp[4], mp[2], MPFR_RNDN);
		if (mpfr_zero_p(mp[2])) {
			double zero = (double)a.x + ((double)a.y + (double)a.z);
			if (double_to_bits(r) != double_to_bits(zero))
				op_fail(&op, "%s gave %a, not %a", hex_ts(a), r, zero);
		} else if (!check_bound(&op, mp[3], mp[2], mp[4], 0x1p-53 * (1 + 0x1p-22), 0))
			op_fail(&op, "%s: expected %s, got %a, error %.4g of the bound", hex_ts(a),
				hex_mp(mp[2]), r, op.last_ratio);
	}
	op_end(&op);
}

static tf_dd random_dd(int e)
{
	double hi = make_double(random_sign(&rng), e, random_fraction52(&rng));
	return tf_dd_make(hi, random_tail_d(&rng, hi, 60));
}

static void test_from_dd(void)
{
	static const double pairs[][2] = {
		{0.0, 0.0}, {-0.0, -0.0}, {-0.0, 0.0}, {0x1p-1074, 0.0}, {0x1p-150, 0x1p-210},
		{0x1p-150, 0.0}, {0x1p-149, 0x1p-203}, {0x1p-78, 0x1p-140}, {1.0, 0x1p-53},
		{0x1.000000fffffffp0, -0x1.fffffffffffffp-54}, {0x1.0000008p0, 0x1p-54},
		{(double)FLT_MAX, 0x1p75}, {0x1.fffffefffffffp127, 0x1p74}, {0x1.ffffffp127, 0.0},
		{0x1p200, 0.0}, {INFINITY, 0.0}, {NAN, 0.0}, {1.0, NAN},
	};
	struct op main_op, ends;
	long i, m = random_cases + random_cases / 4;
	unsigned n = 2 * (sizeof pairs / sizeof pairs[0]);
	op_begin(&main_op, "tf_ts_from_dd", "2^-72 (1 + 2^-26) |x| + 2^-149, |x| >= 2^-78", 0);
	op_begin(&ends, "tf_ts_from_dd/ends", "the same, below 2^-78 and beyond", 0);
	for (i = 0; i < m + n; i++) {
		int edge = i >= m;
		unsigned k = (unsigned)(i - m);
		tf_dd a = edge ? tf_dd_make(k & 1 ? -pairs[k / 2][0] : pairs[k / 2][0],
					    k & 1 ? -pairs[k / 2][1] : pairs[k / 2][1])
			       : random_dd(i < random_cases ? rng_range(&rng, -78, 127)
							    : rng_range(&rng, -170, -79));
		tf_ts r = tf_ts_from_dd(a);
		struct span s;
		struct op *op = fabs(a.hi) >= 0x1p-78 && fabs(a.hi) <= FLT_MAX ? &main_op : &ends;
		hash_float(op, r.x);
		hash_float(op, r.y);
		hash_float(op, r.z);
		if (edge)
			op->edges++;
		else
			op->cases++;
		if (!check_mode)
			continue;
		if (isfinite(r.x) && !finite_ts(r)) {
			op_fail(op, "%a, %a: finite x in %s", a.hi, a.lo, hex_ts(r));
			continue;
		}
		if (!isfinite(a.lo) && isfinite(a.hi)) {
			if (isfinite(r.x))
				op_fail(op, "(%a, %a) gave %s, not a non-finite x", a.hi, a.lo, hex_ts(r));
			continue;
		}
		if (!isfinite(a.hi) || fabs(a.hi) >= FLT_THRESHOLD) {
			if (isfinite(r.x) || r.y != 0 || r.z != 0)
				op_fail(op, "(%a, %a) gave %s, not a non-finite x with y = z = 0", a.hi,
					a.lo, hex_ts(r));
			continue;
		}
		if (!finite_ts(r)) {
			op_fail(op, "(%a, %a): non-finite result %s", a.hi, a.lo, hex_ts(r));
			continue;
		}
		span_init(&s);
		span_d(&s, a.hi);
		span_d(&s, a.lo);
		span_ts(&s, r);
		span_prec(&s);
		mp_set_d2(mp[2], a.hi, a.lo);
		mp_set_ts(mp[3], r);
		mpfr_abs(mp[4], mp[2], MPFR_RNDN);
		if (mpfr_zero_p(mp[2])) {
			float zero = (float)(a.hi + a.lo);
			if (float_to_bits(r.x) != float_to_bits(zero) || float_to_bits(r.y) != float_to_bits(zero) ||
			    float_to_bits(r.z) != float_to_bits(zero))
				op_fail(op, "(%a, %a) gave %s, not the same zero in all words", a.hi, a.lo,
					hex_ts(r));
			continue;
		}
		if (!check_bound(op, mp[3], mp[2], mp[4], 0x1p-72 * (1 + 0x1p-26), 0x1p-149))
			op_fail(op, "(%a, %a): expected %s, got %s, error %.4g of the bound", a.hi, a.lo,
				hex_mp(mp[2]), hex_ts(r), op->last_ratio);
		if (!normalized(r))
			op_fail(op, "(%a, %a): result %s not normalized", a.hi, a.lo, hex_ts(r));
	}
	op_end(&main_op);
	op_end(&ends);
}

static void test_to_dd(void)
{
	struct op op;
	long i;
	op_begin(&op, "tf_ts_to_dd", "2^-105 (1 + 2^-20) |x|", 0);
	for (i = 0; i < random_cases + edge_count; i++) {
		int edge = i >= random_cases;
		tf_ts a = edge ? edge_ts[i - random_cases] : random_ts(rng_range(&rng, -126, 127));
		tf_dd r = tf_ts_to_dd(a);
		struct span s;
		hash_double(&op, r.hi);
		hash_double(&op, r.lo);
		if (edge)
			op.edges++;
		else
			op.cases++;
		if (!check_mode)
			continue;
		if (!finite_ts(a)) {
			if (isfinite(r.hi))
				op_fail(&op, "non-finite %s gave (%a, %a)", hex_ts(a), r.hi, r.lo);
			continue;
		}
		span_init(&s);
		span_ts(&s, a);
		span_d(&s, r.hi);
		span_d(&s, r.lo);
		span_prec(&s);
		mp_set_ts(mp[2], a);
		mp_set_d2(mp[3], r.hi, r.lo);
		mpfr_abs(mp[4], mp[2], MPFR_RNDN);
		if (!check_bound(&op, mp[3], mp[2], mp[4], 0x1p-105 * (1 + 0x1p-20), 0))
			op_fail(&op, "%s: expected %s, got (%a, %a), error %.4g of the bound", hex_ts(a),
				hex_mp(mp[2]), r.hi, r.lo, op.last_ratio);
		if (r.hi + r.lo != r.hi)
			op_fail(&op, "%s: result (%a, %a) not normalized", hex_ts(a), r.hi, r.lo);
	}
	op_end(&op);
}

static void test_make(void)
{
	struct op op;
	int i;
	op_begin(&op, "tf_ts_make", "stores x, y, z", 1);
	for (i = 0; i < edge_count; i++) {
		tf_ts a = tf_ts_make(edge_ts[i].x, edge_ts[i].y, edge_ts[i].z);
		hash_float(&op, a.x);
		hash_float(&op, a.y);
		hash_float(&op, a.z);
		op.edges++;
		if (check_mode && (float_to_bits(a.x) != float_to_bits(edge_ts[i].x) ||
				   float_to_bits(a.y) != float_to_bits(edge_ts[i].y) ||
				   float_to_bits(a.z) != float_to_bits(edge_ts[i].z)))
			op_fail(&op, "%s stored as %s", hex_ts(edge_ts[i]), hex_ts(a));
	}
	op_end(&op);
}

int main(int argc, char **argv)
{
	harness_start(argc, argv, "arith_ts.h");
	rng_seed(&rng, 0x7466747331ull);
	edge_init();
	test_make();
	test_renorm();
	test_ts(OP_ADD);
	test_ts(OP_MUL);
	test_from_double();
	test_to_double();
	test_from_dd();
	test_to_dd();
	return harness_finish();
}
