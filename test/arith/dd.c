#include "config.h"

/* Unit test of twofold/arith_dd.h against MPFR: every operation, on random
 * operands spread over double's range (with the margins the bounds need),
 * on operands built to cancel, and on edge cases (signed zeros, subnormals,
 * values next to the overflow threshold, Inf, NaN).  The bound checked is the
 * one stated in the header; u = 2^-53. */

#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "harness.h"
#include "twofold/arith_dd.h"

#define U2 0x1p-106 /* u^2 */

static struct rng rng;

/* A normalized DD (hi = fl(hi + lo)) with hi of exponent e. */
static tf_dd random_dd(int e)
{
	double hi = make_double(random_sign(&rng), e, random_fraction52(&rng));
	return tf_dd_make(hi, random_tail_d(&rng, hi, 60));
}

/* k ulps away from x, in magnitude. */
static double nudge(double x, int k)
{
	return bits_to_double(double_to_bits(x) + (uint64_t)(int64_t)k);
}

/* Exponents of two operands of a sum: equal (cancellation when the signs
 * differ), close, or independent, within [lo, hi]. */
static void sum_exponents(int *ea, int *eb, int lo, int hi)
{
	*ea = rng_range(&rng, lo, hi);
	switch (rng_below(&rng, 3)) {
	case 0:
		*eb = *ea;
		break;
	case 1:
		*eb = *ea + rng_range(&rng, -60, 60);
		if (*eb < lo)
			*eb = lo;
		if (*eb > hi)
			*eb = hi;
		break;
	default:
		*eb = rng_range(&rng, lo, hi);
	}
}

/* Two DD operands for a sum; one case in eight cancels in the high words
 * (b.hi within 4 ulps of -a.hi), where only the low words remain. */
static void random_sum_operands(tf_dd *a, tf_dd *b, int lo, int hi)
{
	int ea, eb;
	sum_exponents(&ea, &eb, lo, hi);
	*a = random_dd(ea);
	*b = random_dd(eb);
	if (rng_below(&rng, 8) == 0) {
		b->hi = nudge(-a->hi, rng_range(&rng, -4, 4));
		if (b->hi + b->lo != b->hi)
			b->lo = 0;
	}
}

/* Exponents of two factors whose product has an exponent in [lo, hi], each
 * factor within [fmin, fmax]. */
static void product_exponents(int *ea, int *eb, int lo, int hi, int fmin, int fmax)
{
	int ep = rng_range(&rng, lo, hi);
	int amin = ep - fmax > fmin ? ep - fmax : fmin;
	int amax = ep - fmin < fmax ? ep - fmin : fmax;
	*ea = rng_range(&rng, amin, amax);
	*eb = ep - *ea;
}

static const char *hex_dd(tf_dd x)
{
	static char buffers[4][80];
	static int next;
	char *b = buffers[next++ & 3];
	snprintf(b, sizeof buffers[0], "(%a, %a)", x.hi, x.lo);
	return b;
}

static int finite_dd(tf_dd x)
{
	return isfinite(x.hi) && isfinite(x.lo);
}

/* ---- edge cases ---- */

static tf_dd edge_dd[64];
static int edge_count;

static void edge_add(double hi, double lo)
{
	edge_dd[edge_count++] = tf_dd_make(hi, lo);
}

static void edge_init(void)
{
	static const double values[] = {
		0.0, 0x1p-1074, 0x1.8p-1060, 0x0.fffffffffffffp-1022, 0x1p-1022, 0x1p-900,
		1.0, 0x1.fffffffffffffp-1, 0x1.0000000000001p0, 0x1.fffffffffffffp+995, 0x1p996,
		0x1p1000, 0x1p1023, 0x1.fffffffffffffp+1022, DBL_MAX,
	};
	unsigned i;
	for (i = 0; i < sizeof values / sizeof values[0]; i++) {
		edge_add(values[i], 0.0);
		edge_add(-values[i], 0.0);
	}
	edge_add(-0.0, -0.0);
	edge_add(1.0, 0x1p-53);        /* a tie, hi even */
	edge_add(1.0, -0x1p-54);       /* below a power of two */
	edge_add(-1.0, 0x1.fffffffffffffp-55);
	edge_add(DBL_MAX, 0x1p969);    /* just below the overflow threshold */
	edge_add(-DBL_MAX, -0x1p969);
	edge_add(DBL_MAX, -0x1p969);
	edge_add(0x1p-1000, 0x1p-1060); /* subnormal low word */
	edge_add(0x1p-1022, -0x1p-1074);
	edge_add(INFINITY, 0.0);
	edge_add(-INFINITY, 0.0);
	edge_add(NAN, 0.0);
	edge_add(1.0, NAN);
	edge_add(1.0, INFINITY);
	edge_add(INFINITY, -INFINITY);
}

