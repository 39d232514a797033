/* libtwofold loaded the way libblastrampoline (LBT) loads a BLAS for Julia
 * (README, "Julia"), without Julia: LBT opens the library RTLD_NOW |
 * RTLD_LOCAL | RTLD_DEEPBIND, finds its name suffix by looking up isamax_
 * with the suffix hint first, then "", "_", "__", "64", "64_", ...; tells
 * LP64 from ILP64 by calling isamax with a length whose upper 32 bits are
 * set (an LP64 library reads 3 and answers 2, an ILP64 one reads a
 * negative length and answers 0); tells the complex return style by
 * calling zdotc with n = 0 both ways, and the f2c convention by sdot; then
 * its own exported symbols (dgemm_, dgemm_64_, ...), in the global scope,
 * jump to the library's.
 *
 * This program does the same probes on libtwofold and exports trampolines
 * of its own, as LBT does, for dgemm_ and dscal_ (and their 64_ forms where
 * libtwofold has them): a call through a trampoline must reach libtwofold
 * and come back, never loop through the trampoline again (libtwofold must
 * not take LBT's symbols for its CPU BLAS), and the products must be
 * twofold's (an ill-conditioned product, correctly rounded: the script
 * checks the TWOFOLD_LOG report too).
 *
 * Usage: lbt_load LIBTWOFOLD.  Exits 0 when the LP64 probes and calls pass
 * and the ILP64 ones pass, 77 when they pass and libtwofold has no 64_
 * names (no ILP64 to test), 1 otherwise. */
#define _GNU_SOURCE
#include <complex.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void dgemm32(const char *, const char *, const int *, const int *, const int *,
		     const double *, const double *, const int *, const double *, const int *,
		     const double *, double *, const int *, size_t, size_t);
typedef void dgemm64(const char *, const char *, const int64_t *, const int64_t *,
		     const int64_t *, const double *, const double *, const int64_t *,
		     const double *, const int64_t *, const double *, double *, const int64_t *,
		     size_t, size_t);
typedef void dscal32(const int *, const double *, double *, const int *);
typedef void dscal64(const int64_t *, const double *, double *, const int64_t *);

/* Where each trampoline jumps (set from libtwofold's handle, as LBT sets its
 * forwards), and how deep the trampolines are entered now. */
static dgemm32 *to_dgemm32;
static dgemm64 *to_dgemm64;
static dscal32 *to_dscal32;
static dscal64 *to_dscal64;
static int depth;

static void enter(const char *name, const void *target)
{
	if (!target) {
		printf("FAIL: %s called before it was forwarded\n", name);
		exit(1);
	}
	if (++depth > 1) {
		printf("FAIL: %s entered again from inside libtwofold: libtwofold took this "
		       "program's %s (LBT's) for its CPU BLAS, a loop\n", name, name);
		exit(1);
	}
}

/* The trampolines: exported (linked with -export-dynamic), as LBT's are. */
void dgemm_(const char *ta, const char *tb, const int *m, const int *n, const int *k,
	    const double *alpha, const double *a, const int *lda, const double *b, const int *ldb,
	    const double *beta, double *c, const int *ldc, size_t la, size_t lb)
{
	enter("dgemm_", (const void *)to_dgemm32);
	to_dgemm32(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, la, lb);
	depth--;
}

void dgemm_64_(const char *ta, const char *tb, const int64_t *m, const int64_t *n,
	       const int64_t *k, const double *alpha, const double *a, const int64_t *lda,
	       const double *b, const int64_t *ldb, const double *beta, double *c,
	       const int64_t *ldc, size_t la, size_t lb)
{
	enter("dgemm_64_", (const void *)to_dgemm64);
	to_dgemm64(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, la, lb);
	depth--;
}

void dscal_(const int *n, const double *alpha, double *x, const int *incx)
{
	enter("dscal_", (const void *)to_dscal32);
	to_dscal32(n, alpha, x, incx);
	depth--;
}

void dscal_64_(const int64_t *n, const double *alpha, double *x, const int64_t *incx)
{
	enter("dscal_64_", (const void *)to_dscal64);
	to_dscal64(n, alpha, x, incx);
	depth--;
}

