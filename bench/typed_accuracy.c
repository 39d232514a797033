/* typed_accuracy: the relative error of GEMV and GEMM in double, DS, DI and
 * DD (and DF, TS), against MPFR, at n = 100 and 1000.
 *
 *   typed_accuracy [GEMM_SAMPLES]     (default 200)
 *
 * Inputs: uniform in [0, 1), drawn by MPFR at 256 bits and rounded to each
 * format (DD the nearest pair, DS, DI and TS from it, double and DF the
 * nearest double and its split): every input carries its format's full
 * precision, as in the published study.  A format's reference is computed
 * from its own inputs, exactly (products and sums at 256 bits, the inputs
 * taken as the values they store), so the error is that of the computation
 * and of the one rounding to the format, not of the inputs.
 *
 * y = A x and C = A B, 'N', alpha = 1, beta = 0, column-major, leading
 * dimension n.  Double is a plain loop summing in order (the reference
 * BLAS's order and rounding for these arguments: no FMA); the others call
 * the typed API, on the CPU, or on the GPU with TWOFOLD_GPU_MIN_FLOPS=0.
 * GEMM at n = 1000 is checked on GEMM_SAMPLES elements picked at random
 * (their MPFR sums alone are 1000 products each); every other case on all
 * elements.  Output, one line per case:
 *   routine format n max_rel_err mean_rel_err elements
 * with the relative error |y - y_exact| / |y_exact| of each element. */
#include <math.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "twofold.h"
#include "twofold/arith_dd.h"
#include "twofold/arith_df.h"
#include "twofold/arith_di.h"
#include "twofold/arith_ds.h"
#include "twofold/arith_ts.h"

#define PRECISION 256

enum format { F_DOUBLE, F_DS, F_DI, F_DD, F_DF, F_TS, F_COUNT };
static const char *const format_names[F_COUNT] = { "double", "ds", "di", "dd", "df", "ts" };

/* The published figures, for comparison (the study's range over its cases;
 * DF and TS were not in it). */
static const char *const published[F_DD + 1] = { "3e-16..8e-16", "9e-25..1.4e-24",
						 "6e-24..1.2e-23", "2e-32..6.5e-32" };

static gmp_randstate_t random_state;

static void *xmalloc(size_t bytes)
{
	void *p = malloc(bytes ? bytes : 1);
	if (!p) {
		fprintf(stderr, "typed_accuracy: out of memory\n");
		exit(1);
	}
	return p;
}

/* A uniform [0, 1) number of PRECISION bits, as the nearest DD. */
static tf_dd random_dd(mpfr_t scratch)
{
	mpfr_urandomb(scratch, random_state);
	double hi = mpfr_get_d(scratch, MPFR_RNDN);
	mpfr_sub_d(scratch, scratch, hi, MPFR_RNDN);
	return tf_dd_make(hi, mpfr_get_d(scratch, MPFR_RNDN));
}

/* An array of one format: its storage (hi and, for DS and DI, lo) and the
 * exact value of each element as a DD. */
struct array {
	enum format format;
	size_t n;
	void *hi, *lo;
	tf_dd *exact;
};

static struct array make_array(enum format format, size_t n)
{
	struct array a = { format, n, NULL, NULL, xmalloc(n * sizeof(tf_dd)) };
	switch (format) {
	case F_DOUBLE: a.hi = xmalloc(n * sizeof(double)); break;
	case F_DS: a.hi = xmalloc(n * sizeof(double)), a.lo = xmalloc(n * sizeof(float)); break;
	case F_DI: a.hi = xmalloc(n * sizeof(double)), a.lo = xmalloc(n * sizeof(int32_t)); break;
	case F_DD: a.hi = xmalloc(n * sizeof(tf_dd)); break;
	case F_DF: a.hi = xmalloc(n * sizeof(tf_df)); break;
	case F_TS: a.hi = xmalloc(n * sizeof(tf_ts)); break;
	default: break;
	}
	return a;
}

