#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "test/run_threads.h"

long run_threads(int count, void *(*work)(void *))
{
	pthread_t *threads = malloc(sizeof *threads * (size_t)count);
	if (!threads) {
		fprintf(stderr, "run_threads: out of memory\n");
		exit(99);
	}
	for (long t = 0; t < count; t++)
		pthread_create(&threads[t], NULL, work, (void *)t);
	long bad = 0;
	for (int t = 0; t < count; t++) {
		void *result;
		pthread_join(threads[t], &result);
		bad += (long)result;
	}
	free(threads);
	return bad;
}
