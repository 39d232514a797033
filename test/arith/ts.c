#include "config.h"

/* The format table of twofold/arith_ts.h for the unit test (format.h):
 * renormalization (exact, and the normalization it promises), addition and
 * multiplication on random normalized operands over float's range (within
 * the ranges stated), on operands that cancel, and on edge cases; the
 * conversions to and from double and DD.  u = 2^-24, u^3 = 2^-72. */

#include <float.h>
#include <math.h>

#include "format.h"
#include "twofold/arith_ts.h"

#define U3 0x1p-72
#define FLT_THRESHOLD 0x1.ffffffp127 /* 2^128 - 2^103: rounds to Inf */

/* The edge cases: these with both signs (the tail words +0), then the
 * next list. */
static const struct num edge_leads[] = {
	{{0.0f}}, {{0x1p-149f}}, {{0x1.8p-140f}}, {{0x1p-126f}}, {{0x1p-100f}}, {{0x1p-50f}}, {{1.0f}},
	{{0x1.fffffep-1f}}, {{0x1p126f}}, {{0x1p127f}}, {{FLT_MAX}},
};

static const struct num edge_triples[] = {
	{{-0.0f, -0.0f, -0.0f}},
	{{1.0f, 0x1p-24f, 0x1p-48f}},
	{{1.0f, -0x1p-25f, 0x1p-49f}},
	{{-1.0f, 0x1.fffffep-26f, -0x1.fffffep-51f}},
	{{0x1.fffffep0f, 0x1.fffffep-25f, 0x1.fffffep-49f}},
	{{FLT_MAX, 0x1p102f, 0x1p78f}},
	{{-FLT_MAX, -0x1p102f, -0x1p78f}},
	{{0x1p-100f, 0x1p-125f, 0x1p-149f}},
	{{0x1p-126f, -0x1p-149f, 0.0f}},
	{{INFINITY, 0, 0}},
	{{-INFINITY, 0, 0}},
	{{NAN, 0, 0}},
	{{1.0f, NAN, 0}},
	{{1.0f, 0, INFINITY}},
};

static const struct num from_double_edges[] = {
	{{0.0}}, {{0x1p-1074}}, {{0x1p-160}}, {{0x1p-150}}, {{0x1.0000000000001p-150}},
	{{0x1.23456789abcdep-130}}, {{0x1p-126}}, {{0x1.fffffffffffffp-98}}, {{0x1p-97}},
	{{0x1.fffffffffffffp-97}}, {{1.0}}, {{0x1.fffffffffffffp0}}, {{0x1.000000fffffffp0}},
	{{0x1.0000008p0}}, {{(double)FLT_MAX}}, {{0x1.fffffefffffffp127}}, {{0x1.fffffe8p127}},
	{{0x1.ffffffp127}}, {{0x1p128}}, {{0x1p1000}}, {{DBL_MAX}}, {{INFINITY}}, {{NAN}},
};

static const struct num from_dd_edges[] = {
	{{0.0, 0.0}}, {{-0.0, -0.0}}, {{-0.0, 0.0}}, {{0x1p-1074, 0.0}}, {{0x1p-150, 0x1p-210}},
	{{0x1p-150, 0.0}}, {{0x1p-149, 0x1p-203}}, {{0x1p-78, 0x1p-140}}, {{1.0, 0x1p-53}},
	{{0x1.000000fffffffp0, -0x1.fffffffffffffp-54}}, {{0x1.0000008p0, 0x1p-54}},
	{{(double)FLT_MAX, 0x1p75}}, {{0x1.fffffefffffffp127, 0x1p74}}, {{0x1.ffffffp127, 0.0}},
	{{0x1p200, 0.0}}, {{INFINITY, 0.0}}, {{NAN, 0.0}}, {{1.0, NAN}},
};

/* ---- random operands ---- */

/* A normalized TS whose x has exponent e: y and z from random_tail_f, or,
 * one time in four, the renormalization of three overlapping floats. */
