/* Range of the DD kernels' sums of products.
 *
 * A GEMM or GEMV sums exact products in DD before alpha is applied, in
 * double's exponent range: products below about 2^-969 lose their low
 * parts (below 2^-1074, all), and products or sums above 2^1023 overflow,
 * although alpha may bring the exact result back among the normal doubles.
 * Where that can happen, the kernels scale each row of op(A) and each
 * column of op(B) (each line of A, and x) by a power of two that brings
 * its largest magnitude into [1/2, 1), form the sums, and apply alpha's
 * significand, then the scales and alpha's exponent together (exact), so
 * that nothing leaves the range before the one rounding.  Scaling by powers
 * of two commutes with DD arithmetic away from the range's ends, so the
 * scaled path gives the same bits where the plain one was right. */
#ifndef TF_CPU_DD_RANGE_H
#define TF_CPU_DD_RANGE_H

#include <float.h>
#include <math.h>
#include "twofold/crt.h"

/* Products at least this (a power of two) keep their DD low parts, and
 * sums of k products each below 2^TF_DD_RANGE_TOP / k stay finite, with
 * room for alpha's and beta's DD steps. */
#define TF_DD_RANGE_BOTTOM (-916)
#define TF_DD_RANGE_TOP 1020

/* The magnitudes of a set of doubles: largest, smallest nonzero, and
 * whether all are finite. */
struct tf_dd_range {
	double max, min;
	int finite;
};

#define TF_DD_RANGE_EMPTY ((struct tf_dd_range){ 0.0, INFINITY, 1 })

static inline void tf_dd_range_add(struct tf_dd_range *range, double value)
{
	double v = fabs(value);
	if (!(v <= DBL_MAX))
		range->finite = 0;
	else if (v != 0.0) {
		range->max = v > range->max ? v : range->max;
		range->min = v < range->min ? v : range->min;
	}
}

/* e with |value| < 2^e, for a nonzero finite value (the split engine's
 * exponent, twofold/crt.h); 0 for 0. */
static inline int tf_dd_range_high(double value)
{
	int high = 0, low;
	if (value != 0.0)
		tf_crt_exponents(value, &high, &low);
	return high;
}

/* Whether sums of k products of elements of a and b, all finite, may leave
 * the range where DD keeps them exact enough. */
static inline int tf_dd_range_trouble(const struct tf_dd_range *a, const struct tf_dd_range *b,
				      int k)
{
	if (!a->finite || !b->finite || a->max == 0.0 || b->max == 0.0)
		return 0;
	int log2k = 0;
	while (log2k < 31 && (1 << log2k) < k)
		log2k++;
	return tf_dd_range_high(a->max) + tf_dd_range_high(b->max) + log2k > TF_DD_RANGE_TOP ||
	       tf_dd_range_high(a->min) + tf_dd_range_high(b->min) - 2 < TF_DD_RANGE_BOTTOM;
}

#endif
