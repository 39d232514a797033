/* Call statistics for the TWOFOLD_LOG report: the counters of one routine,
 * by where its calls ran.  The layers above own the table of routines and
 * hand each routine's name in when the report is printed; this file knows
 * no routine. */
#ifndef TF_STATS_H
#define TF_STATS_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

/* Where a call ran.  TF_WHERE_NO_WORK: rejected by xerbla_ or a quick return. */
enum tf_where {
	TF_WHERE_GPU,
	TF_WHERE_GPU_SPLIT, /* the split product engine */
	TF_WHERE_CPU_SPLIT, /* its CPU twin (TWOFOLD_SPLIT=force, no GPU) */
	TF_WHERE_CPU_BLAS,
	TF_WHERE_CPU_DD,
	TF_WHERE_CPU_TYPED, /* the typed API's CPU kernels */
	TF_WHERE_NO_WORK,
	TF_WHERE_COUNT
};

/* Calls into libtwofold in progress on this thread: a call made while one is
 * in progress (the CPU BLAS calling lsame_ through our exports, a kernel
 * thread calling the CPU BLAS) is internal and is not counted. */
extern _Thread_local int tf_call_depth;

/* One routine's calls, time and floating-point operations, by where they
 * ran; zero-initialised storage is an empty record. */
struct tf_stats {
	atomic_ullong calls[TF_WHERE_COUNT];
	atomic_ullong nanoseconds[TF_WHERE_COUNT];
	_Atomic double flops[TF_WHERE_COUNT];
	/* The range of a count the layer above reports per call (the split
	 * engine's moduli), 0 when none was; and how many calls it flagged
	 * (products whose operands were capped). */
	atomic_int detail_min, detail_max;
	atomic_ullong flagged;
};

void tf_stats_add(struct tf_stats *stats, enum tf_where where, uint64_t nanoseconds,
		  double flops);

/* Records one value of the routine's detail count, and whether the call is
 * flagged. */
void tf_stats_detail(struct tf_stats *stats, int value, int flag);

/* Prints the report's line for the routine `name`, if it was called; the
 * detail's range, if any, after `detail_name`, and the flagged calls
 * after `flag_name`. */
void tf_stats_print(FILE *out, const char *name, const char *detail_name, const char *flag_name,
		    struct tf_stats *stats);

/* Prints the heading of the report's table. */
void tf_stats_print_heading(FILE *out);

/* Monotonic clock in nanoseconds. */
uint64_t tf_now_ns(void);

#endif
