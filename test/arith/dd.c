#include "config.h"

/* The format table of twofold/arith_dd.h for the unit test (format.h):
 * every operation, on random operands spread over double's range (with the
 * margins the bounds need), on operands built to cancel, and on edge cases
 * (signed zeros, subnormals, values next to the overflow threshold, Inf,
 * NaN).  The bound checked is the one stated in the header; u = 2^-53. */

#include <float.h>
#include <math.h>

#include "format.h"
#include "twofold/arith_dd.h"

#define U2 0x1p-106 /* u^2 */

/* The edge cases: these with both signs (the tail words +0), then the
 * next list. */
static const struct num edge_leads[] = {
	{{0.0}}, {{0x1p-1074}}, {{0x1.8p-1060}}, {{0x0.fffffffffffffp-1022}}, {{0x1p-1022}},
	{{0x1p-900}}, {{1.0}}, {{0x1.fffffffffffffp-1}}, {{0x1.0000000000001p0}},
	{{0x1.fffffffffffffp+995}}, {{0x1p996}}, {{0x1p1000}}, {{0x1p1023}},
	{{0x1.fffffffffffffp+1022}}, {{DBL_MAX}},
};

static const struct num edge_pairs[] = {
	{{-0.0, -0.0}},
	{{1.0, 0x1p-53}},      /* a tie, hi even */
	{{1.0, -0x1p-54}},     /* below a power of two */
	{{-1.0, 0x1.fffffffffffffp-55}},
	{{DBL_MAX, 0x1p969}},  /* just below the overflow threshold */
	{{-DBL_MAX, -0x1p969}},
	{{DBL_MAX, -0x1p969}},
	{{0x1p-1000, 0x1p-1060}}, /* subnormal low word */
	{{0x1p-1022, -0x1p-1074}},
	{{INFINITY, 0.0}},
	{{-INFINITY, 0.0}},
	{{NAN, 0.0}},
	{{1.0, NAN}},
	{{1.0, INFINITY}},
	{{INFINITY, -INFINITY}},
};

/* ---- random operands (besides the shared draws) ---- */

static void random_split_operand(struct num *x)
{
	x[0] = num1(random_double(&rng, -1022, 995));
}

static void random_any_dd(struct num *x)
{
	x[0] = random_dd_num(rng_range(&rng, -1022, 1023));
}

/* ---- checks and ranges ---- */

/* Veltkamp's split: hi + lo = a, each with at most 26 significant bits,
 * for |a| < 2^996. */
static void check_split(struct op *record, const struct operation *o, const struct num *x,
			const struct num *r, int edge)
{
	double a = x[0].w[0], hi = r->w[0], lo = r->w[1];
	struct span s;
	(void)o;
	(void)edge;
	if (!isfinite(a)) {
		if (isfinite(hi))
			op_fail(record, "non-finite %a gave a finite (%a, %a)", a, hi, lo);
		return;
	}
	if (fabs(a) >= 0x1p996)
		return; /* outside the stated range */
	span_init(&s);
	span_num(&s, &layout_dd, r);
	span_d(&s, a);
	span_prec(&s);
	EXACT(mpfr_set_d(mp[2], a, MPFR_RNDN));
	mp_set_num(mp[3], &layout_dd, r);
	if (!check_exact(record, mp[3], mp[2]) || significant_bits_d(hi) > 26 ||
	    significant_bits_d(lo) > 26)
		op_fail(record, "%a: got (%a, %a): not exact, or more than 26 bits in a word", a, hi,
			lo);
}

/* The bounds hold where the result neither overflows nor underflows:
 * |exact| in [2^-900, 2^1023). */
static enum range range_dd(const struct num *x)
{
	double ax = fabs(mpfr_get_d(mp[2], MPFR_RNDZ)); /* exact against powers of two */
	(void)x;
	return ax >= 0x1p1023 ? OVERFLOW_RANGE : ax >= 0x1p-900 ? IN_RANGE : UNDERFLOW_RANGE;
}

/* a / b: the quotient's exponent within [-890, 1000], a's within
 * [-850, 1020]; one case in eight a = q b (a TwoProd) for a double q, so
 * that the quotient is exact, or q b with its lo word changed, so that the
 * remainder a.hi - q1 b cancels. */
