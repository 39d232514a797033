#include "config.h"

/* One case of GEMM, GEMV, AXPY or DOT: data made in the format, the call,
 * and every result element (or, for large GEMMs, whole rows and columns of
 * C, the edges included) compared with the exact result of the data
 * stored, computed in MPFR; inputs and the memory around the outputs
 * checked bit for bit. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cases.h"

size_t vec_at(int i, int len, int inc)
{
	return inc >= 0 ? (size_t)i * (size_t)inc : (size_t)(len - 1 - i) * (size_t)-inc;
}

size_t vec_span(int len, int inc)
{
	return inc == 0 || len <= 0 ? 1 : 1 + (size_t)(len - 1) * (size_t)(inc < 0 ? -inc : inc);
}

/* ---- MPFR work */

static mpfr_t *terms;
static mpfr_ptr *term_ptrs;
static int terms_size;
static mpfr_t sum_v, exact_v, ab_v, c_v, got_v, tmp_v;

static void mp_ready(int k)
{
	static int ready;
	if (!ready) {
		mpfr_inits2(SUM_PREC, sum_v, (mpfr_ptr)0);
		mpfr_inits2(2 * SUM_PREC, exact_v, ab_v, (mpfr_ptr)0);
		mpfr_init2(c_v, PROD_PREC);
		mpfr_init2(got_v, OUT_PREC);
		mpfr_init2(tmp_v, IN_PREC);
		ready = 1;
	}
	if (k > terms_size) {
		terms = realloc(terms, sizeof *terms * (size_t)k);
		term_ptrs = realloc(term_ptrs, sizeof *term_ptrs * (size_t)k);
		if (!terms || !term_ptrs)
			harness_error("out of memory");
		for (int l = terms_size; l < k; l++)
			mpfr_init2(terms[l], PROD_PREC);
		for (int l = 0; l < k; l++) /* realloc may have moved them */
			term_ptrs[l] = terms[l];
		terms_size = k;
	}
}

/* Exact values (and doubles, for the shadow) of n elements of an array. */
struct values {
	mpfr_t *mp;
	double *d;
	size_t n;
};

static struct values values_new(size_t n)
{
	struct values v = { xmalloc(sizeof(mpfr_t) * (n ? n : 1)), xmalloc(sizeof(double) * (n ? n : 1)), n };
	for (size_t i = 0; i < n; i++)
		mpfr_init2(v.mp[i], IN_PREC);
	return v;
}

static void values_free(struct values *v)
{
	for (size_t i = 0; i < v->n; i++)
		mpfr_clear(v->mp[i]);
	free(v->mp);
	free(v->d);
}

static void value_read(struct values *v, size_t at, const struct array *a, size_t i)
{
	elem_get(a, i, v->mp[at]);
	v->d[at] = elem_double(a, i);
}

/* A scalar: zero or not, exact, as a double. */
struct scal {
	int zero;
	mpfr_t mp;
	double d;
};

static void scal_init(struct scal *s, enum format fmt, union scalar v)
{
	mpfr_init2(s->mp, IN_PREC);
	scalar_get(fmt, v, s->mp);
	s->zero = scalar_is_zero(fmt, v);
	s->d = scalar_double(fmt, v);
}

/* exact_v := alpha sum_l a_l b_l + beta c (the sum left out when alpha is
 * zero or k = 0, beta c when beta is zero), exactly; returns S =
 * |alpha| sum |a_l b_l| + |beta c|; *shadow is the same computed in double
 * (float with single), the sum in order. */
