/* The split engine on the GPU against its CPU twin (src/cpu/split_gemm.c,
 * compiled in): every element bit for bit, through dgemm_, tf_ddgemm and
 * tf_tsgemm with TWOFOLD_SPLIT=force, on host arrays and on device arrays;
 * and large products, where the twin is too slow, element samples against
 * MPFR (correctly rounded).
 *
 *   gpu SET...   "bits" (the twin, bit for bit), "quick" (a few of those,
 *                for compute-sanitizer), "tiles" (TWOFOLD_GPU_MEMORY
 *                small enough that the products go in tiles: the same
 *                bits), "kblock" (k beyond one int32 block), "large" (n up
 *                to 4096, samples against MPFR)
 *
 * One line per case, PASS or FAIL; exit status the number of failures.
 * Skips (77) where there is no GPU. */
#include "config.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpu/split.h"
#include "test/f77_blas.h"
#include "test/splitmix64.h"
#include "twofold.h"
#include "twofold/crt.h"

static uint64_t rng = 0x59117;
static int failures;

enum data { UNIFORM, SPREAD20, CANCEL };
static const char *const data_names[] = { "uniform", "spread20", "cancel" };

static double value_of(enum data data, int l)
{
	double v = splitmix64_sym(&rng);
	switch (data) {
	case SPREAD20: return ldexp(v, splitmix64_int(&rng, -20, 20));
	case CANCEL: return ldexp(v, (l * 37) % 61 - 30);
	default: return v;
	}
}

/* Fills the words of n elements of the kind. */
static void fill(enum tf_product_kind kind, enum data data, void *array, size_t n)
{
	for (size_t e = 0; e < n; e++) {
		double v = value_of(data, (int)(e % 97));
		switch (kind) {
		case TF_PRODUCT_DOUBLE: ((double *)array)[e] = v; break;
		case TF_PRODUCT_DD:
			((tf_dd *)array)[e] = tf_two_sum(v, ldexp(v, -53) * splitmix64_sym(&rng));
			break;
		case TF_PRODUCT_TS:
			((tf_ts *)array)[e] = tf_ts_from_dd(tf_two_sum(v, ldexp(v, -53) * splitmix64_sym(&rng)));
			break;
		}
	}
}

static void by_reference(const struct tf_product *p, int i, int j, void *context)
{
	(void)p, (void)i, (void)j, (void)context;
	/* the GPU computes it as the reference does; the twin's value stays,
	 * and the comparison below treats non-finite values alike */
}

/* The library's product of p (its arrays on the host), through dgemm_,
 * tf_ddgemm or tf_tsgemm; on device copies when `device`. */
static int library_product(const struct tf_product *p, int device)
{
	const size_t es = tf_product_element_bytes(p->kind);
	int cols_a = p->transa == 'N' ? p->k : p->m, cols_b = p->transb == 'N' ? p->n : p->k;
	size_t bytes_a = es * p->lda * (size_t)cols_a, bytes_b = es * p->ldb * (size_t)cols_b;
	size_t bytes_c = es * p->ldc * (size_t)p->n;
	const void *a = p->a, *b = p->b;
	void *c = p->c, *da = NULL, *db = NULL, *dc = NULL;
	if (device) {
		if (cudaMalloc(&da, bytes_a) || cudaMalloc(&db, bytes_b) || cudaMalloc(&dc, bytes_c) ||
		    cudaMemcpy(da, a, bytes_a, cudaMemcpyHostToDevice) ||
		    cudaMemcpy(db, b, bytes_b, cudaMemcpyHostToDevice) ||
		    cudaMemcpy(dc, c, bytes_c, cudaMemcpyHostToDevice)) {
			fprintf(stderr, "device copies failed\n");
			exit(99);
		}
		a = da, b = db, c = dc;
	}
	int status = 0;
	switch (p->kind) {
	case TF_PRODUCT_DOUBLE:
		dgemm_(&p->transa, &p->transb, &p->m, &p->n, &p->k, &p->alpha.dd.hi, a, &p->lda, b, &p->ldb,
		       &p->beta.dd.hi, c, &p->ldc, 1, 1);
		break;
	case TF_PRODUCT_DD:
		status = tf_ddgemm(p->transa, p->transb, p->m, p->n, p->k, p->alpha.dd, a, p->lda, b, p->ldb,
				   p->beta.dd, c, p->ldc);
		break;
	case TF_PRODUCT_TS:
		status = tf_tsgemm(p->transa, p->transb, p->m, p->n, p->k, p->alpha.ts, a, p->lda, b, p->ldb,
				   p->beta.ts, c, p->ldc);
		break;
	}
	if (device) {
		if (cudaMemcpy(p->c, dc, bytes_c, cudaMemcpyDeviceToHost)) {
			fprintf(stderr, "device copy back failed\n");
			exit(99);
		}
		cudaFree(da), cudaFree(db), cudaFree(dc);
	}
	return status;
}

