/* Per-routine call statistics for the TWOFOLD_LOG report. */
#ifndef TF_STATS_H
#define TF_STATS_H

#include <stdint.h>
#include "abi/blas_routines.h"

/* Where a call ran.  TF_WHERE_NO_WORK: rejected by xerbla_ or a quick return. */
enum tf_where {
	TF_WHERE_GPU,
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

/* id: an enum tf_routine, or a typed routine's (typed/routines.h). */
void tf_stats_add(int id, enum tf_where where, uint64_t nanoseconds, double flops);

/* Monotonic clock in nanoseconds. */
uint64_t tf_now_ns(void);

#endif
