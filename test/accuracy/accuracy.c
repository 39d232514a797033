#include "config.h"

/* Accuracy of dgemm_, dgemv_ and daxpy_ through the public entry points,
 * measured against MPFR.  Linked with the reference BLAS; run as it is, or
 * with libtwofold preloaded (test/accuracy/accuracy.sh).
 *
 *   accuracy SET...   runs the cases of each SET: "main" (random data and
 *                     ill-conditioned dot products, condition 1e0 to 1e30)
 *                     or "cancel" (cancellation-heavy, condition 1e10 to
 *                     1e18); prints one row per case and range of condition
 *                     numbers, a summary, and exits with the number of
 *                     failures (at most 255)
 *   accuracy probe    exits 0 (the program can be started here)
 *
 * Every output element is compared with its exact value
 *     exact = alpha * sum_l a_l b_l + beta * c
 * (beta * c left out when beta = 0, the sum when alpha = 0: the reference
 * reads neither then), computed exactly in MPFR (mpfr_sum of the exact
 * products; the sum is checked to be exact), and with rn, the double
 * nearest to it.  The condition number of the element is
 *     cond = S / |exact|,   S = |alpha| sum_l |a_l b_l| + |beta c|
 * (infinite when exact = 0).  Criteria, k being the length of the dot:
 *   cond <= 1e10, and every daxpy element:
 *       |got - rn| <= 1 ulp(rn)
 *   cond > 1e10 (exact = 0 included):
 *       |got - exact| <= 1 ulp(rn) + C k 2^-104 S,   C = 2
 *   that is a relative error of at most 2^-52 + C k cond 2^-104: the
 *   two-term error bound plus the final rounding to double, which no
 *   double result avoids.  When exact = 0 this asks |got| <= 2^-1074 +
 *   C k 2^-104 S, a tiny absolute error.
 * Also measured, for the report:
 *   c_obs = max(0, |got - exact| - ulp(got)/2) / (k 2^-104 S)
 *         = (relative error less the final rounding) / (cond k 2^-104),
 *   a lower bound of the two-term error's constant, and
 *   d_obs = |got - exact| / (1 ulp(rn) + 2 k 2^-53 S),
 *   the error against plain double's bound: at most 1 for any correct
 *   double BLAS, so that failures with d_obs <= 1 are lost precision, not
 *   wrong results.
 * Memory the call must not write (A, B, x; C's rows beyond m, y's elements
 * between strides) must keep its contents, bit for bit; what it must not
 * read (A's and B's rows beyond their rows, x's elements between strides;
 * A, B, x when alpha = 0; C and y when beta = 0) holds NaN. */

#include <dlfcn.h>
#include <float.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/blas/exact.h"
#include "test/f77_blas.h"
#include "test/splitmix64.h"

#define C_BOUND 2.0      /* the constant C of the criterion above */
#define LOW_COND 1e10    /* up to here, 1 ulp */
#define MAX_TERMS 2048   /* of one exact sum */
#define MAX_DETAILS 4    /* failing elements printed per case */
#define SENTINEL (-777.25)

/* ---------------------------------------------------------------- random */

/* test/splitmix64.h on this program's state, seeded per case */
static uint64_t rng_state;

static void seed(uint64_t s)
{
	rng_state = s;
}

static uint64_t rng_next(void)
{
	return splitmix64_next(&rng_state);
}

static double unif(void) /* [0, 1) */
{
	return splitmix64_unif(&rng_state);
}

static double sym(void) /* [-1, 1) */
{
	return splitmix64_sym(&rng_state);
}

static int irand(int lo, int hi) /* lo..hi */
{
	return splitmix64_int(&rng_state, lo, hi);
}

static double unit(void) /* +-[0.5, 1) */
{
	double v = 0.5 + 0.5 * unif();
	return rng_next() & 1 ? v : -v;
}

static double scaled(void) /* random sign, mantissa and exponent in -4..4 */
{
	return ldexp(sym(), irand(-4, 4));
}

/* -------------------------------------------------------------- exact sums */

/* test/blas/exact.h's exact sums; the value of the element being judged is
 * left in exact_v. */
static struct ex_sum sum;
static mpfr_t exact_v, diff_v;

static void mp_init(void)
{
	ex_sum_init(&sum, MAX_TERMS);
	mpfr_inits2(EX_PREC, exact_v, diff_v, (mpfr_ptr)0);
}

static void harness_error(const char *what)
{
	printf("harness error: %s\n", what);
	exit(99);
}

/* The exact value of alpha * sum_l a[l*inca] b[l*incb] + beta * c, left in
 * exact_v; returns S = |alpha| sum |a_l b_l| + |beta c| (approximately: it
 * only scales the bounds). */
static double exact_value(int k, const double *a, long inca, const double *b, long incb,
			  double alpha, double beta, double c)
{
	double s = 0;
	ex_sum_reset(&sum);
	if (alpha != 0) {
		for (int l = 0; l < k; l++) {
			double al = a[l * inca], bl = b[l * incb];
			ex_sum_add(&sum, al, bl, alpha);
			s += fabs(al * bl);
		}
		s *= fabs(alpha);
	}
	if (beta != 0) {
		ex_sum_add(&sum, c, beta, 1);
		s += fabs(beta * c);
	}
	ex_sum_value(&sum, exact_v);
	return s;
}

/* ------------------------------------------------------ ill-conditioned dots */

/* A dot product x.y of length n whose condition number is near target
 * (ex_gen_dot of test/blas/exact.h, on this program's random state). */
