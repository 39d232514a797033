/* The cases of the typed tests: one call of a routine on data made for it,
 * every result element judged against MPFR (cases.c). */
#ifndef TF_TEST_TYPED_CASES_H
#define TF_TEST_TYPED_CASES_H

#include "harness.h"

enum gen {
	GEN_RANDOM, /* random values of 128 bits rounded to the format, exponents -4..4 */
	GEN_ILL,    /* every result element an ill-conditioned dot product, condition
		       numbers from 10^lo to 10^hi (Ogita, Rump and Oishi's generator) */
	GEN_CANCEL  /* AXPY: y within 10^-lo..10^-hi of -alpha x (condition 10^lo..10^hi) */
};

/* alpha = an / ad and beta = bn / bd, rounded to the working scalar.  An
 * alpha of 0 (or k = 0) fills A and B (x) with NaN, a beta of 0 fills C
 * (y) with NaN: the call must not read them.  Leading dimensions exceed the
 * rows by pad (NaN in A and B, a sentinel in C that must stay). */
struct gemm_case {
	char ta, tb;
	int m, n, k;
	enum gen gen;
	double lo, hi;
	long an, ad, bn, bd;
	int pad;
};

struct gemv_case {
	char trans;
	int m, n, incx, incy;
	enum gen gen;
	double lo, hi;
	long an, ad, bn, bd;
	int pad;
};

struct axpy_case {
	int n, incx, incy;
	enum gen gen;
	double lo, hi;
	long an, ad;
};

/* count dot products (of condition numbers 10^lo to 10^hi for GEN_ILL). */
struct dot_case {
	int n, incx, incy;
	enum gen gen;
	double lo, hi;
	int count;
};

/* Each returns the case's failures; seed fixes its data. */
long run_gemm(const struct gemm_case *g, struct variant v, const char *set, uint64_t seed);
long run_gemv(const struct gemv_case *g, enum format fmt, const char *set, uint64_t seed);
long run_axpy(const struct axpy_case *g, enum format fmt, const char *set, uint64_t seed);
long run_dot(const struct dot_case *g, enum format fmt, const char *set, uint64_t seed);

/* Where element i of a vector of len elements with stride inc is (BLAS:
 * from the end when inc < 0, always the first when inc = 0), and the
 * elements the vector spans. */
size_t vec_at(int i, int len, int inc);
size_t vec_span(int len, int inc);

#define SENTINEL (-777.25)

/* Runs the set named ("random", "ill", "semantics", "args", "tiling": see
 * blas.c) for the formats f with formats[f] set; -1 for no such set. */
int run_set(const char *set, const int *formats);
/* The first lines of the output: the library, where the arrays are. */
void print_header(const char *arrays);

#endif
