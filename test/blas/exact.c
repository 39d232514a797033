#include "config.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "test/blas/exact.h"
#include "test/splitmix64.h"

#define TERM_PREC 160 /* a product of three doubles is exact in 159 bits */

static void fail(const char *what)
{
	printf("harness error: %s\n", what);
	exit(99);
}

void ex_sum_init(struct ex_sum *s, int capacity)
{
	s->terms = malloc((size_t)capacity * sizeof *s->terms);
	s->pointers = malloc((size_t)capacity * sizeof *s->pointers);
	if (!s->terms || !s->pointers)
		fail("out of memory");
	for (int i = 0; i < capacity; i++) {
		mpfr_init2(s->terms[i], TERM_PREC);
		s->pointers[i] = s->terms[i];
	}
	s->capacity = capacity;
	ex_sum_reset(s);
}

void ex_sum_clear(struct ex_sum *s)
{
	for (int i = 0; i < s->capacity; i++)
		mpfr_clear(s->terms[i]);
	free(s->terms);
	free(s->pointers);
}

void ex_sum_reset(struct ex_sum *s)
{
	s->count = 0;
	s->magnitude = 0.0;
}

void ex_sum_add(struct ex_sum *s, double a, double b, double c)
{
	if (s->count == s->capacity)
		fail("too many terms for the ex_sum's capacity");
	mpfr_ptr t = s->terms[s->count++];
	int inexact = mpfr_set_d(t, a, MPFR_RNDN);
	inexact |= mpfr_mul_d(t, t, b, MPFR_RNDN);
	inexact |= mpfr_mul_d(t, t, c, MPFR_RNDN);
	if (inexact)
		fail("a product of three doubles is not exact in 160 bits");
	s->magnitude += fabs(mpfr_get_d(t, MPFR_RNDN));
}

void ex_sum_value(struct ex_sum *s, mpfr_t value)
{
	if (mpfr_sum(value, s->pointers, (unsigned long)s->count, MPFR_RNDN))
		fail("an exact sum is not exact: widen EX_PREC");
}

/* ulp of a double (that of the smallest normal below the normal range). */
static double ulp_of(double x)
{
	x = fabs(x);
	if (x < DBL_MIN)
		return ldexp(1.0, -1074);
	int e;
	frexp(x, &e);
	return ldexp(1.0, e - 53);
}

int ex_judge(const mpfr_t exact, double got, double magnitude, int k, double *ulps)
{
	mpfr_t diff;
	mpfr_init2(diff, EX_PREC);
	double rn = mpfr_get_d(exact, MPFR_RNDN);
	double ulp = ulp_of(rn);
	if (ulps)
		*ulps = fabs(got - rn) / ulp;
	double abs_exact = fabs(rn);
	int ok;
	if (abs_exact >= DBL_MIN && magnitude <= 1e10 * abs_exact) {
		ok = fabs(got - rn) <= ulp;
	} else {
		mpfr_sub_d(diff, exact, got, MPFR_RNDN);
		mpfr_abs(diff, diff, MPFR_RNDN);
		double error = mpfr_get_d(diff, MPFR_RNDU);
		ok = error <= ulp + 2.0 * k * ldexp(magnitude, -104);
	}
	mpfr_clear(diff);
	return ok;
}

int ex_judge_sum(struct ex_sum *s, double got, int k, double *ulps)
{
	mpfr_t exact;
	mpfr_init2(exact, EX_PREC);
	ex_sum_value(s, exact);
	int ok = ex_judge(exact, got, s->magnitude, k, ulps);
	mpfr_clear(exact);
	return ok;
}

void ex_gen_dot(uint64_t *rng, int n, double cond, const double *given, double *x, double *y)
{
	int *perm = malloc((size_t)(n > 0 ? n : 1) * sizeof *perm);
	if (!perm)
		fail("out of memory");
	mpfr_t acc, prod;
	mpfr_init2(acc, EX_PREC);
	mpfr_init2(prod, 2 * DBL_MANT_DIG);
	splitmix64_permutation(rng, perm, n);
	const double *xs = given ? given : x;
	double half = 0.5 * log2(cond < 1 ? 1 : cond);
	int n2 = n >= 2 ? n / 2 : 1;
	mpfr_set_zero(acc, 1);
	for (int l = 0; l < n; l++) {
		int p = perm[l], e;
		if (l < n2) {
			e = l == 0 ? (int)lround(half) + 1
			  : l == n2 - 1 ? 0 : (int)lround(splitmix64_unif(rng) * half);
			if (given) {
				y[p] = ldexp(splitmix64_sym(rng), 2 * e);
			} else {
				x[p] = ldexp(splitmix64_sym(rng), e);
				y[p] = ldexp(splitmix64_sym(rng), e);
			}
		} else {
			e = n - 1 - n2 == 0 ? 0 : (int)lround(half * (n - 1 - l) / (n - 1 - n2));
			if (!given)
				x[p] = ldexp(splitmix64_sym(rng), e);
			if (!given && x[p] == 0)
				x[p] = ldexp(1, e);
			double partial = mpfr_get_d(acc, MPFR_RNDN);
			y[p] = (ldexp(splitmix64_sym(rng), e) - partial) / xs[p];
		}
		int inexact = mpfr_set_d(prod, xs[p], MPFR_RNDN);
		inexact |= mpfr_mul_d(prod, prod, y[p], MPFR_RNDN);
		inexact |= mpfr_add(acc, acc, prod, MPFR_RNDN);
		if (inexact)
			fail("a partial sum of the generator is not exact");
	}
	mpfr_clears(acc, prod, (mpfr_ptr)0);
	free(perm);
}
