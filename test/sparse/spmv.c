/* The sparse products (twofold/sparse.h) against MPFR: tf_dcsrmv,
 * tf_ddcsrmv, tf_dscsrmv and tf_dicsrmv on host arrays, y = alpha op(A) x +
 * beta y, every element judged against the exact result of the values
 * actually stored (read back exactly into MPFR; every step of the
 * reference is checked to be exact).
 *
 * The bound of an element of a row of op(A) with k entries, with
 * S = |alpha| sum_j |a_ij x_j| + |beta y_i| (u = 2^-53):
 *
 *   E = 8 (k + 4) u^2 S       the DD sum, alpha and beta applied in DD
 *                             (tf_dd_fma's 4 u^2 a step, two steps an entry
 *                             for the two words of x, 4 for alpha, beta and
 *                             the last sum);
 *   |y - exact| <= E                    DD vectors;
 *   |y - exact| <= u |exact| + 2 E      double vectors: the DD result
 *                                        rounded once, within an ulp and
 *                                        correctly rounded unless the exact
 *                                        result lies within 2 E of a
 *                                        midpoint (the count of correctly
 *                                        rounded elements is printed);
 *   |y - exact| <= 2^-77 |exact| + 2 E + 2^-150     DS (tf_ds_from_dd);
 *   |y - exact| <= 2^-74 |exact| + 2 E + 2^-1043    DI (tf_di_from_dd).
 *
 * The cases: random rectangular and square matrices with empty rows and
 * the columns of a row in random order, base 0 and 1, N and T; rows built
 * so that their products cancel to 2^-20 .. 2^-70 of their magnitude, where
 * a double accumulation is wrong (checked: the same sums in double must
 * miss the bound in at least half the rows); alpha and beta DD values,
 * beta = 0 with y full of NaN, alpha = 0 with x full of NaN, alpha = 0 and
 * beta = 1 (y untouched); a NaN in x reaching exactly the rows that use it;
 * N and T alternating on one descriptor; no columns; a matrix large
 * enough for the threaded kernels; the error returns, argument by
 * argument, with y untouched.  One line per case, then a checksum of every
 * result's bits (spmv_same.sh: the same with any number of threads and
 * any TWOFOLD_CPU_KERNEL); exit 0 or 1. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpfr.h>
#include "../splitmix64.h"
#include "matrices.h"
#include "twofold.h"
#include "twofold/arith_di.h"
#include "twofold/arith_ds.h"
#include "twofold/sparse.h"
#include "check.h"

#define U 0x1p-53
#define U2 0x1p-106
/* Enough for every exact sum here: data within 2^+-40, DD tails 70 bits
 * further down, alpha and beta DD values. */
#define PREC 1600

static uint64_t seed = 0x73706d76ull;

static void exact_or_die(int ternary, int line)
{
	if (ternary != 0) {
		printf("internal error: an exact MPFR step was rounded (line %d)\n", line);
		exit(99);
	}
}
#define EXACT(call) exact_or_die((call), __LINE__)

static void *xmalloc(size_t bytes)
{
	void *p = malloc(bytes ? bytes : 1);
	if (!p) {
		printf("out of memory\n");
		exit(99);
	}
	return p;
}

/* ---- Vectors of the four formats ---------------------------------------- */

enum format { F_D, F_DD, F_DS, F_DI, F_COUNT };
static const char *format_name[F_COUNT] = { "d", "dd", "ds", "di" };

struct vec {
	enum format f;
	int n;
	double *hi; /* D, DS, DI */
	tf_dd *dd;  /* DD */
	float *fl;  /* DS */
	int32_t *il; /* DI */
};

static struct vec vec_new(enum format f, int n)
{
	struct vec v = { f, n, NULL, NULL, NULL, NULL };
	if (f == F_DD)
		v.dd = xmalloc((size_t)n * sizeof *v.dd);
	else
		v.hi = xmalloc((size_t)n * sizeof *v.hi);
	if (f == F_DS)
		v.fl = xmalloc((size_t)n * sizeof *v.fl);
	if (f == F_DI)
		v.il = xmalloc((size_t)n * sizeof *v.il);
	return v;
}

static void vec_free(struct vec *v)
{
	free(v->hi);
	free(v->dd);
	free(v->fl);
	free(v->il);
}

static struct vec vec_copy(const struct vec *v)
{
	struct vec c = vec_new(v->f, v->n);
	size_t n = (size_t)v->n;
	if (v->hi)
		memcpy(c.hi, v->hi, n * sizeof *c.hi);
	if (v->dd)
		memcpy(c.dd, v->dd, n * sizeof *c.dd);
	if (v->fl)
		memcpy(c.fl, v->fl, n * sizeof *c.fl);
	if (v->il)
		memcpy(c.il, v->il, n * sizeof *c.il);
	return c;
}

