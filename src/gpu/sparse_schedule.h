/* The schedule of a triangular factor for the synchronisation-free solve
 * (kernels/sparse.h): built on the host in one block laid out as it will
 * lie in device memory, so that one copy puts it there.  Host code only,
 * no CUDA call (the benchmarks build it too). */
#ifndef TF_GPU_SPARSE_SCHEDULE_H
#define TF_GPU_SPARSE_SCHEDULE_H

#include <stddef.h>
#include "kernels/sparse.h"
#include "op/sparse_op.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where each array lies in the block, in bytes from its start. */
struct tf_sptrsv_layout {
	int n, unit, levels;
	size_t bytes;
	size_t order_at, row_at, col_at, values_at, diag_at, counter_at;
};

/* The schedule of factor f (base 0, columns increasing within a row; with
 * `upper`, the diagonal first in each row, else a strictly lower factor
 * with a unit diagonal): a malloc'd block of layout->bytes, the counter
 * zero; NULL when out of memory.  A row's level is one more than
 * the highest level of the rows it reads; rows go by level, then by row. */
void *tf_sptrsv_schedule(const struct tf_csr_arrays *f, int upper, struct tf_sptrsv_layout *layout);

/* The solve's view of a block copied to `device`. */
struct tf_sptrsv_device tf_sptrsv_at(const struct tf_sptrsv_layout *layout, void *device);

#ifdef __cplusplus
}
#endif

#endif
