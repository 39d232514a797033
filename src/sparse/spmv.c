#include "config.h"

/* The SpMV entry points: checks, quick returns, then one op for the
 * planner.  One body per storage shape of the vectors, as typed/gemv.c. */
#include <stddef.h>
#include "core/export.h"
#include "core/message.h"
#include "op/routines.h"
#include "plan/call.h"
#include "plan/sparse_plan.h"
#include "sparse/matrix.h"
#include "twofold/sparse.h"

/* 'N' or 'T' for a legal trans option (any case; 'C' is 'T'), 0 else. */
static char sparse_trans(char trans)
{
	switch (trans) {
	case 'N': case 'n': return 'N';
	case 'T': case 't': case 'C': case 'c': return 'T';
	default: return 0;
	}
}

/* The checks and the call, for vectors described by `op` (format, arrays,
 * alpha and beta set).  position: the argument numbers of a, x_len and
 * y_len, and of the first array of x and of y, in the exported call. */
struct spmv_positions {
	int x, x_len, y, y_len;
};

static int run_spmv(struct tf_spmv_op *op, char trans, tf_csr *a, int x_len, int y_len,
		    struct spmv_positions at)
{
	char t = sparse_trans(trans);
	if (!t)
		return -1;
	if (tf_csr_status(a) != 0)
		return -3;
	const struct tf_csr_arrays *m = &a->matrix.host;
	int rows = t == 'N' ? m->rows : m->cols, cols = t == 'N' ? m->cols : m->rows;
	int pair = op->vector == TF_SPARSE_DS || op->vector == TF_SPARSE_DI;
	if (cols > 0 && (!op->x.hi || (pair && !op->x.lo)))
		return -(op->x.hi ? at.x + 1 : at.x);
	if (x_len != cols)
		return -at.x_len;
	if (rows > 0 && (!op->y.hi || (pair && !op->y.lo)))
		return -(op->y.hi ? at.y + 1 : at.y);
	if (y_len != rows)
		return -at.y_len;
	int alpha_zero = op->alpha.hi == 0.0 && op->alpha.lo == 0.0;
	int beta_one = op->beta.hi == 1.0 && op->beta.lo == 0.0;
	if (rows == 0 || (alpha_zero && beta_one))
		return 0;
	struct tf_call call;
	tf_call_begin(&call, op->routine);
	op->a = tf_csr_op(a, t);
	if (!op->a)
		tf_fatal("%s: out of memory for the transpose", tf_routine_name(op->routine));
	enum tf_where where = tf_plan_spmv(op);
	tf_call_end(&call, where, 2.0 * (double)m->nnz);
	return 0;
}

TF_EXPORT int tf_dcsrmv(char trans, double alpha, const tf_csr *a, const double *x, int x_len,
			double beta, double *y, int y_len)
{
	struct tf_spmv_op op = {
		.routine = TF_T_tf_dcsrmv, .vector = TF_SPARSE_D, .alpha = { alpha, 0.0 },
		.beta = { beta, 0.0 }, .x = { (void *)x, NULL }, .y = { y, NULL },
	};
	return run_spmv(&op, trans, (tf_csr *)a, x_len, y_len, (struct spmv_positions){ 4, 5, 7, 8 });
}

TF_EXPORT int tf_ddcsrmv(char trans, tf_dd alpha, const tf_csr *a, const tf_dd *x, int x_len,
			 tf_dd beta, tf_dd *y, int y_len)
{
	struct tf_spmv_op op = {
		.routine = TF_T_tf_ddcsrmv, .vector = TF_SPARSE_DD, .alpha = alpha, .beta = beta,
		.x = { (void *)x, NULL }, .y = { y, NULL },
	};
	return run_spmv(&op, trans, (tf_csr *)a, x_len, y_len, (struct spmv_positions){ 4, 5, 7, 8 });
}

#define TF_CSRMV_PAIR(name, VECTOR, LO)                                                          \
	TF_EXPORT int name(char trans, tf_dd alpha, const tf_csr *a, const double *x_hi,          \
			   const LO *x_lo, int x_len, tf_dd beta, double *y_hi, LO *y_lo,         \
			   int y_len)                                                             \
	{                                                                                        \
		struct tf_spmv_op op = {                                                         \
			.routine = TF_T_##name, .vector = VECTOR, .alpha = alpha, .beta = beta,  \
			.x = { (void *)x_hi, (void *)x_lo }, .y = { y_hi, y_lo },                \
		};                                                                               \
		return run_spmv(&op, trans, (tf_csr *)a, x_len, y_len,                           \
				(struct spmv_positions){ 4, 6, 8, 10 });                         \
	}

TF_CSRMV_PAIR(tf_dscsrmv, TF_SPARSE_DS, float)
TF_CSRMV_PAIR(tf_dicsrmv, TF_SPARSE_DI, int32_t)
