/* small_calls: the cost of the tiny calls LAPACK's unblocked code makes by
 * the million (vectors of ten, matrices of 8 or 16).  Linked with the
 * reference BLAS; bench/small_calls.sh runs it with libtwofold preloaded in
 * cpu mode (the reference's arithmetic behind twofold's entry layer) and in
 * dd mode, and under callgrind for the instructions per call.
 *
 *   small_calls            each line: the case, nanoseconds per call
 *                          (median of 11 runs of enough calls for about
 *                          10 ms each, in the thread's CPU time, so that a
 *                          shared machine's other work counts less)
 *   small_calls CASE CALLS one call of CASE, then CALLS calls of it inside
 *                          measured_calls (for callgrind's --toggle-collect)
 *
 * Every call works on the same data: an output that the routine
 * overwrites in place is put back from its copy before each call (a copy
 * of at most 256 doubles, in every mode alike), so that repeated solves
 * neither underflow nor overflow. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <complex.h>
#include <string.h>
#include <time.h>

double ddot_(const int *, const double *, const int *, const double *, const int *);
double dnrm2_(const int *, const double *, const int *);
void daxpy_(const int *, const double *, const double *, const int *, double *, const int *);
double _Complex zdotc_(const int *, const double *, const int *, const double *, const int *);
void dgemv_(const char *, const int *, const int *, const double *, const double *, const int *,
	    const double *, const int *, const double *, double *, const int *, size_t);
void zgemv_(const char *, const int *, const int *, const double *, const double *, const int *,
	    const double *, const int *, const double *, double *, const int *, size_t);
void dtrsv_(const char *, const char *, const char *, const int *, const double *, const int *,
	    double *, const int *, size_t, size_t, size_t);
void ztrsv_(const char *, const char *, const char *, const int *, const double *, const int *,
	    double *, const int *, size_t, size_t, size_t);
void dtrmv_(const char *, const char *, const char *, const int *, const double *, const int *,
	    double *, const int *, size_t, size_t, size_t);
void dger_(const int *, const int *, const double *, const double *, const int *,
	   const double *, const int *, double *, const int *);
void dsyr_(const char *, const int *, const double *, const double *, const int *, double *,
	   const int *, size_t);
void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
	    const double *, const int *, const double *, const int *, const double *, double *,
	    const int *, size_t, size_t);
void zgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
	    const double *, const int *, const double *, const int *, const double *, double *,
	    const int *, size_t, size_t);
void dtrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
	    const double *, const double *, const int *, double *, const int *, size_t, size_t,
	    size_t, size_t);
void dtrmm_(const char *, const char *, const char *, const char *, const int *, const int *,
	    const double *, const double *, const int *, double *, const int *, size_t, size_t,
	    size_t, size_t);
void dsyrk_(const char *, const char *, const int *, const int *, const double *, const double *,
	    const int *, const double *, double *, const int *, size_t, size_t);

#define RUNS 11
#define MAX_N 16
#define LD MAX_N

/* a: a matrix (complex for the z cases) whose diagonal is 2 and whose
 * other elements are in [-1/32, 1/32], so that triangles are well
 * conditioned; b: another; x, y: vectors; c: the output, put back from
 * c_saved before each call. */
static double a[2 * LD * MAX_N], b[2 * LD * MAX_N], x[2 * 64], y[2 * 64];
static double c[2 * LD * MAX_N], c_saved[2 * LD * MAX_N];
static double sink;
static const int one = 1, ld = LD;
static const double half = 0.5, minus_half = -0.5, zhalf[2] = { 0.5, 0.25 },
		    zminus_half[2] = { -0.5, 0.125 }, one_d = 1.0, minus_one = -1.0;

static void restore(int doubles)
{
	memcpy(c, c_saved, (size_t)doubles * sizeof *c);
}

#define SIZED(size) static const int n_##size = size;
SIZED(1) SIZED(2) SIZED(4) SIZED(8) SIZED(10) SIZED(16)