/* The header's promises, checked on an edge case whose exact result has
 * been formed in mp[2] (when the operands are finite), the result in mp[3]
 * and the scale of the bound in mp[4]: non-finite operands give a
 * non-finite result; a finite result meets the bound where the result
 * neither overflows nor underflows (|exact| in [2^-900, 2^1023)).  Outside
 * that range nothing is promised: such cases are counted, and a non-finite
 * result of finite operands whose exact result is below 2^1023 is shown as
 * a note (an intermediate overflow). */
static void edge_verdict(struct op *op, int operands_finite, int result_finite, double scale_factor,
			 const char *operands, const char *got)
{
	double ax;
	op->edges++;
	if (!operands_finite) {
		if (result_finite)
			op_fail(op, "non-finite operands %s gave a finite result %s", operands, got);
		return;
	}
	ax = fabs(mpfr_get_d(mp[2], MPFR_RNDZ)); /* exact against powers of two */
	if (!result_finite) {
		if (ax < 0x1p1023)
			op_note(op, "finite operands %s (exact %s) gave a non-finite result %s",
				operands, hex_mp(mp[2]), got);
		return;
	}
	if (!(ax >= 0x1p-900 && ax < 0x1p1023)) {
		op->outside++;
		return;
	}
	if (!check_bound(op, mp[3], mp[2], mp[4], scale_factor, 0))
		op_fail(op, "%s: expected %s, got %s, error %.4g of the bound", operands,
			hex_mp(mp[2]), got, op->last_ratio);
}

/* ---- error-free transformations ---- */

/* TwoSum, QuickTwoSum, TwoProd: s = fl(a op b) and s + e exact. */
enum eft { EFT_TWO_SUM, EFT_QUICK_TWO_SUM, EFT_TWO_PROD };

static tf_dd run_eft(enum eft which, double a, double b)
{
	switch (which) {
	case EFT_TWO_SUM:
		return tf_two_sum(a, b);
	case EFT_QUICK_TWO_SUM:
		return tf_quick_two_sum(a, b);
	default:
		return tf_two_prod(a, b);
	}
}

static void check_eft(struct op *op, enum eft which, double a, double b, tf_dd r, int edge)
{
	struct span s;
	int finite = isfinite(a) && isfinite(b);
	span_init(&s);
	if (which == EFT_TWO_PROD)
		span_prod(&s, a, b);
	else {
		span_d(&s, a);
		span_d(&s, b);
	}
	span_d(&s, r.hi);
	span_d(&s, r.lo);
	span_prec(&s);
	if (edge)
		op->edges++;
	if (!finite) {
		if (isfinite(r.hi))
			op_fail(op, "non-finite operands %a, %a gave a finite %a", a, b, r.hi);
		return;
	}
	EXACT(mpfr_set_d(mp[0], a, MPFR_RNDN));
	if (which == EFT_TWO_PROD)
		EXACT(mpfr_mul_d(mp[2], mp[0], b, MPFR_RNDN));
	else
		EXACT(mpfr_add_d(mp[2], mp[0], b, MPFR_RNDN));
	if (!isfinite(r.hi)) {
		if (mpfr_get_d(mp[2], MPFR_RNDN) <= DBL_MAX && mpfr_get_d(mp[2], MPFR_RNDN) >= -DBL_MAX)
			op_fail(op, "%a, %a: spurious overflow, got (%a, %a)", a, b, r.hi, r.lo);
		return;
	}
	/* The high word is the rounded result, sign of zero included. */
	{
		double rounded = mpfr_get_d(mp[2], MPFR_RNDN);
		if (double_to_bits(rounded) != double_to_bits(r.hi) &&
		    !(rounded == 0 && r.hi == 0 && which != EFT_TWO_PROD))
			op_fail(op, "%a, %a: high word %a, not fl() = %a", a, b, r.hi, rounded);
	}
	/* Below the range where the error term is representable (products
	 * of magnitude under 2^-969), TwoProd is not exact: only checked
	 * above it. */
	if (which == EFT_TWO_PROD && mpfr_cmp_d(mp[2], 0x1p-969) < 0 && mpfr_cmp_d(mp[2], -0x1p-969) > 0)
		return;
	mp_set_d2(mp[3], r.hi, r.lo);
	if (!check_exact(op, mp[3], mp[2]))
		op_fail(op, "%a, %a: got (%a, %a), not exact (expected %s)", a, b, r.hi, r.lo,
			hex_mp(mp[2]));
}

