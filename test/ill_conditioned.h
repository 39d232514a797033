/* Exactly stored matrices of condition far beyond 1/u, for the tests and
 * benchmarks of the LAPACK drivers' fallback (src/plan/refine.h).
 *
 * A = M1 diag(K, D) M2 with K = [t, t-1; t+1, t] (determinant 1, condition
 * about 4 t^2), D random integers 1 to 9, M1 and M2 unit lower and upper
 * triangular with about 1.5 random entries of +-1 a row (they mix K's rows
 * and columns into the others); spd: A = C C^T for C = M1 diag(K, D),
 * condition about 16 t^4; symmetric indefinite: A = C S C^T, S a diagonal
 * of random signs, K's two alike (opposite, they would cancel: K S K^T of
 * condition 16 t^2), the same condition.  t is chosen for the condition asked; every
 * entry is an integer below 2^53 (else new M1 and M2 are drawn), so the
 * double matrix is the exact one and has that condition (give or take the
 * mixing: the test checks it with MPFR).  Complex matrices the same, with
 * Gaussian integers. */
#ifndef TF_TEST_ILL_CONDITIONED_H
#define TF_TEST_ILL_CONDITIONED_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "test/splitmix64.h"

/* a (n x n, leading dimension lda, elements of width doubles) of condition
 * about cond (1e8 to 1e30); complex (width 2): M1 and M2's entries +-1 or
 * +-i, and spd: A = C C^H (Hermitian positive definite); spd = 2 (real
 * only): A = C S C^T, symmetric indefinite. */
static inline void ill_conditioned_matrix(int n, int width, double cond, int spd, double *a,
					  int lda, uint64_t *rng)
{
	const long long t = (long long)(spd ? pow(cond / 16.0, 0.25) : sqrt(cond / 4.0));
	const int indefinite = spd == 2;
	const size_t nn = (size_t)n * n;
	/* row-major, real and imaginary parts apart: m1, m2, c = M1 diag(K, D);
	 * and one row of A */
	long long *m1 = calloc(6 * nn + 1, sizeof *m1), *m2 = m1 + 2 * nn, *c = m2 + 2 * nn;
	long long *d = malloc(2 * ((size_t)n + 1) * sizeof *d), *sign = d + n + 1;
	long double *row = malloc(2 * ((size_t)n + 1) * sizeof *row);
	for (int k = 0; k < n; k++)
		d[k] = k < 2 && n > 1 ? t : 1 + splitmix64_int(rng, 0, 8);
	for (int k = 0; k < n; k++) /* S: K's two alike (K S K^T = +-K K^T, as ill) */
		sign[k] = !indefinite ? 1 : k == 1 ? sign[0] : splitmix64_unif(rng) < 0.5 ? -1 : 1;
	for (int exact = 0; !exact;) {
		memset(m1, 0, 4 * nn * sizeof *m1);
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++) {
				int mixed = splitmix64_unif(rng) < 1.5 / n;
				long long sign = splitmix64_unif(rng) < 0.5 ? -1 : 1;
				int imaginary = width == 2 && splitmix64_unif(rng) < 0.5;
				const size_t at = (size_t)i * n + j, part = imaginary ? nn : 0;
				if (i == j)
					m1[at] = m2[at] = 1;
				else if (mixed)
					(i > j ? m1 : m2)[at + part] = sign;
			}
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++)
				for (int p = 0; p < 2; p++) {
					const long long *m = m1 + p * nn + (size_t)i * n;
					c[p * nn + (size_t)i * n + j] =
						j < 2 && n > 1 ? m[0] * (j == 0 ? t : t - 1) +
									 m[1] * (j == 0 ? t + 1 : t)
							       : m[j] * d[j];
				}
		exact = 1;
		for (int i = 0; i < n; i++) {
			/* row i of C M2, or of C C^H: sums of exact products (64-bit
			 * significands), checked below 2^53 */
			const long long *cr = c + (size_t)i * n, *ci = cr + nn;
			for (int j = 0; j < 2 * n; j++)
				row[j] = 0.0L;
			for (int k = 0; k < n; k++) {
				if (cr[k] == 0 && ci[k] == 0)
					continue;
				for (int j = 0; j < n; j++) {
					const size_t at = spd ? (size_t)j * n + k : (size_t)k * n + j;
					long long or_ = spd ? sign[k] * c[at] : m2[at];
					long long oi = spd ? -sign[k] * c[at + nn] : m2[at + nn];
					if (or_ == 0 && oi == 0)
						continue;
					row[j] += (long double)cr[k] * or_ - (long double)ci[k] * oi;
					row[n + j] += (long double)cr[k] * oi + (long double)ci[k] * or_;
				}
			}
			for (int j = 0; j < n; j++) {
				exact &= fabsl(row[j]) < 0x1p53L && fabsl(row[n + j]) < 0x1p53L;
				double *e = a + (size_t)width * ((size_t)j * lda + i);
				e[0] = (double)row[j];
				if (width == 2)
					e[1] = (double)row[n + j];
			}
		}
	}
	free(row);
	free(d);
	free(m1);
}

#endif
