#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include "core/environment.h"
#include "core/message.h"
#include "core/stats.h"
#include "core/threads.h"

/* The most workers a pool starts (the threads' bound, less the caller). */
#define WORKERS_MAX (TF_THREADS_MAX - 1)

/* One job at a time: the caller that holds `busy` publishes it, and the
 * caller and the workers take indices from `next` until none are left. */
struct tf_pool {
	pthread_mutex_t busy;          /* held by the caller whose job runs */
	pthread_mutex_t lock;          /* guards the fields below */
	pthread_cond_t wake, done;
	const char *name;              /* its workers' (pthread_setname_np) */
	int workers;                   /* started so far */
	pthread_t *threads;            /* theirs, to join when the library goes */
	int stopping;                  /* the workers leave; no new job starts */
	unsigned long generation;      /* counts jobs, to wake the workers */
	void (*body)(void *, int);
	void *context;
	int count;
	atomic_int next;
	int finished;                  /* indices completed, under lock */
	int active;                    /* workers inside the job, under lock */
	struct tf_pool *later;         /* the pool made after this one */
};

/* The CPU kernels' pool (tf_parallel_for); the others (tf_pool_new) follow
 * it in a list, for the destructor and fork. */
static struct tf_pool kernel_pool = {
	.busy = PTHREAD_MUTEX_INITIALIZER,
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.wake = PTHREAD_COND_INITIALIZER,
	.done = PTHREAD_COND_INITIALIZER,
	.name = TF_WORKER_NAME,
};
static pthread_mutex_t pools_lock = PTHREAD_MUTEX_INITIALIZER;

/* Takes indices of the pool's current job until there are none; returns how
 * many. */
static int drain(struct tf_pool *pool, void (*body)(void *, int), void *context, int count)
{
	int ran = 0;
	for (int i; (i = atomic_fetch_add(&pool->next, 1)) < count; ran++)
		body(context, i);
	return ran;
}

static void *worker(void *argument)
{
	struct tf_pool *pool = argument;
	unsigned long seen = 0;
	tf_thread.call_depth = 1; /* whatever this thread calls is inside a call */
	pthread_mutex_lock(&pool->lock);
	for (;;) {
		while (pool->generation == seen && !pool->stopping)
			pthread_cond_wait(&pool->wake, &pool->lock);
		if (pool->stopping)
			break;
		seen = pool->generation;
		void (*body)(void *, int) = pool->body;
		void *context = pool->context;
		int count = pool->count;
		pool->active++;
		pthread_mutex_unlock(&pool->lock);
		int ran = drain(pool, body, context, count);
		pthread_mutex_lock(&pool->lock);
		pool->finished += ran;
		pool->active--;
		pthread_cond_signal(&pool->done);
	}
	pthread_mutex_unlock(&pool->lock);
	return NULL;
}

static void init_sync(struct tf_pool *pool)
{
	pthread_mutex_init(&pool->busy, NULL);
	pthread_mutex_init(&pool->lock, NULL);
	pthread_cond_init(&pool->wake, NULL);
	pthread_cond_init(&pool->done, NULL);
}

/* A child of fork() has none of the parent's workers. */
static void forget_workers(void)
{
	pthread_mutex_init(&pools_lock, NULL);
	for (struct tf_pool *pool = &kernel_pool; pool; pool = pool->later) {
		init_sync(pool);
		pool->workers = 0;
		pool->active = 0;
	}
}

/* When the library is unloaded (dlclose) or the program exits: the workers
 * wait in this library's code, so they must be gone before it is unmapped,
 * and their stacks freed.  A call after this (from another library's
 * destructor, say) runs on its caller's thread. */
__attribute__((destructor)) static void stop_workers(void)
{
	pthread_mutex_lock(&pools_lock);
	for (struct tf_pool *pool = &kernel_pool; pool; pool = pool->later) {
		pthread_mutex_lock(&pool->lock);
		pool->stopping = 1;
		pthread_cond_broadcast(&pool->wake);
		int workers = pool->workers;
		pool->workers = 0;
		pthread_mutex_unlock(&pool->lock);
		for (int w = 0; w < workers; w++)
			pthread_join(pool->threads[w], NULL);
		free(pool->threads);
		pool->threads = NULL;
	}
	pthread_mutex_unlock(&pools_lock);
}

static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

static void register_atfork(void)
{
	pthread_atfork(NULL, NULL, forget_workers);
}

/* Starts workers up to `wanted`; fewer if the system refuses threads.
 * Under pool->lock. */
