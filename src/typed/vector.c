#include "config.h"

/* The typed AXPY and DOT entry points (checks in typed/entry.c). */
#include "core/export.h"
#include "op/routines.h"
#include "twofold.h"
#include "typed/entry.h"

TF_EXPORT int tf_ddaxpy(int n, tf_dd alpha, const tf_dd *x, int incx, tf_dd *y, int incy)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DD, .routine = TF_T_tf_ddaxpy, .n = n, .alpha.dd = alpha,
		.x = { (void *)x, NULL }, .incx = incx, .y = { (void *)y, NULL }, .incy = incy,
	};
	return tf_typed_axpy(&op);
}

TF_EXPORT int tf_dsaxpy(int n, tf_dd alpha, const double *x_hi, const float *x_lo, int incx, double *y_hi, float *y_lo, int incy)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DS, .routine = TF_T_tf_dsaxpy, .n = n, .alpha.dd = alpha,
		.x = { (void *)x_hi, (void *)x_lo }, .incx = incx, .y = { (void *)y_hi, (void *)y_lo }, .incy = incy,
	};
	return tf_typed_axpy(&op);
}

TF_EXPORT int tf_dspaxpy(int n, tf_dd alpha, const tf_ds_packed *x, int incx, tf_ds_packed *y, int incy)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DSP, .routine = TF_T_tf_dspaxpy, .n = n, .alpha.dd = alpha,
		.x = { (void *)x, NULL }, .incx = incx, .y = { (void *)y, NULL }, .incy = incy,
	};
	return tf_typed_axpy(&op);
}

TF_EXPORT int tf_diaxpy(int n, tf_dd alpha, const double *x_hi, const int32_t *x_lo, int incx, double *y_hi, int32_t *y_lo, int incy)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DI, .routine = TF_T_tf_diaxpy, .n = n, .alpha.dd = alpha,
		.x = { (void *)x_hi, (void *)x_lo }, .incx = incx, .y = { (void *)y_hi, (void *)y_lo }, .incy = incy,
	};
	return tf_typed_axpy(&op);
}

TF_EXPORT int tf_dfaxpy(int n, tf_df alpha, const tf_df *x, int incx, tf_df *y, int incy)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DF, .routine = TF_T_tf_dfaxpy, .n = n, .alpha.df = alpha,
		.x = { (void *)x, NULL }, .incx = incx, .y = { (void *)y, NULL }, .incy = incy,
	};
	return tf_typed_axpy(&op);
}

TF_EXPORT int tf_tsaxpy(int n, tf_ts alpha, const tf_ts *x, int incx, tf_ts *y, int incy)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_TS, .routine = TF_T_tf_tsaxpy, .n = n, .alpha.ts = alpha,
		.x = { (void *)x, NULL }, .incx = incx, .y = { (void *)y, NULL }, .incy = incy,
	};
	return tf_typed_axpy(&op);
}

TF_EXPORT int tf_dddot(int n, const tf_dd *x, int incx, const tf_dd *y, int incy, tf_dd *result)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DD, .routine = TF_T_tf_dddot, .n = n,
		.x = { (void *)x, NULL }, .incx = incx, .y = { (void *)y, NULL }, .incy = incy,
		.result = result,
	};
	return tf_typed_dot(&op);
}

TF_EXPORT int tf_dsdot(int n, const double *x_hi, const float *x_lo, int incx, const double *y_hi, const float *y_lo, int incy, tf_dd *result)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DS, .routine = TF_T_tf_dsdot, .n = n,
		.x = { (void *)x_hi, (void *)x_lo }, .incx = incx, .y = { (void *)y_hi, (void *)y_lo }, .incy = incy,
		.result = result,
	};
	return tf_typed_dot(&op);
}

TF_EXPORT int tf_dspdot(int n, const tf_ds_packed *x, int incx, const tf_ds_packed *y, int incy, tf_dd *result)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DSP, .routine = TF_T_tf_dspdot, .n = n,
		.x = { (void *)x, NULL }, .incx = incx, .y = { (void *)y, NULL }, .incy = incy,
		.result = result,
	};
	return tf_typed_dot(&op);
}

TF_EXPORT int tf_didot(int n, const double *x_hi, const int32_t *x_lo, int incx, const double *y_hi, const int32_t *y_lo, int incy, tf_dd *result)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DI, .routine = TF_T_tf_didot, .n = n,
		.x = { (void *)x_hi, (void *)x_lo }, .incx = incx, .y = { (void *)y_hi, (void *)y_lo }, .incy = incy,
		.result = result,
	};
	return tf_typed_dot(&op);
}

TF_EXPORT int tf_dfdot(int n, const tf_df *x, int incx, const tf_df *y, int incy, tf_df *result)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DF, .routine = TF_T_tf_dfdot, .n = n,
		.x = { (void *)x, NULL }, .incx = incx, .y = { (void *)y, NULL }, .incy = incy,
		.result = result,
	};
	return tf_typed_dot(&op);
}

TF_EXPORT int tf_tsdot(int n, const tf_ts *x, int incx, const tf_ts *y, int incy, tf_ts *result)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_TS, .routine = TF_T_tf_tsdot, .n = n,
		.x = { (void *)x, NULL }, .incx = incx, .y = { (void *)y, NULL }, .incy = incy,
		.result = result,
	};
	return tf_typed_dot(&op);
}
