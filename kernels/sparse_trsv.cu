/* The synchronisation-free triangular solve (kernels/sparse.h).
 *
 * A thread solves one row.  Warps take 32 consecutive slots of the
 * factor's schedule at a time from a global counter, so that the slots a
 * warp holds come after every slot already handed out: the rows a waiting
 * row depends on sit in earlier slots (the schedule is by level), held by
 * warps that are running, and the solve cannot deadlock whatever order the
 * hardware starts blocks in.  A row spins on the flags of the rows it
 * reads (an acquire load: the value written before the flag's release is
 * then visible), computes, writes its value and raises its own flag.  The
 * levels are not synchronised with each other: a row starts as soon as its
 * own inputs are there, which is what beats a solve that waits for each
 * whole wavefront. */
#include <cuda/atomic>
#include "kernels/sparse_common.cuh"

namespace tf_sparse {

template <bool DD>
__global__ void __launch_bounds__(BLOCK) sptrsv_kernel(tf_sptrsv_device t, int generation, tf_work_vector b,
						       tf_work_vector x)
{
	const unsigned lane = threadIdx.x & 31;
	unsigned ticket = 0;
	if (lane == 0)
		ticket = atomicAdd(t.counter, 1u);
	ticket = __shfl_sync(0xffffffffu, ticket, 0);
	const long long slot = (long long)ticket * 32 + lane;
	if (slot >= t.n)
		return;
	const int row = __ldg(t.order + slot);
	const int start = __ldg(t.row_ptr + slot), end = __ldg(t.row_ptr + slot + 1);
	typename sum<DD>::type acc;
	if constexpr (DD)
		acc = tf_dd_make(__ldg(b.hi + row), __ldg(b.lo + row));
	else
		acc = __ldg(b.hi + row);
	for (int k = start; k < end; k++) {
		const int c = __ldg(t.col_idx + k);
		const double v = -__ldg(t.values + k);
		cuda::atomic_ref<int, cuda::thread_scope_device> flag(t.flags[c]);
		while (flag.load(cuda::memory_order_acquire) != generation)
			;
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

} // namespace tf_sparse

using namespace tf_sparse;

extern "C" cudaError_t tf_kernel_sptrsv(const struct tf_sptrsv_device *t, int generation,
					struct tf_work_vector b, struct tf_work_vector x, cudaStream_t stream)
{
	if (t->n <= 0)
		return cudaSuccess;
	cudaError_t status = cudaMemsetAsync(t->counter, 0, sizeof *t->counter, stream);
	if (status != cudaSuccess)
		return status;
	const long long blocks = ((long long)t->n + BLOCK - 1) / BLOCK;
	if (x.lo)
		sptrsv_kernel<true><<<(unsigned)blocks, BLOCK, 0, stream>>>(*t, generation, b, x);
	else
		sptrsv_kernel<false><<<(unsigned)blocks, BLOCK, 0, stream>>>(*t, generation, b, x);
	return cudaGetLastError();
}