static void start_workers(struct tf_pool *pool, int wanted)
{
	pthread_once(&atfork_once, register_atfork);
	if (wanted > WORKERS_MAX)
		wanted = WORKERS_MAX;
	if (pool->workers >= wanted)
		return;
	if (!pool->threads && !(pool->threads = malloc(WORKERS_MAX * sizeof *pool->threads)))
		return;
	while (pool->workers < wanted) {
		if (pthread_create(&pool->threads[pool->workers], NULL, worker, pool))
			break;
		/* Named before it runs: the name shows the pool in top and gdb,
		 * and lets a test tell the workers from the threads other
		 * libraries start (CUDA's). */
		pthread_setname_np(pool->threads[pool->workers], pool->name);
		pool->workers++;
	}
}

struct tf_pool *tf_pool_new(const char *name)
{
	struct tf_pool *pool = calloc(1, sizeof *pool);
	if (!pool)
		return NULL;
	init_sync(pool);
	pool->name = name;
	pthread_mutex_lock(&pools_lock);
	struct tf_pool *last = &kernel_pool;
	while (last->later)
		last = last->later;
	last->later = pool;
	pthread_mutex_unlock(&pools_lock);
	return pool;
}

void tf_pool_for(struct tf_pool *pool, int threads, int count,
		 void (*body)(void *context, int index), void *context)
{
	if (!pool || count <= 1 || threads <= 1 || pthread_mutex_trylock(&pool->busy) != 0) {
		for (int i = 0; i < count; i++)
			body(context, i);
		return;
	}
	pthread_mutex_lock(&pool->lock);
	if (pool->stopping) {
		pthread_mutex_unlock(&pool->lock);
		pthread_mutex_unlock(&pool->busy);
		for (int i = 0; i < count; i++)
			body(context, i);
		return;
	}
	/* A worker still inside the last job holds its body and count: resetting
	 * `next` under it would let it run that body on this job's indices. */
	while (pool->active > 0)
		pthread_cond_wait(&pool->done, &pool->lock);
	start_workers(pool, threads - 1);
	pool->body = body;
	pool->context = context;
	pool->count = count;
	pool->finished = 0;
	atomic_store(&pool->next, 0);
	pool->generation++;
	pthread_cond_broadcast(&pool->wake);
	pthread_mutex_unlock(&pool->lock);

	int ran = drain(pool, body, context, count);

	pthread_mutex_lock(&pool->lock);
	pool->finished += ran;
	/* Workers that joined late leave before the context goes out of scope. */
	while (pool->finished < count || pool->active > 0)
		pthread_cond_wait(&pool->done, &pool->lock);
	pthread_mutex_unlock(&pool->lock);
	pthread_mutex_unlock(&pool->busy);
}

void tf_parallel_for(int count, void (*body)(void *context, int index), void *context)
{
	/* one index (a tiny product's one tile): the caller's, without the
	 * thread count's pthread_once and the pool's checks */
	if (count == 1) {
		body(context, 0);
		return;
	}
	tf_pool_for(&kernel_pool, tf_cpu_threads(), count, body, context);
}

/* The CPUs this process may run on (its affinity mask, as taskset, cgroup
 * cpusets and MPI launchers set it), not the machine's: ranks sharing a
 * node do not oversubscribe it.  Masks of more than 1024 CPUs take a
 * larger set. */
static int affinity_count(void)
{
	for (int cpus = 1024; cpus <= (1 << 18); cpus *= 2) {
		cpu_set_t *set = CPU_ALLOC(cpus);
		if (!set)
			return 1;
		size_t size = CPU_ALLOC_SIZE(cpus);
		int failed = sched_getaffinity(0, size, set);
		int count = failed ? 0 : CPU_COUNT_S(size, set);
		CPU_FREE(set);
		if (!failed)
			return count > 0 ? count : 1;
		if (errno != EINVAL)
			break;
	}
	return 1;
}

static int thread_count;
static const char *thread_source;
static pthread_once_t threads_once = PTHREAD_ONCE_INIT;

static void count_threads(void)
{
	const struct tf_config *config = tf_config();
	if (config->num_threads > 0) {
		thread_count = config->num_threads;
		thread_source = "TWOFOLD_NUM_THREADS";
	} else if (config->omp_num_threads > 0) {
		thread_count = config->omp_num_threads;
		thread_source = "OMP_NUM_THREADS";
	} else {
		thread_count = affinity_count();
		thread_source = "the affinity mask";
	}
	if (thread_count > TF_THREADS_MAX)
		thread_count = TF_THREADS_MAX;
}

int tf_cpu_threads(void)
{
	pthread_once(&threads_once, count_threads);
	return thread_count;
}

const char *tf_cpu_threads_source(void)
{
	pthread_once(&threads_once, count_threads);
	return thread_source;
}
