#include "config.h"

#include <math.h>
#include <string.h>
#include "core/message.h"
#include "gpu/context.h"
#include "gpu/real_form.h"
#include "gpu/transfer.h"
#include "kernels/real_form.h"

int tf_gpu_real_form_takes(const struct tf_op *op)
{
	if (op->type == TF_TYPE_Z)
		return op->kind == TF_OP_GEMM || op->kind == TF_OP_SYMM || op->kind == TF_OP_TRMM ||
		       op->kind == TF_OP_SYRK || op->kind == TF_OP_SYR2K;
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
_Static_assert(2 * 2 * CUT_PIECES <= TF_REAL_FORM_GEMMS && CUT_PIECES <= 4,
	       "a complex form's DD GEMMs (terms x parts x pieces) and a real form's GEMMs fit "
	       "struct tf_gpu_real_form");

/* The part of a product that computes rows i0:i0+m, columns j0:j0+n of its
 * result from the inner indices l0:l0+k. */
struct piece {
	int i0, m, j0, n, l0, k;
};

/* The pieces of a product (m x n, inner k) whose result is a triangle
 * (SYRK, SYR2K), or whose left or right operand is a triangle (TRMM): P
 * GEMMs, one per block of rows or columns, each over the part its block
 * of the triangle reaches: (P + 1) / 2P of the full product's work.
 * Other ops, and orders below CUT_MIN: one piece, the whole. */
static int cut_pieces(const struct tf_op *op, int m, int n, int k, struct piece *out)
{
	const int triangle = op->kind == TF_OP_TRMM || op->kind == TF_OP_SYRK ||
			     op->kind == TF_OP_SYR2K;
	const int order = op->kind == TF_OP_TRMM ? k : n;
	const int pieces = triangle && order >= CUT_MIN ? CUT_PIECES : 1;
	if (pieces == 1) {
		out[0] = (struct piece){ 0, m, 0, n, 0, k };
		return 1;
	}
	for (int p = 0; p < pieces; p++) {
		int first = (int)((long long)order * p / pieces);
		int last = (int)((long long)order * (p + 1) / pieces), w = last - first;
		if (op->kind == TF_OP_SYRK || op->kind == TF_OP_SYR2K) {
			/* block column p: rows up to its end (U) or from its start (L) */
			out[p] = op->uplo == 'U' ? (struct piece){ 0, last, first, w, 0, k }
						 : (struct piece){ first, order - first, first, w, 0, k };
			continue;
		}
		/* TRMM: op(A) upper or lower, on the left (rows of op(A) C) or on
		 * the right (columns of C op(A)) */
		int upper = (op->uplo == 'U') == (op->transa == 'N');
		if (op->side == 'L')
			out[p] = upper ? (struct piece){ first, w, 0, n, first, order - first }
				       : (struct piece){ first, w, 0, n, 0, last };
		else
			out[p] = upper ? (struct piece){ 0, m, first, w, 0, last }
				       : (struct piece){ 0, m, first, w, first, order - first };
	}
	return pieces;
}

/* The double GEMM of a real form as its pieces. */
static void cut(struct tf_gpu_real_form *form, const struct tf_op *op)
{
	struct tf_op g = form->gemm[0];
	struct piece pieces[CUT_PIECES];
	int count = cut_pieces(op, g.m, g.n, g.k, pieces);
	for (int p = 0; p < count && count > 1; p++)
		form->gemm[p] = sub_gemm(&g, pieces[p].i0, pieces[p].m, pieces[p].j0, pieces[p].n,
					 pieces[p].l0, pieces[p].k);
	form->count = count;
}

/* One piece of one part of a complex product, as a DD GEMM (alpha 1, beta
 * 0) of the written-out left factor (rows x 2 inner DD elements, leading
 * dimension rows) and right factor (2 inner x cols, leading dimension 2
 * inner) into the product (rows x cols); l0 and k of the piece count
 * complex inner indices. */
static struct tf_typed_op dd_gemm(const struct tf_op *op, const double *left, const double *right,
				  double *product, int rows, int inner, struct piece p)
{
	struct tf_typed_op g;
	memset(&g, 0, sizeof g);
	g.kind = TF_TYPED_GEMM, g.format = TF_FORMAT_DD, g.routine = op->routine;
	g.transa = 'N', g.transb = 'N', g.m = p.m, g.n = p.n, g.k = 2 * p.k;
	g.alpha.dd.hi = 1.0;
	g.a.hi = (void *)(left + 2 * ((size_t)p.i0 + (size_t)2 * p.l0 * rows)), g.lda = rows;
	g.b.hi = (void *)(right + 2 * ((size_t)2 * p.l0 + (size_t)p.j0 * 2 * inner)), g.ldb = 2 * inner;
	g.c.hi = product + 2 * ((size_t)p.i0 + (size_t)p.j0 * rows), g.ldc = rows;
	return g;
}

/* The complex ops (real_form.h): the factors L and R of the product from
 * the op's views, one block of the inner index each (two for SYR2K), the
 * DD GEMMs and what the epilogue needs. */
static cudaError_t lay_out_complex(struct tf_gpu_context *gpu, const struct tf_op *op,
				   struct tf_gpu_real_form *form, struct carve *c)
{
	cudaStream_t stream = gpu->streams[0];
	const int writing = c->next != NULL;
	cudaError_t status = cudaSuccess;
	const int m = op->m, n = op->n, k = op->k, side_left = op->side == 'L';
	const int rank = op->kind == TF_OP_SYRK || op->kind == TF_OP_SYR2K;
	const int rows = rank ? n : m, cols = n, order = side_left ? m : n;
	form->count = 0, form->typed_count = 0, form->parts = 2;
	form->rows = rows, form->cols = cols;
	form->uplo = rank ? op->uplo : 0;
	form->result[0] = take(c, (size_t)rows * cols);
	form->result[1] = take(c, (size_t)rows * cols);

	/* the stored sizes of A and of B (TRMM: B is C) */
	int ra = order, ca = order, rb = m, cb = n;
	if (op->kind == TF_OP_GEMM) {
		ra = op->transa == 'N' ? m : k, ca = op->transa == 'N' ? k : m;
		rb = op->transb == 'N' ? k : n, cb = op->transb == 'N' ? n : k;
	} else if (rank) {
		ra = op->transa == 'N' ? n : k, ca = op->transa == 'N' ? k : n;
		rb = ra, cb = ca;
	}
	const int inner = op->kind == TF_OP_GEMM || op->kind == TF_OP_SYRK ? k
			: op->kind == TF_OP_SYR2K ? 2 * k : order;
	const int alpha_zero = op->alpha == 0.0 && op->alpha_im == 0.0;
	const int products = !alpha_zero && inner > 0;
	const double *b_data = op->kind == TF_OP_TRMM ? op->c : op->b;
	const int ldb = op->kind == TF_OP_TRMM ? op->ldc : op->ldb;
	struct source a = { NULL, 0 }, b = { NULL, 0 }, cs = { NULL, 0 };
	if (products) {
		status = device_source(gpu, c, op->a, op->lda, ra, ca, 2, &a);
		if (status == cudaSuccess && op->kind != TF_OP_SYRK)
			status = device_source(gpu, c, b_data, ldb, rb, cb, 2, &b);
	}
	form->c_source = NULL;
	if (op->kind != TF_OP_TRMM && (op->beta != 0.0 || op->beta_im != 0.0)) {
		if (status == cudaSuccess)
			status = device_source(gpu, c, op->c, op->ldc, rows, cols, 2, &cs);
		form->c_source = cs.p, form->c_ld = cs.ld;
	}
	form->terms = 0;
	if (!products)
		return status;

	/* L (rows x inner) and R (inner x cols) by blocks of the inner index */
	struct tf_view left_view[2], right_view[2];
	int blocks = 1;
	switch (op->kind) {
	case TF_OP_GEMM:
		left_view[0] = view_of(a, 1, TF_VIEW_GENERAL, op->transa, 0, 1.0);
		right_view[0] = view_of(b, 1, TF_VIEW_GENERAL, op->transb, 0, 1.0);
		break;
	case TF_OP_SYMM: case TF_OP_TRMM: {
		int symm = op->kind == TF_OP_SYMM;
		struct tf_view s = view_of(a, 1, symm ? TF_VIEW_SYMMETRIC : TF_VIEW_TRIANGULAR,
					   symm ? 'N' : op->transa, 0, 1.0);
		s.uplo = op->uplo, s.diag = symm ? 'N' : op->diag, s.hermitian = op->conj;
		struct tf_view g = view_of(b, 1, TF_VIEW_GENERAL, 'N', 0, 1.0);
		left_view[0] = side_left ? s : g;
		right_view[0] = side_left ? g : s;
		break;
	}
	default: { /* SYRK, SYR2K: op(A) op(A)^T (^H), op(A) op(B)^T + op(B) op(A)^T (^H) */
		char right_trans = op->transa == 'N' ? (op->conj ? 'C' : 'T') : 'N';
		left_view[0] = view_of(a, 1, TF_VIEW_GENERAL, op->transa, 0, 1.0);
		right_view[0] = view_of(op->kind == TF_OP_SYRK ? a : b, 1, TF_VIEW_GENERAL, right_trans,
					0, 1.0);
		if (op->kind == TF_OP_SYR2K) {
			blocks = 2;
			left_view[1] = view_of(b, 1, TF_VIEW_GENERAL, op->transa, 0, 1.0);
			right_view[1] = view_of(a, 1, TF_VIEW_GENERAL, right_trans, 0, 1.0);
		}
		break;
	}
	}
	const int block = inner / blocks;
	double *left[2], *right;
	left[0] = take(c, (size_t)rows * 2 * inner * 2);
	left[1] = take(c, (size_t)rows * 2 * inner * 2);
	right = take(c, (size_t)2 * inner * cols * 2);
	for (int i = 0; i < blocks && writing && status == cudaSuccess; i++) {
		size_t at_left = 2 * (size_t)2 * i * block * rows, at_right = 2 * (size_t)2 * i * block;
		status = tf_kernel_complex_form(rows, block, left_view[i], TF_COMPLEX_LEFT,
						left[0] + at_left, left[1] + at_left, rows, stream);
		if (status == cudaSuccess)
			status = tf_kernel_complex_form(block, cols, right_view[i], TF_COMPLEX_RIGHT,
							right + at_right, NULL, 2 * inner, stream);
	}

	/* zher2k with complex alpha: alpha and conj(alpha) on the two terms */
	form->terms = op->kind == TF_OP_SYR2K && op->conj && op->alpha_im != 0.0 ? 2 : 1;
	const int term_inner = inner / form->terms;
	form->products = 2 * term_inner;
	for (int t = 0; t < form->terms; t++) {
		form->product[t][0] = take(c, (size_t)rows * cols * 2);
		form->product[t][1] = take(c, (size_t)rows * cols * 2);
		struct piece pieces[CUT_PIECES];
		int count = cut_pieces(op, rows, cols, term_inner, pieces);
		for (int p = 0; p < count; p++) {
			pieces[p].l0 += t * term_inner;
			for (int part = 0; part < 2; part++)
				form->typed[form->typed_count++] =
					dd_gemm(op, left[part], right, form->product[t][part], rows,
						inner, pieces[p]);
		}
	}
	return status;
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
	if (op->type == TF_TYPE_Z)
		return lay_out_complex(gpu, op, form, c);
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
	if (status == cudaSuccess) {
		form->context = gpu;
		form->buffer = tf_gpu_span_take(gpu, sizing.used);
		form->spans = form->buffer != NULL;
		if (!form->buffer)
			status = cudaMalloc(&form->buffer, sizing.used);
	}
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
	if (form->buffer && form->spans)
		tf_gpu_span_return(form->context);
	else if (form->buffer)
		cudaFree(form->buffer);
	form->buffer = NULL;
	form->spans = 0;
}

/* Whether a result holds Inf or NaN, or the epilogue has flagged range
 * trouble: the flag in gpu->counter, which the caller zeroed. */
static cudaError_t any_nonfinite(struct tf_gpu_context *gpu, const struct tf_gpu_real_form *form,
				 int *found)
{
	unsigned flag = 0;
	cudaStream_t stream = gpu->streams[0];
	cudaError_t status = cudaSuccess;
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

int tf_gpu_real_form_finish(const struct tf_op *op, struct tf_gpu_real_form *form)
{
	const char *routine = tf_routine_name(op->routine);
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu) {
		tf_gpu_real_form_free(form);
		return -1;
	}
	cudaStream_t stream = gpu->streams[0];
	int found = 0;
	cudaError_t status = cudaMemsetAsync(gpu->counter, 0, sizeof *gpu->counter, stream);
	if (op->type == TF_TYPE_Z && status == cudaSuccess) { /* alpha P + beta C, rounded once */
		struct tf_complex_epilogue e;
		memset(&e, 0, sizeof e);
		e.terms = form->terms;
		for (int t = 0; t < form->terms; t++) {
			e.product[t][0] = form->product[t][0], e.product[t][1] = form->product[t][1];
			e.alpha[t][0] = op->alpha, e.alpha[t][1] = t == 0 ? op->alpha_im : -op->alpha_im;
			e.range_weight += (fabs(op->alpha) + fabs(op->alpha_im)) * form->products;
		}
		/* the products were summed before alpha: where one came out
		 * tiny, the CPU's kernels form the op, which form such sums
		 * again scaled (docs/BLAS.md, Range) */
		e.range_flag = gpu->counter;
		e.beta[0] = op->beta, e.beta[1] = op->beta_im;
		e.c = form->c_source, e.ldc = form->c_ld;
		e.uplo = form->uplo;
		e.real_diagonal = op->conj && form->uplo;
		e.out[0] = form->result[0], e.out[1] = form->result[1];
		status = tf_kernel_complex_epilogue(form->rows, form->cols, e, stream);
	}
	if (status == cudaSuccess)
		status = any_nonfinite(gpu, form, &found);
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
