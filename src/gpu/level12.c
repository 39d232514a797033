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

/* ---- the op on host copies of its arrays */

/* Doubles from an array's first element to its last, for n elements at
 * stride inc (elements of width doubles). */
static size_t vector_doubles(int n, int inc, int width)
{
	if (n <= 0)
		return 0;
	size_t step = (size_t)(inc < 0 ? -inc : inc);
	return (1 + (size_t)(n - 1) * step) * (size_t)width;
}

/* A matrix of cols columns whose last column's used rows end at `last`. */
static size_t matrix_doubles(int ld, int cols, int last, int width)
{
	if (cols <= 0)
		return 0;
	return ((size_t)ld * (size_t)(cols - 1) + (size_t)last) * (size_t)width;
}

static size_t triangle_doubles(const struct tf_op *op, int ld, int width)
{
	if (op->storage == TF_STORAGE_PACKED)
		return (size_t)op->n * (size_t)(op->n + 1) / 2 * (size_t)width;
	int last = op->storage == TF_STORAGE_BAND ? op->k + 1 : op->n;
	return matrix_doubles(ld, op->n, last, width);
}

struct mirror_array {
	const void *device;
	void *host;
	size_t bytes;
	int output;
};

static void *host_copy_bytes(struct mirror_array *m, const void *device, size_t bytes, int output)
{
	m->device = device;
	m->bytes = bytes;
	m->output = output;
	m->host = malloc(m->bytes ? m->bytes : sizeof(double));
	if (!m->host)
		tf_fatal("out of memory for a host copy of a device array");
	if (m->bytes && cudaMemcpy(m->host, device, m->bytes, cudaMemcpyDefault) != cudaSuccess)
		tf_fatal("could not copy a device array to the host");
	return m->host;
}

static void *host_copy(struct mirror_array *m, const void *device, size_t doubles, int output)
{
	return host_copy_bytes(m, device, doubles * sizeof(double), output);
}

int tf_gpu_mirror_run(const struct tf_op *op, void (*run)(const struct tf_op *op))
{
	const int w = op->type == TF_TYPE_Z ? 2 : 1;
	struct tf_op h = *op;
	struct mirror_array arrays[4];
	int count = 0;
	int lenx = op->n, leny = op->n;
	if (op->kind == TF_OP_GEMV) {
		lenx = op->transa == 'N' ? op->n : op->m;
		leny = op->transa == 'N' ? op->m : op->n;
	} else if (op->kind == TF_OP_GER) {
		lenx = op->m;
	}
	double result[2] = { 0.0, 0.0 };
	int index = 0;
	switch (op->kind) {
	case TF_OP_DOT:
		if (op->type == TF_TYPE_S) { /* float vectors */
			h.x = host_copy_bytes(&arrays[count++], op->x,
					      vector_doubles(op->n, op->incx, 1) * sizeof(float), 0);
			h.y = host_copy_bytes(&arrays[count++], op->y,
					      vector_doubles(op->n, op->incy, 1) * sizeof(float), 0);
			h.result = result;
			break;
		}
		/* fall through */
	case TF_OP_NRM2: case TF_OP_ASUM:
		h.x = host_copy(&arrays[count++], op->x, vector_doubles(op->n, op->incx, w), 0);
		if (op->kind == TF_OP_DOT)
			h.y = host_copy(&arrays[count++], op->y, vector_doubles(op->n, op->incy, w), 0);
		h.result = result;
		break;
	case TF_OP_ROT: case TF_OP_ROTM: case TF_OP_AXPY:
		h.x = host_copy(&arrays[count++], op->x, vector_doubles(op->n, op->incx, w),
				op->kind != TF_OP_AXPY);
		h.y = host_copy(&arrays[count++], op->y, vector_doubles(op->n, op->incy, w), 1);
		break;
	case TF_OP_SCAL:
		h.y = host_copy(&arrays[count++], op->y, vector_doubles(op->n, op->incy, w), 1);
		break;
	case TF_OP_MOVE: /* scal: y; iamax: x and the index; copy, swap: x and y */
		if (!tf_op_move_scales(op))
			h.x = host_copy(&arrays[count++], op->x, vector_doubles(op->n, op->incx, w),
					op->y != NULL && op->blas != TF_R_dcopy_ && op->blas != TF_R_zcopy_);
		if (op->y)
			h.y = host_copy(&arrays[count++], op->y, vector_doubles(op->n, op->incy, w), 1);
		else
			h.result = &index;
		break;
	case TF_OP_GEMV:
		h.a = host_copy(&arrays[count++], op->a,
				matrix_doubles(op->lda, op->n,
					       op->storage == TF_STORAGE_BAND ? op->kl + op->ku + 1 : op->m, w),
				0);
		h.x = host_copy(&arrays[count++], op->x, vector_doubles(lenx, op->incx, w), 0);
		h.y = host_copy(&arrays[count++], op->y, vector_doubles(leny, op->incy, w), 1);
		break;
	case TF_OP_SYMV:
		h.a = host_copy(&arrays[count++], op->a, triangle_doubles(op, op->lda, w), 0);
		h.x = host_copy(&arrays[count++], op->x, vector_doubles(op->n, op->incx, w), 0);
		h.y = host_copy(&arrays[count++], op->y, vector_doubles(op->n, op->incy, w), 1);
		break;
	case TF_OP_TRMV: case TF_OP_TRSV:
		h.a = host_copy(&arrays[count++], op->a, triangle_doubles(op, op->lda, w), 0);
		h.y = host_copy(&arrays[count++], op->y, vector_doubles(op->n, op->incy, w), 1);
		break;
	case TF_OP_GER: case TF_OP_SYR: case TF_OP_SYR2:
		h.x = host_copy(&arrays[count++], op->x, vector_doubles(lenx, op->incx, w), 0);
		if (op->kind != TF_OP_SYR)
			h.y = host_copy(&arrays[count++], op->y, vector_doubles(op->n, op->incy, w), 0);
		h.c = host_copy(&arrays[count++], op->c,
				op->kind == TF_OP_GER ? matrix_doubles(op->ldc, op->n, op->m, w)
						      : triangle_doubles(op, op->ldc, w),
				1);
		break;
	default:
		return -1;
	}
	run(&h);
	for (int i = 0; i < count; i++) {
		if (arrays[i].output && arrays[i].bytes &&
		    cudaMemcpy((void *)arrays[i].device, arrays[i].host, arrays[i].bytes,
			       cudaMemcpyDefault) != cudaSuccess)
			tf_fatal("could not copy a result back to device memory");
		free(arrays[i].host);
	}
	if (op->kind == TF_OP_MOVE && !op->y &&
	    cudaMemcpy(op->result, &index, sizeof index, cudaMemcpyDefault) != cudaSuccess) {
		cudaGetLastError();
		memcpy(op->result, &index, sizeof index);
	}
	if (op->kind == TF_OP_DOT || op->kind == TF_OP_NRM2 || op->kind == TF_OP_ASUM) {
		size_t bytes = op->blas == TF_R_sdsdot_ ? sizeof(float)
			       : (size_t)(op->kind == TF_OP_DOT ? w : 1) * sizeof(double);
		if (cudaMemcpy(op->result, result, bytes, cudaMemcpyDefault) != cudaSuccess) {
			cudaGetLastError();
			memcpy(op->result, result, bytes);
		}
	}
	return 0;
}
