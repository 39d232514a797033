#include "config.h"

/* Unit test of twofold/arith_ds.h against MPFR: DD -> DS on random DDs over
 * double's whole range (the three regimes of the bound: below 2^-73, the
 * main range, from 2^181 on) and on edge cases; DS -> DD, exact. */

#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "harness.h"
#include "twofold/arith_ds.h"

static struct rng rng;

static tf_dd random_dd(int e)
{
	double hi = make_double(random_sign(&rng), e, random_fraction52(&rng));
	return tf_dd_make(hi, random_tail_d(&rng, hi, 60));
}

static const char *hex_dd(tf_dd x)
{
	static char buffers[2][80];
	static int next;
	char *b = buffers[next++ & 1];
	snprintf(b, sizeof buffers[0], "(%a, %a)", x.hi, x.lo);
	return b;
}

static const char *hex_ds(tf_ds x)
{
	static char buffer[80];
	snprintf(buffer, sizeof buffer, "(%a, %a)", x.hi, (double)x.lo);
	return buffer;
}

static tf_dd edge_dd[64];
static int edge_count;

static void edge_init(void)
{
	static const double pairs[][2] = {
		{0.0, 0.0}, {-0.0, -0.0}, {-0.0, 0.0}, {0x1p-1074, 0.0}, {0x1p-1022, 0x0.0000000000001p-1022},
		{0x1p-80, 0x1p-140}, {0x1p-73, 0x1.fffffffffffffp-127}, {1.0, 0x1p-53}, {0x1.0000000000001p0, 0x1p-53},
		{1.0, 0x1.fffffffp-54}, {0x1.0000000000001p0, 0x1.ffffffp-54}, {0x1.0000000000001p0, 0x1.ffffff8p-54},
		{1.0, 0x1.ffffff8p-55}, {0x1p180, 0x1.fffffffffffffp+126}, {0x1p181, 0x1p128},
		{0x1.0000000000001p181, 0x1p128}, {0x1p1000, 0x1p946}, {DBL_MAX, 0x1p969}, {DBL_MAX, 0x1p970},
		{DBL_MAX, -0x1p969}, {INFINITY, 0.0}, {NAN, 0.0}, {1.0, NAN}, {INFINITY, -INFINITY},
	};
	unsigned i;
	for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		edge_dd[edge_count++] = tf_dd_make(pairs[i][0], pairs[i][1]);
		edge_dd[edge_count++] = tf_dd_make(-pairs[i][0], -pairs[i][1]);
	}
}

/* The main range of the bound, [2^-73, 2^181), as the operand's double sum
 * places it (the exact check below uses the exact value). */
static int main_range(tf_dd a)
{
	double x = fabs(a.hi + a.lo);
	return x >= 0x1p-73 && x < 0x1p181;
}

/* DD -> DS: the bound of each regime, normalization, zeros, non-finite. */
static void check_from_dd(struct op *op, tf_dd a, tf_ds r)
{
	struct span s;
	double ax;
	if (!isfinite(a.hi) || !isfinite(a.lo)) {
		if (isfinite(r.hi) || r.lo != 0)
			op_fail(op, "non-finite %s gave %s, not a non-finite hi with lo = 0", hex_dd(a),
				hex_ds(r));
		return;
	}
	span_init(&s);
	span_d(&s, a.hi);
	span_d(&s, a.lo);
	span_d(&s, r.hi);
	span_f(&s, r.lo);
	span_prec(&s);
	mp_set_d2(mp[2], a.hi, a.lo);
	ax = fabs(mpfr_get_d(mp[2], MPFR_RNDZ)); /* exact against powers of two */
	if (!isfinite(r.hi)) {
		if (isfinite(mpfr_get_d(mp[2], MPFR_RNDN)) || r.lo != 0)
			op_fail(op, "%s gave %s: overflow below the threshold, or lo != 0", hex_dd(a),
				hex_ds(r));
		return;
	}
	if (mpfr_zero_p(mp[2])) {
		double zero = a.hi + a.lo;
		if (double_to_bits(r.hi) != double_to_bits(zero) ||
		    double_to_bits((double)r.lo) != double_to_bits(zero))
			op_fail(op, "%s gave %s, not the zero %a in both words", hex_dd(a), hex_ds(r), zero);
		return;
	}
	mp_set_d2(mp[3], r.hi, r.lo);
	mpfr_abs(mp[4], mp[2], MPFR_RNDN);
	if (!(ax < 0x1p-73 ? check_bound(op, mp[3], mp[2], mp[4], 0, 0x1p-150)
	      : ax < 0x1p181 ? check_bound(op, mp[3], mp[2], mp[4], 0x1p-77, 0)
			     : check_bound(op, mp[3], mp[2], mp[4], 0x1p-53, 0)))
		op_fail(op, "%s: expected %s, got %s, error %.4g of the bound", hex_dd(a),
			hex_mp(mp[2]), hex_ds(r), op->last_ratio);
	if (r.hi + (double)r.lo != r.hi)
		op_fail(op, "%s: result %s not normalized", hex_dd(a), hex_ds(r));
}

