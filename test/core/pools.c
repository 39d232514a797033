/* The thread pools (src/core/threads.h), built from core's sources (the
 * library exports none of this): a job's every index runs once, on pools of
 * their own as on the kernels' pool; two threads running jobs on two pools
 * at once each get their pool's workers, named as the pool says; two on one
 * pool both finish (the later one runs its job on its own thread); a NULL
 * pool and a thread count of 1 run on the caller.  One line per check;
 * exit status 1 on a failure. */
#define _GNU_SOURCE /* pthread_getname_np */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/threads.h"

#define COUNT 4000

struct job {
	atomic_int runs[COUNT];
	atomic_int off_caller; /* indices run on another thread than the caller's */
	atomic_int named;      /* of those, on a thread named as expected */
	pthread_t caller;
	const char *name;
	int expects_workers; /* the caller waits (2 s at most) until a worker has come */
};

static void body(void *context, int index)
{
	struct job *job = context;
	atomic_fetch_add(&job->runs[index], 1);
	if (pthread_equal(pthread_self(), job->caller) && job->expects_workers) {
		/* on a loaded machine the caller could drain the job before a
		 * worker is scheduled: it leaves them time */
		for (int waited = 0; waited < 2000 && atomic_load(&job->off_caller) == 0; waited++)
			nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	}
	if (!pthread_equal(pthread_self(), job->caller)) {
		atomic_fetch_add(&job->off_caller, 1);
		char name[32] = "";
		pthread_getname_np(pthread_self(), name, sizeof name);
		if (strcmp(name, job->name) == 0)
			atomic_fetch_add(&job->named, 1);
	}
	/* long enough that the workers take a share */
	volatile double x = index;
	for (int i = 0; i < 2000; i++)
		x = x * 0.999 + 1.0;
}

static int failures, checks;

static void check(int ok, const char *what)
{
	checks++;
	failures += !ok;
	printf("%s %s\n", ok ? "PASS" : "FAIL", what);
}

static int each_once(struct job *job)
{
	for (int i = 0; i < COUNT; i++)
		if (atomic_load(&job->runs[i]) != 1)
			return 0;
	return 1;
}

static struct job *new_job(const char *name)
{
	struct job *job = calloc(1, sizeof *job);
	if (!job)
		exit(2);
	job->caller = pthread_self();
	job->name = name;
	return job;
}

struct runner {
	struct tf_pool *pool;
	int threads;
	struct job *job;
	pthread_barrier_t *start;
};

static void *run(void *argument)
{
	struct runner *r = argument;
	r->job->caller = pthread_self();
	pthread_barrier_wait(r->start);
	tf_pool_for(r->pool, r->threads, COUNT, body, r->job);
	return NULL;
}

/* Two threads, each with its pool (or both with one), at once. */
static void two_at_once(struct tf_pool *first, struct tf_pool *second, struct job *jobs[2])
{
	pthread_barrier_t start;
	pthread_barrier_init(&start, NULL, 2);
	struct runner runners[2] = { { first, 4, jobs[0], &start }, { second, 4, jobs[1], &start } };
	pthread_t threads[2];
	for (int t = 0; t < 2; t++)
		if (pthread_create(&threads[t], NULL, run, &runners[t]))
			exit(2);
	for (int t = 0; t < 2; t++)
		pthread_join(threads[t], NULL);
	pthread_barrier_destroy(&start);
}

int main(void)
{
	struct tf_pool *a = tf_pool_new("tf-pool-a"), *b = tf_pool_new("tf-pool-b");
	check(a && b, "two pools made");
	if (!a || !b)
		return 1;

	struct job *job = new_job("tf-pool-a");
	job->expects_workers = 1;
	tf_pool_for(a, 4, COUNT, body, job);
	check(each_once(job), "a pool's job: every index once");
	check(job->off_caller > 0 && job->named == job->off_caller,
	      "a pool's job: its workers took a share, each named as the pool");
	free(job);

	job = new_job("");
	tf_pool_for(NULL, 4, COUNT, body, job);
	check(each_once(job) && job->off_caller == 0, "no pool: every index once, on the caller");
	free(job);

	job = new_job("");
	tf_pool_for(a, 1, COUNT, body, job);
	check(each_once(job) && job->off_caller == 0, "one thread: every index once, on the caller");
	free(job);

	job = new_job(TF_WORKER_NAME);
	tf_parallel_for(COUNT, body, job);
	check(each_once(job) && job->named == job->off_caller,
	      "the kernels' pool: every index once, on its own workers or the caller");
	free(job);

	struct job *jobs[2] = { new_job("tf-pool-a"), new_job("tf-pool-b") };
	jobs[0]->expects_workers = jobs[1]->expects_workers = 1;
	two_at_once(a, b, jobs);
	check(each_once(jobs[0]) && each_once(jobs[1]), "two pools at once: every index once");
	check(jobs[0]->off_caller > 0 && jobs[1]->off_caller > 0 &&
		      jobs[0]->named == jobs[0]->off_caller && jobs[1]->named == jobs[1]->off_caller,
	      "two pools at once: each job on its own pool's workers");
	free(jobs[0]), free(jobs[1]);

	jobs[0] = new_job("tf-pool-a"), jobs[1] = new_job("tf-pool-a");
	two_at_once(a, a, jobs);
	check(each_once(jobs[0]) && each_once(jobs[1]) &&
		      jobs[0]->named == jobs[0]->off_caller && jobs[1]->named == jobs[1]->off_caller,
	      "one pool, two callers at once: every index once (the later caller on its own thread)");
	free(jobs[0]), free(jobs[1]);

	printf("%d passed, %d failed\n", checks - failures, failures);
	return failures ? 1 : 0;
}
