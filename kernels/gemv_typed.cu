/* The typed GEMV kernels: y = alpha op(A) x + beta y for every storage
 * format, one body per trans expanded per format (tf_kernel_typed_gemv).
 *
 * Why not gemv_body.cuh: that body is the drop-in dgemv's, tuned around
 * double elements (one 8-byte word an element, DF's range scaling on load,
 * the reference's recomputation of non-finite results in its epilogue) and
 * timed at cuBLAS's speed.  Here an element is two or three words, the
 * products are of two-term numbers, the sums are in three arithmetics
 * (tf_dd, tf_df, tf_ts, which block_reduce there does not take) and the
 * epilogue rounds to the storage format.  Bending that body to cover both
 * would put format policies into the drop-in's tuned inner loop; the
 * shapes and the load scheduling are the same here, per format.
 *
 * Trans N, y(i) = sum_j A(i,j) x(j) (gemv_n): a block owns ROWS = 32 VEC
 * consecutive rows; a warp reads one column's ROWS elements (VEC
 * consecutive elements a thread, one vector load where the format and A
 * allow: 512 bytes of DD, 512 + 256 of DS and DI, 768 of TS and DSP), GROUPS
 * teams take the columns in turn (column j goes to team j mod GROUPS), each
 * keeping sums for its rows, UNROLL columns in flight.  The formats read in
 * pairs take 1024 threads and 2 columns in flight: many small loads from
 * many warps.  Timed on an H100 at n = 16384 against cuBLAS DGEMV (trans N;
 * 1024 threads x 2 columns / 256 x 8): DS and DI 1.52 / 1.77, DSP 1.55 /
 * 1.98, TS 1.61 / 1.71, DF 1.01 / 0.99; DD (512 x 4) 1.98.  Trans T: DD
 * 1.99, DS, DI and DSP 1.50, TS 1.60.
 * The teams' sums meet in shared memory and are added there.
 *
 * Trans T, y(j) = sum_i A(i,j) x(i) (gemv_t): a block owns COLS consecutive
 * columns and reads them down, THREADS * VEC rows a step, UNROLL steps in
 * flight, each x element loaded once for the COLS columns; every thread
 * keeps a sum per column, added over the block at the end (block_sum).
 *
 * Sums: dot_step (typed_formats.cuh), the lazy DD step renormalized every
 * dot_step::lazy_steps steps for DD, DS, DSP and DI; DF and TS in their
 * arithmetic.  Epilogue: alpha sum + beta y in the working arithmetic,
 * rounded once to the format; beta = 0 does not read y.  alpha = 0: y =
 * beta y, A and x not read. */
#include "kernels/typed_formats.cuh"

