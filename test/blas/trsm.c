/* dtrsm_ and ztrsm_ through the public entry points: linked with the
 * reference BLAS, run with libtwofold preloaded (test/blas/trsm.sh).
 *
 *   trsm check SET       every element of the SET against the exact solution
 *                        (MPFR at EX_PREC bits, judged by ex_judge with the
 *                        magnitude |exact|: within 1 ulp of the double
 *                        nearest it); exit status: the failures (at most 255)
 *   trsm reference SET   every element bit for bit the reference's (its
 *                        routines taken with dlopen from TF_REFERENCE_BLAS)
 *   trsm bits SET        only the checksum of the results (`% bits:`)
 *   trsm nonfinite       Inf and NaN in A and B: an element is non-finite,
 *                        and which (NaN, +Inf, -Inf), exactly where the
 *                        reference's is
 *   trsm probe           exits 0 (the program can be started here)
 *
 * SETs: random (triangles of order up to 70), ill (nearly singular ones:
 * one diagonal element 1e-4 to 1e-12 of the others), blocks (orders 65 to
 * 150 and 17 to 40 right-hand sides: past one block of the kernel and one
 * task), big (up to 400: for bits).  Every case is one call with side, uplo,
 * trans, diag, both types, ld larger than the size, alpha in {1, -1,
 * random, complex}; alpha = 0 is a case of its own (B set to zero, A not
 * read: A is NaN there).  Each line: the case, its worst error in ulps, the
 * reference's, PASS or FAIL; `% bits:` a checksum of every result, which
 * the script compares across thread counts and instruction sets. */
#include "config.h"

#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/blas/exact.h"
#include "test/splitmix64.h"

typedef void trsm_fn(const char *side, const char *uplo, const char *transa, const char *diag,
		     const int *m, const int *n, const double *alpha, const double *a,
		     const int *lda, double *b, const int *ldb, size_t, size_t, size_t, size_t);

extern trsm_fn dtrsm_, ztrsm_;
static trsm_fn *reference_d, *reference_z;

struct trsm_case {
	int complex;
	char side, uplo, trans, diag;
	int m, n, lda, ldb;
	double alpha[2];
	double *a, *b;  /* A (order p, lda) and B (m x n, ldb), as given */
};

static uint64_t bits_hash = 1469598103934665603u;

static void hash(const double *v, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		uint64_t u;
		memcpy(&u, &v[i], sizeof u);
		bits_hash = (bits_hash ^ u) * 1099511628211u;
	}
}

static void *allocate(size_t doubles)
{
	double *p = calloc(doubles ? doubles : 1, sizeof *p);
	if (!p) {
		printf("harness error: out of memory\n");
		exit(99);
	}
	return p;
}

static int order(const struct trsm_case *c)
{
	return c->side == 'L' ? c->m : c->n;
}

/* A random triangle of order p in the uplo triangle (the other one NaN:
 * the routine must not read it), the diagonal of magnitude 1 to 2 times
 * sqrt(p); ill: one diagonal element scaled down by small. */
static void make_case(uint64_t *rng, struct trsm_case *c, double small)
{
	int w = c->complex ? 2 : 1, p = order(c);
	c->a = allocate((size_t)w * c->lda * p);
	c->b = allocate((size_t)w * c->ldb * c->n);
	int weak = splitmix64_int(rng, 0, p - 1);
	for (int j = 0; j < p; j++)
		for (int i = 0; i < c->lda; i++)
			for (int k = 0; k < w; k++) {
				double *e = &c->a[((size_t)j * c->lda + i) * w + k];
				int stored = i < p && (c->uplo == 'U' ? i <= j : i >= j);
				if (!stored)
					*e = NAN;
				else if (i != j)
					*e = 2.0 * splitmix64_unif(rng) - 1.0;
				else if (c->diag == 'U')
					*e = NAN; /* not read */
				else {
					double d = (1.0 + splitmix64_unif(rng)) * sqrt(p) / sqrt(w);
					if (splitmix64_unif(rng) < 0.5)
						d = -d;
					*e = i == weak ? d * small : d;
				}
			}
	for (size_t i = 0; i < (size_t)w * c->ldb * c->n; i++)
		c->b[i] = 2.0 * splitmix64_unif(rng) - 1.0;
	/* a unit diagonal's element stays unread; an unread B row beyond m too */
	for (int j = 0; j < c->n; j++)
		for (int i = c->m; i < c->ldb; i++)
			for (int k = 0; k < w; k++)
				c->b[((size_t)j * c->ldb + i) * w + k] = NAN;
}

