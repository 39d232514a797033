/* The split engine's CPU twin (src/cpu/split_gemm.c) against MPFR, called
 * directly: every element of every case is compared with its exact value.
 *
 *   twin SET...     runs the sets: "round" (double products, alpha = 1,
 *                   beta = 0: every element must be the correctly rounded
 *                   exact product), "scalars" (alpha, beta), "kinds" (DD
 *                   and TS operands), "cap" (fewer moduli than the data
 *                   need), "edges" (non-finite operands, overflow, subnormal
 *                   results, zero rows, k-blocks)
 *
 * One line per case: the set, the shape, the data, moduli, capped rows and
 * columns, recomputed elements, the worst error in units of the case's
 * criterion, PASS or FAIL; exit status the number of failures. */
#include "config.h"

#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpu/split.h"
#include "test/splitmix64.h"
#include "twofold/crt.h"

#define EXACT_PREC 8192
#define MAX_WORDS 3

static uint64_t rng = 0x5eed5117;
static int failures;

/* ---- Data. */

enum data { UNIFORM, SPREAD20, SPREAD100, CANCEL, ZERO_ROWS };
static const char *const data_names[] = { "uniform", "spread20", "spread100", "cancel", "zero-rows" };

static double value_of(enum data data, int l)
{
	double v = splitmix64_sym(&rng);
	switch (data) {
	case SPREAD20: return ldexp(v, splitmix64_int(&rng, -20, 20));
	case SPREAD100: return ldexp(v, splitmix64_int(&rng, -100, 100));
	case CANCEL: return ldexp(v, (l * 37) % 61 - 30);
	default: return v;
	}
}

/* An element of the kind whose leading word is v: DD with a random lower
 * word, TS with two. */
static void element_of(enum tf_product_kind kind, double v, void *array, size_t index)
{
	switch (kind) {
	case TF_PRODUCT_DOUBLE: ((double *)array)[index] = v; break;
	case TF_PRODUCT_DD: {
		tf_dd x = tf_two_sum(v, ldexp(v, -53) * splitmix64_sym(&rng));
		((tf_dd *)array)[index] = x;
		break;
	}
	case TF_PRODUCT_TS: {
		tf_dd x = tf_two_sum(v, ldexp(v, -53) * splitmix64_sym(&rng));
		((tf_ts *)array)[index] = tf_ts_from_dd(x);
		break;
	}
	}
}

static double word_of(enum tf_product_kind kind, const void *array, size_t index, int w)
{
	switch (kind) {
	case TF_PRODUCT_DD: return ((const double *)array)[2 * index + (size_t)w];
	case TF_PRODUCT_TS: return ((const float *)array)[3 * index + (size_t)w];
	default: return ((const double *)array)[index];
	}
}

static size_t element_bytes(enum tf_product_kind kind)
{
	return kind == TF_PRODUCT_DOUBLE ? 8 : kind == TF_PRODUCT_DD ? 16 : 12;
}

/* ---- A case. */

struct shape {
	int m, n, k;
	char transa, transb;
};

struct scalars {
	double alpha, beta;
};

struct expect {
	int correctly_rounded; /* alpha = 1, beta = 0, not capped */
	int capped;            /* 1: must be capped, 0: must not, -1: either */
	int recomputes;        /* the case must recompute some elements */
	int max_moduli, k_block;
};

static long long by_reference_calls;

static void count_by_reference(const struct tf_product *p, int i, int j, void *context)
{
	(void)p, (void)i, (void)j, (void)context;
	by_reference_calls++;
}

static size_t at_a(const struct tf_product *p, int i, int l)
{
	return p->transa == 'N' ? (size_t)i + (size_t)l * p->lda : (size_t)l + (size_t)i * p->lda;
}

static size_t at_b(const struct tf_product *p, int l, int j)
{
	return p->transb == 'N' ? (size_t)l + (size_t)j * p->ldb : (size_t)j + (size_t)l * p->ldb;
}

/* exact = alpha sum a b + beta c (c as it was), and S = |alpha| sum |a||b|
 * + |beta c|. */
