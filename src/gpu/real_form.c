#include "config.h"

#include <string.h>
#include "core/message.h"
#include "gpu/context.h"
#include "gpu/real_form.h"
#include "gpu/transfer.h"
#include "kernels/real_form.h"

int tf_gpu_real_form_takes(const struct tf_op *op)
{
	if (op->type == TF_TYPE_Z)
		return op->kind == TF_OP_GEMM && op->alpha_im == 0.0 && op->beta_im == 0.0;
	return op->type == TF_TYPE_D &&
	       (op->kind == TF_OP_SYMM || op->kind == TF_OP_TRMM || op->kind == TF_OP_SYRK ||
		op->kind == TF_OP_SYR2K);
}

/* Bump allocation inside the form's one buffer. */
struct carve {
	char *next;
	size_t used;
};

static double *take(struct carve *c, size_t doubles)
{
	double *p = (double *)(c->next ? c->next + c->used : NULL);
	c->used += (doubles * sizeof(double) + 255) & ~(size_t)255;
	return p;
}

/* A source matrix on the device: itself when device or managed memory,
 * else an uploaded copy (rows x cols elements of its width). */
struct source {
	const double *p;
	int ld;
};

static cudaError_t device_source(struct tf_gpu_context *gpu, struct carve *c, const double *s,
				 int ld, int rows, int cols, int width, struct source *out)
{
	if (tf_gpu_is_device_memory(s)) {
		out->p = s, out->ld = ld;
		return cudaSuccess;
	}
	double *copy = take(c, (size_t)rows * cols * width);
	out->p = copy, out->ld = rows;
	if (!c->next || rows == 0 || cols == 0)
		return cudaSuccess;
	return tf_gpu_upload_elements(gpu, s, (size_t)width * sizeof(double), (size_t)ld, rows, cols,
				      copy, (size_t)rows, gpu->streams[0]);
}

static struct tf_view view_of(struct source s, int complex, enum tf_view_shape shape, char trans,
			      int part, double sign)
{
	struct tf_view v;
	memset(&v, 0, sizeof v);
	v.s = s.p, v.ld = s.ld, v.complex = complex, v.shape = shape, v.trans = trans;
	v.part = part, v.sign = sign, v.uplo = 'U', v.diag = 'N';
	return v;
}

/* The real GEMM over device buffers (alpha, beta set by the caller). */
static struct tf_op real_gemm(const struct tf_op *op, char transa, char transb, int m, int n,
			      int k, const double *a, int lda, const double *b, int ldb, double *c)
{
	struct tf_op g;
	memset(&g, 0, sizeof g);
	g.kind = TF_OP_GEMM, g.routine = op->routine, g.blas = TF_R_dgemm_, g.type = TF_TYPE_D;
	g.transa = transa, g.transb = transb, g.m = m, g.n = n, g.k = k;
	g.alpha = op->alpha, g.beta = op->beta;
	g.a = a, g.lda = lda, g.b = b, g.ldb = ldb, g.c = c, g.ldc = m;
	return g;
}

/* The part of GEMM g that computes C(i0:i0+m, j0:j0+n) from the inner
 * indices l0:l0+k only. */
static struct tf_op sub_gemm(const struct tf_op *g, int i0, int m, int j0, int n, int l0, int k)
{
	struct tf_op s = *g;
	s.m = m, s.n = n, s.k = k;
	s.a = g->transa == 'N' ? g->a + i0 + (size_t)l0 * g->lda : g->a + l0 + (size_t)i0 * g->lda;
	s.b = g->transb == 'N' ? g->b + l0 + (size_t)j0 * g->ldb : g->b + j0 + (size_t)l0 * g->ldb;
	s.c = g->c + i0 + (size_t)j0 * g->ldc;
	return s;
}

/* A triangle's GEMM is cut into CUT_PIECES from this order on.  Four
 * pieces do less work (5/8 against 3/4) but in smaller GEMMs, which the
 * split engine runs slower: on an H200 dtrmm at n = 8192 fell from 0.47 to
 * 0.42 of dgemm's rate, dsyrk from 0.55 to 0.51 (docs/PERFORMANCE.md). */
#define CUT_MIN 512
#define CUT_PIECES 2

/* A GEMM whose result is a triangle (SYRK, SYR2K), or whose left or right
 * operand is a triangle (TRMM), as P GEMMs, one per block of rows or
 * columns, each over the part its block of the triangle reaches: (P + 1) /
 * 2P of the full product's work. */
