#include "config.h"

/* The sets of cases of the typed BLAS tests (test/typed/blas.c says what
 * each covers), for every format wanted. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cases.h"

static const int *wanted;

#define COUNT(a) (sizeof(a) / sizeof(a)[0])

/* ---- random */

static const struct gemm_case random_gemm[] = {
	{ 'N', 'N', 1, 1, 1, GEN_RANDOM, 0, 0, 1, 1, 0, 1, 1 },
	{ 'N', 'T', 1, 7, 3, GEN_RANDOM, 0, 0, 1, 3, -7, 10, 2 },
	{ 'T', 'N', 17, 1, 33, GEN_RANDOM, 0, 0, -1, 1, 1, 3, 1 },
	{ 'T', 'T', 5, 6, 0, GEN_RANDOM, 0, 0, 1, 3, -7, 10, 1 },
	{ 'N', 'N', 37, 29, 211, GEN_RANDOM, 0, 0, 1, 3, 0, 1, 3 },
	{ 'T', 'N', 31, 45, 97, GEN_RANDOM, 0, 0, -7, 10, 1, 1, 1 },
	{ 'N', 'T', 66, 70, 130, GEN_RANDOM, 0, 0, 1, 1, -1, 3, 2 },
	{ 'T', 'T', 100, 3, 257, GEN_RANDOM, 0, 0, 2, 3, 5, 4, 1 },
	{ 'N', 'N', 129, 131, 67, GEN_RANDOM, 0, 0, -1, 3, 1, 2, 1 },
};

static const struct gemv_case random_gemv[] = {
	{ 'N', 1, 1, 1, 1, GEN_RANDOM, 0, 0, 1, 3, 0, 1, 1 },
	{ 'T', 1, 9, -1, 2, GEN_RANDOM, 0, 0, 1, 1, -7, 10, 2 },
	{ 'N', 37, 211, 1, 1, GEN_RANDOM, 0, 0, 1, 3, -7, 10, 1 },
	{ 'T', 211, 37, -2, 3, GEN_RANDOM, 0, 0, -1, 1, 1, 3, 3 },
	{ 'N', 130, 67, 2, -1, GEN_RANDOM, 0, 0, 1, 1, 0, 1, 1 },
	{ 'T', 67, 130, -1, -2, GEN_RANDOM, 0, 0, 2, 3, 1, 1, 1 },
	{ 'N', 300, 250, 1, 1, GEN_RANDOM, 0, 0, -1, 3, 1, 2, 1 },
};

static const struct axpy_case random_axpy[] = {
	{ 1, 1, 1, GEN_RANDOM, 0, 0, 1, 3 },     { 7, -2, 3, GEN_RANDOM, 0, 0, -7, 10 },
	{ 100, 2, -1, GEN_RANDOM, 0, 0, 1, 1 },  { 1003, 1, 1, GEN_RANDOM, 0, 0, 1, 3 },
	{ 64, 0, 1, GEN_RANDOM, 0, 0, 2, 3 },    { 65, 1, 0, GEN_RANDOM, 0, 0, -1, 3 },
	{ 33, -1, -1, GEN_RANDOM, 0, 0, 5, 4 },  { 100, 3, 2, GEN_RANDOM, 0, 0, 1, 3 },
};

static const struct dot_case random_dot[] = {
	{ 1, 1, 1, GEN_RANDOM, 0, 0, 3 },      { 7, -1, 2, GEN_RANDOM, 0, 0, 2 },
	{ 100, 3, -2, GEN_RANDOM, 0, 0, 2 },   { 1003, 1, 1, GEN_RANDOM, 0, 0, 1 },
	{ 4099, 1, 1, GEN_RANDOM, 0, 0, 1 },   { 50, 0, 1, GEN_RANDOM, 0, 0, 1 },
	{ 50, 1, 0, GEN_RANDOM, 0, 0, 1 },     { 40, 0, 0, GEN_RANDOM, 0, 0, 1 },
	{ 33, -1, -1, GEN_RANDOM, 0, 0, 1 },
};

/* ---- ill */

