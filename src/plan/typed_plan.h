/* The planner for the typed API. */
#ifndef TF_TYPED_PLAN_H
#define TF_TYPED_PLAN_H

#include "core/stats.h"
#include "op/typed_op.h"

/* Runs the op on the GPU or the CPU, and says where it ran. */
enum tf_where tf_plan_typed(const struct tf_typed_op *op);

#endif
