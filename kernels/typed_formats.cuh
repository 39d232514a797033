/* How the typed kernels read and write each storage format, and the
 * working arithmetic each format computes in.  The kernel bodies are
 * templates over the views below; everything format-specific is in
 * layout<F>, one description per format.
 *
 * layout<F>: how an element lies in memory.
 *   work_t             the working arithmetic's number (tf_dd, tf_df, tf_ts)
 *   raw_t              an element as it is stored, taken apart into words
 *                      with no arithmetic (raw_t{} is +0)
 *   fetch<K>(a, i)     element i (an offset from the array's start, in
 *                      elements) as a raw_t; put(a, i, r) writes it
 *   vec, fetch_vec<K>(a, i, r[vec]), put_vec(a, i, r[vec]): `vec`
 *                      consecutive elements from an index that is a multiple
 *                      of vec, with vector loads (put_vec streams: written
 *                      once, evict-first), where vec_ok(a) (host) says the
 *                      array's alignment allows them
 *   hi_bytes, lo_bytes bytes of an element in each array (lo_bytes 0 for
 *                      the one-array formats)
 *   to_work(r)         the raw element as a work_t, exactly
 *   from_work(v)       v rounded once to the format
 *   scalar(s)          the work_t of a union tf_scalar
 * work<T> (T = tf_dd, tf_df, tf_ts): zero(), add(a, b), mul(a, b),
 *   fma(acc, a, b) = acc + a b (product and sum each in the arithmetic).
 *
 * DS and DI are two arrays (hi[i], lo[i]); DD, DF and TS one array of
 * structures; DS packed one array of 12-byte elements, 4-byte aligned, read
 * and written as three 32-bit words (a double there may be misaligned).
 * Every element access needs only the alignment of the format's C type (8
 * bytes for tf_dd, 4 for tf_df): a user's array may start at any element.
 * Vector accesses: 16-byte loads for DD (double2), DS and DI (double2 for
 * the hi pair, float2 / int2 for the lo pair) and DF (float4); three 8-byte
 * loads for the pairs of 12-byte elements of TS and DSP.
 *
 * The views the kernels use, each derived from layout<F> alone:
 * storage<F> (one element in the working arithmetic), storage_words<F>
 * (the GEMM's staging: raw words fetched, converted later) and access<F>
 * (the memory-bound kernels' loads of a kind K, one element or vec). */
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

/* How a load reads: LOAD_PLAIN, LOAD_CACHED (read-only data read again,
 * __ldg) or LOAD_STREAM (read once, __ldcs). */
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

/* 12-byte elements (TS, DSP) as 32-bit words: one element, three 4-byte
 * loads; a pair, six words in three 8-byte accesses when the array is 8-byte
 * aligned. */
template <load_kind K> __device__ __forceinline__ void fetch_words(const void *array, size_t i, uint32_t (&w)[3])
{
	const uint32_t *p = static_cast<const uint32_t *>(array) + 3 * i;
#pragma unroll
	for (int k = 0; k < 3; k++)
		w[k] = typed_ld<K>(p + k);
}


template <load_kind K> __device__ __forceinline__ void fetch_word_pairs(const void *array, size_t i, uint32_t (&w)[6])
{
	const uint2 *p = reinterpret_cast<const uint2 *>(static_cast<const uint32_t *>(array) + 3 * i);
#pragma unroll
	for (int k = 0; k < 3; k++) {
		uint2 pair = typed_ld<K>(p + k);
		w[2 * k] = pair.x;
		w[2 * k + 1] = pair.y;
	}
}

__device__ __forceinline__ void put_word_pairs(void *array, size_t i, const uint32_t (&w)[6])
{
	uint2 *p = reinterpret_cast<uint2 *>(static_cast<uint32_t *>(array) + 3 * i);
#pragma unroll
	for (int k = 0; k < 3; k++)
		__stcs(p + k, make_uint2(w[2 * k], w[2 * k + 1]));
}

template <enum tf_format F> struct layout;

/* DD and DF: one array of structures of two words W (hi, lo), read word
 * by word (the array has only W's alignment). */
template <class T, class W> struct layout_two_words {
	typedef T work_t, raw_t;
	template <load_kind K> static __device__ __forceinline__ raw_t fetch(const tf_array &a, size_t i)
	{
		const W *p = static_cast<const W *>(a.hi) + 2 * i;
		return raw_t{ typed_ld<K>(p), typed_ld<K>(p + 1) };
	}
	static __device__ __forceinline__ void put(const tf_array &a, size_t i, raw_t r)
	{
		W *p = static_cast<W *>(a.hi) + 2 * i;
		p[0] = r.hi;
		p[1] = r.lo;
	}
	static __device__ __forceinline__ work_t to_work(raw_t r) { return r; }
	static __device__ __forceinline__ raw_t from_work(work_t v) { return v; }
};

