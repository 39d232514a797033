#include "config.h"

/* Unit test of twofold/arith_di.h against MPFR: the encoding of the low word
 * (rounding to 21 significant bits, nearest even, with the carries into the
 * exponent, negative values, zeros and subnormals), DD -> DI on random DDs
 * over double's whole range and on edge cases, DI -> DD exact. */

#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "harness.h"
#include "twofold/arith_di.h"

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

static const char *hex_di(tf_di x)
{
	static char buffer[80];
	snprintf(buffer, sizeof buffer, "(%a, 0x%08x = %a)", x.hi, (unsigned)x.lo, tf_di_decode(x.lo));
	return buffer;
}

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

static double random_remainder(void)
{
	switch (rng_below(&rng, 8)) {
	case 0: /* subnormal */
		return bits_to_double((uint64_t)random_sign(&rng) << 63 |
				      (random_fraction52(&rng) >> rng_below(&rng, 52)));
	case 1: { /* a tie or next to one on the dropped half */
		uint64_t bits = random_fraction52(&rng) & ~UINT64_C(0xffffffff);
		int k = rng_range(&rng, -2, 2);
		bits |= UINT64_C(0x80000000) + (uint64_t)(int64_t)k;
		return bits_to_double((uint64_t)random_sign(&rng) << 63 |
				      (uint64_t)rng_range(&rng, 1, 2046) << 52 | (bits & ((UINT64_C(1) << 52) - 1)));
	}
	case 2: /* all ones in the kept fraction: the carry into the exponent */
		return make_double(random_sign(&rng), rng_range(&rng, -1022, 1022),
				   UINT64_C(0xfffff) << 32 | (rng_next(&rng) & 0xffffffffu));
	default:
		return random_double(&rng, -1022, 1023);
	}
}

static void test_encode(void)
{
	static const double edges[] = {
		0.0, 0x1p-1074, 0x0.00000ffffffffp-1022, 0x0.0000008p-1022, 0x0.0000018p-1022,
		0x0.fffffffffffffp-1022, 0x0.fffff80000000p-1022, 0x0.fffff7fffffffp-1022, 0x1p-1022,
		1.0, 0x1.00000fffffffp0, 0x1.000008p0, 0x1.000018p0, 0x1.fffff8p0, 0x1.fffff7fffffffp0,
		0x1.fffffffffffffp1022, 0x1.fffff7fffffffp1023, DBL_MAX,
	};
	struct op op;
	long i;
	unsigned n = 2 * (sizeof edges / sizeof edges[0]);
	op_begin(&op, "tf_di_encode", "nearest even, 21 bits or 2^-1042", 1);
	for (i = 0; i < random_cases + n; i++) {
		int edge = i >= random_cases;
		unsigned k = (unsigned)(i - random_cases);
		double r = edge ? (k & 1 ? -edges[k / 2] : edges[k / 2]) : random_remainder();
		int32_t lo = tf_di_encode(r);
		double got = tf_di_decode(lo);
		hash_int(&op, lo);
		if (edge)
			op.edges++;
		else
			op.cases++;
		if (check_mode) {
			double expected = expected_encoding(r);
			if (double_to_bits(expected) != double_to_bits(got))
				op_fail(&op, "%a: encoded 0x%08x = %a, expected %a", r, (unsigned)lo, got,
					expected);
			else if (tf_di_encode(got) != lo)
				op_fail(&op, "%a: the encoding 0x%08x does not encode itself", r,
					(unsigned)lo);
		}
	}
	op_end(&op);
}

/* Every int32 that is not the encoding of Inf or NaN decodes to a value
 * that encodes back to it. */
static void test_decode(void)
{
	struct op op;
	long i;
	op_begin(&op, "tf_di_decode", "inverse of the encoding", 1);
	for (i = 0; i < random_cases; i++) {
		int32_t lo = (int32_t)(uint32_t)rng_next(&rng);
		double r = tf_di_decode(lo);
		hash_double(&op, r);
		op.cases++;
		if (!check_mode)
			continue;
		if (((uint32_t)lo & 0x7ff00000u) == 0x7ff00000u) {
			if (isfinite(r))
				op_fail(&op, "0x%08x decoded to a finite %a", (unsigned)lo, r);
		} else if (tf_di_encode(r) != lo || (double_to_bits(r) & 0xffffffffu) != 0)
			op_fail(&op, "0x%08x decoded to %a", (unsigned)lo, r);
	}
	op_end(&op);
}

/* ---- conversions ---- */

static tf_dd edge_dd[64];
static int edge_count;

static void edge_init(void)
{
	static const double pairs[][2] = {
		{0.0, 0.0}, {-0.0, -0.0}, {-0.0, 0.0}, {0x1p-1074, 0.0}, {0x1p-1022, 0x0.0000000000001p-1022},
		{0x1p-969, 0x0.0000000000001p-1022}, {0x1p-950, 0x1.fffffp-1004}, {1.0, 0x1p-53},
		{0x1.0000000000001p0, 0x1p-53}, {0x1.0000000000001p0, 0x1.fffff8p-54},
		{0x1.0000000000001p0, 0x1.fffff7fffffffp-54}, {1.0, 0x1.fffff8p-55},
		{0x1p1000, 0x1p946}, {DBL_MAX, 0x1p969}, {DBL_MAX, 0x1.fffff8p969}, {DBL_MAX, 0x1p970},
		{DBL_MAX, -0x1p969}, {INFINITY, 0.0}, {NAN, 0.0}, {1.0, NAN}, {INFINITY, -INFINITY},
	};
	unsigned i;
	for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		edge_dd[edge_count++] = tf_dd_make(pairs[i][0], pairs[i][1]);
		edge_dd[edge_count++] = tf_dd_make(-pairs[i][0], -pairs[i][1]);
	}
}