static void test_eft(enum eft which, const char *name)
{
	struct op op;
	long i;
	int e, f;
	op_begin(&op, name, "exact", 1);
	for (i = 0; i < random_cases; i++) {
		double a, b;
		tf_dd r;
		if (which == EFT_TWO_PROD) {
			product_exponents(&e, &f, -960, 1020, -1000, 1020);
			a = random_double(&rng, e, e);
			b = random_double(&rng, f, f);
		} else {
			sum_exponents(&e, &f, -1022, 1022);
			a = random_double(&rng, e, e);
			b = random_double(&rng, f, f);
			if (rng_below(&rng, 8) == 0)
				b = nudge(-a, rng_range(&rng, -4, 4));
			if (which == EFT_QUICK_TWO_SUM && fabs(a) < fabs(b)) {
				double t = a;
				a = b;
				b = t;
			}
		}
		r = run_eft(which, a, b);
		hash_double(&op, r.hi);
		hash_double(&op, r.lo);
		if (check_mode)
			check_eft(&op, which, a, b, r, 0);
		op.cases++;
	}
	for (e = 0; e < edge_count; e++)
		for (f = 0; f < edge_count; f++) {
			double a = edge_dd[e].hi, b = edge_dd[f].hi;
			tf_dd r;
			if (which == EFT_QUICK_TWO_SUM && !(fabs(a) >= fabs(b) || a == 0))
				continue;
			/* The sum must not overflow for the exactness promise. */
			r = run_eft(which, a, b);
			hash_double(&op, r.hi);
			hash_double(&op, r.lo);
			if (check_mode)
				check_eft(&op, which, a, b, r, 1);
		}
	op_end(&op);
}

/* Veltkamp's split: hi + lo = a, each with at most 26 significant bits,
 * for |a| < 2^996. */
static void check_split(struct op *op, double a, tf_dd r, int edge)
{
	struct span s;
	if (edge)
		op->edges++;
	if (!isfinite(a)) {
		if (isfinite(r.hi))
			op_fail(op, "non-finite %a gave a finite (%a, %a)", a, r.hi, r.lo);
		return;
	}
	if (fabs(a) >= 0x1p996)
		return; /* outside the stated range */
	span_init(&s);
	span_d(&s, a);
	span_d(&s, r.hi);
	span_d(&s, r.lo);
	span_prec(&s);
	EXACT(mpfr_set_d(mp[2], a, MPFR_RNDN));
	mp_set_d2(mp[3], r.hi, r.lo);
	if (!check_exact(op, mp[3], mp[2]) || significant_bits_d(r.hi) > 26 ||
	    significant_bits_d(r.lo) > 26)
		op_fail(op, "%a: got (%a, %a): not exact, or more than 26 bits in a word", a, r.hi,
			r.lo);
}

static void test_split(void)
{
	struct op op;
	long i;
	int e;
	op_begin(&op, "tf_split", "exact, 26 + 26 bits", 1);
	for (i = 0; i < random_cases; i++) {
		double a = random_double(&rng, -1022, 995);
		tf_dd r = tf_split(a);
		hash_double(&op, r.hi);
		hash_double(&op, r.lo);
		if (check_mode)
			check_split(&op, a, r, 0);
		op.cases++;
	}
	for (e = 0; e < edge_count; e++) {
		double a = edge_dd[e].hi;
		tf_dd r = tf_split(a);
		hash_double(&op, r.hi);
		hash_double(&op, r.lo);
		if (check_mode)
			check_split(&op, a, r, 1);
	}
	op_end(&op);
}

/* ---- DD operations ---- */

enum dd_op { OP_ADD, OP_ADD_SLOPPY, OP_ADD_D, OP_MUL, OP_MUL_D, OP_FMA, OP_FMA_LAZY };

/* The accumulation steps: acc + b.hi * c. */
#define IS_FMA(which) ((which) == OP_FMA || (which) == OP_FMA_LAZY)