static const struct gemm_case ill_gemm[] = {
	{ 'N', 'N', 24, 5, 100, GEN_ILL, 5, 30, 1, 1, 0, 1, 1 },
	{ 'T', 'N', 20, 7, 333, GEN_ILL, 5, 30, 1, 3, 0, 1, 2 },
	{ 'N', 'T', 17, 9, 64, GEN_ILL, 5, 30, -1, 1, 1, 2, 1 },
	{ 'T', 'T', 33, 4, 129, GEN_ILL, 5, 30, 1, 1, -7, 10, 1 },
};

static const struct gemv_case ill_gemv[] = {
	{ 'N', 40, 200, 1, 1, GEN_ILL, 5, 30, 1, 1, 0, 1, 1 },
	{ 'T', 200, 40, -1, 2, GEN_ILL, 5, 30, 1, 3, 0, 1, 1 },
	{ 'N', 30, 65, -1, 2, GEN_ILL, 5, 30, -1, 1, 1, 3, 2 },
	{ 'T', 65, 30, 3, -2, GEN_ILL, 5, 30, 1, 1, 0, 1, 1 },
};

static const struct axpy_case ill_axpy[] = {
	{ 1000, 1, 1, GEN_CANCEL, 5, 16, 1, 3 },
	{ 1000, -1, 2, GEN_CANCEL, 10, 25, -7, 10 },
	{ 257, 2, -1, GEN_CANCEL, 5, 30, 1, 1 },
};

static const struct dot_case ill_dot[] = {
	{ 10, 1, 1, GEN_ILL, 5, 30, 6 },
	{ 100, 1, -1, GEN_ILL, 5, 30, 8 },
	{ 1000, 2, 1, GEN_ILL, 5, 30, 6 },
};

/* ---- tiling */

static const struct gemm_case tiling_gemm[] = {
	{ 'N', 'N', 63, 65, 64, GEN_RANDOM, 0, 0, 1, 3, -7, 10, 1 },
	{ 'N', 'T', 64, 64, 64, GEN_ILL, 5, 20, 1, 1, 0, 1, 1 },
	{ 'T', 'N', 65, 63, 127, GEN_RANDOM, 0, 0, -1, 1, 1, 3, 3 },
	{ 'T', 'T', 127, 129, 65, GEN_RANDOM, 0, 0, 2, 3, 0, 1, 1 },
	{ 'N', 'N', 129, 127, 129, GEN_ILL, 5, 20, 1, 3, 1, 2, 1 },
	{ 'N', 'T', 300, 257, 300, GEN_RANDOM, 0, 0, 1, 1, -1, 3, 2 },
	{ 'T', 'N', 1, 129, 300, GEN_ILL, 5, 20, 1, 1, 0, 1, 1 },
	{ 'N', 'N', 129, 1, 63, GEN_RANDOM, 0, 0, -7, 10, 1, 1, 1 },
};

static const struct gemv_case tiling_gemv[] = {
	{ 'N', 63, 129, 1, 1, GEN_RANDOM, 0, 0, 1, 3, -7, 10, 1 },
	{ 'T', 129, 65, 1, -1, GEN_ILL, 5, 20, 1, 1, 0, 1, 1 },
	{ 'N', 300, 257, -2, 1, GEN_ILL, 5, 20, -1, 1, 1, 3, 2 },
	{ 'T', 257, 300, 1, 1, GEN_RANDOM, 0, 0, 2, 3, 1, 1, 1 },
	{ 'N', 64, 64, 1, 1, GEN_RANDOM, 0, 0, 1, 1, 0, 1, 1 },
	{ 'T', 127, 1, 1, 1, GEN_RANDOM, 0, 0, 1, 3, 1, 2, 1 },
};

static const struct axpy_case tiling_axpy[] = {
	{ 63, 1, 1, GEN_RANDOM, 0, 0, 1, 3 },     { 64, -2, 1, GEN_CANCEL, 5, 20, 1, 1 },
	{ 65, 1, -2, GEN_RANDOM, 0, 0, -7, 10 },  { 127, 1, 1, GEN_CANCEL, 5, 20, 1, 3 },
	{ 129, 2, 2, GEN_RANDOM, 0, 0, 2, 3 },    { 100003, 1, 1, GEN_RANDOM, 0, 0, 1, 3 },
	{ 100003, -1, 1, GEN_CANCEL, 5, 20, -1, 1 },
};

