/* The DF GEMM kernel: gemm_body.cuh expanded for df_arith. */
#include "kernels/arith_traits.cuh"
#include "kernels/gemm_body.cuh"

namespace {

constexpr int BM = 64, BN = 64, BK = 16, TM = 4, TN = 4;
typedef tf::gemm_tile<tf::df_arith, BM, BN, BK, TM, TN> df_tile;

__global__ void __launch_bounds__(df_tile::threads) gemm_df_kernel(const tf_gemm_args args)
{
	__shared__ df_tile::shared_t shared;
	df_tile::run(args, shared);
}

} /* namespace */

extern "C" cudaError_t tf_kernel_gemm_df(const struct tf_gemm_args *args, cudaStream_t stream)
{
	tf_gemm_args p = *args;
	if (p.transa == 'C')
		p.transa = 'T';
	if (p.transb == 'C')
		p.transb = 'T';
	dim3 grid((p.n + BN - 1) / BN, (p.m + BM - 1) / BM);
	gemm_df_kernel<<<grid, df_tile::threads, 0, stream>>>(p);
	return cudaGetLastError();
}
