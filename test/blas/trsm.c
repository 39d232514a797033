/* dtrsm_, ztrsm_, cblas_dtrsm and cblas_ztrsm in dd and cpu mode
 * (test/blas/harness.h): every side, uplo, trans and diag, both types,
 * leading dimensions past the size, alpha in {1, -1, random, complex} and 0
 * (B set to zero, A, all NaN, not read); the triangle not stored and B's
 * rows past m are NaN (not read, not written).
 *
 * Sets: random (orders up to 70, diagonal 1 to 2 times sqrt(order)),
 * ill (nearly singular triangles: one diagonal element 1e-4 to 1e-12 of
 * the others, condition up to about 1e12), blocks (orders 65 to 150 and 17
 * to 40 right-hand sides: past one diagonal block of the kernel and one
 * task), nonfinite (Inf or NaN in A or B).  dd mode: each element of X
 * within 1 ulp of the double nearest the exact solution (MPFR at EX_PREC
 * bits, judged by ex_judge with the magnitude |exact|), and an element
 * that is Inf or NaN is the reference's, bit for bit.  cpu mode: every
 * element the reference's, bit for bit, and the ill set outside the
 * bounds.  The CBLAS entries (both layouts) must give the Fortran
 * entries' bits.
 *
 *   trsm dd|cpu          the sets above
 *   trsm dd|cpu big      orders up to 400 unjudged: prints `% bits:`, a
 *                        checksum of every result (test/blas/trsm_bits.sh
 *                        compares it across thread counts and kernels)
 *
 * Built with TF_TRSM_GPU as trsm_gpu (the GPU's solves, gpu/trsm.h; run
 * with the GPU forced, test/gpu.list): the sets above, then a large set
 * (orders 129 to 260 and 1 to 12 right-hand sides: past two or more of
 * the complex solve's diagonal blocks and two levels of its recursion, and
 * past the real block kernel's chunks of 16 columns), a wide set (dtrsm
 * only, trans N and T, diag N: orders 513 to 700 and 33 to 36 right-hand
 * sides: past the real solve's blocks of 512 and a level of its
 * recursion, two thread blocks of rows), and the random, ill, blocks and
 * nonfinite and large sets again with A and B in device memory (judged
 * the same way; the CBLAS entries only on host arrays).  The range cases
 * on both kinds of arrays are test/blas/range_ops.c's (range_ops_gpu). */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/blas/exact.h"
#include "test/blas/harness.h"
#include "test/splitmix64.h"
#ifdef TF_TRSM_GPU
#include <cuda_runtime_api.h>
#endif

typedef void trsm_fn(const char *side, const char *uplo, const char *transa, const char *diag,
		     const int *m, const int *n, const double *alpha, const double *a,
		     const int *lda, double *b, const int *ldb, size_t, size_t, size_t, size_t);

extern trsm_fn dtrsm_, ztrsm_;

struct trsm_case {
	int complex;
	char side, uplo, trans, diag;
	int m, n, lda, ldb;
	double alpha[2];
	double *a, *b;  /* A (order p, lda) and B (m x n, ldb), as given */
};

enum set { RANDOM, ILL, BLOCKS, NONFINITE, BIG, LARGE, WIDE };
static const char *set_names[] = { "random", "ill", "blocks", "nonfinite", "big", "large",
				   "wide" };

static uint64_t bits_hash = 1469598103934665603u;
static double worst_ulps[WIDE + 1]; /* per set, of the judged elements */
static int on_device; /* twofold's calls on copies of A and B in device memory */

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

