/* test/blas/exact.h: exact values and the accuracy criterion of the BLAS
 * tests in dd mode, shared by every family's test.
 *
 * An element of a BLAS result is alpha sum_l a_l b_l + beta c: a sum of
 * products of at most three doubles (complex data: each part a sum of such
 * products with signs).  struct ex_sum collects the terms, each exact in
 * 160 bits, and adds them exactly with mpfr_sum; its magnitude S is the sum
 * of the terms' absolute values, the scale of the two-term error bound.  A
 * result that is not such a sum (a triangular solve) is computed in MPFR
 * at EX_PREC bits by the test and judged with ex_judge.
 *
 * The criterion (that of test/accuracy/accuracy.c), k the length of the
 * sum, rn the double nearest the exact value:
 *   cond = S / |exact| <= 1e10:  |got - rn| <= 1 ulp(rn)
 *   otherwise:                   |got - exact| <= 1 ulp(rn) + 2 k 2^-104 S
 * Results whose exact value is below the normal range are judged by the
 * second line only (absolute error). */
#ifndef TF_TEST_BLAS_EXACT_H
#define TF_TEST_BLAS_EXACT_H

#include <mpfr.h>
#include <stdint.h>

#define EX_PREC 4096 /* bits of exact sums and of the tests' MPFR solves */

struct ex_sum {
	mpfr_t *terms;
	mpfr_ptr *pointers;
	int count, capacity;
	double magnitude; /* S: sum of |terms| (approximate; it only scales bounds) */
};

void ex_sum_init(struct ex_sum *s, int capacity);
void ex_sum_clear(struct ex_sum *s);
void ex_sum_reset(struct ex_sum *s);
/* s += a b c, exactly (c = 1 for a product of two). */
void ex_sum_add(struct ex_sum *s, double a, double b, double c);
/* The exact sum, into value (precision EX_PREC); the test fails with
 * exit status 99 when it is not exact. */
void ex_sum_value(struct ex_sum *s, mpfr_t value);

/* Whether got meets the criterion for the exact value; k the length of the
 * sum and S its magnitude.  ulps (if not NULL) receives |got - rn| in
 * ulps of rn.  Non-finite values are the caller's business. */
int ex_judge(const mpfr_t exact, double got, double magnitude, int k, double *ulps);

/* The same for a sum of products given by its terms. */
int ex_judge_sum(struct ex_sum *s, double got, int k, double *ulps);

/* An ill-conditioned dot product x.y of length n whose condition number
 * sum |x_l y_l| / |x.y| is near cond (Ogita, Rump and Oishi's generator);
 * given != NULL: x is given, only y made.  rng: test/splitmix64.h state. */
void ex_gen_dot(uint64_t *rng, int n, double cond, const double *given, double *x, double *y);

#endif
