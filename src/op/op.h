/* The op descriptor: one double-precision BLAS call, arguments decoded and
 * validated, column-major, ready for the planner.  Fields a kind does not use
 * are zero. */
#ifndef TF_OP_OP_H
#define TF_OP_OP_H

#include <stddef.h>
#include "op/routines.h"

enum tf_op_kind {
	TF_OP_GEMM, /* C = alpha op(A) op(B) + beta C, C m x n, k inner */
	TF_OP_GEMV, /* y = alpha op(A) x + beta y, A m x n */
	TF_OP_AXPY  /* y = alpha x + y, n elements */
};

struct tf_op {
	enum tf_op_kind kind;
	enum tf_routine routine; /* the entry point it came through, for the log */
	char transa, transb;     /* 'N', 'T' or 'C' (upper case) */
	int m, n, k;
	double alpha, beta;
	const double *a, *b, *x;
	double *c, *y;
	int lda, ldb, ldc, incx, incy;
};

/* Floating-point operations of the op, a multiply-add counting 2. */
static inline double tf_op_flops(const struct tf_op *op)
{
	switch (op->kind) {
	case TF_OP_GEMM: return 2.0 * op->m * (double)op->n * op->k;
	case TF_OP_GEMV: return 2.0 * op->m * (double)op->n;
	case TF_OP_AXPY: return 2.0 * op->n;
	}
	return 0.0;
}

/* Bytes of its arrays: what a GPU call on host arrays must move. */
static inline double tf_op_bytes(const struct tf_op *op)
{
	double doubles = 0.0;
	switch (op->kind) {
	case TF_OP_GEMM:
		doubles = (double)op->m * op->k + (double)op->k * op->n +
			  (op->beta != 0.0 ? 2.0 : 1.0) * op->m * (double)op->n;
		break;
	case TF_OP_GEMV:
		doubles = (double)op->m * op->n + op->m + op->n + (op->transa == 'N' ? op->m : op->n);
		break;
	case TF_OP_AXPY:
		doubles = 3.0 * op->n;
		break;
	}
	return 8.0 * doubles;
}

/* The part of a GEMM that computes C(i0:i0+m, j0:j0+n): rows of op(A),
 * columns of op(B), the same k, alpha and beta. */
static inline struct tf_op tf_gemm_tile(const struct tf_op *op, int i0, int m, int j0, int n)
{
	struct tf_op tile = *op;
	tile.m = m;
	tile.n = n;
	tile.a = op->transa == 'N' ? op->a + i0 : op->a + (size_t)i0 * op->lda;
	tile.b = op->transb == 'N' ? op->b + (size_t)j0 * op->ldb : op->b + j0;
	tile.c = op->c + i0 + (size_t)j0 * op->ldc;
	return tile;
}

/* The first element of the part [first, first + count) of a vector of
 * length n with stride inc, as the reference counts (from the end when
 * inc < 0): with the same stride, that pointer and count describe the part
 * as a vector of its own. */
static inline const double *tf_vector_part(const double *v, int n, int inc, int first, int count)
{
	return inc >= 0 ? v + (size_t)first * inc : v + (size_t)(n - first - count) * (size_t)-inc;
}

/* The part of a GEMV that computes y elements [first, first + count):
 * those rows of A (trans N) or columns (trans T), all of x. */
static inline struct tf_op tf_gemv_part(const struct tf_op *op, int first, int count)
{
	struct tf_op part = *op;
	int leny = op->transa == 'N' ? op->m : op->n;
	if (op->transa == 'N') {
		part.m = count;
		part.a = op->a + first;
	} else {
		part.n = count;
		part.a = op->a + (size_t)first * op->lda;
	}
	part.y = (double *)tf_vector_part(op->y, leny, op->incy, first, count);
	return part;
}

/* The part of an AXPY over elements [first, first + count). */
static inline struct tf_op tf_axpy_part(const struct tf_op *op, int first, int count)
{
	struct tf_op part = *op;
	part.n = count;
	part.x = tf_vector_part(op->x, op->n, op->incx, first, count);
	part.y = (double *)tf_vector_part(op->y, op->n, op->incy, first, count);
	return part;
}

#endif
