#include "config.h"

/* The dot products: ddot_, zdotu_, zdotc_, dsdot_, sdsdot_, their *sub_
 * forms (the subroutines through which the reference's CBLAS calls them)
 * and CBLAS.  The reference checks no argument; n <= 0 gives 0 (sdsdot: sb)
 * without reading x or y. */
#include <complex.h>
#include "core/export.h"
#include "plan/call.h"
#include "plan/plan.h"

/* result: one double, two for complex, a float for sdsdot, written by the
 * backend (or here for n <= 0). */
static enum tf_where run_dot(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type,
			     int conj, int n, double sb, const void *x, int incx, const void *y,
			     int incy, void *result, double *flops)
{
	if (n <= 0) {
		if (blas == TF_R_sdsdot_)
			*(float *)result = (float)sb;
		else if (type == TF_TYPE_Z)
			((double *)result)[0] = ((double *)result)[1] = 0.0;
		else
			*(double *)result = 0.0;
		return TF_WHERE_NO_WORK;
	}
	struct tf_op op = {
		.kind = TF_OP_DOT, .routine = routine, .blas = blas, .type = type, .conj = conj,
		.n = n, .alpha = sb, .x = x, .incx = incx, .y = (double *)y, .incy = incy,
		.result = result,
	};
	tf_call_set_flops(flops, &op);
	return tf_plan_run(&op);
}

/* One entry point: the call bracket around run_dot. */
static void dot(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type, int conj,
		int n, double sb, const void *x, int incx, const void *y, int incy, void *result)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = run_dot(routine, blas, type, conj, n, sb, x, incx, y, incy, result,
				      tf_call_flops(&call, &flops));
	tf_call_end(&call, where, flops);
}

TF_EXPORT double ddot_(const int *n, const double *x, const int *incx, const double *y,
		       const int *incy)
{
	double r;
	dot(TF_R_ddot_, TF_R_ddot_, TF_TYPE_D, 0, *n, 0.0, x, *incx, y, *incy, &r);
	return r;
}

TF_EXPORT void ddotsub_(const int *n, const double *x, const int *incx, const double *y,
			const int *incy, double *result)
{
	dot(TF_R_ddotsub_, TF_R_ddot_, TF_TYPE_D, 0, *n, 0.0, x, *incx, y, *incy, result);
}

TF_EXPORT double cblas_ddot(int n, const double *x, int incx, const double *y, int incy)
{
	double r;
	dot(TF_R_cblas_ddot, TF_R_ddot_, TF_TYPE_D, 0, n, 0.0, x, incx, y, incy, &r);
	return r;
}

TF_EXPORT double _Complex zdotu_(const int *n, const void *x, const int *incx, const void *y,
				 const int *incy)
{
	double r[2];
	dot(TF_R_zdotu_, TF_R_zdotu_, TF_TYPE_Z, 0, *n, 0.0, x, *incx, y, *incy, r);
	return CMPLX(r[0], r[1]);
}

TF_EXPORT double _Complex zdotc_(const int *n, const void *x, const int *incx, const void *y,
				 const int *incy)
{
	double r[2];
	dot(TF_R_zdotc_, TF_R_zdotc_, TF_TYPE_Z, 1, *n, 0.0, x, *incx, y, *incy, r);
	return CMPLX(r[0], r[1]);
}

TF_EXPORT void zdotusub_(const int *n, const void *x, const int *incx, const void *y,
			 const int *incy, void *result)
{
	dot(TF_R_zdotusub_, TF_R_zdotu_, TF_TYPE_Z, 0, *n, 0.0, x, *incx, y, *incy, result);
}

TF_EXPORT void zdotcsub_(const int *n, const void *x, const int *incx, const void *y,
			 const int *incy, void *result)
{
	dot(TF_R_zdotcsub_, TF_R_zdotc_, TF_TYPE_Z, 1, *n, 0.0, x, *incx, y, *incy, result);
}

TF_EXPORT void cblas_zdotu_sub(int n, const void *x, int incx, const void *y, int incy,
			       void *result)
{
	dot(TF_R_cblas_zdotu_sub, TF_R_zdotu_, TF_TYPE_Z, 0, n, 0.0, x, incx, y, incy, result);
}

TF_EXPORT void cblas_zdotc_sub(int n, const void *x, int incx, const void *y, int incy,
			       void *result)
{
	dot(TF_R_cblas_zdotc_sub, TF_R_zdotc_, TF_TYPE_Z, 1, n, 0.0, x, incx, y, incy, result);
}

TF_EXPORT double dsdot_(const int *n, const float *x, const int *incx, const float *y,
			const int *incy)
{
	double r;
	dot(TF_R_dsdot_, TF_R_dsdot_, TF_TYPE_S, 0, *n, 0.0, x, *incx, y, *incy, &r);
	return r;
}

TF_EXPORT void dsdotsub_(const int *n, const float *x, const int *incx, const float *y,
			 const int *incy, double *result)
{
	dot(TF_R_dsdotsub_, TF_R_dsdot_, TF_TYPE_S, 0, *n, 0.0, x, *incx, y, *incy, result);
}

TF_EXPORT double cblas_dsdot(int n, const float *x, int incx, const float *y, int incy)
{
	double r;
	dot(TF_R_cblas_dsdot, TF_R_dsdot_, TF_TYPE_S, 0, n, 0.0, x, incx, y, incy, &r);
	return r;
}

TF_EXPORT float sdsdot_(const int *n, const float *sb, const float *x, const int *incx,
			const float *y, const int *incy)
{
	float r;
	dot(TF_R_sdsdot_, TF_R_sdsdot_, TF_TYPE_S, 0, *n, *sb, x, *incx, y, *incy, &r);
	return r;
}

TF_EXPORT void sdsdotsub_(const int *n, const float *sb, const float *x, const int *incx,
			  const float *y, const int *incy, float *result)
{
	dot(TF_R_sdsdotsub_, TF_R_sdsdot_, TF_TYPE_S, 0, *n, *sb, x, *incx, y, *incy, result);
}

TF_EXPORT float cblas_sdsdot(int n, float sb, const float *x, int incx, const float *y, int incy)
{
	float r;
	dot(TF_R_cblas_sdsdot, TF_R_sdsdot_, TF_TYPE_S, 0, n, sb, x, incx, y, incy, &r);
	return r;
}