static int failures;

static void check(int ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAIL", what);
	failures += !ok;
}

/* The suffix LBT would take: the hint first (when given), then its list. */
static const char *suffix_of(void *handle, const char *hint)
{
	static const char *const suffixes[] = { "", "_", "__", "64", "64_", "_64__", "__64___" };
	char name[64];
	if (hint) {
		snprintf(name, sizeof name, "isamax_%s", hint);
		if (dlsym(handle, name))
			return hint;
	}
	for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
		snprintf(name, sizeof name, "isamax_%s", suffixes[i]);
		if (dlsym(handle, name))
			return suffixes[i];
	}
	return NULL;
}

static void *symbol(void *handle, const char *base, const char *suffix)
{
	char name[64];
	snprintf(name, sizeof name, "%s_%s", base, suffix);
	return dlsym(handle, name);
}

/* 32 or 64 as LBT reads isamax's answer; 0 when it makes no sense of it.
 * Whatever the library's integers, every argument is a valid pointer to 8
 * bytes. */
static int interface_of(void *handle, const char *suffix)
{
	int64_t (*isamax)(const int64_t *, const float *, const int64_t *) =
		(int64_t (*)(const int64_t *, const float *, const int64_t *))symbol(handle, "isamax", suffix);
	const int64_t n = (int64_t)0xffffffff00000003ULL, incx = 1;
	const float x[3] = { 1.0f, 2.0f, 1.0f };
	int64_t answer = isamax(&n, x, &incx) & 0xffffffff;
	return answer == 0 ? 64 : answer == 2 ? 32 : 0;
}

/* The complex return style: "argument" when zdotc with a return slot first
 * clears it, "normal" when it returns 0 in registers, NULL otherwise. */
static const char *complex_style_of(void *handle, const char *suffix)
{
	void *zdotc = symbol(handle, "zdotc", suffix);
	if (!zdotc)
		return NULL;
	double complex slot = I, zero_c = 0;
	int64_t zero = 0;
	((void (*)(double complex *, const int64_t *, const double complex *, const int64_t *,
		   const double complex *, const int64_t *))zdotc)(&slot, &zero, &zero_c, &zero,
								    &zero_c, &zero);
	if (slot == 0)
		return "argument";
	double complex value = ((double complex (*)(const int64_t *, const double complex *,
						    const int64_t *, const double complex *,
						    const int64_t *))zdotc)(&zero, &zero_c, &zero,
									    &zero_c, &zero);
	return value == 0 ? "normal" : NULL;
}

/* sdot returning float (plain) or double (f2c). */
static int sdot_is_plain(void *handle, const char *suffix)
{
	void *sdot = symbol(handle, "sdot", suffix);
	if (!sdot)
		return 0;
	const float a = 0.5f, b = 0.5f;
	const int64_t n = 1, inc = 1;
	float plain = ((float (*)(const int64_t *, const float *, const int64_t *, const float *,
				  const int64_t *))sdot)(&n, &a, &inc, &b, &inc);
	return plain == 0.25f;
}

/* A product whose correctly rounded result is known: rows (u, v, -u) of A,
 * columns (1, w, 1) of B, so that C(i, j) = v(i) w(j) exactly, which
 * double loses in u + v w.  Returns the elements not equal to v w. */
enum { M = 3, N = 2, K = 3 };
static void product_operands(double a[M * K], double b[K * N], double exact[M * N])
{
	const double u[M] = { 123456789.125, 187654321.375, 100000007.0625 };
	const double v[M] = { 1.1, 1.3, 1.7 };
	const double w[N] = { 1.9, 1.05 };
	for (int i = 0; i < M; i++) {
		a[i] = u[i];
		a[i + M] = v[i];
		a[i + 2 * M] = -u[i];
	}
	for (int j = 0; j < N; j++) {
		b[j * K] = 1.0;
		b[j * K + 1] = w[j];
		b[j * K + 2] = 1.0;
		for (int i = 0; i < M; i++)
			exact[i + j * M] = v[i] * w[j];
	}
}

