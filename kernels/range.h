/* The exponent range of a matrix's elements: what double-float arithmetic
 * needs to know before it splits them into floats. */
#ifndef TF_KERNELS_RANGE_H
#define TF_KERNELS_RANGE_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

struct tf_range {
	int max_exponent;  /* largest ilogb over finite nonzero elements (INT_MIN: none) */
	int min_exponent;  /* smallest (INT_MAX: none) */
	int nonfinite;     /* whether some element is Inf or NaN */
};

/* Sets *range (device memory) from the rows x cols column-major matrix a
 * (leading dimension ld). */
cudaError_t tf_kernel_range(const double *a, int rows, int cols, int ld, struct tf_range *range,
			    cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
