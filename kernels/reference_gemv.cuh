/* One element of y = alpha op(A) x + beta y, and one step of y = alpha x + y,
 * computed exactly as the reference BLAS (Netlib DGEMV, DAXPY) computes
 * them.  Used only where the two-term result is not finite, so that Inf and
 * NaN land in the places, and with the signs, that the reference gives.
 *
 * The same source is compiled for the device and for the host (the tests
 * compare it there with the reference library itself); every operation goes
 * through the TF_D* macros of twofold/arith.h, so that no compiler contracts
 * a multiply and an add into a fused multiply-add.
 *
 * What Netlib DGEMV does (the reference as changed in 2014, first released
 * in LAPACK 3.6, and as systems ship it today), in its order:
 *   - beta != 1: y = beta y first (y = 0 when beta = 0, y not read);
 *     beta = 1: y is left as it is;
 *   - trans N: for j = 1..n: temp = alpha x(j);  y(i) = y(i) + temp A(i,j)
 *     (i = 1..m).  No column is skipped: a zero x(j) still multiplies its
 *     column, so 0 * Inf gives NaN.  (Older releases, 3.5 and before,
 *     skipped the columns where x(j) = 0.)
 *   - trans T: temp = 0;  temp = temp + A(i,j) x(i) for i = 1..m;
 *     y(j) = y(j) + alpha temp (an addition even when beta = 0:
 *     0 + alpha temp).
 * Each step rounds its product and its sum separately.  DAXPY computes
 * y(i) + alpha x(i), product then sum, for every i (alpha = 0 returns). */
#ifndef TF_KERNELS_REFERENCE_GEMV_CUH
#define TF_KERNELS_REFERENCE_GEMV_CUH

#include <stddef.h>
#include "kernels/gemv.h"
#include "twofold/arith.h"

#if defined(__CUDACC__)
#define TF_REFERENCE_FN __host__ __device__ __forceinline__
#else
#define TF_REFERENCE_FN inline
#endif

namespace tf {

/* Where element i of a vector of length len with stride inc lies, as the
 * reference counts it: from the start for inc > 0, from the end for inc < 0
 * (element i at (len-1-i) |inc|), always the first for inc = 0. */
TF_REFERENCE_FN ptrdiff_t vector_offset(int len, int inc, int i)
{
	return inc >= 0 ? (ptrdiff_t)i * inc : (ptrdiff_t)(len - 1 - i) * -(ptrdiff_t)inc;
}

/* y(i) as the reference leaves it (i counts from 0 along y). */
TF_REFERENCE_FN double reference_gemv_element(const tf_gemv_args &p, int i)
{
	const bool notrans = p.trans == 'N' || p.trans == 'n';
	const int lenx = notrans ? p.n : p.m, leny = notrans ? p.m : p.n;
	double y = 0.0;
	if (p.beta != 0.0) {
		y = p.y[vector_offset(leny, p.incy, i)];
		if (p.beta != 1.0)
			y = TF_DMUL(p.beta, y);
	}
	if (notrans) {
		for (int j = 0; j < p.n; j++) {
			double temp = TF_DMUL(p.alpha, p.x[vector_offset(lenx, p.incx, j)]);
			y = TF_DADD(y, TF_DMUL(temp, p.a[i + (size_t)j * p.lda]));
		}
		return y;
	}
	const double *column = p.a + (size_t)i * p.lda;
	double temp = 0.0;
	for (int l = 0; l < p.m; l++)
		temp = TF_DADD(temp, TF_DMUL(column[l], p.x[vector_offset(lenx, p.incx, l)]));
	return TF_DADD(y, TF_DMUL(p.alpha, temp));
}

/* One element of DAXPY as the reference computes it: y + alpha x. */
TF_REFERENCE_FN double reference_axpy_step(double alpha, double x, double y)
{
	return TF_DADD(y, TF_DMUL(alpha, x));
}

} /* namespace tf */

#endif