/* DD: a vector is one element, a double2. */
template <> struct layout<TF_FORMAT_DD> : layout_two_words<tf_dd, double> {
	static constexpr int vec = 1;
	static constexpr size_t hi_bytes = 16, lo_bytes = 0;
	static __host__ bool vec_ok(const tf_array &a) { return typed_aligned(a.hi, 16); }
	template <load_kind K>
	static __device__ __forceinline__ void fetch_vec(const tf_array &a, size_t i, raw_t (&r)[vec])
	{
		double2 w = typed_ld<K>(static_cast<const double2 *>(a.hi) + i);
		r[0] = tf_dd_make(w.x, w.y);
	}
	static __device__ __forceinline__ void put_vec(const tf_array &a, size_t i, const raw_t (&r)[vec])
	{
		__stcs(static_cast<double2 *>(a.hi) + i, make_double2(r[0].hi, r[0].lo));
	}
	static __device__ __forceinline__ work_t scalar(const tf_scalar &s) { return s.dd; }
};

/* DS and DI: double hi[], and float or int32 lo[]; the hi pair of a vector
 * is a double2, the lo pair 8 bytes (LO2). */
template <class RAW, class LO, class LO2> struct layout_hi_lo {
	typedef tf_dd work_t;
	typedef RAW raw_t;
	static constexpr int vec = 2;
	static constexpr size_t hi_bytes = sizeof(double), lo_bytes = sizeof(LO);
	static __host__ bool vec_ok(const tf_array &a)
	{
		return typed_aligned(a.hi, 16) && typed_aligned(a.lo, sizeof(LO2));
	}
	template <load_kind K> static __device__ __forceinline__ raw_t fetch(const tf_array &a, size_t i)
	{
		return raw_t{ typed_ld<K>(static_cast<const double *>(a.hi) + i),
			      typed_ld<K>(static_cast<const LO *>(a.lo) + i) };
	}
	static __device__ __forceinline__ void put(const tf_array &a, size_t i, raw_t r)
	{
		static_cast<double *>(a.hi)[i] = r.hi;
		static_cast<LO *>(a.lo)[i] = r.lo;
	}
	template <load_kind K>
	static __device__ __forceinline__ void fetch_vec(const tf_array &a, size_t i, raw_t (&r)[vec])
	{
		double2 hi = typed_ld<K>(reinterpret_cast<const double2 *>(static_cast<const double *>(a.hi) + i));
		LO2 lo = typed_ld<K>(reinterpret_cast<const LO2 *>(static_cast<const LO *>(a.lo) + i));
		r[0] = raw_t{ hi.x, lo.x };
		r[1] = raw_t{ hi.y, lo.y };
	}
	static __device__ __forceinline__ void put_vec(const tf_array &a, size_t i, const raw_t (&r)[vec])
	{
		__stcs(reinterpret_cast<double2 *>(static_cast<double *>(a.hi) + i), make_double2(r[0].hi, r[1].hi));
		__stcs(reinterpret_cast<LO2 *>(static_cast<LO *>(a.lo) + i), LO2{ r[0].lo, r[1].lo });
	}
	static __device__ __forceinline__ work_t scalar(const tf_scalar &s) { return s.dd; }
};

template <> struct layout<TF_FORMAT_DS> : layout_hi_lo<tf_ds, float, float2> {
	static __device__ __forceinline__ work_t to_work(raw_t r) { return tf_ds_to_dd(r); }
	static __device__ __forceinline__ raw_t from_work(work_t v) { return tf_ds_from_dd(v); }
};

template <> struct layout<TF_FORMAT_DI> : layout_hi_lo<tf_di, int32_t, int2> {
	static __device__ __forceinline__ work_t to_work(raw_t r) { return tf_di_to_dd(r); }
	static __device__ __forceinline__ raw_t from_work(work_t v) { return tf_di_from_dd(v); }
};

/* DS packed: 12-byte elements, the low word of hi, its high word
 * (little-endian), then lo. */