static void gen_dot(int n, double target, const double *given, double *x, double *y)
{
	ex_gen_dot(&rng_state, n, target, given, x, y);
}

/* The targets of d dots: from 10^lo to 10^hi, evenly in the exponent. */
static double target_of(int i, int d, double lo, double hi)
{
	return pow(10, d > 1 ? lo + (hi - lo) * i / (d - 1) : hi);
}

/* ------------------------------------------------------------- judging */

enum { NBINS = 7 };
static const char *const bin_name[NBINS] = { "<=1e5",     "1e5-1e10",  "1e10-1e15", "1e15-1e20",
					     "1e20-1e25", "1e25-1e30", ">1e30" };

static int bin_of(double cond)
{
	static const double edge[NBINS - 1] = { 1e5, 1e10, 1e15, 1e20, 1e25, 1e30 };
	int b = 0;
	while (b < NBINS - 1 && !(cond <= edge[b]))
		b++;
	return b;
}

struct tally {
	long count, fails;
	double max_cond, max_ulp, max_ratio, max_c, max_c_raw, max_d;
};

static void tally_add(struct tally *t, const struct tally *e)
{
	t->count += e->count;
	t->fails += e->fails;
	if (e->max_cond > t->max_cond)
		t->max_cond = e->max_cond;
	if (!(e->max_ulp <= t->max_ulp))
		t->max_ulp = e->max_ulp;
	if (!(e->max_ratio <= t->max_ratio))
		t->max_ratio = e->max_ratio;
	if (!(e->max_c <= t->max_c))
		t->max_c = e->max_c;
	if (!(e->max_c_raw <= t->max_c_raw))
		t->max_c_raw = e->max_c_raw;
	if (!(e->max_d <= t->max_d))
		t->max_d = e->max_d;
}

static struct tally row[NBINS];          /* the case being checked */
static struct tally dot_total[NBINS];    /* every gemm and gemv element */
static struct tally axpy_total[NBINS];   /* every daxpy element */
static long axpy_not_rounded;            /* daxpy elements not correctly rounded */
static long cases, rows_printed, rows_failed, other_failures;
static int details;                      /* failing elements printed for this case */
static char case_name[200];

static double ulp_of(double x)
{
	x = fabs(x);
	if (isinf(x))
		return INFINITY;
	if (!(x >= DBL_MIN))
		return 0x1p-1074;
	return ldexp(1, ilogb(x) - (DBL_MANT_DIG - 1));
}

/* Judges one element, got, against exact_v (left by exact_value, which
 * returned s); k is the dot length, axpy says it is a daxpy element. */
static void judge(const char *elem, double got, double s, int k, int axpy)
{
	double rn = mpfr_get_d(exact_v, MPFR_RNDN);
	double ulp = ulp_of(rn);
	double cond = mpfr_zero_p(exact_v) ? INFINITY : s / fabs(rn);
	double err_ulp = fabs(got - rn) / ulp;
	double err;
	if (isfinite(got)) {
		mpfr_sub_d(diff_v, exact_v, got, MPFR_RNDN);
		err = fabs(mpfr_get_d(diff_v, MPFR_RNDN));
	} else {
		err = INFINITY; /* a NaN counts as the largest error */
		err_ulp = err;
	}
	double ratio;
	int low = axpy || cond <= LOW_COND;
	if (low)
		ratio = err_ulp;
	else
		ratio = err / (ulp + C_BOUND * k * 0x1p-104 * s);
	double unit104 = k * 0x1p-104 * s;
	double excess = err - 0.5 * ulp_of(got);
	double c_obs = excess <= 0 ? 0 : unit104 > 0 ? excess / unit104 : INFINITY;
	double c_raw = err == 0 ? 0 : unit104 > 0 ? err / unit104 : INFINITY;
	double d_obs = err / (ulp + 2.0 * k * 0x1p-53 * s);
	int fail = !(ratio <= 1);

	struct tally *t = &row[bin_of(cond)];
	t->count++;
	if (cond > t->max_cond)
		t->max_cond = cond;
	if (!(err_ulp <= t->max_ulp))
		t->max_ulp = err_ulp;
	if (!(ratio <= t->max_ratio))
		t->max_ratio = ratio;
	if (!(c_obs <= t->max_c))
		t->max_c = c_obs;
	if (!(c_raw <= t->max_c_raw))
		t->max_c_raw = c_raw;
	if (!(d_obs <= t->max_d))
		t->max_d = d_obs;
	if (axpy && got != rn)
		axpy_not_rounded++;
	if (fail) {
		t->fails++;
		if (details++ < MAX_DETAILS) {
			mpfr_printf("#   FAIL %s: %s cond %.3g: expected %.17g (exact %.25Rg), got %.17g:"
			       " %.3g ulp, error/bound %.3g\n",
			       case_name, elem, cond, rn, exact_v, got, err_ulp, ratio);
		}
	}
}

/* Memory that the call must leave alone. */
static void judge_untouched(const char *what, long index, double now, double before)
{
	if (memcmp(&now, &before, sizeof now) != 0) {
		other_failures++;
		if (details++ < MAX_DETAILS)
			printf("#   FAIL %s: %s[%ld] is not the call's to write, and changed from %.17g to %.17g\n",
			       case_name, what, index, before, now);
	}
}

/* Inputs, which the call must not write. */
static double *copy_of(const double *v, long n)
{
	double *c = malloc(sizeof(double) * (size_t)(n ? n : 1));
	if (!c)
		harness_error("out of memory");
	memcpy(c, v, sizeof(double) * (size_t)n);
	return c;
}

