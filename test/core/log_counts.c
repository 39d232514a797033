/* The TWOFOLD_LOG report counts every call, from threads that ended before
 * the report and from threads still running at exit, and its times of
 * short calls, estimated from a sample, are near what the calls took.
 * Prints "calls N" (the ddot_ calls made), "ns_per_call X" (the main
 * thread's fastest run, per call) and "loops_ns T" (the time every thread
 * spent in its calls, summed: a bound on the calls' time, whatever the
 * machine's load); test/core/log.sh reads the report against them. */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include "test/f77_blas.h"

#define CALLS 100000
#define N 10

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t never = PTHREAD_COND_INITIALIZER;
static pthread_barrier_t finished;
static int wrong;
static double loops_seconds;

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Makes `count` calls; returns the seconds they took. */
static double calls(int count)
{
	double x[N], y[N];
	int n = N, one = 1;
	for (int i = 0; i < N; i++) {
		x[i] = i;
		y[i] = 2;
	}
	int bad = 0;
	double start = now();
	for (int c = 0; c < count; c++)
		bad += ddot_(&n, x, &one, y, &one) != (double)(N * (N - 1));
	double seconds = now() - start;
	pthread_mutex_lock(&lock);
	wrong += bad;
	loops_seconds += seconds;
	pthread_mutex_unlock(&lock);
	return seconds;
}

static void *ends(void *unused)
{
	(void)unused;
	calls(CALLS);
	return NULL;
}

/* Makes its calls, then stays until the process exits. */
static void *stays(void *unused)
{
	(void)unused;
	calls(CALLS);
	pthread_barrier_wait(&finished);
	pthread_mutex_lock(&lock);
	for (;;)
		pthread_cond_wait(&never, &lock);
	return NULL;
}

int main(void)
{
	pthread_t thread[4];
	for (int t = 0; t < 2; t++)
		pthread_create(&thread[t], NULL, ends, NULL);
	for (int t = 0; t < 2; t++)
		pthread_join(thread[t], NULL);
	pthread_barrier_init(&finished, NULL, 3);
	for (int t = 2; t < 4; t++)
		pthread_create(&thread[t], NULL, stays, NULL);
	pthread_barrier_wait(&finished);
	/* The main thread's calls, timed here: the fastest of five runs. */
	double best = 1e30;
	for (int run = 0; run < 5; run++) {
		double seconds = calls(CALLS);
		if (seconds < best)
			best = seconds;
	}
	if (wrong) {
		printf("FAIL: %d wrong dot products\n", wrong);
		return 1;
	}
	printf("calls %d\n", 9 * CALLS);
	printf("ns_per_call %.1f\n", best / CALLS * 1e9);
	pthread_mutex_lock(&lock);
	printf("loops_ns %.0f\n", loops_seconds * 1e9);
	pthread_mutex_unlock(&lock);
	return 0;
}
