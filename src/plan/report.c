#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/env_value.h"
#include "core/environment.h"
#include "core/log_file.h"
#include "core/message.h"
#include "cpu/blas_library.h"
#include "core/threads.h"
#include "gpu/device.h"
#include "gpu/gpu.h"
#include "op/routines.h"
#include "plan/report.h"

/* The records of every routine: the calls of threads that have ended, and
 * the split engine's details. */
static struct tf_stats routine_stats[TF_ROUTINE_ID_COUNT];
static atomic_bool any_call;

/* Each thread that makes a call with TWOFOLD_LOG=1 counts into its own
 * tallies (plan/call.h), so that a call pays no atomic read-modify-write
 * and shares no cache line with other threads' calls; the report adds them
 * up. */
struct thread_tallies {
	struct tf_tally routine[TF_ROUTINE_ID_COUNT];
	struct thread_tallies *next, **prev;
};
static struct thread_tallies *every_thread;
static pthread_mutex_t threads_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t thread_end;
static pthread_once_t thread_end_once = PTHREAD_ONCE_INIT;
static atomic_int thread_end_made;

/* A thread ends: its tallies go into the shared records. */
static void fold_thread(void *data)
{
	struct thread_tallies *t = data;
	pthread_mutex_lock(&threads_lock);
	for (int r = 0; r < TF_ROUTINE_ID_COUNT; r++)
		tf_stats_fold(&routine_stats[r], &t->routine[r]);
	*t->prev = t->next;
	if (t->next)
		t->next->prev = t->prev;
	pthread_mutex_unlock(&threads_lock);
	tf_thread.tallies = NULL;
	free(t);
}

/* A child of fork() may find the lock held by a thread it does not have. */
static void reset_lock(void)
{
	pthread_mutex_init(&threads_lock, NULL);
}

static void make_thread_end(void)
{
	tf_stats_measure_clock();
	pthread_atfork(NULL, NULL, reset_lock);
	if (pthread_key_create(&thread_end, fold_thread) == 0)
		thread_end_made = 1;
}

struct tf_tally *tf_report_start_thread(struct tf_thread_state *thread)
{
	pthread_once(&thread_end_once, make_thread_end);
	atomic_store(&any_call, 1);
	struct thread_tallies *t = calloc(1, sizeof *t);
	if (!t)
		return NULL;
	if (!thread_end_made || pthread_setspecific(thread_end, t) != 0) {
		free(t);
		return NULL;
	}
	thread->random = (uint32_t)(uintptr_t)t ^ (uint32_t)tf_now_ns();
	if (!thread->random)
		thread->random = 1;
	pthread_mutex_lock(&threads_lock);
	t->next = every_thread;
	t->prev = &every_thread;
	if (every_thread)
		every_thread->prev = &t->next;
	every_thread = t;
	pthread_mutex_unlock(&threads_lock);
	thread->tallies = t->routine;
	return t->routine;
}

void tf_report_call(int routine, enum tf_where where, uint64_t nanoseconds, double flops)
{
	tf_stats_add(&routine_stats[routine], where, nanoseconds, flops);
	atomic_store_explicit(&any_call, 1, memory_order_relaxed);
}

void tf_report_moduli(int routine, int moduli, int capped)
{
	tf_stats_detail(&routine_stats[routine], moduli, capped);
}

/* Where the report goes: the file TWOFOLD_LOG_FILE names for this process,
 * else (unset, or a file that cannot be opened: said once, on stderr)
 * stderr.  The file is appended to, so that processes given one name (no
 * %r or %p in it) each add their report; buffered whole, so that each
 * report reaches it in one write and two do not mix. */
