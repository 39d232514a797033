/* The solvers against known solutions (twofold/sparse.h): CG and BiCGStab,
 * double and DD, with and without ILU(0), on the generated test matrices;
 * the statuses (converged, max iterations, breakdown with its quantity,
 * stopped by the monitor), b = 0, and a 1-based matrix giving the same bits
 * as the 0-based one.
 *
 *   solve cpu|gpu    (gpu: TF_DEVICE_GPU; exits 77 when there is no GPU) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "matrices.h"
#include "twofold.h"
#include "twofold/sparse.h"
#include "check.h"

static tf_device device;

enum method { CG, BICGSTAB };
enum precision { DOUBLE, DD };

/* Solves with x0 = 0; returns the solution rounded to double in x. */
static int solve(tf_csr *a, enum method method, enum precision precision, tf_precond precond,
		 const double *b, double *x, const tf_solve_options *base, tf_solve_result *result)
{
	int n = tf_csr_rows(a);
	tf_solve_options options;
	if (base)
		options = *base;
	else
		tf_solve_options_init(&options);
	options.precond = precond;
	options.device = device;
	int status;
	if (precision == DOUBLE) {
		memset(x, 0, (size_t)n * sizeof *x);
		status = method == CG ? tf_dcg(a, n, b, x, &options, result)
				      : tf_dbicgstab(a, n, b, x, &options, result);
	} else {
		tf_dd *bb = malloc((size_t)n * sizeof *bb), *xx = calloc((size_t)n, sizeof *xx);
		tf_d2dd_array(n, b, 1, bb, 1);
		status = method == CG ? tf_ddcg(a, n, bb, xx, &options, result)
				      : tf_ddbicgstab(a, n, bb, xx, &options, result);
		tf_dd2d_array(n, xx, 1, x, 1);
		free(bb);
		free(xx);
	}
	return status;
}

static tf_csr *describe(const struct test_csr *m)
{
	return tf_csr_create(m->rows, m->cols, 0, m->row_ptr, m->col_idx, m->values);
}

/* max_i |x_i - exact_i| / max_i |exact_i| */
static double error(const double *x, const double *exact, int n)
{
	double e = 0, size = 0;
	for (int i = 0; i < n; i++) {
		e = fmax(e, fabs(x[i] - exact[i]));
		size = fmax(size, fabs(exact[i]));
	}
	return e / size;
}

/* A solution with integer entries: with an integer matrix, b = A x is
 * exact and x is the exact solution. */
static void known_solution(int n, double *x)
{
	for (int i = 0; i < n; i++)
		x[i] = (double)(1 + (i * 7) % 11);
}

/* Every combination on one matrix: converged, the true residual within
 * a few times tol, the error within the matrix's condition times it. */
static void converges(const struct test_csr *m, enum method method, double condition)
{
	int n = m->rows;
	double *exact = malloc((size_t)n * sizeof *exact), *b = malloc((size_t)n * sizeof *b),
	       *x = malloc((size_t)n * sizeof *x);
	known_solution(n, exact);
	test_csr_multiply(m, exact, b);
	tf_csr *a = describe(m);
	for (int p = DOUBLE; p <= DD; p++)
		for (int pre = TF_PRECOND_NONE; pre <= TF_PRECOND_ILU0; pre++) {
			tf_solve_result r;
			int status = solve(a, method, p, pre, b, x, NULL, &r);
			double tol = p == DD ? 1e-12 : 1e-8;
			double e = error(x, exact, n);
			printf("%-22s %-8s %-6s %-5s %5d iterations, residual %.2e, true %.2e, "
			       "error %.2e, %s\n", m->name, method == CG ? "cg" : "bicgstab",
			       p == DD ? "dd" : "double", pre ? "ilu0" : "none", r.iterations,
			       r.residual, r.true_residual, e, r.message);
			CHECK(status == TF_SOLVE_CONVERGED, "%s: %s", m->name, r.message);
			CHECK((int)r.status == status, "status %d returned, %d in the result", status,
			      r.status);
			CHECK(r.residual <= tol, "recursive residual %g above tol %g", r.residual, tol);
			/* The gap between the recursive and the true residual is of
			 * the order of u cond(A) in double, u_dd cond(A) in DD. */
			double gap = (p == DD ? 1e-30 : 1e-15) * condition * 10;
			CHECK(r.true_residual <= 2 * tol + gap, "true residual %g", r.true_residual);
			CHECK(e <= condition * (r.true_residual + 1e-16), "error %g", e);
			CHECK(r.device == (device == TF_DEVICE_GPU ? TF_DEVICE_GPU : r.device),
			      "ran on %d", r.device);
			CHECK(r.seconds >= r.setup_seconds && r.setup_seconds >= 0, "times %g, %g",
			      r.seconds, r.setup_seconds);
		}
	tf_csr_destroy(a);
	free(exact);
	free(b);
	free(x);
}

