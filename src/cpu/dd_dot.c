/* DOT in DD on the CPU: ddot, zdotu, zdotc, dsdot and sdsdot.
 *
 * One body for every type: the vectors are gathered, CHUNK elements at a
 * time, into contiguous doubles (any stride, negative ones counted from the
 * end as the reference does; a complex vector split into its real and
 * imaginary parts; floats converted exactly; a double vector of unit stride
 * read in place), and each chunk's dot product
 * is taken by the instruction set's DD dot loop (dd_loops.c), in 16
 * independent partial sums.  A complex dot product is four real ones:
 * re = xr.yr - s xi.yi, im = xr.yi + s xi.yr, s = -1 for conj(x).  The
 * chunks' sums are added in DD, and the result rounded once.  Up to SHORT
 * elements, one DD sum in element order instead.  Either way the bits
 * depend on n only, not on the instruction set or the threads.
 *
 * Range: a double dot product whose DD sum came out not finite, or tiny
 * from tiny products, is formed again scaled by powers of two
 * (tf_dd_range_dot, tf_zdd_range_dot), so that products that overflow and
 * cancel, or partial sums that overflow, still give the exact result
 * rounded once when it is a normal double.  One test on the finished sum
 * otherwise.  Products of floats (dsdot, sdsdot) cannot leave double's
 * range. */
#include "config.h"
#include "cpu/dd_isa.h" /* first: the names of this instruction set's copy */

#include <math.h>
#include "cpu/dd_elements.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_output.h"

#define CHUNK 512
/* Up to this length a dot product is one sequential DD sum, read in place:
 * for the tiny calls of LAPACK's unblocked code, which the gathering and
 * the 16 partial sums would cost several times over. */
#define SHORT 16

/* Elements [first, first + count) of a vector of n elements, stride inc,
 * as contiguous doubles: re (and im for complex data).  Element first + i
 * lies i strides from element first in memory, forward or backward as inc's
 * sign says, so the copy walks one pointer. */
static double real_element(const struct tf_op *op, const void *v, int inc, int i);

static void gather(const struct tf_op *op, const void *v, int inc, int first, int count,
		   double *restrict re, double *restrict im)
{
	if (op->type == TF_TYPE_S) {
		for (int i = 0; i < count; i++)
			re[i] = real_element(op, v, inc, first + i);
		return;
	}
	const int width = op->type == TF_TYPE_Z ? 2 : 1;
	const double *p = tf_element(v, width, op->n, inc, first);
	const ptrdiff_t step = (ptrdiff_t)inc * width;
	if (im) {
		for (int i = 0; i < count; i++) {
			re[i] = p[i * step];
			im[i] = p[i * step + 1];
		}
	} else {
		for (int i = 0; i < count; i++)
			re[i] = p[i * step];
	}
}

/* The chunk's real elements: in place where a double vector has unit
 * stride, else gathered into buffer. */
static const double *real_chunk(const struct tf_op *op, const void *v, int inc, int first,
				int count, double *buffer)
{
	if (op->type == TF_TYPE_D && inc == 1)
		return (const double *)v + first;
	gather(op, v, inc, first, count, buffer, NULL);
	return buffer;
}

/* The float nearest the DD value s (sdsdot): rounded to double first, and
 * the tie of the second rounding broken by the part that the first left. */
static double round_to_float(tf_dd s)
{
	s = tf_dd_renormalize(s);
	float f = (float)s.hi;
	double err = s.hi - (double)f; /* exact: f is within an ulp of s.hi */
	if (err != 0.0 && s.lo != 0.0) {
		float other = nextafterf(f, err > 0 ? INFINITY : -INFINITY);
		double half = ((double)other - (double)f) / 2;
		/* s.hi is the midpoint of f and other: lo decides */
		if (err == half && (s.lo > 0) == (half > 0))
			f = other;
	}
	return (double)f;
}

/* The element i of a float or double vector, as a double. */
static double real_element(const struct tf_op *op, const void *v, int inc, int i)
{
	if (op->type == TF_TYPE_S)
		return ((const float *)v)[inc > 0 ? (ptrdiff_t)i * inc : (ptrdiff_t)(op->n - 1 - i) * -inc];
	return *tf_element(v, 1, op->n, inc, i);
}

