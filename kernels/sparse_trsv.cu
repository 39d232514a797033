/* The synchronisation-free triangular solve (kernels/sparse.h).
 *
 * A thread solves one row.  Warps take 32 consecutive slots of the
 * factor's schedule at a time from a global counter until none is left,
 * so that the slots a warp holds come after every slot already handed out:
 * the rows a waiting row reads sit in earlier slots (the schedule is by
 * level), held by warps that are running, and the solve cannot deadlock
 * whatever order the hardware starts blocks in.  The grid is kept small:
 * the rows in flight need only cover a few levels, and fewer threads spin.
 *
 * The value is its own flag: x is filled with a signalling NaN that no
 * arithmetic produces before the solve, a row spins until the values it
 * reads are no longer that NaN, and writes its own value in one store (a
 * DD value as one 16-byte store of its two words, read back in one 16-byte
 * load; a load that sees either word still pending is repeated).  No fence
 * and no separate flag: a dependency costs one trip to L2.  The levels are
 * not synchronised with each other: a row starts as soon as its own inputs
 * are there, which is what beats a solve that waits for each wavefront. */
#include "kernels/sparse_common.cuh"

namespace tf_sparse {

/* A signalling NaN (quiet bit clear, payload nonzero): loads and stores
 * keep it, arithmetic never yields it. */
constexpr unsigned long long PENDING = 0x7ff40000dead0000ull;

static __device__ __forceinline__ bool pending(double v)
{
	return (unsigned long long)__double_as_longlong(v) == PENDING;
}

static __device__ __forceinline__ double load_volatile(const double *p)
{
	double v;
	asm volatile("ld.volatile.global.f64 %0, [%1];" : "=d"(v) : "l"(p) : "memory");
	return v;
}

static __device__ __forceinline__ double2 load_volatile2(const double *p)
{
	double2 v;
	asm volatile("ld.volatile.global.v2.f64 {%0, %1}, [%2];" : "=d"(v.x), "=d"(v.y) : "l"(p) : "memory");
	return v;
}

static __device__ __forceinline__ void store_volatile2(double *p, double hi, double lo)
{
	asm volatile("st.volatile.global.v2.f64 [%0], {%1, %2};" ::"l"(p), "d"(hi), "d"(lo) : "memory");
}

static __device__ __forceinline__ void store_volatile(double *p, double v)
{
	asm volatile("st.volatile.global.f64 [%0], %1;" ::"l"(p), "d"(v) : "memory");
}

/* Row `slot` of the schedule. */
template <bool DD>
static __device__ __forceinline__ void solve_row(const tf_sptrsv_device &t, int slot, const double *b, double *x)
{
	const int row = __ldg(t.order + slot);
	const int start = __ldg(t.row_ptr + slot), end = __ldg(t.row_ptr + slot + 1);
	typename sum<DD>::type acc;
	if constexpr (DD)
		acc = tf_dd_make(__ldg(b + 2 * (size_t)row), __ldg(b + 2 * (size_t)row + 1));
	else
		acc = __ldg(b + row);
	for (int k = start; k < end; k++) {
		const int c = __ldg(t.col_idx + k);
		const double v = -__ldg(t.values + k);
		if constexpr (DD) {
			double2 xc;
			do
				xc = load_volatile2(x + 2 * (size_t)c);
			while (pending(xc.x) || pending(xc.y));
			acc = fma_d_dd(acc, v, tf_dd_make(xc.x, xc.y));
		} else {
			double xc;
			do
				xc = load_volatile(x + c);
			while (pending(xc));
			acc = __fma_rn(v, xc, acc);
		}
	}
	if (t.diag) {
		const double d = __ldg(t.diag + row);
		if constexpr (DD)
			acc = tf_dd_div_d(acc, d);
		else
			acc = acc / d;
	}
	if constexpr (DD)
		store_volatile2(x + 2 * (size_t)row, acc.hi, acc.lo);
	else
		store_volatile(x + row, acc);
}

template <bool DD>
__global__ void __launch_bounds__(BLOCK) sptrsv_kernel(tf_sptrsv_device t, const double *b, double *x)
{
	const unsigned lane = threadIdx.x & 31;
	for (;;) {
		unsigned ticket = 0;
		if (lane == 0)
			ticket = atomicAdd(t.counter, 1u);
		ticket = __shfl_sync(0xffffffffu, ticket, 0);
		const long long first = (long long)ticket * 32;
		if (first >= t.n)
			return;
		if (first + lane < t.n)
			solve_row<DD>(t, (int)(first + lane), b, x);
	}
}

__global__ void __launch_bounds__(BLOCK) fill_pending(size_t count, double *x)
{
	const double p = __longlong_as_double((long long)PENDING);
	for (size_t i = (size_t)blockIdx.x * BLOCK + threadIdx.x; i < count; i += (size_t)gridDim.x * BLOCK)
		x[i] = p;
}

/* Work vector to pairs and back. */
__global__ void __launch_bounds__(BLOCK) to_pairs(int n, tf_work_vector v, double2 *pairs)
{
	for (size_t i = (size_t)blockIdx.x * BLOCK + threadIdx.x; i < (size_t)n; i += (size_t)gridDim.x * BLOCK)
		pairs[i] = make_double2(v.hi[i], v.lo[i]);
}

__global__ void __launch_bounds__(BLOCK) from_pairs(int n, const double2 *pairs, tf_work_vector v)
{
	for (size_t i = (size_t)blockIdx.x * BLOCK + threadIdx.x; i < (size_t)n; i += (size_t)gridDim.x * BLOCK) {
		double2 p = pairs[i];
		v.hi[i] = p.x;
		v.lo[i] = p.y;
	}
}

} // namespace tf_sparse

