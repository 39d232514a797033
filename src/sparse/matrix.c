#include "config.h"

/* tf_csr_create and what it derives (matrix.h). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/export.h"
#include "plan/sparse_plan.h"
#include "sparse/matrix.h"

static int invalid(tf_csr *a, const char *format, ...) __attribute__((format(printf, 2, 3)));
static int invalid(tf_csr *a, const char *format, ...)
{
	va_list args;
	va_start(args, format);
	vsnprintf(a->message, sizeof a->message, format, args);
	va_end(args);
	a->status = TF_SPARSE_INVALID;
	return -1;
}

/* Host copies of device arrays, in one block: row pointers, column
 * indices, values.  Returns 0, or -1 with the reason in a. */
static int fetch(tf_csr *a, struct tf_csr_arrays *user)
{
	size_t pointers = ((size_t)user->rows + 1) * sizeof(int);
	int first = 0, last = 0;
	if (tf_plan_sparse_fetch(&first, user->row_ptr, sizeof first) != 0 ||
	    tf_plan_sparse_fetch(&last, user->row_ptr + user->rows, sizeof last) != 0)
		return invalid(a, "the matrix's row pointers could not be read from the GPU");
	int64_t nnz = (int64_t)last - first;
	if (first != user->base || nnz < 0)
		return invalid(a, "row pointers start at %d and end at %d (base %d)", first, last,
			       user->base);
	size_t entries = (size_t)nnz;
	char *block = malloc(pointers + entries * (sizeof(int) + sizeof(double)) + 8);
	if (!block)
		return invalid(a, "out of memory for a host copy of the matrix");
	double *values = (double *)(void *)block;
	int *col_idx = (int *)(void *)(block + entries * sizeof(double));
	int *row_ptr = col_idx + entries;
	if (tf_plan_sparse_fetch(row_ptr, user->row_ptr, pointers) != 0 ||
	    (entries && (tf_plan_sparse_fetch(col_idx, user->col_idx, entries * sizeof(int)) != 0 ||
			 tf_plan_sparse_fetch(values, user->values, entries * sizeof(double)) != 0))) {
		free(block);
		return invalid(a, "the matrix could not be read from the GPU");
	}
	a->host_copy = block;
	a->matrix.host = *user;
	a->matrix.host.row_ptr = row_ptr;
	a->matrix.host.col_idx = col_idx;
	a->matrix.host.values = values;
	return 0;
}

/* The checks every backend relies on (op/sparse_op.h), in one pass; rows
 * and entries are named as the caller counts them (from base). */
static int validate(tf_csr *a)
{
	const struct tf_csr_arrays *m = &a->matrix.host;
	const int *ptr = m->row_ptr;
	int base = m->base;
	if (ptr[0] != base)
		return invalid(a, "row pointer %d is %d, not the index base %d", base, ptr[0], base);
	for (int i = 0; i < m->rows; i++)
		if (ptr[i + 1] < ptr[i])
			return invalid(a, "row pointers decrease at row %d (%d after %d)", i + base,
				       ptr[i + 1], ptr[i]);
	a->matrix.host.nnz = (int64_t)ptr[m->rows] - base;
	if (a->matrix.host.nnz > 0 && (!m->col_idx || !m->values))
		return invalid(a, "%s is NULL", !m->col_idx ? "col_idx" : "values");
	int *seen = malloc(((size_t)m->cols + 1) * sizeof *seen);
	if (!seen)
		return invalid(a, "out of memory to check the matrix");
	for (int j = 0; j < m->cols; j++)
		seen[j] = -1;
	for (int i = 0; i < m->rows; i++)
		for (int k = ptr[i] - base; k < ptr[i + 1] - base; k++) {
			int column = m->col_idx[k] - base;
			if (column < 0 || column >= m->cols) {
				free(seen);
				return invalid(a, "column index %d out of range at entry %d (row %d)",
					       m->col_idx[k], k + base, i + base);
			}
			if (seen[column] == i) {
				free(seen);
				return invalid(a, "column %d appears twice in row %d (entry %d)",
					       m->col_idx[k], i + base, k + base);
			}
			seen[column] = i;
			if (!isfinite(m->values[k])) {
				free(seen);
				return invalid(a, "value %g at entry %d (row %d, column %d) is not finite",
					       m->values[k], k + base, i + base, m->col_idx[k]);
			}
		}
	free(seen);
	return 0;
}