static tf_zdd short_dot(const struct tf_op *op)
{
	tf_zdd sum = tf_z_zero();
	if (op->type == TF_TYPE_Z) {
		for (int i = 0; i < op->n; i++)
			sum = tf_z_fma(sum, tf_element(op->x, 2, op->n, op->incx, i),
				       tf_element(op->y, 2, op->n, op->incy, i), op->conj);
		return sum;
	}
	for (int i = 0; i < op->n; i++)
		sum.re = tf_dd_fma(sum.re, real_element(op, op->x, op->incx, i),
				   real_element(op, op->y, op->incy, i));
	return sum;
}

/* The sum formed again scaled, for a sum that may have left the range;
 * 0 where rescaling does not apply (see tf_dd_range_dot). */
static int range_dot(const struct tf_op *op, tf_zdd sum, tf_zdd *result)
{
	const int w = op->type == TF_TYPE_Z ? 2 : 1, n = op->n;
	/* x and y contiguous (x conjugated for zdotc) */
	double stack[4 * SHORT];
	double *x = tf_cpu_buffer(stack, 4 * SHORT, 2 * (size_t)w * n);
	double *y = x + (size_t)w * n;
	for (int i = 0; i < n; i++) {
		const double *xi = tf_element(op->x, w, n, op->incx, i);
		const double *yi = tf_element(op->y, w, n, op->incy, i);
		for (int p = 0; p < w; p++) {
			x[(size_t)i * w + p] = p == 1 && op->conj ? -xi[p] : xi[p];
			y[(size_t)i * w + p] = yi[p];
		}
	}
	int formed;
	if (w == 1)
		formed = tf_dd_range_dot(n, x, 1, y, 1, 1.0, sum.re, &result->re);
	else
		formed = tf_zdd_range_dot(n, x, y, 1.0, 0.0, tf_zdd_is_finite(sum), result);
	tf_cpu_buffer_release(x, stack);
	return formed;
}

void tf_cpu_dd_dot(const struct tf_op *op)
{
	const struct tf_dd_loops *loops = tf_dd_loops();
	const int complex = op->type == TF_TYPE_Z;
	const double s = op->conj ? -1.0 : 1.0;
	double xr[CHUNK], xi[CHUNK], yr[CHUNK], yi[CHUNK];
	tf_dd re = tf_dd_make(0.0, 0.0), im = tf_dd_make(0.0, 0.0);
	if (op->n <= SHORT) {
		tf_zdd sum = short_dot(op);
		re = sum.re;
		im = sum.im;
	}
	for (int first = 0; op->n > SHORT && first < op->n; first += CHUNK) {
		int count = op->n - first < CHUNK ? op->n - first : CHUNK;
		if (!complex) {
			re = tf_dd_add(re, loops->dot(count, real_chunk(op, op->x, op->incx, first, count, xr),
						      real_chunk(op, op->y, op->incy, first, count, yr)));
			continue;
		}
		tf_dd rr, ii, ri, ir;
		if (op->incx == 1 && op->incy == 1) {
			tf_dd sums[4];
			loops->zdot(count, (const double *)op->x + 2 * (size_t)first,
				    (const double *)op->y + 2 * (size_t)first, sums);
			rr = sums[0], ii = sums[1], ri = sums[2], ir = sums[3];
		} else {
			gather(op, op->x, op->incx, first, count, xr, xi);
			gather(op, op->y, op->incy, first, count, yr, yi);
			rr = loops->dot(count, xr, yr);
			ii = loops->dot(count, xi, yi), ri = loops->dot(count, xr, yi),
			ir = loops->dot(count, xi, yr);
		}
		re = tf_dd_add(re, rr);
		re = tf_dd_add(re, tf_dd_make(-s * ii.hi, -s * ii.lo));
		im = tf_dd_add(im, tf_dd_add(ri, tf_dd_make(s * ir.hi, s * ir.lo)));
	}
	tf_zdd sum = tf_zdd_make(re, im), formed = sum;
	if (op->type != TF_TYPE_S && op->n > 0 &&
	    (complex ? !tf_zdd_is_finite(sum) || tf_zdd_range_suspect(sum)
		     : !(fabs(re.hi) >= TF_DD_RANGE_SUSPECT) || !isfinite(re.lo)) &&
	    range_dot(op, sum, &formed)) {
		re = formed.re;
		im = formed.im;
	}
	double value[2];
	if (op->blas == TF_R_sdsdot_)
		value[0] = round_to_float(tf_dd_add_d(re, op->alpha));
	else if (complex)
		tf_z_round(value, tf_zdd_make(re, im));
	else
		tf_d_round(value, re);
	tf_cpu_commit_result(op, value);
}
