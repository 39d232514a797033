/* The Level 2 solves and rank updates in DD on the CPU against the Netlib
 * reference: dtrsv, dtpsv, dtbsv, ztrsv, ztpsv, ztbsv, dger, zgeru, zgerc,
 * dsyr, zher, dspr, zhpr, dsyr2, zher2, dspr2, zhpr2 at size n (default
 * 4096; the bands k = 64).
 *
 *   LD_PRELOAD=libtwofold.so TWOFOLD_MODE=dd bench/blas2s_cpu [N [REPEATS]]
 *
 * Linked with the reference BLAS: with libtwofold preloaded, each routine's
 * own symbol is twofold's, and the reference's comes from
 * TF_REFERENCE_BLAS (default /usr/lib/x86_64-linux-gnu/blas/libblas.so.3),
 * opened with RTLD_LOCAL.  A call of each alternates, REPEATS times
 * (default 7) after one warm-up call of each, so that both see the same
 * load on a shared machine; each time is the median of its calls.  The
 * issue's target: twofold in dd mode at most 3x the reference's time.
 * The triangles are well-conditioned (diagonal n), the updates' alpha
 * small, so that repeated calls stay finite. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../test/splitmix64.h"

typedef void (*trsv_fn)(const char *, const char *, const char *, const int *, const double *,
			const int *, double *, const int *, size_t, size_t, size_t);
typedef void (*tbsv_fn)(const char *, const char *, const char *, const int *, const int *,
			const double *, const int *, double *, const int *, size_t, size_t, size_t);
typedef void (*tpsv_fn)(const char *, const char *, const char *, const int *, const double *,
			double *, const int *, size_t, size_t, size_t);
typedef void (*ger_fn)(const int *, const int *, const double *, const double *, const int *,
		       const double *, const int *, double *, const int *);
typedef void (*syr_fn)(const char *, const int *, const double *, const double *, const int *,
		       double *, const int *, size_t);
typedef void (*spr_fn)(const char *, const int *, const double *, const double *, const int *,
		       double *, size_t);
typedef void (*syr2_fn)(const char *, const int *, const double *, const double *, const int *,
			const double *, const int *, double *, const int *, size_t);
typedef void (*spr2_fn)(const char *, const int *, const double *, const double *, const int *,
			const double *, const int *, double *, size_t);

void dtrsv_(void), dtpsv_(void), dtbsv_(void), ztrsv_(void), ztpsv_(void), ztbsv_(void),
	dger_(void), zgeru_(void), zgerc_(void), dsyr_(void), dspr_(void), zher_(void), zhpr_(void),
	dsyr2_(void), zher2_(void), dspr2_(void), zhpr2_(void);

static int n = 4096, repeats = 7;
static double *a, *ap, *b, *x, *y;
static uint64_t rng = 42;

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int compare(const void *p, const void *q)
{
	double u = *(const double *)p, v = *(const double *)q;
	return (u > v) - (u < v);
}

/* One call of a routine, by its function and a case number. */
static void call(void (*fn)(void), int which, const char *trans)
{
	static const double alpha[2] = { 1e-6, 2e-7 };
	static const int one = 1;
	const int k = 64;
	const int ldb = k + 1;
	switch (which) {
	case 0: /* dtrsv, ztrsv */
	case 3:
		memcpy(x, b, (size_t)(which == 3 ? 2 : 1) * n * sizeof *x);
		((trsv_fn)fn)("U", trans, "N", &n, a, &n, x, &one, 1, 1, 1);
		break;
	case 1: /* dtpsv, ztpsv */
	case 8:
		memcpy(x, b, (size_t)(which == 8 ? 2 : 1) * n * sizeof *x);
		((tpsv_fn)fn)("U", trans, "N", &n, ap, x, &one, 1, 1, 1);
		break;
	case 2: /* dtbsv, ztbsv, k = 64 */
	case 9:
		memcpy(x, b, (size_t)(which == 9 ? 2 : 1) * n * sizeof *x);
		((tbsv_fn)fn)("U", trans, "N", &n, &k, a, &ldb, x, &one, 1, 1, 1);
		break;
	case 4: /* dger, zgeru */
		((ger_fn)fn)(&n, &n, alpha, x, &one, y, &one, a, &n);
		break;
	case 5: /* dsyr, zher */
		((syr_fn)fn)("U", &n, alpha, x, &one, a, &n, 1);
		break;
	case 6: /* dspr, zhpr */
		((spr_fn)fn)("U", &n, alpha, x, &one, ap, 1);
		break;
	case 10: /* dspr2, zhpr2 */
		((spr2_fn)fn)("U", &n, alpha, x, &one, y, &one, ap, 1);
		break;
	case 7: /* dsyr2, zher2 */
		((syr2_fn)fn)("U", &n, alpha, x, &one, y, &one, a, &n, 1);
		break;
	}
}

