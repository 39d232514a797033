/* The DD AXPY kernels: y(i) = alpha x(i) + y(i) as one fused multiply-add
 * (the exact product plus y, rounded once: the DD result rounded once), and
 * where that is not finite, the reference's y(i) + alpha x(i) with two
 * roundings (reference_gemv.cuh), so that Inf and NaN land where the
 * reference puts them.
 *
 * Unit strides with x and y equally aligned: 16-byte loads, ITEMS pairs a
 * thread, all loaded before any is computed, x and y streamed past the
 * caches (evict-first; 2 to 8 pairs a thread timed within 1% of each other
 * on an H100).  Other strides: one element a thread.  incy = 0
 * (every update goes to y(1), in order): one thread, sequentially. */
#include <stdint.h>
#include "kernels/axpy.h"
#include "kernels/reference_gemv.cuh"
#include "twofold/arith.h"

namespace {

constexpr int THREADS = 256, ITEMS = 2;

__device__ __forceinline__ double axpy_value(double alpha, double x, double y)
{
	double r = TF_DFMA(alpha, x, y);
	return isfinite(r) ? r : tf::reference_axpy_step(alpha, x, y);
}

__device__ __forceinline__ double2 axpy_pair(double alpha, double2 x, double2 y)
{
	return make_double2(axpy_value(alpha, x.x, y.x), axpy_value(alpha, x.y, y.y));
}

/* Unit strides: element 0 alone when y (and so x) is not on 16 bytes, then
 * pairs, then the last element alone when one is left over. */
__global__ void __launch_bounds__(THREADS)
	axpy_pairs_kernel(int n, int head, long long pairs, double alpha, const double *x, double *y)
{
	const double2 *x2 = reinterpret_cast<const double2 *>(x + head);
	double2 *y2 = reinterpret_cast<double2 *>(y + head);
	const long long base = (long long)blockIdx.x * (THREADS * ITEMS) + threadIdx.x;
	if (base + (ITEMS - 1) * THREADS < pairs) {
		double2 xv[ITEMS], yv[ITEMS];
#pragma unroll
		for (int k = 0; k < ITEMS; k++) {
			xv[k] = __ldcs(x2 + base + k * THREADS);
			yv[k] = __ldcs(y2 + base + k * THREADS);
		}
#pragma unroll
		for (int k = 0; k < ITEMS; k++)
			__stcs(y2 + base + k * THREADS, axpy_pair(alpha, xv[k], yv[k]));
	} else {
#pragma unroll
		for (int k = 0; k < ITEMS; k++) {
			const long long e = base + k * THREADS;
			if (e < pairs)
				y2[e] = axpy_pair(alpha, x2[e], y2[e]);
		}
	}
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		if (head)
			y[0] = axpy_value(alpha, x[0], y[0]);
		if ((n - head) % 2)
			y[n - 1] = axpy_value(alpha, x[n - 1], y[n - 1]);
	}
}

__global__ void __launch_bounds__(THREADS)
	axpy_strided_kernel(int n, double alpha, const double *x, int incx, double *y, int incy)
{
	for (long long i = (long long)blockIdx.x * THREADS + threadIdx.x; i < n; i += (long long)gridDim.x * THREADS) {
		const double xi = x[tf::vector_offset(n, incx, (int)i)];
		double *yi = y + tf::vector_offset(n, incy, (int)i);
		*yi = axpy_value(alpha, xi, *yi);
	}
}

/* incy = 0: y(1) takes the n updates in the reference's order. */
__global__ void axpy_one_target_kernel(int n, double alpha, const double *x, int incx, double *y)
{
	double value = *y;
	for (int i = 0; i < n; i++)
		value = axpy_value(alpha, x[tf::vector_offset(n, incx, i)], value);
	*y = value;
}

} /* namespace */

extern "C" cudaError_t tf_kernel_axpy_dd(const struct tf_axpy_args *args, cudaStream_t stream)
{
	const tf_axpy_args p = *args;
	if (p.incy == 0) {
		axpy_one_target_kernel<<<1, 1, 0, stream>>>(p.n, p.alpha, p.x, p.incx, p.y);
	} else if (p.incx == 1 && p.incy == 1 && (((uintptr_t)p.x ^ (uintptr_t)p.y) & 15u) == 0) {
		const int head = ((uintptr_t)p.y & 15u) ? 1 : 0;
		const long long pairs = (p.n - head) / 2;
		const long long per_block = THREADS * ITEMS;
		const unsigned blocks = pairs > 0 ? (unsigned)((pairs + per_block - 1) / per_block) : 1u;
		axpy_pairs_kernel<<<blocks, THREADS, 0, stream>>>(p.n, head, pairs, p.alpha, p.x, p.y);
	} else {
		const int needed = p.n / THREADS + 1;
		const int blocks = needed < (1 << 20) ? needed : (1 << 20);
		axpy_strided_kernel<<<blocks, THREADS, 0, stream>>>(p.n, p.alpha, p.x, p.incx, p.y, p.incy);
	}
	return cudaGetLastError();
}