static int wrong_elements(const double c[M * N], const double exact[M * N])
{
	int wrong = 0;
	for (int e = 0; e < M * N; e++)
		wrong += memcmp(&c[e], &exact[e], sizeof c[e]) != 0;
	return wrong;
}

static void lp64_calls(void)
{
	double a[M * K], b[K * N], c[M * N], exact[M * N];
	product_operands(a, b, exact);
	const int m = M, n = N, k = K;
	const double one = 1.0, zero = 0.0, two = 2.0;
	dgemm_("N", "N", &m, &n, &k, &one, a, &m, b, &k, &zero, c, &m, 1, 1);
	check(wrong_elements(c, exact) == 0, "dgemm_ through the trampoline: correctly rounded");
	const int size = M * N, inc = 1;
	dscal_(&size, &two, c, &inc);
	int scaled = 1;
	for (int e = 0; e < M * N; e++)
		scaled &= c[e] == 2.0 * exact[e];
	check(scaled, "dscal_ (forwarded by libtwofold) through the trampoline: no loop, right result");
}

static void ilp64_calls(void)
{
	double a[M * K], b[K * N], c[M * N], exact[M * N];
	product_operands(a, b, exact);
	const int64_t m = M, n = N, k = K;
	const double one = 1.0, zero = 0.0, two = 2.0;
	dgemm_64_("N", "N", &m, &n, &k, &one, a, &m, b, &k, &zero, c, &m, 1, 1);
	check(wrong_elements(c, exact) == 0, "dgemm_64_ through the trampoline: correctly rounded");
	const int64_t size = M * N, inc = 1;
	dscal_64_(&size, &two, c, &inc);
	int scaled = 1;
	for (int e = 0; e < M * N; e++)
		scaled &= c[e] == 2.0 * exact[e];
	check(scaled, "dscal_64_ through the trampoline: no loop, right result");
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s LIBTWOFOLD\n", argv[0]);
		return 2;
	}
	void *handle = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
	if (!handle) {
		printf("FAIL: dlopen: %s\n", dlerror());
		return 1;
	}

	/* No hint: the LP64 names, as LBT loads a BLAS from the command line. */
	const char *suffix = suffix_of(handle, NULL);
	check(suffix && !*suffix, "without a suffix hint, LBT would take the names without a suffix");
	if (!suffix)
		return 1;
	check(interface_of(handle, suffix) == 32, "isamax_ answers as an LP64 library");
	const char *style = complex_style_of(handle, suffix);
	check(style && !strcmp(style, "normal"), "zdotc_ returns its value (normal complex return)");
	check(sdot_is_plain(handle, suffix), "sdot_ returns a float (no f2c convention)");
	to_dgemm32 = (dgemm32 *)symbol(handle, "dgemm", suffix);
	to_dscal32 = (dscal32 *)symbol(handle, "dscal", suffix);
	lp64_calls();

	/* suffix_hint="64_", as the README's recipe asks. */
	if (!dlsym(handle, "isamax_64_")) {
		printf("libtwofold exports no isamax_64_: the ILP64 names Julia calls are not there\n");
		return failures ? 1 : 77;
	}
	suffix = suffix_of(handle, "64_");
	check(suffix && !strcmp(suffix, "64_"), "with suffix_hint=\"64_\", LBT would take the 64_ names");
	check(interface_of(handle, "64_") == 64, "isamax_64_ answers as an ILP64 library");
	style = complex_style_of(handle, "64_");
	check(style && !strcmp(style, "normal"), "zdotc_64_ returns its value (normal complex return)");
	check(sdot_is_plain(handle, "64_"), "sdot_64_ returns a float (no f2c convention)");
	to_dgemm64 = (dgemm64 *)symbol(handle, "dgemm", "64_");
	to_dscal64 = (dscal64 *)symbol(handle, "dscal", "64_");
	check(to_dgemm64 && to_dscal64, "dgemm_64_ and dscal_64_ exported");
	if (to_dgemm64 && to_dscal64)
		ilp64_calls();
	return failures ? 1 : 0;
}
