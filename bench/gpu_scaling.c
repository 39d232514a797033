/* bench/gpu_scaling: one measurement of the scaling benchmark
 * (bench/gpu_scaling.sh), on the GPUs of TWOFOLD_DEVICE:
 *
 *   gpu_scaling dgemm N [REPEAT]   dd dgemm_ of order N on host arrays (the
 *                                  engine: TWOFOLD_SPLIT), the median of
 *                                  REPEAT timed calls after a warm-up
 *   gpu_scaling dgesv N [REPEAT]   dd dgesv_ of order N, one right-hand
 *                                  side, host arrays (no warm-up but the
 *                                  first call's set-up: its best of REPEAT)
 *   gpu_scaling bandwidth [MB]     host to device copies of MB megabytes
 *                                  (default 512) to each visible GPU alone,
 *                                  then to all at once, from pinned memory
 *                                  and from pageable memory (which the
 *                                  driver stages through pinned buffers, as
 *                                  libtwofold stages host arrays), and from
 *                                  pageable memory registered with CUDA for
 *                                  the copy (registration included); and host
 *                                  memory copies of MB megabytes (memcpy),
 *                                  one thread alone, then one per GPU at
 *                                  once: what the staging of each GPU's
 *                                  transfers costs the host
 *
 * Prints "routine n seconds Gflop/s" (bandwidth: "h2d GPU seconds GB/s"
 * per GPU, then "h2d all seconds GB/s-total"; the pageable copies as
 * "h2d-pageable" and "h2d-registered", the host copies as "memcpy 1 seconds GB/s" and "memcpy
 * all seconds GB/s-total"). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime_api.h>
#include "bench/wall_clock.h"

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
	    const double *, const int *, const double *, const int *, const double *, double *,
	    const int *, size_t, size_t);
void dgesv_(const int *, const int *, double *, const int *, int *, double *, const int *, int *);

static double random_entry(unsigned long long *state)
{
	*state = *state * 6364136223846793005ull + 1442695040888963407ull;
	return (double)(*state >> 11) / 9007199254740992.0 - 0.5;
}

static double *random_matrix(size_t count, unsigned long long seed)
{
	double *m = malloc(count * sizeof *m);
	if (!m) {
		fprintf(stderr, "out of memory\n");
		exit(2);
	}
	for (size_t i = 0; i < count; i++)
		m[i] = random_entry(&seed);
	return m;
}

static int compare(const void *p, const void *q)
{
	double s = *(const double *)p, t = *(const double *)q;
	return (s > t) - (s < t);
}

static int bench_dgemm(int n, int repeat)
{
	size_t count = (size_t)n * n;
	double *a = random_matrix(count, 1), *b = random_matrix(count, 2), *c = random_matrix(count, 3);
	double alpha = 1.0, beta = 0.0, t[64];
	dgemm_("N", "N", &n, &n, &n, &alpha, a, &n, b, &n, &beta, c, &n, 1, 1);
	for (int r = 0; r < repeat; r++) {
		double t0 = bench_now();
		dgemm_("N", "N", &n, &n, &n, &alpha, a, &n, b, &n, &beta, c, &n, 1, 1);
		t[r] = bench_now() - t0;
	}
	qsort(t, (size_t)repeat, sizeof *t, compare);
	double seconds = t[repeat / 2];
	printf("dgemm %d %.4f %.1f\n", n, seconds, 2.0 * n * (double)n * n / seconds * 1e-9);
	free(a), free(b), free(c);
	return 0;
}

static int bench_dgesv(int n, int repeat)
{
	size_t count = (size_t)n * n;
	double *a0 = random_matrix(count, 4), *a = malloc(count * sizeof *a);
	double *b0 = random_matrix((size_t)n, 5), *b = malloc((size_t)n * sizeof *b);
	int *pivots = malloc((size_t)n * sizeof *pivots), one = 1, info = 0;
	double best = 1e300;
	if (!a || !b || !pivots)
		return fprintf(stderr, "out of memory\n"), 2;
	for (int i = 0; i < n; i++)
		a0[i + (size_t)i * n] += n; /* well conditioned */
	for (int r = 0; r < repeat; r++) {
		memcpy(a, a0, count * sizeof *a);
		memcpy(b, b0, (size_t)n * sizeof *b);
		double t0 = bench_now();
		dgesv_(&n, &one, a, &n, pivots, b, &n, &info);
		double seconds = bench_now() - t0;
		if (seconds < best)
			best = seconds;
		if (info != 0)
			return fprintf(stderr, "dgesv_: info %d\n", info), 1;
	}
	printf("dgesv %d %.4f %.1f\n", n, best, 2.0 / 3.0 * n * (double)n * n / best * 1e-9);
	return 0;
}

struct copy {
	int device;
	size_t bytes;
	void *host, *pageable, *target; /* pinned host, pageable host, device */
	void *from;                     /* the one timed_copy copies */
	double seconds;
	int failed;
};

