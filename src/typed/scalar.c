#include "config.h"

/* Scalar arithmetic and conversions between the formats, one value at a
 * time: what the Fortran operators (module twofold_operators) and the
 * conversions of module twofold call, so that the error-free
 * transformations are compiled once, here, under the library's rules
 * (-ffp-contract=off), whatever the caller's compiler does. */
#include "core/export.h"
#include "twofold.h"
#include "twofold/arith_di.h"
#include "twofold/arith_ds.h"
#include "twofold/arith_ts.h"

static tf_dd dd_neg(tf_dd a)
{
	return tf_dd_make(-a.hi, -a.lo);
}

static tf_df df_neg(tf_df a)
{
	return tf_df_make(-a.hi, -a.lo);
}

static tf_ts ts_neg(tf_ts a)
{
	return tf_ts_make(-a.x, -a.y, -a.z);
}

/* a + b, a - b and a b in the arithmetic of T (neg: -a, exactly). */
#define TF_SCALAR_ADD_SUB_MUL(T, add_name, sub_name, mul_name, add, mul, neg) \
	TF_EXPORT T add_name(T a, T b)                                       \
	{                                                                    \
		return add(a, b);                                            \
	}                                                                    \
	TF_EXPORT T sub_name(T a, T b)                                       \
	{                                                                    \
		return add(a, neg(b));                                       \
	}                                                                    \
	TF_EXPORT T mul_name(T a, T b)                                       \
	{                                                                    \
		return mul(a, b);                                            \
	}

TF_SCALAR_ADD_SUB_MUL(tf_dd, tf_ddadd, tf_ddsub, tf_ddmul, tf_dd_add, tf_dd_mul, dd_neg)
TF_SCALAR_ADD_SUB_MUL(tf_df, tf_dfadd, tf_dfsub, tf_dfmul, tf_df_add, tf_df_mul, df_neg)
TF_SCALAR_ADD_SUB_MUL(tf_ts, tf_tsadd, tf_tssub, tf_tsmul, tf_ts_add, tf_ts_mul, ts_neg)

/* Long division: q1 = a.hi / b.hi, then the remainder r = a - q1 b (the
 * product by tf_dd_mul_d, relative error 2u^2; the difference by tf_dd_add,
 * whose error is u^2 times the small remainder), q2 = r.hi / b.hi, a second
 * remainder and q3 from it.  q1 + q2 is exact by QuickTwoSum and q3 is added
 * by tf_dd_add_d (2u^2): relative error at most about 4u^2 + O(u^3)
 * (u = 2^-53), for quotients and remainders that neither overflow nor
 * underflow.  b = 0 gives a non-finite result. */
TF_EXPORT tf_dd tf_dddiv(tf_dd a, tf_dd b)
{
	double q1 = a.hi / b.hi;
	tf_dd r = tf_dd_add(a, dd_neg(tf_dd_mul_d(b, q1)));
	double q2 = r.hi / b.hi;
	r = tf_dd_add(r, dd_neg(tf_dd_mul_d(b, q2)));
	double q3 = r.hi / b.hi;
	return tf_dd_add_d(tf_quick_two_sum(q1, q2), q3);
}

/* The long division of tf_dddiv in float (u = 2^-24), the last quotient
 * word added by tf_df_add: relative error at most about 5u^2 + O(u^3) within
 * the range where tf_df_mul_f's bound holds (arith_df.h). */
TF_EXPORT tf_df tf_dfdiv(tf_df a, tf_df b)
{
	float q1 = a.hi / b.hi;
	tf_df r = tf_df_add(a, df_neg(tf_df_mul_f(b, q1)));
	float q2 = r.hi / b.hi;
	r = tf_df_add(r, df_neg(tf_df_mul_f(b, q2)));
	float q3 = r.hi / b.hi;
	return tf_df_add(tf_quick_two_sum_f(q1, q2), tf_df_make(q3, 0.0f));
}

/* Long division with four quotient words, each remainder r - q_i b formed
 * by tf_ts_mul and tf_ts_add, the words summed by tf_ts_add.  From the
 * bounds of arith_ts.h (u = 2^-24): 28u^3 for the first product, 16u^3 for
 * the cancelling sum that forms the first remainder, 8u^3 for each of the
 * three sums of quotient words, the rest O(u^4): relative error at most
 * about 70u^3, in the range where tf_ts_mul's bound holds.  (Division is
 * plain IEEE division: nothing to contract.) */
TF_EXPORT tf_ts tf_tsdiv(tf_ts a, tf_ts b)
{
	tf_ts q = tf_ts_make(0.0f, 0.0f, 0.0f);
	tf_ts r = a;
	for (int word = 0; word < 4; word++) {
		tf_ts qi = tf_ts_make(r.x / b.x, 0.0f, 0.0f);
		q = word == 0 ? qi : tf_ts_add(q, qi);
		if (word < 3)
			r = tf_ts_add(r, ts_neg(tf_ts_mul(b, qi)));
	}
	return q;
}

TF_EXPORT tf_ds tf_dd2ds(tf_dd value)
{
	return tf_ds_from_dd(value);
}

TF_EXPORT tf_dd tf_ds2dd(tf_ds value)
{
	return tf_ds_to_dd(value);
}

TF_EXPORT tf_di tf_dd2di(tf_dd value)
{
	return tf_di_from_dd(value);
}

TF_EXPORT tf_dd tf_di2dd(tf_di value)
{
	return tf_di_to_dd(value);
}

TF_EXPORT tf_ts tf_dd2ts(tf_dd value)
{
	return tf_ts_from_dd(value);
}

TF_EXPORT tf_dd tf_ts2dd(tf_ts value)
{
	return tf_ts_to_dd(value);
}