/* The same bits in every word of every element. */
static int vec_same(const struct vec *a, const struct vec *b)
{
	size_t n = (size_t)a->n;
	return (!a->hi || !memcmp(a->hi, b->hi, n * sizeof *a->hi)) &&
	       (!a->dd || !memcmp(a->dd, b->dd, n * sizeof *a->dd)) &&
	       (!a->fl || !memcmp(a->fl, b->fl, n * sizeof *a->fl)) &&
	       (!a->il || !memcmp(a->il, b->il, n * sizeof *a->il));
}

/* Element i := the DD value v rounded to the format (D takes v.hi, which
 * the callers make the whole value). */
static void vec_set(struct vec *v, int i, tf_dd x)
{
	switch (v->f) {
	case F_D: v->hi[i] = x.hi; break;
	case F_DD: v->dd[i] = x; break;
	case F_DS: {
		tf_ds s = tf_ds_from_dd(x);
		v->hi[i] = s.hi, v->fl[i] = s.lo;
		break;
	}
	default: {
		tf_di s = tf_di_from_dd(x);
		v->hi[i] = s.hi, v->il[i] = s.lo;
	}
	}
}

/* Every word of every element NaN (DI's lo: the encoding of a NaN). */
static void vec_nan(struct vec *v)
{
	for (int i = 0; i < v->n; i++) {
		if (v->dd)
			v->dd[i] = (tf_dd){ NAN, NAN };
		else
			v->hi[i] = NAN;
		if (v->fl)
			v->fl[i] = NAN;
		if (v->il)
			v->il[i] = tf_di_encode(NAN);
	}
}

/* Element i's words. */
static void vec_words(const struct vec *v, int i, double w[2])
{
	switch (v->f) {
	case F_D: w[0] = v->hi[i], w[1] = 0; break;
	case F_DD: w[0] = v->dd[i].hi, w[1] = v->dd[i].lo; break;
	case F_DS: w[0] = v->hi[i], w[1] = v->fl[i]; break;
	default: w[0] = v->hi[i], w[1] = tf_di_decode(v->il[i]);
	}
}

static int vec_finite(const struct vec *v, int i)
{
	double w[2];
	vec_words(v, i, w);
	return isfinite(w[0]) && isfinite(w[1]);
}

/* Element i exactly (finite). */
static void vec_get(const struct vec *v, int i, mpfr_ptr out)
{
	double w[2];
	vec_words(v, i, w);
	EXACT(mpfr_set_d(out, w[0], MPFR_RNDN));
	EXACT(mpfr_add_d(out, out, w[1], MPFR_RNDN));
}

/* FNV-1a over the bits of every result of the run: the same with any
 * number of threads and any TWOFOLD_CPU_KERNEL (spmv_same.sh compares). */
static uint64_t checksum = 0xcbf29ce484222325ull;

static void hash_bytes(const void *p, size_t bytes)
{
	const unsigned char *c = p;
	for (size_t i = 0; i < bytes; i++)
		checksum = (checksum ^ c[i]) * 0x100000001b3ull;
}

static void hash_vec(const struct vec *v)
{
	size_t n = (size_t)v->n;
	if (v->hi)
		hash_bytes(v->hi, n * sizeof *v->hi);
	if (v->dd)
		hash_bytes(v->dd, n * sizeof *v->dd);
	if (v->fl)
		hash_bytes(v->fl, n * sizeof *v->fl);
	if (v->il)
		hash_bytes(v->il, n * sizeof *v->il);
}

/* ---- Random values ---------------------------------------------------------- */

/* A double of exponent in [emin, emax], sign random; one in four a small
 * integer-like value with few bits (exact products). */
static double random_double(int emin, int emax)
{
	int e = splitmix64_int(&seed, emin, emax);
	double m = 1 + splitmix64_unif(&seed);
	if (splitmix64_int(&seed, 0, 3) == 0)
		m = 1 + splitmix64_int(&seed, 0, 255) / 256.0;
	return ldexp(splitmix64_int(&seed, 0, 1) ? -m : m, e);
}

/* A value for the format: a double for D, else a normalized DD whose tail
 * lies 53 to 70 bits below its lead (rounded by the format as it stores
 * it). */
static tf_dd random_value(enum format f, int emin, int emax)
{
	double hi = random_double(emin, emax);
	if (f == F_D)
		return (tf_dd){ hi, 0 };
	double lo = ldexp(random_double(0, 0), ilogb(hi) - splitmix64_int(&seed, 54, 70));
	return tf_two_sum(hi, lo);
}

static struct vec random_vec(enum format f, int n, int emin, int emax)
{
	struct vec v = vec_new(f, n);
	for (int i = 0; i < n; i++)
		vec_set(&v, i, random_value(f, emin, emax));
	return v;
}

/* ---- Matrices --------------------------------------------------------------- */

