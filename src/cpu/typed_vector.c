/* The typed GEMV, AXPY and DOT on the CPU, in each format's working
 * arithmetic (typed_formats.h).
 *
 * Each body is written once, as a macro over the working arithmetic W (dd,
 * df, ts) and its number type T, and expanded for the three; the formats
 * that share DD arithmetic (DD, DS, DSP, DI) differ only in the loads and
 * stores.
 *
 * GEMV gathers x into a contiguous array of working numbers, then: trans N,
 * tasks of ROWS rows keep sums for their rows and add A's columns into them;
 * trans T, tasks of COLUMNS columns each take the dot product of a column of
 * A with x, in LANES partial sums.  Large problems run on the thread pool.
 * AXPY and DOT are single loops (AXPY with incy = 0 applies the updates to
 * the one element in order, as BLAS does). */
#include "config.h"

#include <stdlib.h>
#include "core/message.h"
#include "core/threads.h"
#include "cpu/typed_formats.h"

#define ROWS 256
#define COLUMNS 16
/* Partial sums of a dot product, added at the end in the working
 * arithmetic; independent, so that their steps overlap. */
#define LANES 4
/* Below this many elements of A, one thread does it all. */
#define PARALLEL_MIN 32768

struct gemv_job {
	const struct tf_typed_op *op;
	int fma; /* run the TF_CPU_FMA_TARGET loops */
	const void *x; /* op(A)'s operand, contiguous, in working numbers */
	int tasks;
};

static void *allocate(size_t bytes)
{
	void *p = malloc(bytes ? bytes : 1);
	if (!p)
		tf_fatal("out of memory in the CPU typed kernels (%zu bytes)", bytes);
	return p;
}

/* y(i) = alpha sum + beta y(i), rounded once; beta = 0 does not read y. */
#define DEFINE_FINISH(W, T)                                                                   \
	static void finish_##W(const struct tf_typed_op *op, int leny, int i, T sum)           \
	{                                                                                      \
		size_t at = tf_typed_offset(leny, op->incy, i);                           \
		T r = tf_cpu_##W##_mul(op->alpha.W, sum);                                      \
		if (!tf_cpu_##W##_is_zero(op->beta.W))                                         \
			r = tf_cpu_##W##_add(r, tf_cpu_##W##_mul(op->beta.W,                   \
								 tf_cpu_load_##W(op->format, &op->y, at))); \
		tf_cpu_store_##W(op->format, &op->y, at, r);                                   \
	}

/* Trans N: rows [task ROWS, +ROWS) of y, A's columns added in order. */
#define DEFINE_GEMV_ROWS(FUNCTION, TARGET, W, T)                                                                 \
	TARGET static void FUNCTION(void *context, int task)                                     \
	{                                                                                      \
		const struct gemv_job *job = context;                                          \
		const struct tf_typed_op *op = job->op;                                        \
		const T *x = job->x;                                                           \
		int first = task * ROWS, rows = op->m - first < ROWS ? op->m - first : ROWS;   \
		T sum[ROWS];                                                                   \
		for (int i = 0; i < rows; i++)                                                 \
			sum[i] = tf_cpu_##W##_zero();                                          \
		for (int j = 0; j < op->n; j++) {                                              \
			size_t column = (size_t)j * op->lda + first;                           \
			for (int i = 0; i < rows; i++)                                         \
				sum[i] = tf_cpu_##W##_step(                                     \
					sum[i], tf_cpu_load_##W(op->format, &op->a, column + i), x[j]); \
		}                                                                              \
		for (int i = 0; i < rows; i++)                                                 \
			finish_##W(op, op->m, first + i, sum[i]);                              \
	}

/* Trans T: y(j) for columns [task COLUMNS, +COLUMNS), dot products of
 * length m in LANES partial sums. */
#define DEFINE_GEMV_COLUMNS(FUNCTION, TARGET, W, T)                                                              \
	TARGET static void FUNCTION(void *context, int task)                                  \
	{                                                                                      \
		const struct gemv_job *job = context;                                          \
		const struct tf_typed_op *op = job->op;                                        \
		const T *x = job->x;                                                           \
		int first = task * COLUMNS;                                                    \
		int last = op->n - first < COLUMNS ? op->n : first + COLUMNS;                  \
		for (int j = first; j < last; j++) {                                           \
			size_t column = (size_t)j * op->lda;                                   \
			T lane[LANES];                                                         \
			for (int v = 0; v < LANES; v++)                                        \
				lane[v] = tf_cpu_##W##_zero();                                 \
			int full = op->m - op->m % LANES;                                      \
			for (int i = 0; i < full; i += LANES)                                  \
				for (int v = 0; v < LANES; v++)                                \
					lane[v] = tf_cpu_##W##_step(                            \
						lane[v],                                       \
						tf_cpu_load_##W(op->format, &op->a, column + i + v), \
						x[i + v]);                                     \
			for (int i = full; i < op->m; i++)                                     \
				lane[i - full] = tf_cpu_##W##_step(                             \
					lane[i - full],                                        \
					tf_cpu_load_##W(op->format, &op->a, column + i), x[i]); \
			T sum = lane[0];                                                       \
			for (int v = 1; v < LANES; v++)                                        \
				sum = tf_cpu_##W##_add(sum, lane[v]);                          \
			finish_##W(op, op->n, j, sum);                                         \
		}                                                                              \
	}

