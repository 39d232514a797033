/* The arithmetics the kernel templates are expanded for: how an element of
 * A or B is held, how products are accumulated, how a sum becomes DD.
 *
 * dd_arith and df_arith serve the drop-in path (double elements in, double
 * out): load(double), and to_dd, save and resume for its epilogue and its
 * chunks.  The typed path (storage formats, kernels/typed_formats.cuh) takes
 * from an arithmetic: work_t, the number its epilogue computes in (that of
 * storage<F>), from_work(work_t) -> value_t, exact, and to_work(acc) ->
 * work_t, exact for a renormalized acc.  Every arithmetic has value_t, acc_t,
 * zero(), mac(acc, a, b) and renormalize(acc), called once per slab of the
 * GEMM's inner dimension. */
#ifndef TF_KERNELS_ARITH_TRAITS_CUH
#define TF_KERNELS_ARITH_TRAITS_CUH

#include "twofold/arith_dd.h"
#include "twofold/arith_df.h"
#include "twofold/arith_ts.h"

namespace tf {

/* DD: double elements, double-double sums (10 operations a step, the lazy
 * accumulation of arith_dd.h, renormalized once per slab). */
struct dd_arith {
	typedef double value_t;
	typedef tf_dd acc_t;
	/* How many mac steps an accumulator may take between renormalizations
	 * (the bound of tf_dd_fma_lazy). */
	static constexpr int lazy_steps = 32;
	static __device__ __forceinline__ value_t load(double x) { return x; }
	static __device__ __forceinline__ acc_t zero() { return tf_dd_make(0.0, 0.0); }
	static __device__ __forceinline__ void mac(acc_t &acc, value_t a, value_t b)
	{
		acc = tf_dd_fma_lazy(acc, a, b);
	}
	static __device__ __forceinline__ void renormalize(acc_t &acc) { acc = tf_dd_renormalize(acc); }
	static __device__ __forceinline__ tf_dd to_dd(acc_t acc) { return acc; }
	static __device__ __forceinline__ void save(acc_t acc, double &hi, double &lo)
	{
		hi = acc.hi;
		lo = acc.lo;
	}
	static __device__ __forceinline__ void resume(acc_t &acc, double hi, double lo)
	{
		acc = tf_dd_make(hi, lo);
	}
};

/* DF, the D(DF) scheme: double elements split into float pairs as they are
 * loaded, products of pairs accumulated in DF (12 float operations a step:
 * the product's leading part and its error by FMA, the sum's by TwoSum, no
 * renormalization until the slab ends), the sum turned into DD for the
 * epilogue. */
struct df_arith {
	typedef float2 value_t;
	typedef tf_df acc_t;
	typedef tf_df work_t;
	/* mac steps between renormalizations (the GEMV kernels' bound). */
	static constexpr int lazy_steps = 16;
	static __device__ __forceinline__ value_t load(double x)
	{
		tf_df d = tf_df_from_double(x);
		return make_float2(d.hi, d.lo);
	}
	static __device__ __forceinline__ acc_t zero() { return tf_df_make(0.0f, 0.0f); }
	static __device__ __forceinline__ void mac(acc_t &acc, value_t a, value_t b)
	{
		float p = TF_FMUL(a.x, b.x);
		float e = TF_FFMA(a.x, b.x, -p);
		e = TF_FFMA(a.x, b.y, e);
		e = TF_FFMA(a.y, b.x, e);
		tf_df s = tf_two_sum_f(acc.hi, p);
		acc = tf_df_make(s.hi, TF_FADD(acc.lo, TF_FADD(s.lo, e)));
	}
	static __device__ __forceinline__ void renormalize(acc_t &acc) { acc = tf_two_sum_f(acc.hi, acc.lo); }
	static __device__ __forceinline__ tf_dd to_dd(acc_t acc)
	{
		return tf_two_sum((double)acc.hi, (double)acc.lo);
	}
	/* The two floats, each exactly a double: resumed exactly. */
	static __device__ __forceinline__ void save(acc_t acc, double &hi, double &lo)
	{
		hi = acc.hi;
		lo = acc.lo;
	}
	static __device__ __forceinline__ void resume(acc_t &acc, double hi, double lo)
	{
		acc = tf_df_make((float)hi, (float)lo);
	}
	/* Format DF: its elements are DF pairs already, taken as they are. */
	static __device__ __forceinline__ value_t from_work(tf_df x)
	{
		return make_float2(x.hi, x.lo);
	}
	static __device__ __forceinline__ tf_df to_work(acc_t acc) { return acc; }
};

/* DD operands (formats DD, DS, DSP and DI, loaded as DD): products of DD
 * pairs accumulated in DD, lazily, 12 operations a step:
 *   p + e0 = a.hi b.hi exactly (TwoProd), e = e0 + a.hi b.lo + a.lo b.hi
 *   (two FMAs; a.lo b.lo, below u^2 |ab|, is left out), s.hi + s.lo =
 *   acc.hi + p exactly (TwoSum), acc = (s.hi, acc.lo + (s.lo + e)).
 * As tf_dd_fma_lazy, acc.lo is not brought back below ulp(acc.hi)/2 until
 * renormalize(), once per slab.  u = 2^-53; bounds to first order in u, for
 * normalized operands (|lo| <= ulp(hi)/2) whose products neither overflow
 * nor underflow:
 *   one step from a normalized acc, then renormalized: error at most
 *   3u^2 |acc + ab| + 13u^2 |ab| (the product's roundings and the dropped
 *   term 6u^2 |ab|, the two additions into lo the rest);
 *   a dot product of k terms renormalized every s steps: error at most
 *   ((1 + s/2) k + 3s + 9) u^2 sum |a_i b_i| (the rounding of acc.lo grows
 *   with lo over a slab), about 5k u^2 sum |a_i b_i| for s = 8.
 * Random roundings make it of order sqrt(k) u^2 in practice.  The epilogue
 * (alpha, beta) is tf_dd_mul and tf_dd_add, 4u^2 and 3u^2 more. */
struct dd_pair_arith {
	typedef double2 value_t; /* 16-byte aligned: one 128-bit access */
	typedef tf_dd acc_t;
	typedef tf_dd work_t;
	static __device__ __forceinline__ value_t from_work(tf_dd x)
	{
		return make_double2(x.hi, x.lo);
	}
	static __device__ __forceinline__ acc_t zero() { return tf_dd_make(0.0, 0.0); }
	static __device__ __forceinline__ void mac(acc_t &acc, value_t a, value_t b)
	{
		double p = TF_DMUL(a.x, b.x);
		double e = TF_DFMA(a.x, b.x, -p);
		e = TF_DFMA(a.x, b.y, e);
		e = TF_DFMA(a.y, b.x, e);
		tf_dd s = tf_two_sum(acc.hi, p);
		acc = tf_dd_make(s.hi, TF_DADD(acc.lo, TF_DADD(s.lo, e)));
	}
	static __device__ __forceinline__ void renormalize(acc_t &acc)
	{
		acc = tf_dd_renormalize(acc);
	}
	static __device__ __forceinline__ tf_dd to_work(acc_t acc) { return acc; }
};

/* TS (format TS): every step tf_ts_add(acc, tf_ts_mul(a, b)), so acc stays
 * normalized and renormalize() has nothing to do.  u = 2^-24: a step errs by
 * at most (28 + 2^-8) u^3 |ab| + (8 + 2^-13) u^3 (|acc| + |ab|) (the bounds
 * of arith_ts.h), a dot product of k terms by at most about
 * (8k + 36) u^3 sum |a_i b_i|, with the ranges of tf_ts_mul
 * (2^-50 <= |a.x b.x| <= 2^126) and tf_ts_add. */
struct ts_arith {
	typedef tf_ts value_t;
	typedef tf_ts acc_t;
	typedef tf_ts work_t;
	static __device__ __forceinline__ value_t from_work(tf_ts x) { return x; }
	static __device__ __forceinline__ acc_t zero() { return tf_ts_make(0.0f, 0.0f, 0.0f); }
	static __device__ __forceinline__ void mac(acc_t &acc, value_t a, value_t b)
	{
		acc = tf_ts_add(acc, tf_ts_mul(a, b));
	}
	static __device__ __forceinline__ void renormalize(acc_t &) {}
	static __device__ __forceinline__ tf_ts to_work(acc_t acc) { return acc; }
};

/* An operand of DS arithmetic: the DS pair, and its leading word rounded
 * to float once, as it is staged, for the cross terms. */
struct __align__(16) ds_operand {
	double hi;
	float hi_f;
	float lo;
};

/* DS arithmetic (format DS, tf_dsgemm_dsarith), kept to compare with DS
 * computed in DD: leading words in double, trailing words in float.  A step:
 *   p + e = a.hi b.hi exactly (TwoProd, double); cross = a.hi b.lo +
 *   a.lo b.hi in float (a.hi rounded to float); s.hi + s.lo = acc.hi + p
 *   exactly (TwoSum, double); acc = (s.hi, acc.lo + (float(s.lo + e) +
 *   cross)), the trailing words summed in float;
 * 9 double operations, one conversion and 4 float operations.
 * renormalize(): (hi, lo) = TwoSum(hi, lo), lo rounded to float.  The
 * result is rounded to DS after alpha and beta, applied in DD.
 * Accuracy, with u_d = 2^-53, u_f = 2^-24 and u_d u_f = 2^-77, to first
 * order: a step from a renormalized acc errs by at most
 * 2^-77 (4 |acc + ab| + 12 |ab|) (every float rounding costs u_f times a
 * trailing word of the size of u_d times the sum or the product); a dot
 * product of k terms renormalized every s steps by at most about
 * ((2 + s/2) k + 3s + 12) 2^-77 sum |a_i b_i|, about 6k 2^-77 for s = 8:
 * log2(6k) bits fewer than DS computed in DD, whose result is within
 * about 5k 2^-106 before its one rounding to DS (2^-77).
 * Range: the leading words rounded to float and the trailing words must
 * lie in float's range: elements below 2^128 and sums below about 2^181 in
 * magnitude, else the result is not finite (never a finite wrong value);
 * trailing words below 2^-126 lose bits, down to an absolute 2^-150 a
 * step. */
struct ds_arith {
	typedef ds_operand value_t;
	typedef tf_ds acc_t;
	typedef tf_dd work_t;
	static __device__ __forceinline__ value_t from_work(tf_dd x)
	{
		ds_operand v;
		v.hi = x.hi;
		v.hi_f = __double2float_rn(x.hi);
		v.lo = __double2float_rn(x.lo); /* exact: a DS element's lo is a float */
		return v;
	}
	static __device__ __forceinline__ acc_t zero()
	{
		tf_ds r;
		r.hi = 0.0;
		r.lo = 0.0f;
		return r;
	}
	static __device__ __forceinline__ void mac(acc_t &acc, value_t a, value_t b)
	{
		double p = TF_DMUL(a.hi, b.hi);
		double e = TF_DFMA(a.hi, b.hi, -p);
		float cross = TF_FFMA(a.hi_f, b.lo, TF_FMUL(a.lo, b.hi_f));
		tf_dd s = tf_two_sum(acc.hi, p);
		float tail = __double2float_rn(TF_DADD(s.lo, e));
		acc.hi = s.hi;
		acc.lo = TF_FADD(acc.lo, TF_FADD(tail, cross));
	}
	static __device__ __forceinline__ void renormalize(acc_t &acc)
	{
		tf_dd s = tf_two_sum(acc.hi, (double)acc.lo);
		acc.hi = s.hi;
		acc.lo = __double2float_rn(s.lo);
	}
	static __device__ __forceinline__ tf_dd to_work(acc_t acc)
	{
		return tf_dd_make(acc.hi, (double)acc.lo);
	}
};

} /* namespace tf */

#endif