TF_EXPORT tf_csr *tf_csr_create(int rows, int cols, int base, const int *row_ptr,
				const int *col_idx, const double *values)
{
	tf_csr *a = calloc(1, sizeof *a);
	if (!a)
		return NULL;
	pthread_mutex_init(&a->lock, NULL);
	a->symmetric = -1;
	struct tf_csr_arrays user = { rows, cols, base, 0, row_ptr, col_idx, values };
	if (rows < 0 || cols < 0)
		invalid(a, "%s = %d is negative", rows < 0 ? "rows" : "cols", rows < 0 ? rows : cols);
	else if (base != 0 && base != 1)
		invalid(a, "index base %d is neither 0 nor 1", base);
	else if (!row_ptr)
		invalid(a, "row_ptr is NULL");
	if (a->status)
		return a;
	const void *arrays[] = { row_ptr, col_idx, values };
	struct tf_sparse_place place = tf_plan_sparse_place(arrays, 3);
	if (place.resident)
		a->matrix.device = user;
	if (place.host_readable)
		a->matrix.host = user;
	else if (fetch(a, &user) != 0)
		return a;
	if (validate(a) == 0)
		a->matrix.device.nnz = a->matrix.host.nnz;
	return a;
}

TF_EXPORT void tf_csr_destroy(tf_csr *a)
{
	if (!a)
		return;
	tf_plan_sparse_forget(&a->matrix);
	if (a->transposed == 1) {
		tf_plan_sparse_forget(&a->transpose);
		tf_plan_csr_free(&a->transpose.host);
	}
	if (a->ilu_status == 1)
		tf_plan_ilu0_free(&a->ilu);
	free(a->host_copy);
	pthread_mutex_destroy(&a->lock);
	free(a);
}

TF_EXPORT int tf_csr_status(const tf_csr *a)
{
	return a ? a->status : TF_SPARSE_INVALID;
}

TF_EXPORT const char *tf_csr_message(const tf_csr *a)
{
	return a ? a->message : "the matrix is NULL (tf_csr_create ran out of memory)";
}

TF_EXPORT int tf_csr_rows(const tf_csr *a)
{
	return tf_csr_status(a) == 0 ? a->matrix.host.rows : 0;
}

TF_EXPORT int tf_csr_cols(const tf_csr *a)
{
	return tf_csr_status(a) == 0 ? a->matrix.host.cols : 0;
}

TF_EXPORT int64_t tf_csr_nnz(const tf_csr *a)
{
	return tf_csr_status(a) == 0 ? a->matrix.host.nnz : 0;
}

const struct tf_sparse_matrix *tf_csr_op(tf_csr *a, char trans)
{
	if (trans == 'N')
		return &a->matrix;
	pthread_mutex_lock(&a->lock);
	if (a->transposed == 0) {
		memset(&a->transpose, 0, sizeof a->transpose);
		a->transposed = tf_plan_csr_transpose(&a->matrix.host, &a->transpose.host) == 0 ? 1 : -1;
	}
	int built = a->transposed == 1;
	pthread_mutex_unlock(&a->lock);
	return built ? &a->transpose : NULL;
}

int tf_csr_ilu0(tf_csr *a, const struct tf_ilu0 **ilu)
{
	pthread_mutex_lock(&a->lock);
	if (a->ilu_status == 0) {
		int status = tf_plan_ilu0(&a->matrix.host, &a->ilu);
		a->ilu_status = status == 0 ? 1 : status < 0 ? -1 : status + 1;
	}
	int status = a->ilu_status;
	pthread_mutex_unlock(&a->lock);
	*ilu = &a->ilu;
	return status == 1 ? 0 : status < 0 ? -1 : status - 1;
}

/* Symmetric when A, with its rows sorted, equals its transpose: the
 * transpose of the transpose is A sorted. */
TF_EXPORT int tf_csr_is_symmetric(const tf_csr *a)
{
	if (tf_csr_status(a) != 0 || a->matrix.host.rows != a->matrix.host.cols)
		return 0;
	tf_csr *m = (tf_csr *)a;
	pthread_mutex_lock(&m->lock);
	int known = m->symmetric;
	pthread_mutex_unlock(&m->lock);
	if (known >= 0)
		return known;
	const struct tf_sparse_matrix *t = tf_csr_op(m, 'T');
	struct tf_csr_arrays sorted;
	if (!t || tf_plan_csr_transpose(&t->host, &sorted) != 0)
		return 0; /* out of memory: not known, so not claimed */
	int n = a->matrix.host.rows;
	int symmetric = memcmp(sorted.row_ptr, t->host.row_ptr, ((size_t)n + 1) * sizeof(int)) == 0 &&
			memcmp(sorted.col_idx, t->host.col_idx, (size_t)sorted.nnz * sizeof(int)) == 0 &&
			memcmp(sorted.values, t->host.values, (size_t)sorted.nnz * sizeof(double)) == 0;
	tf_plan_csr_free(&sorted);
	pthread_mutex_lock(&m->lock);
	m->symmetric = symmetric;
	pthread_mutex_unlock(&m->lock);
	return symmetric;
}