template <> struct layout<TF_FORMAT_DSP> {
	typedef tf_dd work_t;
	typedef uint3 raw_t;
	static constexpr int vec = 2;
	static constexpr size_t hi_bytes = 12, lo_bytes = 0;
	static __host__ bool vec_ok(const tf_array &a) { return typed_aligned(a.hi, 8); }
	template <load_kind K> static __device__ __forceinline__ raw_t fetch(const tf_array &a, size_t i)
	{
		uint32_t w[3];
		fetch_words<K>(a.hi, i, w);
		return make_uint3(w[0], w[1], w[2]);
	}
	static __device__ __forceinline__ void put(const tf_array &a, size_t i, raw_t r)
	{
		uint32_t *w = static_cast<uint32_t *>(a.hi) + 3 * i;
		w[0] = r.x;
		w[1] = r.y;
		w[2] = r.z;
	}
	template <load_kind K>
	static __device__ __forceinline__ void fetch_vec(const tf_array &a, size_t i, raw_t (&r)[vec])
	{
		uint32_t w[6];
		fetch_word_pairs<K>(a.hi, i, w);
		r[0] = make_uint3(w[0], w[1], w[2]);
		r[1] = make_uint3(w[3], w[4], w[5]);
	}
	static __device__ __forceinline__ void put_vec(const tf_array &a, size_t i, const raw_t (&r)[vec])
	{
		const uint32_t w[6] = { r[0].x, r[0].y, r[0].z, r[1].x, r[1].y, r[1].z };
		put_word_pairs(a.hi, i, w);
	}
	static __device__ __forceinline__ work_t to_work(raw_t r)
	{
		return tf_dd_make(__hiloint2double((int)r.y, (int)r.x), (double)__uint_as_float(r.z));
	}
	static __device__ __forceinline__ raw_t from_work(work_t v)
	{
		tf_ds r = tf_ds_from_dd(v);
		return make_uint3((uint32_t)__double2loint(r.hi), (uint32_t)__double2hiint(r.hi),
				  __float_as_uint(r.lo));
	}
	static __device__ __forceinline__ work_t scalar(const tf_scalar &s) { return s.dd; }
};

/* DF: a vector is two elements, a float4. */
template <> struct layout<TF_FORMAT_DF> : layout_two_words<tf_df, float> {
	static constexpr int vec = 2;
	static constexpr size_t hi_bytes = 8, lo_bytes = 0;
	static __host__ bool vec_ok(const tf_array &a) { return typed_aligned(a.hi, 16); }
	template <load_kind K>
	static __device__ __forceinline__ void fetch_vec(const tf_array &a, size_t i, raw_t (&r)[vec])
	{
		float4 w = typed_ld<K>(reinterpret_cast<const float4 *>(static_cast<const float *>(a.hi) + 2 * i));
		r[0] = tf_df_make(w.x, w.y);
		r[1] = tf_df_make(w.z, w.w);
	}
	static __device__ __forceinline__ void put_vec(const tf_array &a, size_t i, const raw_t (&r)[vec])
	{
		__stcs(reinterpret_cast<float4 *>(static_cast<float *>(a.hi) + 2 * i),
		       make_float4(r[0].hi, r[0].lo, r[1].hi, r[1].lo));
	}
	static __device__ __forceinline__ work_t scalar(const tf_scalar &s) { return s.df; }
};

/* TS: one array of tf_ts, 12-byte elements of three floats. */
template <> struct layout<TF_FORMAT_TS> {
	typedef tf_ts work_t, raw_t;
	static constexpr int vec = 2;
	static constexpr size_t hi_bytes = 12, lo_bytes = 0;
	static __host__ bool vec_ok(const tf_array &a) { return typed_aligned(a.hi, 8); }
	static __device__ __forceinline__ raw_t from_words(const uint32_t *w)
	{
		return tf_ts_make(__uint_as_float(w[0]), __uint_as_float(w[1]), __uint_as_float(w[2]));
	}
	template <load_kind K> static __device__ __forceinline__ raw_t fetch(const tf_array &a, size_t i)
	{
		uint32_t w[3];
		fetch_words<K>(a.hi, i, w);
		return from_words(w);
	}
	static __device__ __forceinline__ void put(const tf_array &a, size_t i, raw_t r)
	{
		float *w = static_cast<float *>(a.hi) + 3 * i;
		w[0] = r.x;
		w[1] = r.y;
		w[2] = r.z;
	}
	template <load_kind K>
	static __device__ __forceinline__ void fetch_vec(const tf_array &a, size_t i, raw_t (&r)[vec])
	{
		uint32_t w[6];
		fetch_word_pairs<K>(a.hi, i, w);
		r[0] = from_words(w);
		r[1] = from_words(w + 3);
	}
	static __device__ __forceinline__ void put_vec(const tf_array &a, size_t i, const raw_t (&r)[vec])
	{
		const uint32_t w[6] = { __float_as_uint(r[0].x), __float_as_uint(r[0].y), __float_as_uint(r[0].z),
					__float_as_uint(r[1].x), __float_as_uint(r[1].y), __float_as_uint(r[1].z) };
		put_word_pairs(a.hi, i, w);
	}
	static __device__ __forceinline__ work_t to_work(raw_t r) { return r; }
	static __device__ __forceinline__ raw_t from_work(work_t v) { return v; }
	static __device__ __forceinline__ work_t scalar(const tf_scalar &s) { return s.ts; }
};

