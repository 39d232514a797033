#include "config.h"

/* Judging results against their bounds, the per-case lines and the summary
 * of the typed tests; random numbers; the test's own errors. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "test/splitmix64.h"

void harness_error(const char *format, ...)
{
	va_list ap;
	va_start(ap, format);
	printf("harness error: ");
	vprintf(format, ap);
	printf("\n");
	va_end(ap);
	exit(99);
}

void *xmalloc(size_t bytes)
{
	void *p = malloc(bytes ? bytes : 1);
	if (!p)
		harness_error("out of memory");
	return p;
}

void exact_or_die(int ternary, const char *file, int line)
{
	if (ternary != 0)
		harness_error("%s:%d: an MPFR step that must be exact was not", file, line);
}

/* ---- random numbers */

static uint64_t rng_state;

void rng_seed(uint64_t seed)
{
	rng_state = seed;
}

uint64_t rng_next(void)
{
	return splitmix64_next(&rng_state);
}

double rng_unif(void)
{
	return splitmix64_unif(&rng_state);
}

int rng_int(int lo, int hi)
{
	return splitmix64_int(&rng_state, lo, hi);
}

void rng_permutation(int *perm, int n)
{
	splitmix64_permutation(&rng_state, perm, n);
}

void rng_mp(mpfr_ptr out, int emin, int emax)
{
	uint64_t top = rng_next() | UINT64_C(1) << 63, low = rng_next();
	EXACT(mpfr_set_ui(out, (unsigned long)(top >> 32), MPFR_RNDN));
	EXACT(mpfr_mul_2ui(out, out, 32, MPFR_RNDN));
	EXACT(mpfr_add_ui(out, out, (unsigned long)(top & 0xffffffffu), MPFR_RNDN));
	EXACT(mpfr_mul_2ui(out, out, 32, MPFR_RNDN));
	EXACT(mpfr_add_ui(out, out, (unsigned long)(low >> 32), MPFR_RNDN));
	EXACT(mpfr_mul_2ui(out, out, 32, MPFR_RNDN));
	EXACT(mpfr_add_ui(out, out, (unsigned long)(low & 0xffffffffu), MPFR_RNDN));
	/* [2^127, 2^128) -> [2^e, 2^(e+1)) */
	EXACT(mpfr_mul_2si(out, out, rng_int(emin, emax) - 127, MPFR_RNDN));
	if (rng_next() & 1)
		mpfr_neg(out, out, MPFR_RNDN);
}

/* ---- tallies */

#define MAX_SETS 16
#define MAX_DETAILS 4

struct tally {
	long count, fails;
	double max_ratio;  /* error / bound */
	double max_cond;
	double max_rel;    /* relative error, elements of condition <= 1e5 */
	double max_shadow; /* the plain arithmetic's error / bound */
	long shadowed;     /* elements with a shadow */
};

static const char *set_names[MAX_SETS];
static int set_count, shadow_required[MAX_SETS];
static struct tally tallies[MAX_SETS][VARIANT_COUNT][KIND_COUNT];
static long other_failures, total_failures, cases_run;

static struct {
	struct variant v;
	enum kind kind;
	int set;
	char name[240];
	struct tally t;
	long failures;
	int details;
} now;

static const char *const kind_names[KIND_COUNT] = { "gemm", "gemv", "axpy", "dot" };

/* The sets are told apart by where their arrays are, too. */
static int set_of(const char *set)
{
	char name[64];
	snprintf(name, sizeof name, "%s%s%s", placement ? placement->tag : "", placement ? "/" : "",
		 set);
	for (int s = 0; s < set_count; s++)
		if (strcmp(set_names[s], name) == 0)
			return s;
	if (set_count == MAX_SETS)
		harness_error("too many sets");
	char *copy = xmalloc(strlen(name) + 1);
	strcpy(copy, name);
	set_names[set_count] = copy;
	return set_count++;
}

static int shadow_on_for_next;

void require_shadow_failures(int on)
{
	shadow_on_for_next = on;
}

static void max_into(double *into, double v)
{
	if (!(v <= *into))
		*into = v;
}

static void tally_add(struct tally *t, const struct tally *e)
{
	t->count += e->count;
	t->fails += e->fails;
	t->shadowed += e->shadowed;
	max_into(&t->max_ratio, e->max_ratio);
	max_into(&t->max_cond, e->max_cond);
	max_into(&t->max_rel, e->max_rel);
	max_into(&t->max_shadow, e->max_shadow);
}

void case_begin(struct variant v, enum kind kind, const char *set, const char *format, ...)
{
	va_list ap;
	memset(&now, 0, sizeof now);
	now.v = v;
	now.kind = kind;
	now.set = set_of(set);
	if (shadow_on_for_next)
		shadow_required[now.set] = 1;
	va_start(ap, format);
	vsnprintf(now.name, sizeof now.name, format, ap);
	va_end(ap);
	cases_run++;
}

