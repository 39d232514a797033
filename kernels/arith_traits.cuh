/* The arithmetics the kernel templates are expanded for: how an element of
 * A or B is held, how products are accumulated, how a sum becomes DD. */
#ifndef TF_KERNELS_ARITH_TRAITS_CUH
#define TF_KERNELS_ARITH_TRAITS_CUH

#include "twofold/arith_dd.h"

namespace tf {

/* DD: double elements, double-double sums (10 operations a step, the lazy
 * accumulation of arith_dd.h, renormalized once per slab). */
struct dd_arith {
	typedef double value_t;
	typedef tf_dd acc_t;
	static __device__ __forceinline__ value_t load(double x) { return x; }
	static __device__ __forceinline__ acc_t zero() { return tf_dd_make(0.0, 0.0); }
	static __device__ __forceinline__ void mac(acc_t &acc, value_t a, value_t b)
	{
		acc = tf_dd_fma_lazy(acc, a, b);
	}
	static __device__ __forceinline__ void renormalize(acc_t &acc) { acc = tf_dd_renormalize(acc); }
	static __device__ __forceinline__ tf_dd to_dd(acc_t acc) { return acc; }
	static __device__ __forceinline__ void add_dd(acc_t &acc, double hi, double lo)
	{
		acc = tf_dd_make(hi, lo);
	}
};

} /* namespace tf */

#endif
