/* Range of the DD kernels' sums of products.
 *
 * A GEMM or GEMV sums exact products in DD before alpha is applied, in
 * double's exponent range: products below about 2^-969 lose their low
 * parts (below 2^-1074, all of them), and products or sums above 2^1023
 * overflow, although alpha may bring the exact result back among the
 * normal doubles.  The kernels look at each sum they formed: one that is
 * tiny (zero included) or not finite, from finite data whose largest
 * products are tiny too (or from any finite data, for a sum that is not
 * finite), is formed again by tf_dd_range_dot with its row and column
 * scaled by powers of two that bring their largest magnitudes into
 * [1/2, 1); alpha's significand is applied, then the scales and alpha's
 * exponent together, so that nothing leaves the range before the one
 * rounding.  A tiny sum of products that are not tiny is a cancellation,
 * which DD has formed right: it is kept.  A sum that is not finite shows
 * as a result that is not finite, which the kernels test anyway: so the
 * common case costs one comparison per element, and a zero row one scan
 * of it. */
#ifndef TF_CPU_DD_RANGE_H
#define TF_CPU_DD_RANGE_H

#include <float.h>
#include <math.h>
#include <stddef.h>
#include "twofold/crt.h"

/* Sums below this, or not finite, are looked at again; their products are
 * rescaled when the largest of them is below 2^TF_DD_RANGE_SMALL. */
#define TF_DD_RANGE_SUSPECT 0x1p-900
#define TF_DD_RANGE_SMALL (-800)

/* e with |value| < 2^e, for a nonzero finite value (the split engine's
 * exponent, twofold/crt.h); 0 for 0. */
static inline int tf_dd_range_high(double value)
{
	int high = 0, low;
	if (value != 0.0)
		tf_crt_exponents(value, &high, &low);
	return high;
}

/* The largest magnitude of n doubles at stride inc; Inf when one is not
 * finite. */
static inline double tf_dd_range_largest(int n, const double *v, size_t inc)
{
	double largest = 0.0;
	for (int l = 0; l < n; l++) {
		double m = fabs(v[l * inc]);
		largest = m > largest || m != m ? (m != m ? INFINITY : m) : largest;
	}
	return largest;
}

/* alpha sum_l a[l inca] b[l incb] for a suspect sum (the kernel's) of
 * them: into *result, scaled as above, returning 1; or 0 when rescaling
 * does not apply (data not finite, a zero row or column, a cancellation). */
static inline int tf_dd_range_dot(int k, const double *a, size_t inca, const double *b,
				  size_t incb, double alpha, tf_dd sum, tf_dd *result)
{
	double largest_a = tf_dd_range_largest(k, a, inca), largest_b = tf_dd_range_largest(k, b, incb);
	if (!(largest_a <= DBL_MAX && largest_b <= DBL_MAX) || largest_a == 0.0 ||
	    largest_b == 0.0 || !isfinite(alpha))
		return 0;
	int high_a = tf_dd_range_high(largest_a), high_b = tf_dd_range_high(largest_b);
	if (isfinite(sum.hi) && high_a + high_b >= TF_DD_RANGE_SMALL)
		return 0;
	tf_dd scaled = tf_dd_make(0.0, 0.0);
	for (int l = 0; l < k; l++)
		scaled = tf_dd_fma(scaled, ldexp(a[l * inca], -high_a), ldexp(b[l * incb], -high_b));
	int alpha_exponent;
	double alpha_fraction = frexp(alpha, &alpha_exponent);
	*result = tf_dd_ldexp(tf_dd_mul_d(scaled, alpha_fraction), alpha_exponent + high_a + high_b);
	return 1;
}

#endif
