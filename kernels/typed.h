/* Kernels of the typed API (tf_ddgemm, tf_dsgemv, ...): device pointers,
 * data in a storage format (op/typed_op.h), computed in the format's
 * working arithmetic (DD for DD, DS, DSP and DI; DF; TS; DS arithmetic for
 * the tf_dsgemm_dsarith variant).  Launchers only: no allocation, no
 * policy.  Each returns the launch's error. */
#ifndef TF_KERNELS_TYPED_H
#define TF_KERNELS_TYPED_H

#include <cuda_runtime_api.h>
#include "op/typed_op.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Arrays as in struct tf_array, in device (or managed) memory. */
struct tf_typed_gemm_args {
	enum tf_format format;
	int ds_arith;        /* DS in DS arithmetic (format DS only) */
	char transa, transb; /* 'N' or 'T' */
	int m, n, k;         /* m, n >= 1; k >= 0 */
	union tf_scalar alpha, beta;
	struct tf_array a, b, c;
	int lda, ldb, ldc;
};

/* y = alpha op(A) x + beta y; incx, incy nonzero (negative: counted from
 * the end). */
struct tf_typed_gemv_args {
	enum tf_format format;
	char trans;
	int m, n;            /* >= 1 */
	union tf_scalar alpha, beta;
	struct tf_array a;
	int lda;
	struct tf_array x;
	int incx;
	struct tf_array y;
	int incy;
};

/* AXPY (y = alpha x + y) and DOT (x . y): any strides, 0 included, as
 * BLAS: AXPY with incy = 0 applies the n updates to y(1) in order. */
struct tf_typed_vector_args {
	enum tf_format format;
	int n;               /* >= 1 */
	union tf_scalar alpha;
	struct tf_array x;
	int incx;
	struct tf_array y;
	int incy;
};

/* C = alpha op(A) op(B) + beta C; k = 0 or alpha = 0: C = beta C, A and B
 * not read; beta = 0: C not read. */
cudaError_t tf_kernel_typed_gemm(const struct tf_typed_gemm_args *args, cudaStream_t stream);

/* alpha = 0: y = beta y, A and x not read; beta = 0: y not read. */
cudaError_t tf_kernel_typed_gemv(const struct tf_typed_gemv_args *args, cudaStream_t stream);

/* alpha != 0. */
cudaError_t tf_kernel_typed_axpy(const struct tf_typed_vector_args *args, cudaStream_t stream);

/* The dot product into *result (device memory: a tf_dd for DD, DS, DSP and
 * DI, tf_df for DF, tf_ts for TS), using `scratch` of at least
 * tf_kernel_typed_dot_scratch(n) bytes of device memory. */
size_t tf_kernel_typed_dot_scratch(int n);
cudaError_t tf_kernel_typed_dot(const struct tf_typed_vector_args *args, void *scratch,
				void *result, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