static void reserve(struct test_csr *m, int rows, int cols, int64_t nnz, const char *name)
{
	memset(m, 0, sizeof *m);
	m->rows = rows, m->cols = cols;
	m->row_ptr = xmalloc(((size_t)rows + 1) * sizeof *m->row_ptr);
	m->col_idx = xmalloc((size_t)nnz * sizeof *m->col_idx);
	m->values = xmalloc((size_t)nnz * sizeof *m->values);
	m->row_ptr[0] = 0;
	snprintf(m->name, sizeof m->name, "%s", name);
}

/* k distinct columns of [0, cols) in random order into cols_out. */
static void distinct_columns(int cols, int k, int *cols_out, char *taken)
{
	for (int t = 0; t < k; t++) {
		int c;
		do
			c = splitmix64_int(&seed, 0, cols - 1);
		while (taken[c]);
		taken[c] = 1;
		cols_out[t] = c;
	}
	for (int t = 0; t < k; t++)
		taken[cols_out[t]] = 0;
}

/* rows x cols, about one row in six empty, the others 1 .. max_k entries
 * (at most cols) in random column order, values within 2^+-emax. */
static void random_matrix(int rows, int cols, int max_k, int emax, const char *name,
			  struct test_csr *m)
{
	if (max_k > cols)
		max_k = cols;
	reserve(m, rows, cols, (int64_t)rows * max_k, name);
	char *taken = calloc((size_t)cols + 1, 1);
	for (int i = 0; i < rows; i++) {
		int k = max_k == 0 || splitmix64_int(&seed, 0, 5) == 0
				? 0 : splitmix64_int(&seed, 1, max_k);
		distinct_columns(cols, k, m->col_idx + m->nnz, taken);
		for (int t = 0; t < k; t++)
			m->values[m->nnz + t] = random_double(-emax, emax);
		m->nnz += k;
		m->row_ptr[i + 1] = (int)m->nnz;
	}
	free(taken);
}

/* Rows whose products with x cancel: k - 1 random products, then one
 * entry whose product is -(their exact sum) (1 + 2^-t r), t in [20, 70],
 * r in [-1, 1], rounded to a double: the row's sum is about 2^-t of its
 * magnitude, or the rounding error of the last entry.  About one row in
 * eight empty. */
static void cancelling_matrix(int rows, int cols, int max_k, const struct vec *x, const char *name,
			      struct test_csr *m)
{
	if (max_k > cols)
		max_k = cols;
	reserve(m, rows, cols, (int64_t)rows * max_k, name);
	char *taken = calloc((size_t)cols + 1, 1);
	mpfr_t s, t, xv;
	mpfr_inits2(PREC, s, t, xv, (mpfr_ptr)0);
	for (int i = 0; i < rows; i++) {
		int k = splitmix64_int(&seed, 0, 7) == 0 ? 0 : splitmix64_int(&seed, 2, max_k);
		int *col = m->col_idx + m->nnz;
		double *val = m->values + m->nnz;
		distinct_columns(cols, k, col, taken);
		mpfr_set_zero(s, 1);
		for (int e = 0; e + 1 < k; e++) {
			val[e] = random_double(-20, 20);
			vec_get(x, col[e], xv);
			EXACT(mpfr_mul_d(t, xv, val[e], MPFR_RNDN));
			EXACT(mpfr_add(s, s, t, MPFR_RNDN));
		}
		if (k > 0) {
			int shift = splitmix64_int(&seed, 20, 70);
			vec_get(x, col[k - 1], xv);
			mpfr_mul_d(t, s, -(1 + ldexp(splitmix64_sym(&seed), -shift)), MPFR_RNDN);
			mpfr_div(t, t, xv, MPFR_RNDN);
			val[k - 1] = mpfr_get_d(t, MPFR_RNDN);
			if (val[k - 1] == 0)
				val[k - 1] = 1;
		}
		m->nnz += k;
		m->row_ptr[i + 1] = (int)m->nnz;
	}
	mpfr_clears(s, t, xv, (mpfr_ptr)0);
	free(taken);
}

/* The transpose of m, each row's columns in increasing order. */
static void transpose(const struct test_csr *m, const char *name, struct test_csr *t)
{
	reserve(t, m->cols, m->rows, m->nnz, name);
	int *count = calloc((size_t)m->cols + 1, sizeof *count);
	for (int64_t e = 0; e < m->nnz; e++)
		count[m->col_idx[e] + 1]++;
	for (int j = 0; j < m->cols; j++)
		count[j + 1] += count[j];
	memcpy(t->row_ptr, count, ((size_t)m->cols + 1) * sizeof *count);
	for (int i = 0; i < m->rows; i++)
		for (int e = m->row_ptr[i]; e < m->row_ptr[i + 1]; e++) {
			int p = count[m->col_idx[e]]++;
			t->col_idx[p] = i;
			t->values[p] = m->values[e];
		}
	t->nnz = m->nnz;
	free(count);
}

