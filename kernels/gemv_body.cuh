/* The GEMV kernel bodies, one template for every two-term arithmetic.
 *
 * y = alpha op(A) x + beta y, A column-major m x n.  GEMV reads every element
 * of A once: it is bound by memory bandwidth, so the bodies read A in
 * 16-byte pairs (VEC = 2, where A and lda allow) with UNROLL loads issued
 * before their products are accumulated, and leave the arithmetic (the
 * lazy step of the accumulation, renormalized every Arith::lazy_steps
 * steps) in the shadow of the loads.
 *
 * Trans N, y(i) = sum_j A(i,j) x(j) (gemv_n): a block owns ROWS = SEG * VEC
 * consecutive rows; SEG threads read one column's ROWS elements (one
 * 128-byte line for SEG = 8, VEC = 2), GROUPS such teams take the columns in
 * turn (column j goes to team j mod GROUPS), each keeping DD sums for its
 * rows.  The teams' sums are added at the end (block_reduce, tf_dd_add).
 *
 * Trans T, y(j) = sum_i A(i,j) x(i) (gemv_t): a block owns COLS consecutive
 * columns and reads them down, THREADS * VEC rows a step, each x element
 * loaded once for the COLS columns; every thread keeps a DD sum per column,
 * and the block's sums are added at the end.
 *
 * The epilogue applies alpha and beta in DD and rounds once; beta = 0 does
 * not read y; an element whose result is not finite is computed again
 * exactly as the reference BLAS computes it (reference_gemv.cuh).
 *
 * Arith provides: value_t, acc_t, load(double), zero(), mac(acc, a, b),
 * renormalize(acc), to_dd(acc), and lazy_steps (mac steps allowed between
 * renormalizations). */
#ifndef TF_KERNELS_GEMV_BODY_CUH
#define TF_KERNELS_GEMV_BODY_CUH

#include "kernels/gemv.h"
#include "kernels/reference_gemv.cuh"
#include "twofold/arith_dd.h"

namespace tf {

/* count (0..VEC) consecutive elements from p, zero past count.  A's
 * elements are read once: streamed (evict-first). */
template <int VEC>
__device__ __forceinline__ void load_run(const double *p, int count, double (&v)[VEC])
{
	if (VEC == 2 && count == 2) {
		double2 pair = __ldcs(reinterpret_cast<const double2 *>(p));
		v[0] = pair.x;
		v[VEC - 1] = pair.y;
	} else {
#pragma unroll
		for (int e = 0; e < VEC; e++)
			v[e] = e < count ? __ldcs(p + e) : 0.0;
	}
}

__device__ __forceinline__ tf_dd shfl_xor_dd(tf_dd v, int mask)
{
	return tf_dd_make(__shfl_xor_sync(0xffffffffu, v.hi, mask), __shfl_xor_sync(0xffffffffu, v.lo, mask));
}

/* Sums over a block of THREADS threads.  Each thread holds K DD partial sums
 * v[0..K-1] for the slot lane mod S of its warp; the E = S * K totals, one
 * per (slot, k), are wanted.  Within a warp the K values are first spread
 * over the lanes (each exchange halves what a lane holds, so a lane adds
 * K - 1 + log2(32/K) pairs rather than K log2(32/S)), then the warps' sums
 * meet in shared memory and warp 0 adds them.  run returns true in lanes
 * e < E of warp 0, with the total of slot e / K, value e mod K.  Every
 * addition is tf_dd_add (accurate also under cancellation). */
template <int K, int S, int THREADS>
struct block_reduce {
	static constexpr int warps = THREADS / 32, entries = S * K, span = 32 / K;
	static_assert(THREADS % 32 == 0 && entries <= 32 && 32 % entries == 0, "block_reduce shape");
	typedef tf_dd shared_t[warps][entries];

