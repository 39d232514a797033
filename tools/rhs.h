/* rhs.h: the right-hand side b of twofold-solve: read from a file, or
 * random with a fixed seed. */
#ifndef TF_TOOLS_RHS_H
#define TF_TOOLS_RHS_H

#include <stddef.h>
#include <stdint.h>

/* Reads n values into b from path: a Matrix Market array (real or
 * integer, general, n x 1 or 1 x n) or plain text with one value per line
 * (blank lines and lines starting with % or # skipped).  Returns 0, or -1
 * with "FILE:LINE: what is wrong" in error. */
int rhs_read(const char *path, int n, double *b, char *error, size_t error_size);

/* b[i] uniform in [-1, 1), from a splitmix64 stream started at seed: the
 * same b on every run and machine. */
void rhs_random(int n, uint64_t seed, double *b);

/* The seed twofold-solve --rhs random uses. */
#define RHS_RANDOM_SEED 20260101u

#endif