static const struct dot_case tiling_dot[] = {
	{ 63, 1, 1, GEN_RANDOM, 0, 0, 1 },   { 64, 1, 1, GEN_ILL, 5, 20, 2 },
	{ 65, -1, 1, GEN_RANDOM, 0, 0, 1 },  { 127, 1, 2, GEN_ILL, 5, 20, 2 },
	{ 129, 1, 1, GEN_RANDOM, 0, 0, 1 },  { 1000, 1, 1, GEN_ILL, 5, 20, 2 },
	{ 100003, 1, 1, GEN_RANDOM, 0, 0, 1 }, { 100003, -1, 1, GEN_ILL, 5, 20, 1 },
};

/* The cases of one set for each format wanted (GEMM also in DS arithmetic). */
static void run_cases(const char *set, uint64_t base, const struct gemm_case *gemm, size_t ngemm,
		      const struct gemv_case *gemv, size_t ngemv, const struct axpy_case *axpy,
		      size_t naxpy, const struct dot_case *dot, size_t ndot)
{
	for (int vi = 0; vi < VARIANT_COUNT; vi++) {
		struct variant v = variant_of(vi);
		if (!wanted[v.fmt])
			continue;
		uint64_t seed = base + 100000u * (uint64_t)vi;
		for (size_t i = 0; i < ngemm; i++)
			run_gemm(&gemm[i], v, set, seed + i);
		if (v.dsarith)
			continue;
		for (size_t i = 0; i < ngemv; i++)
			run_gemv(&gemv[i], v.fmt, set, seed + 1000 + i);
		for (size_t i = 0; i < naxpy; i++)
			run_axpy(&axpy[i], v.fmt, set, seed + 2000 + i);
		for (size_t i = 0; i < ndot; i++)
			run_dot(&dot[i], v.fmt, set, seed + 3000 + i);
	}
}

/* ---- semantics */

/* Every word of element i set to 1: a value no computation leaves (its
 * normalization would change the words), so an element that must be left
 * alone shows whether it was. */
static void set_unnormalized(struct array *a, size_t i)
{
	switch (a->fmt) {
	case FMT_DD: ((tf_dd *)a->hi)[i] = (tf_dd){ 1.0, 1.0 }; break;
	case FMT_DS: ((double *)a->hi)[i] = 1.0, ((float *)a->lo)[i] = 1.0f; break;
	case FMT_DSP: ((tf_ds_packed *)a->hi)[i] = tf_dsp_set((tf_ds){ 1.0, 1.0f }); break;
	case FMT_DI: ((double *)a->hi)[i] = 1.0, ((int32_t *)a->lo)[i] = 0x3ff00000; break;
	case FMT_DF: ((tf_df *)a->hi)[i] = (tf_df){ 1.0f, 1.0f }; break;
	case FMT_TS: ((tf_ts *)a->hi)[i] = (tf_ts){ 1.0f, 1.0f, 1.0f }; break;
	default: break;
	}
}

static struct array untouchable(enum format fmt, size_t n)
{
	struct array a = array_new(fmt, n);
	for (size_t i = 0; i < n; i++)
		if (i % 3 == 0)
			set_unnormalized(&a, i);
		else if (i % 3 == 1)
			elem_set_d(&a, i, SENTINEL);
	return a;
}

/* Reports the first element that changed, and puts every element back, so
 * that the next check starts from the same contents. */
static void expect_untouched(const char *what, struct array *now, const struct array *before)
{
	for (size_t i = 0; i < now->n; i++)
		if (!array_same(now, before, i)) {
			judge_fail("%s: element %zu changed", what, i);
			break;
		}
	for (size_t i = 0; i < now->n; i++)
		elem_copy(now, i, before, i);
}