/* ILU(0) takes fewer iterations than none on the Poisson matrix. */
static void ilu_helps(void)
{
	struct test_csr m;
	test_poisson2d(48, &m);
	int n = m.rows;
	double *b = malloc((size_t)n * sizeof *b), *x = malloc((size_t)n * sizeof *x);
	for (int i = 0; i < n; i++)
		b[i] = 1.0;
	tf_csr *a = describe(&m);
	tf_solve_result plain, ilu;
	solve(a, CG, DD, TF_PRECOND_NONE, b, x, NULL, &plain);
	solve(a, CG, DD, TF_PRECOND_ILU0, b, x, NULL, &ilu);
	CHECK(ilu.iterations < plain.iterations * 3 / 4, "ILU(0) %d iterations, none %d",
	      ilu.iterations, plain.iterations);
	tf_csr_destroy(a);
	test_csr_free(&m);
	free(b);
	free(x);
}

static int monitor_calls;
static int count_and_stop(int iteration, double residual, void *context)
{
	(void)residual;
	monitor_calls++;
	CHECK(iteration == monitor_calls, "monitor called for iteration %d as call %d", iteration,
	      monitor_calls);
	return iteration >= *(int *)context;
}

/* maxit, the monitor, a stop by the monitor, b = 0, the breakdown. */
static void statuses(void)
{
	struct test_csr m;
	test_poisson2d(32, &m);
	int n = m.rows;
	double *b = malloc((size_t)n * sizeof *b), *x = malloc((size_t)n * sizeof *x);
	for (int i = 0; i < n; i++)
		b[i] = 1.0 + i % 3;
	tf_csr *a = describe(&m);
	for (int p = DOUBLE; p <= DD; p++) {
		tf_solve_options o;
		tf_solve_result r;
		tf_solve_options_init(&o);
		o.maxit = 3;
		CHECK(solve(a, CG, p, TF_PRECOND_NONE, b, x, &o, &r) == TF_SOLVE_MAX_ITERATIONS &&
			      r.iterations == 3, "maxit 3: %s, %d iterations", r.message, r.iterations);
		CHECK(solve(a, BICGSTAB, p, TF_PRECOND_NONE, b, x, &o, &r) ==
				      TF_SOLVE_MAX_ITERATIONS && r.iterations == 3,
		      "bicgstab maxit 3: %s, %d iterations", r.message, r.iterations);
		int stop_at = 5;
		tf_solve_options_init(&o);
		o.monitor = count_and_stop;
		o.monitor_context = &stop_at;
		monitor_calls = 0;
		CHECK(solve(a, CG, p, TF_PRECOND_ILU0, b, x, &o, &r) == TF_SOLVE_STOPPED &&
			      r.iterations == 5 && monitor_calls == 5,
		      "stopped at 5: %s, %d iterations, %d calls", r.message, r.iterations,
		      monitor_calls);
		stop_at = 1 << 30;
		monitor_calls = 0;
		CHECK(solve(a, BICGSTAB, p, TF_PRECOND_NONE, b, x, &o, &r) == TF_SOLVE_CONVERGED &&
			      monitor_calls == r.iterations,
		      "monitor: %d calls for %d iterations", monitor_calls, r.iterations);
		double *zero = calloc((size_t)n, sizeof *zero);
		for (int i = 0; i < n; i++)
			x[i] = 1;
		CHECK(solve(a, CG, p, TF_PRECOND_NONE, zero, x, NULL, &r) == TF_SOLVE_CONVERGED &&
			      r.iterations == 0 && x[0] == 0 && x[n - 1] == 0,
		      "b = 0: %s, x(0) = %g", r.message, x[0]);
		free(zero);
	}
	tf_csr_destroy(a);
	test_csr_free(&m);
	struct test_csr k;
	test_breakdown_matrix(6, &k);
	a = describe(&k);
	double e1[6] = { 1, 0, 0, 0, 0, 0 }, y[6];
	for (int p = DOUBLE; p <= DD; p++) {
		tf_solve_result r;
		int status = solve(a, BICGSTAB, p, TF_PRECOND_NONE, e1, y, NULL, &r);
		printf("breakdown matrix, %s: %s (%s)\n", p == DD ? "dd" : "double", r.message,
		       r.breakdown);
		CHECK(status == TF_SOLVE_BREAKDOWN && strcmp(r.breakdown, "omega") == 0,
		      "breakdown: status %d, %s", status, r.message);
	}
	tf_csr_destroy(a);
	test_csr_free(&k);
	free(b);
	free(x);
}