static const struct {
	const char *name;
	const char *bound;
	double factor;
} dd_ops[] = {
	[OP_ADD] = {"tf_dd_add", "(3u^2 + 13u^3) |a+b|", 3 * U2 + 13 * U2 * 0x1p-53},
	[OP_ADD_SLOPPY] = {"tf_dd_add_sloppy", "4u^2 (|a|+|b|)", 4 * U2},
	[OP_ADD_D] = {"tf_dd_add_d", "2u^2 |a+b|", 2 * U2},
	[OP_MUL] = {"tf_dd_mul", "4u^2 |ab|", 4 * U2},
	[OP_MUL_D] = {"tf_dd_mul_d", "2u^2 |ab|", 2 * U2},
	[OP_FMA] = {"tf_dd_fma", "2u^2 |acc+ab| + 2u^2 |ab|", 2 * U2},
	/* tf_dd_fma_lazy, then tf_dd_renormalize (exact) */
	[OP_FMA_LAZY] = {"tf_dd_fma_lazy", "3u^2 |acc+ab| + 3u^2 |ab|", 3 * U2},
};

/* Operands: a and b as DDs; for the operations with a double b, b.lo = 0;
 * for tf_dd_fma, acc = a and the factors are b.hi and c. */
static tf_dd run_dd(enum dd_op which, tf_dd a, tf_dd b, double c)
{
	switch (which) {
	case OP_ADD:
		return tf_dd_add(a, b);
	case OP_ADD_SLOPPY:
		return tf_dd_add_sloppy(a, b);
	case OP_ADD_D:
		return tf_dd_add_d(a, b.hi);
	case OP_MUL:
		return tf_dd_mul(a, b);
	case OP_MUL_D:
		return tf_dd_mul_d(a, b.hi);
	case OP_FMA_LAZY:
		return tf_dd_renormalize(tf_dd_fma_lazy(a, b.hi, c));
	default:
		return tf_dd_fma(a, b.hi, c);
	}
}

/* Forms the exact result in mp[2], the result in mp[3] and the scale of the
 * bound in mp[4]; returns the operands as text for messages. */
static const char *form_dd(enum dd_op which, tf_dd a, tf_dd b, double c, tf_dd r)
{
	static char text[200];
	struct span s;
	span_init(&s);
	span_d(&s, a.hi);
	span_d(&s, a.lo);
	span_d(&s, r.hi);
	span_d(&s, r.lo);
	span_d(&s, b.hi);
	span_d(&s, b.lo);
	span_d(&s, c);
	switch (which) {
	case OP_MUL:
		span_prod(&s, a.hi, b.hi);
		span_prod(&s, a.hi, b.lo);
		span_prod(&s, a.lo, b.hi);
		span_prod(&s, a.lo, b.lo);
		break;
	case OP_MUL_D:
		span_prod(&s, a.hi, b.hi);
		span_prod(&s, a.lo, b.hi);
		break;
	case OP_FMA:
	case OP_FMA_LAZY:
		span_prod(&s, b.hi, c);
		break;
	default:
		break;
	}
	span_prec(&s);
	mp_set_d2(mp[0], a.hi, a.lo);
	mp_set_d2(mp[1], b.hi, which == OP_ADD_D || which == OP_MUL_D || IS_FMA(which) ? 0 : b.lo);
	mp_set_d2(mp[3], r.hi, r.lo);
	switch (which) {
	case OP_ADD:
	case OP_ADD_D:
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
	case OP_MUL_D:
		EXACT(mpfr_mul(mp[2], mp[0], mp[1], MPFR_RNDN));
		mpfr_abs(mp[4], mp[2], MPFR_RNDN);
		break;
	default:
		EXACT(mpfr_mul_d(mp[5], mp[1], c, MPFR_RNDN));
		EXACT(mpfr_add(mp[2], mp[0], mp[5], MPFR_RNDN));
		mpfr_abs(mp[6], mp[2], MPFR_RNDN);
		mpfr_abs(mp[5], mp[5], MPFR_RNDN);
		EXACT(mpfr_add(mp[4], mp[6], mp[5], MPFR_RNDN));
	}
	if (IS_FMA(which))
		snprintf(text, sizeof text, "acc = %s, a = %a, b = %a", hex_dd(a), b.hi, c);
	else if (which == OP_ADD_D || which == OP_MUL_D)
		snprintf(text, sizeof text, "a = %s, b = %a", hex_dd(a), b.hi);
	else
		snprintf(text, sizeof text, "a = %s, b = %s", hex_dd(a), hex_dd(b));
	return text;
}

