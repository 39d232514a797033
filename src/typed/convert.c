#include "config.h"

/* Conversions between double and each format, scalars and arrays (on the
 * CPU), through the arithmetic's own conversions. */
#include <string.h>
#include "core/export.h"
#include "op/typed_op.h"
#include "twofold.h"
#include "twofold/arith_di.h"
#include "twofold/arith_ds.h"
#include "twofold/arith_ts.h"

/* A zero's low word takes its sign, as the DD -> DS and DI conversions
 * give it: hi + lo is then the same zero. */
TF_EXPORT tf_dd tf_d2dd(double value)
{
	return tf_dd_make(value, value == 0.0 ? value : 0.0);
}

TF_EXPORT tf_ds tf_d2ds(double value)
{
	return tf_ds_make(value, value == 0.0 ? (float)value : 0.0f);
}

TF_EXPORT tf_di tf_d2di(double value)
{
	return tf_di_make(value, value == 0.0 ? tf_di_encode(value) : 0);
}

/* From float's overflow threshold on (the split itself overflows from
 * 2^994 on, giving NaN), and for Inf and NaN: float's conversion, +-Inf or
 * NaN, with lo = 0. */
TF_EXPORT tf_df tf_d2df(double value)
{
	if (!(fabs(value) < 0x1p128))
		return tf_df_make((float)value, 0.0f);
	return tf_df_from_double(value);
}

TF_EXPORT tf_ts tf_d2ts(double value)
{
	return tf_ts_from_double(value);
}

TF_EXPORT double tf_dd2d(tf_dd value)
{
	return tf_dd_to_double(value);
}

TF_EXPORT double tf_ds2d(tf_ds value)
{
	return tf_dd_to_double(tf_ds_to_dd(value));
}

TF_EXPORT double tf_di2d(tf_di value)
{
	return tf_dd_to_double(tf_di_to_dd(value));
}

TF_EXPORT double tf_df2d(tf_df value)
{
	return tf_df_to_double(value);
}

TF_EXPORT double tf_ts2d(tf_ts value)
{
	return tf_ts_to_double(value);
}

TF_EXPORT tf_ds_packed tf_dsp_set(tf_ds value)
{
	tf_ds_packed packed;
	memcpy(packed.hi_words, &value.hi, sizeof value.hi);
	packed.lo = value.lo;
	return packed;
}

TF_EXPORT tf_ds tf_dsp_get(tf_ds_packed value)
{
	double hi;
	memcpy(&hi, value.hi_words, sizeof hi);
	return tf_ds_make(hi, value.lo);
}

TF_EXPORT tf_ds_packed tf_d2dsp(double value)
{
	return tf_dsp_set(tf_d2ds(value));
}

TF_EXPORT double tf_dsp2d(tf_ds_packed value)
{
	return tf_ds2d(tf_dsp_get(value));
}

/* The array forms: n elements with strides as in BLAS.  One body for the
 * formats stored in one array of elements E, one for the pairs of arrays
 * (double hi, LO lo) whose scalar type is P. */
#define TF_ARRAYS_ONE(to_name, from_name, E, to_scalar, from_scalar)                        \
	TF_EXPORT int to_name(int n, const double *x, int incx, E *y, int incy)              \
	{                                                                                   \
		for (int i = 0; i < n; i++)                                                 \
			y[tf_typed_offset(n, incy, i)] = to_scalar(x[tf_typed_offset(n, incx, i)]); \
		return 0;                                                                   \
	}                                                                                   \
	TF_EXPORT int from_name(int n, const E *x, int incx, double *y, int incy)            \
	{                                                                                   \
		for (int i = 0; i < n; i++)                                                 \
			y[tf_typed_offset(n, incy, i)] = from_scalar(x[tf_typed_offset(n, incx, i)]); \
		return 0;                                                                   \
	}

#define TF_ARRAYS_PAIR(to_name, from_name, P, LO, make, to_scalar, from_scalar)               \
	TF_EXPORT int to_name(int n, const double *x, int incx, double *y_hi, LO *y_lo, int incy) \
	{                                                                                       \
		for (int i = 0; i < n; i++) {                                                   \
			P v = to_scalar(x[tf_typed_offset(n, incx, i)]);                        \
			y_hi[tf_typed_offset(n, incy, i)] = v.hi;                               \
			y_lo[tf_typed_offset(n, incy, i)] = v.lo;                               \
		}                                                                               \
		return 0;                                                                       \
	}                                                                                       \
	TF_EXPORT int from_name(int n, const double *x_hi, const LO *x_lo, int incx, double *y,  \
				int incy)                                                       \
	{                                                                                       \
		for (int i = 0; i < n; i++) {                                                   \
			size_t at = tf_typed_offset(n, incx, i);                                \
			y[tf_typed_offset(n, incy, i)] = from_scalar(make(x_hi[at], x_lo[at])); \
		}                                                                               \
		return 0;                                                                       \
	}

TF_ARRAYS_ONE(tf_d2dd_array, tf_dd2d_array, tf_dd, tf_d2dd, tf_dd2d)
TF_ARRAYS_PAIR(tf_d2ds_array, tf_ds2d_array, tf_ds, float, tf_ds_make, tf_d2ds, tf_ds2d)
TF_ARRAYS_ONE(tf_d2dsp_array, tf_dsp2d_array, tf_ds_packed, tf_d2dsp, tf_dsp2d)
TF_ARRAYS_PAIR(tf_d2di_array, tf_di2d_array, tf_di, int32_t, tf_di_make, tf_d2di, tf_di2d)
TF_ARRAYS_ONE(tf_d2df_array, tf_df2d_array, tf_df, tf_d2df, tf_df2d)
TF_ARRAYS_ONE(tf_d2ts_array, tf_ts2d_array, tf_ts, tf_d2ts, tf_ts2d)
