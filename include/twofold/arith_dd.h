/* twofold/arith_dd.h: double-double (DD) arithmetic.
 *
 * A DD number is the unevaluated sum hi + lo of two doubles with
 * |lo| <= ulp(hi)/2: 106 bits of significand, double's exponent range.  The
 * layout (hi, then lo) is that of QD's dd_real and of CUDA's double2.
 *
 * Algorithms: Knuth's TwoSum, Dekker's QuickTwoSum, TwoProd by FMA,
 * Veltkamp's split, and the DD operations of QD (Hida, Li, Bailey).  u is
 * the unit roundoff of double, 2^-53.  The error bounds stated with each
 * operation hold for finite operands whose results neither overflow nor
 * underflow; they are checked against MPFR by the unit tests.  Non-finite
 * operands give non-finite results, not necessarily the IEEE ones: callers
 * that promise IEEE behaviour test for them (see src/cpu/). */
#ifndef TWOFOLD_ARITH_DD_H
#define TWOFOLD_ARITH_DD_H

#include <stddef.h>
#include "twofold/arith.h"

TF_ARITH tf_dd tf_dd_make(double hi, double lo)
{
	tf_dd r;
	r.hi = hi;
	r.lo = lo;
	return r;
}

/* s + e = a + b exactly, s = fl(a + b).  (Knuth; 6 operations.) */
TF_ARITH tf_dd tf_two_sum(double a, double b)
{
	double s = TF_DADD(a, b);
	double bb = TF_DSUB(s, a);
	double e = TF_DADD(TF_DSUB(a, TF_DSUB(s, bb)), TF_DSUB(b, bb));
	return tf_dd_make(s, e);
}

/* s + e = a + b exactly, s = fl(a + b), provided |a| >= |b| or a = 0.
 * (Dekker; 3 operations.) */
TF_ARITH tf_dd tf_quick_two_sum(double a, double b)
{
	double s = TF_DADD(a, b);
	double e = TF_DSUB(b, TF_DSUB(s, a));
	return tf_dd_make(s, e);
}

/* p + e = a * b exactly, p = fl(a * b), unless the product underflows.
 * (2 operations with FMA.) */
TF_ARITH tf_dd tf_two_prod(double a, double b)
{
	double p = TF_DMUL(a, b);
	double e = TF_DFMA(a, b, -p);
	return tf_dd_make(p, e);
}

/* hi + lo = a exactly, hi holding the leading 26 bits and lo the rest
 * (Veltkamp, factor 2^27 + 1), for |a| < 2^996. */
TF_ARITH tf_dd tf_split(double a)
{
	double t = TF_DMUL(134217729.0, a); /* 2^27 + 1 */
	double hi = TF_DSUB(t, TF_DSUB(t, a));
	return tf_dd_make(hi, TF_DSUB(a, hi));
}

/* a + b, accurate: relative error at most 3u^2 + 13u^3 (the IEEE-style
 * addition of QD; the bound of Joldes, Muller and Popescu, ACM TOMS 2017),
 * also when a and b cancel. */
TF_ARITH tf_dd tf_dd_add(tf_dd a, tf_dd b)
{
	tf_dd s = tf_two_sum(a.hi, b.hi);
	tf_dd t = tf_two_sum(a.lo, b.lo);
	s = tf_quick_two_sum(s.hi, TF_DADD(s.lo, t.hi));
	return tf_quick_two_sum(s.hi, TF_DADD(s.lo, t.lo));
}

/* a + b, sloppy: error at most 4u^2 (|a| + |b|); no relative bound when a
 * and b cancel.  Cheaper than tf_dd_add. */
TF_ARITH tf_dd tf_dd_add_sloppy(tf_dd a, tf_dd b)
{
	tf_dd s = tf_two_sum(a.hi, b.hi);
	return tf_quick_two_sum(s.hi, TF_DADD(s.lo, TF_DADD(a.lo, b.lo)));
}

/* a + b for a double b: relative error at most 2u^2. */
TF_ARITH tf_dd tf_dd_add_d(tf_dd a, double b)
{
	tf_dd s = tf_two_sum(a.hi, b);
	return tf_quick_two_sum(s.hi, TF_DADD(s.lo, a.lo));
}

