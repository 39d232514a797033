#include "config.h"

#include <string.h>
#include "core/message.h"
#include "gpu/context.h"
#include "gpu/transfer.h"
#include "gpu/trsm.h"
#include "kernels/trsm.h"

int tf_gpu_trsm_takes(const struct tf_op *op)
{
	return op->kind == TF_OP_TRSM && (op->type == TF_TYPE_D || op->type == TF_TYPE_Z);
}

/* The problem X T = R on the device (gpu/trsm.h). */
struct solve {
	const char *routine;
	int routine_id;
	int width;     /* 1 real, 2 complex (kernels/trsm.h's layout) */
	tf_dd *ta, *tb; /* width order x order (tb: complex only); leading dimension width order */
	tf_dd *x;      /* rows x width order; leading dimension rows */
	int order, rows;
	int upper, unit;
	tf_gpu_trsm_update *update;
};

/* The widest diagonal block solved by one kernel: real X by the block
 * kernel, complex X by the leaf. */
static int diagonal_order(const struct solve *s)
{
	return s->width == 1 ? TF_TRSM_BLOCK : TF_TRSM_LEAF;
}

/* Columns c0 .. c0 + w of X against T's diagonal block there. */
static int diagonal(const struct solve *s, int c0, int w)
{
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return -1;
	cudaStream_t stream = gpu->streams[0];
	const tf_dd *t = s->ta + (size_t)s->width * c0 + (size_t)c0 * s->width * s->order;
	tf_dd *x = s->x + (size_t)s->width * c0 * s->rows;
	cudaError_t status = tf_gpu_inject(TF_FAULT_LAUNCH);
	if (status == cudaSuccess)
		status = s->width == 1
				 ? tf_kernel_trsm_block(s->rows, w, t, s->order, s->upper, s->unit,
							x, s->rows, stream)
				 : tf_kernel_trsm_leaf(s->rows, w, t, s->width * s->order, s->upper,
						       s->unit, x, s->rows, stream);
	if (status == cudaSuccess)
		status = cudaStreamSynchronize(stream);
	return tf_gpu_finish(gpu, s->routine, TF_FAULT_LAUNCH, status, 0);
}

/* X(:, to .. to + w) -= X(:, from .. from + k) T(from .. from + k, to .. to + w):
 * one real product, or for complex X two, the real parts by ta and the
 * imaginary parts by tb, each of inner length 2k (kernels/trsm.h). */
static int update(const struct solve *s, int from, int k, int to, int w)
{
	const size_t ldt = (size_t)s->width * s->order;
	for (int part = 0; part < s->width; part++) {
		struct tf_typed_op g;
		memset(&g, 0, sizeof g);
		g.kind = TF_TYPED_GEMM, g.format = TF_FORMAT_DD, g.routine = s->routine_id;
		g.transa = 'N', g.transb = 'N';
		g.m = s->rows, g.n = w, g.k = s->width * k;
		g.alpha.dd = (tf_dd){ -1.0, 0.0 };
		g.beta.dd = (tf_dd){ 1.0, 0.0 };
		g.a.hi = s->x + (size_t)s->width * from * s->rows, g.lda = s->rows;
		g.b.hi = (part ? s->tb : s->ta) + (size_t)s->width * from + to * ldt, g.ldb = (int)ldt;
		g.c.hi = s->x + ((size_t)s->width * to + part) * s->rows, g.ldc = s->width * s->rows;
		if (s->update(&g) != 0)
			return -1;
	}
	return 0;
}

/* Columns c0 .. c0 + w, halved (the first part a multiple of the leaf's
 * order) until a diagonal block: the part T's triangle makes independent
 * first. */
static int solve(const struct solve *s, int c0, int w)
{
	if (w <= diagonal_order(s))
		return diagonal(s, c0, w);
	int h = ((w + 1) / 2 + TF_TRSM_LEAF - 1) / TF_TRSM_LEAF * TF_TRSM_LEAF;
	if (s->upper)
		return solve(s, c0, h) || update(s, c0, h, c0 + h, w - h) ||
		       solve(s, c0 + h, w - h);
	return solve(s, c0 + h, w - h) || update(s, c0 + h, w - h, c0, h) || solve(s, c0, h);
}

/* Bytes of n elements of `size`, rounded up to 256. */
static size_t aligned(size_t n, size_t size)
{
	return (n * size + 255) & ~(size_t)255;
}

static void free_buffer(struct tf_gpu_context *owner, char *buffer, int spans)
{
	if (spans)
		tf_gpu_span_return(owner);
	else
		cudaFree(buffer);
}

