#include "config.h"

/* The format table of twofold/arith_ds.h for the unit test (format.h):
 * DD -> DS on random DDs over double's whole range (the three regimes of
 * the bound: below 2^-73, the main range, from 2^181 on) and on edge cases;
 * DS -> DD, exact. */

#include <float.h>
#include <math.h>

#include "format.h"
#include "twofold/arith_ds.h"

/* The edge cases, each with both signs. */
static const struct num edge_pairs[] = {
	{{0.0, 0.0}}, {{-0.0, -0.0}}, {{-0.0, 0.0}}, {{0x1p-1074, 0.0}},
	{{0x1p-1022, 0x0.0000000000001p-1022}}, {{0x1p-80, 0x1p-140}},
	{{0x1p-73, 0x1.fffffffffffffp-127}}, {{1.0, 0x1p-53}}, {{0x1.0000000000001p0, 0x1p-53}},
	{{1.0, 0x1.fffffffp-54}}, {{0x1.0000000000001p0, 0x1.ffffffp-54}},
	{{0x1.0000000000001p0, 0x1.ffffff8p-54}}, {{1.0, 0x1.ffffff8p-55}},
	{{0x1p180, 0x1.fffffffffffffp+126}}, {{0x1p181, 0x1p128}}, {{0x1.0000000000001p181, 0x1p128}},
	{{0x1p1000, 0x1p946}}, {{DBL_MAX, 0x1p969}}, {{DBL_MAX, 0x1p970}}, {{DBL_MAX, -0x1p969}},
	{{INFINITY, 0.0}}, {{NAN, 0.0}}, {{1.0, NAN}}, {{INFINITY, -INFINITY}},
};

static void random_main_range(struct num *x)
{
	x[0] = random_dd_num(rng_range(&rng, -73, 180));
}

static void random_anywhere(struct num *x)
{
	x[0] = random_dd_num(rng_range(&rng, -1022, 1023));
}

/* DS values: converted DDs, or any double hi with any float lo. */
static void random_ds(struct num *x)
{
	if (rng_below(&rng, 2)) {
		tf_ds a = tf_ds_from_dd(random_dd(&rng, rng_range(&rng, -1022, 1023)));
		x[0] = num2(a.hi, a.lo);
	} else {
		double hi = random_double(&rng, -1022, 1023);
		x[0] = num2(hi, random_float(&rng, -126, 127));
	}
}

/* DS -> DD's edge cases: the edge cases converted. */
static void converted_edge(long k, struct num *x)
{
	tf_ds a = tf_ds_from_dd(dd_of(&edge[k]));
	x[0] = num2(a.hi, a.lo);
}

/* The main range of the bound, [2^-73, 2^181), as the operand's double sum
 * places it (the check itself goes by the exact value). */
static int from_dd_main_range(const struct num *x)
{
	double a = fabs(x[0].w[0] + x[0].w[1]);
	return a >= 0x1p-73 && a < 0x1p181;
}

static const struct operation operations[] = {
	{.name = "tf_ds_make", .bound = "stores hi and lo", .exact = 1, CALLS(ds_of_d_f, tf_ds_make),
	 .edges = EDGES_WORDS, .check = check_stores},
	{.name = "tf_ds_from_dd", .bound = "2^-77 |x| for 2^-73 <= |x| < 2^181",
	 CALLS(ds_of_dd, tf_ds_from_dd), .check = check_conversion, .promise = promise_from_dd,
	 .regimes = {{.absolute = 0x1p-150}, {.from = 0x1p-73, .factor = 0x1p-77},
		     {.from = 0x1p181, .factor = 0x1p-53}},
	 .signed_zero = 1, .random = random_main_range, .random_beyond = random_anywhere,
	 .beyond_share = 4, .edges = EDGES_EACH,
	 .ends_bound = "2^-150 below 2^-73; 2^-53 |x| from 2^181", .in_main_range = from_dd_main_range},
	{.name = "tf_ds_to_dd", .bound = "exact", .exact = 1, CALLS(dd_of_ds, tf_ds_to_dd),
	 .check = check_stores, .random = random_ds, .edges = EDGES_OWN,
	 .edge_case = converted_edge},
};

const struct format test_format = {
	.title = "arith_ds.h",
	.seed = 0x7466647331ull,
	.edge_layout = &layout_dd,
	.edges = {VALUES(edge_pairs, BOTH_SIGNS)},
	.operations = operations,
	.operation_count = (int)(sizeof operations / sizeof operations[0]),
};
