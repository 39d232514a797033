/* The sparse kernels on the CPU: SpMV of every vector format, the CSR
 * transpose, ILU(0) factors, and the Krylov engine, on host (or managed)
 * memory, with the thread pool. */
#ifndef TF_CPU_SPARSE_H
#define TF_CPU_SPARSE_H

#include "op/sparse_op.h"

/* Runs the op; its matrix's host arrays and its vectors are host-readable. */
void tf_cpu_spmv(const struct tf_spmv_op *op);

/* The transpose of `a` (cols x rows, base 0, columns increasing within a
 * row) into arrays it allocates in `t`; frees them with tf_cpu_csr_free.
 * Returns 0, or -1 when memory runs out (t then holds nothing). */
int tf_cpu_csr_transpose(const struct tf_csr_arrays *a, struct tf_csr_arrays *t);

/* Frees arrays allocated by tf_cpu_csr_transpose or tf_cpu_ilu0. */
void tf_cpu_csr_free(struct tf_csr_arrays *t);

/* The ILU(0) factors of the square matrix `a` (op/sparse_op.h), in double.
 * Returns 0; -1 when memory runs out; or i >= 1 when the pivot of row i
 * (counted from 1) is zero or not finite, or row i has no diagonal entry:
 * then `ilu` holds nothing.  Free with tf_cpu_ilu0_free. */
int tf_cpu_ilu0(const struct tf_csr_arrays *a, struct tf_ilu0 *ilu);
void tf_cpu_ilu0_free(struct tf_ilu0 *ilu);

/* An engine on the CPU for the setup (its arrays host-readable).  Returns 0,
 * or -1 when memory runs out (reported). */
int tf_cpu_krylov_engine(const struct tf_krylov_setup *setup, struct tf_krylov_engine *engine);

#endif
