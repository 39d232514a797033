/* The CPU SpMV against a plain CSR loop: y = A x on host arrays, on the 2D
 * Poisson matrix of a 1024 x 1024 grid and the 3D one of 100^3.
 *
 *   sparse_cpu [REPEATS]
 *
 * The plain loops (double: y_i = sum a_ij x_j; DD: the same with
 * tf_dd_fma on DD vectors; sparse_cpu_plain.c) are compiled with -O3 and
 * linked into this program, and run on one core.  twofold's tf_dcsrmv
 * (double vectors, DD sums) and tf_ddcsrmv (DD vectors) run with
 * TWOFOLD_NUM_THREADS=1 and with the library's default (every core it may
 * use), each in a child process of its own, since the library reads its
 * configuration once.  A call of twofold and a call of the plain loop
 * alternate, REPEATS of each (default 21) after 3 warm-up calls, so that
 * both see the same load on a shared machine; each time is the median of
 * its calls, and the ratio twofold / plain is given for the medians and
 * for the fastest calls.  The target: tf_dcsrmv on one thread
 * <= 1.5x the plain double loop.
 *
 * The results are checked against the plain loops' (double: within
 * (k + 2) u of sum |a_ij x_j|, k entries in the longest row; DD: within
 * 16 (k + 4) u^2 of it), so that no time is
 * reported for a wrong product; the exit status is 1 if one is wrong. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../test/splitmix64.h"
#include "../test/sparse/matrices.h"
#include "twofold.h"
#include "twofold/arith_dd.h"
#include "twofold/sparse.h"
#include "sparse_cpu_plain.h"

static int repeats = 21;

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The median and the fastest of `repeats` calls of a and of b, called
 * alternately after 3 warm-up calls of each, in milliseconds. */
struct pair_times {
	double median[2], fastest[2];
};

static struct pair_times alternate(void (*a)(void *), void (*b)(void *), void *context)
{
	struct pair_times r;
	double *t[2] = { malloc((size_t)repeats * sizeof(double)),
			 malloc((size_t)repeats * sizeof(double)) };
	for (int w = 0; w < 3; w++)
		a(context), b(context);
	for (int i = 0; i < repeats; i++)
		for (int which = 0; which < 2; which++) {
			double start = now();
			(which ? b : a)(context);
			t[which][i] = 1e3 * (now() - start);
		}
	for (int which = 0; which < 2; which++) {
		qsort(t[which], (size_t)repeats, sizeof(double), by_value);
		r.median[which] = t[which][repeats / 2];
		r.fastest[which] = t[which][0];
		free(t[which]);
	}
	return r;
}

struct product {
	const struct test_csr *m;
	tf_csr *a;
	const double *x;
	double *y;
	const tf_dd *xx;
	tf_dd *yy;
};

/* ---- The plain loops (sparse_cpu_plain.c, -O3) ----------------------------- */

static void plain_double(void *context)
{
	struct product *p = context;
	plain_csr_double(p->m->rows, p->m->row_ptr, p->m->col_idx, p->m->values, p->x, p->y);
}

static void plain_dd(void *context)
{
	struct product *p = context;
	plain_csr_dd(p->m->rows, p->m->row_ptr, p->m->col_idx, p->m->values, p->xx, p->yy);
}

/* ---- twofold ---------------------------------------------------------------- */

static void twofold_double(void *context)
{
	struct product *p = context;
	int n = p->m->rows;
	if (tf_dcsrmv('N', 1.0, p->a, p->x, p->m->cols, 0.0, p->y, n) != 0)
		abort();
}

static void twofold_dd(void *context)
{
	struct product *p = context;
	tf_dd one = { 1, 0 }, zero = { 0, 0 };
	if (tf_ddcsrmv('N', one, p->a, p->xx, p->m->cols, zero, p->yy, p->m->rows) != 0)
		abort();
}

/* The largest difference between y and the plain loop's, over the row's
 * sum |a_ij x_j|, in units of u^2 (dd) or u (double). */
static double difference(const struct test_csr *m, const double *x, const double *y,
			 const double *plain_y, const tf_dd *yy, const tf_dd *plain_yy)
{
	double worst = 0;
	for (int i = 0; i < m->rows; i++) {
		double s = 0;
		for (int k = m->row_ptr[i]; k < m->row_ptr[i + 1]; k++)
			s += fabs(m->values[k] * x[m->col_idx[k]]);
		double d = yy ? fabs((yy[i].hi - plain_yy[i].hi) + (yy[i].lo - plain_yy[i].lo)) /
					0x1p-106
			      : fabs(y[i] - plain_y[i]) / 0x1p-53;
		if (s > 0 && d / s > worst)
			worst = d / s;
	}
	return worst;
}

