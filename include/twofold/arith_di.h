/* twofold/arith_di.h: the DI storage format, double hi + int32 lo.
 *
 * A DI number is hi + r, hi a double and r the remainder of a DD value, kept
 * as the upper 32 bits of r's IEEE-754 binary64 encoding: sign, 11-bit
 * exponent and the top 20 bits of the fraction, rounded to nearest even on
 * the 32 bits dropped.  r thus has 21 significant bits and double's exponent
 * range, and hi + r carries 53 + 21 bits (75 with the sign of r), in 12
 * bytes.  Computation is in DD: load DI, convert to DD, compute, convert
 * back.
 *
 * Rounding the encoding as an unsigned integer rounds |r| to nearest even
 * among the values with 21 significant bits: the encoding is monotonic in
 * |r|, a carry out of the fraction moves into the exponent field (the next
 * power of two, which is right), and negative r is rounded in magnitude
 * like positive r.  Subnormal r is rounded on the same grid, to a multiple
 * of 2^-1042. */
#ifndef TWOFOLD_ARITH_DI_H
#define TWOFOLD_ARITH_DI_H

#include <stdint.h>
#if !defined(__CUDA_ARCH__)
#include <string.h>
#endif

#include "twofold/arith_dd.h"

TF_ARITH tf_di tf_di_make(double hi, int32_t lo)
{
	tf_di r;
	r.hi = hi;
	r.lo = lo;
	return r;
}

/* The upper half of the encoding of r, rounded to nearest even on the lower
 * half, for finite r (a value that rounds beyond the largest double gives
 * the encoding of +-Inf, as IEEE rounding would).  A zero keeps its sign:
 * -0 gives INT32_MIN. */
TF_ARITH int32_t tf_di_encode(double r)
{
#if defined(__CUDA_ARCH__)
	uint32_t high = (uint32_t)__double2hiint(r);
	uint32_t low = (uint32_t)__double2loint(r);
#else
	uint64_t bits;
	memcpy(&bits, &r, sizeof bits);
	uint32_t high = (uint32_t)(bits >> 32);
	uint32_t low = (uint32_t)bits;
#endif
	if (low > 0x80000000u || (low == 0x80000000u && (high & 1u)))
		high += 1u;
	/* Two's complement reinterpretation, without the implementation-defined
	 * conversion of an out-of-range unsigned value. */
	return high <= 0x7fffffffu ? (int32_t)high : -(int32_t)(~high) - 1;
}

/* The double whose encoding has upper half lo and lower half 0. */
TF_ARITH double tf_di_decode(int32_t lo)
{
#if defined(__CUDA_ARCH__)
	return __hiloint2double((int)lo, 0);
#else
	uint64_t bits = (uint64_t)(uint32_t)lo << 32;
	double r;
	memcpy(&r, &bits, sizeof r);
	return r;
#endif
}

/* DD -> DI.  hi = the double nearest x = a.hi + a.lo, r = x - hi exactly (by
 * TwoSum), lo = tf_di_encode(r); when the rounding of r makes it exactly
 * ulp(hi)/2 with hi odd, an exact QuickTwoSum moves hi to its neighbour and
 * negates r, so that the decoded pair is a normalized DD (hi = fl(hi + r)).
 * As |x - hi| <= 2^-53 |x|,
 *   |hi + tf_di_decode(lo) - x| <= max(2^-21 |x - hi|, 2^-1043),
 * which is at most 2^-74 |x| for |x| >= 2^-969 (2^-1043 is half the spacing
 * of the kept bits when r is subnormal).  Next to the overflow threshold,
 * where hi cannot move up, r is rounded down to the 21-bit value below the
 * tie instead, within 2^-75 |x|.  A zero keeps its sign, a
 * non-finite value stays non-finite with lo = 0, and a DD at or beyond
 * double's overflow threshold gives hi = +-Inf, lo = 0. */
TF_ARITH tf_di tf_di_from_dd(tf_dd a)
{
	tf_dd s = tf_two_sum(a.hi, a.lo);
	int32_t lo = tf_di_encode(s.lo);
	tf_dd n = tf_quick_two_sum(s.hi, tf_di_decode(lo));
	double hi = s.hi;
	if (n.hi != s.hi) {
		if (fabs(n.hi) <= DBL_MAX) {
			hi = n.hi;
			lo = tf_di_encode(n.lo); /* 21 bits: exact */
		} else {
			/* The tie at DBL_MAX would move hi to Inf: keep hi and
			 * take the 21-bit value just below ulp(hi)/2 instead
			 * (one less in the magnitude of the encoding). */
			lo -= 1;
		}
	}
	if (!(fabs(s.hi) <= DBL_MAX))
		lo = 0;
	if (s.hi == 0.0)
		lo = tf_di_encode(s.hi);
	return tf_di_make(hi, lo);
}

/* DI -> DD: (hi, tf_di_decode(lo)), exact, signed zeros included; a
 * normalized DD when the DI comes from tf_di_from_dd. */
TF_ARITH tf_dd tf_di_to_dd(tf_di a)
{
	return tf_dd_make(a.hi, tf_di_decode(a.lo));
}

#endif
