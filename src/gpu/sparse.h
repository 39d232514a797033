/* The sparse kernels on the GPU, as the planner and the sparse layer see
 * them: SpMV and the Krylov engine, arrays in device or managed memory used
 * in place, host arrays copied (a matrix's copy kept with it for later
 * calls).  With no CUDA build or no usable GPU every call says so (-1) and
 * makes no CUDA call. */
#ifndef TF_GPU_SPARSE_H
#define TF_GPU_SPARSE_H

#include <stddef.h>
#include "gpu/gpu.h"
#include "op/sparse_op.h"

/* Where `count` arrays are (as tf_gpu_op_memory; NULL entries are skipped). */
struct tf_gpu_memory tf_gpu_arrays_memory(const void *const *arrays, int count);

/* Copies `bytes` from device or managed memory to host memory.  Returns 0,
 * or -1 (reported). */
int tf_gpu_fetch(void *host, const void *device, size_t bytes);

/* Runs the op on the GPU.  Returns 0 when it is done; -1 when the GPU could
 * not be used or failed before y changed (a failure is reported in one
 * line): the caller computes it elsewhere. */
int tf_gpu_spmv(const struct tf_spmv_op *op);

/* An engine on the GPU for the setup.  Returns 0; -1 when the GPU could not
 * be used (nothing reported when there is none; a failure is reported). */
int tf_gpu_krylov_engine(const struct tf_krylov_setup *setup, struct tf_krylov_engine *engine);

/* Frees the GPU's state for the matrix (a->gpu), if any. */
void tf_gpu_sparse_forget(struct tf_sparse_matrix *a);

#endif
