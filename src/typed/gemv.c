#include "config.h"

/* The typed GEMV entry points (checks in typed/entry.c). */
#include "core/export.h"
#include "op/routines.h"
#include "twofold.h"
#include "typed/entry.h"

TF_EXPORT int tf_ddgemv(char trans, int m, int n, tf_dd alpha, const tf_dd *a, int lda,
	const tf_dd *x, int incx, tf_dd beta, tf_dd *y, int incy)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DD, .routine = TF_T_tf_ddgemv, .m = m, .n = n,
		.alpha.dd = alpha, .beta.dd = beta, .a = { (void *)a, NULL }, .lda = lda,
		.x = { (void *)x, NULL }, .incx = incx, .y = { (void *)y, NULL }, .incy = incy,
	};
	return tf_typed_gemv(&op, trans);
}

TF_EXPORT int tf_dsgemv(char trans, int m, int n, tf_dd alpha, const double *a_hi, const float *a_lo, int lda,
	const double *x_hi, const float *x_lo, int incx, tf_dd beta, double *y_hi, float *y_lo, int incy)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DS, .routine = TF_T_tf_dsgemv, .m = m, .n = n,
		.alpha.dd = alpha, .beta.dd = beta, .a = { (void *)a_hi, (void *)a_lo }, .lda = lda,
		.x = { (void *)x_hi, (void *)x_lo }, .incx = incx, .y = { (void *)y_hi, (void *)y_lo }, .incy = incy,
	};
	return tf_typed_gemv(&op, trans);
}

TF_EXPORT int tf_dspgemv(char trans, int m, int n, tf_dd alpha, const tf_ds_packed *a, int lda,
	const tf_ds_packed *x, int incx, tf_dd beta, tf_ds_packed *y, int incy)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DSP, .routine = TF_T_tf_dspgemv, .m = m, .n = n,
		.alpha.dd = alpha, .beta.dd = beta, .a = { (void *)a, NULL }, .lda = lda,
		.x = { (void *)x, NULL }, .incx = incx, .y = { (void *)y, NULL }, .incy = incy,
	};
	return tf_typed_gemv(&op, trans);
}

TF_EXPORT int tf_digemv(char trans, int m, int n, tf_dd alpha, const double *a_hi, const int32_t *a_lo, int lda,
	const double *x_hi, const int32_t *x_lo, int incx, tf_dd beta, double *y_hi, int32_t *y_lo, int incy)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DI, .routine = TF_T_tf_digemv, .m = m, .n = n,
		.alpha.dd = alpha, .beta.dd = beta, .a = { (void *)a_hi, (void *)a_lo }, .lda = lda,
		.x = { (void *)x_hi, (void *)x_lo }, .incx = incx, .y = { (void *)y_hi, (void *)y_lo }, .incy = incy,
	};
	return tf_typed_gemv(&op, trans);
}

TF_EXPORT int tf_dfgemv(char trans, int m, int n, tf_df alpha, const tf_df *a, int lda,
	const tf_df *x, int incx, tf_df beta, tf_df *y, int incy)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DF, .routine = TF_T_tf_dfgemv, .m = m, .n = n,
		.alpha.df = alpha, .beta.df = beta, .a = { (void *)a, NULL }, .lda = lda,
		.x = { (void *)x, NULL }, .incx = incx, .y = { (void *)y, NULL }, .incy = incy,
	};
	return tf_typed_gemv(&op, trans);
}

TF_EXPORT int tf_tsgemv(char trans, int m, int n, tf_ts alpha, const tf_ts *a, int lda,
	const tf_ts *x, int incx, tf_ts beta, tf_ts *y, int incy)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_TS, .routine = TF_T_tf_tsgemv, .m = m, .n = n,
		.alpha.ts = alpha, .beta.ts = beta, .a = { (void *)a, NULL }, .lda = lda,
		.x = { (void *)x, NULL }, .incx = incx, .y = { (void *)y, NULL }, .incy = incy,
	};
	return tf_typed_gemv(&op, trans);
}
