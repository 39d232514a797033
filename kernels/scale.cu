#include "kernels/scale.h"

namespace {

__global__ void scale_kernel(int m, int n, double beta, double *c, int ldc, int empty_term,
			     double term)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y;
	for (; j < n; j += gridDim.y)
		if (i < m) {
			double *cij = c + i + (size_t)j * ldc;
			double scaled = beta == 0.0 ? 0.0 : __dmul_rn(beta, *cij);
			*cij = !empty_term ? scaled : beta == 0.0 ? term : __dadd_rn(term, scaled);
		}
}

} /* namespace */

extern "C" cudaError_t tf_kernel_scale(int m, int n, double alpha, char transa, int k, double beta,
				       double *c, int ldc, cudaStream_t stream)
{
	dim3 grid((m + 255) / 256, n < 65535 ? n : 65535);
	int empty_term = k == 0 && alpha != 0.0 && transa != 'N';
	scale_kernel<<<grid, 256, 0, stream>>>(m, n, beta, c, ldc, empty_term, alpha * 0.0);
	return cudaGetLastError();
}
