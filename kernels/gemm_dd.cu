/* The DD GEMM kernel: gemm_body.cuh expanded for dd_arith. */
#include "kernels/arith_traits.cuh"
#include "kernels/gemm_body.cuh"

extern "C" cudaError_t tf_kernel_gemm_dd(const struct tf_gemm_args *args, cudaStream_t stream)
{
	return tf::gemm_launch<tf::dd_arith>(args, stream);
}
