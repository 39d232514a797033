/* The slow path of the triangular solves (dd_trsv.c, dd_trsm.c) where the
 * substitution left double's range: a lower triangular M of order p,
 * read element by element, solved against one right-hand side with every
 * value kept as a DD and an exponent apart (tf_xdd of twofold/arith_dd.h),
 * so that intermediate values and products that overflow or underflow in
 * double's range do not, and the solution is rounded once. */
#ifndef TF_CPU_DD_RANGE_SOLVE_H
#define TF_CPU_DD_RANGE_SOLVE_H

#include <stddef.h>
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

/* Whether the solution x of a fast solve (p elements of width doubles, M's
 * element i at x + i step width) may have lost accuracy to double's range:
 * an element not finite, or one whose numerator x_i M(i,i) is outside
 * [2^-960, 2^1020] (DD's low part would be below the subnormals, or its
 * terms near overflow), or a zero over a diagonal below 2^-40 (terms that
 * underflowed whole, which the division could have made normal). */
int tf_range_solve_suspect(const struct tf_range_triangle *m, const double *x, ptrdiff_t step);

/* x = alpha M^-1 r: r and x p elements of width doubles, contiguous, in
 * M's numbering; x rounded once.  work: p width tf_xdd. */
void tf_range_solve(const struct tf_range_triangle *m, const double *alpha, const double *r,
		    double *x, tf_xdd *work);

#endif
