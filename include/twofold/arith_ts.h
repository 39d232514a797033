/* twofold/arith_ts.h: triple-single (TS) arithmetic.
 *
 * A TS number is the unevaluated sum x + y + z of three floats, normalized:
 *   |y| <= (1 + 2^-20) ulp(x)/2,   |z| <= ulp(y)/2,   x = 0 => y = z = 0,
 * about 72 bits of significand with float's exponent range, for GPUs with
 * little double-precision throughput.  Every operation here returns a
 * normalized TS (the factor 1 + 2^-20 allows the rare tie case of the
 * renormalization); the operations assume normalized operands.
 *
 * The algorithms follow the structure of the triple-word algorithms of
 * Fabiano, Muller and Picot ("Algorithms for triple-word arithmetic", IEEE
 * TC 2019): the leading terms of a sum or product are taken exactly with
 * TwoSum and TwoProd, the terms of order u^2 relative to the result are
 * accumulated with one rounding each, and a renormalization without error
 * gives three nonoverlapping words.  The bounds stated here are derived for
 * this code, by adding up, rounding by rounding, u times a bound on the
 * magnitude of what is rounded; they are worst-case and not tight.  u is the
 * unit roundoff of float, 2^-24, so u^3 = 2^-72.
 *
 * Range: as for DF (arith_df.h), the low-order words must stay in float's
 * normal range; sums are exact when subnormal, products need the lower
 * limits stated.  Non-finite operands give a non-finite x; overflow gives a
 * non-finite x, never a finite wrong value.  The sign of a zero result is
 * the IEEE one for the conversions, unspecified for the arithmetic. */
#ifndef TWOFOLD_ARITH_TS_H
#define TWOFOLD_ARITH_TS_H

#include "twofold/arith_dd.h"
#include "twofold/arith_df.h"

TF_ARITH tf_ts tf_ts_make(float x, float y, float z)
{
	tf_ts r;
	r.x = x;
	r.y = y;
	r.z = z;
	return r;
}

/* (x, y, z) normalized with x + y + z = a + b + c exactly, for any finite
 * a, b, c (in any order of magnitude) with |a| + |b| + |c| <= 2^127.
 * Five error-free transformations, 24 operations:
 *   b + c = s + e2, a + s = x0 + e1            (TwoSum, TwoSum)
 *   e1 + e2 = y0 + z0                          (TwoSum)
 *   x0 + y0 = x + t, t + z0 = y + z            (QuickTwoSum, QuickTwoSum)
 * The QuickTwoSums are exact: if a + s was exact (e1 = 0, z0 = 0), x0 is 0
 * or a multiple of ulp(s)/2 >= |e2|; otherwise |x0| >= |s|/2 and
 * |y0| <= 3u|x0|; and t, a nonzero multiple of ulp(y0) or 0, is not below
 * |z0| <= ulp(y0)/2.  |t| <= ulp(x)/2 and |z0| <= 3u^2|x0| give the
 * normalization of (x, y); z is the error of y. */
TF_ARITH tf_ts tf_ts_renorm(float a, float b, float c)
{
	tf_df s = tf_two_sum_f(b, c);
	tf_df x0 = tf_two_sum_f(a, s.hi);
	tf_df y0 = tf_two_sum_f(x0.lo, s.lo);
	tf_df x = tf_quick_two_sum_f(x0.hi, y0.hi);
	tf_df y = tf_quick_two_sum_f(x.lo, y0.lo);
	return tf_ts_make(x.hi, y.hi, y.lo);
}

/* a + b: |error| <= (8 + 2^-13) u^3 (|a| + |b|), a relative bound when a and
 * b have the same sign (none when they cancel).  The words of each order are
 * added with TwoSum (x's and y's), the order-u^2 terms (the error of the
 * y's, the error of adding the x's error to the y's sum, and fl(a.z + b.z))
 * with three roundings of at most u^3, 3u^3 and 4u^3 times |a.x| + |b.x|.
 * For |a| + |b| <= 2^126. */
TF_ARITH tf_ts tf_ts_add(tf_ts a, tf_ts b)
{
	tf_df s0 = tf_two_sum_f(a.x, b.x);
	tf_df s1 = tf_two_sum_f(a.y, b.y);
	float s2 = TF_FADD(a.z, b.z);
	tf_df t1 = tf_two_sum_f(s0.lo, s1.hi);
	float t2 = TF_FADD(TF_FADD(t1.lo, s1.lo), s2);
	return tf_ts_renorm(s0.hi, t1.hi, t2);
}

/* a * b: relative error at most (28 + 2^-8) u^3.  Order 0 and order 1
 * (a.x b.x, a.x b.y, a.y b.x) are taken exactly by TwoProd and summed with
 * TwoSum; the order-u^2 terms (the errors of those, a.x b.z, a.y b.y,
 * a.z b.x) and the order-u^3 products a.y b.z, a.z b.y are accumulated with
 * FMAs and additions, small ones first; a.z b.z (below 2u^4) is left out.
 * The order-u^2 sum is at most 10u^2 |a.x b.x| and its seven roundings cost
 * at most (1 + 2 + 3 + 2 + 5 + 5 + 10) u^3 |a.x b.x|.  For
 * 2^-50 <= |a.x b.x| <= 2^126, where all those terms are normal floats. */
