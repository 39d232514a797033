/* The row products of the CPU's sparse kernels, shared by the SpMV
 * (sparse_spmv.c) and the Krylov engine (sparse_krylov.c): a row of a CRS
 * matrix times a vector, in double or summed in DD, and the split of a
 * matrix's rows into tasks for the thread pool.
 *
 * The DD sums take each product a_ij x_j exactly (TwoProd) and add it with
 * TwoSum to the leading word, the rounding errors gathered in the second
 * word (tf_dd_fma_lazy), renormalized every TF_SPARSE_RENORMALIZE terms:
 * a row of k terms is within about 3k u^2 sum |a_ij x_j| (u = 2^-53).
 * With a DD x, a_ij x_j.lo joins the second word by an FMA: it is of the
 * order of u |a_ij x_j|, so its own rounding adds u^2 terms of the same
 * order.  A row's sum is returned as it stands (its lo word may exceed
 * ulp(hi)/2): tf_dd_to_double gives the double nearest it,
 * tf_dd_renormalize the DD number that the DD operations expect.  The chains carry one addition per term on each word,
 * which keeps a row's sum close to the speed of the plain double loop.
 *
 * The functions are static inline, and the kernels that call them are
 * compiled twice (TF_CPU_FMA_TARGET, typed_formats.h), so that fma() is one
 * instruction where the processor has it. */
#ifndef TF_CPU_SPARSE_ROWS_H
#define TF_CPU_SPARSE_ROWS_H

#include <stdint.h>
#include "op/sparse_op.h"
#include "twofold/arith_dd.h"

/* The lo word grows by at most one ulp of hi per term; renormalizing every
 * 32 terms keeps it far below hi (arith_dd.h). */
#define TF_SPARSE_RENORMALIZE 32

/* Row i of A times x, in double (the classic solver's product). */
static inline double tf_csr_row_d(const struct tf_csr_arrays *a, int i, const double *x)
{
	const int b = a->base;
	const int *col = a->col_idx - b;
	const double *v = a->values - b;
	const double *xb = x - b;
	double sum = 0.0;
	for (int k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
		sum = TF_DFMA(v[k], xb[col[k]], sum);
	return sum;
}

/* Row i of A times a double x, summed in DD (as it stands). */
static inline tf_dd tf_csr_row_dd_of_d(const struct tf_csr_arrays *a, int i, const double *x)
{
	const int b = a->base;
	const int *col = a->col_idx - b;
	const double *v = a->values - b;
	const double *xb = x - b;
	tf_dd acc = tf_dd_make(0.0, 0.0);
	int k = a->row_ptr[i], end = a->row_ptr[i + 1];
	for (;;) {
		int stop = end - k > TF_SPARSE_RENORMALIZE ? k + TF_SPARSE_RENORMALIZE : end;
		for (; k < stop; k++)
			acc = tf_dd_fma_lazy(acc, v[k], xb[col[k]]);
		if (k == end)
			return acc;
		acc = tf_dd_renormalize(acc);
	}
}

/* acc + v x for a DD x: v x.hi taken exactly and added as by
 * tf_dd_fma_lazy, v x.lo joining the second word by an FMA. */
static inline tf_dd tf_csr_dd_step(tf_dd acc, double v, tf_dd x)
{
	tf_dd p = tf_two_prod(v, x.hi);
	tf_dd s = tf_two_sum(acc.hi, p.hi);
	return tf_dd_make(s.hi, TF_DFMA(v, x.lo, TF_DADD(acc.lo, TF_DADD(s.lo, p.lo))));
}

/* Row i of A times a DD x, summed in DD (as it stands). */
static inline tf_dd tf_csr_row_dd_of_dd(const struct tf_csr_arrays *a, int i, const tf_dd *x)
{
	const int b = a->base;
	const int *col = a->col_idx - b;
	const double *v = a->values - b;
	const tf_dd *xb = x - b;
	tf_dd acc = tf_dd_make(0.0, 0.0);
	int k = a->row_ptr[i], end = a->row_ptr[i + 1];
	for (;;) {
		int stop = end - k > TF_SPARSE_RENORMALIZE ? k + TF_SPARSE_RENORMALIZE : end;
		for (; k < stop; k++)
			acc = tf_csr_dd_step(acc, v[k], xb[col[k]]);
		if (k == end)
			return acc;
		acc = tf_dd_renormalize(acc);
	}
}

/* The first row of task `task` of `tasks` (rows a->rows for task =
 * tasks), the tasks holding about as many nonzeros each: the first row
 * that starts at or after the task's share. */
static inline int tf_csr_task_first_row(const struct tf_csr_arrays *a, int task, int tasks)
{
	if (task >= tasks)
		return a->rows;
	int64_t target = a->base + a->nnz * (int64_t)task / tasks;
	int lo = 0, hi = a->rows;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (a->row_ptr[mid] < target)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

#endif