static void cut(struct tf_gpu_real_form *form, const struct tf_op *op)
{
	struct tf_op g = form->gemm[0];
	const int order = op->kind == TF_OP_TRMM ? g.k : g.n;
	const int pieces = order >= CUT_MIN ? CUT_PIECES : 1;
	if (pieces == 1)
		return;
	for (int p = 0; p < pieces; p++) {
		int first = (int)((long long)order * p / pieces);
		int last = (int)((long long)order * (p + 1) / pieces), w = last - first;
		if (op->kind == TF_OP_SYRK || op->kind == TF_OP_SYR2K) {
			/* block column p: rows up to its end (U) or from its start (L) */
			form->gemm[p] = op->uplo == 'U' ? sub_gemm(&g, 0, last, first, w, 0, g.k)
						       : sub_gemm(&g, first, order - first, first, w, 0, g.k);
			continue;
		}
		/* TRMM: op(A) upper or lower, on the left (rows of op(A) C) or on
		 * the right (columns of C op(A)) */
		int upper = (op->uplo == 'U') == (op->transa == 'N');
		if (op->side == 'L')
			form->gemm[p] = upper ? sub_gemm(&g, first, w, 0, g.n, first, order - first)
					      : sub_gemm(&g, first, w, 0, g.n, 0, last);
		else
			form->gemm[p] = upper ? sub_gemm(&g, 0, g.m, first, w, 0, last)
					      : sub_gemm(&g, 0, g.m, first, w, first, order - first);
	}
	form->count = pieces;
}

/* Lays the form out in c (sizes only when c->next is NULL; then buffers too)
 * and launches the writing-out kernels. */
