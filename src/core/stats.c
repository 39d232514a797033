#include "config.h"

#include <stdatomic.h>
#include <stdio.h>
#include <time.h>
#include "abi/call.h"
#include "core/stats.h"
#include "cpu/blas_library.h"
#include "gpu/device.h"
#include "typed/routines.h"

_Thread_local int tf_call_depth;

static const char *const where_names[TF_WHERE_COUNT] = {
	[TF_WHERE_GPU] = "gpu",
	[TF_WHERE_CPU_BLAS] = "cpu-blas",
	[TF_WHERE_CPU_DD] = "cpu-dd",
	[TF_WHERE_CPU_TYPED] = "cpu",
	[TF_WHERE_NO_WORK] = "no-work",
};

struct routine_stats {
	atomic_ullong calls[TF_WHERE_COUNT];
	atomic_ullong nanoseconds[TF_WHERE_COUNT];
	_Atomic double flops[TF_WHERE_COUNT];
};

static struct routine_stats stats[TF_STATS_COUNT];
static atomic_bool any_call;

uint64_t tf_now_ns(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

const char *tf_stats_name(int id)
{
	static const char *const typed_names[] = {
#define TF_TYPED_NAME(name) #name,
		TF_TYPED_ROUTINES(TF_TYPED_NAME)
#undef TF_TYPED_NAME
	};
	return id < TF_ROUTINE_COUNT ? tf_routine_name[id] : typed_names[id - TF_ROUTINE_COUNT];
}

void tf_stats_add(int id, enum tf_where where, uint64_t nanoseconds, double flops)
{
	struct routine_stats *s = &stats[id];
	atomic_fetch_add_explicit(&s->calls[where], 1, memory_order_relaxed);
	atomic_fetch_add_explicit(&s->nanoseconds[where], nanoseconds, memory_order_relaxed);
	double old = atomic_load_explicit(&s->flops[where], memory_order_relaxed);
	while (!atomic_compare_exchange_weak_explicit(&s->flops[where], &old, old + flops,
						      memory_order_relaxed, memory_order_relaxed))
		;
	atomic_store_explicit(&any_call, 1, memory_order_relaxed);
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
	if (tf_gpu_description())
		fprintf(stderr, "twofold: GPU %s\n", tf_gpu_description());
	fprintf(stderr, "twofold: %-16s %10s %12s  %s\n", "routine", "calls", "seconds",
		"where: calls (GFLOP/s)");
	for (int r = 0; r < TF_STATS_COUNT; r++) {
		unsigned long long total = 0, nanoseconds = 0;
		for (int w = 0; w < TF_WHERE_COUNT; w++) {
			total += atomic_load(&stats[r].calls[w]);
			nanoseconds += atomic_load(&stats[r].nanoseconds[w]);
		}
		if (total == 0)
			continue;
		char where[256] = "";
		size_t used = 0;
		for (int w = 0; w < TF_WHERE_COUNT; w++) {
			unsigned long long calls = atomic_load(&stats[r].calls[w]);
			double flops = atomic_load(&stats[r].flops[w]);
			double seconds = (double)atomic_load(&stats[r].nanoseconds[w]) * 1e-9;
			if (!calls || used >= sizeof where)
				continue;
			used += (size_t)snprintf(where + used, sizeof where - used, "%s%s %llu", used ? ", " : "",
						 where_names[w], calls);
			if (flops > 0 && seconds > 0 && used < sizeof where)
				used += (size_t)snprintf(where + used, sizeof where - used, " (%.1f)",
							 flops / seconds * 1e-9);
		}
		fprintf(stderr, "twofold: %-16s %10llu %12.6f  %s\n", tf_stats_name(r), total,
			(double)nanoseconds * 1e-9, where);
	}
}
