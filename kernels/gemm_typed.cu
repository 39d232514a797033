/* The typed GEMM (tf_ddgemm, tf_dsgemm, ...): gemm_body.cuh expanded for
 * every storage format, C = alpha op(A) op(B) + beta C computed in the
 * format's working arithmetic and rounded once to the format. */
#include <type_traits>
#include "kernels/arith_traits.cuh"
#include "kernels/gemm_body.cuh"
#include "kernels/typed.h"
#include "kernels/typed_formats.cuh"

namespace tf {

/* The block of each working arithmetic.  48 KB of static shared memory hold
 * two 16-deep slabs of 64 x 64 tiles of 8-byte values, so 16-byte (DD, DS
 * arithmetic) and 12-byte (TS) values take 8-deep slabs; those are read
 * interleaved (gemm_layout), without bank conflicts.  DF keeps the drop-in
 * df path's block, whose speed is measured.  4 x 4 accumulators a thread:
 * 64 registers of DD sums, 48 of TS. */
template <class Arith> struct typed_layout;
template <> struct typed_layout<dd_pair_arith> {
	typedef gemm_layout<64, 64, 8, 4, 4, 1, true> type;
};
template <> struct typed_layout<ds_arith> {
	typedef gemm_layout<64, 64, 8, 4, 4, 1, true> type;
};
template <> struct typed_layout<df_arith> {
	typedef gemm_layout<64, 64, 16, 4, 4, 2, false> type;
};
template <> struct typed_layout<ts_arith> {
	typedef gemm_layout<64, 64, 8, 4, 4, 1, true> type;
};

/* The typed path's policy for gemm_body.cuh: elements fetched as their
 * words (storage_words<F>), turned into the working arithmetic's numbers
 * (exactly) and into Arith's operands only as they are staged; sums start
 * at zero; the epilogue computes alpha sum + beta C in the working
 * arithmetic (C not read when beta is zero) and rounds once to the format.
 * No access needs more alignment than the format's C type has. */
template <enum tf_format F, class Arith>
struct typed_operands {
	typedef tf_typed_gemm_args params_t;
	typedef Arith arith;
	typedef typename typed_layout<Arith>::type layout;
	typedef storage_words<F> words;
	typedef typename words::words_t raw_t;
	typedef typename Arith::value_t value_t;
	typedef typename Arith::acc_t acc_t;
	typedef typename Arith::work_t work_t;
	static_assert(std::is_same<typename storage<F>::work_t, work_t>::value,
		      "the arithmetic's epilogue computes in the format's working numbers");

	static __device__ __forceinline__ raw_t none() { return words::zero(); }
	static __device__ __forceinline__ raw_t a(const params_t &p, size_t offset)
	{
		return words::fetch(p.a, offset);
	}
	static __device__ __forceinline__ raw_t b(const params_t &p, size_t offset)
	{
		return words::fetch(p.b, offset);
	}
	static __device__ __forceinline__ value_t stage_a(const params_t &, raw_t x)
	{
		return Arith::from_work(words::to_work(x));
	}
	static __device__ __forceinline__ value_t stage_b(const params_t &, raw_t x)
	{
		return Arith::from_work(words::to_work(x));
	}
	static __device__ __forceinline__ void begin(const params_t &, acc_t &acc, int, int)
	{
		acc = Arith::zero();
	}
	static __device__ __forceinline__ void finish(const params_t &p, acc_t acc, int i, int j)
	{
		size_t cij = i + (size_t)j * p.ldc;
		work_t beta = storage<F>::scalar(p.beta);
		work_t result = work<work_t>::mul(storage<F>::scalar(p.alpha), Arith::to_work(acc));
		if (!work<work_t>::is_zero(beta)) {
			work_t c = words::to_work(words::fetch(p.c, cij));
			result = work<work_t>::add(result, work<work_t>::mul(beta, c));
		}
		words::put(p.c, cij, result);
	}
};

/* k = 0 or alpha = 0: C = beta C, in the working arithmetic (C not read
 * when beta is zero).  A thread per row, the grid's rows striding over the
 * columns. */
template <enum tf_format F>
__global__ void typed_scale_kernel(const tf_typed_gemm_args p)
{
	typedef storage_words<F> words;
	typedef typename storage<F>::work_t work_t;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= p.m)
		return;
	work_t beta = storage<F>::scalar(p.beta);
	for (int j = blockIdx.y; j < p.n; j += gridDim.y) {
		size_t cij = i + (size_t)j * p.ldc;
		work_t value = work<work_t>::zero();
		if (!work<work_t>::is_zero(beta))
			value = work<work_t>::mul(beta, words::to_work(words::fetch(p.c, cij)));
		words::put(p.c, cij, value);
	}
}

template <enum tf_format F>
static cudaError_t typed_scale(const tf_typed_gemm_args &p, cudaStream_t stream)
{
	dim3 grid((p.m + 255) / 256, p.n < 65535 ? p.n : 65535);
	typed_scale_kernel<F><<<grid, 256, 0, stream>>>(p);
	return cudaGetLastError();
}

template <enum tf_format F, class Arith>
static cudaError_t typed_gemm(const tf_typed_gemm_args &p, cudaStream_t stream)
{
	if (p.k == 0 || tf_scalar_is_zero(F, p.alpha)) {
		if (tf_scalar_is_one(F, p.beta))
			return cudaSuccess; /* C = C, as the reference returns at once */
		return typed_scale<F>(p, stream);
	}
	return gemm_launch_tiles<typed_operands<F, Arith> >(p, stream);
}

} /* namespace tf */

extern "C" cudaError_t tf_kernel_typed_gemm(const struct tf_typed_gemm_args *args,
					    cudaStream_t stream)
{
	tf_typed_gemm_args p = *args;
	if (p.m <= 0 || p.n <= 0)
		return cudaSuccess;
	p.transa = p.transa == 'N' || p.transa == 'n' ? 'N' : 'T';
	p.transb = p.transb == 'N' || p.transb == 'n' ? 'N' : 'T';
	switch (p.format) {
	case TF_FORMAT_DD: return tf::typed_gemm<TF_FORMAT_DD, tf::dd_pair_arith>(p, stream);
	case TF_FORMAT_DS:
		if (p.ds_arith)
			return tf::typed_gemm<TF_FORMAT_DS, tf::ds_arith>(p, stream);
		return tf::typed_gemm<TF_FORMAT_DS, tf::dd_pair_arith>(p, stream);
	case TF_FORMAT_DSP: return tf::typed_gemm<TF_FORMAT_DSP, tf::dd_pair_arith>(p, stream);
	case TF_FORMAT_DI: return tf::typed_gemm<TF_FORMAT_DI, tf::dd_pair_arith>(p, stream);
	case TF_FORMAT_DF: return tf::typed_gemm<TF_FORMAT_DF, tf::df_arith>(p, stream);
	case TF_FORMAT_TS: return tf::typed_gemm<TF_FORMAT_TS, tf::ts_arith>(p, stream);
	default: return cudaErrorInvalidValue;
	}
}
