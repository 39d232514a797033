#include <climits>
#include "kernels/move.h"

namespace {

constexpr int threads = 256;

/* Doubles from the first stored element to element i of n at stride inc
 * (from the end when inc < 0, as the reference counts), w doubles each. */
template <int W>
__device__ __forceinline__ size_t offset(long i, int n, int inc)
{
	return (inc >= 0 ? (size_t)i * (size_t)inc : (size_t)(n - 1 - i) * (size_t)-inc) * W;
}

/* y = alpha y, both parts of a complex element (zdscal multiplies each
 * part by alpha, as LAPACK 3.10's and later reference does). */
template <int W>
__global__ void scal_kernel(int n, double alpha, double *y, int inc)
{
	for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n;
	     i += (long)gridDim.x * blockDim.x) {
		double *e = y + offset<W>(i, n, inc);
		for (int k = 0; k < W; k++)
			e[k] = __dmul_rn(alpha, e[k]);
	}
}

template <int W>
__global__ void copy_kernel(int n, const double *x, int incx, double *y, int incy)
{
	for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n;
	     i += (long)gridDim.x * blockDim.x) {
		const double *from = x + offset<W>(i, n, incx);
		double *to = y + offset<W>(i, n, incy);
		for (int k = 0; k < W; k++)
			to[k] = from[k];
	}
}

template <int W>
__global__ void swap_kernel(int n, double *x, int incx, double *y, int incy)
{
	for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n;
	     i += (long)gridDim.x * blockDim.x) {
		double *a = x + offset<W>(i, n, incx), *b = y + offset<W>(i, n, incy);
		for (int k = 0; k < W; k++) {
			double t = a[k];
			a[k] = b[k];
			b[k] = t;
		}
	}
}

__global__ void conj_copy_kernel(int n, const double *v, int inc, double *copy)
{
	for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n;
	     i += (long)gridDim.x * blockDim.x) {
		const double *e = v + offset<2>(i, n, inc);
		copy[2 * i] = e[0];
		copy[2 * i + 1] = -e[1];
	}
}

/* inc = 0 names one element: the caller makes n 1 */
__global__ void conj_in_place_kernel(int n, double *v, int inc)
{
	for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n;
	     i += (long)gridDim.x * blockDim.x) {
		double *e = v + offset<2>(i, n, inc);
		e[1] = -e[1];
	}
}

/* A candidate for iamax: its magnitude (-1 for NaN, which never wins) and
 * its 0-based position; the larger magnitude wins, then the first. */
struct candidate {
	double v;
	int i;
};

__device__ __forceinline__ candidate better(candidate a, candidate b)
{
	return b.v > a.v || (b.v == a.v && b.i < a.i) ? b : a;
}

/* |x_i|, or the reference's dcabs1 |re| + |im| rounded once; -1 for NaN. */
template <int W>
__device__ __forceinline__ double magnitude(const double *e)
{
	double v = W == 1 ? fabs(e[0]) : __dadd_rn(fabs(e[0]), fabs(e[1]));
	return v != v ? -1.0 : v;
}

__device__ candidate block_best(candidate c)
{
	__shared__ double vs[threads];
	__shared__ int is[threads];
	vs[threadIdx.x] = c.v;
	is[threadIdx.x] = c.i;
	__syncthreads();
	for (int s = threads / 2; s > 0; s /= 2) {
		if ((int)threadIdx.x < s) {
			candidate a = { vs[threadIdx.x], is[threadIdx.x] };
			candidate b = { vs[threadIdx.x + s], is[threadIdx.x + s] };
			candidate w = better(a, b);
			vs[threadIdx.x] = w.v;
			is[threadIdx.x] = w.i;
		}
		__syncthreads();
	}
	candidate best = { vs[0], is[0] };
	return best;
}

/* Each block's best of its grid-stride share, into vs[block], is[block]. */
template <int W>
__global__ void iamax_blocks(int n, const double *x, int inc, double *vs, int *is)
{
	candidate c = { -2.0, INT_MAX };
	for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n;
	     i += (long)gridDim.x * blockDim.x) {
		candidate e = { magnitude<W>(x + (size_t)i * (size_t)inc * W), (int)i };
		c = better(c, e); /* i increases: a tie keeps the earlier */
	}
	candidate best = block_best(c);
	if (threadIdx.x == 0) {
		vs[blockIdx.x] = best.v;
		is[blockIdx.x] = best.i;
	}
}

