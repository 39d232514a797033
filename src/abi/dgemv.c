#include "config.h"

/* dgemv_ and cblas_dgemv: validated as the reference validates them, then
 * handed to the planner as one op. */
#include "abi/cblas_error.h"
#include "abi/check.h"
#include "core/export.h"
#include "op/cblas_types.h"
#include "plan/call.h"
#include "plan/plan.h"

static enum tf_where run_dgemv(enum tf_routine routine, char trans, int m, int n, double alpha,
			       const double *a, int lda, const double *x, int incx, double beta,
			       double *y, int incy, double *flops)
{
	int illegal = tf_check_dgemv(trans, m, n, lda, incx, incy);
	if (illegal) {
		tf_report_illegal("DGEMV ", illegal);
		return TF_WHERE_NO_WORK;
	}
	if (m == 0 || n == 0 || (alpha == 0.0 && beta == 1.0))
		return TF_WHERE_NO_WORK;
	struct tf_op op = {
		.kind = TF_OP_GEMV, .routine = routine, .blas = TF_R_dgemv_,
		.transa = tf_trans_option(trans),
		.m = m, .n = n, .alpha = alpha, .beta = beta,
		.a = a, .lda = lda, .x = x, .incx = incx, .y = y, .incy = incy,
	};
	*flops = tf_op_flops(&op);
	return tf_plan_run(&op);
}

TF_EXPORT void dgemv_(const char *trans, const int *m, const int *n, const double *alpha,
		      const double *a, const int *lda, const double *x, const int *incx,
		      const double *beta, double *y, const int *incy, size_t trans_len)
{
	(void)trans_len; /* a single character; C callers may omit it */
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, TF_R_dgemv_);
	enum tf_where where = run_dgemv(TF_R_dgemv_, *trans, *m, *n, *alpha, a, *lda, x, *incx,
					*beta, y, *incy, &flops);
	tf_call_end(&call, where, flops);
}

TF_EXPORT void cblas_dgemv(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE trans, int m, int n,
			   double alpha, const double *a, int lda, const double *x, int incx,
			   double beta, double *y, int incy)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, TF_R_cblas_dgemv);
	enum tf_where where = TF_WHERE_NO_WORK;
	char t = tf_cblas_trans(trans);
	RowMajorStrg = layout == CblasRowMajor;
	CBLAS_CallFromC = 1;
	if (layout != CblasColMajor && layout != CblasRowMajor)
		cblas_xerbla(1, "cblas_dgemv", "Illegal layout setting, %d\n", layout);
	else if (!t)
		cblas_xerbla(2, "cblas_dgemv", "Illegal TransA setting, %d\n", trans);
	else if (layout == CblasColMajor)
		where = run_dgemv(TF_R_cblas_dgemv, t, m, n, alpha, a, lda, x, incx, beta, y, incy,
				  &flops);
	else /* row major: the column-major view of A is A^T, n x m */
		where = run_dgemv(TF_R_cblas_dgemv, t == 'N' ? 'T' : 'N', n, m, alpha, a, lda, x,
				  incx, beta, y, incy, &flops);
	CBLAS_CallFromC = 0;
	RowMajorStrg = 0;
	tf_call_end(&call, where, flops);
}