/* The same matrix with 1-based arrays gives the same bits. */
static void one_based(void)
{
	struct test_csr m;
	test_convection_diffusion(24, 200.0, &m);
	int n = m.rows;
	int *ptr1 = malloc(((size_t)n + 1) * sizeof *ptr1), *col1 = malloc((size_t)m.nnz * sizeof *col1);
	for (int i = 0; i <= n; i++)
		ptr1[i] = m.row_ptr[i] + 1;
	for (int64_t k = 0; k < m.nnz; k++)
		col1[k] = m.col_idx[k] + 1;
	double *b = malloc((size_t)n * sizeof *b), *x0 = malloc((size_t)n * sizeof *x0),
	       *x1 = malloc((size_t)n * sizeof *x1);
	for (int i = 0; i < n; i++)
		b[i] = sin(i + 1.0);
	tf_csr *a0 = describe(&m), *a1 = tf_csr_create(n, n, 1, ptr1, col1, m.values);
	for (int p = DOUBLE; p <= DD; p++) {
		tf_solve_result r0, r1;
		solve(a0, BICGSTAB, p, TF_PRECOND_ILU0, b, x0, NULL, &r0);
		solve(a1, BICGSTAB, p, TF_PRECOND_ILU0, b, x1, NULL, &r1);
		CHECK(r0.status == TF_SOLVE_CONVERGED && r1.iterations == r0.iterations &&
			      memcmp(x0, x1, (size_t)n * sizeof *x0) == 0,
		      "base 1: %d iterations against %d, or other bits", r1.iterations, r0.iterations);
	}
	tf_csr_destroy(a0);
	tf_csr_destroy(a1);
	test_csr_free(&m);
	free(ptr1);
	free(col1);
	free(b);
	free(x0);
	free(x1);
}

/* The monitor sees iterations 1, 2, 3, ... across restarts. */
static int monitor_last, monitor_gaps;
static int count_in_order(int iteration, double residual, void *context)
{
	(void)residual, (void)context;
	if (iteration != monitor_last + 1)
		monitor_gaps++;
	monitor_last = iteration;
	return 0;
}

/* BiCGStab in double on a strongly nonnormal convection-diffusion matrix:
 * the recursive residual meets tol long before the true one does.  A
 * result called converged has its true residual within 10 tol; otherwise
 * the solver says inaccurate and why.  DD converges for real. */