static void free_array(struct array *a)
{
	free(a->hi);
	free(a->lo);
	free(a->exact);
}

/* Element i from its storage, exactly. */
static tf_dd stored_value(const struct array *a, size_t i)
{
	switch (a->format) {
	case F_DOUBLE: return tf_dd_make(((const double *)a->hi)[i], 0.0);
	case F_DS:
		return tf_ds_to_dd(tf_ds_make(((const double *)a->hi)[i], ((const float *)a->lo)[i]));
	case F_DI:
		return tf_di_to_dd(tf_di_make(((const double *)a->hi)[i], ((const int32_t *)a->lo)[i]));
	case F_DD: return ((const tf_dd *)a->hi)[i];
	case F_DF: {
		tf_df d = ((const tf_df *)a->hi)[i];
		return tf_two_sum((double)d.hi, (double)d.lo);
	}
	case F_TS: return tf_ts_to_dd(((const tf_ts *)a->hi)[i]);
	default: return tf_dd_make(0.0, 0.0);
	}
}

/* Element i set to the format's rounding of v. */
static void store(struct array *a, size_t i, tf_dd v)
{
	switch (a->format) {
	case F_DOUBLE: ((double *)a->hi)[i] = tf_dd_to_double(v); break;
	case F_DS: {
		tf_ds s = tf_ds_from_dd(v);
		((double *)a->hi)[i] = s.hi;
		((float *)a->lo)[i] = s.lo;
		break;
	}
	case F_DI: {
		tf_di d = tf_di_from_dd(v);
		((double *)a->hi)[i] = d.hi;
		((int32_t *)a->lo)[i] = d.lo;
		break;
	}
	case F_DD: ((tf_dd *)a->hi)[i] = v; break;
	case F_DF: ((tf_df *)a->hi)[i] = tf_df_from_double(tf_dd_to_double(v)); break;
	case F_TS: ((tf_ts *)a->hi)[i] = tf_ts_from_dd(v); break;
	default: break;
	}
}

/* Fills every format's array from the same random values. */
static void fill(struct array *arrays, size_t n, mpfr_t scratch)
{
	for (size_t i = 0; i < n; i++) {
		tf_dd v = random_dd(scratch);
		for (int f = 0; f < F_COUNT; f++) {
			store(&arrays[f], i, v);
			arrays[f].exact[i] = stored_value(&arrays[f], i);
		}
	}
}

static void set_dd(mpfr_t r, tf_dd v)
{
	mpfr_set_d(r, v.hi, MPFR_RNDN);
	mpfr_add_d(r, r, v.lo, MPFR_RNDN); /* exact at PRECISION bits */
}

/* The running statistics of one case. */
struct errors {
	double max, sum;
	long count;
	mpfr_t exact, got, factor;
};

static void errors_init(struct errors *e)
{
	e->max = e->sum = 0.0;
	e->count = 0;
	mpfr_inits2(PRECISION, e->exact, e->got, e->factor, (mpfr_ptr)0);
}

static void errors_clear(struct errors *e)
{
	mpfr_clears(e->exact, e->got, e->factor, (mpfr_ptr)0);
}

/* The exact sum of a[a_start + l a_step] b[b_start + l] over l < k, into e->exact. */
static void exact_dot(struct errors *e, const tf_dd *a, size_t a_start, size_t a_step,
		      const tf_dd *b, size_t b_start, int k)
{
	mpfr_set_zero(e->exact, 1);
	for (int l = 0; l < k; l++) {
		set_dd(e->got, a[a_start + (size_t)l * a_step]);
		set_dd(e->factor, b[b_start + (size_t)l]);
		mpfr_fma(e->exact, e->got, e->factor, e->exact, MPFR_RNDN);
	}
}

/* |got - exact| / |exact|, from e->exact. */
static void errors_add(struct errors *e, tf_dd got)
{
	set_dd(e->got, got);
	mpfr_sub(e->got, e->got, e->exact, MPFR_RNDN);
	mpfr_div(e->got, e->got, e->exact, MPFR_RNDN);
	double rel = fabs(mpfr_get_d(e->got, MPFR_RNDN));
	if (rel > e->max || rel != rel)
		e->max = rel;
	e->sum += rel;
	e->count++;
}