static void expect_status(int got, int expected, const char *what)
{
	if (got != expected)
		judge_fail("%s: returned %d, expected %d", what, got, expected);
}

/* Calls that must do nothing: quick returns and empty sizes. */
static void semantics_noops(struct variant v, uint64_t seed)
{
	enum format fmt = v.fmt;
	union scalar zero = scalar_ratio(fmt, 0, 1), one = scalar_ratio(fmt, 1, 1);
	union scalar third = scalar_ratio(fmt, 1, 3);
	rng_seed(seed);
	struct array a = array_new(fmt, 64), b = array_new(fmt, 64), c = untouchable(fmt, 64);
	struct array c0 = array_copy(&c);
	/* alpha = 0, beta = 1; k = 0, beta = 1; m = 0; n = 0 (A, B full of NaN) */
	case_begin(v, KIND_GEMM, "semantics", "quick returns, m = 0, n = 0");
	expect_status(call_gemm(v, 'N', 'N', 4, 3, 5, zero, &a, 4, &b, 5, one, &c, 4), 0,
		      "alpha = 0, beta = 1");
	expect_untouched("C after alpha = 0, beta = 1", &c, &c0);
	expect_status(call_gemm(v, 'T', 'N', 4, 3, 0, third, &a, 1, &b, 1, one, &c, 4), 0,
		      "k = 0, beta = 1");
	expect_untouched("C after k = 0, beta = 1", &c, &c0);
	expect_status(call_gemm(v, 'N', 'T', 0, 3, 5, third, &a, 1, &b, 3, third, &c, 1), 0, "m = 0");
	expect_untouched("C after m = 0", &c, &c0);
	expect_status(call_gemm(v, 'N', 'N', 4, 0, 5, third, &a, 4, &b, 5, third, &c, 4), 0, "n = 0");
	expect_untouched("C after n = 0", &c, &c0);
	expect_status(call_gemm(v, 'T', 'T', 0, 0, 0, third, &a, 1, &b, 1, third, &c, 1), 0,
		      "m = n = k = 0");
	expect_untouched("C after m = n = k = 0", &c, &c0);
	case_end();
	if (v.dsarith)
		goto done;

	case_begin(v, KIND_GEMV, "semantics", "quick returns, m = 0, n = 0");
	expect_status(call_gemv(fmt, 'N', 5, 4, zero, &a, 5, &b, 1, one, &c, 1), 0,
		      "alpha = 0, beta = 1");
	expect_untouched("y after alpha = 0, beta = 1", &c, &c0);
	expect_status(call_gemv(fmt, 'T', 0, 4, third, &a, 1, &b, 1, third, &c, -2), 0, "m = 0");
	expect_untouched("y after m = 0", &c, &c0);
	expect_status(call_gemv(fmt, 'N', 5, 0, third, &a, 5, &b, 3, third, &c, 1), 0, "n = 0");
	expect_untouched("y after n = 0", &c, &c0);
	case_end();

	case_begin(v, KIND_AXPY, "semantics", "alpha = 0, n = 0, n < 0");
	expect_status(call_axpy(fmt, 10, zero, &a, 1, &c, 1), 0, "alpha = 0");
	expect_untouched("y after alpha = 0", &c, &c0);
	expect_status(call_axpy(fmt, 0, third, &a, 1, &c, 1), 0, "n = 0");
	expect_untouched("y after n = 0", &c, &c0);
	expect_status(call_axpy(fmt, -3, third, &a, -1, &c, 2), 0, "n = -3");
	expect_untouched("y after n = -3", &c, &c0);
	case_end();

	case_begin(v, KIND_DOT, "semantics", "n = 0, n < 0: the result 0");
	for (int n = 0; n >= -2; n -= 2) {
		union scalar result;
		memset(&result, 0xff, sizeof result);
		char what[32];
		snprintf(what, sizeof what, "n = %d", n);
		expect_status(call_dot(fmt, n, &a, 1, &b, 1, &result), 0, what);
		if (!scalar_is_zero(fmt, result))
			judge_fail("%s: the result is not 0", what);
	}
	case_end();
done:
	array_free(&a), array_free(&b), array_free(&c), array_free(&c0);
}

