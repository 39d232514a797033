/* twofold/arith_zdd.h: complex double-double arithmetic.
 *
 * A complex DD number is a pair of DD numbers, real and imaginary part.  The
 * complex BLAS routines in dd mode use it as double uses complex double:
 * each product of two complex doubles is taken exactly (four TwoProds) and
 * summed in DD, so that a complex dot product, matrix-vector or matrix
 * product is, like its real twin, exact up to a few u^2 of the sum of the
 * products' magnitudes before its one rounding.  Complex data stay in the
 * BLAS's storage (real and imaginary parts adjacent): the operations take
 * and give parts as doubles.  Host C and CUDA device code, as arith_dd.h;
 * bounds are normwise (|re| + |im|), and hold for finite operands whose
 * results neither overflow nor underflow. */
#ifndef TWOFOLD_ARITH_ZDD_H
#define TWOFOLD_ARITH_ZDD_H

#include "twofold/arith_dd.h"

typedef struct tf_zdd {
	tf_dd re;
	tf_dd im;
} tf_zdd;

TF_ARITH tf_zdd tf_zdd_make(tf_dd re, tf_dd im)
{
	tf_zdd r;
	r.re = re;
	r.im = im;
	return r;
}

/* The complex double (re, im) as a complex DD, exactly. */
TF_ARITH tf_zdd tf_zdd_from_z(double re, double im)
{
	return tf_zdd_make(tf_dd_make(re, 0.0), tf_dd_make(im, 0.0));
}

TF_ARITH tf_zdd tf_zdd_neg(tf_zdd a)
{
	return tf_zdd_make(tf_dd_make(-a.re.hi, -a.re.lo), tf_dd_make(-a.im.hi, -a.im.lo));
}

TF_ARITH tf_zdd tf_zdd_conj(tf_zdd a)
{
	return tf_zdd_make(a.re, tf_dd_make(-a.im.hi, -a.im.lo));
}

/* a + b, each part by tf_dd_add. */
TF_ARITH tf_zdd tf_zdd_add(tf_zdd a, tf_zdd b)
{
	return tf_zdd_make(tf_dd_add(a.re, b.re), tf_dd_add(a.im, b.im));
}

/* acc + a * b for complex doubles a = (ar, ai) and b = (br, bi): the four
 * products exact, each added by tf_dd_fma.  The step of every complex DD
 * dot product; conj(a) * b is (ar, -ai) * b. */
TF_ARITH tf_zdd tf_zdd_fma(tf_zdd acc, double ar, double ai, double br, double bi)
{
	tf_dd re = tf_dd_fma(tf_dd_fma(acc.re, ar, br), -ai, bi);
	tf_dd im = tf_dd_fma(tf_dd_fma(acc.im, ar, bi), ai, br);
	return tf_zdd_make(re, im);
}

/* a * b for a complex double b = (br, bi): each part a sum of two DD
 * products by tf_dd_add, normwise relative error a few u^2. */
TF_ARITH tf_zdd tf_zdd_mul_z(tf_zdd a, double br, double bi)
{
	tf_dd re = tf_dd_add(tf_dd_mul_d(a.re, br), tf_dd_mul_d(a.im, -bi));
	tf_dd im = tf_dd_add(tf_dd_mul_d(a.re, bi), tf_dd_mul_d(a.im, br));
	return tf_zdd_make(re, im);
}

/* a * b for a complex DD b. */
TF_ARITH tf_zdd tf_zdd_mul(tf_zdd a, tf_zdd b)
{
	tf_dd re = tf_dd_add(tf_dd_mul(a.re, b.re), tf_dd_mul(a.im, tf_dd_make(-b.im.hi, -b.im.lo)));
	tf_dd im = tf_dd_add(tf_dd_mul(a.re, b.im), tf_dd_mul(a.im, b.re));
	return tf_zdd_make(re, im);
}

/* a * b for a real double b. */
TF_ARITH tf_zdd tf_zdd_mul_d(tf_zdd a, double b)
{
	return tf_zdd_make(tf_dd_mul_d(a.re, b), tf_dd_mul_d(a.im, b));
}

/* a / b for a complex double b != 0 (the triangular solves' diagonal):
 * b is first scaled by the power of two that brings its larger part into
 * [1, 2), exactly, so that |b|^2 neither overflows nor underflows; then
 * a conj(b) times 1 / |b|^2, with |b|^2 = br^2 + bi^2 in DD and its
 * reciprocal by tf_dd_recip: a division that does not wait for a, where
 * a DD division would (a complex band solve waits for each quotient).
 * Normwise relative error below about 20u^2, the sum of the steps' bounds.
 * b = 0 gives a non-finite result. */
