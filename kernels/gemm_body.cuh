/* The GEMM kernel body, one template for every two-term arithmetic and
 * every way of storing the matrices.
 *
 * A block computes a BM x BN tile of C with (BM/TM) x (BN/TN) threads, each
 * holding a TM x TN register tile of accumulators.  The inner dimension goes
 * by BK-deep slabs of op(A) and op(B), staged in shared memory (two buffers:
 * the next slab is read from device memory into registers while the current
 * one is used).  The accumulators are renormalized once per slab.
 *
 * Operands, the policy, says what is specific to the data:
 *   params_t          the kernel's arguments: transa, transb, m, n, k, lda,
 *                     ldb, ldc (as BLAS, transa and transb 'N' or 'T') and
 *                     whatever its own functions read
 *   arith             the arithmetic (arith_traits.cuh): value_t, acc_t,
 *                     zero(), mac(acc, a, b), renormalize(acc)
 *   layout            a gemm_layout: the block's shape
 *   raw_t             an element of A or B as fetched into registers
 *   none()            the raw_t outside the matrix (zero)
 *   a(p, offset), b(p, offset)   the element at that offset, read
 *   stage_a(p, raw), stage_b(p, raw)   a fetched element as arith holds it
 *   begin(p, acc, i, j)  the accumulator of C(i, j) before the first slab
 *                        (i, j may lie outside C)
 *   finish(p, acc, i, j) the epilogue of C(i, j), inside C
 * double_operands below is the drop-in path's (double data); typed_operands
 * in gemm_typed.cu the typed API's (storage formats). */
#ifndef TF_KERNELS_GEMM_BODY_CUH
#define TF_KERNELS_GEMM_BODY_CUH

#include "kernels/gemm.h"
#include "kernels/reference_gemm.cuh"
#include "twofold/arith_dd.h"

namespace tf {

/* The shape of a block.  PAD elements end each row of a staged slab (rows
 * stay 16-byte aligned, and the rows of a transposed operand's stores fall
 * in different banks).  INTERLEAVED: thread (tx, ty) holds rows ty + r BM/TM
 * and columns tx + c BN/TN of the tile instead of TM and TN consecutive
 * ones, so that the threads of a quarter warp read consecutive 16-byte
 * elements of a slab row: no bank conflicts for 16-byte values. */
template <int BM_, int BN_, int BK_, int TM_, int TN_, int PAD_, bool INTERLEAVED_>
struct gemm_layout {
	static constexpr int BM = BM_, BN = BN_, BK = BK_, TM = TM_, TN = TN_, pad = PAD_;
	static constexpr bool interleaved = INTERLEAVED_;
	static constexpr int threads = (BM / TM) * (BN / TN);
	static constexpr int threads_n = BN / TN;
	static constexpr int a_per_thread = BM * BK / threads;
	static constexpr int b_per_thread = BK * BN / threads;
	static_assert(BM % TM == 0 && BN % TN == 0, "a thread tile divides the block");
	static_assert(BM * BK % threads == 0 && BK * BN % threads == 0,
		      "every thread fetches the same number of elements of a slab");
	/* Row r of thread row ty's tile, column c of thread column tx's. */
	static __device__ __forceinline__ int row(int ty, int r)
	{
		return interleaved ? ty + r * (BM / TM) : ty * TM + r;
	}
	static __device__ __forceinline__ int col(int tx, int c)
	{
		return interleaved ? tx + c * (BN / TN) : tx * TN + c;
	}
};

template <class Operands>
struct gemm_tile {
	typedef typename Operands::params_t params_t;
	typedef typename Operands::arith arith;
	typedef typename Operands::layout layout;
	typedef typename Operands::raw_t raw_t;
	typedef typename arith::value_t value_t;
	typedef typename arith::acc_t acc_t;
	static constexpr int BM = layout::BM, BN = layout::BN, BK = layout::BK;
	static constexpr int TM = layout::TM, TN = layout::TN, pad = layout::pad;
	static constexpr int threads = layout::threads, threads_n = layout::threads_n;
	static constexpr int a_per_thread = layout::a_per_thread;
	static constexpr int b_per_thread = layout::b_per_thread;

	struct shared_t {
		value_t a[2][BK][BM + pad];
		value_t b[2][BK][BN + pad];
	};

