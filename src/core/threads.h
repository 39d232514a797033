/* The CPU kernels' threads: a small pool of workers, created at first use. */
#ifndef TF_THREADS_H
#define TF_THREADS_H

/* The name of the pool's workers (pthread_setname_np, at most 15 bytes). */
#define TF_WORKER_NAME "twofold-worker"

/* Runs body(context, i) for i = 0 .. count-1 on the calling thread and the
 * pool's workers, and returns when all have run.  When another call is using
 * the pool (concurrent BLAS calls from the program's threads), or count is
 * 1, everything runs on the calling thread: a call never waits for another. */
void tf_parallel_for(int count, void (*body)(void *context, int index), void *context);

/* The number of threads a kernel may use: TWOFOLD_NUM_THREADS, else
 * OMP_NUM_THREADS (its first number), else the CPUs of this process's
 * affinity mask; taken at the first call. */
int tf_cpu_threads(void);

/* Where that number came from: "TWOFOLD_NUM_THREADS", "OMP_NUM_THREADS" or
 * "the affinity mask" (for the TWOFOLD_LOG report). */
const char *tf_cpu_threads_source(void);

#endif
