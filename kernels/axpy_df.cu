/* DF AXPY: y = alpha x + y with x and y split into float pairs as they are
 * loaded and the sum put back into a double as it is stored.  Each element
 * is scaled on its own by a power of two (exact) that brings alpha x and y
 * below 2 in magnitude, so any finite double input fits float's range:
 * what the scaling pushes below float's range is under 2^-126 of the
 * result's magnitude, far below DF's precision.  Non-finite inputs and
 * results take the reference's y + alpha x. */
#include <climits>
#include "kernels/axpy.h"
#include "kernels/reference_gemv.cuh"
#include "twofold/arith_df.h"

namespace {

__device__ __forceinline__ double axpy_df_element(double x, double y, double alpha, int alpha_exponent,
						  tf_df alpha_mantissa)
{
	if (!isfinite(x) || !isfinite(y))
		return tf::reference_axpy_step(alpha, x, y);
	int ex = x == 0.0 ? INT_MIN / 2 : ilogb(x) + alpha_exponent + 1; /* |alpha x| < 2^ex */
	int ey = y == 0.0 ? INT_MIN / 2 : ilogb(y) + 1;                  /* |y| < 2^ey */
	int e = max(ex, ey);
	if (e == INT_MIN / 2)
		return tf::reference_axpy_step(alpha, x, y); /* both zero: the signs of zeros */
	tf_df xs = tf_df_from_double(ldexp(x, alpha_exponent - e));
	tf_df ys = tf_df_from_double(ldexp(y, -e));
	double r = ldexp(tf_df_to_double(tf_df_add(tf_df_mul(alpha_mantissa, xs), ys)), e);
	return isfinite(r) ? r : tf::reference_axpy_step(alpha, x, y);
}

__global__ void axpy_df_kernel(const tf_axpy_args p, int alpha_exponent, tf_df alpha_mantissa)
{
	for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < p.n;
	     i += (long long)gridDim.x * blockDim.x) {
		const double x = p.x[tf::vector_offset(p.n, p.incx, (int)i)];
		double *y = p.y + tf::vector_offset(p.n, p.incy, (int)i);
		*y = axpy_df_element(x, *y, p.alpha, alpha_exponent, alpha_mantissa);
	}
}

/* incy = 0: every update goes to y(1), in order. */
__global__ void axpy_df_serial_kernel(const tf_axpy_args p, int alpha_exponent, tf_df alpha_mantissa)
{
	for (int i = 0; i < p.n; i++)
		*p.y = axpy_df_element(p.x[tf::vector_offset(p.n, p.incx, i)], *p.y, p.alpha, alpha_exponent,
				       alpha_mantissa);
}

} /* namespace */

extern "C" cudaError_t tf_kernel_axpy_df(const struct tf_axpy_args *args, cudaStream_t stream)
{
	/* alpha = 2^e m with m in [1, 2): m fits a DF exactly enough (48 bits) */
	int alpha_exponent = isfinite(args->alpha) && args->alpha != 0.0 ? ilogb(args->alpha) : 0;
	tf_df alpha_mantissa = tf_df_from_double(ldexp(args->alpha, -alpha_exponent));
	if (args->incy == 0) {
		axpy_df_serial_kernel<<<1, 1, 0, stream>>>(*args, alpha_exponent, alpha_mantissa);
	} else {
		long long blocks = (args->n + 255) / 256;
		axpy_df_kernel<<<blocks < 8192 ? (int)blocks : 8192, 256, 0, stream>>>(*args, alpha_exponent,
											 alpha_mantissa);
	}
	return cudaGetLastError();
}