static void errors_print(const struct errors *e, const char *routine, enum format f, int n)
{
	printf("%-5s %-7s %5d  %9.3e  %9.3e  %7ld\n", routine, format_names[f], n, e->max,
	       e->count ? e->sum / (double)e->count : 0.0, e->count);
	fflush(stdout);
}

static void check_status(int status, const char *routine)
{
	if (status != 0) {
		fprintf(stderr, "typed_accuracy: %s returned %d\n", routine, status);
		exit(1);
	}
}

/* alpha = 1 and beta = 0 in each type of scalar the routines take. */
static const tf_dd one = { 1.0, 0.0 }, zero = { 0.0, 0.0 };
static const tf_df df_one = { 1.0f, 0.0f }, df_zero = { 0.0f, 0.0f };
static const tf_ts ts_one = { 1.0f, 0.0f, 0.0f }, ts_zero = { 0.0f, 0.0f, 0.0f };

/* C = A B in double, A n x n, B n x columns: the plain loop, each sum in
 * order. */
static void double_product(const double *a, const double *b, double *c, int n, int columns)
{
	for (int j = 0; j < columns; j++)
		for (int i = 0; i < n; i++) {
			double sum = 0.0;
			for (int l = 0; l < n; l++)
				sum += a[i + (size_t)l * n] * b[l + (size_t)j * n];
			c[i + (size_t)j * n] = sum;
		}
}

/* y = A x (n x n). */
static void gemv(enum format f, int n, const struct array *a, const struct array *x,
		 struct array *y)
{
	switch (f) {
	case F_DOUBLE: double_product(a->hi, x->hi, y->hi, n, 1); break;
	case F_DS:
		check_status(tf_dsgemv('N', n, n, one, a->hi, a->lo, n, x->hi, x->lo, 1, zero, y->hi,
				       y->lo, 1), "tf_dsgemv");
		break;
	case F_DI:
		check_status(tf_digemv('N', n, n, one, a->hi, a->lo, n, x->hi, x->lo, 1, zero, y->hi,
				       y->lo, 1), "tf_digemv");
		break;
	case F_DD:
		check_status(tf_ddgemv('N', n, n, one, a->hi, n, x->hi, 1, zero, y->hi, 1),
			     "tf_ddgemv");
		break;
	case F_DF:
		check_status(tf_dfgemv('N', n, n, df_one, a->hi, n, x->hi, 1, df_zero, y->hi, 1),
			     "tf_dfgemv");
		break;
	case F_TS:
		check_status(tf_tsgemv('N', n, n, ts_one, a->hi, n, x->hi, 1, ts_zero, y->hi, 1),
			     "tf_tsgemv");
		break;
	default: break;
	}
}

/* C = A B (n x n x n). */
static void gemm(enum format f, int n, const struct array *a, const struct array *b,
		 struct array *c)
{
	switch (f) {
	case F_DOUBLE: double_product(a->hi, b->hi, c->hi, n, n); break;
	case F_DS:
		check_status(tf_dsgemm('N', 'N', n, n, n, one, a->hi, a->lo, n, b->hi, b->lo, n, zero,
				       c->hi, c->lo, n), "tf_dsgemm");
		break;
	case F_DI:
		check_status(tf_digemm('N', 'N', n, n, n, one, a->hi, a->lo, n, b->hi, b->lo, n, zero,
				       c->hi, c->lo, n), "tf_digemm");
		break;
	case F_DD:
		check_status(tf_ddgemm('N', 'N', n, n, n, one, a->hi, n, b->hi, n, zero, c->hi, n),
			     "tf_ddgemm");
		break;
	case F_DF:
		check_status(tf_dfgemm('N', 'N', n, n, n, df_one, a->hi, n, b->hi, n, df_zero, c->hi,
				       n), "tf_dfgemm");
		break;
	case F_TS:
		check_status(tf_tsgemm('N', 'N', n, n, n, ts_one, a->hi, n, b->hi, n, ts_zero, c->hi,
				       n), "tf_tsgemm");
		break;
	default: break;
	}
}

