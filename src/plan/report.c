#include "config.h"

#include <stdio.h>
#include "core/environment.h"
#include "cpu/blas_library.h"
#include "cpu/threads.h"
#include "gpu/device.h"
#include "op/routines.h"
#include "plan/report.h"

static struct tf_stats routine_stats[TF_ROUTINE_ID_COUNT];
static atomic_bool any_call;

void tf_report_call(int routine, enum tf_where where, uint64_t nanoseconds, double flops)
{
	tf_stats_add(&routine_stats[routine], where, nanoseconds, flops);
	atomic_store_explicit(&any_call, 1, memory_order_relaxed);
}

void tf_report_moduli(int routine, int moduli, int capped)
{
	tf_stats_detail(&routine_stats[routine], moduli, capped);
}

/* The TWOFOLD_LOG report: one line per routine the program called.  A
 * destructor rather than atexit, so that it also runs if the library is
 * unloaded before the program exits. */
__attribute__((destructor)) static void report(void)
{
	if (!atomic_load(&any_call))
		return;
	fprintf(stderr, "twofold: mode %s, CPU BLAS %s\n", tf_mode_name(tf_config()->mode),
		tf_cpu_blas_description());
	fprintf(stderr, "twofold: CPU threads %d (%s)\n", tf_cpu_threads(), tf_cpu_threads_source());
	if (tf_gpu_description())
		fprintf(stderr, "twofold: GPU %s\n", tf_gpu_description());
	tf_stats_print_heading(stderr);
	for (int r = 0; r < TF_ROUTINE_ID_COUNT; r++)
		tf_stats_print(stderr, tf_routine_name(r), "moduli", "capped", &routine_stats[r]);
}