/* Non-finite inputs give non-finite outputs; the other elements are
 * unaffected. */
static void semantics_nonfinite(struct variant v, uint64_t seed)
{
	enum format fmt = v.fmt;
	union scalar third = scalar_ratio(fmt, 1, 3), half = scalar_ratio(fmt, -1, 2);
	mpfr_t t;
	mpfr_init2(t, OUT_PREC);
	rng_seed(seed);
	int m = 5, n = 4, k = 6;
	struct array a = array_new(fmt, (size_t)m * k), b = array_new(fmt, (size_t)k * n);
	struct array c = array_new(fmt, (size_t)m * n);
	for (size_t i = 0; i < a.n; i++)
		rng_mp(t, -2, 2), elem_set(&a, i, t);
	for (size_t i = 0; i < b.n; i++)
		rng_mp(t, -2, 2), elem_set(&b, i, t);
	for (size_t i = 0; i < c.n; i++)
		rng_mp(t, -2, 2), elem_set(&c, i, t);
	elem_set_d(&a, 0, INFINITY);     /* A(1,1): row 1 of C */
	elem_set_d(&b, (size_t)k * 2, NAN); /* B(1,3): column 3 of C */
	case_begin(v, KIND_GEMM, "semantics", "Inf in A(1,1), NaN in B(1,3)");
	expect_status(call_gemm(v, 'N', 'N', m, n, k, third, &a, m, &b, k, half, &c, m), 0, "call");
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			int finite = elem_get(&c, (size_t)i + (size_t)j * m, t);
			if (finite != (i != 0 && j != 2))
				judge_fail("C(%d,%d) is %sfinite", i + 1, j + 1, finite ? "" : "not ");
		}
	case_end();
	if (!v.dsarith) {
		/* x(2) NaN: every y(i) non-finite (A has no zero) */
		struct array x = array_new(fmt, (size_t)n), y = array_new(fmt, (size_t)m);
		for (size_t i = 0; i < x.n; i++)
			rng_mp(t, -2, 2), elem_set(&x, i, t);
		for (size_t i = 0; i < y.n; i++)
			rng_mp(t, -2, 2), elem_set(&y, i, t);
		elem_set_d(&x, 1, NAN);
		case_begin(v, KIND_GEMV, "semantics", "NaN in x(2)");
		expect_status(call_gemv(fmt, 'N', m, n, third, &a, m, &x, 1, half, &y, 1), 0, "call");
		for (int i = 0; i < m; i++)
			if (elem_get(&y, (size_t)i, t))
				judge_fail("y(%d) is finite", i + 1);
		case_end();

		/* x(2) Inf: y(2) non-finite, the others finite */
		for (size_t i = 0; i < y.n; i++)
			rng_mp(t, -2, 2), elem_set(&y, i, t);
		elem_set_d(&x, 1, -INFINITY);
		case_begin(v, KIND_AXPY, "semantics", "-Inf in x(2)");
		expect_status(call_axpy(fmt, n, third, &x, 1, &y, 1), 0, "call");
		for (int i = 0; i < n; i++)
			if (elem_get(&y, (size_t)i, t) != (i != 1))
				judge_fail("y(%d) is %sfinite", i + 1, i == 1 ? "" : "not ");
		case_end();

		union scalar result;
		case_begin(v, KIND_DOT, "semantics", "Inf in x(2)");
		expect_status(call_dot(fmt, n, &x, 1, &b, 1, &result), 0, "call");
		if (isfinite(scalar_double(fmt, result)))
			judge_fail("the result is finite");
		case_end();
		array_free(&x), array_free(&y);
	}
	mpfr_clear(t);
	array_free(&a), array_free(&b), array_free(&c);
}