	/* Element e of this thread's share of the A slab at k0: its place in the
	 * slab and its value (none() outside the matrix).  Consecutive threads
	 * read consecutive addresses of A, whichever way it is transposed. */
	static __device__ __forceinline__ void fetch_a(const params_t &p, int m0, int k0, int e,
						       int &i, int &l, raw_t &value)
	{
		int index = threadIdx.x + e * threads;
		if (p.transa == 'N') {
			i = index % BM;
			l = index / BM;
		} else {
			l = index % BK;
			i = index / BK;
		}
		int gi = m0 + i, gl = k0 + l;
		value = Operands::none();
		if (gi < p.m && gl < p.k)
			value = p.transa == 'N' ? Operands::a(p, gi + (size_t)gl * p.lda)
						: Operands::a(p, gl + (size_t)gi * p.lda);
	}

	static __device__ __forceinline__ void fetch_b(const params_t &p, int n0, int k0, int e,
						       int &l, int &j, raw_t &value)
	{
		int index = threadIdx.x + e * threads;
		if (p.transb == 'N') {
			l = index % BK;
			j = index / BK;
		} else {
			j = index % BN;
			l = index / BN;
		}
		int gl = k0 + l, gj = n0 + j;
		value = Operands::none();
		if (gl < p.k && gj < p.n)
			value = p.transb == 'N' ? Operands::b(p, gl + (size_t)gj * p.ldb)
						: Operands::b(p, gj + (size_t)gl * p.ldb);
	}

	static __device__ void run(const params_t &p, shared_t &s)
	{
		const int tx = threadIdx.x % threads_n, ty = threadIdx.x / threads_n;
		const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
		acc_t acc[TM][TN];
#pragma unroll
		for (int r = 0; r < TM; r++)
#pragma unroll
			for (int c = 0; c < TN; c++)
				Operands::begin(p, acc[r][c], m0 + layout::row(ty, r),
						n0 + layout::col(tx, c));

		raw_t next_a[a_per_thread], next_b[b_per_thread];
		int ai[a_per_thread], al[a_per_thread], bl[b_per_thread], bj[b_per_thread];
#pragma unroll
		for (int e = 0; e < a_per_thread; e++)
			fetch_a(p, m0, 0, e, ai[e], al[e], next_a[e]);
#pragma unroll
		for (int e = 0; e < b_per_thread; e++)
			fetch_b(p, n0, 0, e, bl[e], bj[e], next_b[e]);

		int buffer = 0;
		for (int k0 = 0; k0 < p.k; k0 += BK) {
#pragma unroll
			for (int e = 0; e < a_per_thread; e++)
				s.a[buffer][al[e]][ai[e]] = Operands::stage_a(p, next_a[e]);
#pragma unroll
			for (int e = 0; e < b_per_thread; e++)
				s.b[buffer][bl[e]][bj[e]] = Operands::stage_b(p, next_b[e]);
			__syncthreads();
			if (k0 + BK < p.k) {
#pragma unroll
				for (int e = 0; e < a_per_thread; e++)
					fetch_a(p, m0, k0 + BK, e, ai[e], al[e], next_a[e]);
#pragma unroll
				for (int e = 0; e < b_per_thread; e++)
					fetch_b(p, n0, k0 + BK, e, bl[e], bj[e], next_b[e]);
			}
#pragma unroll
			for (int l = 0; l < BK; l++) {
				value_t a[TM], b[TN];
#pragma unroll
				for (int r = 0; r < TM; r++)
					a[r] = s.a[buffer][l][layout::row(ty, r)];
#pragma unroll
				for (int c = 0; c < TN; c++)
					b[c] = s.b[buffer][l][layout::col(tx, c)];
#pragma unroll
				for (int r = 0; r < TM; r++)
#pragma unroll
					for (int c = 0; c < TN; c++)
						arith::mac(acc[r][c], a[r], b[c]);
			}
#pragma unroll
			for (int r = 0; r < TM; r++)
#pragma unroll
				for (int c = 0; c < TN; c++)
					arith::renormalize(acc[r][c]);
			buffer ^= 1;
		}

#pragma unroll
		for (int r = 0; r < TM; r++)
#pragma unroll
			for (int c = 0; c < TN; c++) {
				int i = m0 + layout::row(ty, r), j = n0 + layout::col(tx, c);
				if (i < p.m && j < p.n)
					Operands::finish(p, acc[r][c], i, j);
			}
	}
};

template <class Operands>
__global__ void __launch_bounds__(gemm_tile<Operands>::threads)
gemm_kernel(const typename Operands::params_t args)
{
	__shared__ typename gemm_tile<Operands>::shared_t shared;
	gemm_tile<Operands>::run(args, shared);
}

/* One launch over all of C; p's transposes already 'N' or 'T'. */
template <class Operands>
cudaError_t gemm_launch_tiles(const typename Operands::params_t &p, cudaStream_t stream)
{
	typedef typename Operands::layout layout;
	dim3 grid((p.n + layout::BN - 1) / layout::BN, (p.m + layout::BM - 1) / layout::BM);
	gemm_kernel<Operands><<<grid, layout::threads, 0, stream>>>(p);
	return cudaGetLastError();
}

/* The drop-in path (kernels/gemm.h): double A, B and C, scaled by powers of
 * two as they are loaded; sums carried between chunks of the inner
 * dimension in sum_hi/sum_lo; the epilogue applies alpha and beta in DD and
 * rounds once, and an element whose result is not finite is computed again
 * exactly as the reference BLAS computes it, so that Inf and NaN appear
 * where the reference puts them.  Arith (dd_arith, df_arith) provides, on
 * top of the body's needs, load(double), to_dd(acc), and save(acc, hi, lo) /
 * resume(acc, hi, lo) to carry sums between chunks exactly.  64 x 64 tiles
 * of C, 4 x 4 per thread, 16-deep slabs of 8-byte values. */
template <class Arith>
struct double_operands {
	typedef tf_gemm_args params_t;
	typedef Arith arith;
	typedef gemm_layout<64, 64, 16, 4, 4, 2, false> layout;
	typedef double raw_t;
	typedef typename Arith::value_t value_t;
	typedef typename Arith::acc_t acc_t;