static FILE *open_report(void)
{
	const char *pattern = tf_config()->log_file;
	char path[PATH_MAX], echo[128];
	if (!*pattern)
		return stderr;
	if (!tf_log_file_name(pattern, path, sizeof path)) {
		tf_env_echo(pattern, strlen(pattern), echo, sizeof echo);
		tf_message("TWOFOLD_LOG_FILE=%s makes a name longer than %d bytes; the report goes to "
			   "stderr", echo, PATH_MAX - 1);
		return stderr;
	}
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
	FILE *file = fd >= 0 ? fdopen(fd, "a") : NULL;
	if (!file) {
		int error = errno;
		if (fd >= 0)
			close(fd);
		tf_env_echo(path, strlen(path), echo, sizeof echo);
		tf_message("cannot write the report to %s (TWOFOLD_LOG_FILE): %s; it goes to stderr",
			   echo, strerror(error));
		return stderr;
	}
	setvbuf(file, NULL, _IOFBF, 1 << 18);
	return file;
}

static void close_report(FILE *out)
{
	if (out == stderr)
		return;
	if (fclose(out) != 0)
		tf_message("the report could not be written whole to TWOFOLD_LOG_FILE's file: %s",
			   strerror(errno));
}

/* The TWOFOLD_LOG report: one line per routine the program called.  A
 * destructor rather than atexit, so that it also runs if the library is
 * unloaded before the program exits; the threads' end no longer calls into
 * the library after it. */
__attribute__((destructor)) static void report(void)
{
	if (atomic_load(&thread_end_made)) {
		pthread_key_delete(thread_end);
		thread_end_made = 0;
	}
	if (!atomic_load(&any_call))
		return;
	/* Summed once: a later call (from another library's destructor) is
	 * counted in the shared records and goes unreported. */
	static struct tf_stats sums[TF_ROUTINE_ID_COUNT];
	int sampled = 0;
	pthread_mutex_lock(&threads_lock);
	for (int r = 0; r < TF_ROUTINE_ID_COUNT; r++) {
		sums[r] = routine_stats[r];
		for (struct thread_tallies *t = every_thread; t; t = t->next)
			sampled |= tf_stats_fold(&sums[r], &t->routine[r]);
	}
	/* This thread's tallies go (unloading the library would lose them);
	 * other threads may still be counting in theirs. */
	struct tf_tally *own = tf_thread.tallies;
	struct thread_tallies *t = own ? (struct thread_tallies *)((char *)own -
						offsetof(struct thread_tallies, routine)) : NULL;
	if (t) {
		*t->prev = t->next;
		if (t->next)
			t->next->prev = t->prev;
		tf_thread.tallies = NULL;
	}
	pthread_mutex_unlock(&threads_lock);
	free(t);
	char prefix[TF_MESSAGE_PREFIX_MAX];
	tf_message_prefix(prefix, sizeof prefix);
	FILE *out = open_report();
	fprintf(out, "%smode %s, CPU BLAS %s\n", prefix, tf_mode_name(tf_config()->mode),
		tf_cpu_blas_description());
	if (tf_cpu_blas64_description())
		fprintf(out, "%s64-bit CPU BLAS (the _64_ entry points) %s\n", prefix,
			tf_cpu_blas64_description());
	fprintf(out, "%sCPU threads %d (%s)\n", prefix, tf_cpu_threads(), tf_cpu_threads_source());
	if (tf_gpu_description())
		fprintf(out, "%sGPU %s\n", prefix, tf_gpu_description());
	if (tf_gpu_used() && strncmp(tf_gpu_used(), "GPUs ", 5) == 0)
		fprintf(out, "%sused %s; %ld products split across them (%ld with op(A) copied from the host once)\n",
			prefix, tf_gpu_used(), tf_gpu_split_count(), tf_gpu_split_shared_count());
	else if (tf_gpu_used())
		fprintf(out, "%sused %s\n", prefix, tf_gpu_used());
	tf_stats_print_heading(out);
	for (int r = 0; r < TF_ROUTINE_ID_COUNT; r++)
		tf_stats_print(out, tf_routine_name(r), "moduli", "capped", &sums[r]);
	if (sampled)
		fprintf(out, "%severy call counted; of calls under %d us, one in %d (at random) "
			"timed and its time counted %d times\n", prefix,
			TF_TALLY_SHORT_NS / 1000, TF_TALLY_SAMPLE, TF_TALLY_SAMPLE);
	close_report(out);
}