static void check_dd(struct op *op, enum dd_op which, tf_dd a, tf_dd b, double c, tf_dd r)
{
	const char *operands = form_dd(which, a, b, c, r);
	if (!check_bound(op, mp[3], mp[2], mp[4], dd_ops[which].factor, 0))
		op_fail(op, "%s: expected %s, got %s, error %.4g of the bound", operands,
			hex_mp(mp[2]), hex_dd(r), op->last_ratio);
	if (r.hi + r.lo != r.hi)
		op_fail(op, "%s: result %s not normalized", operands, hex_dd(r));
}

static void random_dd_operands(enum dd_op which, tf_dd *a, tf_dd *b, double *c)
{
	int e, f;
	*c = 0;
	switch (which) {
	case OP_ADD:
	case OP_ADD_SLOPPY:
		random_sum_operands(a, b, -900, 1020);
		break;
	case OP_ADD_D:
		random_sum_operands(a, b, -900, 1020);
		b->lo = 0;
		break;
	case OP_MUL:
		product_exponents(&e, &f, -850, 1020, -900, 1000);
		*a = random_dd(e);
		*b = random_dd(f);
		break;
	case OP_MUL_D:
		product_exponents(&e, &f, -850, 1020, -900, 1000);
		*a = random_dd(e);
		b->hi = random_double(&rng, f, f);
		b->lo = 0;
		break;
	default:
		/* acc + b.hi * c: the product's exponent against acc's as in
		 * a sum; one case in eight cancels. */
		sum_exponents(&e, &f, -850, 1020);
		*a = random_dd(e);
		{
			int g, h;
			product_exponents(&g, &h, f, f, -1000, 1000);
			b->hi = random_double(&rng, g, g);
			*c = random_double(&rng, h, h);
			b->lo = 0;
			if (rng_below(&rng, 8) == 0) {
				/* acc = -(b.hi * c) rounded, plus a low word. */
				double p = b->hi * *c;
				a->hi = -p;
				a->lo = rng_below(&rng, 2) ? -fma(b->hi, *c, -p) : 0;
				if (a->hi + a->lo != a->hi)
					a->lo = 0;
			}
		}
	}
}

/* Operands found (by these tests) to come closest to, or beyond, the bounds
 * stated in arith_dd.h: checked on every run. */
static const struct {
	enum dd_op op;
	double a_hi, a_lo, b_hi, b_lo, c;
} hard_cases[] = {
	{OP_ADD, 0x1.fffffffffffffp-204, -0x1.f29572de0aba5p-261, -0x1p-202, -0x1.b599ee2p-256, 0},
	{OP_ADD, -0x1.00000000000a3p+747, -0x1.ae371fb0bea54p+693, 0x1.fffffffffffffp+745,
	 0x1.f8fa08156072bp+687, 0},
	{OP_ADD, 0x1.e774684da34cbp+989, -0x1.fffffffffffffp+935, -0x1p+991, -0x1.37fc4c562e893p+937, 0},
	{OP_MUL, 0x1.00000000000c2p+132, 0x1.fffffffffffffp+78, -0x1.0000000000009p+347,
	 -0x1.fffffffffffffp+293, 0},
	{OP_MUL, -0x1.00000000000e3p-515, -0x1.fffffffffffffp-569, 0x1.0000000101p-19,
	 0x1.fffffffffff57p-73, 0},
	{OP_MUL, -0x1.010804p-485, -0x1.fffffffffff65p-539, -0x1.000018p+430, -0x1.fffffffffffffp+376, 0},
	{OP_FMA, 0x1.0000000000002p+0, 0x1p-53, 0x1.38df19170714ap-27, 0, 0x1.a2eeb210532e9p-26},
	{OP_FMA, 0x1.0000000000004p+0, -0x1p-53, 0x1.b2f7f9bbd9ec7p-27, 0, -0x1.2d562f1f052bep-26},
};