/* a * b: relative error below 4u^2 (every partial product formed, the
 * three small ones accumulated by FMA: DWTimesDW3, bound of Muller and
 * Rideau, ACM TOMS 2022), provided a * b neither overflows nor underflows. */
TF_ARITH tf_dd tf_dd_mul(tf_dd a, tf_dd b)
{
	tf_dd p = tf_two_prod(a.hi, b.hi);
	double t = TF_DMUL(a.lo, b.lo);
	t = TF_DFMA(a.hi, b.lo, t);
	t = TF_DFMA(a.lo, b.hi, t);
	return tf_quick_two_sum(p.hi, TF_DADD(p.lo, t));
}

/* a * b for a double b: relative error at most 2u^2 (DWTimesFP3, with FMA). */
TF_ARITH tf_dd tf_dd_mul_d(tf_dd a, double b)
{
	tf_dd p = tf_two_prod(a.hi, b);
	return tf_quick_two_sum(p.hi, TF_DFMA(a.lo, b, p.lo));
}

/* a / b for a double b: the quotient's first word, the remainder
 * a.hi - q1 b taken exactly (TwoProd, then Sterbenz), a.lo added, the
 * second word from it (DWDivFP3 of Joldes, Muller and Popescu): relative
 * error at most 3u^2.  b = 0 gives a non-finite result.  Used where a DD
 * vector is divided by a double diagonal (the triangular solves). */
TF_ARITH tf_dd tf_dd_div_d(tf_dd a, double b)
{
	double q1 = a.hi / b;
	tf_dd p = tf_two_prod(q1, b);
	double d = TF_DADD(TF_DSUB(TF_DSUB(a.hi, p.hi), p.lo), a.lo);
	return tf_quick_two_sum(q1, d / b);
}

/* 1 / b: r0 = fl(1 / b.hi), whose remainder 1 - b.hi r0 is exact by FMA,
 * b.lo's share taken off it (e), then one Newton step r0 + r0 e.  Relative
 * error below 8u^2 (|e| <= 2u: e^2 from the step, 2u|e| from the
 * roundings of e and r0 e), provided 1 / b neither overflows nor
 * underflows (checked by the unit tests).  b = 0 gives a non-finite
 * result.  One division, then multiplications: tf_zdd_div_z. */
TF_ARITH tf_dd tf_dd_recip(tf_dd b)
{
	double r0 = 1.0 / b.hi;
	double e = TF_DFMA(-b.lo, r0, TF_DFMA(-b.hi, r0, 1.0));
	return tf_quick_two_sum(r0, TF_DMUL(r0, e));
}

/* a / b for DD a and b: three quotient words from the exact remainders
 * (QD's accurate division), relative error at most about 4u^2.  b = 0
 * gives a non-finite result. */
TF_ARITH tf_dd tf_dd_div(tf_dd a, tf_dd b)
{
	double q1 = a.hi / b.hi;
	tf_dd r = tf_dd_add(a, tf_dd_mul_d(b, -q1));
	double q2 = r.hi / b.hi;
	r = tf_dd_add(r, tf_dd_mul_d(b, -q2));
	double q3 = r.hi / b.hi;
	tf_dd q = tf_quick_two_sum(q1, q2);
	return tf_dd_add_d(q, q3);
}

/* sqrt(a) for a >= 0: q = fl(sqrt(a.hi)), then one Newton correction from
 * the exact remainder a - q^2 (q^2 by TwoProd; a.hi - q^2.hi is exact by
 * Sterbenz), divided by 2q (Karp and Markstein's scheme).  Relative error
 * at most 3.2u^2 for a in [2^-900, 2^1022) (the bound the unit test checks;
 * the worst cases it finds, a just above a power of 4, come to 3.13u^2).
 * a = 0 gives 0; a < 0 or NaN gives NaN, +Inf a non-finite result.  Used
 * by the Euclidean norms, on a sum of squares scaled into [2^-2, n]. */
TF_ARITH tf_dd tf_dd_sqrt(tf_dd a)
{
	if (a.hi == 0.0)
		return tf_dd_make(a.hi, 0.0);
	double q = sqrt(a.hi);
	tf_dd p = tf_two_prod(q, q);
	double r = TF_DADD(TF_DSUB(TF_DSUB(a.hi, p.hi), p.lo), a.lo);
	return tf_quick_two_sum(q, r / TF_DADD(q, q));
}

