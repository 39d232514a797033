/* The op descriptor: one double-precision BLAS call, arguments decoded and
 * validated, column-major, ready for the planner.  Fields a kind does not use
 * are zero. */
#ifndef TF_OP_H
#define TF_OP_H

#include "abi/blas_routines.h"

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

#endif