static struct num random_ts(int e)
{
	uint32_t fraction = random_fraction23(&rng);
	float x = make_float(random_sign(&rng), e, fraction);
	float y = random_tail_f(&rng, x, 20);
	if (rng_below(&rng, 4) == 0 && e - 30 >= -126 && e <= 125) {
		tf_ts t;
		int ey;
		fraction = random_fraction23(&rng);
		ey = e - rng_range(&rng, 0, 30);
		t = tf_ts_renorm(x, make_float(random_sign(&rng), ey, fraction), y);
		return num3(t.x, t.y, t.z);
	}
	return num3(x, y, random_tail_f(&rng, y, 20));
}

/* A float of exponent e: below -126, a subnormal with bits from e + 149
 * down. */
static float random_float_word(int e)
{
	uint32_t sign, bits;
	if (e < -126) { /* subnormal */
		sign = (uint32_t)random_sign(&rng) << 31;
		bits = (uint32_t)(rng_next(&rng) & ((UINT64_C(1) << (e + 150)) - 1));
		return bits_to_float(sign | bits);
	}
	bits = random_fraction23(&rng);
	return make_float(random_sign(&rng), e, bits);
}

/* Three floats: overlapping, spread, cancelling, in any order. */
static void random_renorm_operands(struct num *x)
{
	int e = rng_range(&rng, -149, 124);
	int spread = rng_below(&rng, 3) == 0 ? 60 : 26;
	int eb = e - rng_range(&rng, 0, spread), ec = e - rng_range(&rng, 0, spread);
	float a = random_float_word(e);
	float b = random_float_word(eb < -149 ? -149 : eb);
	float c = random_float_word(ec < -149 ? -149 : ec), t;
	if (rng_below(&rng, 4) == 0)
		b = -a + (rng_below(&rng, 2) ? c : 0);
	switch (rng_below(&rng, 3)) {
	case 1:
		t = a;
		a = c;
		c = t;
		break;
	case 2:
		t = a;
		a = b;
		b = t;
		break;
	}
	x[0] = num1(a);
	x[1] = num1(b);
	x[2] = num1(c);
}

static int normalized(const struct num *t)
{
	return layout_ts.normalized(t);
}

/* Two TS for a sum; one case in eight cancels the x, or the x and the y. */
static void random_sum_operands(struct num *x)
{
	int ea = rng_range(&rng, -126, 124), eb;
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
	x[0] = random_ts(ea);
	x[1] = random_ts(eb);
	switch (rng_below(&rng, 8)) {
	case 0: /* cancellation of the x */
		x[1].w[0] = -x[0].w[0];
		break;
	case 1: /* of the x and the y */
		x[1].w[0] = -x[0].w[0];
		x[1].w[1] = -x[0].w[1];
		break;
	}
	if (!normalized(&x[1])) {
		tf_ts t = tf_ts_renorm((float)x[1].w[0], (float)x[1].w[1], (float)x[1].w[2]);
		x[1] = num3(t.x, t.y, t.z);
	}
}

static void random_product_operands(struct num *x)
{
	int ea, ep, amin, amax;
	/* One number of the stream is skipped, as when the products' draw
	 * began with the sums' first exponent: the operands, and so the
	 * checksums, stay the same. */
	(void)rng_next(&rng);
	ep = rng_range(&rng, -50, 125);
	amin = ep - 127 > -76 ? ep - 127 : -76;
	amax = ep + 76 < 127 ? ep + 76 : 127;
	ea = rng_range(&rng, amin, amax);
	x[0] = random_ts(ea);
	x[1] = random_ts(ep - ea);
}

static void random_from_double(struct num *x)
{
	x[0] = num1(random_double(&rng, -97, 127));
}

static void random_from_double_below(struct num *x)
{
	x[0] = num1(random_double(&rng, -170, -98));
}

static void random_any_ts(struct num *x)
{
	x[0] = random_ts(rng_range(&rng, -126, 127));
}

static void random_from_dd(struct num *x)
{
	x[0] = random_dd_num(rng_range(&rng, -78, 127));
}

