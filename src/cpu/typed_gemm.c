/* The typed GEMM on the CPU: C = alpha op(A) op(B) + beta C in the format's
 * working arithmetic (typed_formats.h), rounded once to the format.
 *
 * C is cut into MC x NC tiles, one task each, run by the thread pool.  A
 * task keeps its tile's sums as working numbers and, for each KC-deep slab
 * of the inner dimension, converts op(A) into MR-row panels and op(B) into
 * NR-column panels of working numbers (zero-padded): the only place where
 * the storage format matters before the epilogue.  Register tiles of MR x NR
 * sums run over the panels; alpha, beta and the one rounding are applied
 * when the tile is done.
 *
 * Every body is written once, as a macro over the working arithmetic W
 * (dd, df, ts) and its number type T, and expanded for each; DS arithmetic
 * (tf_dsgemm_dsarith) is DD's with another step. */
#include "config.h"

#include <stdlib.h>
#include "core/message.h"
#include "core/threads.h"
#include "cpu/typed_formats.h"

#define MC 64
#define NC 64
#define KC 128
#define MR 4
#define NR 4

struct gemm_job {
	const struct tf_typed_op *op;
	int tiles_m;
	int fma; /* run the TF_CPU_FMA_TARGET register tiles */
};

static int round_up(int value, int multiple)
{
	return (value + multiple - 1) / multiple * multiple;
}

static void *allocate(size_t bytes)
{
	void *p = malloc(bytes ? bytes : 1);
	if (!p)
		tf_fatal("out of memory in the CPU typed gemm (%zu bytes)", bytes);
	return p;
}

/* Offsets of op(A)(i, l) and op(B)(l, j) in their arrays. */
static size_t offset_a(const struct tf_typed_op *op, int i, int l)
{
	return op->transa == 'N' ? (size_t)i + (size_t)l * op->lda : (size_t)l + (size_t)i * op->lda;
}

static size_t offset_b(const struct tf_typed_op *op, int l, int j)
{
	return op->transb == 'N' ? (size_t)l + (size_t)j * op->ldb : (size_t)j + (size_t)l * op->ldb;
}

/* Rows ic..ic+mp of op(A), columns pc..pc+kc, as panels of MR rows stored
 * l-major (panel[l MR + i]); rows past m are zero.  Likewise columns
 * jc..jc+np of op(B) as panels of NR columns (panel[l NR + j]). */
#define DEFINE_PACK(W, T)                                                                      \
	static void pack_a_##W(const struct tf_typed_op *op, int ic, int mp, int pc, int kc,   \
			       T *dst)                                                         \
	{                                                                                      \
		for (int p = 0; p < mp; p += MR, dst += (size_t)kc * MR)                       \
			for (int l = 0; l < kc; l++)                                           \
				for (int i = 0; i < MR; i++)                                   \
					dst[l * MR + i] =                                      \
						ic + p + i < op->m                             \
							? tf_cpu_load_##W(op->format, &op->a,  \
									  offset_a(op, ic + p + i, pc + l)) \
							: tf_cpu_##W##_zero();                 \
	}                                                                                      \
	static void pack_b_##W(const struct tf_typed_op *op, int pc, int kc, int jc, int np,   \
			       T *dst)                                                         \
	{                                                                                      \
		for (int q = 0; q < np; q += NR, dst += (size_t)kc * NR)                       \
			for (int l = 0; l < kc; l++)                                           \
				for (int j = 0; j < NR; j++)                                   \
					dst[l * NR + j] =                                      \
						jc + q + j < op->n                             \
							? tf_cpu_load_##W(op->format, &op->b,  \
									  offset_b(op, pc + l, jc + q + j)) \
							: tf_cpu_##W##_zero();                 \
	}

/* acc(i, j) = STEP(acc(i, j), ap[l MR + i], bp[l NR + j]) for l < kc, on an
 * MR x NR tile of sums acc[j ld + i]; tile_NAME and tile_NAME_fma. */
