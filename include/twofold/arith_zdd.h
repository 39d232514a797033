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
 * a conj(b) / |b|^2 with |b|^2 = br^2 + bi^2 in DD.  Normwise relative
 * error a few u^2.  b = 0 gives a non-finite result. */
TF_ARITH tf_zdd tf_zdd_div_z(tf_zdd a, double br, double bi)
{
	double big = fmax(fabs(br), fabs(bi));
	int e = 0;
	if (big > 0.0 && big < INFINITY)
		(void)frexp(big, &e);
	double sr = ldexp(br, 1 - e), si = ldexp(bi, 1 - e);
	tf_dd norm = tf_dd_fma(tf_two_prod(sr, sr), si, si);
	tf_zdd num = tf_zdd_mul_z(a, sr, -si);
	tf_zdd q = tf_zdd_make(tf_dd_div(num.re, norm), tf_dd_div(num.im, norm));
	/* a / b = a conj(b') / |b'|^2 * 2^(1-e), with b' = b 2^(1-e) */
	return tf_zdd_make(tf_dd_make(ldexp(q.re.hi, 1 - e), ldexp(q.re.lo, 1 - e)),
			   tf_dd_make(ldexp(q.im.hi, 1 - e), ldexp(q.im.lo, 1 - e)));
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
		(void)frexp(big, &e);
	tf_dd sr = tf_dd_ldexp(b.re, 1 - e), si = tf_dd_ldexp(b.im, 1 - e);
	tf_dd norm = tf_dd_add(tf_dd_mul(sr, sr), tf_dd_mul(si, si));
	tf_zdd num = tf_zdd_mul(a, tf_zdd_make(sr, tf_dd_make(-si.hi, -si.lo)));
	return tf_zdd_make(tf_dd_ldexp(tf_dd_div(num.re, norm), 1 - e),
			   tf_dd_ldexp(tf_dd_div(num.im, norm), 1 - e));
}

/* alpha sum_l a_l b_l for n complex a_l, b_l ((re, im) pairs, contiguous),
 * for a kernel's complex sum that came out tiny in both parts, or not
 * finite (finite = 0): the range's second look of twofold/arith_dd.h.  The
 * real part of the sum is the real sum of the 2n products of (ar, -ai)
 * and (br, bi), the imaginary part that of (ar, ai) and (bi, br); each is
 * formed again by tf_dd_range_dot with each part of alpha, and the four
 * combined in DD.  work holds 4n doubles.  Returns 0, *result untouched,
 * where rescaling does not apply (see tf_dd_range_dot). */
TF_ARITH int tf_zdd_range_dot(int n, const double *a, const double *b, double alpha_re,
			      double alpha_im, int finite, double *work, tf_zdd *result)
{
	double *a_conj = work, *b_swapped = work + 2 * n;
	for (int l = 0; l < n; l++) {
		a_conj[2 * l] = a[2 * l];
		a_conj[2 * l + 1] = -a[2 * l + 1];
		b_swapped[2 * l] = b[2 * l + 1];
		b_swapped[2 * l + 1] = b[2 * l];
	}
	tf_dd sum = tf_dd_make(finite ? 0.0 : INFINITY, 0.0), rr, ii, ri, ir;
	if (!tf_dd_range_dot(2 * n, a_conj, 1, b, 1, alpha_re, sum, &rr) ||
	    !tf_dd_range_dot(2 * n, a, 1, b_swapped, 1, alpha_im, sum, &ii) ||
	    !tf_dd_range_dot(2 * n, a, 1, b_swapped, 1, alpha_re, sum, &ri) ||
	    !tf_dd_range_dot(2 * n, a_conj, 1, b, 1, alpha_im, sum, &ir))
		return 0;
	*result = tf_zdd_make(tf_dd_add(rr, tf_dd_make(-ii.hi, -ii.lo)), tf_dd_add(ri, ir));
	return 1;
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

#endif