/* a b + c d rounded to double, both products exact: the two products'
 * leading words added by TwoSum, every error term gathered, and the pair
 * rounded once by adding its two words (rounding directly, without
 * renormalizing first, is at least as accurate).  Error at most half an
 * ulp of the result plus
 * 4u^2 (|ab| + |cd|), so the result is the double nearest the exact value
 * or next to it (the Level 1 tests check this against MPFR).  The step of
 * the plane rotations and of complex scaling; no product may overflow. */
TF_ARITH double tf_prod_sum_rounded(double a, double b, double c, double d)
{
	tf_dd p = tf_two_prod(a, b), q = tf_two_prod(c, d);
	tf_dd s = tf_two_sum(p.hi, q.hi);
	return TF_DADD(s.hi, TF_DADD(s.lo, TF_DADD(p.lo, q.lo)));
}

/* a b + c d + e rounded to double, the same way: the sum of the products'
 * leading words added to e by TwoSum, every error term gathered, one
 * rounding.  Error at most half an ulp plus 6u^2 (|ab| + |cd| + |e|).
 * The step of complex axpy. */
TF_ARITH double tf_prod_sum_add_rounded(double a, double b, double c, double d, double e)
{
	tf_dd p = tf_two_prod(a, b), q = tf_two_prod(c, d);
	tf_dd s = tf_two_sum(p.hi, q.hi);
	tf_dd t = tf_two_sum(s.hi, e);
	return TF_DADD(t.hi, TF_DADD(t.lo, TF_DADD(s.lo, TF_DADD(p.lo, q.lo))));
}

/* acc + a * b, the product of two doubles taken exactly: the step of every
 * DD dot product.  Error at most 2u^2 |acc + a*b| + 2u^2 |a*b|; over a dot
 * product of k terms the error is at most about 4k u^2 sum |a_i b_i|.
 * a * b must not overflow (a finite result is then NaN). */
TF_ARITH tf_dd tf_dd_fma(tf_dd acc, double a, double b)
{
	tf_dd p = tf_two_prod(a, b);
	tf_dd s = tf_two_sum(acc.hi, p.hi);
	return tf_quick_two_sum(s.hi, TF_DADD(s.lo, TF_DADD(acc.lo, p.lo)));
}

/* acc + a * b without renormalizing: hi takes the rounded sum, lo gathers
 * the rounding errors of the sum and of the product (10 operations against
 * tf_dd_fma's 13).  One step from a normalized acc, then renormalized: error
 * at most 3u^2 (|acc + a*b| + |a*b|) (checked by the unit tests).  lo may grow
 * past ulp(hi)/2 over several steps: after at most 32, call
 * tf_dd_renormalize; over a dot product of k terms renormalized every s
 * steps the error stays of the order of k s u^2 sum |a_i b_i|, and in
 * practice of tf_dd_fma's (the GEMM accuracy tests measure it).
 * a * b must not overflow. */
TF_ARITH tf_dd tf_dd_fma_lazy(tf_dd acc, double a, double b)
{
	tf_dd p = tf_two_prod(a, b);
	tf_dd s = tf_two_sum(acc.hi, p.hi);
	return tf_dd_make(s.hi, TF_DADD(acc.lo, TF_DADD(s.lo, p.lo)));
}

/* acc + a * b for a double a and a DD b: a b.hi taken exactly, a b.lo
 * rounded once (it lies below ulp(a b.hi)), renormalized.  Error at most
 * about 3u^2 (|acc + a b| + |a b|): the step of the triangular solves,
 * whose unknowns stay in DD.  a * b.hi must not overflow. */
TF_ARITH tf_dd tf_dd_fma_dd(tf_dd acc, double a, tf_dd b)
{
	tf_dd p = tf_two_prod(a, b.hi);
	tf_dd s = tf_two_sum(acc.hi, p.hi);
	return tf_quick_two_sum(s.hi, TF_DADD(s.lo, TF_DADD(acc.lo, TF_DFMA(a, b.lo, p.lo))));
}

/* acc + a * x for a double a and a DD x without renormalizing: as
 * tf_dd_fma_lazy, with a * x.lo added to the product's error by FMA (11
 * operations against tf_dd_fma_dd's 14).  The same rule: renormalize with
 * tf_dd_renormalize after at most 32 steps. */
