#include "config.h"

/* daxpy_, zaxpy_ and their CBLAS forms.  The reference checks no argument
 * of AXPY; it returns at once when n <= 0 or alpha = 0 (both parts, for
 * zaxpy).  alpha: its real part, then its imaginary part for zaxpy. */
#include "core/export.h"
#include "plan/call.h"
#include "plan/plan.h"

static enum tf_where run_axpy(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type,
			      int n, const double *alpha, const double *x, int incx, double *y,
			      int incy, double *flops)
{
	double alpha_im = type == TF_TYPE_Z ? alpha[1] : 0.0;
	if (n <= 0 || (alpha[0] == 0.0 && alpha_im == 0.0))
		return TF_WHERE_NO_WORK;
	struct tf_op op = {
		.kind = TF_OP_AXPY, .routine = routine, .blas = blas, .type = type,
		.n = n, .alpha = alpha[0], .alpha_im = alpha_im,
		.x = x, .incx = incx, .y = y, .incy = incy,
	};
	tf_call_set_flops(flops, &op);
	return tf_plan_run(&op);
}

/* One entry point: the call bracket around run_axpy. */
static void axpy(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type, int n,
		 const double *alpha, const void *x, int incx, void *y, int incy)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = run_axpy(routine, blas, type, n, alpha, x, incx, y, incy, tf_call_flops(&call, &flops));
	tf_call_end(&call, where, flops);
}

TF_EXPORT void daxpy_(const int *n, const double *alpha, const double *x, const int *incx,
		      double *y, const int *incy)
{
	axpy(TF_R_daxpy_, TF_R_daxpy_, TF_TYPE_D, *n, alpha, x, *incx, y, *incy);
}

TF_EXPORT void cblas_daxpy(int n, double alpha, const double *x, int incx, double *y, int incy)
{
	axpy(TF_R_cblas_daxpy, TF_R_daxpy_, TF_TYPE_D, n, &alpha, x, incx, y, incy);
}

TF_EXPORT void zaxpy_(const int *n, const void *alpha, const void *x, const int *incx, void *y,
		      const int *incy)
{
	axpy(TF_R_zaxpy_, TF_R_zaxpy_, TF_TYPE_Z, *n, alpha, x, *incx, y, *incy);
}

TF_EXPORT void cblas_zaxpy(int n, const void *alpha, const void *x, int incx, void *y, int incy)
{
	axpy(TF_R_cblas_zaxpy, TF_R_zaxpy_, TF_TYPE_Z, n, alpha, x, incx, y, incy);
}
