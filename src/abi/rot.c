#include "config.h"

/* The plane rotations: drot_, zdrot_ (real c and s on complex vectors),
 * drotm_ and their CBLAS forms.  The reference checks no argument; n <= 0
 * returns, and so does DROTM when param(1) = -2 (H is the identity).
 * param may be in device memory: it is read through a host copy. */
#include "core/export.h"
#include "plan/call.h"
#include "plan/device_data.h"
#include "plan/plan.h"

/* c and s for ROT, param for ROTM. */
static enum tf_where run_rot(enum tf_op_kind kind, enum tf_routine routine, enum tf_routine blas,
			     enum tf_op_type type, int n, void *x, int incx, void *y, int incy,
			     double c, double s, const double *param, double *flops)
{
	double host_param[5];
	if (n <= 0)
		return TF_WHERE_NO_WORK;
	if (kind == TF_OP_ROTM) { /* read here and by the launch: on the host */
		param = tf_plan_host_readable(param, host_param, 5);
		if (param[0] + 2.0 == 0.0)
			return TF_WHERE_NO_WORK;
	}
	struct tf_op op = {
		.kind = kind, .routine = routine, .blas = blas, .type = type,
		.n = n, .alpha = c, .beta = s, .param = param,
		.x = x, .incx = incx, .y = y, .incy = incy,
	};
	tf_call_set_flops(flops, &op);
	return tf_plan_run(&op);
}

/* One entry point: the call bracket around run_rot. */
static void rot(enum tf_op_kind kind, enum tf_routine routine, enum tf_routine blas,
		enum tf_op_type type, int n, void *x, int incx, void *y, int incy, double c,
		double s, const double *param)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = run_rot(kind, routine, blas, type, n, x, incx, y, incy, c, s, param,
				      tf_call_flops(&call, &flops));
	tf_call_end(&call, where, flops);
}

TF_EXPORT void drot_(const int *n, double *x, const int *incx, double *y, const int *incy,
		     const double *c, const double *s)
{
	rot(TF_OP_ROT, TF_R_drot_, TF_R_drot_, TF_TYPE_D, *n, x, *incx, y, *incy, *c, *s, NULL);
}

TF_EXPORT void cblas_drot(int n, double *x, int incx, double *y, int incy, double c, double s)
{
	rot(TF_OP_ROT, TF_R_cblas_drot, TF_R_drot_, TF_TYPE_D, n, x, incx, y, incy, c, s, NULL);
}

TF_EXPORT void zdrot_(const int *n, void *x, const int *incx, void *y, const int *incy,
		      const double *c, const double *s)
{
	rot(TF_OP_ROT, TF_R_zdrot_, TF_R_zdrot_, TF_TYPE_Z, *n, x, *incx, y, *incy, *c, *s, NULL);
}

TF_EXPORT void cblas_zdrot(int n, void *x, int incx, void *y, int incy, double c, double s)
{
	rot(TF_OP_ROT, TF_R_cblas_zdrot, TF_R_zdrot_, TF_TYPE_Z, n, x, incx, y, incy, c, s, NULL);
}

TF_EXPORT void drotm_(const int *n, double *x, const int *incx, double *y, const int *incy,
		      const double *param)
{
	rot(TF_OP_ROTM, TF_R_drotm_, TF_R_drotm_, TF_TYPE_D, *n, x, *incx, y, *incy, 0.0, 0.0,
	    param);
}

TF_EXPORT void cblas_drotm(int n, double *x, int incx, double *y, int incy, const double *param)
{
	rot(TF_OP_ROTM, TF_R_cblas_drotm, TF_R_drotm_, TF_TYPE_D, n, x, incx, y, incy, 0.0, 0.0,
	    param);
}
