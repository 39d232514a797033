/* Non-finite results of a plain double GEMM, made the reference's. */
#include "kernels/gemm.h"
#include "kernels/reference_gemm.cuh"

namespace {

__global__ void gemm_fixup_kernel(const tf_gemm_args original, double *c, int ldc)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	for (int j = blockIdx.y; j < original.n; j += gridDim.y) {
		if (i >= original.m)
			continue;
		double *cij = c + i + (size_t)j * ldc;
		if (isfinite(*cij))
			continue;
		if (original.whole_k) {
			*cij = tf::reference_gemm_element(original, i, j);
		} else {
			*cij = original.c[i + (size_t)j * original.ldc];
			atomicAdd(original.nonfinite, 1u);
		}
	}
}

} /* namespace */

extern "C" cudaError_t tf_kernel_gemm_fixup(const struct tf_gemm_args *original, double *c, int ldc,
					    cudaStream_t stream)
{
	tf_gemm_args p = *original;
	if (p.transa == 'C')
		p.transa = 'T';
	if (p.transb == 'C')
		p.transb = 'T';
	dim3 grid((p.m + 255) / 256, p.n < 65535 ? p.n : 65535);
	gemm_fixup_kernel<<<grid, 256, 0, stream>>>(p, c, ldc);
	return cudaGetLastError();
}
