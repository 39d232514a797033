#include "config.h"

/* The format table of twofold/arith_di.h for the unit test (format.h): the
 * encoding of the low word (rounding to 21 significant bits, nearest even,
 * with the carries into the exponent, negative values, zeros and
 * subnormals), DD -> DI on random DDs over double's whole range and on edge
 * cases, DI -> DD exact. */

#include <float.h>
#include <math.h>

#include "format.h"
#include "twofold/arith_di.h"

/* The edge cases, each with both signs. */
static const struct num edge_pairs[] = {
	{{0.0, 0.0}}, {{-0.0, -0.0}}, {{-0.0, 0.0}}, {{0x1p-1074, 0.0}},
	{{0x1p-1022, 0x0.0000000000001p-1022}}, {{0x1p-969, 0x0.0000000000001p-1022}},
	{{0x1p-950, 0x1.fffffp-1004}}, {{1.0, 0x1p-53}}, {{0x1.0000000000001p0, 0x1p-53}},
	{{0x1.0000000000001p0, 0x1.fffff8p-54}}, {{0x1.0000000000001p0, 0x1.fffff7fffffffp-54}},
	{{1.0, 0x1.fffff8p-55}}, {{0x1p1000, 0x1p946}}, {{DBL_MAX, 0x1p969}},
	{{DBL_MAX, 0x1.fffff8p969}}, {{DBL_MAX, 0x1p970}}, {{DBL_MAX, -0x1p969}}, {{INFINITY, 0.0}},
	{{NAN, 0.0}}, {{1.0, NAN}}, {{INFINITY, -INFINITY}},
};

static const struct num encode_edges[] = {
	{{0.0}}, {{0x1p-1074}}, {{0x0.00000ffffffffp-1022}}, {{0x0.0000008p-1022}},
	{{0x0.0000018p-1022}}, {{0x0.fffffffffffffp-1022}}, {{0x0.fffff80000000p-1022}},
	{{0x0.fffff7fffffffp-1022}}, {{0x1p-1022}}, {{1.0}}, {{0x1.00000fffffffp0}}, {{0x1.000008p0}},
	{{0x1.000018p0}}, {{0x1.fffff8p0}}, {{0x1.fffff7fffffffp0}}, {{0x1.fffffffffffffp1022}},
	{{0x1.fffff7fffffffp1023}}, {{DBL_MAX}},
};

/* ---- the encoding ---- */

/* The value r rounded as the header says, by MPFR: to 21 significant bits,
 * nearest even, for normal r; to a multiple of 2^-1042, nearest even, for
 * subnormal r; a zero keeps its sign. */
static double expected_encoding(double r)
{
	mpfr_t x;
	double e;
	if (r == 0)
		return r;
	mpfr_init2(x, 64);
	mpfr_set_d(x, r, MPFR_RNDN);
	if (fabs(r) >= DBL_MIN)
		mpfr_prec_round(x, 21, MPFR_RNDN);
	else {
		mpfr_mul_2si(x, x, 1042, MPFR_RNDN);
		mpfr_rint(x, x, MPFR_RNDN);
		mpfr_mul_2si(x, x, -1042, MPFR_RNDN);
	}
	e = mpfr_get_d(x, MPFR_RNDN);
	if (e == 0)
		e = copysign(0.0, r);
	mpfr_clear(x);
	return e;
}

static void check_encode(struct op *record, const struct operation *o, const struct num *x,
			 const struct num *r, int edge)
{
	double value = x[0].w[0], expected = expected_encoding(value);
	int32_t lo = (int32_t)r->w[0];
	double got = word_value(WORD_DI_LOW, r->w[0]);
	(void)o;
	(void)edge;
	if (double_to_bits(expected) != double_to_bits(got))
		op_fail(record, "%a: encoded 0x%08x = %a, expected %a", value, (unsigned)lo, got,
			expected);
	else if (tf_di_encode(got) != lo)
		op_fail(record, "%a: the encoding 0x%08x does not encode itself", value, (unsigned)lo);
}

/* Every int32 that is not the encoding of Inf or NaN decodes to a value
 * that encodes back to it. */
static void check_decode(struct op *record, const struct operation *o, const struct num *x,
			 const struct num *r, int edge)
{
	int32_t lo = (int32_t)x[0].w[0];
	double got = r->w[0];
	(void)o;
	(void)edge;
	if (((uint32_t)lo & 0x7ff00000u) == 0x7ff00000u) {
		if (isfinite(got))
			op_fail(record, "0x%08x decoded to a finite %a", (unsigned)lo, got);
	} else if (tf_di_encode(got) != lo || (double_to_bits(got) & 0xffffffffu) != 0)
		op_fail(record, "0x%08x decoded to %a", (unsigned)lo, got);
}

