#include "config.h"

/* zscal_ and cblas_zscal: x = alpha x for complex alpha.  The reference
 * checks no argument; it returns when n <= 0, incx <= 0 or alpha = 1
 * (LAPACK 3.11's ZSCAL).  dscal and zdscal round once already: they are
 * MOVE ops (move.c). */
#include "core/export.h"
#include "plan/call.h"
#include "plan/plan.h"

static enum tf_where run_zscal(enum tf_routine routine, int n, const double *alpha, double *x,
			       int incx, double *flops)
{
	if (n <= 0 || incx <= 0 || (alpha[0] == 1.0 && alpha[1] == 0.0))
		return TF_WHERE_NO_WORK;
	struct tf_op op = {
		.kind = TF_OP_SCAL, .routine = routine, .blas = TF_R_zscal_, .type = TF_TYPE_Z,
		.n = n, .alpha = alpha[0], .alpha_im = alpha[1], .y = x, .incy = incx,
	};
	tf_call_set_flops(flops, &op);
	return tf_plan_run(&op);
}

static void zscal(enum tf_routine routine, int n, const double *alpha, double *x, int incx)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = run_zscal(routine, n, alpha, x, incx, tf_call_flops(&call, &flops));
	tf_call_end(&call, where, flops);
}

TF_EXPORT void zscal_(const int *n, const void *alpha, void *x, const int *incx)
{
	zscal(TF_R_zscal_, *n, alpha, x, *incx);
}

TF_EXPORT void cblas_zscal(int n, const void *alpha, void *x, int incx)
{
	zscal(TF_R_cblas_zscal, n, alpha, x, incx);
}