TF_ARITH tf_dd tf_dd_fma_dd_lazy(tf_dd acc, double a, tf_dd x)
{
	tf_dd p = tf_two_prod(a, x.hi);
	double e = TF_DFMA(a, x.lo, p.lo);
	tf_dd s = tf_two_sum(acc.hi, p.hi);
	return tf_dd_make(s.hi, TF_DADD(acc.lo, TF_DADD(s.lo, e)));
}

/* The normalized pair (|lo| <= ulp(hi)/2) of the same value, exactly:
 * TwoSum, since after cancellation lo may exceed hi. */
TF_ARITH tf_dd tf_dd_renormalize(tf_dd a)
{
	return tf_two_sum(a.hi, a.lo);
}

/* a 2^e: exact unless a part leaves double's range (then that part is
 * rounded as ldexp rounds it). */
TF_ARITH tf_dd tf_dd_ldexp(tf_dd a, int e)
{
	return tf_dd_make(tf_ldexp(a.hi, e), tf_ldexp(a.lo, e));
}

/* ---- Range of sums of products (the GEMM and GEMV kernels, CPU and GPU).
 *
 * A kernel sums exact products in DD before alpha is applied, in double's
 * exponent range: products below about 2^-969 lose their low parts (below
 * 2^-1074, all of them), and products or sums above 2^1023 overflow,
 * although alpha may bring the exact result back among the normal doubles.
 * A kernel looks at each sum it formed: one that is tiny (below
 * TF_DD_RANGE_SUSPECT, zero included), or whose result is not finite, goes
 * to tf_dd_range_dot, which forms it again with the row and the column
 * scaled by powers of two that bring their largest magnitudes into
 * [1/2, 1), applies alpha's significand, then the scales and alpha's
 * exponent together, so that nothing leaves the range before the one
 * rounding.  A tiny sum of products that are not tiny (the largest above
 * 2^TF_DD_RANGE_SMALL) is a cancellation, which DD formed right: kept. */
#define TF_DD_RANGE_SUSPECT 0x1p-900
#define TF_DD_RANGE_SMALL (-800)

/* The largest magnitude of n doubles at stride inc (negative: v points at
 * the element of index 0 all the same); Inf when one is not finite. */
TF_ARITH double tf_dd_range_largest(int n, const double *v, ptrdiff_t inc)
{
	double largest = 0.0;
	for (int l = 0; l < n; l++) {
		double m = fabs(v[l * inc]);
		largest = m != m ? INFINITY : m > largest ? m : largest;
	}
	return largest;
}

/* The exponent tf_dd_range_dot takes from an operand's largest magnitude
 * (largest < 2^high), or TF_DD_RANGE_NEVER where rescaling does not apply
 * (a zero operand, or one not finite).  A kernel that meets many tiny sums
 * (exact zeros: LAPACK's matrices with zero blocks) screens them with the
 * high exponents of their rows and columns, found once each: a finite sum
 * whose row's and column's add up to TF_DD_RANGE_SMALL or more is a
 * cancellation, kept without forming it again. */
#define TF_DD_RANGE_NEVER (1 << 20)

TF_ARITH int tf_dd_range_high(double largest)
{
	int high = TF_DD_RANGE_NEVER;
	if (largest <= DBL_MAX && largest != 0.0)
		(void)tf_frexp(largest, &high);
	return high;
}

/* Whether rescaling may apply to a finite sum of a row and a column of these
 * high exponents (tf_dd_range_high). */
TF_ARITH int tf_dd_range_may_apply(int high_a, int high_b)
{
	return high_a + high_b < TF_DD_RANGE_SMALL;
}

/* Whether a finite result r of a kernel's fast path, whose sum or term
 * came out tiny, needs no second look: underflow is then the fast path's
 * only loss to the range, and it is bounded.  Each exact product loses at
 * most 2^-1075 of its low part, and each rounding on a DD's low word at
 * most 2^-1075 beyond its relative error, three per product of a sum (the
 * lazy and the renormalizing steps alike); alpha's product and beta C's
 * sum add at most 16 more.  With weight the sum of |alpha| over the
 * products (|u_i| for a rank update's term), the loss is under (weight + 4)
 * 2^-1073.  Where that is at most 2^-56 |r| (an eighth of r's ulp, r then
 * normal), r is the rounding of a DD value that close to the exact one,
 * within the contract as any other sum is; else the second look decides. */
