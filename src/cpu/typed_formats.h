/* How the CPU's typed kernels read and write each storage format, and the
 * working arithmetic each format computes in: the host counterpart of
 * kernels/typed_formats.cuh.
 *
 * Working arithmetic (its number type, "work"):
 *   dd  tf_dd, for DD, DS, DSP and DI (and DS arithmetic, the lo word a float)
 *   df  tf_df, for DF
 *   ts  tf_ts, for TS
 * For each, tf_cpu_W_zero(), tf_cpu_W_is_zero(a), tf_cpu_W_add(a, b),
 * tf_cpu_W_mul(a, b) and tf_cpu_W_step(acc, a, b) = acc + a b, the step of
 * every dot product, which keeps acc normalized.
 *
 * Storage: tf_cpu_load_W(format, array, i) is element i (counted from the
 * array's start) as the working number, exactly; tf_cpu_store_W(format,
 * array, i, v) rounds v once to the format and writes it.  DS and DI are two
 * arrays (hi[i], lo[i]); DD, DF and TS one array of structures; DS packed
 * one array of 12-byte elements, 4-byte aligned, read and written through
 * memcpy (the double in it may be misaligned).  The format switch is cheap
 * next to the arithmetic; the GEMM converts whole panels at a time. */
#ifndef TF_CPU_TYPED_FORMATS_H
#define TF_CPU_TYPED_FORMATS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "cpu/dd_loops.h"
#include "op/typed_op.h"
#include "twofold/arith_dd.h"
#include "twofold/arith_df.h"
#include "twofold/arith_di.h"
#include "twofold/arith_ds.h"
#include "twofold/arith_ts.h"

/* ---- The kernels of each kind (typed_gemm.c, typed_vector.c). */

void tf_cpu_typed_gemm(const struct tf_typed_op *op);
void tf_cpu_typed_gemv(const struct tf_typed_op *op);
void tf_cpu_typed_axpy(const struct tf_typed_op *op);
void tf_cpu_typed_dot(const struct tf_typed_op *op);

/* The hot loops are compiled twice: for the processor the library was built
 * for, and (on x86-64) with TF_CPU_FMA_TARGET, AVX2 and FMA, used when
 * tf_cpu_fma_loops() (dd_loops.h) says to.  Both give the same bits (the
 * same operations in the same order; an FMA instruction and fma() round
 * alike); the second runs fma() as one instruction and vectorizes across
 * independent sums. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/* flatten: the arithmetic, compiled for the baseline where it is not
 * inlined, is inlined here and compiled for the target too. */
#define TF_CPU_FMA_TARGET __attribute__((target("avx2,fma"), flatten))
#else
#define TF_CPU_FMA_TARGET
#endif

/* ---- DD working arithmetic. */

static inline tf_dd tf_cpu_dd_zero(void)
{
	return tf_dd_make(0.0, 0.0);
}

static inline int tf_cpu_dd_is_zero(tf_dd a)
{
	return a.hi == 0.0 && a.lo == 0.0;
}

static inline tf_dd tf_cpu_dd_add(tf_dd a, tf_dd b)
{
	return tf_dd_add(a, b);
}

static inline tf_dd tf_cpu_dd_mul(tf_dd a, tf_dd b)
{
	return tf_dd_mul(a, b);
}

/* acc + a b: the product's leading term exactly (TwoProd), its three small
 * partial products by FMA as tf_dd_mul forms them, then added to acc as
 * tf_dd_fma adds: error at most about 2u^2 |acc + ab| + 4u^2 |ab|, so a dot
 * product of k terms is within about 6k u^2 sum |a_i b_i| (u = 2^-53). */
static inline tf_dd tf_cpu_dd_step(tf_dd acc, tf_dd a, tf_dd b)
{
	tf_dd p = tf_two_prod(a.hi, b.hi);
	double t = TF_DMUL(a.lo, b.lo);
	t = TF_DFMA(a.hi, b.lo, t);
	t = TF_DFMA(a.lo, b.hi, t);
	tf_dd s = tf_two_sum(acc.hi, p.hi);
	return tf_quick_two_sum(s.hi, TF_DADD(s.lo, TF_DADD(acc.lo, TF_DADD(p.lo, t))));
}

/* acc + a b in DS arithmetic (tf_dsgemm_dsarith): the leading words are
 * doubles and taken exactly as in tf_cpu_dd_step, everything of the order
 * of u |acc| (the rounding errors, the cross products, acc's own lo) is
 * rounded to float and summed in float, and the lo word kept is a float.
 * Each step loses about 2^-77 |acc| + 2^-77 |ab|. */
static inline tf_dd tf_cpu_dsarith_step(tf_dd acc, tf_dd a, tf_dd b)
{
	tf_dd p = tf_two_prod(a.hi, b.hi);
	tf_dd s = tf_two_sum(acc.hi, p.hi);
	float cross = (float)TF_DFMA(a.hi, b.lo, TF_DMUL(a.lo, b.hi));
	float lo = TF_FADD((float)s.lo, TF_FADD((float)acc.lo, TF_FADD((float)p.lo, cross)));
	tf_dd r = tf_quick_two_sum(s.hi, (double)lo);
	return tf_dd_make(r.hi, (double)(float)r.lo);
}

