#include "config.h"

/* The format table of twofold/arith_df.h for the unit test (format.h):
 * every operation, on random operands spread over float's range (within
 * the range each operation states), on operands built to cancel, and on
 * edge cases (signed zeros, subnormals, values next to the overflow
 * threshold, Inf, NaN).  The bounds checked are those stated in the header;
 * u = 2^-24. */

#include <float.h>
#include <math.h>

#include "format.h"
#include "twofold/arith_df.h"

#define U 0x1p-24
#define U2 0x1p-48
#define FLT_THRESHOLD 0x1.ffffffp127 /* 2^128 - 2^103: rounds to Inf */

/* The edge cases: these with both signs (the tail words +0), then the
 * next list. */
static const struct num edge_leads[] = {
	{{0.0f}}, {{0x1p-149f}}, {{0x1.8p-140f}}, {{0x0.fffffep-126f}}, {{0x1p-126f}}, {{0x1p-100f}},
	{{0x1p-76f}}, {{1.0f}}, {{0x1.fffffep-1f}}, {{0x1.000002p0f}}, {{0x1p126f}},
	{{0x1.fffffep126f}}, {{0x1p127f}}, {{FLT_MAX}},
};

static const struct num edge_pairs[] = {
	{{-0.0f, -0.0f}},
	{{1.0f, 0x1p-24f}},     /* a tie, hi even */
	{{1.0f, -0x1p-25f}},    /* below a power of two */
	{{-1.0f, 0x1.fffffep-26f}},
	{{FLT_MAX, 0x1p102f}},  /* just below the overflow threshold */
	{{-FLT_MAX, -0x1p102f}},
	{{FLT_MAX, -0x1p102f}},
	{{0x1p-100f, 0x1p-130f}}, /* subnormal low word */
	{{0x1p-126f, -0x1p-149f}},
	{{INFINITY, 0.0f}},
	{{-INFINITY, 0.0f}},
	{{NAN, 0.0f}},
	{{1.0f, NAN}},
	{{1.0f, INFINITY}},
	{{INFINITY, -INFINITY}},
};

/* double -> DF: the main range of the bound, and the ends. */
static const struct num from_double_edges[] = {
	{{0.0}}, {{-0.0}}, {{0x1p-1074}}, {{0x1p-1022}}, {{0x1p-160}}, {{0x1.fffffffffffffp-150}},
	{{0x1p-150}}, {{0x1.0000000000001p-150}}, {{0x1.23456789abcdep-130}}, {{0x1p-126}},
	{{0x1.fffffffffffffp-127}}, {{0x1p-102}}, {{0x1.fffffffffffffp-103}}, {{1.0}},
	{{0x1.000000fffffffp0}}, {{0x1.0000008p0}}, {{0x1.ffffffp0}}, {{(double)FLT_MAX}},
	{{0x1.fffffe8p127}}, {{0x1.ffffffp127}}, {{0x1.fffffefffffffp127}}, {{0x1p128}}, {{0x1p994}},
	{{0x1p1000}}, {{DBL_MAX}}, {{INFINITY}}, {{NAN}},
};

/* ---- random operands (besides the shared draws) ---- */

/* A normalized DF (hi = fl(hi + lo)) with hi of exponent e. */
static struct num random_df(int e)
{
	uint32_t fraction = random_fraction23(&rng);
	float hi = make_float(random_sign(&rng), e, fraction);
	return num2(hi, random_tail_f(&rng, hi, 20));
}

static void random_from_double(struct num *x)
{
	x[0] = num1(random_double(&rng, -102, 127)); /* the main range */
}

static void random_from_double_below(struct num *x)
{
	x[0] = num1(random_double(&rng, -170, -103));
}

static void random_any_df(struct num *x)
{
	x[0] = random_df(rng_range(&rng, -126, 127));
}

/* ---- ranges: where each operation's bound applies, as the header says ---- */

static enum range range_add(const struct num *x)
{
	(void)x;
	mpfr_abs(mp[7], mp[0], MPFR_RNDN);
	mpfr_abs(mp[5], mp[1], MPFR_RNDN);
	mpfr_add(mp[7], mp[7], mp[5], MPFR_RNDU);
	return mpfr_cmp_d(mp[7], 0x1p127) <= 0 ? IN_RANGE : OVERFLOW_RANGE;
}

/* a b from smallest on, and not beyond 2^126 (nor a.hi b.hi). */
static enum range range_product(const struct num *x, double smallest)
{
	if (fabs(x[0].w[0] * x[1].w[0]) > 0x1p126 || mpfr_cmp_d(mp[4], 0x1p126) > 0)
		return OVERFLOW_RANGE;
	return mpfr_cmp_d(mp[4], smallest) >= 0 || mpfr_zero_p(mp[4]) ? IN_RANGE : UNDERFLOW_RANGE;
}

static enum range range_mul(const struct num *x)
{
	return range_product(x, 0x1p-76);
}

static enum range range_mul_f(const struct num *x)
{
	return range_product(x, 0x1p-100);
}

static enum range range_fma(const struct num *x)
{
	double p = fabs(x[1].w[0] * x[2].w[0]), acc = fabs(x[0].w[0]);
	if (mpfr_cmp_d(mp[4], 0x1p127) > 0)
		return OVERFLOW_RANGE;
	if ((p != 0 && p < 0x1p-100) || (acc != 0 && acc < FLT_MIN))
		return UNDERFLOW_RANGE;
	return IN_RANGE;
}

