/* AXPY kernels: y = alpha x + y, device pointers, double data in and out.
 * Launchers only: no allocation, no policy. */
#ifndef TF_KERNELS_AXPY_H
#define TF_KERNELS_AXPY_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

struct tf_axpy_args {
	int n;            /* > 0 */
	double alpha;     /* != 0 */
	const double *x;  /* element i at x + i*incx, or counted from the end when incx < 0 */
	int incx;
	double *y;
	int incy;
};

/* alpha x(i) + y(i) rounded once (the exact product plus y, a fused
 * multiply-add, which is the DD result rounded once); an element that comes
 * out Inf or NaN is computed again as the reference computes it,
 * y(i) + alpha*x(i) with two roundings.  Returns the launch's error. */
cudaError_t tf_kernel_axpy_dd(const struct tf_axpy_args *args, cudaStream_t stream);

/* Double-float: x and y split into float pairs, each element scaled by its
 * own power of two into float's range, the DF result rounded back. */
cudaError_t tf_kernel_axpy_df(const struct tf_axpy_args *args, cudaStream_t stream);

/* After a plain double AXPY (native mode, cuBLAS): an element of y that is
 * not finite becomes original y(i) + alpha*x(i), as the reference computes
 * it; original->y is y as it was before the call (same stride as y). */
cudaError_t tf_kernel_axpy_fixup(const struct tf_axpy_args *original, double *y,
				 cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
