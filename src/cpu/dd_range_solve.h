/* The slow path of the triangular solves (dd_trsv.c, dd_trsm.c) where the
 * substitution left double's range: a lower triangular M of order p,
 * read element by element, solved against one right-hand side with every
 * value kept as a DD and an exponent apart (tf_xdd of twofold/arith_dd.h),
 * so that intermediate values and products that overflow or underflow in
 * double's range do not, and the solution is rounded once. */
#ifndef TF_CPU_DD_RANGE_SOLVE_H
#define TF_CPU_DD_RANGE_SOLVE_H

#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "twofold/arith_dd.h"

struct tf_range_triangle {
	int p;     /* order */
	int width; /* doubles per element: 1 (d) or 2 (z) */
	int unit;  /* unit diagonal: not read */
	int conj;  /* M's elements are conjugated */
	/* M(i, l), l <= i: the element's first double, or NULL where it is
	 * not stored (a band's zeros) */
	const double *(*element)(const void *context, int i, int l);
	/* the first l of row i that may be stored (0, or a band's edge) */
	int (*first)(const void *context, int i);
	const void *context;
};

/* The exponent e of 2^(e-1) <= |v| < 2^e, v finite and nonzero, from its
 * bits (a subnormal counts as 2^-1074: the slow path decides). */
static inline int tf_range_exponent(double v)
{
	uint64_t bits;
	memcpy(&bits, &v, sizeof bits);
	int biased = (int)(bits >> 52 & 0x7ff);
	return biased ? biased - 1022 : -1073;
}

/* tf_range_exponent of a diagonal element that is zero or not finite:
 * its unknowns are the reference's Inf or NaN, not range trouble. */
#define TF_RANGE_NO_EXPONENT INT_MIN

/* The exponent of a diagonal element (width doubles; its largest part). */
static inline int tf_range_diagonal_exponent(const double *d, int width)
{
	double v = fabs(d[0]), other = fabs(d[width - 1]);
	v = other > v ? other : v;
	return v == 0.0 || !(v <= DBL_MAX) ? TF_RANGE_NO_EXPONENT : tf_range_exponent(v);
}

/* x = alpha M^-1 r: r and x p elements of width doubles, contiguous, in
 * M's numbering; x rounded once.  work: p width tf_xdd. */
void tf_range_solve(const struct tf_range_triangle *m, const double *alpha, const double *r,
		    double *x, tf_xdd *work);

#endif