static void call(trsm_fn *fn, const struct trsm_case *c, double *b)
{
	fn(&c->side, &c->uplo, &c->trans, &c->diag, &c->m, &c->n, c->alpha, c->a, &c->lda, b,
	   &c->ldb, 1, 1, 1, 1);
}

/* mpfr complex helpers: (re, im) pairs at EX_PREC bits */
typedef struct {
	mpfr_t re, im;
} mpc;

static void mpc_init(mpc *z)
{
	mpfr_init2(z->re, EX_PREC);
	mpfr_init2(z->im, EX_PREC);
}

static void mpc_clear(mpc *z)
{
	mpfr_clear(z->re);
	mpfr_clear(z->im);
}

/* z -= a * x for a complex double a = (ar, ai); t, u scratch */
static void mpc_sub_mul(mpc *z, double ar, double ai, const mpc *x, mpfr_t t)
{
	mpfr_mul_d(t, x->re, ar, MPFR_RNDN);
	mpfr_sub(z->re, z->re, t, MPFR_RNDN);
	mpfr_mul_d(t, x->im, ai, MPFR_RNDN);
	mpfr_add(z->re, z->re, t, MPFR_RNDN);
	mpfr_mul_d(t, x->im, ar, MPFR_RNDN);
	mpfr_sub(z->im, z->im, t, MPFR_RNDN);
	mpfr_mul_d(t, x->re, ai, MPFR_RNDN);
	mpfr_sub(z->im, z->im, t, MPFR_RNDN);
}

/* z /= (dr, di) */
static void mpc_div_d(mpc *z, double dr, double di, mpfr_t t, mpfr_t u, mpfr_t norm)
{
	mpfr_set_d(norm, dr, MPFR_RNDN);
	mpfr_sqr(norm, norm, MPFR_RNDN);
	mpfr_set_d(t, di, MPFR_RNDN);
	mpfr_sqr(t, t, MPFR_RNDN);
	mpfr_add(norm, norm, t, MPFR_RNDN);
	/* (re + i im)(dr - i di) / norm */
	mpfr_mul_d(t, z->re, dr, MPFR_RNDN);
	mpfr_mul_d(u, z->im, di, MPFR_RNDN);
	mpfr_add(t, t, u, MPFR_RNDN);
	mpfr_mul_d(u, z->im, dr, MPFR_RNDN);
	mpfr_mul_d(z->im, z->re, di, MPFR_RNDN);
	mpfr_sub(z->im, u, z->im, MPFR_RNDN);
	mpfr_div(z->im, z->im, norm, MPFR_RNDN);
	mpfr_div(z->re, t, norm, MPFR_RNDN);
}

/* op(A)(i, k) as the complex double (re, im), of the effective triangle:
 * element (i, k) of op(A) (side L) or of op(A)^T (side R, the rows of B
 * solved as columns). */
static void op_element(const struct trsm_case *c, int i, int k, double *out)
{
	int w = c->complex ? 2 : 1;
	int transposed = c->side == 'L' ? c->trans != 'N' : c->trans == 'N';
	int r = transposed ? k : i, s = transposed ? i : k;
	const double *e = &c->a[((size_t)s * c->lda + r) * w];
	if (r == s && c->diag == 'U') {
		out[0] = 1.0, out[1] = 0.0;
		return;
	}
	out[0] = e[0];
	out[1] = w == 2 ? (c->trans == 'C' ? -e[1] : e[1]) : 0.0;
}

/* Whether (i, k) is in the effective triangle's nonzero part. */
static int in_triangle(const struct trsm_case *c, int i, int k)
{
	int transposed = c->side == 'L' ? c->trans != 'N' : c->trans == 'N';
	int lower = transposed ? c->uplo == 'U' : c->uplo == 'L';
	return lower ? i >= k : i <= k;
}

/* The case against MPFR: the effective system M x = alpha r for each
 * right-hand side (a column of B for side L, a row for side R). */