TF_ARITH int tf_dd_range_underflow_harmless(double r, double weight)
{
	return fabs(r) >= (weight + 4.0) * 0x1p-1017;
}

/* tf_dd_range_dot's two steps, for a kernel that knows the high exponents
 * (or holds its operands scaled already: shifts of 0, which change no
 * bits): the sum of the products of a[l inca] 2^shift_a and b[l incb]
 * 2^shift_b (tf_ldexp), in order, by tf_dd_fma; then alpha applied to it
 * with the scales' exponent (high, the sum of the high exponents) and
 * alpha's together. */
TF_ARITH tf_dd tf_dd_range_scaled_dot(int k, const double *a, ptrdiff_t inca, int shift_a,
				      const double *b, ptrdiff_t incb, int shift_b)
{
	tf_dd scaled = tf_dd_make(0.0, 0.0);
	for (int l = 0; l < k; l++)
		scaled = tf_dd_fma(scaled, tf_ldexp(a[l * inca], shift_a), tf_ldexp(b[l * incb], shift_b));
	return scaled;
}

TF_ARITH tf_dd tf_dd_range_alpha(tf_dd scaled, double alpha, int high)
{
	int alpha_exponent;
	double alpha_fraction = tf_frexp(alpha, &alpha_exponent);
	return tf_dd_ldexp(tf_dd_mul_d(scaled, alpha_fraction), alpha_exponent + high);
}

/* alpha sum_l a[l inca] b[l incb], for a kernel's sum of them that came out
 * tiny or not finite: into *result, scaled as above, returning 1; or 0 when
 * rescaling does not apply (data or alpha not finite, a zero row or column,
 * a cancellation). */
TF_ARITH int tf_dd_range_dot(int k, const double *a, ptrdiff_t inca, const double *b,
			     ptrdiff_t incb, double alpha, tf_dd sum, tf_dd *result)
{
	/* b first: x, in a GEMV, is read by every element, and often zero */
	double largest_b = tf_dd_range_largest(k, b, incb);
	if (!(largest_b <= DBL_MAX) || largest_b == 0.0 || !isfinite(alpha))
		return 0;
	double largest_a = tf_dd_range_largest(k, a, inca);
	if (!(largest_a <= DBL_MAX) || largest_a == 0.0)
		return 0;
	int high_a = tf_dd_range_high(largest_a), high_b = tf_dd_range_high(largest_b);
	if (isfinite(sum.hi) && !tf_dd_range_may_apply(high_a, high_b))
		return 0;
	*result = tf_dd_range_alpha(tf_dd_range_scaled_dot(k, a, inca, -high_a, b, incb, -high_b),
				    alpha, high_a + high_b);
	return 1;
}

/* Whether an unknown of a substitution may have lost accuracy to
 * double's range, from its numerator (the largest part's first word,
 * before the division): not finite, or nonzero outside [2^-960, 2^1020]
 * (DD's low word below the subnormals, or its terms near overflow).  Two
 * comparisons, for the solves' loops (cpu/dd_trsv.c, kernels/level12.cu);
 * where it holds, the solve is done again with the exponents apart. */
TF_ARITH int tf_dd_range_numerator_suspect(double numerator)
{
	double v = numerator < 0 ? -numerator : numerator;
	return !(v <= 0x1p1020) || (v != 0.0 && v < 0x1p-960);
}

/* A zero numerator over a diagonal below this (complex: its largest part)
 * is suspect too: terms that underflowed whole, which the division could
 * have made normal. */
#define TF_DD_RANGE_TINY_DIAGONAL 0x1p-40

/* Whether a zero numerator is suspect, from the largest part's magnitude
 * of its diagonal (nonzero: a zero diagonal gives no finite unknown). */
TF_ARITH int tf_dd_range_zero_suspect(double diagonal)
{
	return diagonal < TF_DD_RANGE_TINY_DIAGONAL && diagonal != 0.0;
}

/* ---- DD with an exponent apart (the range of short sums and solves).
 *
 * Products of three doubles, and a substitution's intermediate values, may
 * leave double's range while the result is a normal double (alpha y(j) of
 * a rank update beyond the range; A and b near 2^1000, or a diagonal near
 * 2^-1000, in a solve): the slow paths keep each value as m 2^e, m a DD
 * with |m.hi| in [1/2, 1) (or zero) and e an int, so that every
 * operation is DD's on the significands and the exponents are applied
 * once, at the rounding.  Inf and NaN stay in m. */
