/* The typed AXPY and DOT kernels (tf_kernel_typed_axpy, tf_kernel_typed_dot),
 * one body each expanded per format.
 *
 * Unit strides (incx = incy = 1, or both -1: the same pairing of elements
 * in memory order) where x and y are vector-aligned from the same element
 * on (`head`, 0 or 1): vector loads (access<F>::load_vec), ITEMS vectors a
 * thread all loaded before any is used; the head element and the odd one at
 * the end are taken by one thread.  AXPY loads x and y plainly and streams
 * its stores: loading y evict-first, the line it is about to write, cost
 * 2.5% on an H100 (DD at n = 1e8: 1.622 ms against 1.583).  Other
 * strides: one element at a time, still coalesced when unit.
 *
 * AXPY: y(i) = alpha x(i) + y(i) in the working arithmetic, rounded once.
 * incy = 0: y(1) takes the n updates in order, each rounded to the format
 * as n calls would, by one thread.
 *
 * DOT: two passes.  Each block of the first sums its share of the products
 * (dot_step: the lazy DD step for DD, DS, DSP and DI, renormalized after
 * every ITEMS * VEC steps) and writes its total, in the working arithmetic,
 * to scratch; one block adds those totals (work<T>::add) into the result.
 * The blocks and their shares depend only on n: the same call gives the
 * same bits. */
#include "kernels/typed_formats.cuh"

