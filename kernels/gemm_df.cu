/* The DF GEMM kernel: gemm_body.cuh expanded for df_arith. */
#include "kernels/arith_traits.cuh"
#include "kernels/gemm_body.cuh"

extern "C" cudaError_t tf_kernel_gemm_df(const struct tf_gemm_args *args, cudaStream_t stream)
{
	return tf::gemm_launch<tf::df_arith>(args, stream);
}
