/* The planner's part of the sparse API: where an SpMV or a solve runs, and
 * the backends' services the sparse layer needs (memory queries, copies,
 * the transpose and ILU(0) factors), so that src/sparse sees no backend. */
#ifndef TF_PLAN_SPARSE_PLAN_H
#define TF_PLAN_SPARSE_PLAN_H

#include <stddef.h>
#include "core/stats.h"
#include "op/sparse_op.h"

/* Where `count` arrays are: resident (all in device or managed memory),
 * host_readable (the CPU can read all). */
struct tf_sparse_place {
	int resident;
	int host_readable;
};
struct tf_sparse_place tf_plan_sparse_place(const void *const *arrays, int count);

/* Copies bytes from device memory to the host; 0 or -1 (reported). */
int tf_plan_sparse_fetch(void *host, const void *device, size_t bytes);

/* Runs the SpMV: on the GPU when any of its arrays is in device memory (or
 * the matrix was given there), on the CPU otherwise (TWOFOLD_MODE=cpu keeps
 * on the CPU what it can read).  Returns where it ran. */
enum tf_where tf_plan_spmv(const struct tf_spmv_op *op);

/* An engine for the solve: on the GPU when `gpu` is set (falling back to
 * the CPU when the GPU cannot be used and the arrays are host-readable),
 * else on the CPU.  Sets *where; returns 0, or -1 with a reason in
 * `message` (no GPU when one was demanded, memory). */
int tf_plan_krylov_engine(const struct tf_krylov_setup *setup, int gpu, int gpu_required,
			  struct tf_krylov_engine *engine, enum tf_where *where, char *message,
			  size_t message_size);

/* Whether the GPU is usable (sets it up at first call); 0 in cpu mode. */
int tf_plan_sparse_gpu_usable(void);

/* The CPU's transpose and ILU(0) (cpu/sparse.h), and the GPU's state of a
 * matrix freed. */
int tf_plan_csr_transpose(const struct tf_csr_arrays *a, struct tf_csr_arrays *t);
void tf_plan_csr_free(struct tf_csr_arrays *t);
int tf_plan_ilu0(const struct tf_csr_arrays *a, struct tf_ilu0 *ilu);
void tf_plan_ilu0_free(struct tf_ilu0 *ilu);
void tf_plan_sparse_forget(struct tf_sparse_matrix *a);

#endif