static void test_dd(enum dd_op which)
{
	struct op op;
	long i;
	int e, f;
	op_begin(&op, dd_ops[which].name, dd_ops[which].bound, 0);
	for (i = 0; i < random_cases; i++) {
		tf_dd a, b, r;
		double c;
		random_dd_operands(which, &a, &b, &c);
		r = run_dd(which, a, b, c);
		hash_double(&op, r.hi);
		hash_double(&op, r.lo);
		if (check_mode)
			check_dd(&op, which, a, b, c, r);
		op.cases++;
	}
	for (e = 0; e < edge_count; e++)
		for (f = 0; f < edge_count; f++) {
			tf_dd a = edge_dd[e], b = edge_dd[f], r;
			double c = IS_FMA(which) ? edge_dd[(e + f) % edge_count].hi : 0;
			int finite;
			if (which == OP_ADD_D || which == OP_MUL_D || IS_FMA(which))
				b.lo = 0;
			r = run_dd(which, a, b, c);
			hash_double(&op, r.hi);
			hash_double(&op, r.lo);
			if (!check_mode)
				continue;
			finite = finite_dd(a) && finite_dd(b) && isfinite(c);
			if (finite) {
				const char *operands = form_dd(which, a, b, c, r);
				edge_verdict(&op, 1, finite_dd(r), dd_ops[which].factor, operands, hex_dd(r));
			} else {
				char operands[200];
				snprintf(operands, sizeof operands, "%s, %s, %a", hex_dd(a), hex_dd(b), c);
				edge_verdict(&op, 0, isfinite(r.hi), 0, operands, hex_dd(r));
			}
		}
	for (e = 0; e < (int)(sizeof hard_cases / sizeof hard_cases[0]); e++) {
		tf_dd a = tf_dd_make(hard_cases[e].a_hi, hard_cases[e].a_lo), r;
		tf_dd b = tf_dd_make(hard_cases[e].b_hi, hard_cases[e].b_lo);
		if (hard_cases[e].op != which)
			continue;
		r = run_dd(which, a, b, hard_cases[e].c);
		hash_double(&op, r.hi);
		hash_double(&op, r.lo);
		op.edges++;
		if (check_mode)
			check_dd(&op, which, a, b, hard_cases[e].c, r);
	}
	op_end(&op);
}

/* ---- conversion and construction ---- */

static void test_to_double(void)
{
	struct op op;
	long i;
	op_begin(&op, "tf_dd_to_double", "fl(hi + lo), exact rounding", 1);
	for (i = 0; i < random_cases + edge_count; i++) {
		int edge = i >= random_cases;
		tf_dd a = edge ? edge_dd[i - random_cases] : random_dd(rng_range(&rng, -1022, 1023));
		double r = tf_dd_to_double(a);
		hash_double(&op, r);
		if (edge)
			op.edges++;
		else
			op.cases++;
		if (!check_mode)
			continue;
		if (!finite_dd(a)) {
			if (isfinite(r))
				op_fail(&op, "non-finite %s gave %a", hex_dd(a), r);
			continue;
		}
		{
			struct span s;
			double expected;
			span_init(&s);
			span_d(&s, a.hi);
			span_d(&s, a.lo);
			span_prec(&s);
			mp_set_d2(mp[2], a.hi, a.lo);
			expected = mpfr_get_d(mp[2], MPFR_RNDN);
			if (mpfr_zero_p(mp[2]))
				expected = a.hi + a.lo; /* the IEEE sign of a zero sum */
			if (double_to_bits(expected) != double_to_bits(r))
				op_fail(&op, "%s: expected %a, got %a", hex_dd(a), expected, r);
		}
	}
	op_end(&op);
}

static void test_make(void)
{
	struct op op;
	long i;
	op_begin(&op, "tf_dd_make", "stores hi and lo", 1);
	for (i = 0; i < edge_count; i++) {
		tf_dd a = tf_dd_make(edge_dd[i].hi, edge_dd[i].lo);
		hash_double(&op, a.hi);
		hash_double(&op, a.lo);
		op.edges++;
		if (check_mode && (double_to_bits(a.hi) != double_to_bits(edge_dd[i].hi) ||
				   double_to_bits(a.lo) != double_to_bits(edge_dd[i].lo)))
			op_fail(&op, "(%a, %a) stored as (%a, %a)", edge_dd[i].hi, edge_dd[i].lo, a.hi,
				a.lo);
	}
	op_end(&op);
}

int main(int argc, char **argv)
{
	harness_start(argc, argv, "arith_dd.h");
	rng_seed(&rng, 0x7466646431ull);
	edge_init();
	test_make();
	test_eft(EFT_TWO_SUM, "tf_two_sum");
	test_eft(EFT_QUICK_TWO_SUM, "tf_quick_two_sum");
	test_eft(EFT_TWO_PROD, "tf_two_prod");
	test_split();
	test_dd(OP_ADD);
	test_dd(OP_ADD_SLOPPY);
	test_dd(OP_ADD_D);
	test_dd(OP_MUL);
	test_dd(OP_MUL_D);
	test_dd(OP_FMA);
	test_dd(OP_FMA_LAZY);
	test_to_double();
	return harness_finish();
}