using namespace tf_sparse;

extern "C" int tf_kernel_sptrsv_warps(const struct tf_sptrsv_device *t)
{
	const long long all = ((long long)t->n + 31) / 32;
	const long long level = t->levels > 0 ? ((long long)t->n + t->levels - 1) / t->levels : t->n;
	long long warps = (4 * level + 31) / 32;
	if (warps < 512)
		warps = 512;
	return (int)(warps < all ? warps : all);
}

extern "C" cudaError_t tf_kernel_sptrsv(const struct tf_sptrsv_device *t, int warps, int dd, const double *b,
					double *x, cudaStream_t stream)
{
	if (t->n <= 0)
		return cudaSuccess;
	cudaError_t status = cudaMemsetAsync(t->counter, 0, sizeof *t->counter, stream);
	if (status != cudaSuccess)
		return status;
	fill_pending<<<reduce_blocks((long long)t->n * (dd ? 2 : 1)), BLOCK, 0, stream>>>((size_t)t->n * (dd ? 2 : 1), x);
	if ((status = cudaGetLastError()) != cudaSuccess)
		return status;
	if (warps <= 0)
		warps = tf_kernel_sptrsv_warps(t);
	const long long blocks = ((long long)warps * 32 + BLOCK - 1) / BLOCK;
	if (dd)
		sptrsv_kernel<true><<<(unsigned)blocks, BLOCK, 0, stream>>>(*t, b, x);
	else
		sptrsv_kernel<false><<<(unsigned)blocks, BLOCK, 0, stream>>>(*t, b, x);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_work_to_pairs(int n, struct tf_work_vector v, double *pairs, cudaStream_t stream)
{
	to_pairs<<<reduce_blocks(n), BLOCK, 0, stream>>>(n, v, reinterpret_cast<double2 *>(pairs));
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_work_from_pairs(int n, const double *pairs, struct tf_work_vector v,
						 cudaStream_t stream)
{
	from_pairs<<<reduce_blocks(n), BLOCK, 0, stream>>>(n, reinterpret_cast<const double2 *>(pairs), v);
	return cudaGetLastError();
}
