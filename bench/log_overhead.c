/* What TWOFOLD_LOG=1 costs a program that makes many tiny BLAS calls (an
 * all-electron DFT code makes 40 million ddot_ calls): ddot_ of n elements
 * called `calls` times, in child processes with TWOFOLD_LOG unset and set to
 * 1, one after the other, `rounds` times each (40 million calls each by
 * default); prints each pair's CPU nanoseconds per call and their
 * difference, then the medians: of each setting, and of the differences
 * (paired, so that a machine whose speed drifts, shared with other work,
 * moves both runs of a pair alike).
 *
 *   log_overhead [calls [n [rounds]]]     (defaults 2000000, 10, 20)
 *
 * A child is this program run again with LOG_OVERHEAD_CHILD set; it
 * prints its nanoseconds per call on stdout. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "test/f77_blas.h"

/* The CPU time of this thread: on a shared machine, the time the process
 * waits for a core is not the log's. */
static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int child(long calls, int n)
{
	double x[4096], y[4096], sum = 0;
	int one = 1;
	for (int i = 0; i < n; i++) {
		x[i] = 1.0 / (i + 1);
		y[i] = i + 1;
	}
	/* The first call loads the CPU BLAS and reads the configuration. */
	sum += ddot_(&n, x, &one, y, &one);
	double start = now();
	for (long c = 0; c < calls; c++)
		sum += ddot_(&n, x, &one, y, &one);
	double seconds = now() - start;
	if (sum != (double)n * ((double)calls + 1)) {
		fprintf(stderr, "wrong sum %.17g, expected %.17g\n", sum, (double)n * ((double)calls + 1));
		return 1;
	}
	printf("%.3f\n", seconds / (double)calls * 1e9);
	return 0;
}

/* Runs one child with TWOFOLD_LOG set to `log` (NULL: unset); its ns per call. */
static double run(const char *self, char **argv, const char *log)
{
	int out[2];
	if (pipe(out))
		return -1;
	pid_t pid = fork();
	if (pid == 0) {
		dup2(out[1], 1);
		close(out[0]);
		close(out[1]);
		if (log)
			setenv("TWOFOLD_LOG", log, 1);
		else
			unsetenv("TWOFOLD_LOG");
		/* The log's report goes to stderr; keep it out of the way. */
		if (!freopen("/dev/null", "w", stderr))
			_exit(1);
		setenv("LOG_OVERHEAD_CHILD", "1", 1);
		execv(self, argv);
		_exit(127);
	}
	close(out[1]);
	char text[64] = "";
	ssize_t got = read(out[0], text, sizeof text - 1);
	close(out[0]);
	int status;
	waitpid(pid, &status, 0);
	if (got <= 0 || !WIFEXITED(status) || WEXITSTATUS(status))
		return -1;
	return atof(text);
}

static int compare(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Of sorted values. */
static double median(const double *sorted, int count)
{
	return count % 2 ? sorted[count / 2] : 0.5 * (sorted[count / 2 - 1] + sorted[count / 2]);
}

int main(int argc, char **argv)
{
	long calls = argc > 1 ? atol(argv[1]) : 2000000;
	int n = argc > 2 ? atoi(argv[2]) : 10;
	int rounds = argc > 3 ? atoi(argv[3]) : 20;
	if (calls < 1 || n < 1 || n > 4096 || rounds < 1 || rounds > 100) {
		fprintf(stderr, "usage: %s [calls [n (1-4096) [rounds (1-100)]]]\n", argv[0]);
		return 2;
	}
	if (getenv("LOG_OVERHEAD_CHILD"))
		return child(calls, n);
	double off[100], on[100], added[100];
	printf("%% ddot_ of %d elements, %ld calls a run, %d runs with the log off and %d on; "
	       "CPU ns per call\n", n, calls, rounds, rounds);
	printf("%% round  log_off  log_on  added\n");
	for (int r = 0; r < rounds; r++) {
		/* Which goes first alternates. */
		if (r % 2) {
			on[r] = run("/proc/self/exe", argv, "1");
			off[r] = run("/proc/self/exe", argv, NULL);
		} else {
			off[r] = run("/proc/self/exe", argv, NULL);
			on[r] = run("/proc/self/exe", argv, "1");
		}
		if (off[r] < 0 || on[r] < 0) {
			fprintf(stderr, "a run failed\n");
			return 1;
		}
		added[r] = on[r] - off[r];
		printf("%7d %8.2f %7.2f %6.2f\n", r + 1, off[r], on[r], added[r]);
		fflush(stdout);
	}
	qsort(off, (size_t)rounds, sizeof off[0], compare);
	qsort(on, (size_t)rounds, sizeof on[0], compare);
	qsort(added, (size_t)rounds, sizeof added[0], compare);
	double off_median = median(off, rounds), on_median = median(on, rounds);
	double added_median = median(added, rounds);
	printf("median: log off %.2f ns, log on %.2f ns per call; the log adds %.2f ns a call "
	       "(median of the pairs), %.1f%%\n", off_median, on_median, added_median,
	       100 * added_median / off_median);
	return 0;
}
