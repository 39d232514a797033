/* The sparse tests' check: a failed condition is counted in `failures` and
 * printed with its file and line; the test exits nonzero when any failed. */
#ifndef TF_TEST_SPARSE_CHECK_H
#define TF_TEST_SPARSE_CHECK_H

#include <stdio.h>

static int failures;

#define CHECK(condition, ...)                                          \
	do {                                                           \
		if (!(condition)) {                                    \
			failures++;                                    \
			printf("FAIL %s:%d: ", __FILE__, __LINE__);   \
			printf(__VA_ARGS__);                           \
			printf("\n");                                  \
		}                                                      \
	} while (0)

#endif
