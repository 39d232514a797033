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

/* The complex double nearest a, part by part. */
TF_ARITH void tf_zdd_to_z(tf_zdd a, double *re, double *im)
{
	*re = tf_dd_to_double(a.re);
	*im = tf_dd_to_double(a.im);
}

#endif