static void random_from_dd_below(struct num *x)
{
	x[0] = random_dd_num(rng_range(&rng, -170, -79));
}

/* ---- renormalization: exact, normalized ---- */

static long renorm_edge_cases(void)
{
	return 3L * edge_count * edge_count;
}

/* The x words of edge cases i, j, and of (i + j) or -a or -b. */
static void renorm_edge_case(long m, struct num *x)
{
	int i = (int)(m % edge_count), j = (int)(m / edge_count % edge_count);
	int which = (int)(m / edge_count / edge_count);
	double a = edge[i].w[0], b = edge[j].w[0];
	x[0] = num1(a);
	x[1] = num1(b);
	x[2] = num1(which == 0 ? edge[(i + j) % edge_count].w[0] : which == 1 ? -a : -b);
}

static void check_renorm(struct op *record, const struct operation *o, const struct num *x,
			 const struct num *r, int edge)
{
	double a = x[0].w[0], b = x[1].w[0], c = x[2].w[0];
	struct span s;
	int i;
	(void)edge;
	if (!isfinite(a) || !isfinite(b) || !isfinite(c)) {
		if (isfinite(r->w[0]))
			op_fail(record, "non-finite %s gave %s", operands_text(o, x),
				text_num(&layout_ts, r));
		return;
	}
	if (fabs(a) + fabs(b) + fabs(c) > 0x1p127) {
		record->outside++;
		return;
	}
	span_init(&s);
	for (i = 0; i < 3; i++)
		span_d(&s, x[i].w[0]);
	span_num(&s, &layout_ts, r);
	span_prec(&s);
	mp_set_num(mp[2], &layout_ts, &(struct num){{a, b, c}});
	if (finite_num(&layout_ts, r))
		mp_set_num(mp[3], &layout_ts, r);
	if (!finite_num(&layout_ts, r) || !check_exact(record, mp[3], mp[2]))
		op_fail(record, "%s: expected %s, got %s, not exact", operands_text(o, x),
			hex_mp(mp[2]), text_num(&layout_ts, r));
	else if (!normalized(r))
		op_fail(record, "%s: got %s, not normalized", operands_text(o, x),
			text_num(&layout_ts, r));
}

/* ---- ranges ---- */

static enum range range_add(const struct num *x)
{
	(void)x;
	return mpfr_cmp_d(mp[4], 0x1p126) <= 0 ? IN_RANGE : OVERFLOW_RANGE;
}

static enum range range_mul(const struct num *x)
{
	double p = fabs(x[0].w[0] * x[1].w[0]);
	if (p > 0x1p126)
		return OVERFLOW_RANGE;
	return p >= 0x1p-50 || mpfr_zero_p(mp[2]) ? IN_RANGE : UNDERFLOW_RANGE;
}

/* From the threshold on, and for non-finite d, x is non-finite and
 * y = z = 0. */
static enum promise from_double_promise(const struct num *x)
{
	double d = x[0].w[0];
	return !isfinite(d) || fabs(d) >= FLT_THRESHOLD ? PROMISE_INF : PROMISE_VALUE;
}

static int from_double_main_range(const struct num *x)
{
	return fabs(x[0].w[0]) >= 0x1p-97 && fabs(x[0].w[0]) < FLT_THRESHOLD;
}

/* When a.hi is at or beyond the threshold, or not finite, x is non-finite
 * and y = z = 0; a non-finite a.lo gives a non-finite x. */
static enum promise from_dd_promise(const struct num *x)
{
	double hi = x[0].w[0];
	if (!isfinite(hi) || fabs(hi) >= FLT_THRESHOLD)
		return PROMISE_INF;
	return isfinite(x[0].w[1]) ? PROMISE_VALUE : PROMISE_NONFINITE;
}

static int from_dd_main_range(const struct num *x)
{
	return fabs(x[0].w[0]) >= 0x1p-78 && fabs(x[0].w[0]) <= FLT_MAX;
}

/* A TS operation: the bound stated, factor times the scale, in the range
 * stated. */
