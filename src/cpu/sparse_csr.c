/* What the CPU derives from a CRS matrix: its transpose (a transposed
 * product is a product with it) and its ILU(0) factors (op/sparse_op.h),
 * both base 0 with columns increasing within a row. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cpu/sparse.h"

/* Allocates the three arrays of a matrix of `rows` rows and `nnz` entries;
 * 0, or -1 with nothing allocated. */
static int csr_allocate(struct tf_csr_arrays *m, int rows, int cols, int64_t nnz)
{
	int *row_ptr = malloc(((size_t)rows + 1) * sizeof *row_ptr);
	int *col_idx = malloc((size_t)(nnz ? nnz : 1) * sizeof *col_idx);
	double *values = malloc((size_t)(nnz ? nnz : 1) * sizeof *values);
	if (!row_ptr || !col_idx || !values) {
		free(row_ptr), free(col_idx), free(values);
		memset(m, 0, sizeof *m);
		return -1;
	}
	*m = (struct tf_csr_arrays){ .rows = rows, .cols = cols, .base = 0, .nnz = nnz,
				     .row_ptr = row_ptr, .col_idx = col_idx, .values = values };
	return 0;
}

void tf_cpu_csr_free(struct tf_csr_arrays *t)
{
	free((void *)t->row_ptr);
	free((void *)t->col_idx);
	free((void *)t->values);
	memset(t, 0, sizeof *t);
}

/* By counting: the entries of column j of `a` become row j of `t`, met in
 * increasing row order, so each row of t has its columns increasing. */
int tf_cpu_csr_transpose(const struct tf_csr_arrays *a, struct tf_csr_arrays *t)
{
	if (csr_allocate(t, a->cols, a->rows, a->nnz) != 0)
		return -1;
	int *rp = (int *)t->row_ptr, *ci = (int *)t->col_idx;
	double *v = (double *)t->values;
	const int b = a->base;
	memset(rp, 0, ((size_t)a->cols + 1) * sizeof *rp);
	for (int64_t k = 0; k < a->nnz; k++)
		rp[a->col_idx[k] - b + 1]++;
	for (int j = 0; j < a->cols; j++)
		rp[j + 1] += rp[j];
	/* next[j]: where the next entry of row j of t goes */
	int *next = malloc(((size_t)a->cols + 1) * sizeof *next);
	if (!next) {
		tf_cpu_csr_free(t);
		return -1;
	}
	memcpy(next, rp, ((size_t)a->cols + 1) * sizeof *next);
	for (int i = 0; i < a->rows; i++)
		for (int k = a->row_ptr[i] - b; k < a->row_ptr[i + 1] - b; k++) {
			int at = next[a->col_idx[k] - b]++;
			ci[at] = i;
			v[at] = a->values[k];
		}
	free(next);
	return 0;
}

/* ------------------------------------------------------------------------
 * ILU(0): Saad, "Iterative methods for sparse linear systems", Algorithm
 * 10.4 (IKJ), on a base 0 copy of A with each row's columns sorted.
 * ---------------------------------------------------------------------- */

struct entry {
	int col;
	double value;
};

static int by_column(const void *a, const void *b)
{
	int x = ((const struct entry *)a)->col, y = ((const struct entry *)b)->col;
	return (x > y) - (x < y);
}

/* The factorization in place on sorted rows (rp, e); diag[i] receives the
 * position of row i's diagonal.  Returns 0, or i + 1 for a missing
 * diagonal or a zero or non-finite pivot at row i. */