static void test_from_dd(void)
{
	struct op main_op, ends;
	long i, n = random_cases + random_cases / 4;
	op_begin(&main_op, "tf_ds_from_dd", "2^-77 |x| for 2^-73 <= |x| < 2^181", 0);
	op_begin(&ends, "tf_ds_from_dd/ends", "2^-150 below 2^-73; 2^-53 |x| from 2^181", 0);
	for (i = 0; i < n + edge_count; i++) {
		int edge = i >= n;
		struct op *op;
		tf_dd a;
		tf_ds r;
		if (edge)
			a = edge_dd[i - n];
		else if (i < random_cases)
			a = random_dd(rng_range(&rng, -73, 180)); /* the main range */
		else
			a = random_dd(rng_range(&rng, -1022, 1023)); /* anywhere */
		r = tf_ds_from_dd(a);
		op = main_range(a) ? &main_op : &ends;
		hash_double(op, r.hi);
		hash_float(op, r.lo);
		if (edge)
			op->edges++;
		else
			op->cases++;
		if (check_mode)
			check_from_dd(op, a, r);
	}
	op_end(&main_op);
	op_end(&ends);
}

/* DS -> DD: the pair itself. */
static void test_to_dd(void)
{
	struct op op;
	long i;
	op_begin(&op, "tf_ds_to_dd", "exact", 1);
	for (i = 0; i < random_cases + edge_count; i++) {
		int edge = i >= random_cases;
		tf_ds a;
		tf_dd r;
		if (edge)
			a = tf_ds_from_dd(edge_dd[i - random_cases]);
		else if (rng_below(&rng, 2))
			a = tf_ds_from_dd(random_dd(rng_range(&rng, -1022, 1023)));
		else {
			double hi = random_double(&rng, -1022, 1023);
			a = tf_ds_make(hi, random_float(&rng, -126, 127));
		}
		r = tf_ds_to_dd(a);
		hash_double(&op, r.hi);
		hash_double(&op, r.lo);
		if (edge)
			op.edges++;
		else
			op.cases++;
		if (check_mode && (double_to_bits(r.hi) != double_to_bits(a.hi) ||
				   double_to_bits(r.lo) != double_to_bits((double)a.lo)))
			op_fail(&op, "%s gave %s", hex_ds(a), hex_dd(r));
	}
	op_end(&op);
}

static void test_make(void)
{
	struct op op;
	int i;
	op_begin(&op, "tf_ds_make", "stores hi and lo", 1);
	for (i = 0; i < edge_count; i++) {
		tf_ds a = tf_ds_make(edge_dd[i].hi, (float)edge_dd[i].lo);
		hash_double(&op, a.hi);
		hash_float(&op, a.lo);
		op.edges++;
		if (check_mode && (double_to_bits(a.hi) != double_to_bits(edge_dd[i].hi) ||
				   float_to_bits(a.lo) != float_to_bits((float)edge_dd[i].lo)))
			op_fail(&op, "(%a, %a) stored as %s", edge_dd[i].hi, edge_dd[i].lo, hex_ds(a));
	}
	op_end(&op);
}

int main(int argc, char **argv)
{
	harness_start(argc, argv, "arith_ds.h");
	rng_seed(&rng, 0x7466647331ull);
	edge_init();
	test_make();
	test_from_dd();
	test_to_dd();
	return harness_finish();
}
