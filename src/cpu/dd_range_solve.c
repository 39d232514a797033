/* The triangular solves' slow path for range (dd_range_solve.h): forward
 * substitution by rows, x_i = (alpha r_i - sum_{l<i} M(i,l) x_l) / M(i,i),
 * each value m 2^e (tf_xdd), each product of a double of M and a DD
 * significand, each sum DD's at the larger exponent, the division DD's
 * by the diagonal scaled into [1/2, 1).  Every term is formed (none is
 * skipped for a zero x_l), so Inf and NaN in the data give Inf or NaN,
 * which the commit of dd_output.h then takes from the reference.  One
 * thread, in a fixed order: the same bits whatever the threads and the
 * instruction set. */
#include "config.h"
#include "cpu/dd_isa.h" /* first: the names of this instruction set's copy */

#include <math.h>
#include "cpu/dd_range_solve.h"

/* |v| of a complex or real element: its largest part. */
static double largest_part(const double *v, int width)
{
	return width == 2 ? fmax(fabs(v[0]), fabs(v[1])) : fabs(v[0]);
}

/* x - a y for a complex (or real) double a, conjugated when conj. */
static void subtract_product(tf_xdd *x, const double *a, int width, int conj, const tf_xdd *y)
{
	if (width == 1) {
		x[0] = tf_xdd_add(x[0], tf_xdd_mul_d(y[0], -a[0]));
		return;
	}
	double ar = a[0], ai = conj ? -a[1] : a[1];
	/* re -= ar yr - ai yi, im -= ar yi + ai yr */
	x[0] = tf_xdd_add(tf_xdd_add(x[0], tf_xdd_mul_d(y[0], -ar)), tf_xdd_mul_d(y[1], ai));
	x[1] = tf_xdd_add(tf_xdd_add(x[1], tf_xdd_mul_d(y[1], -ar)), tf_xdd_mul_d(y[0], -ai));
}

/* x / d, d a complex (or real) double, conjugated when conj: d scaled by
 * a power of two into [1/2, 1) in its largest part, x times conj(d') over
 * |d'|^2 in DD. */
static void divide(tf_xdd *x, const double *d, int width, int conj)
{
	int e = 0;
	double large = largest_part(d, width);
	if (large > 0.0 && isfinite(large))
		(void)frexp(large, &e);
	double dr = ldexp(d[0], -e);
	if (width == 1) {
		x[0] = tf_xdd_div_scaled(x[0], tf_dd_make(dr, 0.0), e);
		return;
	}
	double di = ldexp(conj ? -d[1] : d[1], -e);
	tf_dd norm = tf_dd_fma(tf_two_prod(dr, dr), di, di);
	/* (xr + xi i)(dr - di i) = xr dr + xi di + (xi dr - xr di) i */
	tf_xdd re = tf_xdd_add(tf_xdd_mul_d(x[0], dr), tf_xdd_mul_d(x[1], di));
	tf_xdd im = tf_xdd_add(tf_xdd_mul_d(x[1], dr), tf_xdd_mul_d(x[0], -di));
	x[0] = tf_xdd_div_scaled(re, norm, e);
	x[1] = tf_xdd_div_scaled(im, norm, e);
}

void tf_range_solve(const struct tf_range_triangle *m, const double *alpha, const double *r,
		    double *x, tf_xdd *work)
{
	const int w = m->width;
	for (int i = 0; i < m->p; i++) {
		tf_xdd *xi = work + (size_t)i * w;
		/* alpha r_i */
		for (int part = 0; part < w; part++)
			xi[part] = tf_xdd_from_dd(tf_dd_make(0.0, 0.0));
		tf_xdd ri[2] = { tf_xdd_from_dd(tf_dd_make(r[(size_t)i * w], 0.0)),
				 tf_xdd_from_dd(tf_dd_make(w == 2 ? r[(size_t)i * w + 1] : 0.0, 0.0)) };
		double minus_alpha[2] = { -alpha[0], w == 2 ? -alpha[1] : 0.0 };
		subtract_product(xi, minus_alpha, w, 0, ri);
		for (int l = m->first ? m->first(m->context, i) : 0; l < i; l++) {
			const double *a = m->element(m->context, i, l);
			if (a)
				subtract_product(xi, a, w, m->conj, work + (size_t)l * w);
		}
		if (!m->unit)
			divide(xi, m->element(m->context, i, i), w, m->conj);
		for (int part = 0; part < w; part++)
			x[(size_t)i * w + part] = tf_dd_to_double(tf_xdd_to_dd(xi[part]));
	}
}