static int factor_in_place(int n, const int *rp, struct entry *e, int *diag, int *where)
{
	for (int j = 0; j < n; j++)
		where[j] = -1;
	for (int i = 0; i < n; i++) {
		diag[i] = -1;
		for (int p = rp[i]; p < rp[i + 1]; p++) {
			where[e[p].col] = p;
			if (e[p].col == i)
				diag[i] = p;
		}
		if (diag[i] < 0)
			return i + 1;
		/* the columns k < i in increasing order: row i -= l_ik (row k of U) */
		for (int p = rp[i]; p < diag[i]; p++) {
			int k = e[p].col;
			double l = e[p].value / e[diag[k]].value;
			e[p].value = l;
			for (int q = diag[k] + 1; q < rp[k + 1]; q++) {
				int at = where[e[q].col];
				if (at >= 0)
					e[at].value -= l * e[q].value;
			}
		}
		for (int p = rp[i]; p < rp[i + 1]; p++)
			where[e[p].col] = -1;
		double pivot = e[diag[i]].value;
		if (pivot == 0.0 || !isfinite(pivot))
			return i + 1;
	}
	return 0;
}

/* L's strictly lower entries and U's diagonal-first rows from the factored
 * rows. */
static int split_factors(int n, const int *rp, const struct entry *e, const int *diag,
			 struct tf_ilu0 *ilu)
{
	int64_t lower_nnz = 0;
	for (int i = 0; i < n; i++)
		lower_nnz += diag[i] - rp[i];
	struct tf_csr_arrays *l = &ilu->lower.host, *u = &ilu->upper.host;
	if (csr_allocate(l, n, n, lower_nnz) != 0)
		return -1;
	if (csr_allocate(u, n, n, rp[n] - lower_nnz) != 0) {
		tf_cpu_csr_free(l);
		return -1;
	}
	int *lrp = (int *)l->row_ptr, *lci = (int *)l->col_idx;
	int *urp = (int *)u->row_ptr, *uci = (int *)u->col_idx;
	double *lv = (double *)l->values, *uv = (double *)u->values;
	int64_t nl = 0, nu = 0;
	for (int i = 0; i < n; i++) {
		lrp[i] = (int)nl;
		urp[i] = (int)nu;
		for (int p = rp[i]; p < diag[i]; p++, nl++)
			lci[nl] = e[p].col, lv[nl] = e[p].value;
		for (int p = diag[i]; p < rp[i + 1]; p++, nu++)
			uci[nu] = e[p].col, uv[nu] = e[p].value;
	}
	lrp[n] = (int)nl;
	urp[n] = (int)nu;
	return 0;
}

int tf_cpu_ilu0(const struct tf_csr_arrays *a, struct tf_ilu0 *ilu)
{
	memset(ilu, 0, sizeof *ilu);
	int n = a->rows;
	const int b = a->base;
	int *rp = malloc(((size_t)n + 1) * sizeof *rp);
	struct entry *e = malloc((size_t)(a->nnz ? a->nnz : 1) * sizeof *e);
	int *diag = malloc(((size_t)n + 1) * sizeof *diag);
	int *where = malloc(((size_t)n + 1) * sizeof *where);
	int status = -1;
	if (!rp || !e || !diag || !where)
		goto out;
	for (int i = 0; i <= n; i++)
		rp[i] = a->row_ptr[i] - b;
	for (int64_t k = 0; k < a->nnz; k++)
		e[k] = (struct entry){ a->col_idx[k] - b, a->values[k] };
	for (int i = 0; i < n; i++) {
		int sorted = 1;
		for (int p = rp[i] + 1; p < rp[i + 1] && sorted; p++)
			sorted = e[p - 1].col < e[p].col;
		if (!sorted)
			qsort(e + rp[i], (size_t)(rp[i + 1] - rp[i]), sizeof *e, by_column);
	}
	status = factor_in_place(n, rp, e, diag, where);
	if (status == 0 && split_factors(n, rp, e, diag, ilu) != 0)
		status = -1;
out:
	free(rp), free(e), free(diag), free(where);
	return status;
}

void tf_cpu_ilu0_free(struct tf_ilu0 *ilu)
{
	tf_cpu_csr_free(&ilu->lower.host);
	tf_cpu_csr_free(&ilu->upper.host);
}
