/* The planner: chooses the backend that runs an op, and runs it there. */
#ifndef TF_PLAN_H
#define TF_PLAN_H

#include "core/stats.h"
#include "op/op.h"

/* Runs the op on the backend the mode and the op call for; returns where. */
enum tf_where tf_plan_run(const struct tf_op *op);

#endif