static void judge_input(const char *what, const double *now, double *before, long n)
{
	for (long i = 0; i < n; i++)
		judge_untouched(what, i, now[i], before[i]);
	free(before);
}

static void begin_case(void)
{
	memset(row, 0, sizeof row);
	details = 0;
	cases++;
}

static const char *num(double v, char *buf)
{
	snprintf(buf, 16, "%.3g", v);
	return buf;
}

static void print_header(void)
{
	printf("%% %-6s %-5s %6s %5s %5s %4s %4s %-8s %-8s %-9s %7s %8s %10s %10s %s\n", "op", "trans",
	       "m", "n", "k", "incx", "incy", "alpha", "beta", "cond", "entries", "maxcond",
	       "maxerr_ulp", "err/bound", "status");
}

/* One row per range of condition numbers met in the case. */
static void end_case(const char *op, const char *trans, int m, int n, int k, const char *incx,
		     const char *incy, double alpha, double beta, int axpy)
{
	char ab[2][16];
	for (int b = 0; b < NBINS; b++) {
		struct tally *t = &row[b];
		if (!t->count)
			continue;
		printf("  %-6s %-5s %6d %5d %5d %4s %4s %-8s %-8s %-9s %7ld %8.2g %10.3g %10.3g %s\n", op,
		       trans, m, n, k, incx, incy, num(alpha, ab[0]), num(beta, ab[1]), bin_name[b],
		       t->count, t->max_cond, t->max_ulp, t->max_ratio, t->fails ? "FAIL" : "pass");
		rows_printed++;
		if (t->fails)
			rows_failed++;
		tally_add(axpy ? &axpy_total[b] : &dot_total[b], t);
	}
	if (details > MAX_DETAILS)
		printf("#   ... and %d more failures in this case\n", details - MAX_DETAILS);
}

/* ------------------------------------------------------------------ gemm */

enum gen {
	GEN_RANDOM, /* random entries of random exponents */
	GEN_DIAG,   /* row i of op(A) and column i of op(B) an ill-conditioned pair */
	GEN_ROWS    /* op(B)'s columns one unit vector scaled by powers of 2, op(A)'s
		       rows ill-conditioned against it: every entry ill-conditioned */
};

enum fill {
	FILL_NONE = 0,
	FILL_C_NAN = 1,   /* C full of NaN (with beta = 0: not read) */
	FILL_AB_NAN = 2,  /* A and B (or A and x) full of NaN (with alpha = 0) */
	FILL_CANCEL = 4   /* C (or y) chosen so that beta c cancels alpha op(A) op(B) */
};

struct gemm_case {
	char ta, tb;
	int m, n, k;
	enum gen gen;
	double lo, hi; /* exponents of the condition numbers aimed at, or of the
			  relative gaps left by FILL_CANCEL */
	double alpha, beta;
	int fill;
};

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		harness_error("out of memory");
	return p;
}

/* A c that cancels alpha s, s the exact dot left in exact_v: c =
 * -rn(alpha s) (1 + gap) / beta, rounded, with a gap of +-10^-u, u in
 * [lo, hi], or (one time in four) no gap. */
static double cancelling(double alpha, double beta, double lo, double hi)
{
	double u = lo + (hi - lo) * unif();
	mpfr_mul_d(diff_v, exact_v, alpha, MPFR_RNDN);
	double target = mpfr_get_d(diff_v, MPFR_RNDN);
	if (irand(0, 3) != 0)
		target += target * pow(10, -u) * (rng_next() & 1 ? 1 : -1);
	return -target / beta;
}