/* The descriptor of m with index base `base` (the arrays copied with
 * base added, into *ptr and *col, to be freed after the descriptor). */
static tf_csr *describe(const struct test_csr *m, int base, int **ptr, int **col)
{
	*ptr = xmalloc(((size_t)m->rows + 1) * sizeof **ptr);
	*col = xmalloc((size_t)m->nnz * sizeof **col);
	for (int i = 0; i <= m->rows; i++)
		(*ptr)[i] = m->row_ptr[i] + base;
	for (int64_t e = 0; e < m->nnz; e++)
		(*col)[e] = m->col_idx[e] + base;
	tf_csr *a = tf_csr_create(m->rows, m->cols, base, *ptr, *col, m->values);
	if (!a || tf_csr_status(a) != 0) {
		printf("FAIL: %s refused: %s\n", m->name, tf_csr_message(a));
		exit(1);
	}
	return a;
}

/* ---- The call and its judgement --------------------------------------------- */

static int call(enum format f, char trans, tf_dd alpha, const tf_csr *a, const struct vec *x,
		int x_len, tf_dd beta, struct vec *y, int y_len)
{
	switch (f) {
	case F_D:
		return tf_dcsrmv(trans, alpha.hi, a, x->hi, x_len, beta.hi, y->hi, y_len);
	case F_DD:
		return tf_ddcsrmv(trans, alpha, a, x->dd, x_len, beta, y->dd, y_len);
	case F_DS:
		return tf_dscsrmv(trans, alpha, a, x->hi, x->fl, x_len, beta, y->hi, y->fl, y_len);
	default:
		return tf_dicsrmv(trans, alpha, a, x->hi, x->il, x_len, beta, y->hi, y->il, y_len);
	}
}

struct verdict {
	double worst;    /* the largest error / bound */
	long failures;
	long rounded;    /* D: elements equal to the exact result rounded */
	long shadow_misses; /* elements where the double shadow misses the bound */
	long shadowed;
	long nonfinite;  /* non-finite results where a value was due */
};

/* |got - exact| <= bound?  Records the ratio. */
static int within(struct verdict *v, mpfr_srcptr got, mpfr_srcptr exact, double bound)
{
	mpfr_t d;
	mpfr_init2(d, 64);
	mpfr_sub(d, got, exact, MPFR_RNDA);
	double err = fabs(mpfr_get_d(d, MPFR_RNDU));
	mpfr_clear(d);
	double ratio = err == 0 ? 0 : bound == 0 ? INFINITY : err / bound;
	if (ratio > v->worst)
		v->worst = ratio;
	return err <= bound;
}

/* The bound of an element of the format, for exact result `exact` (its
 * magnitude ax) and DD error e. */
static double bound_of(enum format f, double ax, double e)
{
	switch (f) {
	case F_D: return U * ax + 2 * e;
	case F_DD: return e;
	case F_DS: return 0x1p-77 * ax + 2 * e + 0x1p-150;
	default: return 0x1p-74 * ax + 2 * e + 0x1p-1043;
	}
}

/* The case: y_out = alpha op(A) x + beta y_in, where A is m.  Judges
 * y_out element by element against MPFR.  x_nan: the element of x that
 * is NaN (-1: none): the rows that use it must be non-finite, the others
 * within the bound.  shadow: also form the sums in double (the plain
 * accumulation) and count where they miss the bound. */