#define TS_OP(scale_, factor_, range_) \
	.check = check_arithmetic, .scale = scale_, .factor = factor_, .range = range_, \
	.edges = EDGES_PAIRS

static const struct operation operations[] = {
	{.name = "tf_ts_make", .bound = "stores x, y, z", .exact = 1, CALLS(ts_of_f_f_f, tf_ts_make),
	 .edges = EDGES_WORDS, .check = check_stores},
	{.name = "tf_ts_renorm", .bound = "exact, normalized", .exact = 1,
	 CALLS(ts_of_f_f_f, tf_ts_renorm), .check = check_renorm, .random = random_renorm_operands,
	 .edges = EDGES_OWN, .edge_cases = renorm_edge_cases, .edge_case = renorm_edge_case},
	{.name = "tf_ts_add", .bound = "(8 + 2^-13) u^3 (|a|+|b|)", CALLS(ts_of_ts_ts, tf_ts_add),
	 .reference = REF_ADD, TS_OP(SCALE_OPERANDS, (8 + 0x1p-13) * U3, range_add),
	 .random = random_sum_operands},
	{.name = "tf_ts_mul", .bound = "(28 + 2^-8) u^3 |ab|", CALLS(ts_of_ts_ts, tf_ts_mul),
	 .reference = REF_MUL, TS_OP(SCALE_RESULT, (28 + 0x1p-8) * U3, range_mul),
	 .random = random_product_operands},
	{.name = "tf_ts_from_double", .bound = "exact for 2^-97 <= |d| < 2^128 - 2^103", .exact = 1,
	 CALLS(ts_of_d, tf_ts_from_double), .check = check_conversion, .promise = from_double_promise,
	 .regimes = {{.absolute = 0x1p-150}, {.from = 0x1p-97, .kind = EXACT}}, .signed_zero = 1,
	 .random = random_from_double, .random_beyond = random_from_double_below, .beyond_share = 4,
	 .edges = EDGES_LIST, .edge_list = VALUES(from_double_edges, BOTH_SIGNS),
	 .ends_bound = "2^-150 below 2^-97; Inf from 2^128 - 2^103",
	 .in_main_range = from_double_main_range},
	{.name = "tf_ts_to_double", .bound = "2^-53 (1 + 2^-22) |x|", CALLS(d_of_ts, tf_ts_to_double),
	 .check = check_conversion, .regimes = {{.factor = 0x1p-53 * (1 + 0x1p-22)}},
	 .signed_zero = 1, .random = random_any_ts, .edges = EDGES_EACH},
	{.name = "tf_ts_from_dd", .bound = "2^-72 (1 + 2^-26) |x| + 2^-149, |x| >= 2^-78",
	 CALLS(ts_of_dd, tf_ts_from_dd), .check = check_conversion, .promise = from_dd_promise,
	 .regimes = {{.factor = 0x1p-72 * (1 + 0x1p-26), .absolute = 0x1p-149}}, .signed_zero = 1,
	 .random = random_from_dd, .random_beyond = random_from_dd_below, .beyond_share = 4,
	 .edges = EDGES_LIST, .edge_list = VALUES(from_dd_edges, BOTH_SIGNS),
	 .ends_bound = "the same, below 2^-78 and beyond", .in_main_range = from_dd_main_range},
	{.name = "tf_ts_to_dd", .bound = "2^-105 (1 + 2^-20) |x|", CALLS(dd_of_ts, tf_ts_to_dd),
	 .check = check_conversion, .regimes = {{.factor = 0x1p-105 * (1 + 0x1p-20)}},
	 .random = random_any_ts, .edges = EDGES_EACH},
};

const struct format test_format = {
	.title = "arith_ts.h",
	.seed = 0x7466747331ull,
	.edge_layout = &layout_ts,
	.edges = {VALUES(edge_leads, BOTH_SIGNS_LEAD), VALUES(edge_triples, AS_GIVEN)},
	.edge_verdicts = strict_edge_verdicts,
	.random_value = random_ts,
	.operations = operations,
	.operation_count = (int)(sizeof operations / sizeof operations[0]),
};