/* twofold's entry: on the case's arrays, or on device copies of them. */
static void call_twofold(trsm_fn *fn, const struct trsm_case *c, double *b)
{
	if (!on_device) {
		call(fn, c, b);
		return;
	}
#ifdef TF_TRSM_GPU
	size_t w = c->complex ? 2 : 1, p = c->side == 'L' ? c->m : c->n;
	size_t a_bytes = w * c->lda * p * sizeof(double), b_bytes = w * c->ldb * c->n * sizeof(double);
	struct trsm_case d = *c;
	if (cudaMalloc((void **)&d.a, a_bytes) != cudaSuccess ||
	    cudaMalloc((void **)&d.b, b_bytes) != cudaSuccess ||
	    cudaMemcpy(d.a, c->a, a_bytes, cudaMemcpyHostToDevice) != cudaSuccess ||
	    cudaMemcpy(d.b, b, b_bytes, cudaMemcpyHostToDevice) != cudaSuccess) {
		printf("harness error: device memory\n");
		exit(99);
	}
	call(fn, &d, d.b);
	if (cudaMemcpy(b, d.b, b_bytes, cudaMemcpyDeviceToHost) != cudaSuccess) {
		printf("harness error: device memory\n");
		exit(99);
	}
	cudaFree(d.a);
	cudaFree(d.b);
#endif
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
 * right-hand side (a column of B for side L, a row for side R).  Returns
 * the elements outside the bounds; the first is described in detail. */
static long judge(const struct trsm_case *c, const double *got, double *worst, char *detail,
		  size_t detail_size)
{
	int w = c->complex ? 2 : 1, p = order(c), q = c->side == 'L' ? c->n : c->m;
	int by_rows = c->side == 'R';
	int transposed = c->side == 'L' ? c->trans != 'N' : c->trans == 'N';
	int lower = transposed ? c->uplo == 'U' : c->uplo == 'L';
	mpc *x = malloc(sizeof *x * (size_t)p), bb;
	if (!x)
		exit(99);
	for (int i = 0; i < p; i++)
		mpc_init(&x[i]);
	mpc_init(&bb);
	mpfr_t t, u, norm, exact;
	mpfr_inits2(EX_PREC, t, u, norm, exact, (mpfr_ptr)0);
	long failures = 0;
	for (int j = 0; j < q; j++) {
		for (int i = 0; i < p; i++) {
			size_t at = by_rows ? (size_t)i * c->ldb + j : (size_t)j * c->ldb + i;
			const double *b = &c->b[at * w];
			mpfr_set_d(x[i].re, 0.0, MPFR_RNDN);
			mpfr_set_d(x[i].im, 0.0, MPFR_RNDN);
			mpfr_set_d(bb.re, b[0], MPFR_RNDN);
			mpfr_set_d(bb.im, w == 2 ? b[1] : 0.0, MPFR_RNDN);
			mpc_sub_mul(&x[i], -c->alpha[0], -c->alpha[1], &bb, t);
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
				size_t at = (by_rows ? (size_t)i * c->ldb + j : (size_t)j * c->ldb + i) * w +
					    part;
				mpfr_set(exact, part ? x[i].im : x[i].re, MPFR_RNDN);
				double ulps = 0.0, e = mpfr_get_d(exact, MPFR_RNDN);
				if (!ex_judge(exact, got[at], fabs(e), p, &ulps) && failures++ == 0)
					snprintf(detail, detail_size,
						 "element (%d, %d)%s: got %.17g, exact %.17g, %.3g ulps off",
						 by_rows ? j : i, by_rows ? i : j,
						 w == 2 ? (part ? " im" : " re") : "", got[at], e, ulps);
				if (!(ulps <= *worst))
					*worst = ulps;
			}
	}
	for (int i = 0; i < p; i++)
		mpc_clear(&x[i]);
	mpc_clear(&bb);
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

typedef void cblas_trsm_fn(int layout, int side, int uplo, int trans, int diag, int m, int n,
			   const void *alpha, const void *a, int lda, void *b, int ldb);
void cblas_dtrsm(int layout, int side, int uplo, int trans, int diag, int m, int n,
		 double alpha, const double *a, int lda, double *b, int ldb);
void cblas_ztrsm(int layout, int side, int uplo, int trans, int diag, int m, int n,
		 const void *alpha, const void *a, int lda, void *b, int ldb);

enum { ROW = 101, COL = 102, UPPER = 121, LOWER = 122, NONUNIT = 131, UNIT = 132, LEFT = 141,
       RIGHT = 142 };

/* The CBLAS entry in a layout: column major as the Fortran call; row major
 * with B's memory read as B^T (n x m), side and uplo swapped. */
static void call_cblas(const struct trsm_case *c, int layout, double *b)
{
	int row = layout == ROW;
	int side = (c->side == 'L') != row ? LEFT : RIGHT;
	int uplo = (c->uplo == 'U') != row ? UPPER : LOWER;
	int trans = c->trans == 'N' ? 111 : c->trans == 'T' ? 112 : 113;
	int diag = c->diag == 'U' ? UNIT : NONUNIT;
	int m = row ? c->n : c->m, n = row ? c->m : c->n;
	if (c->complex)
		cblas_ztrsm(layout, side, uplo, trans, diag, m, n, c->alpha, c->a, c->lda, b, c->ldb);
	else
		cblas_dtrsm(layout, side, uplo, trans, diag, m, n, c->alpha[0], c->a, c->lda, b,
			    c->ldb);
}

/* Puts Inf or NaN in A's stored triangle or in B. */
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
		int i, j;
		do {
			j = splitmix64_int(rng, 0, p - 1);
			i = c->uplo == 'U' ? splitmix64_int(rng, 0, j) : splitmix64_int(rng, j, p - 1);
		} while (i == j && c->diag == 'U');
		c->a[((size_t)j * c->lda + i) * w + splitmix64_int(rng, 0, w - 1)] = v;
	}
}

