#include "config.h"

/* daxpy_ and cblas_daxpy.  The reference checks no argument of DAXPY; it
 * returns at once when n <= 0 or alpha = 0. */
#include "core/export.h"
#include "plan/call.h"
#include "plan/plan.h"

static enum tf_where run_daxpy(enum tf_routine routine, int n, double alpha, const double *x,
			       int incx, double *y, int incy, double *flops)
{
	if (n <= 0 || alpha == 0.0)
		return TF_WHERE_NO_WORK;
	struct tf_op op = {
		.kind = TF_OP_AXPY, .routine = routine, .blas = TF_R_daxpy_,
		.n = n, .alpha = alpha,
		.x = x, .incx = incx, .y = y, .incy = incy,
	};
	*flops = tf_op_flops(&op);
	return tf_plan_run(&op);
}

TF_EXPORT void daxpy_(const int *n, const double *alpha, const double *x, const int *incx,
		      double *y, const int *incy)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, TF_R_daxpy_);
	enum tf_where where = run_daxpy(TF_R_daxpy_, *n, *alpha, x, *incx, y, *incy, &flops);
	tf_call_end(&call, where, flops);
}

TF_EXPORT void cblas_daxpy(int n, double alpha, const double *x, int incx, double *y, int incy)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, TF_R_cblas_daxpy);
	enum tf_where where = run_daxpy(TF_R_cblas_daxpy, n, alpha, x, incx, y, incy, &flops);
	tf_call_end(&call, where, flops);
}
