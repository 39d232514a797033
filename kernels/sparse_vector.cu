/* The Krylov engine's vector operations on work vectors (kernels/sparse.h):
 * in DD when the vectors have lo words, else in double.  Elements are
 * handed out grid-stride from a grid of at most TF_SPARSE_PARTIALS blocks;
 * the reductions leave one partial a block and sum_partials adds them. */
#include "kernels/sparse_common.cuh"

namespace tf_sparse {

static __device__ __forceinline__ tf_dd load(const tf_work_vector &v, size_t i)
{
	return tf_dd_make(v.hi[i], v.lo[i]);
}

static __device__ __forceinline__ void store(const tf_work_vector &v, size_t i, tf_dd a)
{
	v.hi[i] = a.hi;
	v.lo[i] = a.lo;
}

template <bool DD>
__global__ void __launch_bounds__(1024) sum_partials_kernel(const tf_dd *partials, int count, tf_dd *result)
{
	typedef sum<DD> S;
	typename S::type value = S::zero();
	for (int i = threadIdx.x; i < count; i += 1024)
		value = S::add(value, S::from_dd(partials[i]));
	value = block_sum<DD, 1024>(value);
	if (threadIdx.x == 0)
		*result = S::to_dd(value);
}

cudaError_t sum_partials(bool dd, const tf_dd *partials, int count, tf_dd *result, cudaStream_t stream)
{
	if (dd)
		sum_partials_kernel<true><<<1, 1024, 0, stream>>>(partials, count, result);
	else
		sum_partials_kernel<false><<<1, 1024, 0, stream>>>(partials, count, result);
	return cudaGetLastError();
}

#define FOR_ELEMENTS(i, n) \
	for (size_t i = (size_t)blockIdx.x * BLOCK + threadIdx.x; i < (size_t)(n); i += (size_t)gridDim.x * BLOCK)

template <bool DD>
__global__ void __launch_bounds__(BLOCK) dot_kernel(int n, tf_work_vector u, tf_work_vector v, tf_dd *partials)
{
	typename sum<DD>::type acc = sum<DD>::zero();
	FOR_ELEMENTS(i, n) {
		if constexpr (DD)
			acc = tf_dd_add(acc, tf_dd_mul(load(u, i), load(v, i)));
		else
			acc = __fma_rn(u.hi[i], v.hi[i], acc);
	}
	store_partial<DD>(acc, partials);
}

template <bool DD>
__global__ void __launch_bounds__(BLOCK) axpby_kernel(int n, tf_work_vector y, tf_dd alpha, tf_work_vector x,
						      tf_dd beta, int read_y)
{
	FOR_ELEMENTS(i, n) {
		if constexpr (DD) {
			tf_dd r = tf_dd_mul(alpha, load(x, i));
			if (read_y)
				r = tf_dd_add(r, tf_dd_mul(beta, load(y, i)));
			store(y, i, r);
		} else {
			double r = alpha.hi * x.hi[i];
			if (read_y)
				r = __fma_rn(beta.hi, y.hi[i], r);
			y.hi[i] = r;
		}
	}
}

template <bool DD>
__global__ void __launch_bounds__(BLOCK) cg_update_kernel(int n, tf_work_vector x, tf_work_vector p,
							  tf_work_vector r, tf_work_vector q, tf_dd alpha,
							  tf_dd *partials)
{
	typename sum<DD>::type acc = sum<DD>::zero();
	const tf_dd minus_alpha = tf_dd_make(-alpha.hi, -alpha.lo);
	FOR_ELEMENTS(i, n) {
		if constexpr (DD) {
			store(x, i, tf_dd_add(load(x, i), tf_dd_mul(alpha, load(p, i))));
			tf_dd ri = tf_dd_add(load(r, i), tf_dd_mul(minus_alpha, load(q, i)));
			store(r, i, ri);
			acc = tf_dd_add(acc, tf_dd_mul(ri, ri));
		} else {
			x.hi[i] = __fma_rn(alpha.hi, p.hi[i], x.hi[i]);
			double ri = __fma_rn(-alpha.hi, q.hi[i], r.hi[i]);
			r.hi[i] = ri;
			acc = __fma_rn(ri, ri, acc);
		}
	}
	store_partial<DD>(acc, partials);
}

__global__ void __launch_bounds__(BLOCK) copy_kernel(int n, tf_work_vector dst, tf_work_vector src)
{
	FOR_ELEMENTS(i, n) {
		dst.hi[i] = src.hi[i];
		if (dst.lo)
			dst.lo[i] = src.lo[i];
	}
}

/* A caller's vector in or out: double[n], or tf_dd[n] (two words an
 * element) when the work vector has lo words. */
__global__ void __launch_bounds__(BLOCK) import_kernel(int n, tf_work_vector dst, const double *src)
{
	FOR_ELEMENTS(i, n) {
		if (dst.lo) {
			dst.hi[i] = src[2 * i];
			dst.lo[i] = src[2 * i + 1];
		} else
			dst.hi[i] = src[i];
	}
}

__global__ void __launch_bounds__(BLOCK) export_kernel(int n, double *dst, tf_work_vector src)
{
	FOR_ELEMENTS(i, n) {
		if (src.lo) {
			dst[2 * i] = src.hi[i];
			dst[2 * i + 1] = src.lo[i];
		} else
			dst[i] = src.hi[i];
	}
}

} // namespace tf_sparse