static void random_div_operands(struct num *x)
{
	int e_q, e_b;
	product_exponents(&rng, &e_q, &e_b, -850, 1020, -890, 1000);
	double b = random_double(&rng, e_b, e_b);
	x[1] = num1(b);
	if (rng_below(&rng, 8) == 0) {
		double q = random_double(&rng, e_q, e_q);
		tf_dd a = tf_two_prod(q, b);
		if (rng_below(&rng, 2))
			a = tf_quick_two_sum(a.hi, random_tail_d(&rng, a.hi, 60));
		x[0] = num2(a.hi, a.lo);
	} else
		x[0] = random_dd_num(e_q + e_b);
}

/* The bound holds where the quotient neither overflows nor underflows and
 * the remainder a.hi - q1 b is representable (|a.hi| >= 2^-900). */
static enum range range_div(const struct num *x)
{
	if (fabs(x[0].w[0]) < 0x1p-900)
		return UNDERFLOW_RANGE;
	return range_dd(x);
}

/* b = 0 gives a non-finite result (the header's promise); otherwise the
 * bound. */
static void check_div(struct op *record, const struct operation *o, const struct num *x,
		      const struct num *r, int edge)
{
	if (x[1].w[0] == 0 && isfinite(r->w[0])) {
		op_fail(record, "%s: division by zero gave a finite %s", operands_text(o, x),
			text_num(&layout_dd, r));
		return;
	}
	if (x[1].w[0] == 0)
		return;
	check_arithmetic(record, o, x, r, edge);
}

/* 1 / b, checked as the quotient a / b with a = 1: b's exponent within
 * [-890, 890], so that the reciprocal lies in the bound's range. */
static void random_recip_operands(struct num *x)
{
	x[0] = num1(1.0);
	x[1] = random_dd_num(rng_range(&rng, -890, 890));
}

/* The edge pairs whose a is 1: b runs through the edge cases. */
static int a_is_one(const struct num *x)
{
	return x[0].w[0] == 1.0 && x[0].w[1] == 0.0;
}

static tf_dd recip_of_b(tf_dd one, tf_dd b)
{
	(void)one;
	return tf_dd_recip(b);
}

/* sqrt(a): a positive DD of exponent within [-900, 1020]; one case in
 * eight a square q^2 (a TwoProd) for a double q, so that the root is
 * exact, or q^2 with its lo word changed, so that the remainder a - q1^2
 * is tiny. */
static void random_sqrt_operand(struct num *x)
{
	int e = rng_range(&rng, -900, 1020);
	if (rng_below(&rng, 8) == 0) {
		double q = fabs(random_double(&rng, e / 2, e / 2));
		tf_dd a = tf_two_prod(q, q);
		if (rng_below(&rng, 2))
			a = tf_quick_two_sum(a.hi, random_tail_d(&rng, a.hi, 60));
		x[0] = num2(a.hi, a.lo);
		return;
	}
	struct num a = random_dd_num(e);
	x[0] = a.w[0] < 0 ? num2(-a.w[0], -a.w[1]) : a;
}

/* The bound holds for a in [2^-900, 2^1022): the square of the first root
 * word then neither underflows nor overflows. */
static enum range range_sqrt(const struct num *x)
{
	double a = x[0].w[0];
	return a >= 0x1p1022 ? OVERFLOW_RANGE : a >= 0x1p-900 ? IN_RANGE : UNDERFLOW_RANGE;
}

/* a < 0 gives NaN, a = 0 gives 0 (the header's promise); otherwise the
 * bound. */
static void check_sqrt(struct op *record, const struct operation *o, const struct num *x,
		       const struct num *r, int edge)
{
	double a = x[0].w[0];
	if (a < 0 || (a == 0 && x[0].w[1] < 0)) {
		if (!isnan(r->w[0]))
			op_fail(record, "%s: square root of a negative number gave %s",
				operands_text(o, x), text_num(&layout_dd, r));
		return;
	}
	if (a == 0) {
		if (r->w[0] != 0 || r->w[1] != 0)
			op_fail(record, "%s: square root of zero gave %s", operands_text(o, x),
				text_num(&layout_dd, r));
		return;
	}
	check_arithmetic(record, o, x, r, edge);
}

static tf_dd fma_lazy_renormalized(tf_dd acc, double a, double b)
{
	return tf_dd_renormalize(tf_dd_fma_lazy(acc, a, b));
}

/* Operands found (by these tests) to come closest to, or beyond, the
 * bounds stated in arith_dd.h: checked on every run. */
