/* How the typed kernels read and write each storage format, and the
 * working arithmetic each format computes in.  The kernel bodies are
 * templates over `storage<F>`; everything format-specific is here.
 *
 * storage<F>:
 *   work_t             the working arithmetic's number (tf_dd, tf_df, tf_ts)
 *   load(array, i)     element i (an offset from the array's start, in
 *                      elements) as a work_t, exactly
 *   store(array, i, v) v rounded once to the format, written to element i
 *   scalar(s)          the work_t of a union tf_scalar
 * work<T> (T = tf_dd, tf_df, tf_ts): zero(), add(a, b), mul(a, b),
 *   fma(acc, a, b) = acc + a b (product and sum each in the arithmetic).
 *
 * DS and DI are two arrays (hi[i], lo[i]); DD, DF and TS one array of
 * structures; DS packed one array of 12-byte elements, 4-byte aligned, read
 * and written as three 32-bit words (a double there may be misaligned).
 * Every access needs only the alignment of the format's C type (8 bytes for
 * tf_dd, 4 for tf_df): a user's array may start at any element.
 *
 * Three views of the same layouts, each built on storage<F>: storage<F>
 * (one element), storage_words<F> (the GEMM's staging), access<F> (the
 * memory-bound kernels' vector loads). */
#ifndef TF_KERNELS_TYPED_FORMATS_CUH
#define TF_KERNELS_TYPED_FORMATS_CUH

#include <stdint.h>
#include "kernels/typed.h"
#include "twofold/arith_dd.h"
#include "twofold/arith_df.h"
#include "twofold/arith_di.h"
#include "twofold/arith_ds.h"
#include "twofold/arith_ts.h"

