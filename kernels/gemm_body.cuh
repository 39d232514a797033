/* The GEMM kernel body, one template for every two-term arithmetic.
 *
 * A block computes a BM x BN tile of C with (BM/TM) x (BN/TN) threads, each
 * holding a TM x TN register tile of accumulators.  The inner dimension goes
 * by BK-deep slabs of op(A) and op(B), staged in shared memory (two buffers:
 * the next slab is read from device memory into registers while the current
 * one is used).  The accumulators are renormalized once per slab.  The
 * epilogue applies alpha and beta in DD and rounds once; an element whose
 * result is not finite is computed again exactly as the reference BLAS
 * computes it, so that Inf and NaN appear where the reference puts them.
 *
 * Arith provides: value_t (an element of A or B as the arithmetic holds it),
 * acc_t, load(double), zero(), mac(acc, a, b), renormalize(acc), to_dd(acc),
 * and save(acc, hi, lo) / resume(acc, hi, lo) to carry sums between chunks
 * exactly. */
#ifndef TF_KERNELS_GEMM_BODY_CUH
#define TF_KERNELS_GEMM_BODY_CUH

#include "kernels/gemm.h"
#include "kernels/reference_gemm.cuh"
#include "twofold/arith_dd.h"

namespace tf {

template <class Arith, int BM, int BN, int BK, int TM, int TN>
struct gemm_tile {
	static constexpr int threads = (BM / TM) * (BN / TN);
	static constexpr int threads_n = BN / TN;
	static constexpr int pad = 2; /* keeps rows 16-byte aligned, spreads banks */
	static constexpr int a_per_thread = BM * BK / threads;
	static constexpr int b_per_thread = BK * BN / threads;
	typedef typename Arith::value_t value_t;
	typedef typename Arith::acc_t acc_t;

	struct shared_t {
		value_t a[2][BK][BM + pad];
		value_t b[2][BK][BN + pad];
	};

	/* Element e of this thread's share of the A slab at k0: its place in the
	 * slab and its value (0 outside the matrix).  Consecutive threads read
	 * consecutive addresses of A, whichever way it is transposed. */
	static __device__ __forceinline__ void fetch_a(const tf_gemm_args &p, int m0, int k0, int e,
						       int &i, int &l, double &value)
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
		value = 0.0;
		if (gi < p.m && gl < p.k)
			value = p.transa == 'N' ? p.a[gi + (size_t)gl * p.lda] : p.a[gl + (size_t)gi * p.lda];
	}

	static __device__ __forceinline__ void fetch_b(const tf_gemm_args &p, int n0, int k0, int e,
						       int &l, int &j, double &value)
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
		value = 0.0;
		if (gl < p.k && gj < p.n)
			value = p.transb == 'N' ? p.b[gl + (size_t)gj * p.ldb] : p.b[gj + (size_t)gl * p.ldb];
	}

	static __device__ void run(const tf_gemm_args &p, shared_t &s)
	{
		const int tx = threadIdx.x % threads_n, ty = threadIdx.x / threads_n;
		const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
		acc_t acc[TM][TN];
#pragma unroll
		for (int r = 0; r < TM; r++)
#pragma unroll
			for (int c = 0; c < TN; c++) {
				int i = m0 + ty * TM + r, j = n0 + tx * TN + c;
				acc[r][c] = Arith::zero();
				if (!p.first && i < p.m && j < p.n)
					Arith::resume(acc[r][c], p.sum_hi[i + (size_t)j * p.m],
						      p.sum_lo[i + (size_t)j * p.m]);
			}

		double next_a[a_per_thread], next_b[b_per_thread];
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
				s.a[buffer][al[e]][ai[e]] = Arith::load(__dmul_rn(next_a[e], p.scale_a));
#pragma unroll
			for (int e = 0; e < b_per_thread; e++)
				s.b[buffer][bl[e]][bj[e]] = Arith::load(__dmul_rn(next_b[e], p.scale_b));
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
					a[r] = s.a[buffer][l][ty * TM + r];
#pragma unroll
				for (int c = 0; c < TN; c++)
					b[c] = s.b[buffer][l][tx * TN + c];
#pragma unroll
				for (int r = 0; r < TM; r++)
#pragma unroll
					for (int c = 0; c < TN; c++)
						Arith::mac(acc[r][c], a[r], b[c]);
			}
#pragma unroll
			for (int r = 0; r < TM; r++)
#pragma unroll
				for (int c = 0; c < TN; c++)
					Arith::renormalize(acc[r][c]);
			buffer ^= 1;
		}

#pragma unroll
		for (int r = 0; r < TM; r++)
#pragma unroll
			for (int c = 0; c < TN; c++) {
				int i = m0 + ty * TM + r, j = n0 + tx * TN + c;
				if (i >= p.m || j >= p.n)
					continue;
				if (!p.last) {
					Arith::save(acc[r][c], p.sum_hi[i + (size_t)j * p.m],
						    p.sum_lo[i + (size_t)j * p.m]);
					continue;
				}
				double *cij = p.c + i + (size_t)j * p.ldc;
				tf_dd sum = Arith::to_dd(acc[r][c]);
				sum.hi = __dmul_rn(sum.hi, p.unscale);
				sum.lo = __dmul_rn(sum.lo, p.unscale);
				tf_dd result = tf_dd_mul_d(sum, p.alpha);
				if (p.beta != 0.0)
					result = tf_dd_add(result, tf_two_prod(p.beta, *cij));
				double value = tf_dd_to_double(result);
				if (!isfinite(value)) {
					if (!p.whole_k) {
						atomicAdd(p.nonfinite, 1u);
						continue;
					}
					value = reference_gemm_element(p, i, j);
				}
				*cij = value;
			}
	}
};

/* The GEMM kernel of one arithmetic, and its launcher: 64 x 64 tiles of C,
 * 4 x 4 per thread, 16-deep slabs.  gemm_dd.cu and gemm_df.cu expand it. */
template <class Arith> struct gemm_shape {
	static constexpr int BM = 64, BN = 64, BK = 16, TM = 4, TN = 4;
	typedef gemm_tile<Arith, BM, BN, BK, TM, TN> tile;
};

template <class Arith>
__global__ void __launch_bounds__(gemm_shape<Arith>::tile::threads) gemm_kernel(const tf_gemm_args args)
{
	__shared__ typename gemm_shape<Arith>::tile::shared_t shared;
	gemm_shape<Arith>::tile::run(args, shared);
}

template <class Arith> cudaError_t gemm_launch(const tf_gemm_args *args, cudaStream_t stream)
{
	typedef gemm_shape<Arith> shape;
	tf_gemm_args p = *args;
	if (p.transa == 'C')
		p.transa = 'T';
	if (p.transb == 'C')
		p.transb = 'T';
	dim3 grid((p.n + shape::BN - 1) / shape::BN, (p.m + shape::BM - 1) / shape::BM);
	gemm_kernel<Arith><<<grid, shape::tile::threads, 0, stream>>>(p);
	return cudaGetLastError();
}

} /* namespace tf */

#endif
