#include "config.h"

/* The typed AXPY and DOT entry points (checks in typed/entry.c); one body
 * per storage shape, as in typed/gemm.c.  A DOT's result is a scalar S. */
#include "core/export.h"
#include "op/routines.h"
#include "twofold.h"
#include "typed/entry.h"

#define TF_AXPY_ONE_ARRAY(name, FORMAT, E, S, field)                                            \
	TF_EXPORT int name(int n, S alpha, const E *x, int incx, E *y, int incy)                  \
	{                                                                                        \
		struct tf_typed_op op = {                                                        \
			.format = FORMAT, .routine = TF_T_##name, .n = n, .alpha.field = alpha,  \
			.x = { (void *)x, NULL }, .incx = incx, .y = { y, NULL }, .incy = incy,  \
		};                                                                               \
		return tf_typed_axpy(&op);                                                       \
	}

#define TF_AXPY_PAIR(name, FORMAT, LO)                                                           \
	TF_EXPORT int name(int n, tf_dd alpha, const double *x_hi, const LO *x_lo, int incx,      \
			   double *y_hi, LO *y_lo, int incy)                                      \
	{                                                                                        \
		struct tf_typed_op op = {                                                        \
			.format = FORMAT, .routine = TF_T_##name, .n = n, .alpha.dd = alpha,     \
			.x = { (void *)x_hi, (void *)x_lo }, .incx = incx, .y = { y_hi, y_lo },  \
			.incy = incy,                                                            \
		};                                                                               \
		return tf_typed_axpy(&op);                                                       \
	}

#define TF_DOT_ONE_ARRAY(name, FORMAT, E, S)                                                    \
	TF_EXPORT int name(int n, const E *x, int incx, const E *y, int incy, S *result)          \
	{                                                                                        \
		struct tf_typed_op op = {                                                        \
			.format = FORMAT, .routine = TF_T_##name, .n = n,                        \
			.x = { (void *)x, NULL }, .incx = incx, .y = { (void *)y, NULL },        \
			.incy = incy, .result = result,                                          \
		};                                                                               \
		return tf_typed_dot(&op);                                                        \
	}

#define TF_DOT_PAIR(name, FORMAT, LO)                                                            \
	TF_EXPORT int name(int n, const double *x_hi, const LO *x_lo, int incx,                   \
			   const double *y_hi, const LO *y_lo, int incy, tf_dd *result)           \
	{                                                                                        \
		struct tf_typed_op op = {                                                        \
			.format = FORMAT, .routine = TF_T_##name, .n = n,                        \
			.x = { (void *)x_hi, (void *)x_lo }, .incx = incx,                       \
			.y = { (void *)y_hi, (void *)y_lo }, .incy = incy, .result = result,     \
		};                                                                               \
		return tf_typed_dot(&op);                                                        \
	}

TF_AXPY_ONE_ARRAY(tf_ddaxpy, TF_FORMAT_DD, tf_dd, tf_dd, dd)
TF_AXPY_PAIR(tf_dsaxpy, TF_FORMAT_DS, float)
TF_AXPY_ONE_ARRAY(tf_dspaxpy, TF_FORMAT_DSP, tf_ds_packed, tf_dd, dd)
TF_AXPY_PAIR(tf_diaxpy, TF_FORMAT_DI, int32_t)
TF_AXPY_ONE_ARRAY(tf_dfaxpy, TF_FORMAT_DF, tf_df, tf_df, df)
TF_AXPY_ONE_ARRAY(tf_tsaxpy, TF_FORMAT_TS, tf_ts, tf_ts, ts)

TF_DOT_ONE_ARRAY(tf_dddot, TF_FORMAT_DD, tf_dd, tf_dd)
TF_DOT_PAIR(tf_dsdot, TF_FORMAT_DS, float)
TF_DOT_ONE_ARRAY(tf_dspdot, TF_FORMAT_DSP, tf_ds_packed, tf_dd)
TF_DOT_PAIR(tf_didot, TF_FORMAT_DI, int32_t)
TF_DOT_ONE_ARRAY(tf_dfdot, TF_FORMAT_DF, tf_df, tf_df)
TF_DOT_ONE_ARRAY(tf_tsdot, TF_FORMAT_TS, tf_ts, tf_ts)