static void run_semantics(void)
{
	static const char trans[] = "NnTtCc";
	static const int strides[] = { 1, 2, -1, -3, 0 };
	for (int vi = 0; vi < VARIANT_COUNT; vi++) {
		struct variant v = variant_of(vi);
		if (!wanted[v.fmt])
			continue;
		uint64_t seed = 500000 + 10000u * (uint64_t)vi;
		/* every transpose option, in either case */
		for (int i = 0; i < 6; i++)
			for (int j = 0; j < 6; j++) {
				struct gemm_case g = { trans[i], trans[j], 5, 3, 4, GEN_RANDOM, 0, 0,
						       1, 3, -7, 10, 2 };
				run_gemm(&g, v, "semantics", seed++);
			}
		/* alpha = 0 over NaN A and B; beta = 0 over NaN C; k = 0 */
		static const struct gemm_case scalars[] = {
			{ 'N', 'T', 6, 5, 4, GEN_RANDOM, 0, 0, 0, 1, 2, 3, 1 },
			{ 'T', 'N', 6, 5, 4, GEN_RANDOM, 0, 0, 0, 1, 0, 1, 1 },
			{ 'N', 'N', 6, 5, 4, GEN_RANDOM, 0, 0, 1, 3, 0, 1, 1 },
			{ 'N', 'N', 6, 5, 0, GEN_RANDOM, 0, 0, 1, 3, -7, 10, 1 },
			{ 'T', 'T', 6, 5, 0, GEN_RANDOM, 0, 0, 1, 3, 0, 1, 1 },
		};
		for (size_t i = 0; i < COUNT(scalars); i++)
			run_gemm(&scalars[i], v, "semantics", seed++);
		semantics_noops(v, seed++);
		semantics_nonfinite(v, seed++);
		if (v.dsarith)
			continue;
		static const int gemv_strides[][2] = { { 1, 1 }, { -2, 3 }, { 3, -1 }, { -1, -2 } };
		for (int i = 0; i < 6; i++)
			for (size_t s = 0; s < COUNT(gemv_strides); s++) {
				struct gemv_case g = { trans[i], 7, 5, gemv_strides[s][0],
						       gemv_strides[s][1], GEN_RANDOM, 0, 0, 1, 3, -7, 10,
						       2 };
				run_gemv(&g, v.fmt, "semantics", seed++);
			}
		static const struct gemv_case gemv_scalars[] = {
			{ 'N', 6, 5, 1, 1, GEN_RANDOM, 0, 0, 0, 1, 2, 3, 1 },
			{ 'T', 6, 5, -1, 2, GEN_RANDOM, 0, 0, 0, 1, 0, 1, 1 },
			{ 'N', 6, 5, 2, -1, GEN_RANDOM, 0, 0, 1, 3, 0, 1, 1 },
		};
		for (size_t i = 0; i < COUNT(gemv_scalars); i++)
			run_gemv(&gemv_scalars[i], v.fmt, "semantics", seed++);
		for (size_t i = 0; i < COUNT(strides); i++)
			for (size_t j = 0; j < COUNT(strides); j++) {
				struct axpy_case a = { 9, strides[i], strides[j], GEN_RANDOM, 0, 0, 1, 3 };
				struct dot_case d = { 9, strides[i], strides[j], GEN_RANDOM, 0, 0, 1 };
				run_axpy(&a, v.fmt, "semantics", seed++);
				run_dot(&d, v.fmt, "semantics", seed++);
			}
	}
}

/* ---- args */

/* The position (from 1) of an argument in a routine's documented argument
 * list (twofold.h), the two arrays of a DS or DI pair counted one by one. */
static int position(const char *const lists[2], enum format fmt, const char *name)
{
	const char *list = lists[format_info(fmt)->pair];
	int at = 1;
	size_t len = strlen(name);
	for (const char *p = list; *p; at++) {
		if (strncmp(p, name, len) == 0 && (p[len] == ' ' || p[len] == 0))
			return at;
		p = strchr(p, ' ');
		if (!p)
			break;
		p++;
	}
	harness_error("no argument %s", name);
}

