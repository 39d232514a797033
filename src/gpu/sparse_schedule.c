/* The schedule of a triangular factor (gpu/sparse_schedule.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include "gpu/sparse_schedule.h"

#define ALIGN 256

static size_t aligned(size_t bytes)
{
	return (bytes + ALIGN - 1) / ALIGN * ALIGN;
}

void *tf_sptrsv_schedule(const struct tf_csr_arrays *f, int upper, struct tf_sptrsv_layout *layout)
{
	const int n = f->rows, skip = upper ? 1 : 0;
	const size_t entries = (size_t)f->nnz - (upper ? (size_t)n : 0);
	struct tf_sptrsv_layout l = { n, !upper, 0, 0, 0, 0, 0, 0, 0, 0 };
	l.values_at = 0;
	l.diag_at = aligned(entries * sizeof(double));
	l.col_at = l.diag_at + aligned((size_t)n * sizeof(double));
	l.row_at = l.col_at + aligned(entries * sizeof(int));
	l.order_at = l.row_at + aligned(((size_t)n + 1) * sizeof(int));
	l.counter_at = l.order_at + aligned((size_t)n * sizeof(int));
	l.bytes = l.counter_at + aligned(sizeof(unsigned));
	int *level = malloc(((size_t)n + 1) * sizeof *level);
	char *block = malloc(l.bytes);
	int *count = NULL;
	int levels = 0;
	for (int step = 0; level && step < n; step++) {
		const int i = upper ? n - 1 - step : step;
		int v = 0;
		for (int k = f->row_ptr[i] + skip; k < f->row_ptr[i + 1]; k++)
			if (level[f->col_idx[k]] + 1 > v)
				v = level[f->col_idx[k]] + 1;
		level[i] = v;
		if (v + 1 > levels)
			levels = v + 1;
	}
	if (!level || !block || !(count = calloc((size_t)levels + 1, sizeof *count))) {
		free(level);
		free(block);
		return NULL;
	}
	for (int i = 0; i < n; i++)
		count[level[i] + 1]++;
	for (int v = 0; v < levels; v++)
		count[v + 1] += count[v];
	double *values = (double *)(void *)(block + l.values_at);
	double *diag = (double *)(void *)(block + l.diag_at);
	int *col_idx = (int *)(void *)(block + l.col_at);
	int *row_ptr = (int *)(void *)(block + l.row_at);
	int *order = (int *)(void *)(block + l.order_at);
	for (int i = 0; i < n; i++)
		order[count[level[i]]++] = i;
	free(level);
	free(count);
	size_t next = 0;
	for (int slot = 0; slot < n; slot++) {
		const int i = order[slot];
		row_ptr[slot] = (int)next;
		diag[i] = upper ? f->values[f->row_ptr[i]] : 1.0;
		for (int k = f->row_ptr[i] + skip; k < f->row_ptr[i + 1]; k++, next++) {
			col_idx[next] = f->col_idx[k];
			values[next] = f->values[k];
		}
	}
	row_ptr[n] = (int)next;
	l.levels = levels;
	memset(block + l.counter_at, 0, l.bytes - l.counter_at);
	*layout = l;
	return block;
}

struct tf_sptrsv_device tf_sptrsv_at(const struct tf_sptrsv_layout *l, void *device)
{
	char *d = device;
	return (struct tf_sptrsv_device){
		l->n, l->levels, (const int *)(void *)(d + l->order_at), (const int *)(void *)(d + l->row_at),
		(const int *)(void *)(d + l->col_at), (const double *)(void *)(d + l->values_at),
		l->unit ? NULL : (const double *)(void *)(d + l->diag_at),
		(unsigned *)(void *)(d + l->counter_at),
	};
}