static void exact_element(const struct tf_product *p, const void *c0, int i, int j, mpfr_t exact,
			  double *s)
{
	const int words = tf_product_words(p->kind);
	mpfr_t *terms = malloc(sizeof(mpfr_t) * ((size_t)p->k * words * words + 1));
	mpfr_ptr *pointers = malloc(sizeof(mpfr_ptr) * ((size_t)p->k * words * words + 1));
	int count = 0;
	double sum_abs = 0.0;
	const double alpha = p->kind == TF_PRODUCT_TS ? p->alpha.ts.x : p->alpha.dd.hi;
	for (int l = 0; l < p->k; l++)
		for (int w = 0; w < words; w++)
			for (int v = 0; v < words; v++) {
				double a = word_of(p->kind, p->a, at_a(p, i, l), w);
				double b = word_of(p->kind, p->b, at_b(p, l, j), v);
				mpfr_init2(terms[count], 320);
				mpfr_set_d(terms[count], a, MPFR_RNDN);
				mpfr_mul_d(terms[count], terms[count], b, MPFR_RNDN);
				mpfr_mul_d(terms[count], terms[count], alpha, MPFR_RNDN); /* exact in 320 bits */
				pointers[count] = terms[count];
				count++;
				sum_abs += fabs(alpha * a * b);
			}
	const int beta_zero = p->kind == TF_PRODUCT_TS ? p->beta.ts.x == 0.0f : p->beta.dd.hi == 0.0;
	if (!beta_zero) {
		size_t at = (size_t)i + (size_t)j * p->ldc;
		mpfr_init2(terms[count], 640);
		mpfr_set_d(terms[count], 0.0, MPFR_RNDN);
		for (int w = 0; w < words; w++) {
			mpfr_t t;
			mpfr_init2(t, 320);
			mpfr_set_d(t, word_of(p->kind, c0, at, w), MPFR_RNDN);
			mpfr_mul_d(t, t, p->kind == TF_PRODUCT_TS ? p->beta.ts.x : p->beta.dd.hi, MPFR_RNDN);
			mpfr_add(terms[count], terms[count], t, MPFR_RNDN);
			mpfr_clear(t);
		}
		sum_abs += fabs(mpfr_get_d(terms[count], MPFR_RNDN));
		pointers[count] = terms[count];
		count++;
	}
	int inexact = mpfr_sum(exact, pointers, (unsigned long)count, MPFR_RNDN);
	if (inexact) {
		fprintf(stderr, "exact sum not exact at %d bits\n", EXACT_PREC);
		exit(99);
	}
	for (int t = 0; t < count; t++)
		mpfr_clear(terms[t]);
	free(terms);
	free(pointers);
	*s = sum_abs;
}

/* The computed element (its words summed in MPFR). */
static void computed_element(const struct tf_product *p, int i, int j, mpfr_t got, double *leading)
{
	size_t at = (size_t)i + (size_t)j * p->ldc;
	mpfr_set_d(got, 0.0, MPFR_RNDN);
	for (int w = 0; w < tf_product_words(p->kind); w++)
		mpfr_add_d(got, got, word_of(p->kind, p->c, at, w), MPFR_RNDN);
	*leading = word_of(p->kind, p->c, at, 0);
}

/* One case: fill, run the twin, check each element; returns the worst
 * error in units of the criterion. */
