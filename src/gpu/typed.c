/* The typed API on the GPU (gpu/typed.h).
 *
 * An op's arrays in device or managed memory are used in place.  Host
 * arrays are copied into the scratch arena through the pinned staging
 * buffers, only the elements the op uses: a matrix's rows x cols (packed,
 * leading dimension rows), a vector's n elements in memory order (the
 * kernel then reads it with stride +1 or -1; a stride of 0 is one
 * element).  The kernel runs, and a host output is written back only when
 * everything before succeeded: a failure leaves it as it was.  The whole op
 * must fit the memory budget at once; when it does not, the caller computes
 * it on the CPU. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "core/message.h"
#include "gpu/transfer.h"
#include "gpu/typed.h"
#include "kernels/typed.h"
#include "op/routines.h"

/* One array of the op as the kernel sees it (for DS and DI, each of the
 * pair's arrays is an operand of its own). */
struct operand {
	int slot, lo;        /* which array of the op (A, B, C or A, x, y or x, y),
				and whether its lo array */
	void *host;          /* the caller's array */
	size_t size;         /* bytes of an element */
	int rows, cols;      /* elements used: rows x cols, leading dimension ld */
	size_t ld;
	int read, written;
	void *device;        /* where the kernel finds it */
	int copied;          /* host memory, copied to scratch */
};

#define MAX_OPERANDS 6
#define ALIGN 256

struct operands {
	struct operand list[MAX_OPERANDS];
	int count;
};

static size_t aligned(size_t bytes)
{
	return (bytes + ALIGN - 1) / ALIGN * ALIGN;
}

static void add_array(struct operands *o, int slot, enum tf_format format, struct tf_array array,
		      int rows, int cols, size_t ld, int read, int written)
{
	int pair = tf_format_is_pair(format);
	void *parts[2] = { array.hi, array.lo };
	size_t sizes[2] = { tf_format_hi_bytes(format), tf_format_lo_bytes(format) };
	if (!read && !written)
		return;
	for (int k = 0; k < 1 + pair; k++) {
		struct operand *p = &o->list[o->count++];
		*p = (struct operand){ slot, k, parts[k], sizes[k], rows, cols, ld, read, written, parts[k], 0 };
	}
}

/* A vector of n elements with stride inc: a 1 x n matrix with leading
 * dimension |inc|, or one element when inc = 0. */
static void add_vector(struct operands *o, int slot, enum tf_format format, struct tf_array array,
		       int n, int inc, int read, int written)
{
	add_array(o, slot, format, array, 1, inc == 0 ? 1 : n, (size_t)(inc < 0 ? -(long long)inc : inc),
		  read, written);
}

/* The arrays the op reads or writes. */
static void find_operands(const struct tf_typed_op *op, struct operands *o)
{
	const enum tf_format f = op->format;
	const int alpha = !tf_scalar_is_zero(f, op->alpha), beta = !tf_scalar_is_zero(f, op->beta);
	o->count = 0;
	switch (op->kind) {
	case TF_TYPED_GEMM: {
		const int rows_a = op->transa == 'N' ? op->m : op->k, rows_b = op->transb == 'N' ? op->k : op->n;
		const int product = alpha && op->k > 0;
		add_array(o, 0, f, op->a, rows_a, op->transa == 'N' ? op->k : op->m, (size_t)op->lda, product, 0);
		add_array(o, 1, f, op->b, rows_b, op->transb == 'N' ? op->n : op->k, (size_t)op->ldb, product, 0);
		add_array(o, 2, f, op->c, op->m, op->n, (size_t)op->ldc, beta, 1);
		break;
	}
	case TF_TYPED_GEMV: {
		const int lenx = op->transa == 'N' ? op->n : op->m, leny = op->transa == 'N' ? op->m : op->n;
		add_array(o, 0, f, op->a, op->m, op->n, (size_t)op->lda, alpha, 0);
		add_vector(o, 1, f, op->x, lenx, op->incx, alpha, 0);
		add_vector(o, 2, f, op->y, leny, op->incy, beta, 1);
		break;
	}
	case TF_TYPED_AXPY:
		add_vector(o, 0, f, op->x, op->n, op->incx, 1, 0);
		add_vector(o, 1, f, op->y, op->n, op->incy, 1, 1);
		break;
	case TF_TYPED_DOT:
		add_vector(o, 0, f, op->x, op->n, op->incx, 1, 0);
		add_vector(o, 1, f, op->y, op->n, op->incy, 1, 0);
		break;
	}
}