using namespace tf_sparse;

extern "C" cudaError_t tf_kernel_work_dot(int n, struct tf_work_vector u, struct tf_work_vector v,
					  tf_dd *partials, tf_dd *dot, cudaStream_t stream)
{
	const int blocks = reduce_blocks(n);
	const bool dd = u.lo != NULL;
	if (dd)
		dot_kernel<true><<<blocks, BLOCK, 0, stream>>>(n, u, v, partials);
	else
		dot_kernel<false><<<blocks, BLOCK, 0, stream>>>(n, u, v, partials);
	cudaError_t status = cudaGetLastError();
	if (status != cudaSuccess)
		return status;
	return sum_partials(dd, partials, blocks, dot, stream);
}

extern "C" cudaError_t tf_kernel_work_axpby(int n, struct tf_work_vector y, tf_dd alpha,
					    struct tf_work_vector x, tf_dd beta, cudaStream_t stream)
{
	const int read_y = !(beta.hi == 0.0 && beta.lo == 0.0);
	if (y.lo)
		axpby_kernel<true><<<reduce_blocks(n), BLOCK, 0, stream>>>(n, y, alpha, x, beta, read_y);
	else
		axpby_kernel<false><<<reduce_blocks(n), BLOCK, 0, stream>>>(n, y, alpha, x, beta, read_y);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_work_cg_update(int n, struct tf_work_vector x, struct tf_work_vector p,
						struct tf_work_vector r, struct tf_work_vector q,
						tf_dd alpha, tf_dd *partials, tf_dd *rr,
						cudaStream_t stream)
{
	const int blocks = reduce_blocks(n);
	const bool dd = x.lo != NULL;
	if (dd)
		cg_update_kernel<true><<<blocks, BLOCK, 0, stream>>>(n, x, p, r, q, alpha, partials);
	else
		cg_update_kernel<false><<<blocks, BLOCK, 0, stream>>>(n, x, p, r, q, alpha, partials);
	cudaError_t status = cudaGetLastError();
	if (status != cudaSuccess)
		return status;
	return sum_partials(dd, partials, blocks, rr, stream);
}

extern "C" cudaError_t tf_kernel_work_copy(int n, struct tf_work_vector dst, struct tf_work_vector src,
					   cudaStream_t stream)
{
	copy_kernel<<<reduce_blocks(n), BLOCK, 0, stream>>>(n, dst, src);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_work_import(int n, struct tf_work_vector dst, const void *src,
					     cudaStream_t stream)
{
	import_kernel<<<reduce_blocks(n), BLOCK, 0, stream>>>(n, dst, static_cast<const double *>(src));
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_work_export(int n, void *dst, struct tf_work_vector src, cudaStream_t stream)
{
	export_kernel<<<reduce_blocks(n), BLOCK, 0, stream>>>(n, static_cast<double *>(dst), src);
	return cudaGetLastError();
}