static void run_case(const char *set, enum tf_product_kind kind, struct shape sh, enum data data,
		     struct scalars sc, struct expect ex)
{
	const size_t bytes = element_bytes(kind);
	int rows_a = sh.transa == 'N' ? sh.m : sh.k, cols_a = sh.transa == 'N' ? sh.k : sh.m;
	int rows_b = sh.transb == 'N' ? sh.k : sh.n, cols_b = sh.transb == 'N' ? sh.n : sh.k;
	int lda = rows_a + 3, ldb = rows_b + 1, ldc = sh.m + 2;
	void *a = calloc((size_t)lda * cols_a, bytes), *b = calloc((size_t)ldb * cols_b, bytes);
	void *c = calloc((size_t)ldc * sh.n, bytes), *c0 = calloc((size_t)ldc * sh.n, bytes);
	struct tf_product p = { .kind = kind, .transa = sh.transa, .transb = sh.transb, .m = sh.m,
				.n = sh.n, .k = sh.k, .a = a, .b = b, .c = c, .lda = lda, .ldb = ldb,
				.ldc = ldc };
	/* CANCEL (doubles): the second half of each row of op(A) is the first
	 * half negated, of each column of op(B) the first half times 1 + d,
	 * |d| from 2^-40 down to 2^-98: the sums cancel to 2^-40 .. 2^-98 of S. */
	const int half = data == CANCEL && kind == TF_PRODUCT_DOUBLE ? sh.k / 2 : 0;
	for (int l = 0; l < sh.k; l++) {
		const int mirror = half && l >= half && l - half < half;
		for (int i = 0; i < sh.m; i++) {
			double v = data == ZERO_ROWS && i % 3 == 1 ? 0.0 : value_of(data, l);
			if (mirror)
				v = -((double *)a)[at_a(&p, i, l - half)];
			element_of(kind, v, a, at_a(&p, i, l));
		}
		for (int j = 0; j < sh.n; j++) {
			double v = value_of(data, l);
			if (mirror)
				v = ((double *)b)[at_b(&p, l - half, j)] *
				    (1.0 + ldexp(splitmix64_sym(&rng), -40 - 2 * (l % 30)));
			element_of(kind, v, b, at_b(&p, l, j));
		}
	}
	for (size_t e = 0; e < (size_t)ldc * sh.n; e++)
		element_of(kind, splitmix64_sym(&rng), c, e);
	memcpy(c0, c, (size_t)ldc * sh.n * bytes);
	if (kind == TF_PRODUCT_TS) {
		p.alpha.ts = tf_ts_from_double(sc.alpha);
		p.beta.ts = tf_ts_from_double(sc.beta);
	} else {
		p.alpha.dd = tf_dd_make(sc.alpha, 0.0);
		p.beta.dd = tf_dd_make(sc.beta, 0.0);
	}

	struct tf_split_options options = { .max_moduli = ex.max_moduli ? ex.max_moduli : 32,
					    .k_block = ex.k_block,
					    .by_reference = count_by_reference };
	struct tf_split_report report;
	by_reference_calls = 0;
	tf_cpu_split_product(&p, &options, &report);

	/* Criteria: correctly rounded; else |got - exact| <= 1 ulp(rn) + bound S
	 * with the DD kernel's bound for capped cases, the engine's own (a few
	 * u^2, u^3 for TS) otherwise. */
	const double u2 = 0x1p-106, u3 = 0x1p-72;
	double bound_c = kind == TF_PRODUCT_TS ? (report.capped ? (8.0 * sh.k + 64) * u3 : 64 * u3)
					       : (report.capped ? (5.0 * sh.k + 44) * u2 : 16 * u2);
	mpfr_t exact, got, diff;
	mpfr_inits2(EXACT_PREC, exact, got, diff, (mpfr_ptr)0);
	double worst = 0.0;
	int bad = 0;
	for (int j = 0; j < sh.n && bad < 4; j++)
		for (int i = 0; i < sh.m && bad < 4; i++) {
			double s, leading;
			exact_element(&p, c0, i, j, exact, &s);
			computed_element(&p, i, j, got, &leading);
			double rn = mpfr_get_d(exact, MPFR_RNDN);
			double err;
			if (ex.correctly_rounded && kind == TF_PRODUCT_DOUBLE) {
				uint64_t gb, rb;
				memcpy(&gb, &leading, 8);
				memcpy(&rb, &rn, 8);
				err = gb == rb || (rn == 0.0 && leading == 0.0 && !signbit(leading)) ? 0.0 : 2.0;
			} else {
				mpfr_sub(diff, got, exact, MPFR_RNDN);
				double e = fabs(mpfr_get_d(diff, MPFR_RNDU));
				double ulp = kind == TF_PRODUCT_DOUBLE
						     ? (rn == 0.0 ? 0x1p-1074 : fmax(ldexp(1.0, ilogb(rn) - 52), 0x1p-1074))
						     : 0.0;
				err = e / (ulp + bound_c * s + 0x1p-1074);
			}
			if (err > worst)
				worst = err;
			if (err > 1.0) {
				if (bad == 0)
					printf("  element (%d, %d): exact %.17g, got %.17g (error %.3g of the criterion)\n",
					       i, j, mpfr_get_d(exact, MPFR_RNDN), mpfr_get_d(got, MPFR_RNDN), err);
				bad++;
			}
		}
	mpfr_clears(exact, got, diff, (mpfr_ptr)0);
	int fail = bad > 0 || report.moduli == 0 || (ex.capped >= 0 && ex.capped != report.capped) ||
		   (ex.recomputes && report.recomputed == 0);
	static const char *const kind_names[] = { "double", "dd", "ts" };
	printf("%-8s %-6s %c%c m=%-4d n=%-4d k=%-5d %-10s a=%-5g b=%-5g moduli %2d capped %d/%d "
	       "recomputed %lld  worst %.3g  %s\n",
	       set, kind_names[kind], sh.transa, sh.transb, sh.m, sh.n, sh.k, data_names[data],
	       sc.alpha, sc.beta, report.moduli, report.rows_capped, report.columns_capped,
	       report.recomputed, worst, fail ? "FAIL" : "PASS");
	failures += fail;
	free(a);
	free(b);
	free(c);
	free(c0);
}