typedef struct {
	tf_dd m;
	int e;
} tf_xdd;

/* m 2^e with m brought into [1/2, 1), exactly. */
TF_ARITH tf_xdd tf_xdd_normalize(tf_dd m, int e)
{
	tf_xdd r;
	int k = 0;
	if (m.hi != 0.0 && isfinite(m.hi))
		(void)tf_frexp(m.hi, &k);
	r.m = tf_dd_ldexp(m, -k);
	r.e = m.hi != 0.0 && isfinite(m.hi) ? e + k : 0;
	return r;
}

TF_ARITH tf_xdd tf_xdd_from_dd(tf_dd a)
{
	return tf_xdd_normalize(a, 0);
}

/* a b, b a double (its exponent taken apart first). */
TF_ARITH tf_xdd tf_xdd_mul_d(tf_xdd a, double b)
{
	int k = 0;
	double f = isfinite(b) ? tf_frexp(b, &k) : b;
	return tf_xdd_normalize(tf_dd_mul_d(a.m, f), a.e + k);
}

/* a + b: the smaller brought to the larger's exponent (one more than
 * 1100 binades below it is beyond DD's precision: dropped). */
TF_ARITH tf_xdd tf_xdd_add(tf_xdd a, tf_xdd b)
{
	if (b.m.hi == 0.0)
		return a;
	if (a.m.hi == 0.0)
		return b;
	int e = a.e > b.e ? a.e : b.e;
	if (e - a.e > 1100)
		return b;
	if (e - b.e > 1100)
		return a;
	return tf_xdd_normalize(tf_dd_add(tf_dd_ldexp(a.m, a.e - e), tf_dd_ldexp(b.m, b.e - e)), e);
}

/* a / (b 2^eb), b a DD in [1/4, 4) (a scaled divisor). */
TF_ARITH tf_xdd tf_xdd_div_scaled(tf_xdd a, tf_dd b, int eb)
{
	return tf_xdd_normalize(tf_dd_div(a.m, b), a.e - eb);
}

/* The DD value, each part rounded as ldexp rounds it (outside double's
 * range: Inf, or the subnormals). */
TF_ARITH tf_dd tf_xdd_to_dd(tf_xdd a)
{
	return tf_dd_ldexp(a.m, a.e);
}

/* a b c, each factor's exponent apart: exact but for the DD product by c
 * (a relative error of a few 2^-106). */
TF_ARITH tf_xdd tf_xdd_product3(double a, double b, double c)
{
	return tf_xdd_mul_d(tf_xdd_mul_d(tf_xdd_from_dd(tf_dd_make(a, 0.0)), b), c);
}

/* alpha sum_l a[l inca] b[l incb] + add for the short sums whose terms
 * (or alpha's products with them) left the range (Level 1, the rank
 * updates): every term alpha a_l b_l with its factors' exponents apart
 * (tf_xdd), summed with add, the exponent applied once; into *result,
 * returning 1, or 0 when data, alpha or add are not finite (then the
 * Inf/NaN rule holds).  Unlike tf_dd_range_dot's common scale, no factor
 * is scaled toward the subnormals, however far apart the terms' sizes. */
TF_ARITH int tf_dd_range_sum(int k, const double *a, ptrdiff_t inca, const double *b,
			     ptrdiff_t incb, double alpha, tf_dd add, tf_dd *result)
{
	if (!(tf_dd_range_largest(k, a, inca) <= DBL_MAX) ||
	    !(tf_dd_range_largest(k, b, incb) <= DBL_MAX) || !isfinite(alpha) || !isfinite(add.hi) ||
	    !isfinite(add.lo))
		return 0;
	tf_xdd sum = tf_xdd_from_dd(add);
	for (int l = 0; l < k; l++)
		sum = tf_xdd_add(sum, tf_xdd_product3(a[l * inca], b[l * incb], alpha));
	*result = tf_xdd_to_dd(sum);
	return 1;
}

/* The double nearest hi + lo (hi itself when the pair is normalized, up to
 * the tie case that fl(hi + lo) settles). */
TF_ARITH double tf_dd_to_double(tf_dd a)
{
	return TF_DADD(a.hi, a.lo);
}

#endif