static void drift(void)
{
	struct test_csr m;
	test_convection_diffusion(64, 1000.0, &m);
	int n = m.rows;
	double *exact = malloc((size_t)n * sizeof *exact), *b = malloc((size_t)n * sizeof *b),
	       *x = malloc((size_t)n * sizeof *x);
	for (int i = 0; i < n; i++)
		exact[i] = 1.0;
	test_csr_multiply(&m, exact, b);
	tf_csr *a = describe(&m);
	for (int p = DOUBLE; p <= DD; p++) {
		tf_solve_options o;
		tf_solve_options_init(&o);
		o.monitor = count_in_order;
		monitor_last = monitor_gaps = 0;
		tf_solve_result r;
		int status = solve(a, BICGSTAB, p, TF_PRECOND_NONE, b, x, &o, &r);
		double tol = p == DD ? 1e-12 : 1e-8;
		printf("drift %-6s %5d iterations, residual %.2e, true %.2e, error %.2e, %s: %s\n",
		       p == DD ? "dd" : "double", r.iterations, r.residual, r.true_residual,
		       error(x, exact, n), tf_solve_status_name(r.status), r.message);
		CHECK(status == TF_SOLVE_CONVERGED || status == TF_SOLVE_INACCURATE,
		      "drift: status %d", status);
		if (status == TF_SOLVE_CONVERGED)
			CHECK(r.true_residual <= 10 * tol, "converged with true residual %g",
			      r.true_residual);
		else
			CHECK(r.true_residual > 10 * tol && strstr(r.message, "true residual"),
			      "inaccurate with true residual %g: %s", r.true_residual, r.message);
		if (p == DD)
			CHECK(status == TF_SOLVE_CONVERGED, "DD: %s", r.message);
		CHECK(monitor_gaps == 0 && monitor_last == r.iterations,
		      "monitor: %d gaps, last %d of %d iterations", monitor_gaps, monitor_last,
		      r.iterations);
	}
	CHECK(strcmp(tf_solve_status_name(TF_SOLVE_INACCURATE), "inaccurate") == 0,
	      "the status's name");
	tf_csr_destroy(a);
	test_csr_free(&m);
	free(exact);
	free(b);
	free(x);
}

int main(int argc, char **argv)
{
	device = argc > 1 && strcmp(argv[1], "gpu") == 0 ? TF_DEVICE_GPU : TF_DEVICE_CPU;
	if (device == TF_DEVICE_GPU) {
		/* No GPU: the solve is refused with that reason. */
		int ptr[2] = { 0, 1 }, col[1] = { 0 };
		double one = 1, x = 0;
		tf_csr *a = tf_csr_create(1, 1, 0, ptr, col, &one);
		tf_solve_options o;
		tf_solve_result r;
		tf_solve_options_init(&o);
		o.device = TF_DEVICE_GPU;
		int status = tf_dcg(a, 1, &one, &x, &o, &r);
		tf_csr_destroy(a);
		if (status == TF_SOLVE_INVALID && strstr(r.message, "GPU")) {
			printf("no GPU: %s\n", r.message);
			return 77;
		}
	}
	struct test_csr m;
	test_poisson2d(40, &m);
	converges(&m, CG, 1e3);
	converges(&m, BICGSTAB, 1e3);
	test_csr_free(&m);
	test_poisson3d(12, &m);
	converges(&m, CG, 1e2);
	test_csr_free(&m);
	test_convection_diffusion(40, 500.0, &m);
	converges(&m, BICGSTAB, 1e4);
	test_csr_free(&m);
	test_jumping_coefficient(32, 1e4, &m);
	converges(&m, CG, 1e8);
	test_csr_free(&m);
	ilu_helps();
	drift();
	statuses();
	one_based();
	printf("%d failures\n", failures);
	return failures != 0;
}
