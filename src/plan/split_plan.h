/* The split product engine as the planners see it (split_plan.c). */
#ifndef TF_PLAN_SPLIT_PLAN_H
#define TF_PLAN_SPLIT_PLAN_H

#include "core/stats.h"
#include "gpu/gpu.h"
#include "op/op.h"
#include "op/typed_op.h"

/* Runs a dd-mode GEMM op through the engine when TWOFOLD_SPLIT and its
 * shape call for it: on the GPU when gpu_chosen (or forced), forced with no
 * GPU on the CPU twin.  Tiles the engine leaves go to `elsewhere`.  Returns
 * 1 with *where set when it ran, 0 to leave the op to the other paths
 * (nothing written). */
int tf_plan_split_op(const struct tf_op *op, int gpu_chosen, tf_gpu_undone *elsewhere,
		     enum tf_where *where);

/* What tf_plan_split_op would do with a dgemm of this shape on host arrays
 * whose data holds no Inf or NaN, without running it: 1 with *where set
 * when the engine would take it, else 0. */
int tf_plan_split_would_take(int m, int n, int k, int gpu_chosen, enum tf_where *where);

/* The same for a typed GEMM of DD or TS (the other formats: 0). */
int tf_plan_split_typed(const struct tf_typed_op *op, int gpu_chosen, enum tf_where *where);

/* The engine's modelled rate for a dd-mode GEMM of this shape, for the
 * planner's choice between GPU and CPU; 0 where it would not take it. */
double tf_plan_split_flops(int m, int n, int k);

#endif
