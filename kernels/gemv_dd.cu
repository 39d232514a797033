/* The DD GEMV kernels: gemv_body.cuh expanded for dd_arith, their launcher,
 * and y = beta y for the reference's alpha = 0 case. */
#include <stdint.h>
#include "kernels/arith_traits.cuh"
#include "kernels/gemv_body.cuh"

namespace {

/* The shapes were chosen by timing several on an H100 (n = 4096 to 16384):
 * the best were within 2 to 3% of each other and of cuBLAS.
 *
 * Trans N: 32 rows a block (16 threads of 16 bytes per column: 512 bytes),
 * 32 teams of columns, 4 columns in flight per thread; 16 rows a block
 * when A allows only 8-byte loads. */
typedef tf::gemv_n<tf::dd_arith, 2, 16, 32, 4> n_pairs;
typedef tf::gemv_n<tf::dd_arith, 1, 16, 16, 8> n_single;
/* Trans T: 2 columns a block, 128 threads down them, 8 pairs of rows in
 * flight per thread and column; 4 columns and 256 threads, 8 single rows in
 * flight, when A allows only 8-byte loads. */
typedef tf::gemv_t<tf::dd_arith, 2, true, 128, 2, 8> t_pairs_x_pairs;
typedef tf::gemv_t<tf::dd_arith, 2, false, 128, 2, 8> t_pairs;
typedef tf::gemv_t<tf::dd_arith, 1, false, 256, 4, 8> t_single;

template <class Body>
__global__ void __launch_bounds__(Body::threads) gemv_kernel(const tf_gemv_args args)
{
	__shared__ typename Body::shared_t shared;
	Body::run(args, shared);
}

template <class Body>
cudaError_t launch(unsigned blocks, const tf_gemv_args &p, cudaStream_t stream)
{
	gemv_kernel<Body><<<blocks, Body::threads, 0, stream>>>(p);
	return cudaGetLastError();
}

/* Blocks of a trans T launch: one per Body::columns columns. */
template <class Body> unsigned blocks_for(int n)
{
	return n / Body::columns + (n % Body::columns != 0);
}

bool aligned16(const void *p)
{
	return ((uintptr_t)p & 15u) == 0;
}

__global__ void scale_vector_kernel(int n, double beta, double *y, int incy)
{
	for (long long i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
		double *yi = y + tf::vector_offset(n, incy, (int)i);
		*yi = beta == 0.0 ? 0.0 : __dmul_rn(beta, *yi);
	}
}

} /* namespace */

extern "C" cudaError_t tf_kernel_gemv_dd(const struct tf_gemv_args *args, cudaStream_t stream)
{
	tf_gemv_args p = *args;
	p.trans = p.trans == 'N' || p.trans == 'n' ? 'N' : 'T';
	const bool pairs = aligned16(p.a) && p.lda % 2 == 0;
	if (p.trans == 'N') {
		if (pairs)
			return launch<n_pairs>(p.m / n_pairs::rows + (p.m % n_pairs::rows != 0), p, stream);
		return launch<n_single>(p.m / n_single::rows + (p.m % n_single::rows != 0), p, stream);
	}
	if (pairs && p.incx == 1 && aligned16(p.x))
		return launch<t_pairs_x_pairs>(blocks_for<t_pairs_x_pairs>(p.n), p, stream);
	if (pairs)
		return launch<t_pairs>(blocks_for<t_pairs>(p.n), p, stream);
	return launch<t_single>(blocks_for<t_single>(p.n), p, stream);
}

extern "C" cudaError_t tf_kernel_scale_vector(int n, double beta, double *y, int incy, cudaStream_t stream)
{
	if (n <= 0 || beta == 1.0)
		return cudaSuccess; /* the reference leaves y as it is */
	const int threads = 256;
	const int needed = n / threads + 1;
	const int blocks = needed < 65536 ? needed : 65536;
	scale_vector_kernel<<<blocks, threads, 0, stream>>>(n, beta, y, incy);
	return cudaGetLastError();
}
