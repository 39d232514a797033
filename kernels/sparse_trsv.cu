/* The synchronisation-free triangular solve (kernels/sparse.h).
 *
 * A thread solves one row.  Warps take 32 consecutive slots of the
 * factor's schedule at a time from a global counter, so that the slots a
 * warp holds come after every slot already handed out: the rows a waiting
 * row depends on sit in earlier slots (the schedule is by level), held by
 * warps that are running, and the solve cannot deadlock whatever order the
 * hardware starts blocks in.  A row spins on the flags of the rows it
 * reads (relaxed loads, then one acquire fence: the values written before
 * the flags' release are then visible), computes, writes its value and
 * raises its own flag.  The
 * levels are not synchronised with each other: a row starts as soon as its
 * own inputs are there, which is what beats a solve that waits for each
 * whole wavefront. */
#include <cuda/atomic>
#include "kernels/sparse_common.cuh"

namespace tf_sparse {

/* Row `slot` of the schedule: waits for the rows it reads (relaxed loads of
 * their flags, then one acquire fence for all of them), computes, writes
 * its value and releases its flag. */
template <bool DD>
static __device__ __forceinline__ void solve_row(const tf_sptrsv_device &t, int generation, int slot,
						 const tf_work_vector &b, const tf_work_vector &x)
{
	const int row = __ldg(t.order + slot);
	const int start = __ldg(t.row_ptr + slot), end = __ldg(t.row_ptr + slot + 1);
	for (int k = start; k < end; k++) {
		cuda::atomic_ref<int, cuda::thread_scope_device> flag(t.flags[__ldg(t.col_idx + k)]);
		while (flag.load(cuda::memory_order_relaxed) != generation)
			;
	}
	cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
	typename sum<DD>::type acc;
	if constexpr (DD)
		acc = tf_dd_make(__ldg(b.hi + row), __ldg(b.lo + row));
	else
		acc = __ldg(b.hi + row);
	for (int k = start; k < end; k++) {
		const int c = __ldg(t.col_idx + k);
		const double v = -__ldg(t.values + k);
		if constexpr (DD)
			acc = fma_d_dd(acc, v, tf_dd_make(x.hi[c], x.lo[c]));
		else
			acc = __fma_rn(v, x.hi[c], acc);
	}
	if (t.diag) {
		const double d = __ldg(t.diag + row);
		if constexpr (DD)
			acc = tf_dd_div_d(acc, d);
		else
			acc = acc / d;
	}
	if constexpr (DD) {
		x.hi[row] = acc.hi;
		x.lo[row] = acc.lo;
	} else
		x.hi[row] = acc;
	cuda::atomic_ref<int, cuda::thread_scope_device> flag(t.flags[row]);
	flag.store(generation, cuda::memory_order_release);
}

/* A thread a row; each warp takes 32 slots at a time until none is left.
 * The grid is kept small (`warps` warps in all) so that few threads spin
 * at once: the window of rows in flight need only cover a few levels. */
template <bool DD>
__global__ void __launch_bounds__(BLOCK) sptrsv_kernel(tf_sptrsv_device t, int generation, tf_work_vector b,
						       tf_work_vector x)
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
			solve_row<DD>(t, generation, (int)(first + lane), b, x);
	}
}

} // namespace tf_sparse

using namespace tf_sparse;

extern "C" int tf_kernel_sptrsv_warps(const struct tf_sptrsv_device *t)
{
	const long long all = ((long long)t->n + 31) / 32;
	const long long level = t->levels > 0 ? ((long long)t->n + t->levels - 1) / t->levels : t->n;
	long long warps = (4 * level + 31) / 32;
	if (warps < 64)
		warps = 64;
	return (int)(warps < all ? warps : all);
}

extern "C" cudaError_t tf_kernel_sptrsv(const struct tf_sptrsv_device *t, int generation, int warps,
					struct tf_work_vector b, struct tf_work_vector x, cudaStream_t stream)
{
	if (t->n <= 0)
		return cudaSuccess;
	cudaError_t status = cudaMemsetAsync(t->counter, 0, sizeof *t->counter, stream);
	if (status != cudaSuccess)
		return status;
	if (warps <= 0)
		warps = tf_kernel_sptrsv_warps(t);
	const long long blocks = ((long long)warps * 32 + BLOCK - 1) / BLOCK;
	if (x.lo)
		sptrsv_kernel<true><<<(unsigned)blocks, BLOCK, 0, stream>>>(*t, generation, b, x);
	else
		sptrsv_kernel<false><<<(unsigned)blocks, BLOCK, 0, stream>>>(*t, generation, b, x);
	return cudaGetLastError();
}
