/* Accuracy of the split engine against the exponent spread of its operands,
 * measured against MPFR on every element: the engine's CPU twin (which
 * computes the GPU engine's bits, test/split/gpu), beside the DD kernel
 * (dgemm_ with TWOFOLD_SPLIT=off, on the CPU here).
 *
 *   split_accuracy [N]      (n x n x n, default 128)
 *
 * For each spread E (elements uniform in [-1, 1) times 2^e, e uniform in
 * [-E, E]) and each kind of data (random; cancelling: the second half of
 * each row of A the first half negated, of each column of B the first
 * half times 1 + d, |d| < 2^-50, so that the sums lose some 50 bits) one
 * line: E, the data, the moduli, rows and columns capped, elements
 * recomputed, and for each engine the largest and the mean distance from
 * the correctly rounded result, in ulps of that result. */
#include "config.h"

#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpu/split.h"
#include "test/f77_blas.h"
#include "test/splitmix64.h"

/* |got - exact| in ulps of the double nearest exact. */
static double ulps(double got, mpfr_srcptr exact, mpfr_ptr diff)
{
	double rn = mpfr_get_d(exact, MPFR_RNDN);
	double ulp = rn == 0.0 ? 0x1p-1074 : fmax(ldexp(1.0, ilogb(rn) - 52), 0x1p-1074);
	mpfr_sub_d(diff, exact, got, MPFR_RNDN);
	return fabs(mpfr_get_d(diff, MPFR_RNDN)) / ulp;
}

int main(int argc, char **argv)
{
	const int n = argc > 1 ? atoi(argv[1]) : 128;
	static const int spreads[] = { 0, 10, 20, 30, 40, 60, 80, 100, 150, 200, 300 };
	setenv("TWOFOLD_SPLIT", "off", 1); /* dgemm_: the DD kernel */
	uint64_t rng = 11;
	size_t count = (size_t)n * n;
	double *a = malloc(count * sizeof *a), *b = malloc(count * sizeof *b);
	double *split = malloc(count * sizeof *split), *dd = malloc(count * sizeof *dd);
	mpfr_t exact, term, diff;
	mpfr_inits2(4096, exact, diff, (mpfr_ptr)0);
	mpfr_init2(term, 128);
	printf("%% split engine (CPU twin) and DD kernel against MPFR, n = %d\n", n);
	printf("%% spread data moduli capped_rows capped_cols recomputed split_max_ulp split_mean_ulp "
	       "dd_max_ulp dd_mean_ulp\n");
	for (size_t s = 0; s < 2 * sizeof spreads / sizeof spreads[0]; s++) {
		const int e = spreads[s / 2], cancel = (int)(s % 2), half = n / 2;
		for (size_t i = 0; i < count; i++) {
			a[i] = ldexp(splitmix64_sym(&rng), e ? splitmix64_int(&rng, -e, e) : 0);
			b[i] = ldexp(splitmix64_sym(&rng), e ? splitmix64_int(&rng, -e, e) : 0);
		}
		if (cancel)
			for (int l = half; l < 2 * half; l++)
				for (int r = 0; r < n; r++) {
					a[r + (size_t)l * n] = -a[r + (size_t)(l - half) * n];
					b[l + (size_t)r * n] = b[l - half + (size_t)r * n] *
							       (1.0 + ldexp(splitmix64_sym(&rng), -50));
				}
		struct tf_product p = tf_product_make(TF_PRODUCT_DOUBLE, 'N', 'N', n, n, n, a, n, b, n, split, n);
		p.alpha.dd.hi = 1.0;
		struct tf_split_options options = { .max_moduli = 32 };
		struct tf_split_report report;
		tf_cpu_split_product(&p, &options, &report);
		const double one = 1.0, zero = 0.0;
		dgemm_("N", "N", &n, &n, &n, &one, a, &n, b, &n, &zero, dd, &n, 1, 1);
		double split_max = 0, split_sum = 0, dd_max = 0, dd_sum = 0;
		for (int j = 0; j < n; j++)
			for (int i = 0; i < n; i++) {
				mpfr_set_zero(exact, 1);
				for (int l = 0; l < n; l++) {
					mpfr_set_d(term, a[i + (size_t)l * n], MPFR_RNDN);
					mpfr_mul_d(term, term, b[l + (size_t)j * n], MPFR_RNDN);
					mpfr_add(exact, exact, term, MPFR_RNDN);
				}
				double us = ulps(split[i + (size_t)j * n], exact, diff);
				double ud = ulps(dd[i + (size_t)j * n], exact, diff);
				split_max = fmax(split_max, us), split_sum += us;
				dd_max = fmax(dd_max, ud), dd_sum += ud;
			}
		printf("%4d %-7s %2d %4d %4d %6lld  %.3g %.3g  %.3g %.3g\n", e, cancel ? "cancel" : "random",
		       report.moduli, report.rows_capped,
		       report.columns_capped, report.recomputed, split_max, split_sum / count, dd_max,
		       dd_sum / count);
	}
	mpfr_clears(exact, term, diff, (mpfr_ptr)0);
	free(a), free(b), free(split), free(dd);
	return 0;
}
