/* The threads a CPU kernel can run on: the caller and the pool's workers,
 * found by their name (TF_WORKER_NAME, src/core/threads.h) among the
 * process's threads (/proc/self/task), so that threads other libraries
 * start (the CUDA driver's, on a machine with a GPU) are not counted. */
#ifndef TF_TEST_POOL_THREADS_H
#define TF_TEST_POOL_THREADS_H

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include "core/threads.h"

/* 1 + the workers alive; -1 when /proc cannot be read. */
static inline int pool_threads(void)
{
	DIR *tasks = opendir("/proc/self/task");
	if (!tasks)
		return -1;
	int count = 1;
	for (struct dirent *entry; (entry = readdir(tasks));) {
		if (entry->d_name[0] == '.')
			continue;
		char path[300], name[32] = "";
		snprintf(path, sizeof path, "/proc/self/task/%s/comm", entry->d_name);
		FILE *comm = fopen(path, "r");
		if (!comm)
			continue; /* the thread ended */
		if (fgets(name, sizeof name, comm))
			name[strcspn(name, "\n")] = 0;
		fclose(comm);
		count += strcmp(name, TF_WORKER_NAME) == 0;
	}
	closedir(tasks);
	return count;
}

#endif
