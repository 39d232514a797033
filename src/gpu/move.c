/* The MOVE ops on device data (kernels/move.h).  They round once or not at
 * all, so there is nothing to compute in DD: they run here only so that a
 * program whose vectors live in device memory can call them (the CPU BLAS
 * cannot read those), with the reference's results. */
#include "config.h"

#include <string.h>
#include "core/message.h"
#include "gpu/move.h"
#include "gpu/transfer.h"
#include "kernels/move.h"

void tf_gpu_move_op(struct tf_gpu_context *gpu, const struct tf_op *op, tf_gpu_undone *undone,
		    void *context)
{
	const char *routine = tf_routine_name(op->blas);
	if (!tf_kernel_move_takes(op)) {
		undone(op, context);
		return;
	}
	const int iamax = op->y == NULL;
	/* The legacy default stream: the kernels run after the caller's work
	 * there and on per-thread default streams (a cudaMemcpy from pageable
	 * memory may still be writing the vector when it returns). */
	cudaStream_t stream = cudaStreamLegacy;
	size_t bytes = tf_kernel_move_scratch(op, gpu->multiprocessors);
	void *scratch = bytes ? tf_gpu_scratch(gpu, bytes) : NULL;
	cudaError_t status = !bytes || scratch ? tf_gpu_inject(TF_FAULT_ALLOC) : cudaErrorMemoryAllocation;
	if (status != cudaSuccess) {
		tf_gpu_failed(routine, TF_FAULT_ALLOC, status);
		undone(op, context);
		return;
	}
	int index = 0;
	if ((status = tf_gpu_inject(TF_FAULT_LAUNCH)) == cudaSuccess &&
	    (status = tf_kernel_move(op, scratch, gpu->multiprocessors, stream)) == cudaSuccess &&
	    (!iamax || (status = cudaMemcpyAsync(&index, scratch, sizeof index, cudaMemcpyDeviceToHost,
						 stream)) == cudaSuccess))
		status = cudaStreamSynchronize(stream);
	if (status != cudaSuccess) {
		cudaStreamSynchronize(stream);
		cudaGetLastError();
		tf_gpu_failed(routine, TF_FAULT_LAUNCH, status);
		if (!iamax)
			tf_fatal("%s: its output, in device memory, may have been partly written by the "
				 "failed kernel; stopping rather than return a wrong result", routine);
		undone(op, context);
		return;
	}
	if (iamax && cudaMemcpy(op->result, &index, sizeof index, cudaMemcpyDefault) != cudaSuccess) {
		cudaGetLastError();
		memcpy(op->result, &index, sizeof index);
	}
}

const double *tf_gpu_host_readable(const double *p, double *copy, size_t count)
{
	if (!tf_gpu_usable() || tf_gpu_place_of(p) != TF_PLACE_DEVICE)
		return p;
	if (cudaMemcpy(copy, p, count * sizeof *copy, cudaMemcpyDeviceToHost) != cudaSuccess)
		tf_fatal("could not copy an argument array from device memory");
	return copy;
}

double *tf_gpu_conj_copy(const double *v, int n, int inc)
{
	if (n <= 0 || !tf_gpu_usable() || tf_gpu_place_of(v) != TF_PLACE_DEVICE)
		return NULL;
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	double *copy = NULL;
	cudaError_t status = gpu ? cudaMalloc((void **)&copy, 2 * sizeof *copy * (size_t)n)
				 : cudaErrorNoDevice;
	if (status == cudaSuccess &&
	    (status = tf_kernel_conj_copy(n, v, inc, copy, cudaStreamLegacy)) == cudaSuccess)
		status = cudaStreamSynchronize(cudaStreamLegacy); /* after the caller's work */
	if (gpu)
		tf_gpu_release(gpu);
	if (status != cudaSuccess)
		tf_fatal("could not make the conjugate of a device vector (%s)", cudaGetErrorString(status));
	return copy;
}

int tf_gpu_conj_in_place(double *v, int n, int inc)
{
	if (n <= 0 || !tf_gpu_usable() || tf_gpu_place_of(v) != TF_PLACE_DEVICE)
		return 0;
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	cudaError_t status = gpu ? tf_kernel_conj_in_place(n, v, inc, cudaStreamLegacy)
				 : cudaErrorNoDevice;
	if (status == cudaSuccess) /* ordered with the caller's work, and done on return */
		status = cudaStreamSynchronize(cudaStreamLegacy);
	if (gpu)
		tf_gpu_release(gpu);
	if (status != cudaSuccess)
		tf_fatal("could not conjugate a device vector (%s)", cudaGetErrorString(status));
	return 1;
}

int tf_gpu_free_copy(double *copy)
{
	if (!tf_gpu_usable() || tf_gpu_place_of(copy) != TF_PLACE_DEVICE)
		return 0;
	cudaFree(copy);
	return 1;
}
