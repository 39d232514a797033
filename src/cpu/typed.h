/* The typed API's kernels on the CPU: every kind and format of
 * op/typed_op.h, on host (or managed) memory, with the thread pool. */
#ifndef TF_CPU_TYPED_H
#define TF_CPU_TYPED_H

#include "op/typed_op.h"

void tf_cpu_typed_run(const struct tf_typed_op *op);

#endif
