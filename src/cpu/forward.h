/* The CPU BLAS backend: runs an op by calling the CPU BLAS's routine. */
#ifndef TF_FORWARD_H
#define TF_FORWARD_H

#include "op/op.h"

void tf_cpu_forward(const struct tf_op *op);

/* Element (i, j) of a GEMM op's C, computed by the CPU BLAS as the
 * reference computes it (for results the two-term kernels find not
 * finite). */
void tf_cpu_forward_element(const struct tf_op *op, int i, int j);

#endif