static void run_gemm(const struct gemm_case *g, uint64_t s)
{
	seed(s);
	int m = g->m, n = g->n, k = g->k;
	int ra = g->ta == 'N' ? m : k, ca = g->ta == 'N' ? k : m;
	int rb = g->tb == 'N' ? k : n, cb = g->tb == 'N' ? n : k;
	int lda = ra + 3, ldb = rb + 2, ldc = m + 1;
	double *a = xmalloc(sizeof(double) * (size_t)lda * ca);
	double *b = xmalloc(sizeof(double) * (size_t)ldb * cb);
	double *c = xmalloc(sizeof(double) * (size_t)ldc * n);
	double *c0 = xmalloc(sizeof(double) * (size_t)ldc * n);
	double *xv = xmalloc(sizeof(double) * (size_t)k), *yv = xmalloc(sizeof(double) * (size_t)k);
	double *gv = xmalloc(sizeof(double) * (size_t)k);
	for (long i = 0; i < (long)lda * ca; i++)
		a[i] = NAN;
	for (long i = 0; i < (long)ldb * cb; i++)
		b[i] = NAN;
	/* op(A)(i, l) and op(B)(l, j) */
	long a_row = g->ta == 'N' ? 1 : lda, a_col = g->ta == 'N' ? lda : 1;
	long b_row = g->tb == 'N' ? 1 : ldb, b_col = g->tb == 'N' ? ldb : 1;
#define OPA(i, l) a[(i) * a_row + (l) * a_col]
#define OPB(l, j) b[(l) * b_row + (j) * b_col]
	if (!(g->fill & FILL_AB_NAN)) {
		switch (g->gen) {
		case GEN_RANDOM:
			for (int i = 0; i < m; i++)
				for (int l = 0; l < k; l++)
					OPA(i, l) = scaled();
			for (int j = 0; j < n; j++)
				for (int l = 0; l < k; l++)
					OPB(l, j) = scaled();
			break;
		case GEN_DIAG: {
			int d = m < n ? m : n;
			for (int i = 0; i < (m > n ? m : n); i++) {
				double target = i < d ? target_of(i, d, g->lo, g->hi)
						      : pow(10, g->lo + (g->hi - g->lo) * unif());
				gen_dot(k, target, NULL, xv, yv);
				for (int l = 0; l < k; l++) {
					if (i < m)
						OPA(i, l) = xv[l];
					if (i < n)
						OPB(l, i) = yv[l];
				}
			}
			break;
		}
		case GEN_ROWS:
			for (int l = 0; l < k; l++)
				gv[l] = unit();
			for (int j = 0; j < n; j++) {
				double f = ldexp(rng_next() & 1 ? 1 : -1, irand(-3, 3));
				for (int l = 0; l < k; l++)
					OPB(l, j) = gv[l] * f;
			}
			for (int i = 0; i < m; i++) {
				gen_dot(k, target_of(i, m, g->lo, g->hi), gv, NULL, yv);
				for (int l = 0; l < k; l++)
					OPA(i, l) = yv[l];
			}
			break;
		}
	}
	for (int j = 0; j < n; j++) {
		for (int i = 0; i < ldc; i++) {
			double v;
			if (i >= m)
				v = SENTINEL;
			else if (g->fill & FILL_C_NAN)
				v = NAN;
			else if (g->fill & FILL_CANCEL) {
				exact_value(k, &OPA(i, 0), a_col, &OPB(0, j), b_row, 1, 0, 0);
				v = cancelling(g->alpha, g->beta, g->lo, g->hi);
			} else
				v = sym();
			c[i + (long)j * ldc] = c0[i + (long)j * ldc] = v;
		}
	}

	char ta[2] = { g->ta, 0 }, tb[2] = { g->tb, 0 };
	snprintf(case_name, sizeof case_name, "dgemm %c%c m=%d n=%d k=%d alpha=%.17g beta=%.17g", g->ta,
		 g->tb, m, n, k, g->alpha, g->beta);
	double *a0 = copy_of(a, (long)lda * ca), *b0 = copy_of(b, (long)ldb * cb);
	begin_case();
	dgemm_(ta, tb, &m, &n, &k, &g->alpha, a, &lda, b, &ldb, &g->beta, c, &ldc, 1, 1);
	judge_input("A", a, a0, (long)lda * ca);
	judge_input("B", b, b0, (long)ldb * cb);
	for (int j = 0; j < n; j++) {
		for (int i = 0; i < m; i++) {
			char elem[40];
			snprintf(elem, sizeof elem, "C(%d,%d)", i + 1, j + 1);
			double s = exact_value(k, &OPA(i, 0), a_col, &OPB(0, j), b_row, g->alpha, g->beta,
					       c0[i + (long)j * ldc]);
			judge(elem, c[i + (long)j * ldc], s, k, 0);
		}
		for (int i = m; i < ldc; i++)
			judge_untouched("C", i + (long)j * ldc, c[i + (long)j * ldc], c0[i + (long)j * ldc]);
	}
#undef OPA
#undef OPB
	char tt[3] = { g->ta, g->tb, 0 };
	end_case("dgemm", tt, m, n, k, "-", "-", g->alpha, g->beta, 0);
	free(a), free(b), free(c), free(c0), free(xv), free(yv), free(gv);
}

/* ------------------------------------------------------------------ gemv */

struct gemv_case {
	char trans;
	int m, n, incx, incy;
	enum gen gen; /* GEN_RANDOM or GEN_ROWS (every dot ill-conditioned) */
	double lo, hi;
	double alpha, beta;
	int fill;
};

/* Where logical element i of a vector of length len lies, as the reference
 * places it: from the start for inc > 0, from the end for inc < 0. */
static long at(int i, int len, int inc)
{
	return inc >= 0 ? (long)i * inc : (long)(len - 1 - i) * -inc;
}

static long span(int len, int inc)
{
	return inc == 0 ? 1 : 1 + (long)(len - 1) * (inc < 0 ? -inc : inc);
}