static double exact_dot(int k, mpfr_t *a, const double *ad, long as, mpfr_t *b, const double *bd,
			long bs, const struct scal *alpha, const struct scal *beta, mpfr_srcptr c,
			double cd, int single, double *shadow)
{
	double s = 0, sd = 0;
	float sf = 0;
	mp_ready(k);
	mpfr_set_zero(exact_v, 1);
	if (k > 0 && (!alpha || !alpha->zero)) {
		double sabs = 0;
		for (int l = 0; l < k; l++) {
			EXACT(mpfr_mul(terms[l], a[l * as], b[l * bs], MPFR_RNDN));
			sabs += fabs(mpfr_get_d(terms[l], MPFR_RNDN));
			sd += ad[l * as] * bd[l * bs];
			sf += (float)ad[l * as] * (float)bd[l * bs];
		}
		EXACT(mpfr_sum(sum_v, term_ptrs, (unsigned long)k, MPFR_RNDN));
		if (alpha) {
			EXACT(mpfr_mul(exact_v, sum_v, alpha->mp, MPFR_RNDN));
			s = sabs * fabs(alpha->d);
			sd *= alpha->d;
			sf *= (float)alpha->d;
		} else {
			EXACT(mpfr_set(exact_v, sum_v, MPFR_RNDN));
			s = sabs;
		}
	}
	if (beta && !beta->zero) {
		EXACT(mpfr_mul(c_v, c, beta->mp, MPFR_RNDN));
		EXACT(mpfr_add(exact_v, exact_v, c_v, MPFR_RNDN));
		s += fabs(mpfr_get_d(c_v, MPFR_RNDN));
		sd += beta->d * cd;
		sf += (float)beta->d * (float)cd;
	}
	*shadow = single ? (double)sf : sd;
	return s;
}

/* Ogita, Rump and Oishi's generator (Algorithm 6.1 of "Accurate sum and
 * dot product", SIAM J. Sci. Comput. 26(6), 2005), for a given x (exact,
 * |x_l| in [0.5, 1)): the first half of the y_l get random exponents up to
 * log2(target), the largest first; each of the others brings the exact
 * partial sum down to a random number whose exponent falls linearly to 0.
 * Rounding y_l to the format only shifts the sums a little: the condition
 * numbers come out near target, and the exact values are read back from
 * what is stored. */
static void gen_ill(int k, mpfr_t *x, long xs, double target, struct array *y)
{
	int *perm = xmalloc(sizeof(int) * (size_t)(k ? k : 1));
	rng_permutation(perm, k);
	double half = 0.5 * log2(target < 1 ? 1 : target);
	int n2 = k >= 2 ? k / 2 : 1;
	mp_ready(1);
	mpfr_set_zero(sum_v, 1);
	for (int l = 0; l < k; l++) {
		int p = perm[l], e;
		if (l < n2) {
			e = l == 0 ? (int)lround(half) + 1 : l == n2 - 1 ? 0 : (int)lround(rng_unif() * half);
			rng_mp(tmp_v, 2 * e - 1, 2 * e - 1);
		} else {
			e = k - 1 - n2 == 0 ? 0 : (int)lround(half * (k - 1 - l) / (k - 1 - n2));
			rng_mp(tmp_v, e - 1, e - 1);
			mpfr_sub(tmp_v, tmp_v, sum_v, MPFR_RNDN);
			mpfr_div(tmp_v, tmp_v, x[p * xs], MPFR_RNDN);
		}
		elem_set(y, (size_t)p, tmp_v);
		elem_get(y, (size_t)p, tmp_v);
		EXACT(mpfr_mul(c_v, tmp_v, x[p * xs], MPFR_RNDN));
		EXACT(mpfr_add(sum_v, sum_v, c_v, MPFR_RNDN));
	}
	free(perm);
}

/* target number i of d, 10^lo to 10^hi evenly in the exponent */
static double target_of(int i, int d, double lo, double hi)
{
	return pow(10, d > 1 ? lo + (hi - lo) * i / (d - 1) : hi);
}

static char upper_trans(char t)
{
	return t == 'N' || t == 'n' ? 'N' : 'T';
}

static int max1(int v)
{
	return v > 1 ? v : 1;
}

/* The elements of an input that must come back unchanged. */
static void check_unchanged(const char *what, const struct array *now, const struct array *before)
{
	for (size_t i = 0; i < now->n; i++)
		if (!array_same(now, before, i)) {
			judge_fail("%s[%zu] changed (the call must not write it)", what, i);
			return;
		}
}

static void check_status(int status)
{
	if (status != 0)
		judge_fail("returned %d, expected 0", status);
}

/* Reads a result element exactly into got_v (NaN when not finite). */
static mpfr_srcptr result_of(const struct array *a, size_t i)
{
	elem_get(a, i, got_v);
	return got_v;
}

