#include "config.h"

/* The chunking of Level 1 beyond 32 bits (src/abi/ilp64_chunks.c), built
 * here with chunks of 3 elements (TF_ILP64_CHUNK), so that vectors of a few
 * elements take the paths a call of 2^31 + 10 takes: for every n from 0 to
 * 13 and increments from -3 to 3 (zero included), an axpy and a swap made
 * of chunk calls give the same vectors as one call; a dot product of
 * integers the exact sum; i?amax (Fortran and CBLAS numbering, ties, NaNs,
 * real and complex) the reference's index; nrm2 the norm to a few ulps.  Each
 * also with one element a chunk, as where an increment does not fit in 32
 * bits.  Exit status 1 on any difference, one line each. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "abi/ilp64.h"
#include "test/splitmix64.h"

enum { MAX = 64 };

/* The reference's loops, 0-based, negative increments from the end. */
static int start(int n, int inc)
{
	return inc < 0 ? (1 - n) * inc : 0;
}

static void axpy(int n, double alpha, const double *x, int incx, double *y, int incy)
{
	for (int i = 0, ix = start(n, incx), iy = start(n, incy); i < n; i++, ix += incx, iy += incy)
		y[iy] += alpha * x[ix];
}

static void swap(int n, double *x, int incx, double *y, int incy)
{
	for (int i = 0, ix = start(n, incx), iy = start(n, incy); i < n; i++, ix += incx, iy += incy) {
		double t = x[ix];
		x[ix] = y[iy];
		y[iy] = t;
	}
}

static double dot(int n, const double *x, int incx, const double *y, int incy)
{
	double s = 0;
	for (int i = 0, ix = start(n, incx), iy = start(n, incy); i < n; i++, ix += incx, iy += incy)
		s += x[ix] * y[iy];
	return s;
}

/* idamax (kind 'd') or izamax ('z'), 1-based, 0 for n < 1 or incx <= 0 */
static int amax(int n, const double *x, int incx, char kind)
{
	if (n < 1 || incx <= 0)
		return 0;
	int best = 1, width = kind == 'z' ? 2 : 1;
	double largest = fabs(x[0]) + (kind == 'z' ? fabs(x[1]) : 0);
	for (int i = 1; i < n; i++) {
		const double *e = x + (size_t)width * i * incx;
		double v = fabs(e[0]) + (kind == 'z' ? fabs(e[1]) : 0);
		if (v > largest)
			largest = v, best = i + 1;
	}
	return best;
}

static int bad;

static void check(int same, const char *what, int n, int incx, int incy, int fit)
{
	if (!same) {
		printf("FAIL %s n = %d incx = %d incy = %d%s\n", what, n, incx, incy,
		       fit ? "" : " (one element a chunk)");
		bad++;
	}
}