static void call_ddot10(void) { sink += ddot_(&n_10, x, &one, y, &one); }
static void call_dnrm2_10(void) { sink += dnrm2_(&n_10, x, &one); }
static void call_daxpy10(void)
{
	restore(10);
	daxpy_(&n_10, &half, x, &one, c, &one);
}
static void call_zdotc10(void)
{
	sink += creal(zdotc_(&n_10, x, &one, y, &one));
}
static void call_dgemv_n2(void)
{
	restore(2);
	dgemv_("N", &n_2, &n_2, &half, a, &ld, x, &one, &minus_half, c, &one, 1);
}
static void call_dgemv_n8(void)
{
	restore(8);
	dgemv_("N", &n_8, &n_8, &half, a, &ld, x, &one, &minus_half, c, &one, 1);
}
static void call_dgemv_t8(void)
{
	restore(8);
	dgemv_("T", &n_8, &n_8, &half, a, &ld, x, &one, &minus_half, c, &one, 1);
}
static void call_zgemv_n8(void)
{
	restore(16);
	zgemv_("N", &n_8, &n_8, zhalf, a, &ld, x, &one, zminus_half, c, &one, 1);
}
static void call_dtrsv16(void)
{
	restore(16);
	dtrsv_("L", "N", "N", &n_16, a, &ld, c, &one, 1, 1, 1);
}
static void call_ztrsv8(void)
{
	restore(16);
	ztrsv_("U", "C", "N", &n_8, a, &ld, c, &one, 1, 1, 1);
}
static void call_dtrmv16(void)
{
	restore(16);
	dtrmv_("U", "N", "U", &n_16, a, &ld, c, &one, 1, 1, 1);
}
static void call_dger8(void)
{
	restore(LD * 8);
	dger_(&n_8, &n_8, &minus_half, x, &one, y, &one, c, &ld);
}
static void call_dsyr8(void)
{
	restore(LD * 8);
	dsyr_("L", &n_8, &minus_half, x, &one, c, &ld, 1);
}
static void call_dgemm4x4x1(void)
{
	restore(LD * 4);
	dgemm_("N", "T", &n_4, &n_4, &n_1, &minus_half, a, &ld, b, &ld, &half, c, &ld, 1, 1);
}
/* shapes that xlintstd calls by the hundred thousand (on its sizes up to
 * 16): C(1 x 1) -= A(1 x 4) B(4 x 1), B(2 x 1) = B A with A 1 x 1
 * triangular, y -= A^T x with A 8 x 1, A(8 x 1) -= x y^T */
static void call_dgemm1x1x4(void)
{
	restore(1);
	dgemm_("N", "N", &n_1, &n_1, &n_4, &minus_one, a, &ld, b, &ld, &one_d, c, &ld, 1, 1);
}
static void call_dtrmm2x1(void)
{
	restore(2);
	dtrmm_("R", "U", "N", "N", &n_2, &n_1, &one_d, a, &ld, c, &ld, 1, 1, 1, 1);
}
static void call_dgemv_t8x1(void)
{
	restore(1);
	dgemv_("T", &n_8, &n_1, &minus_one, a, &ld, x, &one, &one_d, c, &one, 1);
}
static void call_dger8x1(void)
{
	restore(8);
	dger_(&n_8, &n_1, &minus_one, x, &one, y, &one, c, &ld);
}
static void call_dgemm16(void)
{
	restore(LD * 16);
	dgemm_("N", "N", &n_16, &n_16, &n_16, &minus_half, a, &ld, b, &ld, &half, c, &ld, 1, 1);
}
static void call_zgemm8(void)
{
	restore(2 * LD * 8);
	zgemm_("N", "N", &n_8, &n_8, &n_8, zminus_half, a, &ld, b, &ld, zhalf, c, &ld, 1, 1);
}
static void call_dtrsm_llnu16(void)
{
	restore(LD * 16);
	dtrsm_("L", "L", "N", "U", &n_16, &n_16, &half, a, &ld, c, &ld, 1, 1, 1, 1);
}
static void call_dtrsm_runn16(void)
{
	restore(LD * 16);
	dtrsm_("R", "U", "N", "N", &n_16, &n_16, &half, a, &ld, c, &ld, 1, 1, 1, 1);
}
static void call_dtrsm_lun16x1(void)
{
	restore(16);
	dtrsm_("L", "U", "N", "N", &n_16, &n_1, &half, a, &ld, c, &ld, 1, 1, 1, 1);
}
static void call_dtrmm_luc8(void)
{
	restore(LD * 8);
	dtrmm_("L", "U", "T", "N", &n_8, &n_8, &half, a, &ld, c, &ld, 1, 1, 1, 1);
}
static void call_dsyrk16(void)
{
	restore(LD * 16);
	dsyrk_("U", "N", &n_16, &n_16, &minus_half, a, &ld, &half, c, &ld, 1, 1);
}

