/* twofold/arith_ds.h: the DS storage format, double hi + float lo.
 *
 * A DS number is hi + lo with hi a double and lo a float: the rounding of a
 * DD value to 53 + 24 bits (78 with the sign of lo), stored in 12 bytes
 * instead of 16, as two arrays (hi[], lo[]) in memory.  Computation is in DD:
 * a kernel loads DS, converts to DD, computes, converts back.
 *
 * Range.  lo has float's exponent range while hi has double's: the bound of
 * tf_ds_from_dd holds for 2^-73 <= |x| < 2^181 (the remainder x - hi, at
 * most ulp(hi)/2, must lie within float's range); outside it the conversion
 * degrades, as stated there, but never returns a non-finite value for a
 * finite one that rounds to a finite double. */
#ifndef TWOFOLD_ARITH_DS_H
#define TWOFOLD_ARITH_DS_H

#include "twofold/arith_dd.h"

TF_ARITH tf_ds tf_ds_make(double hi, float lo)
{
	tf_ds r;
	r.hi = hi;
	r.lo = lo;
	return r;
}

/* DD -> DS.  hi = the double nearest x = a.hi + a.lo (ties to even), lo =
 * the float nearest the remainder x - hi, which TwoSum gives exactly; when
 * that rounding makes lo exactly ulp(hi)/2 and hi odd, an exact QuickTwoSum
 * moves hi to its neighbour and negates lo, so that hi = fl(hi + lo): the
 * pair is a normalized DD.  As |x - hi| <= 2^-53 |x|,
 *   |hi + lo - x| <= 2^-24 |x - hi| <= 2^-77 |x|   for 2^-73 <= |x| < 2^181,
 * at most 2^-150 below 2^-73 (lo subnormal), and at most 2^-53 |x| from 2^181
 * on, where lo saturates at +-FLT_MAX.  A zero keeps its sign (lo takes
 * hi's), a non-finite value stays non-finite with lo = 0, and a DD at or
 * beyond double's overflow threshold gives hi = +-Inf, lo = 0. */
TF_ARITH tf_ds tf_ds_from_dd(tf_dd a)
{
	tf_dd s = tf_two_sum(a.hi, a.lo);
	double r = s.lo;
	tf_dd n;
	if (r > (double)FLT_MAX)
		r = (double)FLT_MAX;
	if (r < -(double)FLT_MAX)
		r = -(double)FLT_MAX;
	n = tf_quick_two_sum(s.hi, (double)(float)r);
	if (!(fabs(s.hi) <= DBL_MAX))
		n = tf_dd_make(s.hi, 0.0);
	if (s.hi == 0.0)
		n = tf_dd_make(s.hi, s.hi);
	return tf_ds_make(n.hi, (float)n.lo);
}

/* DS -> DD: the pair (hi, lo) itself, exact, signed zeros included; a
 * normalized DD when the DS comes from tf_ds_from_dd. */
TF_ARITH tf_dd tf_ds_to_dd(tf_ds a)
{
	return tf_dd_make(a.hi, (double)a.lo);
}

#endif