/* alpha = 0: y = beta y (beta = 0: zeros, y not read). */
#define DEFINE_GEMV_SCALE(W, T)                                                                \
	static void gemv_scale_##W(const struct tf_typed_op *op)                               \
	{                                                                                      \
		int leny = op->transa == 'N' ? op->m : op->n;                                  \
		for (int i = 0; i < leny; i++) {                                               \
			size_t at = tf_typed_offset(leny, op->incy, i);                   \
			T r = tf_cpu_##W##_zero();                                             \
			if (!tf_cpu_##W##_is_zero(op->beta.W))                                 \
				r = tf_cpu_##W##_mul(op->beta.W,                               \
						     tf_cpu_load_##W(op->format, &op->y, at)); \
			tf_cpu_store_##W(op->format, &op->y, at, r);                           \
		}                                                                              \
	}

#define DEFINE_GEMV(W, T)                                                                      \
	static void gemv_##W(const struct tf_typed_op *op)                                     \
	{                                                                                      \
		if (tf_cpu_##W##_is_zero(op->alpha.W)) {                                       \
			gemv_scale_##W(op);                                                    \
			return;                                                                \
		}                                                                              \
		int lenx = op->transa == 'N' ? op->n : op->m;                                  \
		T *x = allocate((size_t)lenx * sizeof *x);                                     \
		for (int i = 0; i < lenx; i++)                                                 \
			x[i] = tf_cpu_load_##W(op->format, &op->x,                             \
					       tf_typed_offset(lenx, op->incx, i));       \
		struct gemv_job job = { .op = op, .fma = tf_cpu_fma_loops(), .x = x };         \
		void (*body)(void *, int);                                                     \
		if (op->transa == 'N') {                                                       \
			job.tasks = (op->m + ROWS - 1) / ROWS;                                 \
			body = job.fma ? gemv_rows_##W##_fma : gemv_rows_##W;                  \
		} else {                                                                       \
			job.tasks = (op->n + COLUMNS - 1) / COLUMNS;                           \
			body = job.fma ? gemv_columns_##W##_fma : gemv_columns_##W;            \
		}                                                                              \
		if ((double)op->m * op->n < PARALLEL_MIN)                                      \
			for (int t = 0; t < job.tasks; t++)                                    \
				body(&job, t);                                                 \
		else                                                                           \
			tf_parallel_for(job.tasks, body, &job);                                \
		free(x);                                                                       \
	}

