#include "config.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include "core/environment.h"
#include "core/message.h"
#include "core/stats.h"
#include "cpu/threads.h"

/* One job at a time: the caller that holds `busy` publishes it, and the
 * caller and the workers take indices from `next` until none are left. */
static struct {
	pthread_mutex_t busy;          /* held by the caller whose job runs */
	pthread_mutex_t lock;          /* guards the fields below */
	pthread_cond_t wake, done;
	int workers;                   /* started so far */
	unsigned long generation;      /* counts jobs, to wake the workers */
	void (*body)(void *, int);
	void *context;
	int count;
	atomic_int next;
	int finished;                  /* indices completed, under lock */
	int active;                    /* workers inside the job, under lock */
} pool = {
	.busy = PTHREAD_MUTEX_INITIALIZER,
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.wake = PTHREAD_COND_INITIALIZER,
	.done = PTHREAD_COND_INITIALIZER,
};

/* Takes indices of the current job until there are none; returns how many. */
static int drain(void (*body)(void *, int), void *context, int count)
{
	int ran = 0;
	for (int i; (i = atomic_fetch_add(&pool.next, 1)) < count; ran++)
		body(context, i);
	return ran;
}

static void *worker(void *unused)
{
	(void)unused;
	unsigned long seen = 0;
	tf_call_depth = 1; /* whatever this thread calls is inside a call */
	pthread_mutex_lock(&pool.lock);
	for (;;) {
		while (pool.generation == seen)
			pthread_cond_wait(&pool.wake, &pool.lock);
		seen = pool.generation;
		void (*body)(void *, int) = pool.body;
		void *context = pool.context;
		int count = pool.count;
		pool.active++;
		pthread_mutex_unlock(&pool.lock);
		int ran = drain(body, context, count);
		pthread_mutex_lock(&pool.lock);
		pool.finished += ran;
		pool.active--;
		pthread_cond_signal(&pool.done);
	}
	return NULL;
}

/* A child of fork() has none of the parent's workers. */
static void forget_workers(void)
{
	pthread_mutex_init(&pool.busy, NULL);
	pthread_mutex_init(&pool.lock, NULL);
	pthread_cond_init(&pool.wake, NULL);
	pthread_cond_init(&pool.done, NULL);
	pool.workers = 0;
	pool.active = 0;
}

static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

static void register_atfork(void)
{
	pthread_atfork(NULL, NULL, forget_workers);
}

/* Starts workers up to `wanted`; fewer if the system refuses threads. */
static void start_workers(int wanted)
{
	pthread_once(&atfork_once, register_atfork);
	while (pool.workers < wanted) {
		pthread_t thread;
		pthread_attr_t attributes;
		pthread_attr_init(&attributes);
		pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
		int failed = pthread_create(&thread, &attributes, worker, NULL);
		pthread_attr_destroy(&attributes);
		if (failed)
			break;
		pool.workers++;
	}
}

void tf_parallel_for(int count, void (*body)(void *context, int index), void *context)
{
	int threads = tf_cpu_threads();
	if (count <= 1 || threads <= 1 || pthread_mutex_trylock(&pool.busy) != 0) {
		for (int i = 0; i < count; i++)
			body(context, i);
		return;
	}
	pthread_mutex_lock(&pool.lock);
	/* A worker still inside the last job holds its body and count: resetting
	 * `next` under it would let it run that body on this job's indices. */
	while (pool.active > 0)
		pthread_cond_wait(&pool.done, &pool.lock);
	start_workers(threads - 1);
	pool.body = body;
	pool.context = context;
	pool.count = count;
	pool.finished = 0;
	atomic_store(&pool.next, 0);
	pool.generation++;
	pthread_cond_broadcast(&pool.wake);
	pthread_mutex_unlock(&pool.lock);

	int ran = drain(body, context, count);

	pthread_mutex_lock(&pool.lock);
	pool.finished += ran;
	/* Workers that joined late leave before the context goes out of scope. */
	while (pool.finished < count || pool.active > 0)
		pthread_cond_wait(&pool.done, &pool.lock);
	pthread_mutex_unlock(&pool.lock);
	pthread_mutex_unlock(&pool.busy);
}

int tf_cpu_threads(void)
{
	int threads = tf_config()->num_threads;
	if (threads > 0)
		return threads;
	cpu_set_t cpus;
	if (sched_getaffinity(0, sizeof cpus, &cpus) == 0 && CPU_COUNT(&cpus) > 0)
		return CPU_COUNT(&cpus);
	return 1;
}
