#include "config.h"

/* The norms: dnrm2_, dznrm2_, dasum_, dzasum_, their *sub_ forms (the
 * subroutines through which the reference's CBLAS calls them) and CBLAS.
 * The reference checks no argument.  n <= 0 gives 0 without reading x;
 * so does incx <= 0 for ASUM, while NRM2 (LAPACK 3.10 and later) counts a
 * negative incx from the end and takes x(1) n times for incx = 0. */
#include "core/export.h"
#include "plan/call.h"
#include "plan/plan.h"

static enum tf_where run_norm(enum tf_op_kind kind, enum tf_routine routine, enum tf_routine blas,
			      enum tf_op_type type, int n, const void *x, int incx,
			      double *result, double *flops)
{
	if (n <= 0 || (kind == TF_OP_ASUM && incx <= 0)) {
		*result = 0.0;
		return TF_WHERE_NO_WORK;
	}
	struct tf_op op = {
		.kind = kind, .routine = routine, .blas = blas, .type = type,
		.n = n, .x = x, .incx = incx, .result = result,
	};
	tf_call_set_flops(flops, &op);
	return tf_plan_run(&op);
}

/* One entry point: the call bracket around run_norm. */
static double norm(enum tf_op_kind kind, enum tf_routine routine, enum tf_routine blas,
		   enum tf_op_type type, int n, const void *x, int incx)
{
	struct tf_call call;
	double flops = 0.0, result;
	tf_call_begin(&call, routine);
	enum tf_where where = run_norm(kind, routine, blas, type, n, x, incx, &result, tf_call_flops(&call, &flops));
	tf_call_end(&call, where, flops);
	return result;
}

#define NRM2 TF_OP_NRM2
#define ASUM TF_OP_ASUM
#define D TF_TYPE_D
#define Z TF_TYPE_Z

TF_EXPORT double dnrm2_(const int *n, const double *x, const int *incx)
{
	return norm(NRM2, TF_R_dnrm2_, TF_R_dnrm2_, D, *n, x, *incx);
}

TF_EXPORT void dnrm2sub_(const int *n, const double *x, const int *incx, double *result)
{
	*result = norm(NRM2, TF_R_dnrm2sub_, TF_R_dnrm2_, D, *n, x, *incx);
}

TF_EXPORT double cblas_dnrm2(int n, const double *x, int incx)
{
	return norm(NRM2, TF_R_cblas_dnrm2, TF_R_dnrm2_, D, n, x, incx);
}

TF_EXPORT double dznrm2_(const int *n, const void *x, const int *incx)
{
	return norm(NRM2, TF_R_dznrm2_, TF_R_dznrm2_, Z, *n, x, *incx);
}

TF_EXPORT void dznrm2sub_(const int *n, const void *x, const int *incx, double *result)
{
	*result = norm(NRM2, TF_R_dznrm2sub_, TF_R_dznrm2_, Z, *n, x, *incx);
}

TF_EXPORT double cblas_dznrm2(int n, const void *x, int incx)
{
	return norm(NRM2, TF_R_cblas_dznrm2, TF_R_dznrm2_, Z, n, x, incx);
}

TF_EXPORT double dasum_(const int *n, const double *x, const int *incx)
{
	return norm(ASUM, TF_R_dasum_, TF_R_dasum_, D, *n, x, *incx);
}

TF_EXPORT void dasumsub_(const int *n, const double *x, const int *incx, double *result)
{
	*result = norm(ASUM, TF_R_dasumsub_, TF_R_dasum_, D, *n, x, *incx);
}

TF_EXPORT double cblas_dasum(int n, const double *x, int incx)
{
	return norm(ASUM, TF_R_cblas_dasum, TF_R_dasum_, D, n, x, incx);
}

TF_EXPORT double dzasum_(const int *n, const void *x, const int *incx)
{
	return norm(ASUM, TF_R_dzasum_, TF_R_dzasum_, Z, *n, x, *incx);
}

TF_EXPORT void dzasumsub_(const int *n, const void *x, const int *incx, double *result)
{
	*result = norm(ASUM, TF_R_dzasumsub_, TF_R_dzasum_, Z, *n, x, *incx);
}

TF_EXPORT double cblas_dzasum(int n, const void *x, int incx)
{
	return norm(ASUM, TF_R_cblas_dzasum, TF_R_dzasum_, Z, n, x, incx);
}