static struct verdict judge(const struct test_csr *m, char trans, tf_dd alpha, const struct vec *x,
			    tf_dd beta, const struct vec *y_in, const struct vec *y_out, int x_nan,
			    int shadow)
{
	struct verdict v = { 0, 0, 0, 0, 0, 0 };
	int t = trans == 'T';
	int out = t ? m->cols : m->rows;
	int alpha_zero = alpha.hi == 0 && alpha.lo == 0, beta_zero = beta.hi == 0 && beta.lo == 0;
	mpfr_t *sum = xmalloc((size_t)out * sizeof *sum);
	double *mag = calloc((size_t)out, sizeof *mag), *plain = calloc((size_t)out, sizeof *plain);
	int *k = calloc((size_t)out, sizeof *k), *hit = calloc((size_t)out, sizeof *hit);
	for (int i = 0; i < out; i++) {
		mpfr_init2(sum[i], PREC);
		mpfr_set_zero(sum[i], 1);
	}
	mpfr_t p, xv, a_mp, r, got;
	mpfr_inits2(PREC, p, xv, a_mp, r, got, (mpfr_ptr)0);
	for (int i = 0; i < m->rows && !alpha_zero; i++)
		for (int e = m->row_ptr[i]; e < m->row_ptr[i + 1]; e++) {
			int j = m->col_idx[e], o = t ? j : i, in = t ? i : j;
			k[o]++;
			if (in == x_nan) {
				hit[o] = 1;
				continue;
			}
			vec_get(x, in, xv);
			EXACT(mpfr_mul_d(p, xv, m->values[e], MPFR_RNDN));
			EXACT(mpfr_add(sum[o], sum[o], p, MPFR_RNDN));
			mag[o] += fabs(mpfr_get_d(p, MPFR_RNDU));
			double w[2];
			vec_words(x, in, w);
			plain[o] += m->values[e] * w[0];
		}
	EXACT(mpfr_set_d(a_mp, alpha.hi, MPFR_RNDN));
	EXACT(mpfr_add_d(a_mp, a_mp, alpha.lo, MPFR_RNDN));
	for (int i = 0; i < out; i++) {
		/* r = alpha sum + beta y, s = |alpha| mag + |beta y| */
		EXACT(mpfr_mul(r, sum[i], a_mp, MPFR_RNDN));
		double s = fabs(alpha.hi) * (1 + U) * mag[i] * (1 + 4 * U);
		double shadow_value = alpha.hi * plain[i];
		if (!beta_zero) {
			vec_get(y_in, i, xv);
			EXACT(mpfr_mul_d(p, xv, beta.hi, MPFR_RNDN));
			EXACT(mpfr_add(r, r, p, MPFR_RNDN));
			EXACT(mpfr_mul_d(p, xv, beta.lo, MPFR_RNDN));
			EXACT(mpfr_add(r, r, p, MPFR_RNDN));
			double w[2];
			vec_words(y_in, i, w);
			s += fabs(beta.hi) * (1 + U) * fabs(w[0] + w[1]) * (1 + 4 * U);
			shadow_value += beta.hi * w[0];
		}
		double e = 8 * (k[i] + 4) * U2 * s;
		if (hit[i]) {
			if (vec_finite(y_out, i)) {
				v.failures++;
				if (v.failures <= 5)
					printf("  element %d: uses x(%d) = NaN, got a finite value\n", i,
					       x_nan);
			}
			continue;
		}
		double ax = fabs(mpfr_get_d(r, MPFR_RNDU)), bound = bound_of(y_out->f, ax, e);
		int ok = vec_finite(y_out, i);
		if (!ok)
			v.nonfinite++;
		else {
			vec_get(y_out, i, got);
			ok = within(&v, got, r, bound);
			if (y_out->f == F_D && y_out->hi[i] == mpfr_get_d(r, MPFR_RNDN))
				v.rounded++;
		}
		if (!ok) {
			v.failures++;
			if (v.failures <= 5) {
				double w[2];
				vec_words(y_out, i, w);
				mpfr_printf("  element %d: exact %.30Rg, got %a + %a, bound %.3g\n", i, r,
					    w[0], w[1], bound);
			}
		}
		if (shadow) {
			mpfr_set_d(got, shadow_value, MPFR_RNDN);
			struct verdict ignore = { 0, 0, 0, 0, 0, 0 };
			v.shadowed++;
			if (!within(&ignore, got, r, bound_of(F_D, ax, e)))
				v.shadow_misses++;
		}
	}
	mpfr_clears(p, xv, a_mp, r, got, (mpfr_ptr)0);
	for (int i = 0; i < out; i++)
		mpfr_clear(sum[i]);
	free(sum);
	free(mag);
	free(plain);
	free(k);
	free(hit);
	return v;
}

/* One case: calls the format's routine on copies, judges, prints a line. */
static void run_case(const char *what, const struct test_csr *m, int base, char trans, tf_dd alpha,
		     const struct vec *x, tf_dd beta, const struct vec *y, int x_nan, int shadow)
{
	int *ptr, *col;
	tf_csr *a = describe(m, base, &ptr, &col);
	struct vec out = vec_copy(y);
	int t = trans == 'T' || trans == 't';
	int x_len = t ? m->rows : m->cols, y_len = t ? m->cols : m->rows;
	int status = call(y->f, trans, alpha, a, x, x_len, beta, &out, y_len);
	hash_vec(&out);
	struct verdict v = { 0, 1, 0, 0, 0, 0 };
	if (status != 0)
		printf("  returned %d\n", status);
	else
		v = judge(m, t ? 'T' : 'N', alpha, x, beta, y, &out, x_nan, shadow);
	int shadow_fails = shadow && v.shadow_misses * 2 < v.shadowed;
	char rounded[64] = "", shadowed[64] = "", nonfinite[64] = "";
	if (v.nonfinite)
		snprintf(nonfinite, sizeof nonfinite, "  %ld non-finite", v.nonfinite);
	if (y->f == F_D)
		snprintf(rounded, sizeof rounded, "  rounded %ld/%d", v.rounded, y_len);
	if (shadow)
		snprintf(shadowed, sizeof shadowed, "  double misses %ld/%ld", v.shadow_misses,
			 v.shadowed);
	printf("%-4s %-26s %-18s base %d %c %5d x %-5d nnz %-7lld max err %.3g of bound%s%s%s  %s\n",
	       format_name[y->f], what, m->name, base, t ? 'T' : 'N', m->rows, m->cols,
	       (long long)m->nnz, v.worst, nonfinite, rounded, shadowed,
	       v.failures || shadow_fails ? "FAIL" : "PASS");
	if (v.failures)
		failures++;
	if (shadow_fails) {
		printf("  the plain double sums met the bound: the case does not tell\n");
		failures++;
	}
	vec_free(&out);
	tf_csr_destroy(a);
	free(ptr);
	free(col);
}