static void *timed_copy(void *argument)
{
	struct copy *c = argument;
	cudaSetDevice(c->device);
	double t0 = bench_now();
	c->failed = cudaMemcpy(c->target, c->from, c->bytes, cudaMemcpyHostToDevice) != cudaSuccess;
	c->seconds = bench_now() - t0;
	return NULL;
}

/* The pageable buffer registered with CUDA (pinned in place), copied,
 * and unregistered: the other way to move pageable memory, its cost
 * counted whole. */
static void *timed_registered_copy(void *argument)
{
	struct copy *c = argument;
	cudaSetDevice(c->device);
	double t0 = bench_now();
	c->failed = cudaHostRegister(c->pageable, c->bytes, cudaHostRegisterDefault) != cudaSuccess ||
		    cudaMemcpy(c->target, c->pageable, c->bytes, cudaMemcpyHostToDevice) != cudaSuccess ||
		    cudaHostUnregister(c->pageable) != cudaSuccess;
	c->seconds = bench_now() - t0;
	return NULL;
}

/* A host copy of the pageable buffer into the pinned one. */
static void *timed_memcpy(void *argument)
{
	struct copy *c = argument;
	double t0 = bench_now();
	memcpy(c->host, c->pageable, c->bytes);
	c->seconds = bench_now() - t0;
	return NULL;
}

/* Runs `copy` on each GPU's buffers alone (printing "label GPU s GB/s", or
 * unless each, "label 1 s GB/s" for the first), then on all at once, one
 * thread each ("label all s GB/s-total"). */
static void alone_then_all(struct copy *copies, int count, void *(*copy)(void *), const char *label,
			   int each)
{
	pthread_t threads[16];
	for (int d = 0; d < count; d++) {
		copy(&copies[d]);
		const double rate = copies[d].bytes / copies[d].seconds * 1e-9;
		if (each)
			printf("%s %d %.4f %.1f\n", label, d, copies[d].seconds, rate);
		else if (d == 0) /* one thread's copy: the same on every GPU's buffers */
			printf("%s 1 %.4f %.1f\n", label, copies[d].seconds, rate);
	}
	double t0 = bench_now();
	for (int d = 0; d < count; d++)
		pthread_create(&threads[d], NULL, copy, &copies[d]);
	for (int d = 0; d < count; d++)
		pthread_join(threads[d], NULL);
	double seconds = bench_now() - t0;
	printf("%s all %.4f %.1f\n", label, seconds, count * (double)copies[0].bytes / seconds * 1e-9);
}

static int bench_bandwidth(size_t megabytes)
{
	int count = 0;
	if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0)
		return fprintf(stderr, "no GPU\n"), 1;
	if (count > 16)
		count = 16;
	struct copy copies[16];
	for (int d = 0; d < count; d++) {
		copies[d] = (struct copy){ .device = d, .bytes = megabytes << 20 };
		cudaSetDevice(d);
		if (cudaHostAlloc(&copies[d].host, copies[d].bytes, cudaHostAllocPortable) != cudaSuccess ||
		    cudaMalloc(&copies[d].target, copies[d].bytes) != cudaSuccess ||
		    !(copies[d].pageable = malloc(copies[d].bytes)))
			return fprintf(stderr, "GPU %d: no room for %zu MB\n", d, megabytes), 1;
		memset(copies[d].host, 1, copies[d].bytes);
		memset(copies[d].pageable, 1, copies[d].bytes);
		copies[d].from = copies[d].host;
		timed_copy(&copies[d]); /* warm-up */
		copies[d].from = copies[d].pageable;
		timed_copy(&copies[d]);
		timed_memcpy(&copies[d]);
	}
	for (int d = 0; d < count; d++)
		copies[d].from = copies[d].host;
	alone_then_all(copies, count, timed_copy, "h2d", 1);
	for (int d = 0; d < count; d++)
		copies[d].from = copies[d].pageable;
	alone_then_all(copies, count, timed_copy, "h2d-pageable", 1);
	alone_then_all(copies, count, timed_registered_copy, "h2d-registered", 1);
	alone_then_all(copies, count, timed_memcpy, "memcpy", 0);
	for (int d = 0; d < count; d++)
		if (copies[d].failed)
			return fprintf(stderr, "GPU %d: copy failed\n", d), 1;
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "bandwidth") == 0)
		return bench_bandwidth(argc > 2 ? (size_t)atol(argv[2]) : 512);
	if (argc < 3 || (strcmp(argv[1], "dgemm") != 0 && strcmp(argv[1], "dgesv") != 0)) {
		fprintf(stderr, "usage: gpu_scaling dgemm|dgesv N [REPEAT] | bandwidth [MB]\n");
		return 2;
	}
	int n = atoi(argv[2]), repeat = argc > 3 ? atoi(argv[3]) : 3;
	if (n <= 0 || repeat <= 0 || repeat > 64)
		return fprintf(stderr, "bad N or REPEAT\n"), 2;
	return strcmp(argv[1], "dgemm") == 0 ? bench_dgemm(n, repeat) : bench_dgesv(n, repeat);
}
