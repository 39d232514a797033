/* scratch.h: the twofold-solve tests' scratch directory and their checks.
 * Each test writes its files into a fresh directory under $TMPDIR (or
 * /tmp), removed at the end, and counts its failures. */
#ifndef TF_TEST_SPARSE_CLI_SCRATCH_H
#define TF_TEST_SPARSE_CLI_SCRATCH_H

#include <stdio.h>

extern int scratch_failures;

#define CHECK(condition, ...)                                              \
	do {                                                               \
		if (!(condition)) {                                        \
			scratch_failures++;                                \
			printf("FAIL %s:%d: ", __FILE__, __LINE__);       \
			printf(__VA_ARGS__);                               \
			printf("\n");                                      \
		}                                                          \
	} while (0)

/* Makes the directory; exits with 99 when it cannot. */
void scratch_open(void);

/* The path of name inside it (a static buffer: one at a time). */
const char *scratch_path(const char *name);

/* Writes text to name and returns its path (as scratch_path). */
const char *scratch_write(const char *name, const char *text);

/* The whole of a file, NUL-terminated, to free(); NULL if unreadable. */
char *scratch_read(const char *path);

/* Removes the files written and the directory; returns the exit status:
 * 0 with no failure, 1 otherwise. */
int scratch_close(void);

#endif