namespace tf {
namespace {

/* `count` (0..VEC) consecutive elements of A from index i, zero past
 * count; one vector load when FAST and all VEC are wanted.  A is read once:
 * streamed. */
template <enum tf_format F, bool FAST, int VEC, class T>
__device__ __forceinline__ void load_elements(const tf_array &a, size_t i, int count, T (&v)[VEC])
{
	if constexpr (FAST) {
		if (count == VEC) {
			access<F>::template load_vec<LOAD_STREAM>(a, i, v);
			return;
		}
	}
#pragma unroll
	for (int e = 0; e < VEC; e++)
		v[e] = e < count ? access<F>::template load_one<LOAD_STREAM>(a, i + e) : work<T>::zero();
}

/* y(i) = alpha sum + beta y(i), rounded once (i counts along y). */
template <enum tf_format F, class T>
__device__ __forceinline__ void gemv_finish(const tf_typed_gemv_args &p, int leny, int i, T sum)
{
	const size_t at = typed_vector_offset(leny, p.incy, i);
	T r = work<T>::mul(storage<F>::scalar(p.alpha), sum);
	const T beta = storage<F>::scalar(p.beta);
	if (!work<T>::is_zero(beta))
		r = work<T>::add(r, work<T>::mul(beta, access<F>::template load_one<LOAD_PLAIN>(p.y, at)));
	access<F>::store_one(p.y, at, r);
}

/* Trans N.  FAST: A's vec_ok and lda a multiple of VEC. */
template <enum tf_format F, bool FAST> struct gemv_n {
	typedef typename storage<F>::work_t T;
	typedef dot_step<T> step;
	static constexpr int VEC = FAST ? access<F>::vec : 1, SEG = 32, ROWS = SEG * VEC;
	static constexpr int threads = VEC == 1 ? 512 : 1024, GROUPS = threads / SEG, UNROLL = VEC == 1 ? 4 : 2;
	static constexpr int batches_per_renormalize =
		step::lazy_steps / UNROLL > 1 ? step::lazy_steps / UNROLL : 1;
	struct shared_t {
		T sums[GROUPS][ROWS];
	};

	/* Columns j + u GROUPS (u < UNROLL) into acc; guarded: only those
	 * below n. */
	template <bool GUARDED>
	static __device__ __forceinline__ void batch(T (&acc)[VEC], const tf_typed_gemv_args &p,
						     size_t a_at, size_t a_step, long long x_at,
						     long long x_step, int count, unsigned j)
	{
		T av[UNROLL][VEC], xv[UNROLL];
#pragma unroll
		for (int u = 0; u < UNROLL; u++) {
			const bool inside = !GUARDED || j + u * GROUPS < (unsigned)p.n;
			xv[u] = inside ? access<F>::template load_one<LOAD_CACHED>(p.x, (size_t)(x_at + u * x_step))
				       : work<T>::zero();
			load_elements<F, FAST>(p.a, a_at + u * a_step, inside ? count : 0, av[u]);
		}
#pragma unroll
		for (int u = 0; u < UNROLL; u++)
#pragma unroll
			for (int v = 0; v < VEC; v++)
				acc[v] = step::step(acc[v], av[u][v], xv[u]);
	}

	static __device__ void run(const tf_typed_gemv_args &p, shared_t &shared)
	{
		const int slot = threadIdx.x % SEG, team = threadIdx.x / SEG;
		/* Unsigned rows: past m by a block's worth, still below 2^32. */
		const unsigned m = p.m, first_row = blockIdx.x * ROWS, i0 = first_row + slot * VEC;
		const int count = i0 < m ? min(m - i0, (unsigned)VEC) : 0;
		const size_t a_step = (size_t)GROUPS * (size_t)p.lda;
		size_t a_at = (count > 0 ? i0 : 0) + (size_t)team * (size_t)p.lda;
		/* x(j) lies at x_at + j x_step' (signed: from the end when incx < 0);
		 * read only for j < n. */
		const long long x_step = (long long)GROUPS * p.incx;
		long long x_at = p.incx >= 0 ? (long long)team * p.incx
					     : (long long)(p.n - 1 - team) * -(long long)p.incx;

		T acc[VEC];
#pragma unroll
		for (int v = 0; v < VEC; v++)
			acc[v] = work<T>::zero();
		const int batches = p.n / (GROUPS * UNROLL);
		int b = 0;
		while (b < batches) {
			const int end = min(b + batches_per_renormalize, batches);
			for (; b < end; b++) {
				batch<false>(acc, p, a_at, a_step, x_at, x_step, count, 0);
				a_at += UNROLL * a_step;
				x_at += UNROLL * x_step;
			}
#pragma unroll
			for (int v = 0; v < VEC; v++)
				acc[v] = step::renormalize(acc[v]);
		}
		if (batches * GROUPS * UNROLL < p.n) {
			batch<true>(acc, p, a_at, a_step, x_at, x_step, count,
				    (unsigned)(batches * GROUPS * UNROLL + team));
#pragma unroll
			for (int v = 0; v < VEC; v++)
				acc[v] = step::renormalize(acc[v]);
		}

#pragma unroll
		for (int v = 0; v < VEC; v++)
			shared.sums[team][slot * VEC + v] = acc[v];
		__syncthreads();
		if (threadIdx.x < ROWS && first_row + threadIdx.x < m) {
			T total = shared.sums[0][threadIdx.x];
			for (int g = 1; g < GROUPS; g++)
				total = work<T>::add(total, shared.sums[g][threadIdx.x]);
			gemv_finish<F>(p, p.m, (int)(first_row + threadIdx.x), total);
		}
	}
};

/* Trans T.  FAST: as gemv_n; XVEC: x read in vectors too (incx = 1, x's
 * vec_ok). */
template <enum tf_format F, bool FAST, bool XVEC> struct gemv_t {
	typedef typename storage<F>::work_t T;
	typedef dot_step<T> step;
	static constexpr int VEC = FAST ? access<F>::vec : 1, threads = 128, COLS = 4;
	static constexpr int UNROLL = 4 / VEC, STEP = threads * VEC;
	static constexpr int batches_per_renormalize =
		step::lazy_steps / (UNROLL * VEC) > 1 ? step::lazy_steps / (UNROLL * VEC) : 1;
	static_assert(!XVEC || FAST, "x in vectors goes with A in vectors");
	typedef block_sum<T, COLS, threads> reduce;
	struct shared_t {
		typename reduce::shared_t sums;
	};

	/* count (0..VEC) elements of x from row i on. */
	static __device__ __forceinline__ void load_x(const tf_typed_gemv_args &p, unsigned i, int count,
						      T (&v)[VEC])
	{
		if constexpr (XVEC) {
			if (count == VEC) {
				access<F>::template load_vec<LOAD_CACHED>(p.x, i, v);
				return;
			}
		}
#pragma unroll
		for (int e = 0; e < VEC; e++)
			v[e] = e < count ? access<F>::template load_one<LOAD_CACHED>(
						   p.x, typed_vector_offset(p.m, p.incx, i + e))
					 : work<T>::zero();
	}

	/* Rows i + u STEP (u < UNROLL) of the block's columns into acc;
	 * guarded: only rows below m. */
	template <bool GUARDED>
	static __device__ __forceinline__ void batch(T (&acc)[COLS], const tf_typed_gemv_args &p,
						     const size_t (&column)[COLS], unsigned i)
	{
		T av[UNROLL][COLS][VEC], xv[UNROLL][VEC];
#pragma unroll
		for (int u = 0; u < UNROLL; u++) {
			const unsigned row = i + u * STEP;
			const int count = !GUARDED ? VEC : row < (unsigned)p.m ? min(p.m - row, (unsigned)VEC) : 0;
			load_x(p, row, count, xv[u]);
#pragma unroll
			for (int c = 0; c < COLS; c++)
				load_elements<F, FAST>(p.a, column[c] + row, count, av[u][c]);
		}
#pragma unroll
		for (int u = 0; u < UNROLL; u++)
#pragma unroll
			for (int c = 0; c < COLS; c++)
#pragma unroll
				for (int e = 0; e < VEC; e++)
					acc[c] = step::step(acc[c], av[u][c][e], xv[u][e]);
	}

	static __device__ void run(const tf_typed_gemv_args &p, shared_t &shared)
	{
		const int j0 = blockIdx.x * COLS;
		/* Columns past n (the last block) read column n-1 again and are
		 * not written. */
		size_t column[COLS];
#pragma unroll
		for (int c = 0; c < COLS; c++)
			column[c] = (size_t)min(j0 + c, p.n - 1) * (size_t)p.lda;

		T acc[COLS];
#pragma unroll
		for (int c = 0; c < COLS; c++)
			acc[c] = work<T>::zero();
		const int batches = p.m / (STEP * UNROLL);
		unsigned i = threadIdx.x * VEC;
		int b = 0;
		while (b < batches) {
			const int end = min(b + batches_per_renormalize, batches);
			for (; b < end; b++, i += UNROLL * STEP)
				batch<false>(acc, p, column, i);
#pragma unroll
			for (int c = 0; c < COLS; c++)
				acc[c] = step::renormalize(acc[c]);
		}
		if (batches * STEP * UNROLL < p.m) {
			batch<true>(acc, p, column, i);
#pragma unroll
			for (int c = 0; c < COLS; c++)
				acc[c] = step::renormalize(acc[c]);
		}

		T total;
		if (reduce::run(acc, shared.sums, total) && j0 + (int)threadIdx.x < p.n)
			gemv_finish<F>(p, p.n, j0 + (int)threadIdx.x, total);
	}
};

template <class Body>
__global__ void __launch_bounds__(Body::threads) gemv_kernel(const tf_typed_gemv_args args)
{
	__shared__ typename Body::shared_t shared;
	Body::run(args, shared);
}

/* alpha = 0: y = beta y (y = 0, not read, when beta = 0). */
template <enum tf_format F> __global__ void scale_kernel(const tf_typed_gemv_args p, int leny)
{
	typedef typename storage<F>::work_t T;
	const T beta = storage<F>::scalar(p.beta);
	const bool zero = work<T>::is_zero(beta);
	for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < leny;
	     i += (long long)gridDim.x * blockDim.x) {
		const size_t at = typed_vector_offset(leny, p.incy, i);
		T r = zero ? work<T>::zero()
			   : work<T>::mul(beta, access<F>::template load_one<LOAD_PLAIN>(p.y, at));
		access<F>::store_one(p.y, at, r);
	}
}

template <class Body> cudaError_t launch(unsigned blocks, const tf_typed_gemv_args &p, cudaStream_t stream)
{
	gemv_kernel<Body><<<blocks, Body::threads, 0, stream>>>(p);
	return cudaGetLastError();
}

unsigned blocks_for(int count, int per_block)
{
	return (unsigned)(count / per_block + (count % per_block != 0));
}

template <enum tf_format F> cudaError_t gemv_launch(tf_typed_gemv_args p, cudaStream_t stream)
{
	p.trans = p.trans == 'N' || p.trans == 'n' ? 'N' : 'T';
	if (tf_scalar_is_zero(p.format, p.alpha)) {
		const int leny = p.trans == 'N' ? p.m : p.n, threads = 256;
		const unsigned blocks = blocks_for(leny, threads);
		scale_kernel<F><<<blocks < 65536 ? blocks : 65536, threads, 0, stream>>>(p, leny);
		return cudaGetLastError();
	}
	const bool fast = access<F>::vec_ok(p.a) && p.lda % access<F>::vec == 0;
	if (p.trans == 'N') {
		if (fast)
			return launch<gemv_n<F, true>>(blocks_for(p.m, gemv_n<F, true>::ROWS), p, stream);
		return launch<gemv_n<F, false>>(blocks_for(p.m, gemv_n<F, false>::ROWS), p, stream);
	}
	if (fast && p.incx == 1 && access<F>::vec_ok(p.x))
		return launch<gemv_t<F, true, true>>(blocks_for(p.n, gemv_t<F, true, true>::COLS), p, stream);
	if (fast)
		return launch<gemv_t<F, true, false>>(blocks_for(p.n, gemv_t<F, true, false>::COLS), p, stream);
	return launch<gemv_t<F, false, false>>(blocks_for(p.n, gemv_t<F, false, false>::COLS), p, stream);
}

} /* namespace */
} /* namespace tf */

extern "C" cudaError_t tf_kernel_typed_gemv(const struct tf_typed_gemv_args *args, cudaStream_t stream)
{
	switch (args->format) {
	case TF_FORMAT_DD: return tf::gemv_launch<TF_FORMAT_DD>(*args, stream);
	case TF_FORMAT_DS: return tf::gemv_launch<TF_FORMAT_DS>(*args, stream);
	case TF_FORMAT_DSP: return tf::gemv_launch<TF_FORMAT_DSP>(*args, stream);
	case TF_FORMAT_DI: return tf::gemv_launch<TF_FORMAT_DI>(*args, stream);
	case TF_FORMAT_DF: return tf::gemv_launch<TF_FORMAT_DF>(*args, stream);
	case TF_FORMAT_TS: return tf::gemv_launch<TF_FORMAT_TS>(*args, stream);
	default: return cudaErrorInvalidValue;
	}
}