int main(void)
{
	uint64_t state = 7;
	double x0[2 * MAX], y0[2 * MAX], x[2 * MAX], y[2 * MAX], xr[2 * MAX], yr[2 * MAX];
	int cases = 0;
	for (int fit = 0; fit < 2; fit++)
		for (int n = 0; n <= 13; n++)
			for (int incx = -3; incx <= 3; incx++)
				for (int incy = -3; incy <= 3; incy++) {
					for (int i = 0; i < 2 * MAX; i++) {
						/* small integers with ties, for exact sums */
						x0[i] = (double)splitmix64_int(&state, -4, 4);
						y0[i] = (double)splitmix64_int(&state, -4, 4);
					}
					const double alpha = 3.0;
					/* axpy */
					memcpy(x, x0, sizeof x), memcpy(y, y0, sizeof y);
					memcpy(xr, x0, sizeof x), memcpy(yr, y0, sizeof y);
					axpy(n, alpha, xr, incx, yr, incy);
					for (struct tf_ilp64_span s = tf_ilp64_first(n, fit); s.count; tf_ilp64_next(&s))
						axpy(s.count, alpha, tf_ilp64_at(x, 8, n, incx, &s),
						     tf_ilp64_increment(&s, incx), tf_ilp64_at(y, 8, n, incy, &s),
						     tf_ilp64_increment(&s, incy));
					check(memcmp(y, yr, sizeof y) == 0, "axpy", n, incx, incy, fit);
					/* swap */
					memcpy(x, x0, sizeof x), memcpy(y, y0, sizeof y);
					memcpy(xr, x0, sizeof x), memcpy(yr, y0, sizeof y);
					swap(n, xr, incx, yr, incy);
					for (struct tf_ilp64_span s = tf_ilp64_first(n, fit); s.count; tf_ilp64_next(&s))
						swap(s.count, tf_ilp64_at(x, 8, n, incx, &s), tf_ilp64_increment(&s, incx),
						     tf_ilp64_at(y, 8, n, incy, &s), tf_ilp64_increment(&s, incy));
					check(memcmp(x, xr, sizeof x) == 0 && memcmp(y, yr, sizeof y) == 0, "swap", n,
					      incx, incy, fit);
					/* dot of integers: exact either way */
					struct tf_ilp64_sum sum = { 0 };
					for (struct tf_ilp64_span s = tf_ilp64_first(n, fit); s.count; tf_ilp64_next(&s))
						tf_ilp64_sum_add(&sum, dot(s.count, tf_ilp64_at(x0, 8, n, incx, &s),
									   tf_ilp64_increment(&s, incx),
									   tf_ilp64_at(y0, 8, n, incy, &s),
									   tf_ilp64_increment(&s, incy)), 0.0);
					check(tf_ilp64_sum_re(&sum) == dot(n, x0, incx, y0, incy), "dot", n, incx, incy,
					      fit);
					/* nrm2 */
					struct tf_ilp64_sum norm = { 0 };
					for (struct tf_ilp64_span s = tf_ilp64_first(n, fit); s.count; tf_ilp64_next(&s))
						tf_ilp64_norm_add(&norm, sqrt(dot(s.count, tf_ilp64_at(x0, 8, n, incx, &s),
										  tf_ilp64_increment(&s, incx),
										  tf_ilp64_at(x0, 8, n, incx, &s),
										  tf_ilp64_increment(&s, incx))));
					double exact = sqrt(dot(n, x0, incx, x0, incx));
					check(fabs(tf_ilp64_norm(&norm) - exact) <= 4e-16 * exact, "nrm2", n, incx, incy,
					      fit);
					/* i?amax, Fortran and CBLAS numbering, real and complex;
					 * a NaN here and there (a chunk may begin with one) */
					for (int i = 0; i < 2 * MAX; i++)
						if (splitmix64_int(&state, 0, 9) == 0)
							x0[i] = NAN;
					for (int kind = 0; kind < 2; kind++)
						for (int one_based = 0; one_based < 2; one_based++) {
							char k = kind ? 'z' : 'd';
							int size = kind ? 16 : 8;
							struct tf_ilp64_amax best = { .one_based = one_based };
							for (struct tf_ilp64_span s = tf_ilp64_first(n, fit); s.count;
							     tf_ilp64_next(&s)) {
								const double *chunk = tf_ilp64_at(x0, size, n, incx, &s);
								int inc = tf_ilp64_increment(&s, incx);
								int part = amax(s.count, chunk, inc, k);
								if (!one_based)
									part = part ? part - 1 : 0; /* as cblas_idamax */
								tf_ilp64_amax_add(&best, &s, part, chunk, k, inc);
							}
							int expected = amax(n, x0, incx, k);
							if (!one_based)
								expected = expected ? expected - 1 : 0;
							check(best.index == expected, kind ? "izamax" : "idamax", n, incx, incy,
							      fit);
						}
					cases++;
				}
	printf("%d cases, %d differing\n", cases, bad);
	return bad ? 1 : 0;
}
