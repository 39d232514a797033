/* An op on host copies of its arrays (gpu.h's tf_gpu_mirror_run): what
 * the GPU leaves of an op on device memory (a result that is not finite in
 * DD, or that may have lost accuracy to double's range), and in the modes
 * but dd a Level 3 op on device memory but dgemm, is computed by the CPU's
 * rule there, and the outputs are copied back. */
#include "config.h"

#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>
#include "core/message.h"
#include "gpu/gpu.h"
#include "op/op.h"

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
	if (cols <= 0 || last <= 0)
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
	case TF_OP_GEMM: {
		const int a_rows = op->transa == 'N' ? op->m : op->k, a_cols = op->transa == 'N' ? op->k : op->m;
		const int b_rows = op->transb == 'N' ? op->k : op->n, b_cols = op->transb == 'N' ? op->n : op->k;
		h.a = host_copy(&arrays[count++], op->a, matrix_doubles(op->lda, a_cols, a_rows, w), 0);
		h.b = host_copy(&arrays[count++], op->b, matrix_doubles(op->ldb, b_cols, b_rows, w), 0);
		h.c = host_copy(&arrays[count++], op->c, matrix_doubles(op->ldc, op->n, op->m, w), 1);
		break;
	}
	case TF_OP_SYMM: case TF_OP_TRMM: case TF_OP_TRSM: {
		const int order = op->side == 'L' ? op->m : op->n;
		h.a = host_copy(&arrays[count++], op->a, matrix_doubles(op->lda, order, order, w), 0);
		if (op->kind == TF_OP_SYMM)
			h.b = host_copy(&arrays[count++], op->b, matrix_doubles(op->ldb, op->n, op->m, w), 0);
		h.c = host_copy(&arrays[count++], op->c, matrix_doubles(op->ldc, op->n, op->m, w), 1);
		break;
	}
	case TF_OP_SYRK: case TF_OP_SYR2K: {
		const int rows = op->transa == 'N' ? op->n : op->k, cols = op->transa == 'N' ? op->k : op->n;
		h.a = host_copy(&arrays[count++], op->a, matrix_doubles(op->lda, cols, rows, w), 0);
		if (op->kind == TF_OP_SYR2K)
			h.b = host_copy(&arrays[count++], op->b, matrix_doubles(op->ldb, cols, rows, w), 0);
		h.c = host_copy(&arrays[count++], op->c, matrix_doubles(op->ldc, op->n, op->n, w), 1);
		break;
	}
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