#define DEFINE_TILE(NAME, T, STEP)                  \
	DEFINE_TILE_AS(tile_##NAME, , T, STEP)      \
	DEFINE_TILE_AS(tile_##NAME##_fma, TF_CPU_FMA_TARGET, T, STEP)
#define DEFINE_TILE_AS(FUNCTION, TARGET, T, STEP)                                              \
	TARGET static void FUNCTION(int kc, const T *ap, const T *bp, T *acc, int ld)          \
	{                                                                                      \
		T sum[NR][MR];                                                                 \
		for (int j = 0; j < NR; j++)                                                   \
			for (int i = 0; i < MR; i++)                                           \
				sum[j][i] = acc[j * ld + i];                                   \
		for (int l = 0; l < kc; l++)                                                   \
			for (int j = 0; j < NR; j++)                                           \
				for (int i = 0; i < MR; i++)                                   \
					sum[j][i] = STEP(sum[j][i], ap[l * MR + i], bp[l * NR + j]); \
		for (int j = 0; j < NR; j++)                                                   \
			for (int i = 0; i < MR; i++)                                           \
				acc[j * ld + i] = sum[j][i];                                   \
	}

/* C(i, j) = alpha acc + beta C(i, j), rounded once; beta = 0 does not read C. */
#define DEFINE_FINISH(W, T)                                                                    \
	static void finish_##W(const struct tf_typed_op *op, int ic, int mc, int jc, int nc,   \
			       const T *acc, int ld)                                           \
	{                                                                                      \
		int beta = !tf_cpu_##W##_is_zero(op->beta.W);                                  \
		for (int j = 0; j < nc; j++)                                                   \
			for (int i = 0; i < mc; i++) {                                         \
				size_t at = (size_t)(ic + i) + (size_t)(jc + j) * op->ldc;     \
				T r = tf_cpu_##W##_mul(op->alpha.W, acc[j * ld + i]);          \
				if (beta)                                                      \
					r = tf_cpu_##W##_add(                                  \
						r, tf_cpu_##W##_mul(op->beta.W,                \
								    tf_cpu_load_##W(op->format, &op->c, at))); \
				tf_cpu_store_##W(op->format, &op->c, at, r);                   \
			}                                                                      \
	}

/* One MC x NC tile of C, its sums by tile_NAME. */
#define DEFINE_RUN(NAME, W, T)                                                           \
	static void run_##NAME(void *context, int task)                                        \
	{                                                                                      \
		const struct gemm_job *job = context;                                          \
		const struct tf_typed_op *op = job->op;                                        \
		int ic = task % job->tiles_m * MC, jc = task / job->tiles_m * NC;              \
		int mc = op->m - ic < MC ? op->m - ic : MC;                                    \
		int nc = op->n - jc < NC ? op->n - jc : NC;                                    \
		int mp = round_up(mc, MR), np = round_up(nc, NR);                              \
		size_t acc_size = (size_t)mp * np, a_size = (size_t)mp * KC;                   \
		T *acc = allocate((acc_size + a_size + (size_t)KC * np) * sizeof *acc);        \
		T *ap = acc + acc_size, *bp = ap + a_size;                                     \
		for (size_t e = 0; e < acc_size; e++)                                          \
			acc[e] = tf_cpu_##W##_zero();                                          \
		for (int pc = 0; pc < op->k; pc += KC) {                                       \
			int kc = op->k - pc < KC ? op->k - pc : KC;                            \
			pack_a_##W(op, ic, mp, pc, kc, ap);                                    \
			pack_b_##W(op, pc, kc, jc, np, bp);                                    \
			for (int jr = 0; jr < np; jr += NR)                                    \
				for (int ir = 0; ir < mp; ir += MR)                            \
					(job->fma ? tile_##NAME##_fma : tile_##NAME)(          \
						kc, ap + (size_t)ir * kc, bp + (size_t)jr * kc,\
						acc + (size_t)jr * mp + ir, mp);               \
		}                                                                              \
		finish_##W(op, ic, mc, jc, nc, acc, mp);                                       \
		free(acc);                                                                     \
	}

/* alpha = 0 or k = 0: C = beta C (beta = 0: zeros, C not read). */
#define DEFINE_SCALE(W, T)                                                                     \
	static void scale_##W(const struct tf_typed_op *op)                                    \
	{                                                                                      \
		int beta = !tf_cpu_##W##_is_zero(op->beta.W);                                  \
		for (int j = 0; j < op->n; j++)                                                \
			for (int i = 0; i < op->m; i++) {                                      \
				size_t at = (size_t)i + (size_t)j * op->ldc;                   \
				T r = tf_cpu_##W##_zero();                                     \
				if (beta)                                                      \
					r = tf_cpu_##W##_mul(op->beta.W,                       \
							     tf_cpu_load_##W(op->format, &op->c, at)); \
				tf_cpu_store_##W(op->format, &op->c, at, r);                   \
			}                                                                      \
	}

#define DEFINE_ALL(W, T)       \
	DEFINE_PACK(W, T)      \
	DEFINE_FINISH(W, T)    \
	DEFINE_SCALE(W, T)     \
	DEFINE_TILE(W, T, tf_cpu_##W##_step) \
	DEFINE_RUN(W, W, T)

DEFINE_ALL(dd, tf_dd)
DEFINE_ALL(df, tf_df)
DEFINE_ALL(ts, tf_ts)
DEFINE_TILE(dsarith, tf_dd, tf_cpu_dsarith_step)
DEFINE_RUN(dsarith, dd, tf_dd)

void tf_cpu_typed_gemm(const struct tf_typed_op *op)
{
	enum tf_work work = tf_cpu_work_of(op->format);
	int alpha_zero = work == TF_WORK_DD   ? tf_cpu_dd_is_zero(op->alpha.dd)
			 : work == TF_WORK_DF ? tf_cpu_df_is_zero(op->alpha.df)
					      : tf_cpu_ts_is_zero(op->alpha.ts);
	if (alpha_zero || op->k == 0) {
		switch (work) {
		case TF_WORK_DD: scale_dd(op); break;
		case TF_WORK_DF: scale_df(op); break;
		case TF_WORK_TS: scale_ts(op); break;
		}
		return;
	}
	struct gemm_job job = {
		.op = op, .tiles_m = (op->m + MC - 1) / MC, .fma = tf_cpu_fma_loops()
	};
	int tiles = job.tiles_m * ((op->n + NC - 1) / NC);
	void (*run)(void *, int) = NULL;
	switch (work) {
	case TF_WORK_DD: run = op->ds_arith ? run_dsarith : run_dd; break;
	case TF_WORK_DF: run = run_df; break;
	case TF_WORK_TS: run = run_ts; break;
	}
	tf_parallel_for(tiles, run, &job);
}
