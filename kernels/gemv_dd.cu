/* The DD GEMV kernels (gemv_launch.cuh expanded for dd_arith) and y = beta y
 * for the reference's alpha = 0 case. */
#include "kernels/arith_traits.cuh"
#include "kernels/gemv_launch.cuh"

namespace {

__global__ void scale_vector_kernel(int n, double beta, double *y, int incy)
{
	for (long long i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
		double *yi = y + tf::vector_offset(n, incy, (int)i);
		*yi = beta == 0.0 ? 0.0 : __dmul_rn(beta, *yi);
	}
}

} /* namespace */

extern "C" cudaError_t tf_kernel_gemv_dd(const struct tf_gemv_args *args, cudaStream_t stream)
{
	return tf::gemv_launch<tf::dd_arith>(args, stream);
}

extern "C" cudaError_t tf_kernel_scale_vector(int n, double beta, double *y, int incy, cudaStream_t stream)
{
	if (n <= 0 || beta == 1.0)
		return cudaSuccess; /* the reference leaves y as it is */
	const int threads = 256;
	const int needed = n / threads + 1;
	const int blocks = needed < 65536 ? needed : 65536;
	scale_vector_kernel<<<blocks, threads, 0, stream>>>(n, beta, y, incy);
	return cudaGetLastError();
}