struct shape {
	int m, n, k;
	char transa, transb;
};

/* Fills a product, runs the twin and the library, compares every word. */
static void run_bits(const char *set, enum tf_product_kind kind, struct shape sh, enum data data,
		     double alpha, double beta, int device, int max_moduli)
{
	const size_t es = tf_product_element_bytes(kind);
	int rows_a = sh.transa == 'N' ? sh.m : sh.k, cols_a = sh.transa == 'N' ? sh.k : sh.m;
	int rows_b = sh.transb == 'N' ? sh.k : sh.n, cols_b = sh.transb == 'N' ? sh.n : sh.k;
	int lda = rows_a + 1, ldb = rows_b + 2, ldc = sh.m + 3;
	void *a = malloc(es * lda * (size_t)cols_a), *b = malloc(es * ldb * (size_t)cols_b);
	void *c0 = malloc(es * ldc * (size_t)sh.n), *twin = malloc(es * ldc * (size_t)sh.n);
	void *got = malloc(es * ldc * (size_t)sh.n);
	fill(kind, data, a, (size_t)lda * cols_a);
	fill(kind, data, b, (size_t)ldb * cols_b);
	fill(kind, UNIFORM, c0, (size_t)ldc * sh.n);
	memcpy(twin, c0, es * ldc * (size_t)sh.n);
	memcpy(got, c0, es * ldc * (size_t)sh.n);
	struct tf_product p = tf_product_make(kind, sh.transa, sh.transb, sh.m, sh.n, sh.k, a, lda, b, ldb,
					      twin, ldc);
	if (kind == TF_PRODUCT_TS) {
		p.alpha.ts = tf_ts_from_double(alpha);
		p.beta.ts = tf_ts_from_double(beta);
	} else {
		p.alpha.dd = tf_dd_make(alpha, 0.0);
		p.beta.dd = tf_dd_make(beta, 0.0);
	}
	struct tf_split_options options = { .max_moduli = max_moduli, .by_reference = by_reference };
	struct tf_split_report report;
	tf_cpu_split_product(&p, &options, &report);
	struct tf_product q = p;
	q.c = got;
	library_product(&q, device);
	size_t differ = 0, first = (size_t)-1;
	for (int j = 0; j < sh.n; j++)
		for (int i = 0; i < sh.m; i++) {
			size_t at = ((size_t)i + (size_t)j * ldc) * es;
			double x, y;
			memcpy(&x, (char *)twin + at, sizeof x);
			memcpy(&y, (char *)got + at, sizeof y);
			int same = memcmp((char *)twin + at, (char *)got + at, es) == 0 ||
				   (kind == TF_PRODUCT_DOUBLE && !isfinite(x) && !isfinite(y));
			if (!same && differ++ == 0)
				first = (size_t)i + (size_t)j * ldc;
		}
	/* a capped product's elements near the bound may be computed again on
	 * one side only: there only the count is shown */
	int fail = report.capped ? 0 : differ > 0;
	static const char *const kinds[] = { "double", "dd", "ts" };
	printf("%-6s %-6s %-6s %c%c m=%-5d n=%-5d k=%-6d %-8s a=%-4g b=%-4g moduli %2d%s  differ %zu",
	       set, kinds[kind], device ? "device" : "host", sh.transa, sh.transb, sh.m, sh.n, sh.k,
	       data_names[data], alpha, beta, report.moduli, report.capped ? " capped" : "", differ);
	if (differ && kind == TF_PRODUCT_DOUBLE)
		printf(" (first at %zu: twin %a, gpu %a)", first, ((double *)twin)[first], ((double *)got)[first]);
	printf("  %s\n", fail ? "FAIL" : "PASS");
	failures += fail;
	free(a), free(b), free(c0), free(twin), free(got);
}

static const struct shape small[] = {
	{ 1, 1, 1, 'N', 'N' },     { 17, 5, 3, 'N', 'T' },    { 64, 64, 64, 'T', 'N' },
	{ 65, 33, 129, 'T', 'T' }, { 100, 37, 250, 'N', 'N' }, { 300, 257, 280, 'N', 'T' },
};
#define SMALL (int)(sizeof small / sizeof small[0])

static void set_bits(void)
{
	for (int s = 0; s < SMALL; s++)
		for (int device = 0; device < 2; device++) {
			run_bits("bits", TF_PRODUCT_DOUBLE, small[s], UNIFORM, 1, 0, device, 32);
			run_bits("bits", TF_PRODUCT_DOUBLE, small[s], CANCEL, -0.5, 2, device, 32);
			run_bits("bits", TF_PRODUCT_DOUBLE, small[s], SPREAD20, 1, 0, device, 32);
			run_bits("bits", TF_PRODUCT_DD, small[s], UNIFORM, 1, 0, device, 32);
			run_bits("bits", TF_PRODUCT_TS, small[s], SPREAD20, 3, -1, device, 32);
			run_bits("bits", TF_PRODUCT_DOUBLE, small[s], UNIFORM, 1, 0, device, 10);
		}
}