/* double -> DF: u^2 |d| for 2^-102 <= |d| <= FLT_MAX, 2^-150 below 2^-102,
 * exact zeros with their sign; above FLT_MAX, +-Inf or the bound. */
static enum promise from_double_promise(const struct num *x)
{
	double d = x[0].w[0];
	if (!isfinite(d) || fabs(d) > FLT_THRESHOLD)
		return PROMISE_INF;
	return fabs(d) > FLT_MAX ? PROMISE_VALUE_OR_INF : PROMISE_VALUE;
}

static int from_double_main_range(const struct num *x)
{
	return fabs(x[0].w[0]) >= 0x1p-102 && fabs(x[0].w[0]) <= FLT_MAX;
}

/* Sums down to the subnormal range: additions are exact there. */
#define DF_SUMS SUMS(-126, 125, 30)
/* A DF operation: the bound stated, factor times the scale, in the range
 * stated. */
#define DF_OP(scale_, factor_, range_) \
	.check = check_arithmetic, .scale = scale_, .factor = factor_, .range = range_, \
	.edges = EDGES_PAIRS

static const struct operation operations[] = {
	{.name = "tf_df_make", .bound = "stores hi and lo", .exact = 1, CALLS(df_of_f_f, tf_df_make),
	 .edges = EDGES_WORDS, .check = check_stores},
	{.name = "tf_two_sum_f", EFT, CALLS(df_of_f_f, tf_two_sum_f), .reference = REF_ADD,
	 .draw = DRAW_SUM, .exponents = SUMS(-126, 126, 30)},
	{.name = "tf_quick_two_sum_f", EFT, CALLS(df_of_f_f, tf_quick_two_sum_f),
	 .reference = REF_ADD, .draw = DRAW_ORDERED_SUM, .exponents = SUMS(-126, 126, 30),
	 .admits = larger_first},
	/* TwoProd is exact from 2^-102 on, as stated. */
	{.name = "tf_two_prod_f", EFT, CALLS(df_of_f_f, tf_two_prod_f), .reference = REF_MUL,
	 .exact_from = 0x1p-102, .draw = DRAW_PRODUCT, .exponents = PRODUCTS(-102, 126, -126, 127)},
	{.name = "tf_df_add", .bound = "(3u^2 + 13u^3) |a+b|", CALLS(df_of_df_df, tf_df_add),
	 .reference = REF_ADD, DF_OP(SCALE_RESULT, 3 * U2 + 13 * U * U2, range_add),
	 .draw = DRAW_SUM, .exponents = DF_SUMS},
	{.name = "tf_df_add_sloppy", .bound = "(3 + 5u) u^2 (|a|+|b|)",
	 CALLS(df_of_df_df, tf_df_add_sloppy), .reference = REF_ADD,
	 DF_OP(SCALE_OPERANDS, (3 + 5 * U) * U2, range_add), .draw = DRAW_SUM,
	 .exponents = DF_SUMS},
	{.name = "tf_df_mul", .bound = "4u^2 |ab|", CALLS(df_of_df_df, tf_df_mul), .reference = REF_MUL,
	 DF_OP(SCALE_RESULT, 4 * U2, range_mul), .draw = DRAW_PRODUCT,
	 .exponents = PRODUCTS(-75, 125, -100, 127)},
	{.name = "tf_df_mul_f", .bound = "2u^2 |ab|", CALLS(df_of_df_f, tf_df_mul_f),
	 .reference = REF_MUL, DF_OP(SCALE_RESULT, 2 * U2, range_mul_f),
	 .draw = DRAW_PRODUCT, .exponents = PRODUCTS(-99, 125, -100, 127)},
	{.name = "tf_df_fma", .bound = "(3 + 5u) u^2 (|acc|+|ab|)", CALLS(df_of_df_f_f, tf_df_fma),
	 .reference = REF_FMA, DF_OP(SCALE_ADDEND_AND_PRODUCT, (3 + 5 * U) * U2, range_fma),
	 .draw = DRAW_FMA, .exponents = FMAS(-99, 125, 30, -126, 127)},
	{.name = "tf_df_from_double", .bound = "u^2 |d| for 2^-102 <= |d| <= FLT_MAX",
	 CALLS(df_of_d, tf_df_from_double), .check = check_conversion, .promise = from_double_promise,
	 .regimes = {{.absolute = 0x1p-150}, {.from = 0x1p-102, .factor = U2}}, .signed_zero = 1,
	 .random = random_from_double, .random_beyond = random_from_double_below, .beyond_share = 4,
	 .edges = EDGES_LIST, .edge_list = VALUES(from_double_edges, BOTH_SIGNS),
	 .ends_bound = "2^-150 below 2^-102; Inf above FLT_MAX",
	 .in_main_range = from_double_main_range},
	{.name = "tf_df_to_double", .bound = "fl(hi + lo), correctly rounded", .exact = 1,
	 CALLS(d_of_df, tf_df_to_double), .check = check_conversion,
	 .regimes = {{.kind = CORRECTLY_ROUNDED}}, .random = random_any_df, .edges = EDGES_EACH},
};

const struct format test_format = {
	.title = "arith_df.h",
	.seed = 0x7466646631ull,
	.edge_layout = &layout_df,
	.edges = {VALUES(edge_leads, BOTH_SIGNS_LEAD), VALUES(edge_pairs, AS_GIVEN)},
	.edge_verdicts = strict_edge_verdicts,
	.random_value = random_df,
	.operations = operations,
	.operation_count = (int)(sizeof operations / sizeof operations[0]),
};
