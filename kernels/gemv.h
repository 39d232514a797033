/* GEMV kernels: y = alpha op(A) x + beta y, A column-major m x n, device
 * pointers, double data in and out, two-term arithmetic inside.  Launchers
 * only: no allocation, no policy. */
#ifndef TF_KERNELS_GEMV_H
#define TF_KERNELS_GEMV_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

struct tf_gemv_args {
	char trans;       /* 'N' or 'T' ('C' means 'T' for real data) */
	int m, n;         /* A is m x n */
	double alpha, beta;
	const double *a;
	int lda;
	const double *x;  /* element i at x + i*incx, or counted from the end when incx < 0 */
	int incx;
	double *y;
	int incy;
	/* Powers of two applied to A and x as they are loaded, and to the sum
	 * (1/(scale_a scale_x)), exact: DF holds only float's exponent range.
	 * 1 for DD. */
	double scale_a, scale_x, unscale;
};

/* Double-double accumulation, alpha and beta in DD, one rounding; beta = 0
 * does not read y; an element whose result is not finite is computed again
 * as the reference BLAS computes it.  m, n > 0 and alpha != 0 (the caller
 * scales y otherwise, as the reference does).  Returns the launch's error. */
cudaError_t tf_kernel_gemv_dd(const struct tf_gemv_args *args, cudaStream_t stream);

/* Double-float: A and x split into float pairs as they are loaded (after
 * scale_a and scale_x, chosen by the caller so that every element and
 * product lies in float's range), DF accumulation, alpha, beta and the one
 * rounding in DD. */
cudaError_t tf_kernel_gemv_df(const struct tf_gemv_args *args, cudaStream_t stream);

/* y = beta y over n elements with stride incy (y = 0 when beta = 0, y not
 * read): the reference's alpha = 0 case. */
cudaError_t tf_kernel_scale_vector(int n, double beta, double *y, int incy, cudaStream_t stream);

/* After a plain double GEMV (native mode, cuBLAS): every element of y that
 * is not finite is computed again as the reference does, from `original`,
 * whose y is y as it was before the call (same stride as y). */
cudaError_t tf_kernel_gemv_fixup(const struct tf_gemv_args *original, double *y,
				 cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