static const struct bench {
	const char *name;
	void (*call)(void);
} benches[] = {
	{ "ddot/10", call_ddot10 },
	{ "dnrm2/10", call_dnrm2_10 },
	{ "daxpy/10", call_daxpy10 },
	{ "zdotc/10", call_zdotc10 },
	{ "dgemv_N/2", call_dgemv_n2 },
	{ "dgemv_N/8", call_dgemv_n8 },
	{ "dgemv_T/8", call_dgemv_t8 },
	{ "zgemv_N/8", call_zgemv_n8 },
	{ "dtrsv_LNN/16", call_dtrsv16 },
	{ "ztrsv_UCN/8", call_ztrsv8 },
	{ "dtrmv_UNU/16", call_dtrmv16 },
	{ "dger/8", call_dger8 },
	{ "dsyr_L/8", call_dsyr8 },
	{ "dgemm_NT/4x4x1", call_dgemm4x4x1 },
	{ "dgemm_NN/1x1x4", call_dgemm1x1x4 },
	{ "dtrmm_RUNN/2x1", call_dtrmm2x1 },
	{ "dgemv_T/8x1", call_dgemv_t8x1 },
	{ "dger/8x1", call_dger8x1 },
	{ "dgemm_NN/16", call_dgemm16 },
	{ "zgemm_NN/8", call_zgemm8 },
	{ "dtrsm_LLNU/16", call_dtrsm_llnu16 },
	{ "dtrsm_RUNN/16", call_dtrsm_runn16 },
	{ "dtrsm_LUNN/16x1", call_dtrsm_lun16x1 },
	{ "dtrmm_LUTN/8", call_dtrmm_luc8 },
	{ "dsyrk_UN/16", call_dsyrk16 },
};
#define BENCHES (sizeof benches / sizeof *benches)

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int compare(const void *p, const void *q)
{
	double u = *(const double *)p, v = *(const double *)q;
	return (u > v) - (u < v);
}

/* Median over RUNS of the time per call. */
static double time_calls(void (*call)(void))
{
	long calls = 1;
	for (;;) { /* enough calls for about 10 ms */
		double start = now();
		for (long i = 0; i < calls; i++)
			call();
		if (now() - start > 0.01)
			break;
		calls *= 2;
	}
	double runs[RUNS];
	for (int r = 0; r < RUNS; r++) {
		double start = now();
		for (long i = 0; i < calls; i++)
			call();
		runs[r] = (now() - start) / (double)calls;
	}
	qsort(runs, RUNS, sizeof runs[0], compare);
	return runs[RUNS / 2];
}

/* The calls callgrind counts (--toggle-collect=measured_calls). */
__attribute__((noinline)) void measured_calls(void (*call)(void), long calls);
__attribute__((noinline)) void measured_calls(void (*call)(void), long calls)
{
	for (long i = 0; i < calls; i++)
		call();
}

static void fill(void)
{
	srand(1);
	for (int j = 0; j < MAX_N; j++)
		for (int i = 0; i < LD; i++)
			for (int part = 0; part < 2; part++) {
				double r = ((double)rand() / RAND_MAX - 0.5) / 16.0;
				a[2 * (j * LD + i) + part] = i == j && part == 0 ? 2.0 : r;
				b[2 * (j * LD + i) + part] = (double)rand() / RAND_MAX - 0.5;
				c_saved[2 * (j * LD + i) + part] = (double)rand() / RAND_MAX - 0.5;
			}
	for (int i = 0; i < 2 * 64; i++) {
		x[i] = (double)rand() / RAND_MAX - 0.5;
		y[i] = (double)rand() / RAND_MAX - 0.5;
	}
}

int main(int argc, char **argv)
{
	fill();
	if (argc == 3) {
		for (size_t i = 0; i < BENCHES; i++)
			if (!strcmp(argv[1], benches[i].name)) {
				benches[i].call(); /* the first call's setup is not counted */
				measured_calls(benches[i].call, atol(argv[2]));
				return sink == 42.0;
			}
		fprintf(stderr, "%s: no case %s\n", argv[0], argv[1]);
		return 1;
	}
	if (argc == 2 && !strcmp(argv[1], "--list")) {
		for (size_t i = 0; i < BENCHES; i++)
			printf("%s\n", benches[i].name);
		return 0;
	}
	if (argc != 1) {
		fprintf(stderr, "usage: %s [--list | CASE CALLS]\n", argv[0]);
		return 1;
	}
	printf("%% case ns_per_call\n");
	for (size_t i = 0; i < BENCHES; i++)
		printf("%-16s %10.1f\n", benches[i].name, 1e9 * time_calls(benches[i].call));
	if (sink == 42.0)
		printf("%% %g\n", sink);
	return 0;
}