static void run_gemv(const struct gemv_case *g, uint64_t s)
{
	seed(s);
	int m = g->m, n = g->n, lda = m + 2;
	int lx = g->trans == 'N' ? n : m, ly = g->trans == 'N' ? m : n; /* lx: the dot length */
	double *a = xmalloc(sizeof(double) * (size_t)lda * n);
	double *x = xmalloc(sizeof(double) * (size_t)span(lx, g->incx));
	double *y = xmalloc(sizeof(double) * (size_t)span(ly, g->incy));
	double *y0 = xmalloc(sizeof(double) * (size_t)span(ly, g->incy));
	double *xl = xmalloc(sizeof(double) * (size_t)lx), *dv = xmalloc(sizeof(double) * (size_t)lx);
	for (long i = 0; i < (long)lda * n; i++)
		a[i] = NAN;
	for (long i = 0; i < span(lx, g->incx); i++)
		x[i] = NAN;
	for (long i = 0; i < span(ly, g->incy); i++)
		y[i] = SENTINEL;
	/* dot i: op(A)'s row i, from A(i, 0) (stride lda) or A(0, i) (stride 1) */
	long d_start = g->trans == 'N' ? 1 : lda, d_step = g->trans == 'N' ? lda : 1;
	for (int l = 0; l < lx; l++)
		xl[l] = g->fill & FILL_AB_NAN ? NAN : g->gen == GEN_RANDOM ? scaled() : unit();
	if (!(g->fill & FILL_AB_NAN)) {
		for (int i = 0; i < ly; i++) {
			if (g->gen == GEN_RANDOM)
				for (int l = 0; l < lx; l++)
					dv[l] = scaled();
			else
				gen_dot(lx, target_of(i, ly, g->lo, g->hi), xl, NULL, dv);
			for (int l = 0; l < lx; l++)
				a[i * d_start + l * d_step] = dv[l];
		}
	}
	for (int l = 0; l < lx; l++)
		x[at(l, lx, g->incx)] = xl[l];
	for (int i = 0; i < ly; i++) {
		double v;
		if (g->fill & FILL_C_NAN)
			v = NAN;
		else if (g->fill & FILL_CANCEL) {
			exact_value(lx, &a[i * d_start], d_step, xl, 1, 1, 0, 0);
			v = cancelling(g->alpha, g->beta, g->lo, g->hi);
		} else
			v = sym();
		y[at(i, ly, g->incy)] = v;
	}
	memcpy(y0, y, sizeof(double) * (size_t)span(ly, g->incy));

	char t[2] = { g->trans, 0 };
	snprintf(case_name, sizeof case_name, "dgemv %c m=%d n=%d incx=%d incy=%d alpha=%.17g beta=%.17g",
		 g->trans, m, n, g->incx, g->incy, g->alpha, g->beta);
	double *a0 = copy_of(a, (long)lda * n), *x0 = copy_of(x, span(lx, g->incx));
	begin_case();
	dgemv_(t, &m, &n, &g->alpha, a, &lda, x, &g->incx, &g->beta, y, &g->incy, 1);
	judge_input("A", a, a0, (long)lda * n);
	judge_input("x", x, x0, span(lx, g->incx));
	for (int i = 0; i < ly; i++) {
		char elem[40];
		snprintf(elem, sizeof elem, "y(%d)", i + 1);
		long p = at(i, ly, g->incy);
		double s = exact_value(lx, &a[i * d_start], d_step, xl, 1, g->alpha, g->beta, y0[p]);
		judge(elem, y[p], s, lx, 0);
	}
	for (long p = 0; p < span(ly, g->incy); p++)
		if (g->incy != 0 && p % (g->incy < 0 ? -g->incy : g->incy) != 0)
			judge_untouched("y", p, y[p], y0[p]);
	char incx[12], incy[12];
	snprintf(incx, sizeof incx, "%d", g->incx);
	snprintf(incy, sizeof incy, "%d", g->incy);
	end_case("dgemv", t, m, n, lx, incx, incy, g->alpha, g->beta, 0);
	free(a), free(x), free(y), free(y0), free(xl), free(dv);
}

/* ----------------------------------------------------------------- daxpy */

struct axpy_case {
	int n, incx, incy;
	int cancel;    /* y chosen to cancel alpha x, relative gaps 10^-lo..10^-hi */
	double lo, hi;
	double alpha;
	int x_nan;     /* x full of NaN (with alpha = 0: not read) */
};

static void run_axpy(const struct axpy_case *g, uint64_t s)
{
	seed(s);
	int n = g->n;
	long sx = span(n, g->incx), sy = span(n, g->incy);
	double *x = xmalloc(sizeof(double) * (size_t)sx);
	double *y = xmalloc(sizeof(double) * (size_t)sy), *y0 = xmalloc(sizeof(double) * (size_t)sy);
	for (long i = 0; i < sx; i++)
		x[i] = NAN;
	for (long i = 0; i < sy; i++)
		y[i] = SENTINEL;
	for (int i = 0; i < n; i++)
		if (!g->x_nan && (g->incx != 0 || i == 0))
			x[at(i, n, g->incx)] = ldexp(sym(), irand(-30, 30));
	for (int i = 0; i < n; i++) {
		double xi = x[at(i, n, g->incx)], v;
		if (g->cancel && !g->x_nan) {
			/* alpha x + y small: y = -rn(alpha x) (1 + gap), rounded */
			double p = g->alpha * xi;
			double u = g->lo + (g->hi - g->lo) * unif();
			v = irand(0, 3) == 0 ? -p : -(p + p * pow(10, -u) * (rng_next() & 1 ? 1 : -1));
		} else
			v = ldexp(sym(), irand(-30, 30));
		y[at(i, n, g->incy)] = v;
	}
	memcpy(y0, y, sizeof(double) * (size_t)sy);

	snprintf(case_name, sizeof case_name, "daxpy n=%d incx=%d incy=%d alpha=%.17g", n, g->incx,
		 g->incy, g->alpha);
	double *x0 = copy_of(x, sx);
	begin_case();
	daxpy_(&n, &g->alpha, x, &g->incx, y, &g->incy);
	judge_input("x", x, x0, sx);
	for (int i = 0; i < n; i++) {
		char elem[40];
		snprintf(elem, sizeof elem, "y(%d)", i + 1);
		long p = at(i, n, g->incy);
		double s = exact_value(1, &x[at(i, n, g->incx)], 1, &(double){ 1 }, 1, g->alpha, 1, y0[p]);
		judge(elem, y[p], s, 1, 1);
	}
	for (long p = 0; p < sy; p++)
		if (g->incy != 0 && p % (g->incy < 0 ? -g->incy : g->incy) != 0)
			judge_untouched("y", p, y[p], y0[p]);
	char incx[12], incy[12];
	snprintf(incx, sizeof incx, "%d", g->incx);
	snprintf(incy, sizeof incy, "%d", g->incy);
	end_case("daxpy", "-", n, 1, 1, incx, incy, g->alpha, 1, 1);
	free(x), free(y), free(y0);
}

