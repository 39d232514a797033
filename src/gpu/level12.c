/* The Level 1 and Level 2 ops in DD on device data (kernels/level12.h).
 *
 * Only arrays already on the device (or managed) run here: a Level 1 or 2
 * op reads each element once or twice, and would spend more time crossing
 * the bus than the CPU spends computing it.  An op whose result holds a
 * value that is not finite in DD (and that the kernels do not compute as
 * the reference does: the products, solves and reductions) is left as it
 * was and passed to `undone`, which computes it on host copies by the CPU's
 * rule (tf_gpu_mirror_run). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include "core/message.h"
#include "gpu/level12.h"
#include "gpu/transfer.h"
#include "kernels/level12.h"

/* Whether the kernels leave a non-finite result to the caller (and y, for
 * the vector ones, as it was after tf_kernel_level12_restore). */
static int leaves_nonfinite(const struct tf_op *op)
{
	switch (op->kind) {
	case TF_OP_DOT: case TF_OP_NRM2: case TF_OP_ASUM:
	case TF_OP_GEMV: case TF_OP_SYMV: case TF_OP_TRMV: case TF_OP_TRSV:
		return 1;
	default:
		return 0;
	}
}

static int is_rank_update(const struct tf_op *op)
{
	return op->kind == TF_OP_GER || op->kind == TF_OP_SYR || op->kind == TF_OP_SYR2;
}

static int is_reduction(const struct tf_op *op)
{
	return op->kind == TF_OP_DOT || op->kind == TF_OP_NRM2 || op->kind == TF_OP_ASUM;
}

void tf_gpu_level12_op(struct tf_gpu_context *gpu, const struct tf_op *op, tf_gpu_undone *undone,
		       void *context)
{
	const char *routine = tf_routine_name(op->blas);
	cudaStream_t stream = gpu->streams[1];
	/* doubles of the result: two for a complex DOT */
	const int width = op->type == TF_TYPE_Z && op->kind == TF_OP_DOT ? 2 : 1;
	void *scratch = tf_gpu_scratch(gpu, tf_kernel_level12_scratch(op, gpu->multiprocessors));
	cudaError_t status = scratch ? tf_gpu_inject(TF_FAULT_ALLOC) : cudaErrorMemoryAllocation;
	if (status != cudaSuccess) {
		tf_gpu_failed(routine, TF_FAULT_ALLOC, status);
		undone(op, context);
		return;
	}
	/* The reductions write the device's counter in every case and copy it
	 * and their result back into the readback words; the other ops' kernels
	 * set the first readback word itself (mapped), which is zeroed here:
	 * no reset and no copy on the stream, whose few microseconds each a
	 * call that waits for its result pays. */
	volatile unsigned *counter_back = gpu->readback;
	double *result_back = (double *)((char *)gpu->readback + 2 * sizeof(double));
	unsigned nonfinite = 0;
	double result[2] = { 0.0, 0.0 };
	const int reduction = is_reduction(op);
	*counter_back = 0;
	if ((status = tf_gpu_inject(TF_FAULT_LAUNCH)) == cudaSuccess &&
	    (status = tf_kernel_level12(op, scratch, reduction ? gpu->counter : gpu->readback_device,
					gpu->multiprocessors, stream)) == cudaSuccess &&
	    (!reduction ||
	     ((status = cudaMemcpyAsync((void *)counter_back, gpu->counter, sizeof *counter_back,
					cudaMemcpyDeviceToHost, stream)) == cudaSuccess &&
	      (status = cudaMemcpyAsync(result_back, scratch, (size_t)width * sizeof *result,
					cudaMemcpyDeviceToHost, stream)) == cudaSuccess)) &&
	    (status = cudaStreamSynchronize(stream)) == cudaSuccess) {
		nonfinite = *counter_back;
		if (reduction)
			memcpy(result, result_back, (size_t)width * sizeof *result);
	}
	if (status == cudaSuccess && nonfinite && leaves_nonfinite(op) && !reduction &&
	    (status = tf_kernel_level12_restore(op, scratch, stream)) == cudaSuccess)
		status = cudaStreamSynchronize(stream);
	/* the rank updates' elements left to a second pass (range, Inf, NaN) */
	if (status == cudaSuccess && nonfinite && is_rank_update(op) &&
	    (status = tf_kernel_level12_rank_again(op, scratch, stream)) == cudaSuccess)
		status = cudaStreamSynchronize(stream);
	if (status != cudaSuccess) {
		cudaStreamSynchronize(stream);
		cudaGetLastError();
		tf_gpu_failed(routine, TF_FAULT_LAUNCH, status);
		if (!reduction)
			tf_fatal("%s: its output, in device memory, may have been partly written by the "
				 "failed kernel; stopping rather than return a wrong result", routine);
		undone(op, context);
		return;
	}
	if (nonfinite && leaves_nonfinite(op)) {
		undone(op, context);
		return;
	}
	if (reduction &&
	    cudaMemcpy(op->result, result, (size_t)width * sizeof *result, cudaMemcpyDefault) !=
		    cudaSuccess) {
		cudaGetLastError();
		memcpy(op->result, result, (size_t)width * sizeof *result);
	}
}