/* ---- The cases ---------------------------------------------------------------- */

static const tf_dd one = { 1, 0 }, zero = { 0, 0 };

/* alpha, beta: DD values for DD, DS, DI; doubles for D. */
static tf_dd scalar(enum format f, double hi, double lo)
{
	return f == F_D ? (tf_dd){ hi, 0 } : tf_two_sum(hi, lo);
}

static void random_products(enum format f)
{
	static const struct { int rows, cols, max_k; } shapes[] = {
		{ 1, 1, 1 }, { 7, 3, 3 }, { 37, 53, 9 }, { 53, 37, 12 }, { 200, 200, 30 },
		{ 150, 400, 60 },
	};
	for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
		char name[64];
		snprintf(name, sizeof name, "random-%dx%d", shapes[s].rows, shapes[s].cols);
		struct test_csr m;
		random_matrix(shapes[s].rows, shapes[s].cols, shapes[s].max_k, 30, name, &m);
		for (int base = 0; base <= 1; base++)
			for (int t = 0; t <= 1; t++) {
				char trans = t ? (base ? 't' : 'T') : (base ? 'n' : 'N');
				int xn = t ? m.rows : m.cols, yn = t ? m.cols : m.rows;
				struct vec x = random_vec(f, xn, -30, 30), y = random_vec(f, yn, -10, 10);
				run_case("alpha 1, beta 0", &m, base, trans, one, &x, zero, &y, -1, 0);
				tf_dd alpha = scalar(f, -0x1.5555555555555p-2, -0x1.5555555555555p-56);
				tf_dd beta = scalar(f, 0x1.999999999999ap+3, -0x1.999999999999ap-52);
				run_case("alpha -1/3, beta 12.8", &m, base, trans, alpha, &x, beta, &y, -1,
					 0);
				vec_free(&x);
				vec_free(&y);
			}
		test_csr_free(&m);
	}
}

/* Sums that cancel, N on the cancelling matrix and T on its transpose. */
static void cancelling_products(enum format f)
{
	static const struct { int rows, cols, max_k; } shapes[] = {
		{ 300, 300, 4 }, { 250, 120, 40 }, { 64, 500, 200 },
	};
	for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
		char name[64];
		struct test_csr m, mt;
		struct vec x = random_vec(f, shapes[s].cols, -20, 20);
		snprintf(name, sizeof name, "cancel-%dx%d", shapes[s].rows, shapes[s].cols);
		cancelling_matrix(shapes[s].rows, shapes[s].cols, shapes[s].max_k, &x, name, &m);
		snprintf(name, sizeof name, "cancel-%dx%d^T", shapes[s].rows, shapes[s].cols);
		transpose(&m, name, &mt);
		struct vec y = random_vec(f, shapes[s].rows, -60, -40), nan_y = vec_new(f, m.rows);
		vec_nan(&nan_y);
		for (int base = 0; base <= 1; base++) {
			run_case("cancelling, beta 0", &m, base, 'N', one, &x, zero, &nan_y, -1, 1);
			run_case("cancelling, beta 0", &mt, base, 'T', one, &x, zero, &nan_y, -1, 1);
			/* a small y: alpha A x + beta y cancels no less */
			tf_dd alpha = scalar(f, 0x1.8p-1, 0), beta = scalar(f, -1, 0);
			run_case("cancelling, 0.75, -1", &m, base, 'N', alpha, &x, beta, &y, -1, 1);
		}
		vec_free(&x);
		vec_free(&y);
		vec_free(&nan_y);
		test_csr_free(&m);
		test_csr_free(&mt);
	}
}

/* beta = 0 with y NaN; alpha = 0 with x NaN; alpha = 0, beta = 1; a NaN in
 * x; no columns; Poisson; a large matrix (threads). */