int tf_gpu_trsm_run(const struct tf_op *op, tf_gpu_trsm_update *update_run)
{
	const char *routine = tf_routine_name(op->routine);
	const int left = op->side == 'L';
	/* T = op(A) (side R) or op(A)^T (side L): A itself or its transpose */
	const int transpose = left == (op->transa == 'N');
	const int width = op->type == TF_TYPE_Z ? 2 : 1;
	struct solve s = {
		.routine = routine, .routine_id = (int)op->routine, .width = width,
		.order = left ? op->m : op->n, .rows = left ? op->n : op->m,
		.upper = transpose ? op->uplo == 'L' : op->uplo == 'U',
		.unit = op->diag == 'U', .update = update_run,
	};
	const int host_a = !tf_gpu_is_device_memory(op->a), host_b = !tf_gpu_is_device_memory(op->c);
	size_t stage = 0; /* doubles */
	if (host_a)
		stage = (size_t)width * s.order * s.order;
	if (host_b && (size_t)width * op->m * op->n > stage)
		stage = (size_t)width * op->m * op->n;
	size_t t_bytes = aligned((size_t)width * s.order * s.order, sizeof(tf_dd));
	size_t x_bytes = aligned((size_t)width * s.rows * s.order, sizeof(tf_dd));
	size_t bytes = width * t_bytes + x_bytes + aligned(stage, sizeof(double));

	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return -1;
	if (bytes > gpu->memory_budget) {
		tf_gpu_release(gpu);
		return -1;
	}
	/* the buffer lives across the solve's GEMMs: the span buffer, unless
	 * another op holds it */
	char *buffer = NULL;
	int spans = 0;
	struct tf_gpu_context *owner = gpu;
	cudaError_t status = tf_gpu_inject(TF_FAULT_ALLOC);
	if (status == cudaSuccess && !(spans = (buffer = tf_gpu_span_take(gpu, bytes)) != NULL))
		status = cudaMalloc((void **)&buffer, bytes);
	if (status != cudaSuccess)
		return tf_gpu_finish(gpu, routine, TF_FAULT_ALLOC, status, 0);
	s.ta = (tf_dd *)buffer;
	s.tb = width == 2 ? (tf_dd *)(buffer + t_bytes) : NULL;
	s.x = (tf_dd *)(buffer + width * t_bytes);
	double *staged = (double *)(buffer + width * t_bytes + x_bytes);
	const size_t element = (size_t)width * sizeof(double);
	cudaStream_t stream = gpu->streams[0];

	/* T from A, X from alpha B */
	const double *a = op->a, *b = op->c;
	int lda = op->lda, ldb = op->ldc;
	status = tf_gpu_inject(TF_FAULT_LAUNCH);
	if (status == cudaSuccess && host_a) {
		status = tf_gpu_upload_elements(gpu, op->a, element, (size_t)op->lda, s.order,
						s.order, staged, (size_t)s.order, stream);
		a = staged, lda = s.order;
	}
	if (status == cudaSuccess)
		status = tf_kernel_trsm_triangle(s.order, a, lda, width == 2, transpose,
						 op->transa == 'C', op->uplo, s.unit, s.ta, s.tb,
						 width * s.order, stream);
	if (status == cudaSuccess && host_b) {
		status = tf_gpu_upload_elements(gpu, op->c, element, (size_t)op->ldc, op->m, op->n,
						staged, (size_t)op->m, stream);
		b = staged, ldb = op->m;
	}
	if (status == cudaSuccess)
		status = tf_kernel_trsm_load(s.rows, s.order, width == 2, op->alpha, op->alpha_im, b,
					     ldb, left, s.x, s.rows, stream);
	if (status == cudaSuccess)
		status = cudaStreamSynchronize(stream);
	if (status != cudaSuccess) {
		free_buffer(owner, buffer, spans);
		return tf_gpu_finish(gpu, routine, TF_FAULT_LAUNCH, status, 0);
	}
	tf_gpu_release(gpu); /* the solve's GEMMs take the GPU themselves */

	if (solve(&s, 0, s.order) != 0) {
		free_buffer(owner, buffer, spans);
		return -1;
	}

	if (!(gpu = tf_gpu_acquire())) {
		free_buffer(owner, buffer, spans);
		return -1;
	}
	stream = gpu->streams[0];
	/* a solution with an element that is not finite, or whose numerator
	 * says the substitution may have left double's range: the CPU's rule */
	unsigned found = 0;
	status = cudaMemsetAsync(gpu->counter, 0, sizeof *gpu->counter, stream);
	if (status == cudaSuccess)
		status = tf_kernel_trsm_find_suspect(s.rows, s.order, width == 2, s.x, s.rows, s.ta,
						     width * s.order, s.unit, gpu->counter, stream);
	if (status == cudaSuccess)
		status = cudaMemcpyAsync(&found, gpu->counter, sizeof found, cudaMemcpyDeviceToHost,
					 stream);
	if (status == cudaSuccess)
		status = cudaStreamSynchronize(stream);
	if (status == cudaSuccess && found) {
		free_buffer(owner, buffer, spans);
		tf_gpu_release(gpu);
		return 1;
	}
	/* X rounded into B (transposed back for side L) */
	if (status == cudaSuccess) {
		if (host_b) {
			status = tf_kernel_trsm_round(s.rows, s.order, width == 2, s.x, s.rows, left,
						      staged, op->m, stream);
			if (status == cudaSuccess)
				status = tf_gpu_download_elements(gpu, staged, element, op->m, op->n,
								  op->c, (size_t)op->ldc, stream);
		} else {
			status = tf_kernel_trsm_round(s.rows, s.order, width == 2, s.x, s.rows, left,
						      op->c, op->ldc, stream);
		}
	}
	if (status == cudaSuccess)
		status = cudaStreamSynchronize(stream);
	free_buffer(owner, buffer, spans);
	return tf_gpu_finish(gpu, routine, TF_FAULT_LAUNCH, status, !host_b);
}