/* y = alpha x + y, element by element in order. */
#define DEFINE_AXPY(FUNCTION, TARGET, W, T)                                                                      \
	TARGET static void FUNCTION(const struct tf_typed_op *op)                                     \
	{                                                                                      \
		for (int i = 0; i < op->n; i++) {                                              \
			size_t xi = tf_typed_offset(op->n, op->incx, i);                  \
			size_t yi = tf_typed_offset(op->n, op->incy, i);                  \
			T r = tf_cpu_##W##_add(                                                \
				tf_cpu_##W##_mul(op->alpha.W, tf_cpu_load_##W(op->format, &op->x, xi)), \
				tf_cpu_load_##W(op->format, &op->y, yi));                      \
			tf_cpu_store_##W(op->format, &op->y, yi, r);                           \
		}                                                                              \
	}

/* x . y in LANES partial sums, added at the end. */
#define DEFINE_DOT(FUNCTION, TARGET, W, T)                                                                       \
	TARGET static void FUNCTION(const struct tf_typed_op *op)                                      \
	{                                                                                      \
		T lane[LANES];                                                                 \
		for (int v = 0; v < LANES; v++)                                                \
			lane[v] = tf_cpu_##W##_zero();                                         \
		for (int i = 0; i < op->n; i++) {                                              \
			T xi = tf_cpu_load_##W(op->format, &op->x,                             \
					       tf_typed_offset(op->n, op->incx, i));      \
			T yi = tf_cpu_load_##W(op->format, &op->y,                             \
					       tf_typed_offset(op->n, op->incy, i));      \
			lane[i % LANES] = tf_cpu_##W##_step(lane[i % LANES], xi, yi);          \
		}                                                                              \
		T sum = lane[0];                                                               \
		for (int v = 1; v < LANES; v++)                                                \
			sum = tf_cpu_##W##_add(sum, lane[v]);                                  \
		*(T *)op->result = sum;                                                        \
	}

/* Each loop twice: NAME_W and NAME_W_fma (typed_formats.h). */
#define DEFINE_TWICE(DEFINE, NAME, W, T) \
	DEFINE(NAME##_##W, , W, T)       \
	DEFINE(NAME##_##W##_fma, TF_CPU_FMA_TARGET, W, T)

#define DEFINE_ALL(W, T)                                   \
	DEFINE_FINISH(W, T)                                \
	DEFINE_TWICE(DEFINE_GEMV_ROWS, gemv_rows, W, T)    \
	DEFINE_TWICE(DEFINE_GEMV_COLUMNS, gemv_columns, W, T) \
	DEFINE_GEMV_SCALE(W, T)                            \
	DEFINE_GEMV(W, T)                                  \
	DEFINE_TWICE(DEFINE_AXPY, axpy, W, T)              \
	DEFINE_TWICE(DEFINE_DOT, dot, W, T)

DEFINE_ALL(dd, tf_dd)
DEFINE_ALL(df, tf_df)
DEFINE_ALL(ts, tf_ts)

void tf_cpu_typed_gemv(const struct tf_typed_op *op)
{
	switch (tf_cpu_work_of(op->format)) {
	case TF_WORK_DD: gemv_dd(op); break;
	case TF_WORK_DF: gemv_df(op); break;
	case TF_WORK_TS: gemv_ts(op); break;
	}
}

void tf_cpu_typed_axpy(const struct tf_typed_op *op)
{
	int fma = tf_cpu_fma_loops();
	switch (tf_cpu_work_of(op->format)) {
	case TF_WORK_DD: (fma ? axpy_dd_fma : axpy_dd)(op); break;
	case TF_WORK_DF: (fma ? axpy_df_fma : axpy_df)(op); break;
	case TF_WORK_TS: (fma ? axpy_ts_fma : axpy_ts)(op); break;
	}
}

void tf_cpu_typed_dot(const struct tf_typed_op *op)
{
	int fma = tf_cpu_fma_loops();
	switch (tf_cpu_work_of(op->format)) {
	case TF_WORK_DD: (fma ? dot_dd_fma : dot_dd)(op); break;
	case TF_WORK_DF: (fma ? dot_df_fma : dot_df)(op); break;
	case TF_WORK_TS: (fma ? dot_ts_fma : dot_ts)(op); break;
	}
}
