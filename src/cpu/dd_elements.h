/* The element types of the CPU DD kernels, so that each operation's body is
 * written once and expanded for real (d) and complex (z) data.
 *
 * A body is a macro over the type letter E (d or z); it reaches an element
 * through a double pointer and TF_E_WIDTH(E) doubles per element, keeps
 * its sums in tf_E_acc (tf_dd or tf_zdd), and rounds once with
 * tf_E_round.  conj asks for the conjugate of the first operand; a real
 * body ignores it.  Scalars (alpha, beta) are double pointers to their
 * real part, followed by the imaginary part for z. */
#ifndef TF_CPU_DD_ELEMENTS_H
#define TF_CPU_DD_ELEMENTS_H

#include <math.h>
#include <stddef.h>
#include "twofold/arith_zdd.h"

#define TF_E_WIDTH(E) TF_##E##_WIDTH
#define TF_d_WIDTH 1
#define TF_z_WIDTH 2

typedef tf_dd tf_d_acc;
typedef tf_zdd tf_z_acc;

/* Element i of an array of width-w elements at stride inc, as the
 * reference counts (from the far end when inc < 0; n elements). */
static inline double *tf_element(const double *v, int width, int n, int inc, int i)
{
	ptrdiff_t at = inc > 0 ? (ptrdiff_t)i * inc : (ptrdiff_t)(n - 1 - i) * -inc;
	return (double *)v + at * width;
}

/* Elements [first, first + count) of that array as count * width
 * contiguous doubles: the array itself when inc = 1, else copied into
 * buffer. */
static inline const double *tf_elements(const double *v, int width, int n, int inc, int first,
					int count, double *buffer)
{
	if (inc == 1)
		return v + (size_t)first * width;
	for (int i = 0; i < count; i++) {
		const double *e = tf_element(v, width, n, inc, first + i);
		buffer[(size_t)i * width] = e[0];
		if (width == 2)
			buffer[(size_t)i * width + 1] = e[1];
	}
	return buffer;
}

/* The first element in memory of the part [first, first + count) of that
 * array: with the same stride, the part as an array of count elements. */
static inline double *tf_elements_part(const double *v, int width, int n, int inc, int first,
				       int count)
{
	return tf_element(v, width, n, inc, inc > 0 ? first : first + count - 1);
}

static inline tf_dd tf_d_zero(void)
{
	return tf_dd_make(0.0, 0.0);
}

static inline tf_zdd tf_z_zero(void)
{
	return tf_zdd_from_z(0.0, 0.0);
}

/* acc + conj?(a) b, the product exact. */
static inline tf_dd tf_d_fma(tf_dd acc, const double *a, const double *b, int conj)
{
	(void)conj;
	return tf_dd_fma(acc, a[0], b[0]);
}

static inline tf_zdd tf_z_fma(tf_zdd acc, const double *a, const double *b, int conj)
{
	return tf_zdd_fma(acc, a[0], conj ? -a[1] : a[1], b[0], b[1]);
}

/* s acc for a scalar s (alpha, beta). */
static inline tf_dd tf_d_scale(const double *s, tf_dd acc)
{
	return tf_dd_mul_d(acc, s[0]);
}

static inline tf_zdd tf_z_scale(const double *s, tf_zdd acc)
{
	return tf_zdd_mul_z(acc, s[0], s[1]);
}

/* acc + s y for a scalar s and an element y: beta y added to alpha sum. */
static inline tf_dd tf_d_add_scaled(tf_dd acc, const double *s, const double *y)
{
	return tf_dd_add(acc, tf_two_prod(s[0], y[0]));
}

static inline tf_zdd tf_z_add_scaled(tf_zdd acc, const double *s, const double *y)
{
	return tf_zdd_add(acc, tf_zdd_fma(tf_z_zero(), s[0], s[1], y[0], y[1]));
}

/* The element v, exactly. */
static inline tf_dd tf_d_exact(const double *v)
{
	return tf_dd_make(v[0], 0.0);
}

static inline tf_zdd tf_z_exact(const double *v)
{
	return tf_zdd_from_z(v[0], v[1]);
}

/* acc + (hi, lo): a DD value kept as separate high and low parts (a
 * kernel's accumulator arrays), complex ones with (re, im) adjacent. */
static inline tf_dd tf_d_add_parts(tf_dd acc, const double *hi, const double *lo)
{
	return tf_dd_add(acc, tf_dd_make(hi[0], lo[0]));
}

static inline tf_zdd tf_z_add_parts(tf_zdd acc, const double *hi, const double *lo)
{
	return tf_zdd_add(acc, tf_zdd_make(tf_dd_make(hi[0], lo[0]), tf_dd_make(hi[1], lo[1])));
}

static inline int tf_d_is_zero(const double *s)
{
	return s[0] == 0.0;
}

static inline int tf_z_is_zero(const double *s)
{
	return s[0] == 0.0 && s[1] == 0.0;
}

static inline int tf_d_is_one(const double *s)
{
	return s[0] == 1.0;
}

static inline int tf_z_is_one(const double *s)
{
	return s[0] == 1.0 && s[1] == 0.0;
}

/* acc / d for an element d != 0 (a triangular solve's diagonal); d = 0
 * gives a non-finite result. */
static inline tf_dd tf_d_div(tf_dd acc, const double *d)
{
	return tf_dd_div_d(acc, d[0]);
}

static inline tf_zdd tf_z_div(tf_zdd acc, const double *d)
{
	return tf_zdd_div_z(acc, d[0], d[1]);
}

/* The element v exactly, as an accumulator. */
static inline tf_dd tf_d_from(const double *v)
{
	return tf_dd_make(v[0], 0.0);
}

static inline tf_zdd tf_z_from(const double *v)
{
	return tf_zdd_from_z(v[0], v[1]);
}

/* out = acc rounded once; whether it is finite. */
static inline int tf_d_round(double *out, tf_dd acc)
{
	out[0] = tf_dd_to_double(acc);
	return isfinite(out[0]);
}

static inline int tf_z_round(double *out, tf_zdd acc)
{
	tf_zdd_to_z(acc, &out[0], &out[1]);
	return isfinite(out[0]) && isfinite(out[1]);
}

#endif