	static __device__ __forceinline__ bool run(tf_dd (&v)[K], shared_t &shared, tf_dd &total)
	{
		const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
		/* Exchange halves: the lane whose bit off is set keeps the upper
		 * half of its values.  Afterwards v[0] holds value lane / span. */
#pragma unroll
		for (int half = K / 2, off = 16; half >= 1; half /= 2, off /= 2) {
			const bool upper = (lane & off) != 0;
#pragma unroll
			for (int k = 0; k < half; k++) {
				tf_dd send = upper ? v[k] : v[k + half];
				tf_dd keep = upper ? v[k + half] : v[k];
				v[k] = tf_dd_add(keep, shfl_xor_dd(send, off));
			}
		}
		tf_dd s = v[0];
#pragma unroll
		for (int off = S; off < span; off *= 2)
			s = tf_dd_add(s, shfl_xor_dd(s, off));
		if (lane % span < S)
			shared[warp][(lane % S) * K + lane / span] = s;
		__syncthreads();
		if (warp != 0)
			return false;
		const int e = lane % entries;
		int w = lane / entries;
		s = tf_dd_make(0.0, 0.0);
		if (w < warps) {
			s = shared[w][e];
			for (w += 32 / entries; w < warps; w += 32 / entries)
				s = tf_dd_add(s, shared[w][e]);
		}
#pragma unroll
		for (int off = entries; off < 32; off *= 2)
			s = tf_dd_add(s, shfl_xor_dd(s, off));
		total = s;
		return lane < entries;
	}
};

/* y(i) = alpha sum + beta y(i) in DD, rounded once; the reference's value
 * where that is not finite. */
__device__ __forceinline__ void gemv_finish(const tf_gemv_args &p, int leny, int i, tf_dd sum)
{
	double *y = p.y + vector_offset(leny, p.incy, i);
	sum.hi = __dmul_rn(sum.hi, p.unscale);
	sum.lo = __dmul_rn(sum.lo, p.unscale);
	tf_dd r = tf_dd_mul_d(sum, p.alpha);
	if (p.beta != 0.0)
		r = tf_dd_add(r, tf_two_prod(p.beta, *y));
	double value = tf_dd_to_double(r);
	if (!isfinite(value) || fabs(sum.hi) < TF_DD_RANGE_SUSPECT) {
		/* the range (twofold/arith_dd.h): the row (column) of A and x */
		int trans = p.trans != 'N', length = trans ? p.m : p.n;
		const double *x = p.x + vector_offset(length, p.incx, 0);
		if (tf_dd_range_dot(length, trans ? p.a + (size_t)i * p.lda : p.a + i,
				    trans ? 1 : (ptrdiff_t)p.lda, x, p.incx, p.alpha, sum, &r)) {
			if (p.beta != 0.0)
				r = tf_dd_add(r, tf_two_prod(p.beta, *y));
			value = tf_dd_to_double(r);
		}
		if (!isfinite(value))
			value = reference_gemv_element(p, i);
	}
	*y = value;
}

/* Trans N.  VEC = 2 needs A 16-byte aligned and lda even. */
template <class Arith, int VEC, int SEG, int GROUPS, int UNROLL>
struct gemv_n {
	static constexpr int threads = SEG * GROUPS, rows = SEG * VEC;
	static constexpr int batches_per_renormalize = Arith::lazy_steps / UNROLL;
	static_assert(batches_per_renormalize >= 1, "UNROLL above the lazy bound");
	typedef block_reduce<VEC, SEG, threads> reduce;
	typedef typename Arith::acc_t acc_t;
	struct shared_t {
		typename reduce::shared_t sums;
	};

	/* Columns j (j = team + GROUPS u, u < UNROLL) into acc; guarded: only
	 * those below n. */
	template <bool GUARDED>
	static __device__ __forceinline__ void batch(acc_t (&acc)[VEC], const double *a, const double *x,
						     ptrdiff_t a_step, ptrdiff_t x_step, int count, unsigned j, unsigned n,
						     const tf_gemv_args &p)
	{
		double av[UNROLL][VEC], xv[UNROLL];
#pragma unroll
		for (int u = 0; u < UNROLL; u++) {
			bool inside = !GUARDED || j + u * GROUPS < n;
			xv[u] = inside ? __ldg(x + u * x_step) : 0.0;
			load_run<VEC>(a + u * a_step, inside ? count : 0, av[u]);
		}
#pragma unroll
		for (int u = 0; u < UNROLL; u++)
#pragma unroll
			for (int v = 0; v < VEC; v++)
				Arith::mac(acc[v], Arith::load(__dmul_rn(av[u][v], p.scale_a)),
					   Arith::load(__dmul_rn(xv[u], p.scale_x)));
	}

	static __device__ void run(const tf_gemv_args &p, shared_t &shared)
	{
		const int slot = threadIdx.x % SEG, team = threadIdx.x / SEG;
		/* Row and column numbers are unsigned: past m or n by a block's
		 * worth, they stay below 2^32. */
		const unsigned m = p.m, first_row = blockIdx.x * rows;
		const unsigned i0 = first_row + slot * VEC;
		const int count = i0 < m ? min(m - i0, (unsigned)VEC) : 0;
		const ptrdiff_t a_step = (ptrdiff_t)GROUPS * p.lda, x_step = (ptrdiff_t)GROUPS * p.incx;
		const double *a = p.a + (count > 0 ? i0 : 0) + (size_t)team * p.lda;
		const double *x = p.x + vector_offset(p.n, p.incx, 0) + (ptrdiff_t)team * p.incx;

		acc_t acc[VEC];
#pragma unroll
		for (int v = 0; v < VEC; v++)
			acc[v] = Arith::zero();
		const int batches = p.n / (GROUPS * UNROLL);
		int b = 0;
		while (b < batches) {
			const int end = min(b + batches_per_renormalize, batches);
			for (; b < end; b++) {
				batch<false>(acc, a, x, a_step, x_step, count, 0, 0, p);
				a += UNROLL * a_step;
				x += UNROLL * x_step;
			}
#pragma unroll
			for (int v = 0; v < VEC; v++)
				Arith::renormalize(acc[v]);
		}
		const unsigned j = batches * GROUPS * UNROLL + team;
		if (batches * GROUPS * UNROLL < p.n) {
			batch<true>(acc, a, x, a_step, x_step, count, j, p.n, p);
#pragma unroll
			for (int v = 0; v < VEC; v++)
				Arith::renormalize(acc[v]);
		}

		tf_dd sums[VEC];
#pragma unroll
		for (int v = 0; v < VEC; v++)
			sums[v] = Arith::to_dd(acc[v]);
		tf_dd total;
		if (reduce::run(sums, shared.sums, total)) {
			unsigned i = first_row + threadIdx.x; /* slot (e / VEC) * VEC + e mod VEC */
			if (i < m)
				gemv_finish(p, p.m, (int)i, total);
		}
	}
};

/* Trans T.  VEC = 2 needs A 16-byte aligned and lda even; XVEC (pairs of
 * x) needs incx = 1 and x 16-byte aligned as well. */
template <class Arith, int VEC, bool XVEC, int THREADS, int COLS, int UNROLL>
struct gemv_t {
	static constexpr int threads = THREADS, columns = COLS, step = THREADS * VEC;
	static constexpr int batches_per_renormalize = Arith::lazy_steps / (UNROLL * VEC);
	static_assert(batches_per_renormalize >= 1, "UNROLL above the lazy bound");
	static_assert(!XVEC || VEC == 2, "pairs of x go with pairs of A");
	typedef block_reduce<COLS, 1, THREADS> reduce;
	typedef typename Arith::acc_t acc_t;
	struct shared_t {
		typename reduce::shared_t sums;
	};

