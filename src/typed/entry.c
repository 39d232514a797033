#include "config.h"

#include <stddef.h>
#include "plan/call.h"
#include "plan/typed_plan.h"
#include "typed/entry.h"

char tf_typed_trans(char trans)
{
	switch (trans) {
	case 'N': case 'n': return 'N';
	case 'T': case 't': case 'C': case 'c': return 'T';
	default: return 0;
	}
}

void tf_typed_zero_result(enum tf_format format, void *result)
{
	switch (format) {
	case TF_FORMAT_DF: *(tf_df *)result = (tf_df){ 0.0f, 0.0f }; break;
	case TF_FORMAT_TS: *(tf_ts *)result = (tf_ts){ 0.0f, 0.0f, 0.0f }; break;
	default: *(tf_dd *)result = (tf_dd){ 0.0, 0.0 }; break;
	}
}

int tf_typed_call(const struct tf_typed_op *op)
{
	struct tf_call call;
	tf_call_begin(&call, op->routine);
	enum tf_where where = tf_plan_typed(op);
	tf_call_end(&call, where, tf_typed_op_flops(op));
	return 0;
}

static int max1(int rows)
{
	return rows > 1 ? rows : 1;
}

/* The trailing array of a pair (DS, DI) is one more argument: positions
 * after an array shift by one.
 *
 * Positions: transa 1, transb 2, m 3, n 4, k 5, alpha 6, A 7, lda 8, B 9,
 * ldb 10, beta 11, C 12, ldc 13, each array of a pair counting 2.  The
 * checks and their order are the reference DGEMM's. */
int tf_typed_gemm(struct tf_typed_op *op, char transa, char transb)
{
	const int pair = tf_format_is_pair(op->format);
	const int lda_at = 8 + pair, ldb_at = lda_at + 2 + pair, ldc_at = ldb_at + 3 + pair;
	op->kind = TF_TYPED_GEMM;
	op->transa = tf_typed_trans(transa);
	op->transb = tf_typed_trans(transb);
	if (!op->transa)
		return -1;
	if (!op->transb)
		return -2;
	if (op->m < 0)
		return -3;
	if (op->n < 0)
		return -4;
	if (op->k < 0)
		return -5;
	if (op->lda < max1(op->transa == 'N' ? op->m : op->k))
		return -lda_at;
	if (op->ldb < max1(op->transb == 'N' ? op->k : op->n))
		return -ldb_at;
	if (op->ldc < max1(op->m))
		return -ldc_at;
	if (op->m == 0 || op->n == 0)
		return 0;
	if ((op->k == 0 || tf_scalar_is_zero(op->format, op->alpha)) &&
	    tf_scalar_is_one(op->format, op->beta))
		return 0;
	return tf_typed_call(op);
}

/* Positions: trans 1, m 2, n 3, alpha 4, A 5, lda 6, x 7, incx 8, beta 9,
 * y 10, incy 11, each array of a pair counting 2; the reference DGEMV's
 * checks. */
int tf_typed_gemv(struct tf_typed_op *op, char trans)
{
	const int pair = tf_format_is_pair(op->format);
	const int lda_at = 6 + pair, incx_at = lda_at + 2 + pair, incy_at = incx_at + 3 + pair;
	op->kind = TF_TYPED_GEMV;
	op->transa = tf_typed_trans(trans);
	if (!op->transa)
		return -1;
	if (op->m < 0)
		return -2;
	if (op->n < 0)
		return -3;
	if (op->lda < max1(op->m))
		return -lda_at;
	if (op->incx == 0)
		return -incx_at;
	if (op->incy == 0)
		return -incy_at;
	if (op->m == 0 || op->n == 0)
		return 0;
	if (tf_scalar_is_zero(op->format, op->alpha) && tf_scalar_is_one(op->format, op->beta))
		return 0;
	return tf_typed_call(op);
}

/* As the reference DAXPY: no argument is illegal; n <= 0 or alpha = 0 does
 * nothing. */
int tf_typed_axpy(struct tf_typed_op *op)
{
	op->kind = TF_TYPED_AXPY;
	if (op->n <= 0 || tf_scalar_is_zero(op->format, op->alpha))
		return 0;
	return tf_typed_call(op);
}

/* Positions: n 1, x 2, incx 3, y 4, incy 5, result 6 (pairs counting 2):
 * only a NULL result is illegal; n <= 0 gives 0. */
int tf_typed_dot(struct tf_typed_op *op)
{
	op->kind = TF_TYPED_DOT;
	if (!op->result)
		return -(6 + 2 * tf_format_is_pair(op->format));
	if (op->n <= 0) {
		tf_typed_zero_result(op->format, op->result);
		return 0;
	}
	return tf_typed_call(op);
}
