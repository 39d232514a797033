/* The DF GEMV kernels: gemv_launch.cuh expanded for df_arith. */
#include "kernels/arith_traits.cuh"
#include "kernels/gemv_launch.cuh"

extern "C" cudaError_t tf_kernel_gemv_df(const struct tf_gemv_args *args, cudaStream_t stream)
{
	return tf::gemv_launch<tf::df_arith>(args, stream);
}
