/* C = beta C on the device (C = 0 when beta = 0, without reading C), as the
 * reference does when alpha = 0 or k = 0. */
#ifndef TF_KERNELS_SCALE_H
#define TF_KERNELS_SCALE_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

cudaError_t tf_kernel_scale(int m, int n, double beta, double *c, int ldc, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
