/* SpMV on the CPU, y = alpha A x + beta y for every vector format
 * (op/sparse_op.h): each row summed in DD (sparse_rows.h), alpha and beta
 * applied in DD, the result rounded once to y's format.  The rows are
 * split into tasks of about equal nonzeros for the thread pool; a row is
 * summed by one thread in a fixed order, so the result does not depend on
 * the number of threads. */
#include "config.h"

#include "cpu/sparse.h"
#include "cpu/sparse_rows.h"
#include "core/threads.h"
#include "cpu/typed_formats.h"

/* Below this many nonzeros, one thread does it all. */
#define PARALLEL_MIN 16384
/* Tasks per thread: some slack for rows of uneven cost. */
#define TASKS_PER_THREAD 4

struct spmv_job {
	const struct tf_spmv_op *op;
	enum tf_format format; /* y's and x's storage for DD, DS and DI */
	int alpha_zero, alpha_one, beta_zero;
	int plain; /* double vectors, alpha = 1, beta = 0 */
	int tasks;
};

/* The row's sum, alpha and beta applied, rounded once into y. */
static inline void finish_row(const struct spmv_job *job, int i, tf_dd sum)
{
	const struct tf_spmv_op *op = job->op;
	tf_dd r = job->alpha_one ? sum : tf_dd_mul(op->alpha, sum);
	if (op->vector == TF_SPARSE_D) {
		double *y = op->y.hi;
		if (!job->beta_zero)
			r = tf_dd_add(r, tf_dd_mul_d(op->beta, y[i]));
		y[i] = tf_dd_to_double(r);
		return;
	}
	if (!job->beta_zero)
		r = tf_dd_add(r, tf_dd_mul(op->beta, tf_cpu_load_dd(job->format, &op->y, i)));
	tf_cpu_store_dd(job->format, &op->y, i, r);
}

/* The row's product with x in DD, x of any format. */
static inline tf_dd row_product(const struct spmv_job *job, int i)
{
	const struct tf_spmv_op *op = job->op;
	const struct tf_csr_arrays *a = &op->a->host;
	switch (op->vector) {
	case TF_SPARSE_D:
		return tf_dd_renormalize(tf_csr_row_dd_of_d(a, i, op->x.hi));
	case TF_SPARSE_DD:
		return tf_dd_renormalize(tf_csr_row_dd_of_dd(a, i, op->x.hi));
	default: {
		/* DS and DI: each element as the DD value it stands for, exactly */
		const int b = a->base;
		tf_dd acc = tf_dd_make(0.0, 0.0);
		int k = a->row_ptr[i] - b, end = a->row_ptr[i + 1] - b;
		while (k < end) {
			int stop = end - k > TF_SPARSE_RENORMALIZE ? k + TF_SPARSE_RENORMALIZE : end;
			for (; k < stop; k++)
				acc = tf_csr_dd_step(acc, a->values[k],
						     tf_cpu_load_dd(job->format, &op->x,
								    (size_t)(a->col_idx[k] - b)));
			acc = tf_dd_renormalize(acc);
		}
		return acc;
	}
	}
}

/* y = A x with double vectors, the common case, without the DD steps of
 * alpha and beta: the double nearest each row's sum. */
#define DEFINE_SPMV_TASK(FUNCTION, TARGET)                                           \
	TARGET static void FUNCTION(void *context, int task)                         \
	{                                                                            \
		const struct spmv_job *job = context;                                \
		const struct tf_csr_arrays *a = &job->op->a->host;                   \
		int first = tf_csr_task_first_row(a, task, job->tasks);              \
		int last = tf_csr_task_first_row(a, task + 1, job->tasks);           \
		if (job->plain) {                                                    \
			const double *x = job->op->x.hi;                             \
			double *y = job->op->y.hi;                                   \
			for (int i = first; i < last; i++)                           \
				y[i] = tf_dd_to_double(tf_csr_row_dd_of_d(a, i, x)); \
			return;                                                      \
		}                                                                    \
		for (int i = first; i < last; i++)                                   \
			finish_row(job, i,                                           \
				   job->alpha_zero ? tf_dd_make(0.0, 0.0)            \
						   : row_product(job, i));           \
	}

DEFINE_SPMV_TASK(spmv_task, )
DEFINE_SPMV_TASK(spmv_task_fma, TF_CPU_FMA_TARGET)

void tf_cpu_spmv(const struct tf_spmv_op *op)
{
	static const enum tf_format formats[] = {
		[TF_SPARSE_D] = TF_FORMAT_DD, [TF_SPARSE_DD] = TF_FORMAT_DD,
		[TF_SPARSE_DS] = TF_FORMAT_DS, [TF_SPARSE_DI] = TF_FORMAT_DI,
	};
	const struct tf_csr_arrays *a = &op->a->host;
	struct spmv_job job = {
		.op = op,
		.format = formats[op->vector],
		.alpha_zero = op->alpha.hi == 0.0 && op->alpha.lo == 0.0,
		.alpha_one = op->alpha.hi == 1.0 && op->alpha.lo == 0.0,
		.beta_zero = op->beta.hi == 0.0 && op->beta.lo == 0.0,
		.tasks = 1,
	};
	job.plain = op->vector == TF_SPARSE_D && job.alpha_one && job.beta_zero;
	if (a->nnz >= PARALLEL_MIN && a->rows > 1) {
		int tasks = tf_cpu_threads() * TASKS_PER_THREAD;
		job.tasks = tasks < a->rows ? tasks : a->rows;
	}
	tf_parallel_for(job.tasks, tf_cpu_fma_loops() ? spmv_task_fma : spmv_task, &job);
}