static int judge(const struct trsm_case *c, const double *got, const double *by_reference,
		 double *worst, double *worst_reference)
{
	int w = c->complex ? 2 : 1, p = order(c), q = c->side == 'L' ? c->n : c->m;
	int transposed_b = c->side == 'R';
	int transposed = c->side == 'L' ? c->trans != 'N' : c->trans == 'N';
	int lower = transposed ? c->uplo == 'U' : c->uplo == 'L';
	mpc *x = malloc(sizeof *x * (size_t)p);
	if (!x)
		exit(99);
	for (int i = 0; i < p; i++)
		mpc_init(&x[i]);
	mpfr_t t, u, norm, exact;
	mpfr_inits2(EX_PREC, t, u, norm, exact, (mpfr_ptr)0);
	int failures = 0;
	for (int j = 0; j < q; j++) {
		for (int i = 0; i < p; i++) {
			size_t at = transposed_b ? (size_t)i * c->ldb + j : (size_t)j * c->ldb + i;
			const double *b = &c->b[at * w];
			/* alpha b */
			mpfr_set_d(x[i].re, 0.0, MPFR_RNDN);
			mpfr_set_d(x[i].im, 0.0, MPFR_RNDN);
			mpc bb;
			mpc_init(&bb);
			mpfr_set_d(bb.re, b[0], MPFR_RNDN);
			mpfr_set_d(bb.im, w == 2 ? b[1] : 0.0, MPFR_RNDN);
			mpc_sub_mul(&x[i], -c->alpha[0], w == 2 ? -c->alpha[1] : 0.0, &bb, t);
			mpc_clear(&bb);
		}
		for (int s = 0; s < p; s++) {
			int k = lower ? s : p - 1 - s;
			double d[2];
			op_element(c, k, k, d);
			mpc_div_d(&x[k], d[0], d[1], t, u, norm);
			for (int i = 0; i < p; i++) {
				if (i == k || !in_triangle(c, i, k))
					continue;
				double e[2];
				op_element(c, i, k, e);
				mpc_sub_mul(&x[i], e[0], e[1], &x[k], t);
			}
		}
		for (int i = 0; i < p; i++)
			for (int part = 0; part < w; part++) {
				size_t at = (transposed_b ? (size_t)i * c->ldb + j
							  : (size_t)j * c->ldb + i) * w + part;
				mpfr_set(exact, part ? x[i].im : x[i].re, MPFR_RNDN);
				double magnitude = fabs(mpfr_get_d(exact, MPFR_RNDN));
				double ulps = 0.0, reference_ulps = 0.0;
				if (!ex_judge(exact, got[at], magnitude, p, &ulps)) {
					failures++;
					if (failures <= 3)
						printf("  element (%d, %d)%s: got %.17g, exact %.17g (%.3g ulps)\n",
						       transposed_b ? j : i, transposed_b ? i : j,
						       w == 2 ? (part ? " im" : " re") : "", got[at],
						       mpfr_get_d(exact, MPFR_RNDN), ulps);
				}
				ex_judge(exact, by_reference[at], magnitude, p, &reference_ulps);
				if (!(ulps <= *worst))
					*worst = ulps;
				if (!(reference_ulps <= *worst_reference))
					*worst_reference = reference_ulps;
			}
	}
	for (int i = 0; i < p; i++)
		mpc_clear(&x[i]);
	free(x);
	mpfr_clears(t, u, norm, exact, (mpfr_ptr)0);
	return failures;
}

static void pick_alpha(uint64_t *rng, struct trsm_case *c, int which)
{
	c->alpha[1] = 0.0;
	switch (which) {
	case 0: c->alpha[0] = 1.0; break;
	case 1: c->alpha[0] = -1.0; break;
	case 2: c->alpha[0] = 4.0 * splitmix64_unif(rng) - 2.0; break;
	default:
		c->alpha[0] = 2.0 * splitmix64_unif(rng) - 1.0;
		c->alpha[1] = c->complex ? 2.0 * splitmix64_unif(rng) - 1.0 : 0.0;
		break;
	}
}

enum mode { CHECK, REFERENCE, NONFINITE, BITS };