/* ---- DF working arithmetic (u = 2^-24). */

static inline tf_df tf_cpu_df_zero(void)
{
	return tf_df_make(0.0f, 0.0f);
}

static inline int tf_cpu_df_is_zero(tf_df a)
{
	return a.hi == 0.0f && a.lo == 0.0f;
}

static inline tf_df tf_cpu_df_add(tf_df a, tf_df b)
{
	return tf_df_add(a, b);
}

static inline tf_df tf_cpu_df_mul(tf_df a, tf_df b)
{
	return tf_df_mul(a, b);
}

/* acc + a b as tf_cpu_dd_step, in float: about (3k + 4k) u^2 sum |a_i b_i|
 * over a dot product of k terms, within float's range (arith_df.h). */
static inline tf_df tf_cpu_df_step(tf_df acc, tf_df a, tf_df b)
{
	tf_df p = tf_two_prod_f(a.hi, b.hi);
	float t = TF_FMUL(a.lo, b.lo);
	t = TF_FFMA(a.hi, b.lo, t);
	t = TF_FFMA(a.lo, b.hi, t);
	tf_df s = tf_two_sum_f(acc.hi, p.hi);
	return tf_quick_two_sum_f(s.hi, TF_FADD(s.lo, TF_FADD(acc.lo, TF_FADD(p.lo, t))));
}

/* ---- TS working arithmetic. */

static inline tf_ts tf_cpu_ts_zero(void)
{
	return tf_ts_make(0.0f, 0.0f, 0.0f);
}

static inline int tf_cpu_ts_is_zero(tf_ts a)
{
	return a.x == 0.0f && a.y == 0.0f && a.z == 0.0f;
}

static inline tf_ts tf_cpu_ts_add(tf_ts a, tf_ts b)
{
	return tf_ts_add(a, b);
}

static inline tf_ts tf_cpu_ts_mul(tf_ts a, tf_ts b)
{
	return tf_ts_mul(a, b);
}

static inline tf_ts tf_cpu_ts_step(tf_ts acc, tf_ts a, tf_ts b)
{
	return tf_ts_add(acc, tf_ts_mul(a, b));
}

/* ---- Storage. */

static inline tf_dd tf_cpu_load_dd(enum tf_format format, const struct tf_array *a, size_t i)
{
	switch (format) {
	case TF_FORMAT_DS:
		return tf_dd_make(((const double *)a->hi)[i], (double)((const float *)a->lo)[i]);
	case TF_FORMAT_DSP: {
		const unsigned char *e = (const unsigned char *)a->hi + i * sizeof(tf_ds_packed);
		double hi;
		float lo;
		memcpy(&hi, e, sizeof hi);
		memcpy(&lo, e + sizeof hi, sizeof lo);
		return tf_dd_make(hi, (double)lo);
	}
	case TF_FORMAT_DI:
		return tf_dd_make(((const double *)a->hi)[i],
				  tf_di_decode(((const int32_t *)a->lo)[i]));
	default:
		return ((const tf_dd *)a->hi)[i];
	}
}

static inline void tf_cpu_store_dd(enum tf_format format, const struct tf_array *a, size_t i,
				   tf_dd v)
{
	switch (format) {
	case TF_FORMAT_DS: {
		tf_ds r = tf_ds_from_dd(v);
		((double *)a->hi)[i] = r.hi;
		((float *)a->lo)[i] = r.lo;
		break;
	}
	case TF_FORMAT_DSP: {
		unsigned char *e = (unsigned char *)a->hi + i * sizeof(tf_ds_packed);
		tf_ds r = tf_ds_from_dd(v);
		memcpy(e, &r.hi, sizeof r.hi);
		memcpy(e + sizeof r.hi, &r.lo, sizeof r.lo);
		break;
	}
	case TF_FORMAT_DI: {
		tf_di r = tf_di_from_dd(v);
		((double *)a->hi)[i] = r.hi;
		((int32_t *)a->lo)[i] = r.lo;
		break;
	}
	default:
		((tf_dd *)a->hi)[i] = v;
		break;
	}
}

static inline tf_df tf_cpu_load_df(enum tf_format format, const struct tf_array *a, size_t i)
{
	(void)format;
	return ((const tf_df *)a->hi)[i];
}

static inline void tf_cpu_store_df(enum tf_format format, const struct tf_array *a, size_t i,
				   tf_df v)
{
	(void)format;
	((tf_df *)a->hi)[i] = v;
}

static inline tf_ts tf_cpu_load_ts(enum tf_format format, const struct tf_array *a, size_t i)
{
	(void)format;
	return ((const tf_ts *)a->hi)[i];
}

static inline void tf_cpu_store_ts(enum tf_format format, const struct tf_array *a, size_t i,
				   tf_ts v)
{
	(void)format;
	((tf_ts *)a->hi)[i] = v;
}

/* The working arithmetic of a format. */
enum tf_work { TF_WORK_DD, TF_WORK_DF, TF_WORK_TS };

static inline enum tf_work tf_cpu_work_of(enum tf_format format)
{
	switch (format) {
	case TF_FORMAT_DF: return TF_WORK_DF;
	case TF_FORMAT_TS: return TF_WORK_TS;
	default: return TF_WORK_DD;
	}
}

#endif
