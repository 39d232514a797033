/* Pools of worker threads, created at first use: the CPU kernels', and
 * one per GPU for its host copies. */
#ifndef TF_THREADS_H
#define TF_THREADS_H

/* The name of the pool's workers (pthread_setname_np, at most 15 bytes). */
#define TF_WORKER_NAME "twofold-worker"

/* Runs body(context, i) for i = 0 .. count-1 on the calling thread and the
 * pool's workers, and returns when all have run.  When another call is using
 * the pool (concurrent BLAS calls from the program's threads), or count is
 * 1, everything runs on the calling thread: a call never waits for another. */
void tf_parallel_for(int count, void (*body)(void *context, int index), void *context);

/* A pool of workers of its own, named `name` (at most 15 bytes), beside the
 * CPU kernels' (each GPU's host copies have one, so that GPUs copying at
 * once do not take turns with one pool); NULL when it cannot be made.  It
 * lives as long as the library. */
struct tf_pool *tf_pool_new(const char *name);

/* As tf_parallel_for, on `pool` with at most `threads` threads (the caller
 * included); a NULL pool runs everything on the calling thread. */
void tf_pool_for(struct tf_pool *pool, int threads, int count,
		 void (*body)(void *context, int index), void *context);

/* The number of threads a kernel may use: TWOFOLD_NUM_THREADS, else
 * OMP_NUM_THREADS (its first number), else the CPUs of this process's
 * affinity mask; taken at the first call. */
int tf_cpu_threads(void);

/* Where that number came from: "TWOFOLD_NUM_THREADS", "OMP_NUM_THREADS" or
 * "the affinity mask" (for the TWOFOLD_LOG report). */
const char *tf_cpu_threads_source(void);

#endif
