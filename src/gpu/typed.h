/* The typed API on the GPU, as the planner sees it. */
#ifndef TF_GPU_TYPED_H
#define TF_GPU_TYPED_H

#include "gpu/gpu.h"
#include "op/typed_op.h"

/* Where the op's arrays are (as tf_gpu_op_memory; the DOT result is host
 * memory and does not count). */
struct tf_gpu_memory tf_gpu_typed_memory(const struct tf_typed_op *op);

/* Runs the op on the GPU (memory: tf_gpu_typed_memory's answer for it, so
 * that a resident op's pointers are not queried again): arrays in device or
 * managed memory in place,
 * host arrays uploaded (and the output brought back).  Returns 0 when it is
 * done; -1 when the GPU could not be used or failed before the output
 * changed (a failure is reported in one line): the caller computes the op
 * elsewhere.  A kernel that fails while it works on an output in device
 * or managed memory may have written part of it: the program stops, with
 * a message, rather than go on with a wrong result. */
int tf_gpu_typed_run(const struct tf_typed_op *op, struct tf_gpu_memory memory);

#endif