static void bench(void *reference, const char *name, void (*own)(void), int which,
		  const char *trans)
{
	void (*ref)(void);
	*(void **)&ref = dlsym(reference, name);
	if (!ref) {
		fprintf(stderr, "the reference BLAS has no %s\n", name);
		exit(1);
	}
	double *t_own = malloc(repeats * sizeof *t_own), *t_ref = malloc(repeats * sizeof *t_ref);
	call(own, which, trans);
	call(ref, which, trans);
	for (int r = 0; r < repeats; r++) {
		double t0 = now();
		call(own, which, trans);
		double t1 = now();
		call(ref, which, trans);
		t_own[r] = t1 - t0;
		t_ref[r] = now() - t1;
	}
	qsort(t_own, repeats, sizeof *t_own, compare);
	qsort(t_ref, repeats, sizeof *t_ref, compare);
	double mo = t_own[repeats / 2], mr = t_ref[repeats / 2];
	printf("%-7s %-5s %6d %12.2f %12.2f %8.2f\n", name, trans ? trans : "-", n, 1e3 * mo,
	       1e3 * mr, mo / mr);
	free(t_own);
	free(t_ref);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		n = atoi(argv[1]);
	if (argc > 2)
		repeats = atoi(argv[2]);
	const char *path = getenv("TF_REFERENCE_BLAS");
	if (!path)
		path = "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3";
	void *reference = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!reference) {
		fprintf(stderr, "cannot open the reference BLAS %s: %s\n", path, dlerror());
		return 1;
	}
	size_t nn = (size_t)n * n;
	a = malloc(2 * nn * sizeof *a);
	ap = malloc(2 * (nn / 2 + n) * sizeof *ap);
	b = malloc(2 * (size_t)n * sizeof *b);
	x = malloc(2 * (size_t)n * sizeof *x);
	y = malloc(2 * (size_t)n * sizeof *y);
	if (!a || !ap || !b || !x || !y) {
		fprintf(stderr, "out of memory\n");
		return 1;
	}
	/* a triangle with diagonal n (complex: its real parts), off-diagonal
	 * elements in [-1, 1]: the packed and band forms read the same
	 * numbers wherever they fall */
	for (size_t i = 0; i < 2 * nn; i++)
		a[i] = splitmix64_sym(&rng);
	for (int j = 0; j < n; j++) {
		a[(size_t)j * n + j] = n; /* real: A(j,j); complex: the real part of some element */
		a[2 * ((size_t)j * n + j)] = n;
		a[64 + (size_t)j * 65] = n; /* the band's diagonal (k = 64, ld 65) */
		a[2 * (64 + (size_t)j * 65)] = n;
	}
	for (size_t i = 0; i < 2 * (nn / 2 + n); i++)
		ap[i] = splitmix64_sym(&rng);
	for (int j = 0; j < n; j++) {
		ap[(size_t)j * (j + 1) / 2 + j] = n;
		ap[2 * ((size_t)j * (j + 1) / 2 + j)] = n;
	}
	for (int i = 0; i < 2 * n; i++) {
		b[i] = splitmix64_sym(&rng);
		y[i] = splitmix64_sym(&rng);
	}
	printf("%% n = %d, median of %d calls each, twofold (preloaded) and the reference alternating\n",
	       n, repeats);
	printf("%% routine trans    n    twofold_ms reference_ms    ratio\n");
	bench(reference, "dtrsv_", dtrsv_, 0, "N");
	bench(reference, "dtrsv_", dtrsv_, 0, "T");
	bench(reference, "dtpsv_", dtpsv_, 1, "N");
	bench(reference, "dtpsv_", dtpsv_, 1, "T");
	bench(reference, "dtbsv_", dtbsv_, 2, "N");
	bench(reference, "dtbsv_", dtbsv_, 2, "T");
	bench(reference, "ztrsv_", ztrsv_, 3, "N");
	bench(reference, "ztrsv_", ztrsv_, 3, "C");
	bench(reference, "ztpsv_", ztpsv_, 8, "N");
	bench(reference, "ztpsv_", ztpsv_, 8, "C");
	bench(reference, "ztbsv_", ztbsv_, 9, "N");
	bench(reference, "ztbsv_", ztbsv_, 9, "C");
	for (int i = 0; i < 2 * n; i++)
		x[i] = splitmix64_sym(&rng);
	bench(reference, "dger_", dger_, 4, NULL);
	bench(reference, "zgeru_", zgeru_, 4, NULL);
	bench(reference, "zgerc_", zgerc_, 4, NULL);
	bench(reference, "dsyr_", dsyr_, 5, NULL);
	bench(reference, "zher_", zher_, 5, NULL);
	bench(reference, "dspr_", dspr_, 6, NULL);
	bench(reference, "zhpr_", zhpr_, 6, NULL);
	bench(reference, "dsyr2_", dsyr2_, 7, NULL);
	bench(reference, "zher2_", zher2_, 7, NULL);
	bench(reference, "dspr2_", dspr2_, 10, NULL);
	bench(reference, "zhpr2_", zhpr2_, 10, NULL);
	return 0;
}