static const struct operands add_given[] = {
	{{{{0x1.fffffffffffffp-204, -0x1.f29572de0aba5p-261}},
	  {{-0x1p-202, -0x1.b599ee2p-256}}}},
	{{{{-0x1.00000000000a3p+747, -0x1.ae371fb0bea54p+693}},
	  {{0x1.fffffffffffffp+745, 0x1.f8fa08156072bp+687}}}},
	{{{{0x1.e774684da34cbp+989, -0x1.fffffffffffffp+935}},
	  {{-0x1p+991, -0x1.37fc4c562e893p+937}}}},
};
static const struct operands mul_given[] = {
	{{{{0x1.00000000000c2p+132, 0x1.fffffffffffffp+78}},
	  {{-0x1.0000000000009p+347, -0x1.fffffffffffffp+293}}}},
	{{{{-0x1.00000000000e3p-515, -0x1.fffffffffffffp-569}},
	  {{0x1.0000000101p-19, 0x1.fffffffffff57p-73}}}},
	{{{{-0x1.010804p-485, -0x1.fffffffffff65p-539}},
	  {{-0x1.000018p+430, -0x1.fffffffffffffp+376}}}},
};
/* acc, a, b */
static const struct operands fma_given[] = {
	{{{{0x1.0000000000002p+0, 0x1p-53}}, {{0x1.38df19170714ap-27}},
	  {{0x1.a2eeb210532e9p-26}}}},
	{{{{0x1.0000000000004p+0, -0x1p-53}}, {{0x1.b2f7f9bbd9ec7p-27}},
	  {{-0x1.2d562f1f052bep-26}}}},
};
#define GIVEN(array) .given = array, .given_count = (int)(sizeof array / sizeof array[0])

/* The exponents of random operands: over double's range, with the
 * margins the DD operations' bounds need. */
#define EFT_SUMS SUMS(-1022, 1022, 60)
#define DD_SUMS SUMS(-900, 1020, 60)
#define DD_PRODUCTS PRODUCTS(-850, 1020, -900, 1000)
#define DD_FMAS FMAS(-850, 1020, 60, -1000, 1000)
/* A DD operation: the bound stated, factor times the scale. */
#define DD_OP(scale_, factor_) \
	.check = check_arithmetic, .scale = scale_, .factor = factor_, .range = range_dd, \
	.edges = EDGES_PAIRS