struct tf_gpu_memory tf_gpu_typed_memory(const struct tf_typed_op *op)
{
	struct tf_gpu_memory memory = { 0, 1 };
	if (!tf_gpu_usable())
		return memory;
	struct operands o;
	find_operands(op, &o);
	memory.resident = 1;
	for (int i = 0; i < o.count; i++) {
		enum tf_gpu_place place = tf_gpu_place_of(o.list[i].host);
		memory.resident &= place != TF_PLACE_HOST;
		memory.host_readable &= place != TF_PLACE_DEVICE;
	}
	return memory;
}

static size_t packed_bytes(const struct operand *p)
{
	return aligned((size_t)p->rows * p->cols * p->size);
}

/* Bytes of the result and of the scratch of a DOT: the working arithmetic's
 * number. */
static size_t result_bytes(enum tf_format format)
{
	return format == TF_FORMAT_DF ? sizeof(tf_df) : format == TF_FORMAT_TS ? sizeof(tf_ts) : sizeof(tf_dd);
}

/* Scratch bytes the op needs: host arrays' copies, and a DOT's result and
 * partial sums.  Marks the operands to copy: none when every array is
 * resident, else those in host memory. */
static size_t scratch_bytes(const struct tf_typed_op *op, struct tf_gpu_memory memory,
			    struct operands *o)
{
	size_t bytes = 0;
	for (int i = 0; i < o->count; i++) {
		struct operand *p = &o->list[i];
		p->copied = !memory.resident && tf_gpu_place_of(p->host) == TF_PLACE_HOST;
		if (p->copied)
			bytes += packed_bytes(p);
	}
	if (op->kind == TF_TYPED_DOT)
		bytes += ALIGN + aligned(tf_kernel_typed_dot_scratch(op->n));
	return bytes;
}

static int device_stride(int inc)
{
	return inc < 0 ? -1 : inc > 0 ? 1 : 0;
}

/* The kernel, on the device arrays. */
static cudaError_t launch(const struct tf_typed_op *op, struct operands *o, char *dot_scratch,
			  cudaStream_t stream)
{
	struct tf_typed_op d = *op;
	struct tf_array *arrays[3] = { &d.a, &d.b, &d.c };
	if (op->kind == TF_TYPED_GEMV)
		arrays[1] = &d.x, arrays[2] = &d.y;
	else if (op->kind != TF_TYPED_GEMM)
		arrays[0] = &d.x, arrays[1] = &d.y;
	int copied[3] = { 0, 0, 0 }; /* packed: leading dimension rows, stride +-1 */
	for (int i = 0; i < o->count; i++) {
		const struct operand *p = &o->list[i];
		if (p->lo)
			arrays[p->slot]->lo = p->device;
		else
			arrays[p->slot]->hi = p->device;
		copied[p->slot] |= p->copied;
	}
	cudaError_t status = tf_gpu_inject(TF_FAULT_LAUNCH);
	if (status != cudaSuccess)
		return status;
	switch (op->kind) {
	case TF_TYPED_GEMM: {
		struct tf_typed_gemm_args args = {
			d.format, d.ds_arith, d.transa, d.transb, d.m, d.n, d.k, d.alpha, d.beta,
			d.a, d.b, d.c, d.lda, d.ldb, d.ldc,
		};
		if (copied[0])
			args.lda = op->transa == 'N' ? op->m : op->k;
		if (copied[1])
			args.ldb = op->transb == 'N' ? op->k : op->n;
		if (copied[2])
			args.ldc = op->m;
		return tf_kernel_typed_gemm(&args, stream);
	}
	case TF_TYPED_GEMV: {
		struct tf_typed_gemv_args args = {
			d.format, d.transa, d.m, d.n, d.alpha, d.beta, d.a, copied[0] ? d.m : d.lda,
			d.x, copied[1] ? device_stride(d.incx) : d.incx,
			d.y, copied[2] ? device_stride(d.incy) : d.incy,
		};
		return tf_kernel_typed_gemv(&args, stream);
	}
	default: {
		struct tf_typed_vector_args args = {
			d.format, d.n, d.alpha, d.x, copied[0] ? device_stride(d.incx) : d.incx,
			d.y, copied[1] ? device_stride(d.incy) : d.incy,
		};
		if (op->kind == TF_TYPED_AXPY)
			return tf_kernel_typed_axpy(&args, stream);
		return tf_kernel_typed_dot(&args, dot_scratch + ALIGN, dot_scratch, stream);
	}
	}
}