	/* count (0..VEC) elements of x from row i on. */
	static __device__ __forceinline__ void load_x(const double *x, int incx, unsigned i, int count,
						      double (&v)[VEC])
	{
		if (XVEC && count == VEC) {
			double2 pair = __ldg(reinterpret_cast<const double2 *>(x + i));
			v[0] = pair.x;
			v[VEC - 1] = pair.y;
		} else {
#pragma unroll
			for (int e = 0; e < VEC; e++)
				v[e] = e < count ? __ldg(x + (ptrdiff_t)(i + e) * incx) : 0.0;
		}
	}

	/* Rows i + u step (u < UNROLL) of the block's columns into acc;
	 * guarded: only rows below m. */
	template <bool GUARDED>
	static __device__ __forceinline__ void batch(acc_t (&acc)[COLS], const double *a,
						     const ptrdiff_t (&offset)[COLS], const double *x,
						     int incx, unsigned i, unsigned m, const tf_gemv_args &p)
	{
		double av[UNROLL][COLS][VEC], xv[UNROLL][VEC];
#pragma unroll
		for (int u = 0; u < UNROLL; u++) {
			const unsigned row = i + u * step;
			const int count = !GUARDED ? VEC : row < m ? min(m - row, (unsigned)VEC) : 0;
			load_x(x, incx, row, count, xv[u]);
#pragma unroll
			for (int c = 0; c < COLS; c++)
				load_run<VEC>(a + offset[c] + row, count, av[u][c]);
		}
#pragma unroll
		for (int u = 0; u < UNROLL; u++)
#pragma unroll
			for (int c = 0; c < COLS; c++)
#pragma unroll
				for (int e = 0; e < VEC; e++)
					Arith::mac(acc[c], Arith::load(__dmul_rn(av[u][c][e], p.scale_a)),
						   Arith::load(__dmul_rn(xv[u][e], p.scale_x)));
	}

	static __device__ void run(const tf_gemv_args &p, shared_t &shared)
	{
		const int j0 = blockIdx.x * COLS;
		/* Columns past n (the last block) read column n-1 again and are
		 * not written. */
		const double *a = p.a + (size_t)j0 * p.lda;
		ptrdiff_t offset[COLS];
#pragma unroll
		for (int c = 0; c < COLS; c++)
			offset[c] = (ptrdiff_t)(min(j0 + c, p.n - 1) - j0) * p.lda;
		const double *x = p.x + vector_offset(p.m, p.incx, 0);

		acc_t acc[COLS];
#pragma unroll
		for (int c = 0; c < COLS; c++)
			acc[c] = Arith::zero();
		const int batches = p.m / (step * UNROLL);
		unsigned i = threadIdx.x * VEC;
		int b = 0;
		while (b < batches) {
			const int end = min(b + batches_per_renormalize, batches);
			for (; b < end; b++, i += UNROLL * step)
				batch<false>(acc, a, offset, x, p.incx, i, p.m, p);
#pragma unroll
			for (int c = 0; c < COLS; c++)
				Arith::renormalize(acc[c]);
		}
		if (batches * step * UNROLL < p.m) {
			batch<true>(acc, a, offset, x, p.incx, i, p.m, p);
#pragma unroll
			for (int c = 0; c < COLS; c++)
				Arith::renormalize(acc[c]);
		}

		tf_dd sums[COLS];
#pragma unroll
		for (int c = 0; c < COLS; c++)
			sums[c] = Arith::to_dd(acc[c]);
		tf_dd total;
		if (reduce::run(sums, shared.sums, total)) {
			unsigned j = j0 + threadIdx.x;
			if (j < (unsigned)p.n)
				gemv_finish(p, p.n, (int)j, total);
		}
	}
};

} /* namespace tf */

#endif