static void run_size(int n, int gemm_samples, mpfr_t scratch)
{
	const size_t nn = (size_t)n * n;
	struct array a[F_COUNT], b[F_COUNT], x[F_COUNT], y[F_COUNT], c[F_COUNT];
	for (int f = 0; f < F_COUNT; f++) {
		a[f] = make_array(f, nn), b[f] = make_array(f, nn), c[f] = make_array(f, nn);
		x[f] = make_array(f, n), y[f] = make_array(f, n);
	}
	fill(a, nn, scratch);
	fill(b, nn, scratch);
	fill(x, n, scratch);

	for (int f = 0; f < F_COUNT; f++) {
		struct errors e;
		errors_init(&e);
		gemv(f, n, &a[f], &x[f], &y[f]);
		for (int i = 0; i < n; i++) {
			exact_dot(&e, a[f].exact, i, n, x[f].exact, 0, n);
			errors_add(&e, stored_value(&y[f], i));
		}
		errors_print(&e, "gemv", f, n);
		errors_clear(&e);
	}
	/* The same sampled elements for every format. */
	int samples = gemm_samples > 0 && (size_t)gemm_samples < nn && n >= 1000 ?
			      gemm_samples : (int)nn;
	size_t *picks = xmalloc((size_t)samples * sizeof *picks);
	for (int s = 0; s < samples; s++)
		picks[s] = samples == (int)nn ? (size_t)s : gmp_urandomm_ui(random_state, nn);
	for (int f = 0; f < F_COUNT; f++) {
		struct errors e;
		errors_init(&e);
		gemm(f, n, &a[f], &b[f], &c[f]);
		for (int s = 0; s < samples; s++) {
			size_t i = picks[s] % (size_t)n, j = picks[s] / (size_t)n;
			exact_dot(&e, a[f].exact, i, n, b[f].exact, j * (size_t)n, n);
			errors_add(&e, stored_value(&c[f], picks[s]));
		}
		errors_print(&e, "gemm", f, n);
		errors_clear(&e);
	}
	free(picks);
	for (int f = 0; f < F_COUNT; f++) {
		free_array(&a[f]), free_array(&b[f]), free_array(&c[f]);
		free_array(&x[f]), free_array(&y[f]);
	}
}

int main(int argc, char **argv)
{
	int gemm_samples = argc > 1 ? atoi(argv[1]) : 200;
	const char *mode = getenv("TWOFOLD_MODE"), *min_flops = getenv("TWOFOLD_GPU_MIN_FLOPS");
	gmp_randinit_default(random_state);
	gmp_randseed_ui(random_state, 20240607);
	mpfr_t scratch;
	mpfr_init2(scratch, PRECISION);

	printf("%% typed_accuracy: relative error per element against MPFR (%d bits); inputs "
	       "uniform [0,1) in each format's precision\n", PRECISION);
	printf("%% twofold %s, TWOFOLD_MODE=%s, TWOFOLD_GPU_MIN_FLOPS=%s (0: the GPU); GEMM n=1000 "
	       "on %d sampled elements\n", tf_version(), mode ? mode : "(unset)",
	       min_flops ? min_flops : "(unset)", gemm_samples);
	printf("%% published: ");
	for (int f = F_DOUBLE; f <= F_DD; f++)
		printf("%s %s%s", format_names[f], published[f], f < F_DD ? ", " : "\n");
	printf("%% routine format n max_rel_err mean_rel_err elements\n");
	run_size(100, gemm_samples, scratch);
	run_size(1000, gemm_samples, scratch);
	mpfr_clear(scratch);
	gmp_randclear(random_state);
	mpfr_free_cache();
	return 0;
}
