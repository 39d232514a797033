#include "config.h"

#include <time.h>
#include "core/message.h"
#include "core/stats.h"

_Thread_local struct tf_thread_state tf_thread;
atomic_int tf_native_threads;

static const char *const where_names[TF_WHERE_COUNT] = {
	[TF_WHERE_GPU] = "gpu",
	[TF_WHERE_GPU_DD] = "gpu-dd",
	[TF_WHERE_GPU_DF] = "gpu-df",
	[TF_WHERE_GPU_NATIVE] = "gpu-native",
	[TF_WHERE_GPU_SPLIT] = "gpu-split",
	[TF_WHERE_CPU_SPLIT] = "cpu-split",
	[TF_WHERE_CPU_BLAS] = "cpu-blas",
	[TF_WHERE_CPU_DD] = "cpu-dd",
	[TF_WHERE_CPU_TYPED] = "cpu",
	[TF_WHERE_NO_WORK] = "no-work",
};

const char *tf_where_name(enum tf_where where)
{
	return (unsigned)where < TF_WHERE_COUNT && where_names[where] ? where_names[where] : "?";
}

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

uint64_t tf_clock_ns;

void tf_stats_measure_clock(void)
{
	uint64_t least = UINT64_MAX;
	for (int i = 0; i < 64; i++) {
		uint64_t start = tf_now_ns(), end = tf_now_ns();
		if (end - start < least)
			least = end - start;
	}
	tf_clock_ns = least;
}

void tf_tally_time(struct tf_tally *tally, struct tf_thread_state *thread, enum tf_where where,
		   uint64_t nanoseconds)
{
	/* Weighted by the calls it stands for, and the next interval drawn;
	 * the clock's own cost, measured once, taken off. */
	TF_TALLY_BUMP(tally->timed, 1);
	nanoseconds = nanoseconds > tf_clock_ns ? nanoseconds - tf_clock_ns : 0;
	int sampled = atomic_load_explicit(&tally->sampled, memory_order_relaxed);
	uint64_t counted = nanoseconds;
	unsigned long long shorts = atomic_load_explicit(&tally->short_timed, memory_order_relaxed);
	if (nanoseconds < TF_TALLY_SHORT_NS) {
		TF_TALLY_BUMP(tally->short_timed, 1);
		TF_TALLY_BUMP(tally->short_ns, nanoseconds);
		if (sampled)
			counted = TF_TALLY_SAMPLE * nanoseconds;
	} else if (sampled && shorts) {
		uint64_t mean = atomic_load_explicit(&tally->short_ns, memory_order_relaxed) / shorts;
		counted = nanoseconds + (TF_TALLY_SAMPLE - 1) * mean;
	}
	TF_TALLY_BUMP(tally->nanoseconds[where], counted);
	int interval = 1;
	sampled = nanoseconds < TF_TALLY_SHORT_NS;
	if (sampled) {
		uint32_t r = thread->random; /* xorshift32 */
		r ^= r << 13;
		r ^= r >> 17;
		r ^= r << 5;
		thread->random = r;
		interval = 1 + (int)(r % (2 * TF_TALLY_SAMPLE - 1));
	}
	atomic_store_explicit(&tally->sampled, sampled, memory_order_relaxed);
	/* The countdown is -1 now: the next interval - 1 calls go untimed. */
	TF_TALLY_BUMP(tally->drawn, interval);
	atomic_store_explicit(&tally->countdown, interval - 1, memory_order_relaxed);
}

int tf_stats_fold(struct tf_stats *s, struct tf_tally *t)
{
	/* Every call, from the countdown (read the countdown first: a timed
	 * call meanwhile then adds its interval to `drawn`, not takes it away,
	 * and a thread still calling at the report is counted high, not
	 * low); those on the CPU BLAS are the rest. */
	long long countdown = atomic_load_explicit(&t->countdown, memory_order_acquire);
	unsigned long long drawn = atomic_load_explicit(&t->drawn, memory_order_relaxed);
	unsigned long long all = (unsigned long long)((long long)drawn - countdown), others = 0;
	for (int w = 0; w < TF_WHERE_COUNT; w++)
		if (w != TF_WHERE_CPU_BLAS)
			others += atomic_load_explicit(&t->calls[w], memory_order_relaxed);
	for (int w = 0; w < TF_WHERE_COUNT; w++) {
		unsigned long long calls = w == TF_WHERE_CPU_BLAS
			? (all > others ? all - others : 0)
			: atomic_load_explicit(&t->calls[w], memory_order_relaxed);
		if (!calls)
			continue;
		atomic_fetch_add_explicit(&s->calls[w], calls, memory_order_relaxed);
		atomic_fetch_add_explicit(&s->nanoseconds[w],
					  atomic_load_explicit(&t->nanoseconds[w], memory_order_relaxed),
					  memory_order_relaxed);
		double flops = atomic_load_explicit(&t->flops[w], memory_order_relaxed);
		double old = atomic_load_explicit(&s->flops[w], memory_order_relaxed);
		while (!atomic_compare_exchange_weak_explicit(&s->flops[w], &old, old + flops,
							      memory_order_relaxed, memory_order_relaxed))
			;
	}
	return all > atomic_load_explicit(&t->timed, memory_order_relaxed);
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
	char prefix[TF_MESSAGE_PREFIX_MAX];
	tf_message_prefix(prefix, sizeof prefix);
	fprintf(out, "%s%-16s %10s %12s  %s\n", prefix, "routine", "calls", "seconds",
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
	char prefix[TF_MESSAGE_PREFIX_MAX];
	tf_message_prefix(prefix, sizeof prefix);
	fprintf(out, "%s%-16s %10llu %12.6f  %s\n", prefix, name, total,
		(double)nanoseconds * 1e-9, where);
}
