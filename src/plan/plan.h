/* The planner: chooses the backend that runs an op, and runs it there. */
#ifndef TF_PLAN_H
#define TF_PLAN_H

#include <stddef.h>
#include "core/stats.h"
#include "op/op.h"

/* Runs the op on the backend the mode and the op call for; returns where. */
enum tf_where tf_plan_run(const struct tf_op *op);

/* Where tf_plan_run would run the op if its arrays were on the host and
 * held no Inf or NaN, without running it; writes why, in one sentence,
 * into `why` (for twofold-info --plan). */
enum tf_where tf_plan_explain(const struct tf_op *op, char *why, size_t size);

#endif
