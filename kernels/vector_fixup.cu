/* Non-finite results of a plain double GEMV or AXPY (native mode, cuBLAS),
 * made the reference's from y as it was before the call. */
#include "kernels/axpy.h"
#include "kernels/gemv.h"
#include "kernels/reference_gemv.cuh"

namespace {

__global__ void gemv_fixup_kernel(const tf_gemv_args original, double *y)
{
	int leny = original.trans == 'N' ? original.m : original.n;
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < leny; i += gridDim.x * blockDim.x) {
		double *yi = y + tf::vector_offset(leny, original.incy, i);
		if (!isfinite(*yi))
			*yi = tf::reference_gemv_element(original, i);
	}
}

__global__ void axpy_fixup_kernel(const tf_axpy_args original, double *y)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < original.n; i += gridDim.x * blockDim.x) {
		ptrdiff_t at = tf::vector_offset(original.n, original.incy, i);
		if (!isfinite(y[at]))
			y[at] = tf::reference_axpy_step(original.alpha,
							original.x[tf::vector_offset(original.n, original.incx, i)],
							original.y[at]);
	}
}

int blocks_for(int n)
{
	int blocks = (n + 255) / 256;
	return blocks < 4096 ? blocks : 4096;
}

} /* namespace */

extern "C" cudaError_t tf_kernel_gemv_fixup(const struct tf_gemv_args *original, double *y,
					    cudaStream_t stream)
{
	tf_gemv_args p = *original;
	if (p.trans == 'C')
		p.trans = 'T';
	int leny = p.trans == 'N' ? p.m : p.n;
	gemv_fixup_kernel<<<blocks_for(leny), 256, 0, stream>>>(p, y);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_axpy_fixup(const struct tf_axpy_args *original, double *y,
					    cudaStream_t stream)
{
	axpy_fixup_kernel<<<blocks_for(original->n), 256, 0, stream>>>(*original, y);
	return cudaGetLastError();
}