/* Runs one case in the mode; returns its failures. */
static long run_case(enum mode mode, struct trsm_case *c, double *worst_all,
		     double *worst_reference_all)
{
	int w = c->complex ? 2 : 1;
	size_t size = (size_t)w * c->ldb * c->n;
	double *got = allocate(size), *by_reference = allocate(size);
	memcpy(got, c->b, size * sizeof *got);
	memcpy(by_reference, c->b, size * sizeof *got);
	call(c->complex ? ztrsm_ : dtrsm_, c, got);
	call(c->complex ? reference_z : reference_d, c, by_reference);
	for (int j = 0; j < c->n; j++)
		hash(got + (size_t)j * c->ldb * w, (size_t)c->m * w);
	long failures = 0;
	double worst = 0.0, worst_reference = 0.0;
	for (int j = 0; j < c->n; j++)
		for (int i = c->m * w; i < c->ldb * w; i++)
			if (!isnan(got[(size_t)j * c->ldb * w + i]))
				failures++; /* written outside B */
	if (mode == CHECK) {
		failures += judge(c, got, by_reference, &worst, &worst_reference);
	} else if (mode != BITS) {
		for (size_t i = 0; i < size; i++) {
			double g = got[i], r = by_reference[i];
			int same = mode == REFERENCE ? memcmp(&g, &r, sizeof g) == 0
			       : isnan(g) ? isnan(r)
			       : isinf(g) ? g == r : isfinite(r);
			if (!same && ++failures <= 3)
				printf("  element %zu: got %.17g, reference %.17g\n", i, g, r);
		}
	}
	printf("%ctrsm %c%c%c%c m=%-4d n=%-4d lda=%-4d ldb=%-4d alpha=(%g,%g)  ulps %-9.3g ref %-9.3g %s\n",
	       c->complex ? 'z' : 'd', c->side, c->uplo, c->trans, c->diag, c->m, c->n, c->lda,
	       c->ldb, c->alpha[0], c->alpha[1], worst, worst_reference, failures ? "FAIL" : "PASS");
	if (worst > *worst_all)
		*worst_all = worst;
	if (worst_reference > *worst_reference_all)
		*worst_reference_all = worst_reference;
	free(got);
	free(by_reference);
	return failures;
}

static void load_reference(void)
{
	const char *path = getenv("TF_REFERENCE_BLAS");
	void *library = path ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : NULL;
	reference_d = library ? (trsm_fn *)dlsym(library, "dtrsm_") : NULL;
	reference_z = library ? (trsm_fn *)dlsym(library, "ztrsm_") : NULL;
	if (!reference_d || !reference_z) {
		printf("harness error: no dtrsm_/ztrsm_ in TF_REFERENCE_BLAS (%s)\n",
		       path ? path : "unset");
		exit(99);
	}
}

static void print_library(void)
{
	int (*get_mode)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "tf_get_mode");
	const char *(*mode_name)(int) = (const char *(*)(int))dlsym(RTLD_DEFAULT, "tf_mode_name");
	if (get_mode && mode_name)
		printf("%% library: twofold, mode %s\n", mode_name(get_mode()));
	else
		printf("%% library: the BLAS linked in, no twofold\n");
}

/* Puts Inf or NaN in A's triangle or in B. */
static void spoil(uint64_t *rng, struct trsm_case *c)
{
	static const double values[] = { INFINITY, -INFINITY, NAN };
	int w = c->complex ? 2 : 1, p = order(c);
	double v = values[splitmix64_int(rng, 0, 2)];
	if (splitmix64_unif(rng) < 0.5) {
		int i = splitmix64_int(rng, 0, c->m - 1), j = splitmix64_int(rng, 0, c->n - 1);
		c->b[((size_t)j * c->ldb + i) * w + splitmix64_int(rng, 0, w - 1)] = v;
	} else if (p > 1 || c->diag == 'N') {
		/* (i, j) in the stored triangle, off the diagonal when it is unit */
		int j = splitmix64_int(rng, 0, p - 1), i;
		do
			i = c->uplo == 'U' ? splitmix64_int(rng, 0, j) : splitmix64_int(rng, j, p - 1);
		while (i == j && c->diag == 'U' && (j = splitmix64_int(rng, 0, p - 1), 1));
		c->a[((size_t)j * c->lda + i) * w + splitmix64_int(rng, 0, w - 1)] = v;
	}
}

