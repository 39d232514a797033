/* twofold/arith_df.h: double-float (DF) arithmetic.
 *
 * A DF number is the unevaluated sum hi + lo of two floats with
 * hi = fl(hi + lo), hence |lo| <= ulp(hi)/2: 48 bits of significand (49 with
 * the sign of lo), but only float's exponent range.  It is the arithmetic of
 * the df mode, for GPUs whose double-precision rate is a small fraction of
 * their single-precision rate.
 *
 * Algorithms: Knuth's TwoSum, Dekker's QuickTwoSum, TwoProd by FMA, and the
 * double-word operations analysed by Joldes, Muller and Popescu ("Tight and
 * rigorous error bounds for basic building blocks of double-word arithmetic",
 * ACM TOMS 2017), with the product bound of Muller and Rideau (ACM TOMS
 * 2022).  u is the unit roundoff of float, u = 2^-24; u^2 = 2^-48.
 *
 * Range.  float's range is narrow, and a DF number carries a second word some
 * 2^24 below the first: the bounds hold where no intermediate result
 * overflows and the low-order terms stay in float's normal range.  The range
 * is stated with each operation; the callers check their data against it
 * (scaling by powers of two, or another backend) before using DF.  Additions
 * are exact whenever their result is subnormal, so the bounds of the sums
 * hold down to zero; products need the lower limits stated.
 *
 * Non-finite operands (in any word) give a non-finite hi, not necessarily the
 * IEEE one; a result that overflows is non-finite as well, never a finite
 * wrong value.  The sign of a zero result is the IEEE sum's for the
 * conversions, unspecified for the arithmetic. */
#ifndef TWOFOLD_ARITH_DF_H
#define TWOFOLD_ARITH_DF_H

#include "twofold/arith.h"

TF_ARITH tf_df tf_df_make(float hi, float lo)
{
	tf_df r;
	r.hi = hi;
	r.lo = lo;
	return r;
}

/* s + e = a + b exactly, s = fl(a + b), for any finite a and b whose sum
 * does not overflow, subnormals included.  (Knuth; 6 operations.) */
TF_ARITH tf_df tf_two_sum_f(float a, float b)
{
	float s = TF_FADD(a, b);
	float bb = TF_FSUB(s, a);
	float e = TF_FADD(TF_FSUB(a, TF_FSUB(s, bb)), TF_FSUB(b, bb));
	return tf_df_make(s, e);
}

/* s + e = a + b exactly, s = fl(a + b), provided |a| >= |b| or a = 0 (more
 * generally, the exponent of a is at least that of b).  (Dekker; 3
 * operations.) */
TF_ARITH tf_df tf_quick_two_sum_f(float a, float b)
{
	float s = TF_FADD(a, b);
	float e = TF_FSUB(b, TF_FSUB(s, a));
	return tf_df_make(s, e);
}

/* p + e = a * b exactly, p = fl(a * b), when a * b = 0 or
 * 2^-102 <= |a * b| and fl(a * b) does not overflow: the error term is then
 * a multiple of 2^-149 with at most 24 bits.  (2 operations with FMA.) */
TF_ARITH tf_df tf_two_prod_f(float a, float b)
{
	float p = TF_FMUL(a, b);
	float e = TF_FFMA(a, b, -p);
	return tf_df_make(p, e);
}

/* a + b, accurate: relative error at most 3u^2 + 13u^3, also when a and b
 * cancel (the bound of Joldes, Muller, Popescu; errors above 2u^2 do
 * occur).  Any finite DF operands with |a| + |b| <= 2^127. */
TF_ARITH tf_df tf_df_add(tf_df a, tf_df b)
{
	tf_df s = tf_two_sum_f(a.hi, b.hi);
	tf_df t = tf_two_sum_f(a.lo, b.lo);
	s = tf_quick_two_sum_f(s.hi, TF_FADD(s.lo, t.hi));
	return tf_quick_two_sum_f(s.hi, TF_FADD(s.lo, t.lo));
}

/* a + b, sloppy: |error| <= (3 + 5u) u^2 (|a| + |b|), which is a relative
 * bound when a and b have the same sign; none when they cancel.  Two
 * roundings, fl(a.lo + b.lo) and the sum of that with the error of
 * a.hi + b.hi, each at most u times a quantity below (1 + u) u (|a| + |b|);
 * the final QuickTwoSum is exact.  Any finite DF operands with
 * |a| + |b| <= 2^127; 6 operations fewer than tf_df_add. */
