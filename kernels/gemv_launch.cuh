/* The GEMV launcher for one arithmetic: the kernel shape for the trans and
 * the alignment of A and x.  Included by gemv_dd.cu and gemv_df.cu. */
#ifndef TF_KERNELS_GEMV_LAUNCH_CUH
#define TF_KERNELS_GEMV_LAUNCH_CUH

#include <stdint.h>
#include "kernels/gemv_body.cuh"

namespace tf {

/* The shapes were chosen by timing several on an H100 (n = 4096 to 16384):
 * the best were within 2 to 3% of each other and of cuBLAS.
 *
 * Trans N: 32 rows a block (16 threads of 16 bytes per column: 512 bytes),
 * 32 teams of columns, 4 columns in flight per thread; 16 rows a block
 * when A allows only 8-byte loads.
 * Trans T: 2 columns a block, 128 threads down them, 8 pairs of rows in
 * flight per thread and column; 4 columns and 256 threads, 8 single rows in
 * flight, when A allows only 8-byte loads. */
template <class Arith> struct gemv_shapes {
	typedef gemv_n<Arith, 2, 16, 32, 4> n_pairs;
	typedef gemv_n<Arith, 1, 16, 16, 8> n_single;
	typedef gemv_t<Arith, 2, true, 128, 2, 8> t_pairs_x_pairs;
	typedef gemv_t<Arith, 2, false, 128, 2, 8> t_pairs;
	typedef gemv_t<Arith, 1, false, 256, 4, 8> t_single;
};

template <class Body>
__global__ void __launch_bounds__(Body::threads) gemv_kernel(const tf_gemv_args args)
{
	__shared__ typename Body::shared_t shared;
	Body::run(args, shared);
}

template <class Body>
cudaError_t gemv_launch_body(unsigned blocks, const tf_gemv_args &p, cudaStream_t stream)
{
	gemv_kernel<Body><<<blocks, Body::threads, 0, stream>>>(p);
	return cudaGetLastError();
}

/* Blocks of a trans T launch: one per Body::columns columns. */
template <class Body> unsigned gemv_blocks_for(int n)
{
	return n / Body::columns + (n % Body::columns != 0);
}

inline __host__ bool gemv_aligned16(const void *p)
{
	return ((uintptr_t)p & 15u) == 0;
}

template <class Arith> cudaError_t gemv_launch(const tf_gemv_args *args, cudaStream_t stream)
{
	typedef gemv_shapes<Arith> shapes;
	tf_gemv_args p = *args;
	p.trans = p.trans == 'N' || p.trans == 'n' ? 'N' : 'T';
	const bool pairs = gemv_aligned16(p.a) && p.lda % 2 == 0;
	if (p.trans == 'N') {
		typedef typename shapes::n_pairs n_pairs;
		typedef typename shapes::n_single n_single;
		if (pairs)
			return gemv_launch_body<n_pairs>(p.m / n_pairs::rows + (p.m % n_pairs::rows != 0), p, stream);
		return gemv_launch_body<n_single>(p.m / n_single::rows + (p.m % n_single::rows != 0), p, stream);
	}
	typedef typename shapes::t_pairs_x_pairs t_pairs_x_pairs;
	typedef typename shapes::t_pairs t_pairs;
	typedef typename shapes::t_single t_single;
	if (pairs && p.incx == 1 && gemv_aligned16(p.x))
		return gemv_launch_body<t_pairs_x_pairs>(gemv_blocks_for<t_pairs_x_pairs>(p.n), p, stream);
	if (pairs)
		return gemv_launch_body<t_pairs>(gemv_blocks_for<t_pairs>(p.n), p, stream);
	return gemv_launch_body<t_single>(gemv_blocks_for<t_single>(p.n), p, stream);
}

} /* namespace tf */

#endif