static cudaError_t lay_out(struct tf_gpu_context *gpu, const struct tf_op *op,
			   struct tf_gpu_real_form *form, struct carve *c)
{
	cudaStream_t stream = gpu->streams[0];
	const int writing = c->next != NULL;
	cudaError_t status = cudaSuccess;
#define RUN(call) do { if (writing && status == cudaSuccess) status = (call); } while (0)
	struct source a = { NULL, 0 }, b = { NULL, 0 }, cs = { NULL, 0 };
	int m = op->m, n = op->n, k = op->k;
	form->count = 1;
	form->parts = 1;
	form->uplo = 0;
	if (op->kind == TF_OP_GEMM) { /* complex */
		int ra = op->transa == 'N' ? m : k, ca = op->transa == 'N' ? k : m;
		int rb = op->transb == 'N' ? k : n, cb = op->transb == 'N' ? n : k;
		status = device_source(gpu, c, op->a, op->lda, ra, ca, 2, &a);
		if (status == cudaSuccess)
			status = device_source(gpu, c, op->b, op->ldb, rb, cb, 2, &b);
		double *a1 = take(c, (size_t)m * 2 * k), *a2 = take(c, (size_t)m * 2 * k);
		double *bb = take(c, (size_t)2 * k * n);
		form->count = 2;
		form->parts = 2;
		form->rows = m, form->cols = n;
		form->result[0] = take(c, (size_t)m * n);
		form->result[1] = take(c, (size_t)m * n);
		RUN(tf_kernel_real_form(m, k, view_of(a, 1, TF_VIEW_GENERAL, op->transa, 0, 1.0), a1, m, stream));
		RUN(tf_kernel_real_form(m, k, view_of(a, 1, TF_VIEW_GENERAL, op->transa, 1, -1.0), a1 + (size_t)m * k, m, stream));
		RUN(tf_kernel_real_form(m, k, view_of(a, 1, TF_VIEW_GENERAL, op->transa, 1, 1.0), a2, m, stream));
		RUN(tf_kernel_real_form(m, k, view_of(a, 1, TF_VIEW_GENERAL, op->transa, 0, 1.0), a2 + (size_t)m * k, m, stream));
		RUN(tf_kernel_real_form(k, n, view_of(b, 1, TF_VIEW_GENERAL, op->transb, 0, 1.0), bb, 2 * k, stream));
		RUN(tf_kernel_real_form(k, n, view_of(b, 1, TF_VIEW_GENERAL, op->transb, 1, 1.0), bb + k, 2 * k, stream));
		if (op->beta != 0.0) {
			if (status == cudaSuccess)
				status = device_source(gpu, c, op->c, op->ldc, m, n, 2, &cs);
			for (int part = 0; part < 2; part++)
				RUN(tf_kernel_real_form(m, n, view_of(cs, 1, TF_VIEW_GENERAL, 'N', part, 1.0), form->result[part], m, stream));
		}
		form->gemm[0] = real_gemm(op, 'N', 'N', m, n, 2 * k, a1, m, bb, 2 * k, form->result[0]);
		form->gemm[1] = real_gemm(op, 'N', 'N', m, n, 2 * k, a2, m, bb, 2 * k, form->result[1]);
		return status;
	}
	/* real: SYMM, TRMM (C is B), SYRK, SYR2K */
	int side_left = op->side == 'L';
	int order = op->kind == TF_OP_SYMM || op->kind == TF_OP_TRMM ? (side_left ? m : n) : 0;
	form->rows = op->kind == TF_OP_SYRK || op->kind == TF_OP_SYR2K ? n : m;
	form->cols = n;
	form->result[0] = take(c, (size_t)form->rows * form->cols);
	double *r = form->result[0];
	int reads_c = (op->kind != TF_OP_TRMM && op->beta != 0.0) || op->kind == TF_OP_TRMM;
	if (reads_c) /* C (beta C), or TRMM's B */
		status = device_source(gpu, c, op->c, op->ldc, form->rows, form->cols, 1, &cs);
	switch (op->kind) {
	case TF_OP_SYMM: case TF_OP_TRMM: {
		double *full = take(c, (size_t)order * order);
		if (status == cudaSuccess)
			status = device_source(gpu, c, op->a, op->lda, order, order, 1, &a);
		struct tf_view v = view_of(a, 0, op->kind == TF_OP_SYMM ? TF_VIEW_SYMMETRIC : TF_VIEW_TRIANGULAR,
					   'N', 0, 1.0);
		v.uplo = op->uplo, v.diag = op->diag;
		RUN(tf_kernel_real_form(order, order, v, full, order, stream));
		if (op->kind == TF_OP_SYMM) {
			if (status == cudaSuccess)
				status = device_source(gpu, c, op->b, op->ldb, m, n, 1, &b);
			if (op->beta != 0.0)
				RUN(tf_kernel_copy_part(m, n, cs.p, cs.ld, r, m, 0, 0, 0, stream));
			form->gemm[0] = side_left ? real_gemm(op, 'N', 'N', m, n, m, full, m, b.p, b.ld, r)
						  : real_gemm(op, 'N', 'N', m, n, n, b.p, b.ld, full, n, r);
		} else {
			char t = op->transa == 'N' ? 'N' : 'T';
			form->gemm[0] = side_left ? real_gemm(op, t, 'N', m, n, m, full, m, cs.p, cs.ld, r)
						  : real_gemm(op, 'N', t, m, n, n, cs.p, cs.ld, full, n, r);
			form->gemm[0].beta = 0.0;
			cut(form, op);
		}
		break;
	}
	case TF_OP_SYRK: case TF_OP_SYR2K: {
		int trans = op->transa != 'N';
		int ra = trans ? k : n, ca = trans ? n : k;
		if (status == cudaSuccess)
			status = device_source(gpu, c, op->a, op->lda, ra, ca, 1, &a);
		form->uplo = op->uplo;
		if (writing && status == cudaSuccess)
			status = cudaMemsetAsync(r, 0, (size_t)n * n * sizeof(double), stream);
		if (op->beta != 0.0)
			RUN(tf_kernel_copy_part(n, n, cs.p, cs.ld, r, n, 0, 0, op->uplo, stream));
		if (op->kind == TF_OP_SYRK) {
			form->gemm[0] = trans ? real_gemm(op, 'T', 'N', n, n, k, a.p, a.ld, a.p, a.ld, r)
					      : real_gemm(op, 'N', 'T', n, n, k, a.p, a.ld, a.p, a.ld, r);
			cut(form, op);
			break;
		}
		if (status == cudaSuccess)
			status = device_source(gpu, c, op->b, op->ldb, ra, ca, 1, &b);
		/* trans N: [A, B] [B, A]^T; trans T: [A; B]^T [B; A] */
		double *left = take(c, (size_t)2 * k * n), *right = take(c, (size_t)2 * k * n);
		struct tf_view va = view_of(a, 0, TF_VIEW_GENERAL, 'N', 0, 1.0);
		struct tf_view vb = view_of(b, 0, TF_VIEW_GENERAL, 'N', 0, 1.0);
		size_t second = trans ? (size_t)k : (size_t)n * k;
		int ld = trans ? 2 * k : n;
		RUN(tf_kernel_real_form(ra, ca, va, left, ld, stream));
		RUN(tf_kernel_real_form(ra, ca, vb, left + second, ld, stream));
		RUN(tf_kernel_real_form(ra, ca, vb, right, ld, stream));
		RUN(tf_kernel_real_form(ra, ca, va, right + second, ld, stream));
		form->gemm[0] = trans ? real_gemm(op, 'T', 'N', n, n, 2 * k, left, ld, right, ld, r)
				      : real_gemm(op, 'N', 'T', n, n, 2 * k, left, ld, right, ld, r);
		cut(form, op);
		break;
	}
	default:
		break;
	}
#undef RUN
	return status;
}