/* ---- The views, derived from layout<F>. */

/* One element in the working arithmetic: load(a, i) exactly, store(a, i, v)
 * rounded once; scalar(s). */
template <enum tf_format F> struct storage {
	typedef layout<F> L;
	typedef typename L::work_t work_t;
	static __device__ __forceinline__ work_t load(const tf_array &a, size_t i)
	{
		return L::to_work(L::template fetch<LOAD_PLAIN>(a, i));
	}
	static __device__ __forceinline__ void store(const tf_array &a, size_t i, work_t v)
	{
		L::put(a, i, L::from_work(v));
	}
	static __device__ __forceinline__ work_t scalar(const tf_scalar &s) { return L::scalar(s); }
};

/* For the GEMM (gemm_typed.cu): an element as the words it is stored in,
 * fetched with no arithmetic, so that a kernel can fetch the next slab into
 * registers and convert it only when it stages it (an instruction using a
 * loaded word at once would wait for the load there):
 *   words_t, zero() (the words of +0), fetch(a, i), to_work(w) (exact: the
 *   value storage<F>::load gives), put(a, i, v) (storage<F>::store). */
template <enum tf_format F> struct storage_words {
	typedef layout<F> L;
	typedef typename L::raw_t words_t;
	static __device__ __forceinline__ words_t zero() { return words_t{}; }
	static __device__ __forceinline__ words_t fetch(const tf_array &a, size_t i)
	{
		return L::template fetch<LOAD_PLAIN>(a, i);
	}
	static __device__ __forceinline__ typename L::work_t to_work(words_t w) { return L::to_work(w); }
	static __device__ __forceinline__ void put(const tf_array &a, size_t i, typename L::work_t v)
	{
		storage<F>::store(a, i, v);
	}
};

/* For the memory-bound kernels (GEMV, AXPY, DOT): load_one<K>(a, i),
 * load_vec<K>(a, i, v[vec]), store_one(a, i, v), store_vec(a, i, v[vec])
 * (streamed), vec_ok(a) (host), hi_bytes, lo_bytes. */
template <enum tf_format F> struct access {
	typedef layout<F> L;
	typedef typename L::work_t T;
	typedef typename L::raw_t raw_t;
	static constexpr int vec = L::vec;
	static constexpr size_t hi_bytes = L::hi_bytes, lo_bytes = L::lo_bytes;
	static __host__ bool vec_ok(const tf_array &a) { return L::vec_ok(a); }
	template <load_kind K> static __device__ __forceinline__ T load_one(const tf_array &a, size_t i)
	{
		return L::to_work(L::template fetch<K>(a, i));
	}
	template <load_kind K>
	static __device__ __forceinline__ void load_vec(const tf_array &a, size_t i, T (&v)[vec])
	{
		raw_t r[vec];
		L::template fetch_vec<K>(a, i, r);
#pragma unroll
		for (int k = 0; k < vec; k++)
			v[k] = L::to_work(r[k]);
	}
	static __device__ __forceinline__ void store_one(const tf_array &a, size_t i, T v)
	{
		storage<F>::store(a, i, v);
	}
	static __device__ __forceinline__ void store_vec(const tf_array &a, size_t i, const T (&v)[vec])
	{
		raw_t r[vec];
#pragma unroll
		for (int k = 0; k < vec; k++)
			r[k] = L::from_work(v[k]);
		L::put_vec(a, i, r);
	}
};

/* Element i of a vector of n with stride inc, as BLAS counts (from the end
 * when inc < 0). */
__device__ __forceinline__ size_t typed_vector_offset(int n, int inc, long long i)
{
	return inc >= 0 ? (size_t)i * (size_t)inc : (size_t)(n - 1 - i) * (size_t)(-(long long)inc);
}

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