namespace tf {
namespace {

constexpr int THREADS = 256, ITEMS = 2;
constexpr int DOT_ITEMS = 4, DOT_MAX_BLOCKS = 1024, DOT_PER_THREAD = 16;

/* Where x and y allow vector access from the same element on: that
 * element (0 .. vec-1), or -1. */
template <enum tf_format F> int vector_head(const tf_array &x, const tf_array &y)
{
	for (int head = 0; head < access<F>::vec; head++) {
		tf_array xs = x, ys = y;
		xs.hi = (char *)x.hi + head * access<F>::hi_bytes;
		ys.hi = (char *)y.hi + head * access<F>::hi_bytes;
		if (access<F>::lo_bytes) {
			xs.lo = (char *)x.lo + head * access<F>::lo_bytes;
			ys.lo = (char *)y.lo + head * access<F>::lo_bytes;
		}
		if (access<F>::vec_ok(xs) && access<F>::vec_ok(ys))
			return head;
	}
	return -1;
}

/* The unit-stride pass is for incx = incy = +-1 (memory order). */
inline bool unit_strides(const tf_typed_vector_args &p)
{
	return p.incx == p.incy && (p.incx == 1 || p.incx == -1);
}

template <enum tf_format F, class T> __device__ __forceinline__ T axpy_value(T alpha, T x, T y)
{
	return work<T>::add(work<T>::mul(alpha, x), y);
}

/* Elements [0, head) and [head + vectors vec, n): one thread. */
template <enum tf_format F, class T>
__device__ void axpy_edges(int n, int head, long long vectors, T alpha, const tf_array &x, const tf_array &y)
{
	for (long long i = 0; i < n; i++) {
		if (i == head)
			i = head + vectors * access<F>::vec;
		if (i >= n)
			break;
		T r = axpy_value<F>(alpha, access<F>::template load_one<LOAD_PLAIN>(x, i),
				    access<F>::template load_one<LOAD_PLAIN>(y, i));
		access<F>::store_one(y, i, r);
	}
}

template <enum tf_format F>
__global__ void __launch_bounds__(THREADS)
	axpy_vector_kernel(int n, int head, long long vectors, const tf_typed_vector_args p)
{
	typedef typename storage<F>::work_t T;
	constexpr int VEC = access<F>::vec;
	const T alpha = storage<F>::scalar(p.alpha);
	const long long first = (long long)blockIdx.x * (THREADS * ITEMS) + threadIdx.x;
	T xv[ITEMS][VEC], yv[ITEMS][VEC];
#pragma unroll
	for (int k = 0; k < ITEMS; k++) {
		const long long v = first + k * THREADS;
		if (v < vectors) {
			access<F>::template load_vec<LOAD_PLAIN>(p.x, head + v * VEC, xv[k]);
			access<F>::template load_vec<LOAD_PLAIN>(p.y, head + v * VEC, yv[k]);
		}
	}
#pragma unroll
	for (int k = 0; k < ITEMS; k++) {
		const long long v = first + k * THREADS;
		if (v < vectors) {
#pragma unroll
			for (int e = 0; e < VEC; e++)
				yv[k][e] = axpy_value<F>(alpha, xv[k][e], yv[k][e]);
			access<F>::store_vec(p.y, head + v * VEC, yv[k]);
		}
	}
	if (blockIdx.x == 0 && threadIdx.x == 0)
		axpy_edges<F>(n, head, vectors, alpha, p.x, p.y);
}

template <enum tf_format F>
__global__ void __launch_bounds__(THREADS) axpy_strided_kernel(const tf_typed_vector_args p)
{
	typedef typename storage<F>::work_t T;
	const T alpha = storage<F>::scalar(p.alpha);
	for (long long i = (long long)blockIdx.x * THREADS + threadIdx.x; i < p.n;
	     i += (long long)gridDim.x * THREADS) {
		const size_t at = typed_vector_offset(p.n, p.incy, i);
		T r = axpy_value<F>(alpha, access<F>::template load_one<LOAD_PLAIN>(p.x, typed_vector_offset(p.n, p.incx, i)),
				    access<F>::template load_one<LOAD_PLAIN>(p.y, at));
		access<F>::store_one(p.y, at, r);
	}
}

/* incy = 0: every update goes to y(1), in order, each rounded (stored and
 * read back). */
template <enum tf_format F> __global__ void axpy_one_target_kernel(const tf_typed_vector_args p)
{
	typedef typename storage<F>::work_t T;
	const T alpha = storage<F>::scalar(p.alpha);
	for (int i = 0; i < p.n; i++) {
		T r = axpy_value<F>(alpha, access<F>::template load_one<LOAD_PLAIN>(p.x, typed_vector_offset(p.n, p.incx, i)),
				    access<F>::template load_one<LOAD_PLAIN>(p.y, 0));
		access<F>::store_one(p.y, 0, r);
	}
}

unsigned grid_for(long long count, int per_block, unsigned most)
{
	long long blocks = (count + per_block - 1) / per_block;
	return blocks < 1 ? 1u : blocks > most ? most : (unsigned)blocks;
}

template <enum tf_format F> cudaError_t axpy_launch(const tf_typed_vector_args &p, cudaStream_t stream)
{
	const int head = unit_strides(p) ? vector_head<F>(p.x, p.y) : -1;
	if (p.incy == 0) {
		axpy_one_target_kernel<F><<<1, 1, 0, stream>>>(p);
	} else if (head >= 0) {
		const long long vectors = (p.n - head) / access<F>::vec;
		axpy_vector_kernel<F><<<grid_for(vectors, THREADS * ITEMS, 0x7fffffffu), THREADS, 0, stream>>>(
			p.n, head, vectors, p);
	} else {
		axpy_strided_kernel<F><<<grid_for(p.n, THREADS, 1u << 20), THREADS, 0, stream>>>(p);
	}
	return cudaGetLastError();
}

/* Blocks of the first DOT pass: DOT_PER_THREAD elements a thread or more. */
unsigned dot_blocks(int n)
{
	return grid_for(n, THREADS * DOT_PER_THREAD, DOT_MAX_BLOCKS);
}

/* A block's total to partial[blockIdx.x]. */
template <class T> __device__ __forceinline__ void dot_block_total(T acc, T *partial)
{
	__shared__ typename block_sum<T, 1, THREADS>::shared_t shared;
	T v[1] = { dot_step<T>::renormalize(acc) }, total;
	if (block_sum<T, 1, THREADS>::run(v, shared, total))
		partial[blockIdx.x] = total;
}

template <enum tf_format F>
__global__ void __launch_bounds__(THREADS)
	dot_vector_kernel(int n, int head, long long vectors, const tf_typed_vector_args p,
			  typename storage<F>::work_t *partial)
{
	typedef typename storage<F>::work_t T;
	typedef dot_step<T> step;
	constexpr int VEC = access<F>::vec;
	static_assert(DOT_ITEMS * VEC <= step::lazy_steps, "renormalized after each round");
	T acc = work<T>::zero();
	const long long stride = (long long)gridDim.x * THREADS;
	for (long long v = (long long)blockIdx.x * THREADS + threadIdx.x; v < vectors; v += DOT_ITEMS * stride) {
		T xv[DOT_ITEMS][VEC], yv[DOT_ITEMS][VEC];
#pragma unroll
		for (int k = 0; k < DOT_ITEMS; k++) {
			if (v + k * stride < vectors) {
				access<F>::template load_vec<LOAD_STREAM>(p.x, head + (v + k * stride) * VEC, xv[k]);
				access<F>::template load_vec<LOAD_STREAM>(p.y, head + (v + k * stride) * VEC, yv[k]);
			} else {
#pragma unroll
				for (int e = 0; e < VEC; e++)
					xv[k][e] = yv[k][e] = work<T>::zero();
			}
		}
#pragma unroll
		for (int k = 0; k < DOT_ITEMS; k++)
#pragma unroll
			for (int e = 0; e < VEC; e++)
				acc = step::step(acc, xv[k][e], yv[k][e]);
		acc = step::renormalize(acc);
	}
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		/* The head element and the odd one at the end (at most vec - 1
		 * of them). */
		for (long long i = 0; i < n; i++) {
			if (i == head)
				i = head + vectors * VEC;
			if (i >= n)
				break;
			acc = step::step(acc, access<F>::template load_one<LOAD_PLAIN>(p.x, i),
					 access<F>::template load_one<LOAD_PLAIN>(p.y, i));
		}
	}
	dot_block_total(acc, partial);
}

template <enum tf_format F>
__global__ void __launch_bounds__(THREADS)
	dot_strided_kernel(const tf_typed_vector_args p, typename storage<F>::work_t *partial)
{
	typedef typename storage<F>::work_t T;
	typedef dot_step<T> step;
	T acc = work<T>::zero();
	int steps = 0;
	for (long long i = (long long)blockIdx.x * THREADS + threadIdx.x; i < p.n;
	     i += (long long)gridDim.x * THREADS) {
		acc = step::step(acc, access<F>::template load_one<LOAD_STREAM>(p.x, typed_vector_offset(p.n, p.incx, i)),
				 access<F>::template load_one<LOAD_STREAM>(p.y, typed_vector_offset(p.n, p.incy, i)));
		if (++steps == step::lazy_steps) {
			acc = step::renormalize(acc);
			steps = 0;
		}
	}
	dot_block_total(acc, partial);
}

/* The second pass: one block adds the first pass's totals. */
template <class T> __global__ void __launch_bounds__(THREADS) dot_total_kernel(int count, const T *partial, T *result)
{
	T acc = work<T>::zero();
	for (int i = threadIdx.x; i < count; i += THREADS)
		acc = work<T>::add(acc, partial[i]);
	__shared__ typename block_sum<T, 1, THREADS>::shared_t shared;
	T v[1] = { acc }, total;
	if (block_sum<T, 1, THREADS>::run(v, shared, total))
		*result = total;
}

template <enum tf_format F>
cudaError_t dot_launch(const tf_typed_vector_args &p, void *scratch, void *result, cudaStream_t stream)
{
	typedef typename storage<F>::work_t T;
	T *partial = static_cast<T *>(scratch);
	const unsigned blocks = dot_blocks(p.n);
	const int head = unit_strides(p) ? vector_head<F>(p.x, p.y) : -1;
	if (head >= 0)
		dot_vector_kernel<F><<<blocks, THREADS, 0, stream>>>(p.n, head, (p.n - head) / access<F>::vec, p,
								      partial);
	else
		dot_strided_kernel<F><<<blocks, THREADS, 0, stream>>>(p, partial);
	cudaError_t status = cudaGetLastError();
	if (status != cudaSuccess)
		return status;
	dot_total_kernel<T><<<1, THREADS, 0, stream>>>((int)blocks, partial, static_cast<T *>(result));
	return cudaGetLastError();
}

} /* namespace */
} /* namespace tf */

