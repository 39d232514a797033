/* The thread tests' harness: the same work on several program threads at
 * once, and the sum of what went wrong. */
#ifndef TF_TEST_RUN_THREADS_H
#define TF_TEST_RUN_THREADS_H

/* Runs work((void *)id) on `count` threads, id 0 to count - 1, waits for
 * all of them and returns the sum of their results, each a count of wrong
 * results returned as (void *)(long)count. */
long run_threads(int count, void *(*work)(void *));

#endif
