/* The bracket every exported entry point (BLAS or typed) puts around its
 * work: nesting depth (a CPU BLAS calls lsame_, xerbla_, dgemm_... through
 * our exports, and those inner calls are the CPU BLAS's business, not the
 * application's) and, with TWOFOLD_LOG, the time of the outermost call.
 *
 * tf_call_end runs after the call into the CPU BLAS, so a wrapper never ends
 * in a tail call: a tail call would write the hidden string lengths into the
 * stack of a C caller that did not pass them. */
#ifndef TF_PLAN_CALL_H
#define TF_PLAN_CALL_H

#include <stdint.h>
#include "core/environment.h"
#include "core/stats.h"
#include "op/routines.h"
#include "plan/report.h"

struct tf_call {
	int routine;         /* its id (op/routines.h) */
	int timed;           /* outermost call with TWOFOLD_LOG set */
	uint64_t start_ns;
};

static inline void tf_call_begin(struct tf_call *call, int routine)
{
	call->routine = routine;
	call->timed = tf_call_depth++ == 0 && tf_config()->log;
	call->start_ns = call->timed ? tf_now_ns() : 0;
}

/* flops: the call's floating-point operations, for the report's rates (0
 * for routines twofold only forwards). */
static inline void tf_call_end(struct tf_call *call, enum tf_where where, double flops)
{
	tf_call_depth--;
	if (call->timed)
		tf_report_call(call->routine, where, tf_now_ns() - call->start_ns, flops);
}

#endif
