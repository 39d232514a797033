/* The arithmetics the kernel templates are expanded for: how an element of
 * A or B is held, how products are accumulated, how a sum becomes DD. */
#ifndef TF_KERNELS_ARITH_TRAITS_CUH
#define TF_KERNELS_ARITH_TRAITS_CUH

#include "twofold/arith_dd.h"
#include "twofold/arith_df.h"

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
};

} /* namespace tf */

#endif