/* ---- GEMM */

/* Large products are checked on whole rows and columns: the first two, the
 * middle, the last two and three at random of each. */
#define FULL_CHECK 4096

static void pick(int count, char *sel)
{
	memset(sel, 0, (size_t)count);
	int fixed[5] = { 0, 1, count / 2, count - 2, count - 1 };
	for (int i = 0; i < 5; i++)
		if (fixed[i] >= 0 && fixed[i] < count)
			sel[fixed[i]] = 1;
	for (int i = 0; i < 3; i++)
		sel[rng_int(0, count - 1)] = 1;
}

long run_gemm(const struct gemm_case *g, struct variant v, const char *set, uint64_t seed)
{
	enum format fmt = v.fmt;
	int single = fmt == FMT_DF;
	int m = g->m, n = g->n, k = g->k;
	char ta = upper_trans(g->ta), tb = upper_trans(g->tb);
	int ra = ta == 'N' ? m : k, ca = ta == 'N' ? k : m;
	int rb = tb == 'N' ? k : n, cb = tb == 'N' ? n : k;
	int lda = max1(ra) + g->pad, ldb = max1(rb) + g->pad, ldc = max1(m) + g->pad;
	union scalar alpha = scalar_ratio(fmt, g->an, g->ad), beta = scalar_ratio(fmt, g->bn, g->bd);
	struct array a = array_new(fmt, (size_t)lda * (size_t)ca);
	struct array b = array_new(fmt, (size_t)ldb * (size_t)cb);
	struct array c = array_new(fmt, (size_t)ldc * (size_t)n);
	int uses_ab = k > 0 && g->an != 0;
	/* op(A)(i, l), op(B)(l, j), C(i, j) */
	size_t a_row = ta == 'N' ? 1 : (size_t)lda, a_col = ta == 'N' ? (size_t)lda : 1;
	size_t b_row = tb == 'N' ? 1 : (size_t)ldb, b_col = tb == 'N' ? (size_t)ldb : 1;
#define OPA(i, l) ((size_t)(i) * a_row + (size_t)(l) * a_col)
#define OPB(l, j) ((size_t)(l) * b_row + (size_t)(j) * b_col)
#define CIJ(i, j) ((size_t)(i) + (size_t)(j) * (size_t)ldc)
	rng_seed(seed);
	mp_ready(1);
	if (uses_ab && g->gen == GEN_RANDOM) {
		for (int i = 0; i < m; i++)
			for (int l = 0; l < k; l++)
				rng_mp(tmp_v, -4, 4), elem_set(&a, OPA(i, l), tmp_v);
		for (int j = 0; j < n; j++)
			for (int l = 0; l < k; l++)
				rng_mp(tmp_v, -4, 4), elem_set(&b, OPB(l, j), tmp_v);
	} else if (uses_ab) {
		/* op(B)'s columns: one vector x times powers of two; op(A)'s rows
		 * ill-conditioned against x: every element of C is. */
		struct array x = array_new(fmt, (size_t)k), row = array_new(fmt, (size_t)k);
		struct values xv = values_new((size_t)k);
		for (int l = 0; l < k; l++) {
			rng_mp(tmp_v, -1, -1);
			elem_set(&x, (size_t)l, tmp_v);
			value_read(&xv, (size_t)l, &x, (size_t)l);
		}
		for (int j = 0; j < n; j++) {
			long f = rng_int(-3, 3);
			for (int l = 0; l < k; l++) {
				EXACT(mpfr_mul_2si(tmp_v, xv.mp[l], f, MPFR_RNDN));
				elem_set(&b, OPB(l, j), tmp_v);
			}
		}
		for (int i = 0; i < m; i++) {
			gen_ill(k, xv.mp, 1, target_of(i, m, g->lo, g->hi), &row);
			for (int l = 0; l < k; l++)
				elem_copy(&a, OPA(i, l), &row, (size_t)l);
		}
		values_free(&xv);
		array_free(&x), array_free(&row);
	}
	for (int j = 0; j < n; j++)
		for (int i = 0; i < ldc; i++) {
			if (i >= m)
				elem_set_d(&c, CIJ(i, j), SENTINEL);
			else if (g->bn != 0)
				rng_mp(tmp_v, -2, 2), elem_set(&c, CIJ(i, j), tmp_v);
		}
	struct array a0 = array_copy(&a), b0 = array_copy(&b), c0 = array_copy(&c);

	case_begin(v, KIND_GEMM, set, "%c%c m=%d n=%d k=%d a=%ld/%ld b=%ld/%ld %s", g->ta, g->tb, m,
		   n, k, g->an, g->ad, g->bn, g->bd,
		   g->gen == GEN_ILL && uses_ab ? "ill" : "random");
	check_status(call_gemm(v, g->ta, g->tb, m, n, k, alpha, &a, lda, &b, ldb, beta, &c, ldc));
	check_unchanged("A", &a, &a0);
	check_unchanged("B", &b, &b0);
	for (int j = 0; j < n; j++)
		for (int i = m; i < ldc; i++)
			if (!array_same(&c, &c0, CIJ(i, j)))
				judge_fail("C(%d,%d), below the m rows, changed", i + 1, j + 1);

	/* the exact values: op(A) by rows, op(B) by columns */
	struct values av = values_new(uses_ab ? (size_t)m * k : 0);
	struct values bv = values_new(uses_ab ? (size_t)k * n : 0);
	for (int i = 0; uses_ab && i < m; i++)
		for (int l = 0; l < k; l++)
			value_read(&av, (size_t)i * k + l, &a, OPA(i, l));
	for (int j = 0; uses_ab && j < n; j++)
		for (int l = 0; l < k; l++)
			value_read(&bv, (size_t)j * k + l, &b, OPB(l, j));
	char *rows = xmalloc((size_t)m), *cols = xmalloc((size_t)n);
	int full = (long)m * n <= FULL_CHECK;
	if (!full)
		pick(m, rows), pick(n, cols);
	struct scal sa, sb;
	scal_init(&sa, fmt, alpha);
	scal_init(&sb, fmt, beta);
	mpfr_t cij;
	mpfr_init2(cij, IN_PREC);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			if (!full && !rows[i] && !cols[j])
				continue;
			double cd = 0, shadow;
			if (!sb.zero) {
				elem_get(&c0, CIJ(i, j), cij);
				cd = elem_double(&c0, CIJ(i, j));
			}
			double s = exact_dot(uses_ab ? k : 0, uses_ab ? av.mp + (size_t)i * k : NULL,
					     uses_ab ? av.d + (size_t)i * k : NULL, 1,
					     uses_ab ? bv.mp + (size_t)j * k : NULL,
					     uses_ab ? bv.d + (size_t)j * k : NULL, 1, &sa, &sb, cij, cd,
					     single, &shadow);
			char elem[40];
			snprintf(elem, sizeof elem, "C(%d,%d)", i + 1, j + 1);
			judge(elem, result_of(&c, CIJ(i, j)), exact_v, s, k, 0, shadow);
		}
