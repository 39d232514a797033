/* The reason to solve in DD: on ill-conditioned matrices, iterations and
 * time to reach a relative error of 1e-10 against the known solution, in
 * double and in DD; and the cost of an iteration in each.
 *
 *   sparse_solve [cpu|gpu] [SCALE]
 *
 * For each matrix and precision the solve runs with tol = 1e-6, 1e-7, ...,
 * 1e-20 (x0 = 0 each time), up to the first tol it cannot meet (double's
 * residual stalls near 1e-15), and prints one line per tol; the summary line
 * gives the first run whose max relative error against the solution is at
 * most 1e-10, or "not reached".  The known solution and the matrices'
 * entries are integers, so b = A x is exact and the known solution is the
 * exact solution of the system as stored (see matrices.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../test/sparse/matrices.h"
#include "twofold.h"
#include "twofold/sparse.h"

static tf_device device = TF_DEVICE_CPU;

struct run {
	tf_solve_result result;
	double error;
};

static struct run solve(tf_csr *a, int cg, int dd, int precond, double tol, const double *b,
			const double *exact)
{
	int n = tf_csr_rows(a);
	struct run run;
	tf_solve_options o;
	tf_solve_options_init(&o);
	o.tol = tol;
	o.device = device;
	o.precond = precond ? TF_PRECOND_ILU0 : TF_PRECOND_NONE;
	double *x = calloc((size_t)n, sizeof *x);
	if (dd) {
		tf_dd *bb = malloc((size_t)n * sizeof *bb), *xx = calloc((size_t)n, sizeof *xx);
		tf_d2dd_array(n, b, 1, bb, 1);
		if (cg)
			tf_ddcg(a, n, bb, xx, &o, &run.result);
		else
			tf_ddbicgstab(a, n, bb, xx, &o, &run.result);
		tf_dd2d_array(n, xx, 1, x, 1);
		free(bb);
		free(xx);
	} else if (cg) {
		tf_dcg(a, n, b, x, &o, &run.result);
	} else {
		tf_dbicgstab(a, n, b, x, &o, &run.result);
	}
	double e = 0, size = 0;
	for (int i = 0; i < n; i++) {
		e = fmax(e, fabs(x[i] - exact[i]));
		size = fmax(size, fabs(exact[i]));
	}
	run.error = e / size;
	free(x);
	return run;
}

static void matrix(struct test_csr *m, int cg, int precond)
{
	int n = m->rows;
	double *exact = malloc((size_t)n * sizeof *exact), *b = malloc((size_t)n * sizeof *b);
	for (int i = 0; i < n; i++)
		exact[i] = (double)(1 + (i * 7) % 11);
	test_csr_multiply(m, exact, b);
	tf_csr *a = tf_csr_create(n, n, 0, m->row_ptr, m->col_idx, m->values);
	for (int dd = 0; dd <= 1; dd++) {
		int reached = 0;
		for (int k = 6; k <= 20; k++) {
			struct run r = solve(a, cg, dd, precond, pow(10.0, -k), b, exact);
			tf_solve_result *s = &r.result;
			double per = s->iterations ? (s->seconds - s->setup_seconds) / s->iterations : 0;
			printf("%-18s %-8s %-4s %-6s tol 1e-%02d  %6d it  %-14s true %.2e  error %.2e  "
			       "%8.4f s  %8.2f us/it  %s\n", m->name, cg ? "cg" : "bicgstab",
			       precond ? "ilu0" : "none", dd ? "dd" : "double", k, s->iterations,
			       tf_solve_status_name(s->status), s->true_residual, r.error, s->seconds,
			       1e6 * per, s->device == TF_DEVICE_GPU ? "gpu" : "cpu");
			if (!reached && r.error <= 1e-10) {
				reached = 1;
				printf("reached %-10s %-8s %-4s %-6s error %.2e <= 1e-10 at tol 1e-%02d: "
				       "%d iterations, %.4f s\n", m->name, cg ? "cg" : "bicgstab",
				       precond ? "ilu0" : "none", dd ? "dd" : "double", r.error, k,
				       s->iterations, s->seconds);
			}
			/* A tolerance the precision cannot meet: the smaller ones
			 * would only run to maxit again. */
			if (s->status != TF_SOLVE_CONVERGED)
				break;
		}
		if (!reached)
			printf("reached %-10s %-8s %-4s %-6s error 1e-10 not reached\n", m->name,
			       cg ? "cg" : "bicgstab", precond ? "ilu0" : "none", dd ? "dd" : "double");
	}
	tf_csr_destroy(a);
	free(exact);
	free(b);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "gpu") == 0)
		device = TF_DEVICE_GPU;
	int scale = argc > 2 ? atoi(argv[2]) : 1;
	struct test_csr m;
	test_jumping_coefficient(64 * scale, 1e6, &m);
	matrix(&m, 1, 0);
	matrix(&m, 1, 1);
	test_csr_free(&m);
	test_convection_diffusion(64 * scale, 1e4, &m);
	matrix(&m, 0, 0);
	matrix(&m, 0, 1);
	test_csr_free(&m);
	test_poisson2d(64 * scale, &m);
	matrix(&m, 1, 0);
	test_csr_free(&m);
	return 0;
}
