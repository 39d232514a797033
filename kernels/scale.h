/* C = beta C on the device (C = 0 when beta = 0, without reading C), as the
 * reference does when alpha = 0 or k = 0; with k = 0, alpha != 0 and transa
 * 'T' or 'C' the reference adds alpha * 0 (an empty sum) to each element, so
 * that alpha = Inf or NaN gives NaN and a negative alpha with beta = 0 gives
 * -0: so does this. */
#ifndef TF_KERNELS_SCALE_H
#define TF_KERNELS_SCALE_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

cudaError_t tf_kernel_scale(int m, int n, double alpha, char transa, int k, double beta, double *c,
			    int ldc, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
