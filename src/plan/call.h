/* The bracket every exported entry point (BLAS or typed) puts around its
 * work: nesting depth (a CPU BLAS calls lsame_, xerbla_, dgemm_... through
 * our exports, and those inner calls are the CPU BLAS's business, not the
 * application's) and, with TWOFOLD_LOG, the count and the time of the
 * outermost call (plan/report.c).
 *
 * tf_call_end runs after the call into the CPU BLAS, so a wrapper never ends
 * in a tail call: a tail call would write the hidden string lengths into the
 * stack of a C caller that did not pass them. */
#ifndef TF_PLAN_CALL_H
#define TF_PLAN_CALL_H

#include <stdint.h>
#include "core/environment.h"
#include "core/stats.h"
#include "op/op.h"
#include "op/routines.h"
#include "plan/report.h"

struct tf_call {
	struct tf_thread_state *thread; /* the calling thread's */
	struct tf_tally *tally;         /* its tally of the routine, or NULL */
	int routine;                    /* its id (op/routines.h) */
	int counted;                    /* outermost call with TWOFOLD_LOG set */
	int timed;                      /* counted, and its time measured */
	uint64_t start_ns;              /* when it began, if timed */
};

/* With TWOFOLD_LOG=1 an outermost call is counted in its thread's tally of
 * the routine, and timed or not as core/stats.h says: inline, with no
 * atomic read-modify-write, so that the log costs a tiny call little. */
static inline __attribute__((always_inline)) void tf_call_begin(struct tf_call *call,
								  int routine)
{
	struct tf_thread_state *thread = &tf_thread;
	/* The address, once: without this the compiler looks it up again (a
	 * call into the dynamic linker) rather than keep it. */
	__asm__("" : "+r"(thread));
	call->thread = thread;
	call->routine = routine;
	int outermost = thread->call_depth++ == 0;
	/* Inlined (always), so this is the entry point's return address. */
	if (outermost)
		thread->caller = __builtin_return_address(0);
	call->counted = outermost && tf_config()->log;
	call->tally = NULL;
	call->timed = 0;
	call->start_ns = 0;
	if (!call->counted)
		return;
	struct tf_tally *tallies = thread->tallies;
	if (!tallies)
		tallies = tf_report_start_thread(thread);
	call->tally = tallies ? &tallies[routine] : NULL;
	call->timed = !call->tally || tf_tally_times_next(call->tally);
	call->start_ns = call->timed ? tf_now_ns() : 0;
}

/* Where an entry point stores its op's floating-point operations (op.h's
 * tf_op_flops), for the report's rates: flops when the call is counted,
 * else NULL, and then they are not computed (a tiny call's few dozen
 * instructions, for a figure nobody reads without TWOFOLD_LOG). */
static inline double *tf_call_flops(const struct tf_call *call, double *flops)
{
	return call->counted ? flops : NULL;
}

static inline void tf_call_set_flops(double *flops, const struct tf_op *op)
{
	if (flops)
		*flops = tf_op_flops(op);
}

/* flops: the call's floating-point operations, for the report's rates (0
 * for routines twofold only forwards, and for calls not counted). */
static inline __attribute__((always_inline)) void tf_call_end(struct tf_call *call,
								enum tf_where where, double flops)
{
	call->thread->call_depth--;
	if (!call->counted)
		return;
	uint64_t nanoseconds = call->timed ? tf_now_ns() - call->start_ns : 0;
	if (call->tally)
		tf_tally_add(call->tally, call->thread, where, call->timed, nanoseconds, flops);
	else
		tf_report_call(call->routine, where, nanoseconds, flops);
}

#endif