#undef OPA
#undef OPB
#undef CIJ
	mpfr_clears(cij, sa.mp, sb.mp, (mpfr_ptr)0);
	free(rows), free(cols);
	values_free(&av), values_free(&bv);
	array_free(&a), array_free(&b), array_free(&c);
	array_free(&a0), array_free(&b0), array_free(&c0);
	return case_end();
}

/* ---- GEMV */

long run_gemv(const struct gemv_case *g, enum format fmt, const char *set, uint64_t seed)
{
	struct variant v = { fmt, 0 };
	int single = fmt == FMT_DF;
	int m = g->m, n = g->n, lda = max1(m) + g->pad;
	char tr = upper_trans(g->trans);
	int kk = tr == 'N' ? n : m, ly = tr == 'N' ? m : n; /* the dot length, y's length */
	union scalar alpha = scalar_ratio(fmt, g->an, g->ad), beta = scalar_ratio(fmt, g->bn, g->bd);
	struct array a = array_new(fmt, (size_t)lda * (size_t)n);
	struct array x = array_new(fmt, vec_span(kk, g->incx));
	struct array y = array_new(fmt, vec_span(ly, g->incy));
	int uses_ax = kk > 0 && g->an != 0;
	size_t a_row = tr == 'N' ? 1 : (size_t)lda, a_col = tr == 'N' ? (size_t)lda : 1;
#define OPA(i, l) ((size_t)(i) * a_row + (size_t)(l) * a_col)
	rng_seed(seed);
	mp_ready(1);
	struct values xv = values_new((size_t)(kk > 0 ? kk : 0));
	if (uses_ax) {
		for (int l = 0; l < kk; l++) {
			rng_mp(tmp_v, g->gen == GEN_ILL ? -1 : -4, g->gen == GEN_ILL ? -1 : 4);
			elem_set(&x, vec_at(l, kk, g->incx), tmp_v);
		}
		for (int l = 0; l < kk; l++)
			value_read(&xv, (size_t)l, &x, vec_at(l, kk, g->incx));
		struct array row = array_new(fmt, (size_t)kk);
		for (int i = 0; i < ly; i++) {
			if (g->gen == GEN_ILL) {
				gen_ill(kk, xv.mp, 1, target_of(i, ly, g->lo, g->hi), &row);
				for (int l = 0; l < kk; l++)
					elem_copy(&a, OPA(i, l), &row, (size_t)l);
			} else {
				for (int l = 0; l < kk; l++)
					rng_mp(tmp_v, -4, 4), elem_set(&a, OPA(i, l), tmp_v);
			}
		}
		array_free(&row);
	}
	for (size_t p = 0; p < y.n; p++)
		elem_set_d(&y, p, SENTINEL);
	for (int i = 0; i < ly; i++) {
		if (g->bn != 0)
			rng_mp(tmp_v, -2, 2), elem_set(&y, vec_at(i, ly, g->incy), tmp_v);
		else
			elem_set_d(&y, vec_at(i, ly, g->incy), NAN);
	}
	struct array a0 = array_copy(&a), x0 = array_copy(&x), y0 = array_copy(&y);

	case_begin(v, KIND_GEMV, set, "%c m=%d n=%d incx=%d incy=%d a=%ld/%ld b=%ld/%ld %s", g->trans,
		   m, n, g->incx, g->incy, g->an, g->ad, g->bn, g->bd,
		   g->gen == GEN_ILL && uses_ax ? "ill" : "random");
	check_status(call_gemv(fmt, g->trans, m, n, alpha, &a, lda, &x, g->incx, beta, &y, g->incy));
	check_unchanged("A", &a, &a0);
	check_unchanged("x", &x, &x0);
	int step = g->incy < 0 ? -g->incy : g->incy;
	for (size_t p = 0; p < y.n; p++)
		if (p % (size_t)step != 0 && !array_same(&y, &y0, p))
			judge_fail("y[%zu], between the elements, changed", p);

	struct values av = values_new(uses_ax ? (size_t)ly * kk : 0);
	for (int i = 0; uses_ax && i < ly; i++)
		for (int l = 0; l < kk; l++)
			value_read(&av, (size_t)i * kk + l, &a, OPA(i, l));
#undef OPA
	struct scal sa, sb;
	scal_init(&sa, fmt, alpha);
	scal_init(&sb, fmt, beta);
	mpfr_t yi;
	mpfr_init2(yi, IN_PREC);
	for (int i = 0; i < ly; i++) {
		size_t p = vec_at(i, ly, g->incy);
		double yd = 0, shadow;
		if (!sb.zero) {
			elem_get(&y0, p, yi);
			yd = elem_double(&y0, p);
		}
		double s = exact_dot(uses_ax ? kk : 0, uses_ax ? av.mp + (size_t)i * kk : NULL,
				     uses_ax ? av.d + (size_t)i * kk : NULL, 1, uses_ax ? xv.mp : NULL,
				     uses_ax ? xv.d : NULL, 1, &sa, &sb, yi, yd, single, &shadow);
		char elem[40];
		snprintf(elem, sizeof elem, "y(%d)", i + 1);
		judge(elem, result_of(&y, p), exact_v, s, kk, 0, shadow);
	}
	mpfr_clears(yi, sa.mp, sb.mp, (mpfr_ptr)0);
	values_free(&av), values_free(&xv);
	array_free(&a), array_free(&x), array_free(&y);
	array_free(&a0), array_free(&x0), array_free(&y0);
	return case_end();
}