static const struct operation operations[] = {
	{.name = "tf_dd_make", .bound = "stores hi and lo", .exact = 1, CALLS(dd_of_d_d, tf_dd_make),
	 .edges = EDGES_WORDS, .check = check_stores},
	{.name = "tf_two_sum", EFT, CALLS(dd_of_d_d, tf_two_sum), .reference = REF_ADD,
	 .draw = DRAW_SUM, .exponents = EFT_SUMS},
	{.name = "tf_quick_two_sum", EFT, CALLS(dd_of_d_d, tf_quick_two_sum), .reference = REF_ADD,
	 .draw = DRAW_ORDERED_SUM, .exponents = EFT_SUMS, .admits = larger_first},
	/* Below 2^-969 the error term is not representable. */
	{.name = "tf_two_prod", EFT, CALLS(dd_of_d_d, tf_two_prod), .reference = REF_MUL,
	 .exact_from = 0x1p-969, .draw = DRAW_PRODUCT,
	 .exponents = PRODUCTS(-960, 1020, -1000, 1020)},
	{.name = "tf_split", .bound = "exact, 26 + 26 bits", .exact = 1, CALLS(dd_of_d, tf_split),
	 .random = random_split_operand, .edges = EDGES_EACH, .check = check_split},
	{.name = "tf_dd_add", .bound = "(3u^2 + 13u^3) |a+b|", CALLS(dd_of_dd_dd, tf_dd_add),
	 .reference = REF_ADD, DD_OP(SCALE_RESULT, 3 * U2 + 13 * U2 * 0x1p-53),
	 .draw = DRAW_SUM, .exponents = DD_SUMS, GIVEN(add_given)},
	{.name = "tf_dd_add_sloppy", .bound = "4u^2 (|a|+|b|)", CALLS(dd_of_dd_dd, tf_dd_add_sloppy),
	 .reference = REF_ADD, DD_OP(SCALE_OPERANDS, 4 * U2), .draw = DRAW_SUM,
	 .exponents = DD_SUMS},
	{.name = "tf_dd_add_d", .bound = "2u^2 |a+b|", CALLS(dd_of_dd_d, tf_dd_add_d),
	 .reference = REF_ADD, DD_OP(SCALE_RESULT, 2 * U2), .draw = DRAW_SUM,
	 .exponents = DD_SUMS},
	{.name = "tf_dd_mul", .bound = "4u^2 |ab|", CALLS(dd_of_dd_dd, tf_dd_mul), .reference = REF_MUL,
	 DD_OP(SCALE_RESULT, 4 * U2), .draw = DRAW_PRODUCT, .exponents = DD_PRODUCTS,
	 GIVEN(mul_given)},
	{.name = "tf_dd_mul_d", .bound = "2u^2 |ab|", CALLS(dd_of_dd_d, tf_dd_mul_d),
	 .reference = REF_MUL, DD_OP(SCALE_RESULT, 2 * U2), .draw = DRAW_PRODUCT,
	 .exponents = DD_PRODUCTS},
	{.name = "tf_dd_div_d", .bound = "3u^2 |a/b|", CALLS(dd_of_dd_d, tf_dd_div_d),
	 .reference = REF_DIV, .check = check_div, .scale = SCALE_RESULT, .factor = 3 * U2,
	 .range = range_div, .edges = EDGES_PAIRS, .random = random_div_operands},
	{.name = "tf_dd_recip", .bound = "8u^2 |1/b|", CALLS(dd_of_dd_dd, recip_of_b),
	 .reference = REF_DIV, .check = check_div, .scale = SCALE_RESULT, .factor = 8 * U2,
	 .range = range_div, .edges = EDGES_PAIRS, .admits = a_is_one,
	 .random = random_recip_operands},
	{.name = "tf_dd_sqrt", .bound = "3.2u^2 |sqrt(a)|", CALLS(dd_of_dd, tf_dd_sqrt),
	 .reference = REF_SQRT, .check = check_sqrt, .scale = SCALE_RESULT, .factor = 3.2 * U2,
	 .range = range_sqrt, .edges = EDGES_EACH, .random = random_sqrt_operand},
	{.name = "tf_dd_fma", .bound = "2u^2 |acc+ab| + 2u^2 |ab|", CALLS(dd_of_dd_d_d, tf_dd_fma),
	 .reference = REF_FMA, DD_OP(SCALE_RESULT_AND_PRODUCT, 2 * U2), .draw = DRAW_FMA,
	 .exponents = DD_FMAS, GIVEN(fma_given)},
	/* tf_dd_fma_lazy, then tf_dd_renormalize (exact) */
	{.name = "tf_dd_fma_lazy", .bound = "3u^2 |acc+ab| + 3u^2 |ab|",
	 CALLS(dd_of_dd_d_d, fma_lazy_renormalized), .reference = REF_FMA,
	 DD_OP(SCALE_RESULT_AND_PRODUCT, 3 * U2), .draw = DRAW_FMA, .exponents = DD_FMAS},
	{.name = "tf_dd_to_double", .bound = "fl(hi + lo), exact rounding", .exact = 1,
	 CALLS(d_of_dd, tf_dd_to_double), .check = check_conversion,
	 .regimes = {{.kind = CORRECTLY_ROUNDED}}, .random = random_any_dd, .edges = EDGES_EACH},
};

/* Outside [2^-900, 2^1023) nothing is promised; a non-finite result of
 * finite operands whose exact result is below 2^1023 (an intermediate
 * overflow) is shown as a note. */
static const struct edge_verdict edge_verdicts[3] = {
	[IN_RANGE] = {.finite = CHECKED, .nonfinite = NOTED},
	[OVERFLOW_RANGE] = {.finite = OUTSIDE, .nonfinite = ACCEPTED},
	[UNDERFLOW_RANGE] = {.finite = OUTSIDE, .nonfinite = NOTED},
};

const struct format test_format = {
	.title = "arith_dd.h",
	.seed = 0x7466646431ull,
	.edge_layout = &layout_dd,
	.edges = {VALUES(edge_leads, BOTH_SIGNS_LEAD), VALUES(edge_pairs, AS_GIVEN)},
	.edge_verdicts = edge_verdicts,
	.random_value = random_dd_num,
	.operations = operations,
	.operation_count = (int)(sizeof operations / sizeof operations[0]),
};