static void special_products(enum format f)
{
	struct test_csr m;
	random_matrix(120, 90, 8, 20, "random-120x90", &m);
	struct vec x = random_vec(f, 90, -20, 20), y = random_vec(f, 120, -5, 5);
	struct vec nan_x = vec_new(f, 90), nan_y = vec_new(f, 120);
	vec_nan(&nan_x);
	vec_nan(&nan_y);
	tf_dd alpha = scalar(f, 0x1.2p+1, 0x1p-60), beta = scalar(f, -0x1.8p-2, 0x1p-70);
	run_case("beta 0, y NaN", &m, 0, 'N', alpha, &x, zero, &nan_y, -1, 0);
	run_case("alpha 0, x NaN", &m, 0, 'N', zero, &nan_x, beta, &y, -1, 0);
	run_case("alpha 0, beta 0, x y NaN", &m, 1, 'N', zero, &nan_x, zero, &nan_y, -1, 0);
	{
		/* alpha 0, beta 1: y untouched, bit for bit */
		int *ptr, *col;
		tf_csr *a = describe(&m, 0, &ptr, &col);
		struct vec out = vec_copy(&y);
		int status = call(f, 'N', zero, a, &nan_x, 90, one, &out, 120);
		int same = vec_same(&out, &y);
		printf("%-4s %-26s %-18s y unchanged: %s\n", format_name[f], "alpha 0, beta 1",
		       m.name, status == 0 && same ? "PASS" : "FAIL");
		CHECK(status == 0 && same, "%s: alpha 0, beta 1 returned %d, y %s",
		      format_name[f], status, same ? "unchanged" : "changed");
		vec_free(&out);
		tf_csr_destroy(a);
		free(ptr);
		free(col);
	}
	{
		/* one descriptor for N, T, N, T (the transpose kept with it):
		 * the bits of fresh descriptors */
		int *ptr, *col;
		tf_csr *a = describe(&m, 1, &ptr, &col);
		struct vec xt = random_vec(f, 120, -20, 20), yt = random_vec(f, 90, -5, 5);
		int same = 1;
		for (int r = 0; r < 4; r++) {
			int t = r % 2;
			const struct vec *in = t ? &xt : &x, *y0 = t ? &yt : &y;
			struct vec kept = vec_copy(y0), fresh = vec_copy(y0);
			int s1 = call(f, t ? 'T' : 'N', alpha, a, in, t ? 120 : 90, beta, &kept,
				      t ? 90 : 120);
			int *p2, *c2;
			tf_csr *b = describe(&m, 1, &p2, &c2);
			int s2 = call(f, t ? 'T' : 'N', alpha, b, in, t ? 120 : 90, beta, &fresh,
				      t ? 90 : 120);
			same = same && s1 == 0 && s2 == 0 && vec_same(&kept, &fresh);
			tf_csr_destroy(b);
			free(p2);
			free(c2);
			vec_free(&kept);
			vec_free(&fresh);
		}
		printf("%-4s %-26s %-18s N, T, N, T on one descriptor as on fresh ones: %s\n",
		       format_name[f], "descriptor reused", m.name, same ? "PASS" : "FAIL");
		CHECK(same, "%s: a reused descriptor gave other bits", format_name[f]);
		vec_free(&xt);
		vec_free(&yt);
		tf_csr_destroy(a);
		free(ptr);
		free(col);
	}
	/* x(17) NaN: the rows with an entry in column 17 non-finite */
	struct vec x17 = vec_copy(&x);
	if (x17.dd)
		x17.dd[17].hi = NAN;
	else
		x17.hi[17] = NAN;
	run_case("x(17) NaN", &m, 0, 'N', one, &x17, beta, &y, 17, 0);
	vec_free(&x17);
	vec_free(&x);
	vec_free(&y);
	vec_free(&nan_x);
	vec_free(&nan_y);
	test_csr_free(&m);

	/* 5 x 0: x has no elements (NULL is legal), y = beta y; transposed,
	 * y has none */
	struct test_csr empty;
	reserve(&empty, 5, 0, 0, "no-columns-5x0");
	for (int i = 0; i <= 5; i++)
		empty.row_ptr[i] = 0;
	struct vec none = { f, 0, NULL, NULL, NULL, NULL };
	y = random_vec(f, 5, -3, 3);
	run_case("no columns", &empty, 0, 'N', one, &none, beta, &y, -1, 0);
	run_case("no columns", &empty, 1, 'N', one, &none, zero, &y, -1, 0);
	x = random_vec(f, 5, -3, 3);
	run_case("no columns, y empty", &empty, 0, 'T', one, &x, beta, &none, -1, 0);
	vec_free(&x);
	vec_free(&y);
	test_csr_free(&empty);

	struct test_csr p;
	test_poisson2d(30, &p);
	x = random_vec(f, p.rows, -2, 2);
	y = random_vec(f, p.rows, -2, 2);
	run_case("poisson, alpha 1, beta 1", &p, 1, 'N', one, &x, one, &y, -1, 0);
	run_case("poisson, alpha 1, beta 1", &p, 0, 'T', one, &x, one, &y, -1, 0);
	vec_free(&x);
	vec_free(&y);
	test_csr_free(&p);

	/* enough rows and entries for every thread */
	struct test_csr big;
	random_matrix(40000, 30000, 12, 20, "random-40000x30000", &big);
	x = random_vec(f, 40000, -20, 20);
	y = random_vec(f, 40000, -20, 20);
	run_case("large, alpha 1, beta 0", &big, 0, 'N', one, &x, zero, &y, -1, 0);
	run_case("large, T, alpha, beta", &big, 1, 'T', alpha, &x, beta, &y, -1, 0);
	vec_free(&x);
	vec_free(&y);
	test_csr_free(&big);
}