int tf_gpu_real_form_make(const struct tf_op *op, struct tf_gpu_real_form *form)
{
	memset(form, 0, sizeof *form);
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return -1;
	struct carve sizing = { NULL, 0 };
	lay_out(gpu, op, form, &sizing);
	const char *routine = tf_routine_name(op->routine);
	if (sizing.used > gpu->memory_budget) {
		tf_gpu_release(gpu);
		return -1;
	}
	cudaError_t status = tf_gpu_inject(TF_FAULT_ALLOC);
	if (status == cudaSuccess)
		status = cudaMalloc(&form->buffer, sizing.used);
	if (status != cudaSuccess) {
		form->buffer = NULL;
		return tf_gpu_finish(gpu, routine, TF_FAULT_ALLOC, status, 0);
	}
	struct carve carve = { form->buffer, 0 };
	status = tf_gpu_inject(TF_FAULT_LAUNCH);
	if (status == cudaSuccess)
		status = lay_out(gpu, op, form, &carve);
	if (status == cudaSuccess)
		status = cudaStreamSynchronize(gpu->streams[0]);
	if (status != cudaSuccess) {
		tf_gpu_finish(gpu, routine, TF_FAULT_LAUNCH, status, 0);
		tf_gpu_real_form_free(form);
		return -1;
	}
	tf_gpu_release(gpu);
	return 0;
}

void tf_gpu_real_form_free(struct tf_gpu_real_form *form)
{
	if (form->buffer)
		cudaFree(form->buffer);
	form->buffer = NULL;
}

/* Whether a result holds Inf or NaN. */
static cudaError_t any_nonfinite(struct tf_gpu_context *gpu, const struct tf_gpu_real_form *form,
				 int *found)
{
	unsigned flag = 0;
	cudaStream_t stream = gpu->streams[0];
	cudaError_t status = cudaMemsetAsync(gpu->counter, 0, sizeof *gpu->counter, stream);
	for (int i = 0; i < form->parts && status == cudaSuccess; i++)
		status = tf_kernel_find_nonfinite(form->rows, form->cols, form->result[i], form->rows,
						  gpu->counter, stream);
	if (status == cudaSuccess)
		status = cudaMemcpyAsync(&flag, gpu->counter, sizeof flag, cudaMemcpyDeviceToHost, stream);
	if (status == cudaSuccess)
		status = cudaStreamSynchronize(stream);
	*found = flag != 0;
	return status;
}

int tf_gpu_real_form_finish(const struct tf_op *op, struct tf_gpu_real_form *form,
			    int check_finite)
{
	const char *routine = tf_routine_name(op->routine);
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu) {
		tf_gpu_real_form_free(form);
		return -1;
	}
	cudaStream_t stream = gpu->streams[0];
	int found = 0;
	cudaError_t status = check_finite ? any_nonfinite(gpu, form, &found) : cudaSuccess;
	if (status == cudaSuccess && found) {
		tf_gpu_release(gpu);
		tf_gpu_real_form_free(form);
		return 1;
	}
	const int width = op->type == TF_TYPE_Z ? 2 : 1;
	const int in_place = tf_gpu_is_device_memory(op->c);
	int rows = form->rows, cols = form->cols;
	for (int part = 0; part < form->parts && status == cudaSuccess; part++) {
		if (in_place) {
			status = tf_kernel_copy_part(rows, cols, form->result[part], rows, op->c, op->ldc,
						     width == 2, part, form->uplo, stream);
		} else if (width == 1 && !form->uplo) {
			status = tf_gpu_download(gpu, form->result[part], rows, cols, op->c,
						 (size_t)op->ldc, stream);
		} else {
			/* a part of complex C, or a triangle: through a device copy of C */
			double *whole;
			status = cudaMalloc((void **)&whole, (size_t)rows * cols * width * sizeof(double));
			if (status != cudaSuccess)
				break;
			status = tf_gpu_upload_elements(gpu, op->c, width * sizeof(double), (size_t)op->ldc,
							rows, cols, whole, (size_t)rows, stream);
			for (int p = 0; p < form->parts && status == cudaSuccess; p++)
				status = tf_kernel_copy_part(rows, cols, form->result[p], rows, whole, rows,
							     width == 2, p, form->uplo, stream);
			if (status == cudaSuccess)
				status = tf_gpu_download_elements(gpu, whole, width * sizeof(double), rows,
								  cols, op->c, (size_t)op->ldc, stream);
			if (status == cudaSuccess)
				status = cudaStreamSynchronize(stream);
			cudaFree(whole);
			break; /* every part written */
		}
	}
	if (status == cudaSuccess)
		status = cudaStreamSynchronize(stream);
	tf_gpu_real_form_free(form);
	return tf_gpu_finish(gpu, routine, TF_FAULT_LAUNCH, status, in_place);
}