static const char *const gemm_args[2] = {
	"transa transb m n k alpha a lda b ldb beta c ldc",
	"transa transb m n k alpha a_hi a_lo lda b_hi b_lo ldb beta c_hi c_lo ldc",
};
static const char *const gemv_args[2] = {
	"trans m n alpha a lda x incx beta y incy",
	"trans m n alpha a_hi a_lo lda x_hi x_lo incx beta y_hi y_lo incy",
};
static const char *const dot_args[2] = {
	"n x incx y incy result",
	"n x_hi x_lo incx y_hi y_lo incy result",
};

struct gemm_call {
	const char *what;
	char ta, tb;
	int m, n, k, lda, ldb, ldc;
	const char *expected; /* the argument reported, or NULL: legal */
};

static void run_args(void)
{
	/* Legal: m = 3, n = 2, k = 4; lda, ldb, ldc as needed. */
	static const struct gemm_call gemm_calls[] = {
		{ "transa 'X'", 'X', 'N', 3, 2, 4, 3, 4, 3, "transa" },
		{ "transb '/'", 'N', '/', 3, 2, 4, 3, 4, 3, "transb" },
		{ "transa 0", 0, 'N', 3, 2, 4, 3, 4, 3, "transa" },
		{ "m = -1", 'N', 'N', -1, 2, 4, 3, 4, 3, "m" },
		{ "n = -1", 'N', 'N', 3, -1, 4, 3, 4, 3, "n" },
		{ "k = -1", 'N', 'N', 3, 2, -1, 3, 4, 3, "k" },
		{ "N: lda = m - 1", 'N', 'N', 3, 2, 4, 2, 4, 3, "lda" },
		{ "T: lda = k - 1", 'T', 'N', 3, 2, 4, 3, 4, 3, "lda" },
		{ "N: ldb = k - 1", 'N', 'N', 3, 2, 4, 3, 3, 3, "ldb" },
		{ "T: ldb = n - 1", 'N', 't', 3, 2, 4, 3, 1, 3, "ldb" },
		{ "ldc = m - 1", 'N', 'N', 3, 2, 4, 3, 4, 2, "ldc" },
		{ "m = 0, lda = 0", 'N', 'N', 0, 2, 4, 0, 4, 1, "lda" },
		{ "m = 0, ldc = 0", 'N', 'N', 0, 2, 4, 1, 4, 0, "ldc" },
		{ "transa 'X', m = -1", 'X', 'N', -1, 2, 4, 3, 4, 3, "transa" },
		{ "m = -1, ldc = 0", 'N', 'N', -1, 2, 4, 3, 4, 0, "m" },
		{ "lda, ldb, ldc too small", 'N', 'N', 3, 2, 4, 1, 1, 1, "lda" },
		{ "ldb, ldc too small", 'N', 'N', 3, 2, 4, 3, 1, 1, "ldb" },
		{ "T T: lda = k, ldb = n (legal)", 'C', 'c', 3, 2, 4, 4, 2, 3, NULL },
	};
	for (int vi = 0; vi < VARIANT_COUNT; vi++) {
		struct variant v = variant_of(vi);
		enum format fmt = v.fmt;
		if (!wanted[fmt])
			continue;
		union scalar third = scalar_ratio(fmt, 1, 3);
		struct array a = array_new(fmt, 64), b = array_new(fmt, 64), c = untouchable(fmt, 64);
		mpfr_t t;
		mpfr_init2(t, IN_PREC);
		for (size_t i = 0; i < 64; i++) {
			rng_mp(t, -2, 2), elem_set(&a, i, t);
			rng_mp(t, -2, 2), elem_set(&b, i, t);
		}
		mpfr_clear(t);
		struct array a0 = array_copy(&a), b0 = array_copy(&b), c0 = array_copy(&c);
		case_begin(v, KIND_GEMM, "args", "%zu calls", COUNT(gemm_calls));
		for (size_t i = 0; i < COUNT(gemm_calls); i++) {
			const struct gemm_call *g = &gemm_calls[i];
			int expected = g->expected ? -position(gemm_args, fmt, g->expected) : 0;
			expect_status(call_gemm(v, g->ta, g->tb, g->m, g->n, g->k, third, &a, g->lda, &b,
						g->ldb, third, &c, g->ldc),
				      expected, g->what);
			expect_untouched("A", &a, &a0);
			expect_untouched("B", &b, &b0);
			if (g->expected)
				expect_untouched("C", &c, &c0);
			for (size_t e = 0; e < c.n; e++) /* after the legal call */
				elem_copy(&c, e, &c0, e);
		}
		case_end();
		if (!v.dsarith) {
			struct { const char *what; char t; int m, n, lda, incx, incy; const char *arg; }
			gemv_calls[] = {
				{ "trans 'a'", 'a', 3, 2, 3, 1, 1, "trans" },
				{ "m = -1", 'N', -1, 2, 3, 1, 1, "m" },
				{ "n = -2", 'T', 3, -2, 3, 1, 1, "n" },
				{ "lda = m - 1", 'N', 3, 2, 2, 1, 1, "lda" },
				{ "T: lda = m - 1", 'T', 3, 2, 2, 1, 1, "lda" },
				{ "m = 0, lda = 0", 'N', 0, 2, 0, 1, 1, "lda" },
				{ "incx = 0", 'N', 3, 2, 3, 0, 1, "incx" },
				{ "incy = 0", 'T', 3, 2, 3, -1, 0, "incy" },
				{ "m = -1, incx = 0", 'N', -1, 2, 3, 0, 1, "m" },
				{ "incx = incy = 0", 'N', 3, 2, 3, 0, 0, "incx" },
				{ "n = 0, incy = 0", 'N', 3, 0, 3, 1, 0, "incy" },
			};
			case_begin(v, KIND_GEMV, "args", "%zu calls", COUNT(gemv_calls));
			for (size_t i = 0; i < COUNT(gemv_calls); i++) {
				int expected = -position(gemv_args, fmt, gemv_calls[i].arg);
				expect_status(call_gemv(fmt, gemv_calls[i].t, gemv_calls[i].m,
							gemv_calls[i].n, third, &a, gemv_calls[i].lda, &b,
							gemv_calls[i].incx, third, &c, gemv_calls[i].incy),
					      expected, gemv_calls[i].what);
				expect_untouched("A", &a, &a0);
				expect_untouched("x", &b, &b0);
				expect_untouched("y", &c, &c0);
			}
			case_end();
			case_begin(v, KIND_DOT, "args", "result NULL");
			expect_status(call_dot(fmt, 5, &a, 1, &b, 1, NULL),
				      -position(dot_args, fmt, "result"), "result NULL");
			expect_status(call_dot(fmt, -1, &a, 1, &b, 1, NULL),
				      -position(dot_args, fmt, "result"), "n = -1, result NULL");
			expect_untouched("x", &a, &a0);
			expect_untouched("y", &b, &b0);
			case_end();
		}
		array_free(&a), array_free(&b), array_free(&c);
		array_free(&a0), array_free(&b0), array_free(&c0);
	}
}

int run_set(const char *set, const int *formats)
{
	wanted = formats;
	if (strcmp(set, "random") == 0) {
		require_shadow_failures(1);
		run_cases(set, 1000, random_gemm, COUNT(random_gemm), random_gemv, COUNT(random_gemv),
			  random_axpy, COUNT(random_axpy), random_dot, COUNT(random_dot));
	} else if (strcmp(set, "ill") == 0) {
		require_shadow_failures(1);
		run_cases(set, 2000, ill_gemm, COUNT(ill_gemm), ill_gemv, COUNT(ill_gemv), ill_axpy,
			  COUNT(ill_axpy), ill_dot, COUNT(ill_dot));
	} else if (strcmp(set, "tiling") == 0) {
		require_shadow_failures(1);
		run_cases(set, 3000, tiling_gemm, COUNT(tiling_gemm), tiling_gemv, COUNT(tiling_gemv),
			  tiling_axpy, COUNT(tiling_axpy), tiling_dot, COUNT(tiling_dot));
	} else if (strcmp(set, "semantics") == 0) {
		require_shadow_failures(0);
		run_semantics();
	} else if (strcmp(set, "args") == 0) {
		require_shadow_failures(0);
		run_args();
	} else
		return -1;
	return 0;
}