/* Each illegal argument gives its -i, and y stays as it was. */
static void error_returns(void)
{
	/* 3 x 2 */
	int ptr[4] = { 0, 2, 3, 4 }, col[4] = { 0, 1, 1, 0 };
	double val[4] = { 1, 2, 3, 4 };
	tf_csr *a = tf_csr_create(3, 2, 0, ptr, col, val);
	int bad_col[4] = { 0, 2, 1, 0 };
	tf_csr *invalid = tf_csr_create(3, 2, 0, ptr, bad_col, val);
	for (int f = F_D; f < F_COUNT; f++) {
		int pair = f == F_DS || f == F_DI;
		struct vec x = random_vec(f, 3, 0, 2), y = random_vec(f, 3, 0, 2);
		struct vec saved = vec_copy(&y);
		/* the positions of x_len, y (hi), y_len */
		int x_len_at = pair ? 6 : 5, y_at = pair ? 8 : 7, y_len_at = pair ? 10 : 8;
		struct {
			const char *what;
			char trans;
			const tf_csr *a;
			int null_x, null_x_lo, x_len, null_y, null_y_lo, y_len;
			int expect;
		} cases[] = {
			{ "trans 'X'", 'X', a, 0, 0, 2, 0, 0, 3, -1 },
			{ "trans 0", 0, a, 0, 0, 2, 0, 0, 3, -1 },
			{ "A NULL", 'N', NULL, 0, 0, 2, 0, 0, 3, -3 },
			{ "A invalid", 'N', invalid, 0, 0, 2, 0, 0, 3, -3 },
			{ "x NULL", 'N', a, 1, 0, 2, 0, 0, 3, -4 },
			{ "x_len 3 for N", 'N', a, 0, 0, 3, 0, 0, 3, -x_len_at },
			{ "x_len 2 for T", 'T', a, 0, 0, 2, 0, 0, 2, -x_len_at },
			{ "x_len -1", 'N', a, 0, 0, -1, 0, 0, 3, -x_len_at },
			{ "y NULL", 'N', a, 0, 0, 2, 1, 0, 3, -y_at },
			{ "y_len 2 for N", 'N', a, 0, 0, 2, 0, 0, 2, -y_len_at },
			{ "y_len 3 for T", 'T', a, 0, 0, 3, 0, 0, 3, -y_len_at },
			{ "x_lo NULL", 'N', a, 0, 1, 2, 0, 0, 3, -5 },
			{ "y_lo NULL", 'N', a, 0, 0, 2, 0, 1, 3, -9 },
		};
		int count = (int)(sizeof cases / sizeof cases[0]) - (pair ? 0 : 2);
		int bad = 0;
		for (int c = 0; c < count; c++) {
			struct vec cx = x, cy = y;
			if (cases[c].null_x)
				cx.hi = NULL, cx.dd = NULL;
			if (cases[c].null_x_lo)
				cx.fl = NULL, cx.il = NULL;
			if (cases[c].null_y)
				cy.hi = NULL, cy.dd = NULL;
			if (cases[c].null_y_lo)
				cy.fl = NULL, cy.il = NULL;
			int got = call((enum format)f, cases[c].trans, one, cases[c].a, &cx,
				       cases[c].x_len, zero, &cy, cases[c].y_len);
			int same = vec_same(&y, &saved);
			if (got != cases[c].expect || !same) {
				bad++;
				printf("  %s: %s returned %d, expected %d; y %s\n", format_name[f],
				       cases[c].what, got, cases[c].expect,
				       same ? "unchanged" : "changed");
			}
		}
		/* the legal calls next to them: N with x 2, y 3; T with x 3, y 2 */
		int n_ok = call((enum format)f, 'n', one, a, &x, 2, zero, &y, 3);
		int t_ok = call((enum format)f, 'c', one, a, &x, 3, zero, &y, 2);
		printf("%-4s %-26s %d cases, then N and C legal (%d, %d)  %s\n", format_name[f],
		       "error returns", count, n_ok, t_ok, bad || n_ok || t_ok ? "FAIL" : "PASS");
		if (bad || n_ok || t_ok)
			failures++;
		vec_free(&x);
		vec_free(&y);
		vec_free(&saved);
	}
	tf_csr_destroy(a);
	tf_csr_destroy(invalid);
}

int main(void)
{
	for (int f = F_D; f < F_COUNT; f++) {
		random_products((enum format)f);
		cancelling_products((enum format)f);
		special_products((enum format)f);
	}
	error_returns();
	printf("checksum %016llx\n", (unsigned long long)checksum);
	printf("%d failures\n", failures);
	return failures != 0;
}