static const struct shape shapes[] = {
	{ 1, 1, 1, 'N', 'N' },    { 7, 5, 3, 'N', 'T' },      { 16, 9, 64, 'T', 'N' },
	{ 33, 17, 100, 'T', 'T' }, { 12, 40, 257, 'N', 'N' },
};
#define SHAPES (int)(sizeof shapes / sizeof shapes[0])

static void set_round(void)
{
	static const enum data datas[] = { UNIFORM, SPREAD20, CANCEL, ZERO_ROWS };
	for (int s = 0; s < SHAPES; s++)
		for (int d = 0; d < 4; d++)
			run_case("round", TF_PRODUCT_DOUBLE, shapes[s], datas[d], (struct scalars){ 1, 0 },
				 (struct expect){ .correctly_rounded = 1 });
}

static void set_scalars(void)
{
	static const struct scalars scalars[] = { { 1, 1 }, { -3.5, 0 }, { 0.1, -0.7 }, { 1e300, 1e-300 } };
	for (int s = 1; s < SHAPES; s++)
		for (int v = 0; v < 4; v++)
			run_case("scalars", TF_PRODUCT_DOUBLE, shapes[s], v == 3 ? UNIFORM : CANCEL, scalars[v],
				 (struct expect){ 0 });
}

/* DD operands carry some 106 bits and more with their exponents' spread:
 * two of them need more than 32 moduli hold, and are capped as often as
 * not; TS operands (72 bits) fit unless spread. */
static void set_kinds(void)
{
	for (int kind = TF_PRODUCT_DD; kind <= TF_PRODUCT_TS; kind++)
		for (int s = 0; s < SHAPES; s++) {
			run_case("kinds", kind, shapes[s], UNIFORM, (struct scalars){ 1, 0 },
				 (struct expect){ .capped = kind == TF_PRODUCT_TS ? 0 : -1 });
			run_case("kinds", kind, shapes[s], SPREAD20, (struct scalars){ -0.5, 2 },
				 (struct expect){ .capped = -1 });
		}
}

static void set_cap(void)
{
	for (int s = 2; s < SHAPES; s++) {
		/* 8 moduli hold about 60 bits: every row and column is capped */
		run_case("cap", TF_PRODUCT_DOUBLE, shapes[s], UNIFORM, (struct scalars){ 1, 0 },
			 (struct expect){ .capped = 1, .recomputes = 1, .max_moduli = 8 });
		/* 2^+-100 needs some 250 bits a side: capped at the default 32 */
		run_case("cap", TF_PRODUCT_DOUBLE, shapes[s], SPREAD100, (struct scalars){ 1, 0 },
			 (struct expect){ .capped = 1 });
		run_case("cap", TF_PRODUCT_DOUBLE, shapes[s], SPREAD100, (struct scalars){ -2, 0.5 },
			 (struct expect){ .capped = 1, .max_moduli = 20 });
		run_case("cap", TF_PRODUCT_DD, shapes[s], SPREAD20, (struct scalars){ 1, 0 },
			 (struct expect){ .capped = 1, .max_moduli = 24 });
	}
}

