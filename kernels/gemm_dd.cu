/* The DD GEMM kernel: gemm_body.cuh expanded for dd_arith. */
#include "kernels/arith_traits.cuh"
#include "kernels/gemm_body.cuh"

namespace {

constexpr int BM = 64, BN = 64, BK = 16, TM = 4, TN = 4;
typedef tf::gemm_tile<tf::dd_arith, BM, BN, BK, TM, TN> dd_tile;

__global__ void __launch_bounds__(dd_tile::threads) gemm_dd_kernel(const tf_gemm_args args)
{
	__shared__ dd_tile::shared_t shared;
	dd_tile::run(args, shared);
}

} /* namespace */

extern "C" cudaError_t tf_kernel_gemm_dd(const struct tf_gemm_args *args, cudaStream_t stream)
{
	tf_gemm_args p = *args;
	if (p.transa == 'C')
		p.transa = 'T';
	if (p.transb == 'C')
		p.transb = 'T';
	dim3 grid((p.n + BN - 1) / BN, (p.m + BM - 1) / BM);
	gemm_dd_kernel<<<grid, dd_tile::threads, 0, stream>>>(p);
	return cudaGetLastError();
}