	static __device__ __forceinline__ double none() { return 0.0; }
	static __device__ __forceinline__ double a(const tf_gemm_args &p, size_t offset)
	{
		return p.a[offset];
	}
	static __device__ __forceinline__ double b(const tf_gemm_args &p, size_t offset)
	{
		return p.b[offset];
	}
	static __device__ __forceinline__ value_t stage_a(const tf_gemm_args &p, double x)
	{
		return Arith::load(__dmul_rn(x, p.scale_a));
	}
	static __device__ __forceinline__ value_t stage_b(const tf_gemm_args &p, double x)
	{
		return Arith::load(__dmul_rn(x, p.scale_b));
	}

	static __device__ __forceinline__ void begin(const tf_gemm_args &p, acc_t &acc, int i,
						     int j)
	{
		acc = Arith::zero();
		if (!p.first && i < p.m && j < p.n)
			Arith::resume(acc, p.sum_hi[i + (size_t)j * p.m],
				      p.sum_lo[i + (size_t)j * p.m]);
	}

	static __device__ __forceinline__ void finish(const tf_gemm_args &p, acc_t acc, int i,
						      int j)
	{
		if (!p.last) {
			Arith::save(acc, p.sum_hi[i + (size_t)j * p.m],
				    p.sum_lo[i + (size_t)j * p.m]);
			return;
		}
		double *cij = p.c + i + (size_t)j * p.ldc;
		tf_dd sum = Arith::to_dd(acc);
		sum.hi = __dmul_rn(sum.hi, p.unscale);
		sum.lo = __dmul_rn(sum.lo, p.unscale);
		tf_dd result = tf_dd_mul_d(sum, p.alpha);
		if (p.beta != 0.0)
			result = tf_dd_add(result, tf_two_prod(p.beta, *cij));
		double value = tf_dd_to_double(result);
		if (isfinite(value) && fabs(sum.hi) >= TF_DD_RANGE_SUSPECT) {
			*cij = value;
			return;
		}
		/* Not finite, or tiny: the range (twofold/arith_dd.h) with the
		 * whole of k here, else the CPU takes the tile (a sum that is
		 * exactly zero is left as it is then). */
		if (!p.whole_k) {
			if (isfinite(value) && sum.hi == 0.0)
				*cij = value;
			else
				atomicAdd(p.nonfinite, 1u);
			return;
		}
		const double *row = p.transa == 'N' ? p.a + i : p.a + (size_t)i * p.lda;
		const double *column = p.transb == 'N' ? p.b + (size_t)j * p.ldb : p.b + j;
		if (tf_dd_range_dot(p.k, row, p.transa == 'N' ? (ptrdiff_t)p.lda : 1, column,
				    p.transb == 'N' ? 1 : (ptrdiff_t)p.ldb, p.alpha, sum, &result)) {
			if (p.beta != 0.0)
				result = tf_dd_add(result, tf_two_prod(p.beta, *cij));
			value = tf_dd_to_double(result);
		}
		*cij = isfinite(value) ? value : reference_gemm_element(p, i, j);
	}
};

/* The drop-in launcher of one arithmetic: gemm_dd.cu and gemm_df.cu expand
 * it. */
template <class Arith> cudaError_t gemm_launch(const tf_gemm_args *args, cudaStream_t stream)
{
	tf_gemm_args p = *args;
	if (p.transa == 'C')
		p.transa = 'T';
	if (p.transb == 'C')
		p.transb = 'T';
	return gemm_launch_tiles<double_operands<Arith> >(p, stream);
}

} /* namespace tf */

#endif