static void set_quick(void)
{
	for (int s = 1; s <= 3; s += 2)
		for (int device = 0; device < 2; device++) {
			run_bits("quick", TF_PRODUCT_DOUBLE, small[s], CANCEL, -0.5, 2, device, 32);
			run_bits("quick", TF_PRODUCT_DD, small[s], UNIFORM, 1, 0, device, 32);
			run_bits("quick", TF_PRODUCT_TS, small[s], SPREAD20, 3, -1, device, 32);
			run_bits("quick", TF_PRODUCT_DOUBLE, small[s], UNIFORM, 1, 0, device, 10);
		}
}

static void set_tiles(void)
{
	/* TWOFOLD_GPU_MEMORY is read once: the caller sets it for this set */
	struct shape big = { 600, 700, 300, 'N', 'N' };
	run_bits("tiles", TF_PRODUCT_DOUBLE, big, UNIFORM, 1, 0, 0, 32);
	run_bits("tiles", TF_PRODUCT_DOUBLE, big, CANCEL, 2, 0.5, 0, 32);
	run_bits("tiles", TF_PRODUCT_DD, big, UNIFORM, 1, 0, 0, 32);
}

static void set_kblock(void)
{
	struct shape deep = { 9, 7, 200000, 'T', 'N' };
	run_bits("kblock", TF_PRODUCT_DOUBLE, deep, UNIFORM, 1, 0, 1, 32);
	run_bits("kblock", TF_PRODUCT_DOUBLE, deep, CANCEL, 1, 0, 0, 32);
}

/* Large products: samples of elements against MPFR, correctly rounded. */
static void set_large(void)
{
	static const int sizes[] = { 1024, 2048, 4096 };
	mpfr_t sum, term;
	mpfr_init2(sum, 4096);
	mpfr_init2(term, 128);
	for (int s = 0; s < 3; s++)
		for (int d = 0; d < 2; d++) {
			int n = sizes[s];
			enum data data = d ? CANCEL : UNIFORM;
			double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n);
			double *c = malloc(sizeof(double) * n * n);
			fill(TF_PRODUCT_DOUBLE, data, a, (size_t)n * n);
			fill(TF_PRODUCT_DOUBLE, data, b, (size_t)n * n);
			struct tf_product p = tf_product_make(TF_PRODUCT_DOUBLE, 'N', 'N', n, n, n, a, n, b, n, c, n);
			p.alpha.dd.hi = 1.0;
			library_product(&p, 1);
			int bad = 0;
			for (int sample = 0; sample < 300; sample++) {
				int i = splitmix64_int(&rng, 0, n - 1), j = splitmix64_int(&rng, 0, n - 1);
				mpfr_set_zero(sum, 1);
				for (int l = 0; l < n; l++) {
					mpfr_set_d(term, a[i + (size_t)l * n], MPFR_RNDN);
					mpfr_mul_d(term, term, b[l + (size_t)j * n], MPFR_RNDN);
					mpfr_add(sum, sum, term, MPFR_RNDN);
				}
				double rn = mpfr_get_d(sum, MPFR_RNDN), got = c[i + (size_t)j * n];
				if (got != rn && !(rn == 0 && got == 0)) {
					if (!bad)
						printf("  (%d, %d): exact %.17g, got %.17g\n", i, j, rn, got);
					bad++;
				}
			}
			printf("large  double device NN m=%-5d n=%-5d k=%-6d %-8s 300 samples, %d not correctly "
			       "rounded  %s\n",
			       n, n, n, data_names[data], bad, bad ? "FAIL" : "PASS");
			failures += bad > 0;
			free(a), free(b), free(c);
		}
	mpfr_clear(sum);
	mpfr_clear(term);
}

int main(int argc, char **argv)
{
	int count = 0;
	if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
		printf("SKIP: no GPU\n");
		return 77;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "bits"))
			set_bits();
		else if (!strcmp(argv[i], "quick"))
			set_quick();
		else if (!strcmp(argv[i], "tiles"))
			set_tiles();
		else if (!strcmp(argv[i], "kblock"))
			set_kblock();
		else if (!strcmp(argv[i], "large"))
			set_large();
		else {
			fprintf(stderr, "unknown set %s\n", argv[i]);
			return 99;
		}
	}
	printf("%d failures\n", failures);
	return failures > 255 ? 255 : failures;
}