long case_end(void)
{
	struct tally *t = &now.t;
	if (t->count)
		printf("  %-14s %-20s %-44s %6ld %9.3g %9.3g %9.3g %s\n", set_names[now.set],
		       routine_name(kind_names[now.kind], now.v), now.name, t->count, t->max_cond,
		       t->max_ratio, t->shadowed ? t->max_shadow : NAN,
		       now.failures ? "FAIL" : "pass");
	else
		printf("  %-14s %-20s %-44s %6s %9s %9s %9s %s\n", set_names[now.set],
		       routine_name(kind_names[now.kind], now.v), now.name, "-", "-", "-", "-",
		       now.failures ? "FAIL" : "pass");
	if (now.details > MAX_DETAILS)
		printf("#   ... and %d more failures in this case\n", now.details - MAX_DETAILS);
	tally_add(&tallies[now.set][variant_index(now.v)][now.kind], t);
	total_failures += now.failures;
	return now.failures;
}

static void detail(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void detail(const char *format, ...)
{
	va_list ap;
	now.failures++;
	if (now.details++ >= MAX_DETAILS)
		return;
	printf("#   FAIL %s %s: ", routine_name(kind_names[now.kind], now.v), now.name);
	va_start(ap, format);
	vprintf(format, ap);
	va_end(ap);
	printf("\n");
}

void judge_fail(const char *format, ...)
{
	char message[400];
	va_list ap;
	va_start(ap, format);
	vsnprintf(message, sizeof message, format, ap);
	va_end(ap);
	other_failures++;
	detail("%s", message);
}

static mpfr_t diff;

void judge(const char *elem, mpfr_srcptr got, mpfr_srcptr exact, double s, int k, double rounds,
	   double shadow)
{
	static int ready;
	if (!ready) {
		mpfr_init2(diff, 64);
		ready = 1;
	}
	struct tally *t = &now.t;
	double r = fabs(mpfr_get_d(exact, MPFR_RNDN));
	double bound = work_units(now.v, now.kind, k) * u_work(now.v) * s +
		       u_store(now.v, now.kind) * (r + rounds * s) + bound_floor(now.v);
	double err = INFINITY;
	if (mpfr_number_p(got)) {
		mpfr_sub(diff, got, exact, MPFR_RNDA);
		err = fabs(mpfr_get_d(diff, MPFR_RNDU));
	}
	double ratio = err / bound, cond = r > 0 ? s / r : INFINITY;
	t->count++;
	max_into(&t->max_ratio, ratio);
	max_into(&t->max_cond, cond);
	if (cond <= 1e5)
		max_into(&t->max_rel, err / r);
	if (!isnan(shadow)) {
		mpfr_sub_d(diff, exact, shadow, MPFR_RNDA);
		max_into(&t->max_shadow, isfinite(shadow) ? fabs(mpfr_get_d(diff, MPFR_RNDU)) / bound
							  : INFINITY);
		t->shadowed++;
	}
	if (!(ratio <= 1)) {
		t->fails++;
		mpfr_sub(diff, got, exact, MPFR_RNDA);
		char values[200];
		mpfr_snprintf(values, sizeof values, "exact %.21Rg, got %.21Rg", exact, got);
		detail("%s: %s, error %.3g, bound %.3g (%.3g times it), cond %.3g", elem, values, err,
		       bound, ratio, cond);
	}
}

void print_header(const char *arrays)
{
	printf("%% twofold %s, typed BLAS against MPFR, %s (bounds: test/typed/bounds.c)\n",
	       tf_version(), arrays);
	printf("  %-14s %-20s %-44s %6s %9s %9s %9s %s\n", "set", "routine", "case", "elems",
	       "max_cond", "err/bound", "double", "status");
}

int report(void)
{
	long shadow_failures = 0;
	printf("%%\n%% summary: worst error / bound per set, routine (cases); double: the same"
	       " computed in double (float for df), which must fail where marked\n");
	printf("%% %-14s %-20s %8s %7s %10s %10s %10s %10s\n", "set", "routine", "elements", "failed",
	       "err/bound", "rel_err", "max_cond", "double");
	for (int s = 0; s < set_count; s++)
		for (int v = 0; v < VARIANT_COUNT; v++)
			for (int k = 0; k < KIND_COUNT; k++) {
				struct tally *t = &tallies[s][v][k];
				if (!t->count)
					continue;
				int must = shadow_required[s] && t->shadowed;
				int cannot = must && !(t->max_shadow > 1);
				printf("%% %-14s %-20s %8ld %7ld %10.3g %10.3g %10.3g %10.3g%s\n",
				       set_names[s], routine_name(kind_names[k], variant_of(v)),
				       t->count, t->fails, t->max_ratio, t->max_rel, t->max_cond,
				       t->shadowed ? t->max_shadow : NAN,
				       cannot ? "  FAIL: double passes: the check cannot fail"
					      : must ? "  (double fails: good)" : "");
				shadow_failures += cannot;
			}
	printf("%% worst error / bound per routine over every set:");
	for (int v = 0; v < VARIANT_COUNT; v++) {
		double worst = 0;
		long count = 0;
		for (int s = 0; s < set_count; s++)
			for (int k = 0; k < KIND_COUNT; k++) {
				max_into(&worst, tallies[s][v][k].max_ratio);
				count += tallies[s][v][k].count;
			}
		if (count)
			printf(" %s %.3g", variant_name(variant_of(v)), worst);
	}
	printf("\n%% totals: cases=%ld failures=%ld (of which not an element's error: %ld)"
	       " double_passing=%ld\n",
	       cases_run, total_failures, other_failures, shadow_failures);
	return total_failures || shadow_failures ? 1 : 0;
}
