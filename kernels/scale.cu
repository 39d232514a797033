#include "kernels/scale.h"

namespace {

__global__ void scale_kernel(int m, int n, double beta, double *c, int ldc)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y;
	for (; j < n; j += gridDim.y)
		if (i < m) {
			double *cij = c + i + (size_t)j * ldc;
			*cij = beta == 0.0 ? 0.0 : __dmul_rn(beta, *cij);
		}
}

} /* namespace */

extern "C" cudaError_t tf_kernel_scale(int m, int n, double beta, double *c, int ldc,
				       cudaStream_t stream)
{
	dim3 grid((m + 255) / 256, n < 65535 ? n : 65535);
	scale_kernel<<<grid, 256, 0, stream>>>(m, n, beta, c, ldc);
	return cudaGetLastError();
}