static void set_edges(void)
{
	/* k-blocks of a few terms give the same bits as one block */
	for (int s = 1; s < SHAPES; s++)
		run_case("edges", TF_PRODUCT_DOUBLE, shapes[s], CANCEL, (struct scalars){ 1, 0 },
			 (struct expect){ .correctly_rounded = 1, .k_block = 3 });
	/* a non-finite operand: declined, nothing written */
	double a[4] = { 1, 2, INFINITY, 4 }, b[4] = { 1, 1, 1, 1 }, c[4] = { 7, 7, 7, 7 };
	struct tf_product p = { .kind = TF_PRODUCT_DOUBLE, .transa = 'N', .transb = 'N', .m = 2, .n = 2,
				.k = 2, .a = a, .b = b, .c = c, .lda = 2, .ldb = 2, .ldc = 2 };
	p.alpha.dd.hi = 1.0;
	struct tf_split_options options = { .max_moduli = 32 };
	struct tf_split_report report;
	tf_cpu_split_product(&p, &options, &report);
	int fail = report.moduli != 0 || c[0] != 7 || c[3] != 7;
	printf("edges    non-finite operand: declined, C unchanged  %s\n", fail ? "FAIL" : "PASS");
	failures += fail;
	/* overflow of C(1,1) = 1 2^100 + 2^1000 2^100: the reference's value is
	 * asked for, for that element alone */
	a[2] = 0x1p1000;
	b[0] = b[1] = 0x1p100;
	options.by_reference = count_by_reference;
	by_reference_calls = 0;
	tf_cpu_split_product(&p, &options, &report);
	fail = by_reference_calls != 1;
	printf("edges    overflowing elements go to the reference: %lld calls  %s\n", by_reference_calls,
	       fail ? "FAIL" : "PASS");
	failures += fail;
	/* subnormal results, correctly rounded (one product just above half
	 * the smallest subnormal, one just below a subnormal's tie) */
	double sa[2] = { 0x1.0000000000001p-600, 0x1.8p-537 }, sb[2] = { 0x1p-475, 0x1.0000000000001p-537 };
	double sc[1] = { 0.0 };
	struct tf_product q = { .kind = TF_PRODUCT_DOUBLE, .transa = 'N', .transb = 'N', .m = 1, .n = 1,
				.k = 1, .a = sa, .b = sb, .c = sc, .lda = 1, .ldb = 1, .ldc = 1 };
	q.alpha.dd.hi = 1.0;
	tf_cpu_split_product(&q, &options, &report);
	mpfr_t x;
	mpfr_init2(x, 200);
	mpfr_set_d(x, sa[0], MPFR_RNDN);
	mpfr_mul_d(x, x, sb[0], MPFR_RNDN);
	double rn = mpfr_get_d(x, MPFR_RNDN);
	fail = sc[0] != rn;
	printf("edges    subnormal result %a, rounded %a  %s\n", sc[0], rn, fail ? "FAIL" : "PASS");
	failures += fail;
	q.a = sa + 1;
	q.b = sb + 1;
	tf_cpu_split_product(&q, &options, &report);
	mpfr_set_d(x, sa[1], MPFR_RNDN);
	mpfr_mul_d(x, x, sb[1], MPFR_RNDN);
	rn = mpfr_get_d(x, MPFR_RNDN);
	fail = sc[0] != rn;
	printf("edges    subnormal result %a, rounded %a  %s\n", sc[0], rn, fail ? "FAIL" : "PASS");
	failures += fail;
	mpfr_clear(x);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "round"))
			set_round();
		else if (!strcmp(argv[i], "scalars"))
			set_scalars();
		else if (!strcmp(argv[i], "kinds"))
			set_kinds();
		else if (!strcmp(argv[i], "cap"))
			set_cap();
		else if (!strcmp(argv[i], "edges"))
			set_edges();
		else {
			fprintf(stderr, "unknown set %s\n", argv[i]);
			return 99;
		}
	}
	printf("%d failures\n", failures);
	return failures > 255 ? 255 : failures;
}