/* ----------------------------------------------------------------- the sets */

#define THIRD (1.0 / 3)

/* main: random data, and ill-conditioned dots with condition 1e0 to 1e30;
 * all transposes, strides of both signs, alpha and beta varied (beta = 0
 * over a C or y of NaN, alpha = 0 over A, B, x of NaN). */
static const struct gemm_case main_gemm[] = {
	{ 'N', 'N', 37, 29, 211, GEN_RANDOM, 0, 0, 1, 0, FILL_C_NAN },
	{ 'N', 'T', 37, 29, 211, GEN_RANDOM, 0, 0, -0.1, 1, 0 },
	{ 'T', 'N', 37, 29, 211, GEN_RANDOM, 0, 0, 2, THIRD, 0 },
	{ 'T', 'T', 37, 29, 211, GEN_RANDOM, 0, 0, 0.5, -1, 0 },
	{ 'N', 'N', 24, 20, 1000, GEN_DIAG, 0, 30, 1, 1, 0 },
	{ 'N', 'T', 24, 20, 1000, GEN_DIAG, 0, 30, -1, 0, FILL_C_NAN },
	{ 'T', 'N', 20, 24, 1000, GEN_DIAG, 0, 30, THIRD, -2.5, 0 },
	{ 'T', 'T', 20, 24, 1000, GEN_DIAG, 0, 30, -3.7, 0.1, 0 },
	{ 'N', 'N', 100, 96, 48, GEN_DIAG, 0, 30, 0.5, 0.5, 0 },
	{ 'N', 'T', 96, 100, 48, GEN_DIAG, 0, 30, 1, -1, 0 },
	{ 'T', 'N', 100, 96, 48, GEN_DIAG, 0, 30, -2, 0, FILL_C_NAN },
	{ 'T', 'T', 96, 100, 48, GEN_DIAG, 0, 30, 0.1, THIRD, 0 },
	{ 'N', 'N', 30, 7, 500, GEN_ROWS, 0, 30, 1, 0, 0 },
	{ 'T', 'N', 30, 7, 500, GEN_ROWS, 0, 30, -0.7, 1, 0 },
	{ 'N', 'T', 12, 9, 100, GEN_RANDOM, 0, 16, 1.5, -0.3, FILL_CANCEL },
	{ 'T', 'T', 12, 9, 100, GEN_RANDOM, 0, 16, THIRD, 2, FILL_CANCEL },
	{ 'T', 'N', 9, 7, 50, GEN_RANDOM, 0, 0, 0, -0.75, FILL_AB_NAN },
	{ 'N', 'N', 9, 7, 50, GEN_RANDOM, 0, 0, 0, 0, FILL_AB_NAN | FILL_C_NAN },
	{ 'N', 'T', 5, 6, 1, GEN_RANDOM, 0, 0, -1, 1, 0 },
	{ 'T', 'T', 3, 4, 7, GEN_DIAG, 0, 30, 1, 0, 0 },
	/* large enough for blocked and threaded code to cut C and k */
	{ 'N', 'N', 131, 130, 260, GEN_RANDOM, 0, 0, -0.3, 0.6, 0 },
	{ 'T', 'N', 140, 5, 600, GEN_ROWS, 0, 30, 1.1, 0, FILL_C_NAN },
	{ 'N', 'T', 130, 132, 40, GEN_DIAG, 0, 30, -1, 1, 0 },
};

static const struct gemv_case main_gemv[] = {
	{ 'N', 200, 150, 1, 1, GEN_RANDOM, 0, 0, 1, 0, FILL_C_NAN },
	{ 'T', 150, 200, -2, 3, GEN_RANDOM, 0, 0, -0.1, THIRD, 0 },
	{ 'N', 60, 1000, 1, 1, GEN_ROWS, 0, 30, 1, 1, 0 },
	{ 'N', 60, 1000, -1, 2, GEN_ROWS, 0, 30, -2.5, 0, FILL_C_NAN },
	{ 'N', 60, 1000, 3, -1, GEN_ROWS, 0, 30, THIRD, -1, 0 },
	{ 'N', 60, 1000, -2, -3, GEN_ROWS, 0, 30, 0.5, 0.1, 0 },
	{ 'T', 1000, 60, 1, 1, GEN_ROWS, 0, 30, 1, 0, 0 },
	{ 'T', 1000, 60, -1, -1, GEN_ROWS, 0, 30, -1, 2, 0 },
	{ 'T', 1000, 60, 2, -2, GEN_ROWS, 0, 30, 0.1, -THIRD, 0 },
	{ 'T', 1000, 60, -3, 1, GEN_ROWS, 0, 30, 3.5, 0, FILL_C_NAN },
	{ 'N', 20, 300, -1, 1, GEN_RANDOM, 0, 16, 1.25, -0.6, FILL_CANCEL },
	{ 'T', 300, 20, 2, -1, GEN_RANDOM, 0, 16, -0.9, 0.3, FILL_CANCEL },
	{ 'N', 30, 40, -1, -1, GEN_RANDOM, 0, 0, 0, 1.5, FILL_AB_NAN },
	{ 'T', 30, 40, 1, 2, GEN_RANDOM, 0, 0, 0, 0, FILL_AB_NAN | FILL_C_NAN },
	{ 'N', 7, 5, 1, 1, GEN_ROWS, 0, 30, 1, 0, 0 },
	/* large enough for blocked and threaded code to cut A */
	{ 'N', 600, 120, -1, 2, GEN_ROWS, 0, 30, 0.7, -1.5, 0 },
	{ 'T', 130, 600, 2, -1, GEN_ROWS, 0, 30, -1.3, 0, FILL_C_NAN },
};