TF_ARITH tf_zdd tf_zdd_div_z(tf_zdd a, double br, double bi)
{
	double big = fmax(fabs(br), fabs(bi));
	int e = 0;
	if (big > 0.0 && big < INFINITY)
		(void)tf_frexp(big, &e);
	double sr = tf_ldexp(br, 1 - e), si = tf_ldexp(bi, 1 - e);
	tf_dd norm = tf_dd_fma(tf_two_prod(sr, sr), si, si);
	tf_zdd num = tf_zdd_mul_z(a, sr, -si);
	tf_dd reciprocal = tf_dd_recip(norm);
	tf_zdd q = tf_zdd_make(tf_dd_mul(num.re, reciprocal), tf_dd_mul(num.im, reciprocal));
	/* a / b = a conj(b') / |b'|^2 * 2^(1-e), with b' = b 2^(1-e) */
	return tf_zdd_make(tf_dd_make(tf_ldexp(q.re.hi, 1 - e), tf_ldexp(q.re.lo, 1 - e)),
			   tf_dd_make(tf_ldexp(q.im.hi, 1 - e), tf_ldexp(q.im.lo, 1 - e)));
}

/* alpha sum_l a_l b_l + add for n complex a_l, b_l ((re, im) pairs,
 * contiguous), every term with its factors' exponents apart
 * (tf_dd_range_sum of twofold/arith_dd.h for complex data): each part the
 * sum of four products of three doubles per term (alpha's, a's and b's
 * parts), so that parts that overflow and cancel come out right.  Returns
 * 0, *result untouched, where data, alpha or add are not finite. */
TF_ARITH int tf_zdd_range_sum(int n, const double *a, const double *b, double alpha_re,
			      double alpha_im, tf_zdd add, tf_zdd *result)
{
	const double alpha[2] = { alpha_re, alpha_im };
	if (!(tf_dd_range_largest(2 * n, a, 1) <= DBL_MAX) ||
	    !(tf_dd_range_largest(2 * n, b, 1) <= DBL_MAX) ||
	    !(tf_dd_range_largest(2, alpha, 1) <= DBL_MAX) || !isfinite(add.re.hi) ||
	    !isfinite(add.re.lo) || !isfinite(add.im.hi) || !isfinite(add.im.lo))
		return 0;
	tf_xdd re = tf_xdd_from_dd(add.re), im = tf_xdd_from_dd(add.im);
	for (int l = 0; l < n; l++) {
		double ar = a[2 * l], ai = a[2 * l + 1], br = b[2 * l], bi = b[2 * l + 1];
		/* alpha (ar br - ai bi + (ar bi + ai br) i) */
		re = tf_xdd_add(re, tf_xdd_product3(alpha_re, ar, br));
		re = tf_xdd_add(re, tf_xdd_product3(-alpha_re, ai, bi));
		re = tf_xdd_add(re, tf_xdd_product3(-alpha_im, ar, bi));
		re = tf_xdd_add(re, tf_xdd_product3(-alpha_im, ai, br));
		im = tf_xdd_add(im, tf_xdd_product3(alpha_re, ar, bi));
		im = tf_xdd_add(im, tf_xdd_product3(alpha_re, ai, br));
		im = tf_xdd_add(im, tf_xdd_product3(alpha_im, ar, br));
		im = tf_xdd_add(im, tf_xdd_product3(-alpha_im, ai, bi));
	}
	*result = tf_zdd_make(tf_xdd_to_dd(re), tf_xdd_to_dd(im));
	return 1;
}

/* a / b for a complex DD b != 0 (the pivots of the LU in DD of the LAPACK
 * drivers' fallback): b scaled by a power of two as in tf_zdd_div_z, then
 * a conj(b) / |b|^2 with |b|^2 in DD.  Normwise relative error a few u^2.
 * b = 0 gives a non-finite result. */
TF_ARITH tf_zdd tf_zdd_div(tf_zdd a, tf_zdd b)
{
	double big = fmax(fabs(b.re.hi), fabs(b.im.hi));
	int e = 0;
	if (big > 0.0 && big < INFINITY)
		(void)tf_frexp(big, &e);
	tf_dd sr = tf_dd_ldexp(b.re, 1 - e), si = tf_dd_ldexp(b.im, 1 - e);
	tf_dd norm = tf_dd_add(tf_dd_mul(sr, sr), tf_dd_mul(si, si));
	tf_zdd num = tf_zdd_mul(a, tf_zdd_make(sr, tf_dd_make(-si.hi, -si.lo)));
	return tf_zdd_make(tf_dd_ldexp(tf_dd_div(num.re, norm), 1 - e),
			   tf_dd_ldexp(tf_dd_div(num.im, norm), 1 - e));
}