static long run_set(enum mode mode, const char *set)
{
	static const char sides[] = "LR", uplos[] = "UL", transes[] = "NTC", diags[] = "NU";
	uint64_t rng = 0x7472736d; /* "trsm" */
	long failures = 0, cases = 0;
	double worst = 0.0, worst_reference = 0.0;
	int big = strcmp(set, "big") == 0, ill = strcmp(set, "ill") == 0;
	int blocks = strcmp(set, "blocks") == 0;
	if (!big && !ill && !blocks && strcmp(set, "random") != 0 && mode != NONFINITE) {
		printf("harness error: no set %s\n", set);
		exit(99);
	}
	for (int complex = 0; complex < 2; complex++)
		for (int si = 0; si < 2; si++)
			for (int ui = 0; ui < 2; ui++)
				for (int ti = 0; ti < 3; ti++)
					for (int di = 0; di < 2; di++) {
						int rounds = mode == NONFINITE ? 4 : big || blocks ? 1 : 2;
						for (int round = 0; round < rounds; round++) {
							struct trsm_case c = {
								.complex = complex, .side = sides[si],
								.uplo = uplos[ui], .trans = transes[ti],
								.diag = diags[di],
							};
							int most = big ? 400 : 70;
							c.m = splitmix64_int(&rng, 1, most);
							c.n = splitmix64_int(&rng, 1, most);
							if (blocks) { /* past one block of M, past one task */
								c.m = splitmix64_int(&rng, c.side == 'L' ? 65 : 17, c.side == 'L' ? 150 : 40);
								c.n = splitmix64_int(&rng, c.side == 'L' ? 17 : 65, c.side == 'L' ? 40 : 150);
							}
							c.lda = order(&c) + splitmix64_int(&rng, 0, 3);
							c.ldb = c.m + splitmix64_int(&rng, 0, 3);
							pick_alpha(&rng, &c, splitmix64_int(&rng, 0, 3));
							double small = ill ? pow(10.0, -splitmix64_int(&rng, 4, 12)) : 1.0;
							if (ill && c.diag == 'U')
								continue; /* no diagonal to make small */
							make_case(&rng, &c, small);
							if (mode == NONFINITE)
								spoil(&rng, &c);
							failures += run_case(mode, &c, &worst, &worst_reference);
							cases++;
							free(c.a);
							free(c.b);
						}
					}
	printf("%% set %s: cases=%ld failures=%ld worst_ulps=%.3g worst_reference_ulps=%.3g\n", set,
	       cases, failures, worst, worst_reference);
	return failures;
}

/* alpha = 0: B zero, A not read (NaN), B's rows past m untouched. */
static long run_alpha_zero(void)
{
	long failures = 0;
	for (int complex = 0; complex < 2; complex++) {
		int w = complex ? 2 : 1, m = 5, n = 4, ldb = 7;
		double a[2 * 49], b[2 * 28], alpha[2] = { 0.0, 0.0 };
		for (int i = 0; i < 2 * 49; i++)
			a[i] = NAN;
		for (int i = 0; i < 2 * 28; i++)
			b[i] = NAN;
		(complex ? ztrsm_ : dtrsm_)("L", "U", "N", "N", &m, &n, alpha, a, &m, b, &ldb, 1, 1, 1, 1);
		for (int j = 0; j < n; j++)
			for (int i = 0; i < ldb * w; i++) {
				double v = b[j * ldb * w + i];
				if (i < m * w ? v != 0.0 || signbit(v) : !isnan(v))
					failures++;
			}
	}
	printf("alpha = 0: B set to zero, A not read: %s\n", failures ? "FAIL" : "PASS");
	return failures;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "probe") == 0)
		return 0;
	if (argc < 2) {
		printf("usage: trsm check|reference|bits SET... | nonfinite | probe\n");
		return 99;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	load_reference();
	print_library();
	enum mode mode = strcmp(argv[1], "check") == 0 ? CHECK
		       : strcmp(argv[1], "reference") == 0 ? REFERENCE
		       : strcmp(argv[1], "bits") == 0 ? BITS : NONFINITE;
	long failures = run_alpha_zero();
	if (mode == NONFINITE)
		failures += run_set(mode, "nonfinite");
	for (int i = 2; i < argc; i++)
		failures += run_set(mode, argv[i]);
	printf("%% bits: %016llx\n", (unsigned long long)bits_hash);
	printf("%% totals: failures=%ld\n", failures);
	return failures > 255 ? 255 : (int)failures;
}