/* Copies the packed rows x cols of `packed` into the host array. */
static void place(struct tf_gpu_context *gpu, const struct operand *p, const char *packed)
{
	const size_t column = (size_t)p->rows * p->size;
	tf_gpu_host_copy_columns(gpu, p->host, p->ld * p->size, packed, column, column, p->cols);
}

/* The host outputs: each downloads into the host array only when its copy
 * succeeded; with two arrays (DS, DI), the first goes to a host buffer and
 * is placed once the second has arrived, so that a failure changes
 * neither. */
static cudaError_t download_outputs(struct tf_gpu_context *gpu, struct operands *o, cudaStream_t stream)
{
	struct operand *out[2];
	int count = 0;
	for (int i = 0; i < o->count; i++)
		if (o->list[i].written && o->list[i].copied)
			out[count++] = &o->list[i];
	if (count == 0)
		return cudaSuccess;
	char *held = NULL;
	cudaError_t status;
	if (count == 2) {
		held = malloc((size_t)out[0]->rows * out[0]->cols * out[0]->size);
		if (!held)
			return cudaErrorMemoryAllocation;
		status = tf_gpu_download_elements(gpu, out[0]->device, out[0]->size, out[0]->rows,
						  out[0]->cols, held, (size_t)out[0]->rows, stream);
		if (status != cudaSuccess) {
			free(held);
			return status;
		}
	}
	struct operand *last = out[count - 1];
	status = tf_gpu_download_elements(gpu, last->device, last->size, last->rows, last->cols,
					  last->host, last->ld, stream);
	if (status == cudaSuccess && held)
		place(gpu, out[0], held);
	free(held);
	return status;
}

static cudaError_t run(struct tf_gpu_context *gpu, const struct tf_typed_op *op, struct operands *o,
		       char *scratch, enum tf_gpu_fault *fault, int *in_place_lost)
{
	cudaStream_t stream = gpu->streams[1];
	char *next = scratch;
	char *dot_scratch = NULL;
	if (op->kind == TF_TYPED_DOT) {
		dot_scratch = next;
		next += ALIGN + aligned(tf_kernel_typed_dot_scratch(op->n));
	}
	cudaError_t status;
	*fault = TF_FAULT_TRANSFER;
	for (int i = 0; i < o->count; i++) {
		struct operand *p = &o->list[i];
		if (!p->copied)
			continue;
		p->device = next;
		next += packed_bytes(p);
		if (p->read &&
		    (status = tf_gpu_upload_elements(gpu, p->host, p->size, p->ld, p->rows, p->cols,
						     p->device, (size_t)p->rows, stream)) != cudaSuccess)
			return status;
	}
	*fault = TF_FAULT_LAUNCH;
	if ((status = launch(op, o, dot_scratch, stream)) != cudaSuccess)
		return status;
	if ((status = cudaStreamSynchronize(stream)) != cudaSuccess) {
		/* The kernel ran and failed: an output it works on in place may
		 * be partly written, and nothing can compute it again. */
		for (int i = 0; i < o->count; i++)
			if (o->list[i].written && !o->list[i].copied)
				*in_place_lost = 1;
		return status;
	}
	*fault = TF_FAULT_TRANSFER;
	if (op->kind == TF_TYPED_DOT)
		return tf_gpu_download_elements(gpu, dot_scratch, result_bytes(op->format), 1, 1,
						op->result, 1, stream);
	return download_outputs(gpu, o, stream);
}

int tf_gpu_typed_run(const struct tf_typed_op *op, struct tf_gpu_memory memory)
{
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return -1;
	struct operands o;
	find_operands(op, &o);
	size_t bytes = scratch_bytes(op, memory, &o);
	if (bytes > gpu->memory_budget) {
		tf_gpu_release(gpu);
		return -1; /* too large for the GPU at once: the CPU's */
	}
	char *scratch = NULL;
	enum tf_gpu_fault fault = TF_FAULT_ALLOC;
	cudaError_t status = cudaSuccess;
	int in_place_lost = 0;
	if (bytes > 0 && !(scratch = tf_gpu_scratch(gpu, bytes)))
		status = cudaErrorMemoryAllocation;
	if (status == cudaSuccess)
		status = run(gpu, op, &o, scratch, &fault, &in_place_lost);
	return tf_gpu_finish(gpu, tf_routine_name(op->routine), fault, status, in_place_lost);
}
