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
	TF_WHERE_GPU,        /* the typed API's and the sparse solvers' GPU kernels */
	TF_WHERE_GPU_DD,     /* a BLAS or LAPACK call on the GPU in DD (dd mode) */
	TF_WHERE_GPU_DF,     /* in DF (df mode) */
	TF_WHERE_GPU_NATIVE, /* in double, cuBLAS or cuSOLVER (native mode) */
	TF_WHERE_GPU_SPLIT, /* the split product engine */
	TF_WHERE_CPU_SPLIT, /* its CPU twin (TWOFOLD_SPLIT=force, no GPU) */
	TF_WHERE_CPU_BLAS,
	TF_WHERE_CPU_DD,
	TF_WHERE_CPU_TYPED, /* the typed API's CPU kernels */
	TF_WHERE_NO_WORK,
	TF_WHERE_COUNT
};

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

/* One thread's record of one routine's calls, by where they ran: written by
 * that thread alone, with plain loads and stores (relaxed atomics, so that
 * the report may read it meanwhile) rather than read-modify-writes, and
 * folded into the shared record when the thread ends.  Zero-initialised
 * storage is an empty tally.
 *
 * Every call is counted.  Its time is another matter: two clock reads
 * cost from 40 ns to over 100 ns (in a virtual machine), more than a tiny
 * call takes.  So a routine whose last timed call took under
 * TF_TALLY_SHORT_NS has its calls timed at random intervals, of 1 to
 * 2 * TF_TALLY_SAMPLE - 1 calls, and a timed call stands for
 * TF_TALLY_SAMPLE: its time counts that many times, an estimate of the
 * total with no bias whose error shrinks as the calls grow many.  A timed
 * call that takes longer (a rare large call, or one whose thread lost its
 * core meanwhile) counts once, and the calls it stands for as many of the
 * routine's short calls timed so far, on average; the routine then has
 * every call timed until one is short again (at 10 us a call, the clock
 * costs it about 1%). */
#define TF_TALLY_SHORT_NS 10000
#define TF_TALLY_SAMPLE 256
struct tf_tally {
	/* The calls, by where they ran, but for those on the CPU BLAS: they are
	 * the calls counted down (below) less the others, so that a forwarded
	 * call, the commonest tiny one, is counted by the decrement that
	 * decides whether to time it. */
	atomic_ullong calls[TF_WHERE_COUNT];
	atomic_ullong nanoseconds[TF_WHERE_COUNT]; /* measured, or estimated */
	_Atomic double flops[TF_WHERE_COUNT];
	atomic_llong countdown;   /* calls before the next timed one, less one when it is due */
	atomic_ullong drawn;      /* the intervals drawn: every call is drawn - countdown */
	atomic_int sampled;       /* the next timed call stands for TF_TALLY_SAMPLE */
	atomic_ullong timed;      /* calls timed, of every where */
	atomic_ullong short_timed, short_ns; /* the short ones, and their time */
};

/* What a thread keeps for the calls it makes, in one thread-local variable
 * so that a call looks thread-local storage up once. */
struct tf_thread_state {
	/* Calls into libtwofold in progress on this thread: a call made while
	 * one is in progress (the CPU BLAS calling lsame_ through our exports,
	 * a kernel thread calling the CPU BLAS) is internal and is not counted. */
	int call_depth;
	/* Factorizations of a LAPACK driver in progress on this thread: the
	 * BLAS calls they make run as the CPU BLAS computes them (a driver
	 * factors in double and refines in DD: plan/lapack_plan.h). */
	int native_depth;
	/* Where the outermost call in progress returns to: its caller's code,
	 * whose module's own xerbla_ hears of an illegal argument (abi/). */
	const void *caller;
	uint32_t random;          /* for the tallies' intervals */
	struct tf_tally *tallies; /* one per routine, from the thread's first
				     counted call (the layer above makes them) */
};
extern _Thread_local struct tf_thread_state tf_thread __attribute__((visibility("hidden")));

/* Threads with native_depth raised, all together: while there are none, a
 * call need not read its own native_depth, a thread-local access that in
 * a shared library is a call into the dynamic linker (about 11
 * instructions a call).  A thread counts itself before it raises its
 * depth, and so always sees its own count. */
extern atomic_int tf_native_threads __attribute__((visibility("hidden")));

/* native_depth raised by `by` (0 or 1) on this thread, and put back. */
static inline void tf_native_begin(int by)
{
	atomic_fetch_add_explicit(&tf_native_threads, by, memory_order_relaxed);
	tf_thread.native_depth += by;
}

static inline void tf_native_end(int by)
{
	tf_thread.native_depth -= by;
	atomic_fetch_sub_explicit(&tf_native_threads, by, memory_order_relaxed);
}

/* Whether this thread's BLAS calls go to the CPU BLAS as they are. */
static inline int tf_native_now(void)
{
	return atomic_load_explicit(&tf_native_threads, memory_order_relaxed) > 0 &&
	       tf_thread.native_depth > 0;
}

/* What two clock reads measure of nothing (tf_now_ns back to back), taken
 * off each timed call's time; set when the first thread makes its tallies
 * (tf_stats_measure_clock). */
extern uint64_t tf_clock_ns;
void tf_stats_measure_clock(void);

#define TF_TALLY_BUMP(field, amount) \
	atomic_store_explicit(&(field), atomic_load_explicit(&(field), memory_order_relaxed) + (amount), \
			      memory_order_relaxed)

/* Whether the next call of the tally's routine is timed: an untimed call
 * costs a decrement. */
static inline __attribute__((always_inline)) int tf_tally_times_next(struct tf_tally *tally)
{
	long long countdown = atomic_load_explicit(&tally->countdown, memory_order_relaxed) - 1;
	atomic_store_explicit(&tally->countdown, countdown, memory_order_relaxed);
	return countdown < 0;
}

/* Records a timed call's time (core/stats.c): rare, so out of line. */
void tf_tally_time(struct tf_tally *tally, struct tf_thread_state *thread, enum tf_where where,
		   uint64_t nanoseconds);

/* Counts one call; `nanoseconds` is its time if it was timed
 * (tf_tally_times_next said so), and `timed` says whether it was. */
static inline __attribute__((always_inline)) void tf_tally_add(struct tf_tally *tally,
		struct tf_thread_state *thread, enum tf_where where, int timed, uint64_t nanoseconds,
		double flops)
{
	if (where != TF_WHERE_CPU_BLAS)
		TF_TALLY_BUMP(tally->calls[where], 1);
	if (flops != 0)
		TF_TALLY_BUMP(tally->flops[where], flops);
	if (timed)
		tf_tally_time(tally, thread, where, nanoseconds);
}

/* Adds a tally to a record (the record shared by every thread, or a sum
 * for the report); returns whether some of its times are estimates. */
int tf_stats_fold(struct tf_stats *stats, struct tf_tally *tally);

/* Records one value of the routine's detail count, and whether the call is
 * flagged. */
void tf_stats_detail(struct tf_stats *stats, int value, int flag);

/* Prints the report's line for the routine `name`, if it was called; the
 * detail's range, if any, after `detail_name`, and the flagged calls
 * after `flag_name`. */
void tf_stats_print(FILE *out, const char *name, const char *detail_name, const char *flag_name,
		    struct tf_stats *stats);

/* The name the report gives a place ("gpu", "cpu-dd", ...). */
const char *tf_where_name(enum tf_where where);

/* Prints the heading of the report's table. */
void tf_stats_print_heading(FILE *out);

/* Monotonic clock in nanoseconds. */
uint64_t tf_now_ns(void);

#endif