namespace tf {

template <class T> struct work;

template <> struct work<tf_dd> {
	static __device__ __forceinline__ tf_dd zero() { return tf_dd_make(0.0, 0.0); }
	static __device__ __forceinline__ tf_dd add(tf_dd a, tf_dd b) { return tf_dd_add(a, b); }
	static __device__ __forceinline__ tf_dd mul(tf_dd a, tf_dd b) { return tf_dd_mul(a, b); }
	static __device__ __forceinline__ tf_dd fma(tf_dd acc, tf_dd a, tf_dd b)
	{
		return tf_dd_add(acc, tf_dd_mul(a, b));
	}
	static __device__ __forceinline__ bool is_zero(tf_dd a) { return a.hi == 0.0 && a.lo == 0.0; }
};

template <> struct work<tf_df> {
	static __device__ __forceinline__ tf_df zero() { return tf_df_make(0.0f, 0.0f); }
	static __device__ __forceinline__ tf_df add(tf_df a, tf_df b) { return tf_df_add(a, b); }
	static __device__ __forceinline__ tf_df mul(tf_df a, tf_df b) { return tf_df_mul(a, b); }
	static __device__ __forceinline__ tf_df fma(tf_df acc, tf_df a, tf_df b)
	{
		return tf_df_add(acc, tf_df_mul(a, b));
	}
	static __device__ __forceinline__ bool is_zero(tf_df a) { return a.hi == 0.0f && a.lo == 0.0f; }
};

template <> struct work<tf_ts> {
	static __device__ __forceinline__ tf_ts zero() { return tf_ts_make(0.0f, 0.0f, 0.0f); }
	static __device__ __forceinline__ tf_ts add(tf_ts a, tf_ts b) { return tf_ts_add(a, b); }
	static __device__ __forceinline__ tf_ts mul(tf_ts a, tf_ts b) { return tf_ts_mul(a, b); }
	static __device__ __forceinline__ tf_ts fma(tf_ts acc, tf_ts a, tf_ts b)
	{
		return tf_ts_add(acc, tf_ts_mul(a, b));
	}
	static __device__ __forceinline__ bool is_zero(tf_ts a)
	{
		return a.x == 0.0f && a.y == 0.0f && a.z == 0.0f;
	}
};

template <enum tf_format F> struct storage;

template <> struct storage<TF_FORMAT_DD> {
	typedef tf_dd work_t;
	/* Word by word: a tf_dd array is only 8-byte aligned. */
	static __device__ __forceinline__ tf_dd load(const tf_array &a, size_t i)
	{
		const double *p = static_cast<const double *>(a.hi) + 2 * i;
		return tf_dd_make(p[0], p[1]);
	}
	static __device__ __forceinline__ void store(const tf_array &a, size_t i, tf_dd v)
	{
		double *p = static_cast<double *>(a.hi) + 2 * i;
		p[0] = v.hi;
		p[1] = v.lo;
	}
	static __device__ __forceinline__ tf_dd scalar(const tf_scalar &s) { return s.dd; }
};

template <> struct storage<TF_FORMAT_DS> {
	typedef tf_dd work_t;
	static __device__ __forceinline__ tf_dd load(const tf_array &a, size_t i)
	{
		return tf_dd_make(static_cast<const double *>(a.hi)[i],
				  (double)static_cast<const float *>(a.lo)[i]);
	}
	static __device__ __forceinline__ void store(const tf_array &a, size_t i, tf_dd v)
	{
		tf_ds r = tf_ds_from_dd(v);
		static_cast<double *>(a.hi)[i] = r.hi;
		static_cast<float *>(a.lo)[i] = r.lo;
	}
	static __device__ __forceinline__ tf_dd scalar(const tf_scalar &s) { return s.dd; }
};

template <> struct storage<TF_FORMAT_DSP> {
	typedef tf_dd work_t;
	static __device__ __forceinline__ tf_dd load(const tf_array &a, size_t i)
	{
		const uint32_t *w = static_cast<const uint32_t *>(a.hi) + 3 * i;
		double hi = __hiloint2double((int)w[1], (int)w[0]);
		return tf_dd_make(hi, (double)__uint_as_float(w[2]));
	}
	static __device__ __forceinline__ void store(const tf_array &a, size_t i, tf_dd v)
	{
		tf_ds r = tf_ds_from_dd(v);
		uint32_t *w = static_cast<uint32_t *>(a.hi) + 3 * i;
		w[0] = (uint32_t)__double2loint(r.hi);
		w[1] = (uint32_t)__double2hiint(r.hi);
		w[2] = __float_as_uint(r.lo);
	}
	static __device__ __forceinline__ tf_dd scalar(const tf_scalar &s) { return s.dd; }
};

template <> struct storage<TF_FORMAT_DI> {
	typedef tf_dd work_t;
	static __device__ __forceinline__ tf_dd load(const tf_array &a, size_t i)
	{
		return tf_dd_make(static_cast<const double *>(a.hi)[i],
				  tf_di_decode(static_cast<const int32_t *>(a.lo)[i]));
	}
	static __device__ __forceinline__ void store(const tf_array &a, size_t i, tf_dd v)
	{
		tf_di r = tf_di_from_dd(v);
		static_cast<double *>(a.hi)[i] = r.hi;
		static_cast<int32_t *>(a.lo)[i] = r.lo;
	}
	static __device__ __forceinline__ tf_dd scalar(const tf_scalar &s) { return s.dd; }
};

template <> struct storage<TF_FORMAT_DF> {
	typedef tf_df work_t;
	/* Word by word: a tf_df array is only 4-byte aligned. */
	static __device__ __forceinline__ tf_df load(const tf_array &a, size_t i)
	{
		const float *p = static_cast<const float *>(a.hi) + 2 * i;
		return tf_df_make(p[0], p[1]);
	}
	static __device__ __forceinline__ void store(const tf_array &a, size_t i, tf_df v)
	{
		float *p = static_cast<float *>(a.hi) + 2 * i;
		p[0] = v.hi;
		p[1] = v.lo;
	}
	static __device__ __forceinline__ tf_df scalar(const tf_scalar &s) { return s.df; }
};

template <> struct storage<TF_FORMAT_TS> {
	typedef tf_ts work_t;
	static __device__ __forceinline__ tf_ts load(const tf_array &a, size_t i)
	{
		const float *w = static_cast<const float *>(a.hi) + 3 * i;
		return tf_ts_make(w[0], w[1], w[2]);
	}
	static __device__ __forceinline__ void store(const tf_array &a, size_t i, tf_ts v)
	{
		float *w = static_cast<float *>(a.hi) + 3 * i;
		w[0] = v.x;
		w[1] = v.y;
		w[2] = v.z;
	}
	static __device__ __forceinline__ tf_ts scalar(const tf_scalar &s) { return s.ts; }
};

/* For the GEMM (gemm_typed.cu).  storage_words<F>: an element as the words
 * it is stored in, read with no more alignment than the format's C type has
 * and with no arithmetic, so that a kernel can fetch the next slab into
 * registers and convert it only when it stages it (an instruction using a
 * loaded word at once would wait for the load there):
 *   words_t, zero() (the words of +0), fetch(a, i), to_work(w) (exact: the
 *   value storage<F>::load gives), put(a, i, v) (storage<F>::store). */
template <enum tf_format F> struct storage_words;

template <> struct storage_words<TF_FORMAT_DD> {
	typedef tf_dd words_t;
	static __device__ __forceinline__ tf_dd zero() { return tf_dd_make(0.0, 0.0); }
	static __device__ __forceinline__ tf_dd fetch(const tf_array &a, size_t i)
	{
		return storage<TF_FORMAT_DD>::load(a, i);
	}
	static __device__ __forceinline__ tf_dd to_work(tf_dd w) { return w; }
	static __device__ __forceinline__ void put(const tf_array &a, size_t i, tf_dd v)
	{
		storage<TF_FORMAT_DD>::store(a, i, v);
	}
};

template <> struct storage_words<TF_FORMAT_DS> {
	typedef tf_ds words_t;
	static __device__ __forceinline__ tf_ds zero() { return tf_ds_make(0.0, 0.0f); }
	static __device__ __forceinline__ tf_ds fetch(const tf_array &a, size_t i)
	{
		return tf_ds_make(static_cast<const double *>(a.hi)[i], static_cast<const float *>(a.lo)[i]);
	}
	static __device__ __forceinline__ tf_dd to_work(tf_ds w) { return tf_ds_to_dd(w); }
	static __device__ __forceinline__ void put(const tf_array &a, size_t i, tf_dd v)
	{
		storage<TF_FORMAT_DS>::store(a, i, v);
	}
};

template <> struct storage_words<TF_FORMAT_DSP> {
	typedef uint3 words_t; /* the low and high words of hi, then lo */
	static __device__ __forceinline__ uint3 zero() { return make_uint3(0u, 0u, 0u); }
	static __device__ __forceinline__ uint3 fetch(const tf_array &a, size_t i)
	{
		const uint32_t *w = static_cast<const uint32_t *>(a.hi) + 3 * i;
		return make_uint3(w[0], w[1], w[2]);
	}
	static __device__ __forceinline__ tf_dd to_work(uint3 w)
	{
		return tf_dd_make(__hiloint2double((int)w.y, (int)w.x), (double)__uint_as_float(w.z));
	}
	static __device__ __forceinline__ void put(const tf_array &a, size_t i, tf_dd v)
	{
		storage<TF_FORMAT_DSP>::store(a, i, v);
	}
};

template <> struct storage_words<TF_FORMAT_DI> {
	typedef tf_di words_t;
	static __device__ __forceinline__ tf_di zero() { return tf_di_make(0.0, 0); }
	static __device__ __forceinline__ tf_di fetch(const tf_array &a, size_t i)
	{
		return tf_di_make(static_cast<const double *>(a.hi)[i], static_cast<const int32_t *>(a.lo)[i]);
	}
	static __device__ __forceinline__ tf_dd to_work(tf_di w) { return tf_di_to_dd(w); }
	static __device__ __forceinline__ void put(const tf_array &a, size_t i, tf_dd v)
	{
		storage<TF_FORMAT_DI>::store(a, i, v);
	}
};

template <> struct storage_words<TF_FORMAT_DF> {
	typedef tf_df words_t;
	static __device__ __forceinline__ tf_df zero() { return tf_df_make(0.0f, 0.0f); }
	static __device__ __forceinline__ tf_df fetch(const tf_array &a, size_t i)
	{
		return storage<TF_FORMAT_DF>::load(a, i);
	}
	static __device__ __forceinline__ tf_df to_work(tf_df w) { return w; }
	static __device__ __forceinline__ void put(const tf_array &a, size_t i, tf_df v)
	{
		storage<TF_FORMAT_DF>::store(a, i, v);
	}
};

template <> struct storage_words<TF_FORMAT_TS> {
	typedef tf_ts words_t;
	static __device__ __forceinline__ tf_ts zero() { return tf_ts_make(0.0f, 0.0f, 0.0f); }
	static __device__ __forceinline__ tf_ts fetch(const tf_array &a, size_t i)
	{
		return storage<TF_FORMAT_TS>::load(a, i);
	}
	static __device__ __forceinline__ tf_ts to_work(tf_ts w) { return w; }
	static __device__ __forceinline__ void put(const tf_array &a, size_t i, tf_ts v)
	{
		storage<TF_FORMAT_TS>::store(a, i, v);
	}
};

/* Element i of a vector of n with stride inc, as BLAS counts (from the end
 * when inc < 0). */
__device__ __forceinline__ size_t typed_vector_offset(int n, int inc, long long i)
{
	return inc >= 0 ? (size_t)i * (size_t)inc : (size_t)(n - 1 - i) * (size_t)(-(long long)inc);
}


/* ------------------------------------------------------------------------
 * For the memory-bound kernels (GEMV, AXPY, DOT).
 *
 * access<F>: element reads and writes that need no more alignment than the
 * format's C type has (a tf_dd array may start 8 bytes off a 16-byte
 * boundary, a tf_df array 4 bytes off 8), and, where the arrays allow
 * (vec_ok), vector reads and writes of `vec` consecutive elements starting
 * at an element index that is a multiple of vec: 16-byte loads for DD
 * (double2), DS and DI (double2 for the hi pair, float2 / int2 for the lo
 * pair) and DF (float4); three 8-byte loads for the pairs of 12-byte
 * elements of TS and DSP.
 *   load_one<K>(a, i), load_vec<K>(a, i, v[vec]), store_one(a, i, v),
 *   store_vec(a, i, v[vec]) (streamed: written once, evict-first),
 *   vec_ok(a) (host), hi_bytes, lo_bytes (bytes of an element in each
 *   array; lo_bytes 0 for the one-array formats).
 * K: LOAD_PLAIN, LOAD_CACHED (read-only data read again, __ldg) or
 * LOAD_STREAM (read once, __ldcs). */
enum load_kind { LOAD_PLAIN, LOAD_CACHED, LOAD_STREAM };

template <load_kind K, class T> __device__ __forceinline__ T typed_ld(const T *p)
{
	if constexpr (K == LOAD_STREAM)
		return __ldcs(p);
	else if constexpr (K == LOAD_CACHED)
		return __ldg(p);
	else
		return *p;
}

inline __host__ bool typed_aligned(const void *p, unsigned bytes)
{
	return ((uintptr_t)p & (uintptr_t)(bytes - 1)) == 0;
}

template <enum tf_format F> struct access;

template <> struct access<TF_FORMAT_DD> {
	typedef tf_dd T;
	static constexpr int vec = 1;
	static constexpr size_t hi_bytes = 16, lo_bytes = 0;
	static __host__ bool vec_ok(const tf_array &a) { return typed_aligned(a.hi, 16); }
	template <load_kind K> static __device__ __forceinline__ T load_one(const tf_array &a, size_t i)
	{
		const double *p = static_cast<const double *>(a.hi) + 2 * i;
		return tf_dd_make(typed_ld<K>(p), typed_ld<K>(p + 1));
	}
	template <load_kind K>
	static __device__ __forceinline__ void load_vec(const tf_array &a, size_t i, T (&v)[vec])
	{
		double2 w = typed_ld<K>(static_cast<const double2 *>(a.hi) + i);
		v[0] = tf_dd_make(w.x, w.y);
	}
	static __device__ __forceinline__ void store_one(const tf_array &a, size_t i, T v)
	{
		storage<TF_FORMAT_DD>::store(a, i, v);
	}
	static __device__ __forceinline__ void store_vec(const tf_array &a, size_t i, const T (&v)[vec])
	{
		__stcs(static_cast<double2 *>(a.hi) + i, make_double2(v[0].hi, v[0].lo));
	}
};

/* DS and DI: the hi pair as a double2, the lo pair as 8 bytes (float2,
 * int2); store_vec in each. */
template <enum tf_format F, class LO, class LO2> struct access_hi_lo {
	typedef tf_dd T;
	static constexpr int vec = 2;
	static constexpr size_t hi_bytes = 8, lo_bytes = 4;
	static __host__ bool vec_ok(const tf_array &a)
	{
		return typed_aligned(a.hi, 16) && typed_aligned(a.lo, 8);
	}
	template <load_kind K> static __device__ __forceinline__ T load_one(const tf_array &a, size_t i)
	{
		return make(typed_ld<K>(static_cast<const double *>(a.hi) + i),
			    typed_ld<K>(static_cast<const LO *>(a.lo) + i));
	}
	template <load_kind K>
	static __device__ __forceinline__ void load_vec(const tf_array &a, size_t i, T (&v)[vec])
	{
		double2 hi = typed_ld<K>(reinterpret_cast<const double2 *>(static_cast<const double *>(a.hi) + i));
		LO2 lo = typed_ld<K>(reinterpret_cast<const LO2 *>(static_cast<const LO *>(a.lo) + i));
		v[0] = make(hi.x, lo.x);
		v[1] = make(hi.y, lo.y);
	}
	static __device__ __forceinline__ void store_one(const tf_array &a, size_t i, T v)
	{
		storage<F>::store(a, i, v);
	}
	static __device__ __forceinline__ T make(double hi, float lo) { return tf_dd_make(hi, (double)lo); }
	static __device__ __forceinline__ T make(double hi, int32_t lo)
	{
		return tf_dd_make(hi, tf_di_decode(lo));
	}
};

template <> struct access<TF_FORMAT_DS> : access_hi_lo<TF_FORMAT_DS, float, float2> {
	static __device__ __forceinline__ void store_vec(const tf_array &a, size_t i, const T (&v)[vec])
	{
		tf_ds r0 = tf_ds_from_dd(v[0]), r1 = tf_ds_from_dd(v[1]);
		__stcs(reinterpret_cast<double2 *>(static_cast<double *>(a.hi) + i), make_double2(r0.hi, r1.hi));
		__stcs(reinterpret_cast<float2 *>(static_cast<float *>(a.lo) + i), make_float2(r0.lo, r1.lo));
	}
};

template <> struct access<TF_FORMAT_DI> : access_hi_lo<TF_FORMAT_DI, int32_t, int2> {
	static __device__ __forceinline__ void store_vec(const tf_array &a, size_t i, const T (&v)[vec])
	{
		tf_di r0 = tf_di_from_dd(v[0]), r1 = tf_di_from_dd(v[1]);
		__stcs(reinterpret_cast<double2 *>(static_cast<double *>(a.hi) + i), make_double2(r0.hi, r1.hi));
		__stcs(reinterpret_cast<int2 *>(static_cast<int32_t *>(a.lo) + i), make_int2(r0.lo, r1.lo));
	}
};

template <> struct access<TF_FORMAT_DF> {
	typedef tf_df T;
	static constexpr int vec = 2;
	static constexpr size_t hi_bytes = 8, lo_bytes = 0;
	static __host__ bool vec_ok(const tf_array &a) { return typed_aligned(a.hi, 16); }
	template <load_kind K> static __device__ __forceinline__ T load_one(const tf_array &a, size_t i)
	{
		const float *p = static_cast<const float *>(a.hi) + 2 * i;
		return tf_df_make(typed_ld<K>(p), typed_ld<K>(p + 1));
	}
	template <load_kind K>
	static __device__ __forceinline__ void load_vec(const tf_array &a, size_t i, T (&v)[vec])
	{
		float4 w = typed_ld<K>(reinterpret_cast<const float4 *>(static_cast<const float *>(a.hi) + 2 * i));
		v[0] = tf_df_make(w.x, w.y);
		v[1] = tf_df_make(w.z, w.w);
	}
	static __device__ __forceinline__ void store_one(const tf_array &a, size_t i, T v)
	{
		storage<TF_FORMAT_DF>::store(a, i, v);
	}
	static __device__ __forceinline__ void store_vec(const tf_array &a, size_t i, const T (&v)[vec])
	{
		__stcs(reinterpret_cast<float4 *>(static_cast<float *>(a.hi) + 2 * i),
		       make_float4(v[0].hi, v[0].lo, v[1].hi, v[1].lo));
	}
};

/* TS and DSP: 12-byte elements of three 32-bit words; a pair is 24 bytes,
 * three 8-byte loads when the array is 8-byte aligned. */
template <enum tf_format F> struct access_words {
	static constexpr int vec = 2;
	static constexpr size_t hi_bytes = 12, lo_bytes = 0;
	static __host__ bool vec_ok(const tf_array &a) { return typed_aligned(a.hi, 8); }
	template <load_kind K>
	static __device__ __forceinline__ void words(const tf_array &a, size_t i, uint32_t (&w)[3 * vec])
	{
		const uint2 *p = reinterpret_cast<const uint2 *>(static_cast<const uint32_t *>(a.hi) + 3 * i);
#pragma unroll
		for (int k = 0; k < 3; k++) {
			uint2 pair = typed_ld<K>(p + k);
			w[2 * k] = pair.x;
			w[2 * k + 1] = pair.y;
		}
	}
	static __device__ __forceinline__ void put_words(const tf_array &a, size_t i, const uint32_t (&w)[3 * vec])
	{
		uint2 *p = reinterpret_cast<uint2 *>(static_cast<uint32_t *>(a.hi) + 3 * i);
#pragma unroll
		for (int k = 0; k < 3; k++)
			__stcs(p + k, make_uint2(w[2 * k], w[2 * k + 1]));
	}
	template <load_kind K>
	static __device__ __forceinline__ void word_one(const tf_array &a, size_t i, uint32_t (&w)[3])
	{
		const uint32_t *p = static_cast<const uint32_t *>(a.hi) + 3 * i;
#pragma unroll
		for (int k = 0; k < 3; k++)
			w[k] = typed_ld<K>(p + k);
	}
};

template <> struct access<TF_FORMAT_TS> : access_words<TF_FORMAT_TS> {
	typedef tf_ts T;
	static __device__ __forceinline__ T from(uint32_t x, uint32_t y, uint32_t z)
	{
		return tf_ts_make(__uint_as_float(x), __uint_as_float(y), __uint_as_float(z));
	}
	template <load_kind K> static __device__ __forceinline__ T load_one(const tf_array &a, size_t i)
	{
		uint32_t w[3];
		word_one<K>(a, i, w);
		return from(w[0], w[1], w[2]);
	}
	template <load_kind K>
	static __device__ __forceinline__ void load_vec(const tf_array &a, size_t i, T (&v)[vec])
	{
		uint32_t w[6];
		words<K>(a, i, w);
		v[0] = from(w[0], w[1], w[2]);
		v[1] = from(w[3], w[4], w[5]);
	}
	static __device__ __forceinline__ void store_one(const tf_array &a, size_t i, T v)
	{
		storage<TF_FORMAT_TS>::store(a, i, v);
	}
	static __device__ __forceinline__ void store_vec(const tf_array &a, size_t i, const T (&v)[vec])
	{
		const uint32_t w[6] = { __float_as_uint(v[0].x), __float_as_uint(v[0].y), __float_as_uint(v[0].z),
					__float_as_uint(v[1].x), __float_as_uint(v[1].y), __float_as_uint(v[1].z) };
		put_words(a, i, w);
	}
};

/* DSP: the low word of hi, its high word (little-endian), then lo. */
template <> struct access<TF_FORMAT_DSP> : access_words<TF_FORMAT_DSP> {
	typedef tf_dd T;
	static __device__ __forceinline__ T from(uint32_t hi_low, uint32_t hi_high, uint32_t lo)
	{
		return tf_dd_make(__hiloint2double((int)hi_high, (int)hi_low), (double)__uint_as_float(lo));
	}
	static __device__ __forceinline__ void to(T v, uint32_t *w)
	{
		tf_ds r = tf_ds_from_dd(v);
		w[0] = (uint32_t)__double2loint(r.hi);
		w[1] = (uint32_t)__double2hiint(r.hi);
		w[2] = __float_as_uint(r.lo);
	}
	template <load_kind K> static __device__ __forceinline__ T load_one(const tf_array &a, size_t i)
	{
		uint32_t w[3];
		word_one<K>(a, i, w);
		return from(w[0], w[1], w[2]);
	}
	template <load_kind K>
	static __device__ __forceinline__ void load_vec(const tf_array &a, size_t i, T (&v)[vec])
	{
		uint32_t w[6];
		words<K>(a, i, w);
		v[0] = from(w[0], w[1], w[2]);
		v[1] = from(w[3], w[4], w[5]);
	}
	static __device__ __forceinline__ void store_one(const tf_array &a, size_t i, T v)
	{
		storage<TF_FORMAT_DSP>::store(a, i, v);
	}
	static __device__ __forceinline__ void store_vec(const tf_array &a, size_t i, const T (&v)[vec])
	{
		uint32_t w[6];
		to(v[0], w);
		to(v[1], w + 3);
		put_words(a, i, w);
	}
};

/* Sums of products in the working arithmetic, for GEMV and DOT: step(acc,
 * a, b) = acc + a b; renormalize(acc) at least every lazy_steps steps and
 * before acc is used otherwise.
 * DD: the lazy step of tf_dd_fma_lazy, with the product of two DD numbers
 * formed as tf_dd_mul forms it (hi*hi exactly, the three small products by
 * FMA): 14 FP64 operations against 26 for tf_dd_add(acc, tf_dd_mul(a, b)),
 * which keeps GEMV and DOT bound by memory.  Renormalized every 16 steps,
 * half the bound tf_dd_fma_lazy states for double products.
 * DF and TS: work<T>::fma, each step renormalized. */
template <class T> struct dot_step {
	static constexpr int lazy_steps = 1 << 30;
	static __device__ __forceinline__ T step(T acc, T a, T b) { return work<T>::fma(acc, a, b); }
	static __device__ __forceinline__ T renormalize(T acc) { return acc; }
};

template <> struct dot_step<tf_dd> {
	static constexpr int lazy_steps = 16;
	static __device__ __forceinline__ tf_dd step(tf_dd acc, tf_dd a, tf_dd b)
	{
		tf_dd p = tf_two_prod(a.hi, b.hi);
		double t = TF_DMUL(a.lo, b.lo);
		t = TF_DFMA(a.hi, b.lo, t);
		t = TF_DFMA(a.lo, b.hi, t);
		tf_dd s = tf_two_sum(acc.hi, p.hi);
		return tf_dd_make(s.hi, TF_DADD(acc.lo, TF_DADD(s.lo, TF_DADD(p.lo, t))));
	}
	static __device__ __forceinline__ tf_dd renormalize(tf_dd acc) { return tf_dd_renormalize(acc); }
};

__device__ __forceinline__ tf_dd typed_shfl_xor(tf_dd v, int mask)
{
	return tf_dd_make(__shfl_xor_sync(0xffffffffu, v.hi, mask), __shfl_xor_sync(0xffffffffu, v.lo, mask));
}

__device__ __forceinline__ tf_df typed_shfl_xor(tf_df v, int mask)
{
	return tf_df_make(__shfl_xor_sync(0xffffffffu, v.hi, mask), __shfl_xor_sync(0xffffffffu, v.lo, mask));
}

__device__ __forceinline__ tf_ts typed_shfl_xor(tf_ts v, int mask)
{
	return tf_ts_make(__shfl_xor_sync(0xffffffffu, v.x, mask), __shfl_xor_sync(0xffffffffu, v.y, mask),
			  __shfl_xor_sync(0xffffffffu, v.z, mask));
}

/* The sums over a block of THREADS threads of K values each thread holds
 * (work<T>::add, accurate under cancellation): run returns true in threads
 * k < K, with the total of value k.  Every thread of the block calls it. */
template <class T, int K, int THREADS> struct block_sum {
	static constexpr int warps = THREADS / 32;
	static_assert(THREADS % 32 == 0 && K <= THREADS, "block_sum shape");
	typedef T shared_t[K][warps];

	static __device__ __forceinline__ bool run(T (&v)[K], shared_t &shared, T &total)
	{
		const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
#pragma unroll
		for (int k = 0; k < K; k++) {
			T s = v[k];
#pragma unroll
			for (int off = 16; off >= 1; off /= 2)
				s = work<T>::add(s, typed_shfl_xor(s, off));
			if (lane == 0)
				shared[k][warp] = s;
		}
		__syncthreads();
		if (threadIdx.x >= K)
			return false;
		T s = shared[threadIdx.x][0];
		for (int w = 1; w < warps; w++)
			s = work<T>::add(s, shared[threadIdx.x][w]);
		total = s;
		return true;
	}
};

} /* namespace tf */

#endif