/* ---- AXPY */

long run_axpy(const struct axpy_case *g, enum format fmt, const char *set, uint64_t seed)
{
	struct variant v = { fmt, 0 };
	int single = fmt == FMT_DF, n = g->n;
	union scalar alpha = scalar_ratio(fmt, g->an, g->ad);
	struct array x = array_new(fmt, vec_span(n, g->incx));
	struct array y = array_new(fmt, vec_span(n, g->incy));
	struct scal sa;
	scal_init(&sa, fmt, alpha);
	rng_seed(seed);
	mp_ready(n > 0 ? n : 1);
	for (size_t p = 0; p < y.n; p++)
		elem_set_d(&y, p, SENTINEL);
	for (int i = 0; i < n && !sa.zero; i++)
		if (g->incx != 0 || i == 0)
			rng_mp(tmp_v, -4, 4), elem_set(&x, vec_at(i, n, g->incx), tmp_v);
	for (int i = 0; i < n; i++) {
		if (g->incy == 0 && i > 0)
			break;
		if (g->gen == GEN_CANCEL && !sa.zero) {
			/* y = -(alpha x)(1 +- 10^-u) */
			double u = g->lo + (g->hi - g->lo) * rng_unif();
			elem_get(&x, vec_at(i, n, g->incx), tmp_v);
			mpfr_mul(tmp_v, tmp_v, sa.mp, MPFR_RNDN);
			mpfr_mul_d(c_v, tmp_v, (rng_next() & 1 ? 1 : -1) * pow(10, -u), MPFR_RNDN);
			mpfr_add(tmp_v, tmp_v, c_v, MPFR_RNDN);
			mpfr_neg(tmp_v, tmp_v, MPFR_RNDN);
		} else
			rng_mp(tmp_v, -4, 4);
		elem_set(&y, vec_at(i, n, g->incy), tmp_v);
	}
	struct array x0 = array_copy(&x), y0 = array_copy(&y);

	case_begin(v, KIND_AXPY, set, "n=%d incx=%d incy=%d a=%ld/%ld %s", n, g->incx, g->incy, g->an,
		   g->ad, g->gen == GEN_CANCEL ? "cancel" : "random");
	check_status(call_axpy(fmt, n, alpha, &x, g->incx, &y, g->incy));
	check_unchanged("x", &x, &x0);
	if (n <= 0 || sa.zero) {
		check_unchanged("y (nothing to do)", &y, &y0);
	} else if (g->incy == 0) {
		/* the n updates, in order, to y(1) */
		struct values xv = values_new((size_t)n);
		struct scal one;
		mpfr_init2(one.mp, IN_PREC);
		mpfr_set_ui(one.mp, 1, MPFR_RNDN);
		one.zero = 0, one.d = 1;
		for (int i = 0; i < n; i++)
			value_read(&xv, (size_t)i, &x, vec_at(i, n, g->incx));
		double shadow = elem_double(&y0, 0);
		float shadow_f = (float)shadow;
		mpfr_t y1;
		mpfr_init2(y1, IN_PREC);
		elem_get(&y0, 0, y1);
		double s = exact_dot(n, xv.mp, xv.d, 1, &sa.mp, &sa.d, 0, NULL, &one, y1, 0, single,
				     &(double){ 0 });
		for (int i = 0; i < n; i++) {
			shadow += sa.d * xv.d[i];
			shadow_f += (float)sa.d * (float)xv.d[i];
		}
		judge("y(1)", result_of(&y, 0), exact_v, s, n, n, single ? (double)shadow_f : shadow);
		mpfr_clears(y1, one.mp, (mpfr_ptr)0);
		values_free(&xv);
	} else {
		struct values xi = values_new(1);
		struct scal one;
		mpfr_init2(one.mp, IN_PREC);
		mpfr_set_ui(one.mp, 1, MPFR_RNDN);
		one.zero = 0, one.d = 1;
		mpfr_t yv;
		mpfr_init2(yv, IN_PREC);
		for (int i = 0; i < n; i++) {
			size_t p = vec_at(i, n, g->incy);
			double shadow;
			value_read(&xi, 0, &x, vec_at(i, n, g->incx));
			elem_get(&y0, p, yv);
			double s = exact_dot(1, xi.mp, xi.d, 1, &sa.mp, &sa.d, 0, NULL, &one, yv,
					     elem_double(&y0, p), single, &shadow);
			char elem[40];
			snprintf(elem, sizeof elem, "y(%d)", i + 1);
			judge(elem, result_of(&y, p), exact_v, s, 1, 0, shadow);
		}
		int step = g->incy < 0 ? -g->incy : g->incy;
		for (size_t p = 0; p < y.n; p++)
			if (p % (size_t)step != 0 && !array_same(&y, &y0, p))
				judge_fail("y[%zu], between the elements, changed", p);
		mpfr_clears(yv, one.mp, (mpfr_ptr)0);
		values_free(&xi);
	}
	mpfr_clear(sa.mp);
	array_free(&x), array_free(&y), array_free(&x0), array_free(&y0);
	return case_end();
}