/* The longest row. */
static int longest_row(const struct test_csr *m)
{
	int k = 0;
	for (int i = 0; i < m->rows; i++)
		if (m->row_ptr[i + 1] - m->row_ptr[i] > k)
			k = m->row_ptr[i + 1] - m->row_ptr[i];
	return k;
}

/* One thread setting (0: one thread, 1: the default), in this process:
 * the times and the check.  Returns 0, or 1 when a result is wrong. */
static int measure(const struct test_csr *m, int setting, const double *x, const tf_dd *xx)
{
	int n = m->rows;
	double *y = malloc((size_t)n * sizeof *y), *plain_y = malloc((size_t)n * sizeof *plain_y);
	tf_dd *yy = malloc((size_t)n * sizeof *yy), *plain_yy = malloc((size_t)n * sizeof *plain_yy);
	tf_csr *a = tf_csr_create(n, m->cols, 0, m->row_ptr, m->col_idx, m->values);
	struct product p = { m, a, x, y, xx, yy };
	struct pair_times d = alternate(plain_double, twofold_double, &p);
	struct pair_times dd = alternate(plain_dd, twofold_dd, &p);
	/* both wrote y and yy, twofold last; the plain loops' results apart */
	plain_csr_double(n, m->row_ptr, m->col_idx, m->values, x, plain_y);
	plain_csr_dd(n, m->row_ptr, m->col_idx, m->values, xx, plain_yy);
	double d_diff = difference(m, x, y, plain_y, NULL, NULL);
	double dd_diff = difference(m, x, NULL, NULL, yy, plain_yy);
	int k = longest_row(m);
	int ok = d_diff <= k + 2 && dd_diff <= 16.0 * (k + 4);
	const char *threads = setting == 0 ? "1 thread" : "default threads";
	printf("%-15s %8d rows %9lld nnz  %-15s plain double %7.3f ms  tf_dcsrmv  %7.3f ms  "
	       "%5.2fx (fastest %5.2fx)  diff %.2g u%s\n", m->name, n, (long long)m->nnz, threads,
	       d.median[0], d.median[1], d.median[1] / d.median[0], d.fastest[1] / d.fastest[0],
	       d_diff, ok ? "" : "  WRONG");
	printf("%-15s %8d rows %9lld nnz  %-15s plain DD     %7.3f ms  tf_ddcsrmv %7.3f ms  "
	       "%5.2fx plain double (fastest %5.2fx), %5.2fx plain DD  diff %.2g u^2%s\n", m->name,
	       n, (long long)m->nnz, threads, dd.median[0], dd.median[1],
	       dd.median[1] / d.median[0], dd.fastest[1] / d.fastest[0],
	       dd.median[1] / dd.median[0], dd_diff, ok ? "" : "  WRONG");
	fflush(stdout);
	tf_csr_destroy(a);
	free(y);
	free(plain_y);
	free(yy);
	free(plain_yy);
	return !ok;
}

/* One child per thread setting. */
static int matrix(const struct test_csr *m)
{
	int n = m->rows;
	uint64_t seed = 0x6370755f73706d76ull;
	double *x = malloc((size_t)n * sizeof *x);
	tf_dd *xx = malloc((size_t)n * sizeof *xx);
	for (int i = 0; i < n; i++) {
		x[i] = splitmix64_sym(&seed);
		xx[i] = tf_two_sum(x[i], 0x1p-60 * splitmix64_sym(&seed));
	}
	int wrong = 0;
	for (int setting = 0; setting < 2; setting++) {
		fflush(stdout);
		pid_t child = fork();
		if (child == 0) {
			if (setting == 0)
				setenv("TWOFOLD_NUM_THREADS", "1", 1);
			else
				unsetenv("TWOFOLD_NUM_THREADS");
			_exit(measure(m, setting, x, xx));
		}
		int status;
		if (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0) {
			printf("%s: the run with %s failed\n", m->name,
			       setting == 0 ? "1 thread" : "the default threads");
			wrong = 1;
		}
	}
	free(x);
	free(xx);
	return wrong;
}

int main(int argc, char **argv)
{
	if (argc > 1)
		repeats = atoi(argv[1]) > 0 ? atoi(argv[1]) : repeats;
	printf("sparse_cpu: y = A x, %d calls each, alternating; %ld cores online\n", repeats,
	       sysconf(_SC_NPROCESSORS_ONLN));
	int wrong = 0;
	struct test_csr m;
	test_poisson2d(1024, &m);
	wrong |= matrix(&m);
	test_csr_free(&m);
	test_poisson3d(100, &m);
	wrong |= matrix(&m);
	test_csr_free(&m);
	return wrong;
}
