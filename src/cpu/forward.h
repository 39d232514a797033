/* The CPU BLAS backend: runs an op by calling the CPU BLAS's routine. */
#ifndef TF_FORWARD_H
#define TF_FORWARD_H

#include "op/op.h"

void tf_cpu_forward(const struct tf_op *op);

#endif