/* alpha sum_l a_l b_l for n complex a_l, b_l ((re, im) pairs, contiguous),
 * for a kernel's complex sum that came out tiny in both parts, or not
 * finite (finite = 0): the range's second look of twofold/arith_dd.h,
 * formed by tf_zdd_range_sum.  Returns 0, *result untouched, where
 * rescaling does not apply (see tf_dd_range_dot). */
TF_ARITH int tf_zdd_range_dot(int n, const double *a, const double *b, double alpha_re,
			      double alpha_im, int finite, tf_zdd *result)
{
	double largest_a = tf_dd_range_largest(2 * n, a, 1), largest_b = tf_dd_range_largest(2 * n, b, 1);
	if (!(largest_a <= DBL_MAX) || largest_a == 0.0 || !(largest_b <= DBL_MAX) || largest_b == 0.0)
		return 0;
	if (finite && !tf_dd_range_may_apply(tf_dd_range_high(largest_a), tf_dd_range_high(largest_b)))
		return 0;
	return tf_zdd_range_sum(n, a, b, alpha_re, alpha_im, tf_zdd_from_z(0.0, 0.0), result);
}

/* Whether a kernel's complex sum is tiny in both parts (twofold/arith_dd.h's
 * TF_DD_RANGE_SUSPECT). */
TF_ARITH int tf_zdd_range_suspect(tf_zdd sum)
{
	return fabs(sum.re.hi) < TF_DD_RANGE_SUSPECT && fabs(sum.im.hi) < TF_DD_RANGE_SUSPECT;
}

TF_ARITH int tf_zdd_is_finite(tf_zdd a)
{
	return isfinite(a.re.hi) && isfinite(a.re.lo) && isfinite(a.im.hi) && isfinite(a.im.lo);
}

/* The complex double nearest a, part by part. */
TF_ARITH void tf_zdd_to_z(tf_zdd a, double *re, double *im)
{
	*re = tf_dd_to_double(a.re);
	*im = tf_dd_to_double(a.im);
}

/* Whether a rank update's scalar t = a v (complex a and v; real: im 0),
 * formed in DD, left double's range: a part not finite, or below
 * TF_DD_RANGE_SUSPECT although a product in it is not zero (re: ar vr,
 * ai vi; im: ar vi, ai vr).  A tiny part lost its low bits, and a u_i as
 * large as its inverse brings them back into the result. */
TF_ARITH int tf_zdd_range_pair_suspect(double ar, double ai, double vr, double vi, tf_zdd t)
{
	int re_products = (ar != 0.0 && vr != 0.0) || (ai != 0.0 && vi != 0.0);
	int im_products = (ar != 0.0 && vi != 0.0) || (ai != 0.0 && vr != 0.0);
	double re = fabs(t.re.hi), im = fabs(t.im.hi);
	return !(re <= DBL_MAX) || !(im <= DBL_MAX) || (re_products && re < TF_DD_RANGE_SUSPECT) ||
	       (im_products && im < TF_DD_RANGE_SUSPECT);
}

/* One element of a rank update whose pairs left the range, or whose value
 * is not finite, formed again: c + sum over nterms (1 or 2) terms of
 * u_t a_t v_t, each a (re, im) pair in u, a, v (stride 2; real data:
 * complex = 0, the im parts unused and a_t = alpha for every term), every
 * factor's exponent apart.  real: one tf_dd_range_sum, alpha's exponent
 * once; not where the fast value (value[0]) and the terms' a_t v_t are
 * finite and underflow cost the fast value too little to matter
 * (tf_dd_range_underflow_harmless, weight the sum of |u_t|).  complex: the
 * terms in turn by tf_zdd_range_sum.  Returns 1 with value[0] (and
 * value[1]) replaced, or 0 where rescaling does not apply (data not
 * finite) or is not needed. */
TF_ARITH int tf_zdd_range_rank_element(int complex, int nterms, const double *u, const double *a,
				       const double *v, const double *c, double *value)
{
	if (!complex) {
		double weight = 0.0;
		int finite = isfinite(value[0]);
		for (int t = 0; t < nterms; t++) {
			weight += fabs(u[2 * t]);
			finite &= isfinite(a[0] * v[2 * t]) != 0;
		}
		if (finite && tf_dd_range_underflow_harmless(value[0], weight))
			return 0;
		tf_dd r;
		if (!tf_dd_range_sum(nterms, u, 2, v, 2, a[0], tf_dd_make(c[0], 0.0), &r))
			return 0;
		value[0] = tf_dd_to_double(r);
		return 1;
	}
	tf_zdd r = tf_zdd_from_z(c[0], c[1]);
	for (int t = 0; t < nterms; t++)
		if (!tf_zdd_range_sum(1, u + 2 * t, v + 2 * t, a[2 * t], a[2 * t + 1], r, &r))
			return 0;
	tf_zdd_to_z(r, &value[0], &value[1]);
	return 1;
}

#endif