TF_ARITH tf_df tf_df_add_sloppy(tf_df a, tf_df b)
{
	tf_df s = tf_two_sum_f(a.hi, b.hi);
	return tf_quick_two_sum_f(s.hi, TF_FADD(s.lo, TF_FADD(a.lo, b.lo)));
}

/* a * b: relative error below 4u^2 (DWTimesDW3: every partial product
 * formed, the three small ones accumulated by FMA; bound
 * (4u^2 + u^3/2) / (1 + u)^2 by Muller and Rideau).  For
 * 2^-76 <= |a * b| and |a.hi * b.hi| <= 2^126; below 2^-76 the partial
 * products of the size of u^2 |a * b| become subnormal. */
TF_ARITH tf_df tf_df_mul(tf_df a, tf_df b)
{
	tf_df p = tf_two_prod_f(a.hi, b.hi);
	float t = TF_FMUL(a.lo, b.lo);
	t = TF_FFMA(a.hi, b.lo, t);
	t = TF_FFMA(a.lo, b.hi, t);
	return tf_quick_two_sum_f(p.hi, TF_FADD(p.lo, t));
}

/* a * b for a float b: relative error at most 2u^2 (DWTimesFP3, with FMA).
 * For 2^-100 <= |a * b| and |a.hi * b| <= 2^126. */
TF_ARITH tf_df tf_df_mul_f(tf_df a, float b)
{
	tf_df p = tf_two_prod_f(a.hi, b);
	return tf_quick_two_sum_f(p.hi, TF_FFMA(a.lo, b, p.lo));
}

/* acc + a * b, the product of two floats taken exactly (TwoProd), then added
 * as tf_df_add_sloppy adds: the step of every DF dot product.
 * |error| <= (3 + 5u) u^2 (|acc| + |a * b|), so a dot product of k terms
 * accumulated in DF is within about 3k u^2 sum |a_i b_i|.  For a * b = 0 or
 * |a * b| >= 2^-100, acc.hi zero or normal, |acc| + |a * b| <= 2^127. */
TF_ARITH tf_df tf_df_fma(tf_df acc, float a, float b)
{
	tf_df p = tf_two_prod_f(a, b);
	tf_df s = tf_two_sum_f(acc.hi, p.hi);
	return tf_quick_two_sum_f(s.hi, TF_FADD(s.lo, TF_FADD(acc.lo, p.lo)));
}

/* double -> DF, by splitting: Veltkamp's split with the factor 2^29 + 1
 * leaves in hi the leading 24 bits of d (rounded to nearest), exactly a
 * float; d - hi, computed exactly, is rounded to float; a QuickTwoSum, exact,
 * restores hi = fl(hi + lo) when that rounding made a tie (or hi was lost
 * below float's range).
 *   |hi + lo - d| <= u^2 |d|   for 2^-102 <= |d| <= FLT_MAX;
 * below 2^-102 the error is at most 2^-150 (one rounding to the subnormal
 * grid), and zero for d = 0, whose sign both words keep.  Above FLT_MAX, hi
 * may be FLT_MAX (within the bound) or +-Inf (with lo = 0); from float's
 * overflow threshold 2^128 - 2^103 on, and for non-finite d, hi is
 * non-finite (+-Inf, or NaN beyond 2^994 where the split itself overflows)
 * and lo = 0. */
TF_ARITH tf_df tf_df_from_double(double d)
{
	double t = TF_DMUL(536870913.0, d); /* 2^29 + 1 */
	float hi = (float)TF_DSUB(t, TF_DSUB(t, d));
	/* The remainder from the float actually kept (hi is rounded again
	 * below float's normal range): exact by Sterbenz's lemma. */
	float lo = (float)TF_DSUB(d, (double)hi);
	tf_df r = tf_quick_two_sum_f(hi, lo);
	if (!(fabsf(r.hi) <= FLT_MAX)) /* Inf, not the NaN of Inf - Inf */
		r = tf_df_make(fabsf(hi) <= FLT_MAX ? r.hi : hi, 0.0f);
	if (r.hi == 0.0f) {
		/* |d| <= 2^-150: the zero with the sign of d, in both words
		 * (-0 + +0 would be +0). */
		r.hi = (float)d;
		r.lo = r.hi;
	}
	return r;
}

/* The double nearest hi + lo (one rounding of exact operands); exact when
 * hi + lo fits in a double, as it does for a DF made by tf_df_from_double
 * or any DF whose lo lies within 29 bits of ulp(hi). */
TF_ARITH double tf_df_to_double(tf_df a)
{
	return TF_DADD((double)a.hi, (double)a.lo);
}

#endif
