/* What the sparse kernels share: the two sums they accumulate in (double
 * and DD), the DD step of a product of a double and a DD, and the
 * deterministic reductions (a block's fixed tree, then one block over the
 * partials). */
#ifndef TF_KERNELS_SPARSE_COMMON_CUH
#define TF_KERNELS_SPARSE_COMMON_CUH

#include "kernels/sparse.h"
#include "twofold/arith_dd.h"

namespace tf_sparse {

constexpr int BLOCK = 256;

/* The number a sum runs in: double or tf_dd. */
template <bool DD> struct sum;

template <> struct sum<false> {
	typedef double type;
	static __device__ __forceinline__ double zero() { return 0.0; }
	static __device__ __forceinline__ double add(double a, double b) { return a + b; }
	static __device__ __forceinline__ double shfl_xor(double a, int mask, int width)
	{
		return __shfl_xor_sync(0xffffffffu, a, mask, width);
	}
	static __device__ __forceinline__ tf_dd to_dd(double a) { return tf_dd_make(a, 0.0); }
	static __device__ __forceinline__ double from_dd(tf_dd a) { return a.hi; }
};

template <> struct sum<true> {
	typedef tf_dd type;
	static __device__ __forceinline__ tf_dd zero() { return tf_dd_make(0.0, 0.0); }
	static __device__ __forceinline__ tf_dd add(tf_dd a, tf_dd b) { return tf_dd_add(a, b); }
	static __device__ __forceinline__ tf_dd shfl_xor(tf_dd a, int mask, int width)
	{
		return tf_dd_make(__shfl_xor_sync(0xffffffffu, a.hi, mask, width),
				  __shfl_xor_sync(0xffffffffu, a.lo, mask, width));
	}
	static __device__ __forceinline__ tf_dd to_dd(tf_dd a) { return a; }
	static __device__ __forceinline__ tf_dd from_dd(tf_dd a) { return a; }
};

/* acc + v x for a double v and a DD x: the product v x.hi taken exactly,
 * v x.lo added to its error, then summed as tf_dd_fma sums (the DD dot
 * product's step, error of the order of 2u^2 (|acc + v x| + |v x|)). */
static __device__ __forceinline__ tf_dd fma_d_dd(tf_dd acc, double v, tf_dd x)
{
	tf_dd p = tf_two_prod(v, x.hi);
	double t = TF_DFMA(v, x.lo, p.lo);
	tf_dd s = tf_two_sum(acc.hi, p.hi);
	return tf_quick_two_sum(s.hi, TF_DADD(s.lo, TF_DADD(acc.lo, t)));
}

/* The block's sum of every thread's `value` (BLOCK threads), by a fixed
 * tree: a warp's shuffles, then the first warp over the warps' sums.
 * Valid in thread 0. */
template <bool DD, int THREADS>
static __device__ __forceinline__ typename sum<DD>::type block_sum(typename sum<DD>::type value)
{
	typedef sum<DD> S;
	__shared__ typename S::type warps[THREADS / 32];
	for (int mask = 16; mask > 0; mask >>= 1)
		value = S::add(value, S::shfl_xor(value, mask, 32));
	if ((threadIdx.x & 31) == 0)
		warps[threadIdx.x / 32] = value;
	__syncthreads();
	if (threadIdx.x < 32) {
		value = threadIdx.x < THREADS / 32 ? warps[threadIdx.x] : S::zero();
		for (int mask = 16; mask > 0; mask >>= 1)
			value = S::add(value, S::shfl_xor(value, mask, 32));
	}
	return value;
}

/* Blocks of a reducing kernel over n elements (one element a thread a
 * step). */
static inline int reduce_blocks(long long n)
{
	long long blocks = (n + BLOCK - 1) / BLOCK;
	return blocks < 1 ? 1 : blocks > TF_SPARSE_PARTIALS ? TF_SPARSE_PARTIALS : (int)blocks;
}

/* The block's partial into partials[blockIdx.x] (called by every thread). */
template <bool DD>
static __device__ __forceinline__ void store_partial(typename sum<DD>::type value, tf_dd *partials)
{
	value = block_sum<DD, BLOCK>(value);
	if (threadIdx.x == 0)
		partials[blockIdx.x] = sum<DD>::to_dd(value);
}

cudaError_t sum_partials(bool dd, const tf_dd *partials, int count, tf_dd *result, cudaStream_t stream);

} // namespace tf_sparse

#endif
