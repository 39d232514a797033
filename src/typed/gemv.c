#include "config.h"

/* The typed GEMV entry points (checks in typed/entry.c); one body per
 * storage shape, as in typed/gemm.c. */
#include "core/export.h"
#include "op/routines.h"
#include "twofold.h"
#include "typed/entry.h"

#define TF_GEMV_ONE_ARRAY(name, FORMAT, E, S, field)                                            \
	TF_EXPORT int name(char trans, int m, int n, S alpha, const E *a, int lda, const E *x,    \
			   int incx, S beta, E *y, int incy)                                      \
	{                                                                                        \
		struct tf_typed_op op = {                                                        \
			.format = FORMAT, .routine = TF_T_##name, .m = m, .n = n,                \
			.alpha.field = alpha, .beta.field = beta, .a = { (void *)a, NULL },      \
			.lda = lda, .x = { (void *)x, NULL }, .incx = incx, .y = { y, NULL },    \
			.incy = incy,                                                            \
		};                                                                               \
		return tf_typed_gemv(&op, trans);                                                \
	}

#define TF_GEMV_PAIR(name, FORMAT, LO)                                                           \
	TF_EXPORT int name(char trans, int m, int n, tf_dd alpha, const double *a_hi,             \
			   const LO *a_lo, int lda, const double *x_hi, const LO *x_lo, int incx, \
			   tf_dd beta, double *y_hi, LO *y_lo, int incy)                          \
	{                                                                                        \
		struct tf_typed_op op = {                                                        \
			.format = FORMAT, .routine = TF_T_##name, .m = m, .n = n,                \
			.alpha.dd = alpha, .beta.dd = beta, .a = { (void *)a_hi, (void *)a_lo }, \
			.lda = lda, .x = { (void *)x_hi, (void *)x_lo }, .incx = incx,           \
			.y = { y_hi, y_lo }, .incy = incy,                                       \
		};                                                                               \
		return tf_typed_gemv(&op, trans);                                                \
	}

TF_GEMV_ONE_ARRAY(tf_ddgemv, TF_FORMAT_DD, tf_dd, tf_dd, dd)
TF_GEMV_PAIR(tf_dsgemv, TF_FORMAT_DS, float)
TF_GEMV_ONE_ARRAY(tf_dspgemv, TF_FORMAT_DSP, tf_ds_packed, tf_dd, dd)
TF_GEMV_PAIR(tf_digemv, TF_FORMAT_DI, int32_t)
TF_GEMV_ONE_ARRAY(tf_dfgemv, TF_FORMAT_DF, tf_df, tf_df, df)
TF_GEMV_ONE_ARRAY(tf_tsgemv, TF_FORMAT_TS, tf_ts, tf_ts, ts)
