/* The MOVE ops on device data (kernels/move.h).  They round once or not at
 * all, so there is nothing to compute in DD: they run here only so that a
 * program whose vectors live in device memory can call them (the CPU BLAS
 * cannot read those), with the reference's results. */
#include "config.h"

#include <string.h>
#include "core/message.h"
#include "gpu/move.h"
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
	cudaStream_t stream = gpu->streams[1];
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
