/* The random numbers of the tests and benchmarks: splitmix64 (Steele, Lea
 * and Flood, "Fast splittable pseudorandom number generators", OOPSLA
 * 2014), the same sequence from a seed with every compiler and C library,
 * so that a failing case can be run again.  Each program keeps its own
 * state; C and CUDA C++ (host code) alike. */
#ifndef TF_TEST_SPLITMIX64_H
#define TF_TEST_SPLITMIX64_H

#include <math.h>
#include <stdint.h>

static inline uint64_t splitmix64_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* An integer in lo..hi (the modulo's bias is far below what a test sees). */
static inline int splitmix64_int(uint64_t *state, int lo, int hi)
{
	return lo + (int)(splitmix64_next(state) % (uint64_t)(hi - lo + 1));
}

/* Uniform in [0, 1), on the multiples of 2^-53. */
static inline double splitmix64_unif(uint64_t *state)
{
	return (double)(splitmix64_next(state) >> 11) * 0x1p-53;
}

/* Uniform in [-1, 1), on the multiples of 2^-52. */
static inline double splitmix64_sym(uint64_t *state)
{
	return 2 * splitmix64_unif(state) - 1;
}

/* Inf, -Inf or NaN, each as likely. */
static inline double splitmix64_nonfinite(uint64_t *state)
{
	switch (splitmix64_int(state, 0, 2)) {
	case 0: return INFINITY;
	case 1: return -INFINITY;
	default: return NAN;
	}
}

/* perm[0..n) a random permutation of 0..n-1 (Fisher and Yates). */
static inline void splitmix64_permutation(uint64_t *state, int *perm, int n)
{
	for (int l = 0; l < n; l++)
		perm[l] = l;
	for (int l = n - 1; l > 0; l--) {
		int j = splitmix64_int(state, 0, l), t = perm[l];
		perm[l] = perm[j];
		perm[j] = t;
	}
}

#endif
