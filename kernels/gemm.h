/* GEMM kernels: C = alpha op(A) op(B) + beta C, column-major, device
 * pointers, double data in and out, two-term arithmetic inside.  Launchers
 * only: no allocation, no policy. */
#ifndef TF_KERNELS_GEMM_H
#define TF_KERNELS_GEMM_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

struct tf_gemm_args {
	char transa, transb; /* 'N' or 'T' ('C' means 'T' for real data) */
	int m, n, k;
	double alpha, beta;
	const double *a;
	const double *b;
	double *c;
	int lda, ldb, ldc;
	/* When the inner dimension comes in chunks (one launch each), the DD
	 * sums travel between launches in sum_hi/sum_lo (m x n, leading
	 * dimension m).  Unchunked: both NULL, first = last = 1. */
	double *sum_hi, *sum_lo;
	int first, last;
	/* Where a result is not finite, or its sum is tiny and not zero (the
	 * range, twofold/arith_dd.h): with whole_k, the kernel computes the
	 * element again, scaled or as the reference does (it has all of A and
	 * B); without, it leaves C(i, j) as it was and counts it in *nonfinite,
	 * so that the caller can compute the tile elsewhere. */
	int whole_k;
	unsigned *nonfinite;
	/* Powers of two applied to A and B as they are loaded, and to the
	 * result (1/(scale_a scale_b)): DF holds only float's exponent range.
	 * 1 for DD.  Exact, so they change no result. */
	double scale_a, scale_b, unscale;
};

/* Double-double accumulation.  k > 0 and alpha != 0 (the caller scales C
 * for the other cases, as the reference does).  Returns the launch's error. */
cudaError_t tf_kernel_gemm_dd(const struct tf_gemm_args *args, cudaStream_t stream);

/* Double-float: A and B split into float pairs as they are loaded (after
 * scale_a and scale_b), DF accumulation, the result back in DD for alpha,
 * beta and the one rounding.  The caller has chosen the scales so that every
 * element and product lies in float's range (see src/gpu/df_range.c). */
cudaError_t tf_kernel_gemm_df(const struct tf_gemm_args *args, cudaStream_t stream);

/* After a plain double GEMM (native mode, cuBLAS): every element of C that
 * is not finite is computed again as the reference does, from `original`,
 * whose c is C as it was before (args.c) and whose A, B and k are the whole
 * problem (whole_k); without whole_k the element gets its original value back
 * and is counted in original->nonfinite. */
cudaError_t tf_kernel_gemm_fixup(const struct tf_gemm_args *original, double *c, int ldc,
				 cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
