/* The norms in DD on the CPU: dnrm2, dznrm2 (NRM2) and dasum, dzasum
 * (ASUM).  A complex vector is read as its 2n parts: |x|^2 = re^2 + im^2,
 * and dzasum's |re| + |im|.
 *
 * The vector is read CHUNK elements at a time as contiguous doubles
 * (gathered for strides other than 1; incx = 0 repeats x(1) n times, as
 * the reference's NRM2 does) and summed by the instruction set's loops
 * (dd_loops.c) in 16 independent DD partial sums, which are added in DD:
 * the same bits for every instruction set and thread count.  Up to SHORT
 * parts, one DD sum in element order instead, read in place (short calls
 * are many: LAPACK's); either way the bits depend on n only.
 *
 * NRM2 sums the squares exactly (TwoProd) and takes the DD square root,
 * rounded once.  Squares neither overflow nor lose their low words as
 * long as the largest |x_i| lies in [2^-400, 2^400]; otherwise the sum is
 * taken again on the vector scaled by the power of two that brings its
 * largest element into [1/2, 1), exactly, and the root scaled back.  Inf
 * and NaN data give a non-finite sum, which the commit (dd_output.h)
 * hands to the CPU BLAS: the reference's Inf or NaN. */
#include "config.h"

#include <math.h>
#include "cpu/dd_elements.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_output.h"

#define CHUNK 512
#define SHORT 16 /* parts (doubles) */
#define SAFE_LOW 0x1p-400
#define SAFE_HIGH 0x1p400

static int width_of(const struct tf_op *op)
{
	return op->type == TF_TYPE_Z ? 2 : 1;
}

/* The sum of squares, or of absolute values (asum), of a short vector,
 * in element order; *big as below. */
static tf_dd short_sum(const struct tf_op *op, int asum, double *big)
{
	const int width = width_of(op);
	double largest = 0.0;
	tf_dd sum = tf_dd_make(0.0, 0.0);
	for (int i = 0; i < op->n; i++) {
		const double *e = tf_element(op->x, width, op->n, op->incx, i);
		for (int w = 0; w < width; w++) {
			sum = asum ? tf_dd_add_d(sum, fabs(e[w])) : tf_dd_fma(sum, e[w], e[w]);
			largest = fabs(e[w]) > largest ? fabs(e[w]) : largest;
		}
	}
	*big = largest;
	return sum;
}

/* The sum of squares of the vector times 2^-e; *big (if not NULL)
 * receives the largest |x_i| (an Inf if there is one; NaN is not seen). */
static tf_dd sum_of_squares(const struct tf_op *op, const struct tf_dd_loops *loops, int e,
			    double *big)
{
	const int width = width_of(op);
	if (e == 0 && big && op->n * width <= SHORT)
		return short_sum(op, 0, big);
	double buffer[2 * CHUNK], scaled[2 * CHUNK];
	double largest = 0.0;
	tf_dd sum = tf_dd_make(0.0, 0.0);
	for (int first = 0; first < op->n; first += CHUNK) {
		int count = op->n - first < CHUNK ? op->n - first : CHUNK, m = count * width;
		const double *v = tf_elements(op->x, width, op->n, op->incx, first, count, buffer);
		if (big)
			for (int i = 0; i < m; i++)
				largest = fabs(v[i]) > largest ? fabs(v[i]) : largest;
		if (e != 0) {
			for (int i = 0; i < m; i++)
				scaled[i] = ldexp(v[i], -e);
			v = scaled;
		}
		sum = tf_dd_add(sum, loops->dot(m, v, v));
	}
	if (big)
		*big = largest;
	return sum;
}

void tf_cpu_dd_nrm2(const struct tf_op *op)
{
	const struct tf_dd_loops *loops = tf_dd_loops();
	double big, value;
	tf_dd sum = sum_of_squares(op, loops, 0, &big);
	if (big == 0.0 || (big >= SAFE_LOW && big <= SAFE_HIGH))
		value = tf_dd_to_double(tf_dd_sqrt(sum)); /* NaN data: NaN */
	else if (!isfinite(big))
		value = big;
	else {
		int e;
		(void)frexp(big, &e);
		sum = sum_of_squares(op, loops, e, NULL);
		value = ldexp(tf_dd_to_double(tf_dd_sqrt(sum)), e);
	}
	tf_cpu_commit_result(op, &value);
}

void tf_cpu_dd_asum(const struct tf_op *op)
{
	const struct tf_dd_loops *loops = tf_dd_loops();
	const int width = width_of(op);
	double buffer[2 * CHUNK], big;
	tf_dd sum = tf_dd_make(0.0, 0.0);
	if (op->n * width <= SHORT)
		sum = short_sum(op, 1, &big);
	for (int first = 0; op->n * width > SHORT && first < op->n; first += CHUNK) {
		int count = op->n - first < CHUNK ? op->n - first : CHUNK;
		const double *v = tf_elements(op->x, width, op->n, op->incx, first, count, buffer);
		sum = tf_dd_add(sum, loops->sum_abs(count * width, v));
	}
	double value = tf_dd_to_double(sum);
	tf_cpu_commit_result(op, &value);
}
