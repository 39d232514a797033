#include "config.h"

#include <time.h>
#include "core/stats.h"

_Thread_local int tf_call_depth;

static const char *const where_names[TF_WHERE_COUNT] = {
	[TF_WHERE_GPU] = "gpu",
	[TF_WHERE_GPU_SPLIT] = "gpu-split",
	[TF_WHERE_CPU_SPLIT] = "cpu-split",
	[TF_WHERE_CPU_BLAS] = "cpu-blas",
	[TF_WHERE_CPU_DD] = "cpu-dd",
	[TF_WHERE_CPU_TYPED] = "cpu",
	[TF_WHERE_NO_WORK] = "no-work",
};

uint64_t tf_now_ns(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

void tf_stats_add(struct tf_stats *s, enum tf_where where, uint64_t nanoseconds, double flops)
{
	atomic_fetch_add_explicit(&s->calls[where], 1, memory_order_relaxed);
	atomic_fetch_add_explicit(&s->nanoseconds[where], nanoseconds, memory_order_relaxed);
	double old = atomic_load_explicit(&s->flops[where], memory_order_relaxed);
	while (!atomic_compare_exchange_weak_explicit(&s->flops[where], &old, old + flops,
						      memory_order_relaxed, memory_order_relaxed))
		;
}

void tf_stats_detail(struct tf_stats *s, int value, int flag)
{
	if (flag)
		atomic_fetch_add_explicit(&s->flagged, 1, memory_order_relaxed);
	int low = atomic_load_explicit(&s->detail_min, memory_order_relaxed);
	while ((low == 0 || value < low) &&
	       !atomic_compare_exchange_weak_explicit(&s->detail_min, &low, value, memory_order_relaxed,
						      memory_order_relaxed))
		;
	int high = atomic_load_explicit(&s->detail_max, memory_order_relaxed);
	while (value > high &&
	       !atomic_compare_exchange_weak_explicit(&s->detail_max, &high, value, memory_order_relaxed,
						      memory_order_relaxed))
		;
}

void tf_stats_print_heading(FILE *out)
{
	fprintf(out, "twofold: %-16s %10s %12s  %s\n", "routine", "calls", "seconds",
		"where: calls (GFLOP/s)");
}

void tf_stats_print(FILE *out, const char *name, const char *detail_name, const char *flag_name,
		    struct tf_stats *s)
{
	unsigned long long total = 0, nanoseconds = 0;
	for (int w = 0; w < TF_WHERE_COUNT; w++) {
		total += atomic_load(&s->calls[w]);
		nanoseconds += atomic_load(&s->nanoseconds[w]);
	}
	if (total == 0)
		return;
	char where[256] = "";
	size_t used = 0;
	for (int w = 0; w < TF_WHERE_COUNT; w++) {
		unsigned long long calls = atomic_load(&s->calls[w]);
		double flops = atomic_load(&s->flops[w]);
		double seconds = (double)atomic_load(&s->nanoseconds[w]) * 1e-9;
		if (!calls || used >= sizeof where)
			continue;
		used += (size_t)snprintf(where + used, sizeof where - used, "%s%s %llu", used ? ", " : "",
					 where_names[w], calls);
		if (flops > 0 && seconds > 0 && used < sizeof where)
			used += (size_t)snprintf(where + used, sizeof where - used, " (%.1f)",
						 flops / seconds * 1e-9);
	}
	int low = atomic_load(&s->detail_min), high = atomic_load(&s->detail_max);
	if (high > 0 && used < sizeof where)
		used += (size_t)snprintf(where + used, sizeof where - used,
					 low == high ? "; %s %d" : "; %s %d-%d", detail_name, low, high);
	unsigned long long flagged = atomic_load(&s->flagged);
	if (flagged && used < sizeof where)
		used += (size_t)snprintf(where + used, sizeof where - used, ", %llu %s", flagged, flag_name);
	fprintf(out, "twofold: %-16s %10llu %12.6f  %s\n", name, total, (double)nanoseconds * 1e-9,
		where);
}