static const struct axpy_case main_axpy[] = {
	{ 1000, 1, 1, 0, 0, 0, 0.1, 0 },
	{ 1003, 1, 1, 1, 0, 18, -3.7, 0 },
	{ 1000, -1, -1, 1, 0, 18, THIRD, 0 },
	{ 1000, 2, -3, 0, 0, 0, 1.5, 0 },
	{ 1000, -2, 1, 1, 0, 18, -0.6, 0 },
	{ 999, 3, 2, 1, 5, 18, 7.1, 0 },
	{ 500, 0, 1, 1, 0, 18, 0.3, 0 },
	{ 500, 1, -1, 0, 0, 0, 0, 1 },
	{ 7, 1, 1, 1, 0, 18, -1.1, 0 },
	/* long enough for blocked and threaded code */
	{ 270001, 1, 1, 1, 0, 18, 0.7, 0 },
	{ 270000, -1, 2, 1, 0, 18, -1.9, 0 },
};

/* cancel: cancellation-heavy inputs, condition 1e10 to 1e18, every
 * transpose, strides of both signs. */
static const struct gemm_case cancel_gemm[] = {
	{ 'N', 'N', 20, 20, 1000, GEN_DIAG, 10, 18, 1, 0, FILL_C_NAN },
	{ 'N', 'T', 20, 20, 1000, GEN_DIAG, 10, 18, -0.1, 1, 0 },
	{ 'T', 'N', 20, 20, 1000, GEN_DIAG, 10, 18, 2, THIRD, 0 },
	{ 'T', 'T', 20, 20, 1000, GEN_DIAG, 10, 18, THIRD, -0.5, 0 },
	{ 'N', 'N', 16, 12, 1000, GEN_ROWS, 10, 18, -1, 0, 0 },
	{ 'N', 'T', 16, 12, 1000, GEN_ROWS, 10, 18, 0.7, -1, 0 },
	{ 'T', 'N', 16, 12, 1000, GEN_ROWS, 10, 18, 1, 0.25, 0 },
	{ 'T', 'T', 16, 12, 1000, GEN_ROWS, 10, 18, -2.5, 0, FILL_C_NAN },
	{ 'N', 'N', 24, 24, 300, GEN_RANDOM, 10, 18, 1.5, -0.3, FILL_CANCEL },
	{ 'N', 'T', 24, 24, 300, GEN_RANDOM, 10, 18, -1, 1, FILL_CANCEL },
	{ 'T', 'N', 24, 24, 300, GEN_RANDOM, 10, 18, THIRD, 2, FILL_CANCEL },
	{ 'T', 'T', 24, 24, 300, GEN_RANDOM, 10, 18, 0.1, -THIRD, FILL_CANCEL },
	{ 'N', 'N', 130, 131, 40, GEN_RANDOM, 10, 18, -0.7, 1.3, FILL_CANCEL },
};

static const struct gemv_case cancel_gemv[] = {
	{ 'N', 40, 1000, -1, -1, GEN_ROWS, 10, 18, 1, 0, FILL_C_NAN },
	{ 'N', 40, 1000, 2, -3, GEN_ROWS, 10, 18, -0.1, 1, 0 },
	{ 'T', 1000, 40, -1, 1, GEN_ROWS, 10, 18, 2, THIRD, 0 },
	{ 'T', 1000, 40, -3, -2, GEN_ROWS, 10, 18, THIRD, -0.5, 0 },
	{ 'N', 60, 300, -1, 1, GEN_RANDOM, 10, 18, 1.5, -0.3, FILL_CANCEL },
	{ 'T', 300, 60, 1, -1, GEN_RANDOM, 10, 18, -1, 1, FILL_CANCEL },
	{ 'N', 60, 300, -2, -1, GEN_RANDOM, 10, 18, 0.1, THIRD, FILL_CANCEL },
	{ 'T', 300, 60, 3, -2, GEN_RANDOM, 10, 18, THIRD, -2, FILL_CANCEL },
	{ 'N', 600, 120, -1, -1, GEN_RANDOM, 10, 18, 1, -1, FILL_CANCEL },
	{ 'T', 120, 600, -2, 1, GEN_ROWS, 10, 18, -0.4, 0, 0 },
};

static const struct axpy_case cancel_axpy[] = {
	{ 1000, 1, 1, 1, 10, 18, 0.1, 0 },
	{ 1000, -1, -1, 1, 10, 18, -3.7, 0 },
	{ 1000, 1, -1, 1, 10, 18, THIRD, 0 },
	{ 1000, -2, 3, 1, 10, 18, 1.5, 0 },
	{ 1001, 2, -2, 1, 10, 18, -0.6, 0 },
	{ 270001, -1, -1, 1, 10, 18, 2.3, 0 },
};

#define COUNT(a) (sizeof(a) / sizeof(a)[0])