extern "C" cudaError_t tf_kernel_typed_axpy(const struct tf_typed_vector_args *args, cudaStream_t stream)
{
	switch (args->format) {
	case TF_FORMAT_DD: return tf::axpy_launch<TF_FORMAT_DD>(*args, stream);
	case TF_FORMAT_DS: return tf::axpy_launch<TF_FORMAT_DS>(*args, stream);
	case TF_FORMAT_DSP: return tf::axpy_launch<TF_FORMAT_DSP>(*args, stream);
	case TF_FORMAT_DI: return tf::axpy_launch<TF_FORMAT_DI>(*args, stream);
	case TF_FORMAT_DF: return tf::axpy_launch<TF_FORMAT_DF>(*args, stream);
	case TF_FORMAT_TS: return tf::axpy_launch<TF_FORMAT_TS>(*args, stream);
	default: return cudaErrorInvalidValue;
	}
}

/* Room for the first pass's totals, in the largest working type. */
extern "C" size_t tf_kernel_typed_dot_scratch(int n)
{
	static_assert(sizeof(tf_dd) >= sizeof(tf_df) && sizeof(tf_dd) >= sizeof(tf_ts), "largest work type");
	return (size_t)tf::dot_blocks(n) * sizeof(tf_dd);
}

extern "C" cudaError_t tf_kernel_typed_dot(const struct tf_typed_vector_args *args, void *scratch,
					   void *result, cudaStream_t stream)
{
	switch (args->format) {
	case TF_FORMAT_DD: return tf::dot_launch<TF_FORMAT_DD>(*args, scratch, result, stream);
	case TF_FORMAT_DS: return tf::dot_launch<TF_FORMAT_DS>(*args, scratch, result, stream);
	case TF_FORMAT_DSP: return tf::dot_launch<TF_FORMAT_DSP>(*args, scratch, result, stream);
	case TF_FORMAT_DI: return tf::dot_launch<TF_FORMAT_DI>(*args, scratch, result, stream);
	case TF_FORMAT_DF: return tf::dot_launch<TF_FORMAT_DF>(*args, scratch, result, stream);
	case TF_FORMAT_TS: return tf::dot_launch<TF_FORMAT_TS>(*args, scratch, result, stream);
	default: return cudaErrorInvalidValue;
	}
}