/* The blocks' best; the answer 1-based, 1 when x_1 is NaN (the
 * reference's first largest starts there and nothing passes it). */
template <int W>
__global__ void iamax_finish(int blocks, const double *x, const double *vs, const int *is,
			     int *answer)
{
	candidate c = { -2.0, INT_MAX };
	for (int b = threadIdx.x; b < blocks; b += blockDim.x) {
		candidate e = { vs[b], is[b] };
		c = better(c, e);
	}
	candidate best = block_best(c);
	if (threadIdx.x == 0)
		*answer = magnitude<W>(x) < 0.0 ? 1 : best.i + 1;
}

int blocks_for(long n, int multiprocessors)
{
	long blocks = (n + threads - 1) / threads, most = 8L * multiprocessors;
	return (int)(blocks < 1 ? 1 : blocks < most ? blocks : most);
}

template <int W>
cudaError_t launch(const struct tf_op *op, void *scratch, int multiprocessors, cudaStream_t stream)
{
	const int n = op->n, grid = blocks_for(n, multiprocessors);
	double *x = (double *)op->x;
	switch (op->blas) {
	case TF_R_dscal_: case TF_R_zdscal_:
		scal_kernel<W><<<grid, threads, 0, stream>>>(n, op->alpha, op->y, op->incy);
		break;
	case TF_R_dcopy_: case TF_R_zcopy_:
		if (op->incy == 0) /* y_1 is written n times: the last x stays */
			copy_kernel<W><<<1, 1, 0, stream>>>(1, x + (op->incx >= 0 ? (size_t)(n - 1) * (size_t)op->incx * W : 0),
							    0, op->y, 0);
		else
			copy_kernel<W><<<grid, threads, 0, stream>>>(n, x, op->incx, op->y, op->incy);
		break;
	case TF_R_dswap_: case TF_R_zswap_:
		swap_kernel<W><<<grid, threads, 0, stream>>>(n, x, op->incx, op->y, op->incy);
		break;
	default: { /* idamax_, izamax_ */
		int *answer = (int *)scratch;
		double *vs = (double *)scratch + 1;
		int *is = (int *)(vs + grid);
		iamax_blocks<W><<<grid, threads, 0, stream>>>(n, x, op->incx, vs, is);
		iamax_finish<W><<<1, threads, 0, stream>>>(grid, x, vs, is, answer);
		break;
	}
	}
	return cudaGetLastError();
}

} /* namespace */

extern "C" int tf_kernel_move_takes(const struct tf_op *op)
{
	if (op->n <= 0)
		return 0;
	switch (op->blas) {
	case TF_R_dscal_: case TF_R_zdscal_: return op->incy > 0;
	case TF_R_dcopy_: case TF_R_zcopy_: return 1;
	case TF_R_dswap_: case TF_R_zswap_: return op->incx != 0 && op->incy != 0;
	case TF_R_idamax_: case TF_R_izamax_: return op->incx > 0;
	default: return 0;
	}
}

extern "C" size_t tf_kernel_move_scratch(const struct tf_op *op, int multiprocessors)
{
	if (op->y) /* not iamax */
		return 0;
	size_t blocks = (size_t)blocks_for(op->n, multiprocessors);
	return sizeof(double) + blocks * (sizeof(double) + sizeof(int));
}

extern "C" cudaError_t tf_kernel_move(const struct tf_op *op, void *scratch, int multiprocessors,
				      cudaStream_t stream)
{
	return op->type == TF_TYPE_Z ? launch<2>(op, scratch, multiprocessors, stream)
				     : launch<1>(op, scratch, multiprocessors, stream);
}

extern "C" cudaError_t tf_kernel_conj_in_place(int n, double *v, int inc, cudaStream_t stream)
{
	if (inc == 0)
		n = n > 0 ? 1 : 0;
	if (n > 0)
		conj_in_place_kernel<<<blocks_for(n, 132), threads, 0, stream>>>(n, v, inc);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_conj_copy(int n, const double *v, int inc, double *copy,
					   cudaStream_t stream)
{
	conj_copy_kernel<<<blocks_for(n, 132), threads, 0, stream>>>(n, v, inc, copy);
	return cudaGetLastError();
}