static void run_set(const char *name)
{
	const struct gemm_case *gemm;
	const struct gemv_case *gemv;
	const struct axpy_case *axpy;
	size_t ngemm, ngemv, naxpy;
	uint64_t base;
	if (strcmp(name, "main") == 0) {
		gemm = main_gemm, ngemm = COUNT(main_gemm);
		gemv = main_gemv, ngemv = COUNT(main_gemv);
		axpy = main_axpy, naxpy = COUNT(main_axpy);
		base = 1000;
	} else if (strcmp(name, "cancel") == 0) {
		gemm = cancel_gemm, ngemm = COUNT(cancel_gemm);
		gemv = cancel_gemv, ngemv = COUNT(cancel_gemv);
		axpy = cancel_axpy, naxpy = COUNT(cancel_axpy);
		base = 2000;
	} else {
		printf("accuracy: no set '%s' (main, cancel)\n", name);
		exit(99);
	}
	printf("%% set %s: %zu dgemm, %zu dgemv, %zu daxpy calls\n", name, ngemm, ngemv, naxpy);
	print_header();
	for (size_t i = 0; i < ngemm; i++)
		run_gemm(&gemm[i], base + i);
	for (size_t i = 0; i < ngemv; i++)
		run_gemv(&gemv[i], base + 100 + i);
	for (size_t i = 0; i < naxpy; i++)
		run_axpy(&axpy[i], base + 200 + i);
}

/* The summary's rows: the bins of one table that hold elements.  c_obs and
 * c_raw are "-" for daxpy, whose criterion has no constant C. */
static void print_bins(const struct tally *bins, int with_c)
{
	for (int b = 0; b < NBINS; b++) {
		const struct tally *t = &bins[b];
		if (!t->count)
			continue;
		char c_obs[16] = "-", c_raw[16] = "-";
		if (with_c) {
			snprintf(c_obs, sizeof c_obs, "%.3g", t->max_c);
			snprintf(c_raw, sizeof c_raw, "%.3g", t->max_c_raw);
		}
		printf("%% %-10s %8ld %8ld %10.3g %10.3g %12s %12s %10.3g\n", bin_name[b], t->count,
		       t->fails, t->max_ulp, t->max_ratio, c_obs, c_raw, t->max_d);
	}
}

static void print_summary(void)
{
	/* The worst values over the bins that hold elements, in the order the
	 * summary prints them: gemm and gemv up to cond 1e10 (low) and above
	 * (high), daxpy, and all of them. */
	struct tally low = { 0 }, high = { 0 }, axpy = { 0 }, all = { 0 };
	for (int b = 0; b < NBINS; b++)
		if (dot_total[b].count) {
			tally_add(b <= 1 ? &low : &high, &dot_total[b]);
			tally_add(&all, &dot_total[b]);
		}
	for (int b = 0; b < NBINS; b++)
		if (axpy_total[b].count) {
			tally_add(&axpy, &axpy_total[b]);
			tally_add(&all, &axpy_total[b]);
		}
	long entries = all.count, fails = other_failures + all.fails;
	double worst_low = low.max_ulp, worst_c = high.max_c, worst_d = all.max_d;
	double worst_axpy = axpy.max_ulp;
	printf("%%\n%% summary, gemm and gemv elements (k the dot length; criterion: cond <= 1e10:"
	       " 1 ulp; above: 1 ulp + %g k 2^-104 S)\n", C_BOUND);
	printf("%% %-10s %8s %8s %10s %10s %12s %12s %10s\n", "cond", "entries", "failed", "worst_ulp",
	       "err/bound", "c_obs", "c_raw", "d_obs");
	print_bins(dot_total, 1);
	printf("%% summary, daxpy elements (criterion: 1 ulp at every condition number)\n");
	print_bins(axpy_total, 0);
	printf("%% c_obs: worst (relative error less the final rounding's half ulp) / (cond k 2^-104);"
	       " c_raw: the same with nothing taken off\n");
	printf("%% d_obs: worst error / (1 ulp + 2 k 2^-53 S), plain double's bound\n");
	printf("%% daxpy elements not correctly rounded: %ld\n", axpy_not_rounded);
	long element_fails = fails - other_failures;
	if (fails == 0)
		printf("%% verdict: every element within the bounds\n");
	if (other_failures)
		printf("%% verdict: %ld elements of memory that is not the calls' to write changed:"
		       " wrong results\n", other_failures);
	if (element_fails && worst_d <= 1)
		printf("%% verdict: %ld elements outside the bounds, all within plain double's error"
		       " bound: precision lost, as when a call computes in double\n", element_fails);
	else if (element_fails)
		printf("%% verdict: %ld elements outside the bounds, some outside even plain double's"
		       " error bound: wrong results\n", element_fails);
	printf("%% totals: cases=%ld rows=%ld failed_rows=%ld entries=%ld failures=%ld"
	       " worst_ulp_low=%.3g worst_ulp_axpy=%.3g worst_c=%.3g worst_d=%.3g\n",
	       cases, rows_printed, rows_failed, entries, fails, worst_low, worst_axpy, worst_c,
	       worst_d);
}

static void print_library(void)
{
	int (*get_mode)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "tf_get_mode");
	const char *(*mode_name)(int) = (const char *(*)(int))dlsym(RTLD_DEFAULT, "tf_mode_name");
	const char *(*blas_path)(void) = (const char *(*)(void))dlsym(RTLD_DEFAULT, "tf_cpu_blas_path");
	if (get_mode && mode_name && blas_path)
		printf("%% library: twofold, mode %s, CPU BLAS %s\n", mode_name(get_mode()), blas_path());
	else
		printf("%% library: the BLAS linked in, no twofold\n");
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "probe") == 0)
		return 0;
	if (argc < 2) {
		printf("usage: accuracy SET... (main, cancel) | probe\n");
		return 99;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	mp_init();
	print_library();
	for (int i = 1; i < argc; i++)
		run_set(argv[i]);
	print_summary();
	long fails = other_failures;
	for (int b = 0; b < NBINS; b++)
		fails += dot_total[b].fails + axpy_total[b].fails;
	return fails > 255 ? 255 : (int)fails;
}