/* One case: twofold's entries against the reference's and MPFR. */
static void run_case(enum set set, struct trsm_case *c)
{
	static trsm_fn *reference[2];
	if (!reference[0]) {
		reference[0] = (trsm_fn *)bh_reference("dtrsm_");
		reference[1] = (trsm_fn *)bh_reference("ztrsm_");
	}
	const char *routine = c->complex ? "ztrsm" : "dtrsm";
	const char *cblas = c->complex ? "cblas_ztrsm" : "cblas_dtrsm";
	int w = c->complex ? 2 : 1;
	size_t size = (size_t)w * c->ldb * c->n;
	double *got = allocate(size), *ref = allocate(size), *other = allocate(size);
	char label[160], detail[200] = "";
	snprintf(label, sizeof label, "%s %c%c%c%c m=%d n=%d lda=%d ldb=%d alpha=(%g, %g)%s",
		 routine, c->side, c->uplo, c->trans, c->diag, c->m, c->n, c->lda, c->ldb,
		 c->alpha[0], c->alpha[1], on_device ? " on device arrays" : "");
	memcpy(got, c->b, size * sizeof *got);
	memcpy(ref, c->b, size * sizeof *got);
	call_twofold(c->complex ? ztrsm_ : dtrsm_, c, got);
	call(reference[c->complex], c, ref);
	for (int j = 0; j < c->n; j++)
		hash(got + (size_t)j * c->ldb * w, (size_t)c->m * w);
	for (int layout = ROW; layout <= COL && !on_device; layout++) {
		memcpy(other, c->b, size * sizeof *got);
		call_cblas(c, layout, other);
		size_t i = 0;
		while (i < size && bh_same(other[i], got[i]))
			i++;
		bh_verdict(cblas, i == size, "%s, %s major: element %zu is %.17g, %s_ gives %.17g",
			   label, layout == ROW ? "row" : "column", i, other[i], routine, got[i]);
	}
	if (set == BIG)
		goto done;
	/* B's rows past m: not written */
	long outside = 0;
	for (int j = 0; j < c->n; j++)
		for (int i = c->m * w; i < c->ldb * w; i++)
			outside += !isnan(got[(size_t)j * c->ldb * w + i]);
	bh_verdict(routine, outside == 0, "%s: %ld elements written past row m", label, outside);
	if (bh_mode == BH_CPU || set == NONFINITE) {
		/* cpu: the reference's bits; dd: a non-finite element the reference's */
		long differ = 0;
		for (size_t i = 0; i < size; i++)
			if ((bh_mode == BH_CPU || !isfinite(got[i])) && !bh_same(got[i], ref[i]) &&
			    differ++ == 0)
				snprintf(detail, sizeof detail, "element %zu: got %.17g, reference %.17g",
					 i, got[i], ref[i]);
		bh_verdict(routine, differ == 0, "%s: %ld elements differ from the reference; %s",
			   label, differ, detail);
	}
	if (set == NONFINITE || (bh_mode == BH_CPU && set != ILL))
		goto done;
	double worst = 0.0;
	long failures = judge(c, got, &worst, detail, sizeof detail);
	if (worst > worst_ulps[set])
		worst_ulps[set] = worst;
	if (bh_mode == BH_CPU)
		bh_ill_conditioned(routine, failures == 0);
	else
		bh_verdict(routine, failures == 0, "%s: %ld elements outside the bounds (worst %.3g ulps); %s",
			   label, failures, worst, detail);
done:
	free(got);
	free(ref);
	free(other);
}