/* ---- DOT */

long run_dot(const struct dot_case *g, enum format fmt, const char *set, uint64_t seed)
{
	struct variant v = { fmt, 0 };
	int single = fmt == FMT_DF, n = g->n;
	rng_seed(seed);
	mp_ready(n > 0 ? n : 1);
	case_begin(v, KIND_DOT, set, "n=%d incx=%d incy=%d x%d %s", n, g->incx, g->incy, g->count,
		   g->gen == GEN_ILL ? "ill" : "random");
	for (int d = 0; d < g->count; d++) {
		struct array x = array_new(fmt, vec_span(n, g->incx));
		struct array y = array_new(fmt, vec_span(n, g->incy));
		struct values xv = values_new((size_t)(n > 0 ? n : 0));
		struct values yv = values_new((size_t)(n > 0 ? n : 0));
		int ill = g->gen == GEN_ILL && g->incy != 0;
		for (int i = 0; i < n; i++)
			if (g->incx != 0 || i == 0)
				rng_mp(tmp_v, ill ? -1 : -4, ill ? -1 : 4),
					elem_set(&x, vec_at(i, n, g->incx), tmp_v);
		for (int i = 0; i < n; i++)
			value_read(&xv, (size_t)i, &x, vec_at(i, n, g->incx));
		if (ill) {
			struct array row = array_new(fmt, (size_t)n);
			gen_ill(n, xv.mp, 1, target_of(d, g->count, g->lo, g->hi), &row);
			for (int i = 0; i < n; i++)
				elem_copy(&y, vec_at(i, n, g->incy), &row, (size_t)i);
			array_free(&row);
		} else {
			for (int i = 0; i < n; i++)
				if (g->incy != 0 || i == 0)
					rng_mp(tmp_v, -4, 4), elem_set(&y, vec_at(i, n, g->incy), tmp_v);
		}
		for (int i = 0; i < n; i++)
			value_read(&yv, (size_t)i, &y, vec_at(i, n, g->incy));
		struct array x0 = array_copy(&x), y0 = array_copy(&y);
		union scalar result;
		memset(&result, 0xff, sizeof result); /* NaN words: must be overwritten */
		check_status(call_dot(fmt, n, &x, g->incx, &y, g->incy, &result));
		check_unchanged("x", &x, &x0);
		check_unchanged("y", &y, &y0);
		double shadow;
		double s = exact_dot(n, xv.mp, xv.d, 1, yv.mp, yv.d, 1, NULL, NULL, NULL, 0, single,
				     &shadow);
		scalar_get(fmt, result, got_v);
		char elem[40];
		snprintf(elem, sizeof elem, "dot %d", d + 1);
		judge(elem, got_v, exact_v, s, n, 0, shadow);
		values_free(&xv), values_free(&yv);
		array_free(&x), array_free(&y), array_free(&x0), array_free(&y0);
	}
	return case_end();
}