static void check_from_dd(struct op *op, tf_dd a, tf_di r)
{
	struct span s;
	double ax, lo = tf_di_decode(r.lo);
	if (!isfinite(a.hi) || !isfinite(a.lo)) {
		if (isfinite(r.hi) || r.lo != 0)
			op_fail(op, "non-finite %s gave %s, not a non-finite hi with lo = 0", hex_dd(a),
				hex_di(r));
		return;
	}
	span_init(&s);
	span_d(&s, a.hi);
	span_d(&s, a.lo);
	span_d(&s, r.hi);
	span_d(&s, lo);
	span_prec(&s);
	mp_set_d2(mp[2], a.hi, a.lo);
	ax = fabs(mpfr_get_d(mp[2], MPFR_RNDZ)); /* exact against powers of two */
	if (!isfinite(r.hi)) {
		if (isfinite(mpfr_get_d(mp[2], MPFR_RNDN)) || r.lo != 0)
			op_fail(op, "%s gave %s: overflow below the threshold, or lo != 0", hex_dd(a),
				hex_di(r));
		return;
	}
	if (mpfr_zero_p(mp[2])) {
		double zero = a.hi + a.lo;
		if (double_to_bits(r.hi) != double_to_bits(zero) ||
		    double_to_bits(lo) != double_to_bits(zero))
			op_fail(op, "%s gave %s, not the zero %a in both words", hex_dd(a), hex_di(r), zero);
		return;
	}
	mp_set_d2(mp[3], r.hi, lo);
	mpfr_abs(mp[4], mp[2], MPFR_RNDN);
	if (!(ax >= 0x1p-969 ? check_bound(op, mp[3], mp[2], mp[4], 0x1p-74, 0)
			     : check_bound(op, mp[3], mp[2], mp[4], 0, 0x1p-1043)))
		op_fail(op, "%s: expected %s, got %s, error %.4g of the bound", hex_dd(a),
			hex_mp(mp[2]), hex_di(r), op->last_ratio);
	if (r.hi + lo != r.hi)
		op_fail(op, "%s: result %s not normalized", hex_dd(a), hex_di(r));
}

static void test_from_dd(void)
{
	struct op main_op, ends;
	long i, n = random_cases + random_cases / 8;
	op_begin(&main_op, "tf_di_from_dd", "2^-74 |x| for |x| >= 2^-969", 0);
	op_begin(&ends, "tf_di_from_dd/ends", "2^-1043 below 2^-969", 0);
	for (i = 0; i < n + edge_count; i++) {
		int edge = i >= n;
		struct op *op;
		tf_dd a;
		tf_di r;
		if (edge)
			a = edge_dd[i - n];
		else if (i < random_cases)
			a = random_dd(rng_range(&rng, -969, 1023));
		else
			a = random_dd(rng_range(&rng, -1022, -970));
		r = tf_di_from_dd(a);
		op = fabs(a.hi + a.lo) >= 0x1p-969 || !isfinite(a.hi + a.lo) ? &main_op : &ends;
		hash_double(op, r.hi);
		hash_int(op, r.lo);
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

static void test_to_dd(void)
{
	struct op op;
	long i;
	op_begin(&op, "tf_di_to_dd", "exact", 1);
	for (i = 0; i < random_cases + edge_count; i++) {
		int edge = i >= random_cases;
		tf_di a;
		tf_dd r;
		if (edge)
			a = tf_di_from_dd(edge_dd[i - random_cases]);
		else if (rng_below(&rng, 2))
			a = tf_di_from_dd(random_dd(rng_range(&rng, -1022, 1023)));
		else
			a = tf_di_make(random_double(&rng, -1022, 1023), (int32_t)(uint32_t)rng_next(&rng));
		r = tf_di_to_dd(a);
		hash_double(&op, r.hi);
		hash_double(&op, r.lo);
		if (edge)
			op.edges++;
		else
			op.cases++;
		if (check_mode && (double_to_bits(r.hi) != double_to_bits(a.hi) ||
				   double_to_bits(r.lo) != (uint64_t)(uint32_t)a.lo << 32))
			op_fail(&op, "%s gave %s", hex_di(a), hex_dd(r));
	}
	op_end(&op);
}

static void test_make(void)
{
	struct op op;
	int i;
	op_begin(&op, "tf_di_make", "stores hi and lo", 1);
	for (i = 0; i < edge_count; i++) {
		tf_di a = tf_di_make(edge_dd[i].hi, (int32_t)i - 20);
		hash_double(&op, a.hi);
		hash_int(&op, a.lo);
		op.edges++;
		if (check_mode && (double_to_bits(a.hi) != double_to_bits(edge_dd[i].hi) || a.lo != i - 20))
			op_fail(&op, "(%a, %d) stored as %s", edge_dd[i].hi, i - 20, hex_di(a));
	}
	op_end(&op);
}

int main(int argc, char **argv)
{
	harness_start(argc, argv, "arith_di.h");
	rng_seed(&rng, 0x7466646931ull);
	edge_init();
	test_make();
	test_encode();
	test_decode();
	test_from_dd();
	test_to_dd();
	return harness_finish();
}