TF_ARITH tf_ts tf_ts_mul(tf_ts a, tf_ts b)
{
	tf_df p0 = tf_two_prod_f(a.x, b.x);
	tf_df p1 = tf_two_prod_f(a.x, b.y);
	tf_df p2 = tf_two_prod_f(a.y, b.x);
	tf_df t1 = tf_two_sum_f(p1.hi, p2.hi);
	tf_df t2 = tf_two_sum_f(p0.lo, t1.hi);
	float w = TF_FMUL(a.z, b.y);
	w = TF_FFMA(a.y, b.z, w);
	w = TF_FFMA(a.z, b.x, w);
	w = TF_FFMA(a.y, b.y, w);
	w = TF_FFMA(a.x, b.z, w);
	w = TF_FADD(w, TF_FADD(p1.lo, p2.lo));
	w = TF_FADD(w, TF_FADD(t1.lo, t2.lo));
	return tf_ts_renorm(p0.hi, t2.hi, w);
}

/* double -> TS, exact for 2^-97 <= |d| < 2^128 - 2^103 (float's overflow
 * threshold): x = fl(d), y = fl(d - x) and z = d - x - y, each remainder
 * exact in double (Sterbenz), the last one with at most 5 significant bits.
 * Below 2^-97 the error is at most 2^-150.  A zero keeps its sign in all
 * three words; from the threshold on, and for non-finite d, x is
 * non-finite and y = z = 0. */
TF_ARITH tf_ts tf_ts_from_double(double d)
{
	float x = (float)d;
	double r = TF_DSUB(d, (double)x);
	float y = (float)r;
	float z = (float)TF_DSUB(r, (double)y);
	if (!(fabsf(x) <= FLT_MAX)) {
		y = 0.0f;
		z = 0.0f;
	}
	if (x == 0.0f) {
		y = x;
		z = x;
	}
	return tf_ts_make(x, y, z);
}

/* TS -> double: fl(x + fl(y + z)), within 2^-53 (1 + 2^-22) |x + y + z|:
 * the nearest double, unless y + z has to be rounded (z far below y). */
TF_ARITH double tf_ts_to_double(tf_ts a)
{
	return TF_DADD((double)a.x, TF_DADD((double)a.y, (double)a.z));
}

/* DD -> TS: x = fl(a.hi), then the remainder (a.hi - x) + a.lo, exact as a
 * DD by TwoSum, gives y, and its remainder, rounded once to double, gives
 * z; a renormalization (exact) restores the normalization where y is
 * below 2^-125 (there the rounding of y, which ignores the DD's low word,
 * can leave z above ulp(y)/2).
 * |error| <= 2^-72 (1 + 2^-26) |a| + 2^-149 below float's overflow
 * threshold 2^128 - 2^103 (the rounding of z to float, plus 2^-101 |a| for
 * the double rounding of its argument): a relative bound of about 2^-72 from
 * 2^-78 on.  A zero keeps its sign; when a.hi is at or beyond the threshold,
 * or not finite, x is non-finite and y = z = 0. */
TF_ARITH tf_ts tf_ts_from_dd(tf_dd a)
{
	float x = (float)a.hi;
	tf_dd s = tf_two_sum(TF_DSUB(a.hi, (double)x), a.lo);
	float y = (float)s.hi;
	float z = (float)TF_DADD(TF_DSUB(s.hi, (double)y), s.lo);
	tf_ts r = tf_ts_make(x, y, z);
	/* y below 2^-125 (where ulp(y) is the subnormal spacing 2^-149, and
	 * z cannot be made small enough without y's rounding taking the low
	 * word into account; x is then far below overflow, and so is the
	 * renormalization), or a non-finite low word: renormalize. */
	if (!(fabsf(y) >= 0x1p-125f && fabsf(y) <= FLT_MAX))
		r = tf_ts_renorm(x, y, z);
	if (!(fabsf(x) <= FLT_MAX))
		r = tf_ts_make(x, 0.0f, 0.0f);
	if (x == 0.0f) {
		/* |a| is at most about 2^-150: the float nearest it, with the
		 * sign of a zero sum kept in all three words. */
		x = (float)TF_DADD(a.hi, a.lo);
		y = x == 0.0f ? x : 0.0f;
		r = tf_ts_make(x, y, y);
	}
	return r;
}

/* TS -> DD: x + y exactly by TwoSum, then z added by tf_dd_add_d, whose one
 * rounding (of the lowest-order terms) leaves an error of at most
 * 2^-105 (1 + 2^-20) |x + y + z|; usually the result is exact. */
TF_ARITH tf_dd tf_ts_to_dd(tf_ts a)
{
	tf_dd s = tf_two_sum((double)a.x, (double)a.y);
	return tf_dd_add_d(s, (double)a.z);
}

#endif
