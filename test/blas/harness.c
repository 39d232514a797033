#include "config.h"

#include <dlfcn.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/blas/harness.h"
#include "test/splitmix64.h"

#define MAX_ROUTINES 64
#define DETAILS 4 /* failures printed per routine */

enum bh_mode bh_mode;
uint64_t bh_rng = 0x7f4a7c159e3779b9ull;
static void *reference;

struct routine_tally {
	const char *name;
	long verdicts, failures, ill, ill_failed;
};
static struct routine_tally tallies[MAX_ROUTINES];
static int routines;

static struct routine_tally *tally_of(const char *name)
{
	for (int i = 0; i < routines; i++)
		if (strcmp(tallies[i].name, name) == 0)
			return &tallies[i];
	if (routines == MAX_ROUTINES) {
		printf("harness error: more than %d routines\n", MAX_ROUTINES);
		exit(99);
	}
	tallies[routines].name = name;
	return &tallies[routines++];
}

void bh_start(int argc, char **argv, const char *usage)
{
	if (argc >= 2 && strcmp(argv[1], "probe") == 0)
		exit(0);
	if (argc < 2 || (strcmp(argv[1], "dd") != 0 && strcmp(argv[1], "cpu") != 0)) {
		fprintf(stderr, "usage: %s dd|cpu %s\n", argv[0], usage);
		exit(99);
	}
	bh_mode = strcmp(argv[1], "dd") == 0 ? BH_DD : BH_CPU;
	int (*get_mode)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "tf_get_mode");
	const char *(*mode_name)(int) = (const char *(*)(int))dlsym(RTLD_DEFAULT, "tf_mode_name");
	if (get_mode && mode_name)
		printf("%% library: twofold, mode %s\n", mode_name(get_mode()));
	else
		printf("%% library: not twofold\n");
	const char *path = getenv("TF_REFERENCE_BLAS");
	if (!path || !(reference = dlopen(path, RTLD_NOW | RTLD_LOCAL))) {
		printf("harness error: cannot open the reference BLAS TF_REFERENCE_BLAS=%s: %s\n",
		       path ? path : "(unset)", path ? dlerror() : "");
		exit(99);
	}
}

void *bh_reference(const char *symbol)
{
	void *f = dlsym(reference, symbol);
	if (!f) {
		printf("harness error: the reference BLAS has no %s\n", symbol);
		exit(99);
	}
	return f;
}

double bh_sym(void)
{
	return splitmix64_sym(&bh_rng);
}

double bh_scaled(void)
{
	return ldexp(splitmix64_sym(&bh_rng), splitmix64_int(&bh_rng, -4, 4));
}

int bh_int(int lo, int hi)
{
	return splitmix64_int(&bh_rng, lo, hi);
}

long bh_at(int n, int inc, int i)
{
	return inc > 0 ? (long)i * inc : (long)(n - 1 - i) * -inc;
}

long bh_span(int n, int inc)
{
	return n <= 0 ? 1 : 1 + (long)(n - 1) * abs(inc);
}

void bh_place(double *v, int width, int n, int inc, const double *src)
{
	long s = bh_span(n, inc) * width;
	for (long i = 0; i < s; i++)
		v[i] = NAN;
	for (int i = 0; i < n; i++)
		for (int w = 0; w < width; w++)
			v[bh_at(n, inc, i) * width + w] = src[(long)i * width + w];
}

int bh_same(double a, double b)
{
	if (a != a && b != b)
		return 1;
	return memcmp(&a, &b, sizeof a) == 0;
}

void bh_verdict(const char *routine, int ok, const char *format, ...)
{
	struct routine_tally *t = tally_of(routine);
	t->verdicts++;
	if (ok)
		return;
	if (t->failures++ < DETAILS) {
		va_list args;
		va_start(args, format);
		printf("FAIL %s: ", routine);
		vprintf(format, args);
		printf("\n");
		va_end(args);
	}
}

void bh_ill_conditioned(const char *routine, int met)
{
	struct routine_tally *t = tally_of(routine);
	t->ill++;
	t->ill_failed += !met;
}

int bh_finish(void)
{
	long failures = 0, verdicts = 0;
	for (int i = 0; i < routines; i++) {
		struct routine_tally *t = &tallies[i];
		/* cpu mode: plain double must fail some ill-conditioned case */
		if (bh_mode == BH_CPU && t->ill > 0 && t->ill_failed == 0) {
			printf("FAIL %s: plain double met the bounds on all %ld ill-conditioned cases: "
			       "the test cannot tell double from DD\n", t->name, t->ill);
			t->failures++;
		}
		printf("%% %-16s %6ld verdicts, %3ld failures; ill-conditioned: %ld, %ld outside "
		       "the bounds\n", t->name, t->verdicts, t->failures, t->ill, t->ill_failed);
		failures += t->failures;
		verdicts += t->verdicts;
	}
	printf("%% totals: routines=%d verdicts=%ld failures=%ld\n", routines, verdicts, failures);
	return failures > 255 ? 255 : (int)failures;
}
