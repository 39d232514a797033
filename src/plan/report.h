/* The record of every call the program makes into libtwofold, by routine,
 * and the TWOFOLD_LOG report printed from it when the library is unloaded. */
#ifndef TF_PLAN_REPORT_H
#define TF_PLAN_REPORT_H

#include <stdint.h>
#include "core/stats.h"

/* Makes the calling thread's tallies (`thread` is its tf_thread), one per
 * routine id (op/routines.h), at its first counted call: NULL when there
 * is no memory for them. */
struct tf_tally *tf_report_start_thread(struct tf_thread_state *thread);

/* Records one call of the routine id in the record every thread shares
 * (for a thread with no tallies). */
void tf_report_call(int routine, enum tf_where where, uint64_t nanoseconds, double flops);

/* Records the moduli a call of the routine took in the split engine, and
 * whether some of its rows or columns were capped. */
void tf_report_moduli(int routine, int moduli, int capped);

#endif