/* complexes: 2 for dtrsm and ztrsm, 1 for dtrsm only. */
static void run_set(enum set set, int complexes)
{
	static const char sides[] = "LR", uplos[] = "UL", transes[] = "NTC", diags[] = "NU";
	uint64_t rng = 0x7472736d + set; /* "trsm" */
	for (int complex = 0; complex < complexes; complex++)
		for (int si = 0; si < 2; si++)
			for (int ui = 0; ui < 2; ui++)
				for (int ti = 0; ti < 3; ti++)
					for (int di = 0; di < 2; di++) {
						if (set == ILL && diags[di] == 'U')
							continue; /* no diagonal to make small */
						if (set == WIDE && (transes[ti] == 'C' || diags[di] == 'U'))
							continue; /* C is T for real A; the large set has U */
						int rounds = set == NONFINITE ? 4 : set == RANDOM || set == ILL ? 2 : 1;
						for (int round = 0; round < rounds; round++) {
							struct trsm_case c = {
								.complex = complex, .side = sides[si],
								.uplo = uplos[ui], .trans = transes[ti],
								.diag = diags[di],
							};
							int most = set == BIG ? 400 : 70;
							c.m = splitmix64_int(&rng, 1, most);
							c.n = splitmix64_int(&rng, 1, most);
							if (set == BLOCKS) {
								int p = splitmix64_int(&rng, 65, 150);
								int q = splitmix64_int(&rng, 17, 40);
								c.m = c.side == 'L' ? p : q;
								c.n = c.side == 'L' ? q : p;
							}
							if (set == LARGE) {
								int p = splitmix64_int(&rng, 129, 260);
								int q = splitmix64_int(&rng, 1, 12);
								c.m = c.side == 'L' ? p : q;
								c.n = c.side == 'L' ? q : p;
							}
							if (set == WIDE) {
								int p = splitmix64_int(&rng, 513, 700);
								int q = splitmix64_int(&rng, 33, 36);
								c.m = c.side == 'L' ? p : q;
								c.n = c.side == 'L' ? q : p;
							}
							c.lda = order(&c) + splitmix64_int(&rng, 0, 3);
							c.ldb = c.m + splitmix64_int(&rng, 0, 3);
							pick_alpha(&rng, &c, splitmix64_int(&rng, 0, 3));
							double small = set == ILL ? pow(10.0, -splitmix64_int(&rng, 4, 12)) : 1.0;
							make_case(&rng, &c, small);
							if (set == NONFINITE)
								spoil(&rng, &c);
							run_case(set, &c);
							free(c.a);
							free(c.b);
						}
					}
}

/* alpha = 0: B zero, A not read (NaN), B's rows past m untouched. */
static void run_alpha_zero(void)
{
	for (int complex = 0; complex < 2; complex++) {
		int w = complex ? 2 : 1, m = 5, n = 4, ldb = 7;
		double a[2 * 49], b[2 * 28], alpha[2] = { 0.0, 0.0 };
		for (int i = 0; i < 2 * 49; i++)
			a[i] = NAN;
		for (int i = 0; i < 2 * 28; i++)
			b[i] = NAN;
		(complex ? ztrsm_ : dtrsm_)("L", "U", "N", "N", &m, &n, alpha, a, &m, b, &ldb, 1, 1, 1, 1);
		long wrong = 0;
		for (int j = 0; j < n; j++)
			for (int i = 0; i < ldb * w; i++) {
				double v = b[j * ldb * w + i];
				wrong += i < m * w ? v != 0.0 || signbit(v) : !isnan(v);
			}
		bh_verdict(complex ? "ztrsm" : "dtrsm", wrong == 0,
			   "alpha = 0: %ld elements of B not zero or written past row m", wrong);
	}
}

int main(int argc, char **argv)
{
	bh_start(argc, argv, "[big]");
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 2 && strcmp(argv[2], "big") == 0) {
		run_set(BIG, 2);
		printf("%% bits: %016llx\n", (unsigned long long)bits_hash);
		return bh_finish();
	}
	run_alpha_zero();
	run_set(RANDOM, 2);
	run_set(ILL, 2);
	run_set(BLOCKS, 2);
	run_set(NONFINITE, 2);
#ifdef TF_TRSM_GPU
	run_set(LARGE, 2);
	run_set(WIDE, 1);
	on_device = 1;
	run_set(RANDOM, 2);
	run_set(ILL, 2);
	run_set(BLOCKS, 2);
	run_set(NONFINITE, 2);
	run_set(LARGE, 2);
	on_device = 0;
#endif
	for (int set = RANDOM; set <= WIDE; set++)
		if (set != NONFINITE && set != BIG && (bh_mode == BH_DD || set == ILL))
			printf("%% set %s: worst element %.3g ulps from the double nearest the exact "
			       "solution\n", set_names[set], worst_ulps[set]);
	printf("%% bits: %016llx\n", (unsigned long long)bits_hash);
	return bh_finish();
}