/* Remainders: subnormal; a tie or next to one on the dropped half; all ones
 * in the kept fraction (the carry into the exponent); any double. */
static void random_remainder(struct num *x)
{
	uint64_t sign, fraction, exponent;
	int k;
	switch (rng_below(&rng, 8)) {
	case 0:
		sign = (uint64_t)random_sign(&rng) << 63;
		fraction = random_fraction52(&rng);
		fraction >>= rng_below(&rng, 52);
		x[0] = num1(bits_to_double(sign | fraction));
		break;
	case 1:
		fraction = random_fraction52(&rng) & ~UINT64_C(0xffffffff);
		k = rng_range(&rng, -2, 2);
		fraction |= UINT64_C(0x80000000) + (uint64_t)(int64_t)k;
		sign = (uint64_t)random_sign(&rng) << 63;
		exponent = (uint64_t)rng_range(&rng, 1, 2046) << 52;
		x[0] = num1(bits_to_double(sign | exponent | (fraction & ((UINT64_C(1) << 52) - 1))));
		break;
	case 2:
		fraction = UINT64_C(0xfffff) << 32 | (rng_next(&rng) & 0xffffffffu);
		k = rng_range(&rng, -1022, 1022);
		x[0] = num1(make_double(random_sign(&rng), k, fraction));
		break;
	default:
		x[0] = num1(random_double(&rng, -1022, 1023));
	}
}

static void random_encoding(struct num *x)
{
	x[0] = num1((int32_t)(uint32_t)rng_next(&rng));
}

/* ---- conversions ---- */

static void random_main_range(struct num *x)
{
	x[0] = random_dd_num(rng_range(&rng, -969, 1023));
}

static void random_below(struct num *x)
{
	x[0] = random_dd_num(rng_range(&rng, -1022, -970));
}

/* DI values: converted DDs, or any double hi with any low word. */
static void random_di(struct num *x)
{
	if (rng_below(&rng, 2)) {
		tf_di a = tf_di_from_dd(random_dd(&rng, rng_range(&rng, -1022, 1023)));
		x[0] = num2(a.hi, a.lo);
	} else {
		int32_t lo = (int32_t)(uint32_t)rng_next(&rng);
		x[0] = num2(random_double(&rng, -1022, 1023), lo);
	}
}

/* tf_di_make: the edge's hi, and low words from -20 on. */
static void make_operands(long k, struct num *x)
{
	x[0] = num1(edge[k].w[0]);
	x[1] = num1((double)(k - 20));
}

/* DI -> DD's edge cases: the edge cases converted. */
static void converted_edge(long k, struct num *x)
{
	tf_di a = tf_di_from_dd(dd_of(&edge[k]));
	x[0] = num2(a.hi, a.lo);
}

static int from_dd_main_range(const struct num *x)
{
	double a = x[0].w[0] + x[0].w[1];
	return fabs(a) >= 0x1p-969 || !isfinite(a);
}

static const struct operation operations[] = {
	{.name = "tf_di_make", .bound = "stores hi and lo", .exact = 1, CALLS(di_of_d_i, tf_di_make),
	 .edges = EDGES_OWN, .edge_case = make_operands,
	 .check = check_stores},
	{.name = "tf_di_encode", .bound = "nearest even, 21 bits or 2^-1042", .exact = 1,
	 CALLS(i_of_d, tf_di_encode), .check = check_encode, .random = random_remainder,
	 .edges = EDGES_LIST, .edge_list = VALUES(encode_edges, BOTH_SIGNS)},
	{.name = "tf_di_decode", .bound = "inverse of the encoding", .exact = 1,
	 CALLS(d_of_i, tf_di_decode), .check = check_decode, .random = random_encoding},
	{.name = "tf_di_from_dd", .bound = "2^-74 |x| for |x| >= 2^-969", CALLS(di_of_dd, tf_di_from_dd),
	 .check = check_conversion, .promise = promise_from_dd,
	 .regimes = {{.absolute = 0x1p-1043}, {.from = 0x1p-969, .factor = 0x1p-74}},
	 .signed_zero = 1, .random = random_main_range, .random_beyond = random_below,
	 .beyond_share = 8, .edges = EDGES_EACH, .ends_bound = "2^-1043 below 2^-969",
	 .in_main_range = from_dd_main_range},
	{.name = "tf_di_to_dd", .bound = "exact", .exact = 1, CALLS(dd_of_di, tf_di_to_dd),
	 .check = check_stores, .random = random_di, .edges = EDGES_OWN,
	 .edge_case = converted_edge},
};

const struct format test_format = {
	.title = "arith_di.h",
	.seed = 0x7466646931ull,
	.edge_layout = &layout_dd,
	.edges = {VALUES(edge_pairs, BOTH_SIGNS)},
	.operations = operations,
	.operation_count = (int)(sizeof operations / sizeof operations[0]),
};
