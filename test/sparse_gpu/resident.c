/* The solvers on the GPU with everything in device memory: the matrix made
 * from device arrays, b and x device pointers (as a CUDA code holds them).
 * tf_dcg, tf_ddcg, tf_dbicgstab and tf_ddbicgstab, with and without
 * ILU(0), on the generated test matrices with a known integer solution:
 * converged, on the GPU, the solution within the condition number times
 * the true residual, the true residual recomputed here in long double
 * agreeing with the reported one, and the iteration count close to the
 * CPU's on the same problem (the CPU's results are checked against the
 * known solution by test/sparse/solve).  Exits 77 where there is no GPU.
 *
 *   resident [quick]   (quick: one small matrix, for compute-sanitizer) */
#include "config.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/sparse/matrices.h"
#include "twofold.h"
#include "twofold/sparse.h"
#include "../sparse/check.h"

static void *on_gpu(const void *p, size_t bytes)
{
	void *d = NULL;
	if (cudaMalloc(&d, bytes + 16) != cudaSuccess || (p && cudaMemcpy(d, p, bytes, cudaMemcpyHostToDevice) != cudaSuccess)) {
		printf("device memory failed\n");
		exit(1);
	}
	return d;
}

/* ||b - A x|| / ||b|| in long double. */
static double residual(const struct test_csr *m, const double *b, const double *x)
{
	long double r2 = 0, b2 = 0;
	for (int i = 0; i < m->rows; i++) {
		long double s = b[i];
		for (int64_t k = m->row_ptr[i]; k < m->row_ptr[i + 1]; k++)
			s -= (long double)m->values[k] * x[m->col_idx[k]];
		r2 += s * s;
		b2 += (long double)b[i] * b[i];
	}
	return (double)sqrtl(r2 / b2);
}

enum method { CG, BICGSTAB };

/* Solves from x = 0; x receives the solution rounded to double.  b and x
 * in device memory when `resident`, else host arrays. */
static int solve(tf_csr *a, int n, enum method method, int dd, tf_precond precond, tf_device device,
		 int resident, const double *b, double *x, tf_solve_result *r)
{
	tf_solve_options o;
	tf_solve_options_init(&o);
	o.precond = precond;
	o.device = device;
	size_t element = dd ? sizeof(tf_dd) : sizeof(double);
	void *hb = malloc((size_t)n * element), *hx = calloc((size_t)n, element);
	if (dd)
		tf_d2dd_array(n, b, 1, hb, 1);
	else
		memcpy(hb, b, (size_t)n * element);
	void *db = hb, *dx = hx;
	if (resident) {
		db = on_gpu(hb, (size_t)n * element);
		dx = on_gpu(hx, (size_t)n * element);
	}
	int status = dd ? (method == CG ? tf_ddcg : tf_ddbicgstab)(a, n, db, dx, &o, r)
			: (method == CG ? tf_dcg : tf_dbicgstab)(a, n, db, dx, &o, r);
	if (resident) {
		cudaMemcpy(hx, dx, (size_t)n * element, cudaMemcpyDeviceToHost);
		cudaFree(db);
		cudaFree(dx);
	}
	if (dd)
		tf_dd2d_array(n, hx, 1, x, 1);
	else
		memcpy(x, hx, (size_t)n * element);
	free(hb);
	free(hx);
	return status;
}

static void check_matrix(struct test_csr *m, enum method method, double condition)
{
	const int n = m->rows;
	double *exact = malloc((size_t)n * sizeof *exact), *b = malloc((size_t)n * sizeof *b),
	       *x = malloc((size_t)n * sizeof *x);
	for (int i = 0; i < n; i++)
		exact[i] = (double)(1 + (i * 7) % 11);
	test_csr_multiply(m, exact, b);
	int *dptr = on_gpu(m->row_ptr, (size_t)(n + 1) * sizeof(int));
	int *dcol = on_gpu(m->col_idx, (size_t)m->nnz * sizeof(int));
	double *dval = on_gpu(m->values, (size_t)m->nnz * sizeof(double));
	tf_csr *device_matrix = tf_csr_create(n, n, 0, dptr, dcol, dval);
	tf_csr *host_matrix = tf_csr_create(n, n, 0, m->row_ptr, m->col_idx, m->values);
	CHECK(tf_csr_status(device_matrix) == 0, "%s", tf_csr_message(device_matrix));
	for (int dd = 0; dd < 2; dd++)
		for (int pre = TF_PRECOND_NONE; pre <= TF_PRECOND_ILU0; pre++) {
			tf_solve_result r, cpu;
			int status = solve(device_matrix, n, method, dd, pre, TF_DEVICE_AUTO, 1, b, x, &r);
			double tol = dd ? 1e-12 : 1e-8, e = 0;
			for (int i = 0; i < n; i++)
				e = fmax(e, fabs(x[i] - exact[i]) / 11.0);
			double mine = residual(m, b, x);
			solve(host_matrix, n, method, dd, pre, TF_DEVICE_CPU, 0, b, x, &cpu);
			printf("%-22s %-8s %-6s %-5s gpu %5d iterations (cpu %5d), true residual %.2e "
			       "(here %.2e), error %.2e, %.3f s\n",
			       m->name, method == CG ? "cg" : "bicgstab", dd ? "dd" : "double",
			       pre ? "ilu0" : "none", r.iterations, cpu.iterations, r.true_residual, mine, e,
			       r.seconds);
			CHECK(status == TF_SOLVE_CONVERGED, "%s: %s", m->name, r.message);
			CHECK(r.device == TF_DEVICE_GPU, "device arrays solved on %d", r.device);
			CHECK(r.residual <= tol, "recursive residual %g", r.residual);
			/* The reported true residual is in DD; the one here in long
			 * double from x rounded to double: they agree to the
			 * rounding of x in a DD solve. */
			CHECK(fabs(mine - r.true_residual) <= 1e-3 * r.true_residual + 1e-15 * condition,
			      "true residual %g reported, %g here", r.true_residual, mine);
			CHECK(e <= condition * (r.true_residual + 1e-16), "error %g", e);
			/* Same arithmetic, another order of summation: iteration
			 * counts close. */
			CHECK(cpu.status != TF_SOLVE_CONVERGED ||
				      abs(r.iterations - cpu.iterations) <= 2 + cpu.iterations / 10,
			      "%d iterations on the GPU, %d on the CPU", r.iterations, cpu.iterations);
		}
	tf_csr_destroy(device_matrix);
	tf_csr_destroy(host_matrix);
	cudaFree(dptr);
	cudaFree(dcol);
	cudaFree(dval);
	free(exact);
	free(b);
	free(x);
}

int main(int argc, char **argv)
{
	const int quick = argc > 1 && strcmp(argv[1], "quick") == 0;
	int devices = 0;
	if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
		printf("no GPU\n");
		return 77;
	}
	struct test_csr m;
	if (quick) {
		test_poisson2d(16, &m);
		check_matrix(&m, CG, 1e3);
		check_matrix(&m, BICGSTAB, 1e3);
		test_csr_free(&m);
		printf("%d failures\n", failures);
		return failures != 0;
	}
	test_poisson2d(64, &m);
	check_matrix(&m, CG, 1e4);
	check_matrix(&m, BICGSTAB, 1e4);
	test_csr_free(&m);
	test_poisson3d(16, &m);
	check_matrix(&m, CG, 1e3);
	test_csr_free(&m);
	test_convection_diffusion(40, 500.0, &m);
	check_matrix(&m, BICGSTAB, 1e4);
	test_csr_free(&m);
	test_jumping_coefficient(32, 1e4, &m);
	check_matrix(&m, CG, 1e8);
	test_csr_free(&m);
	printf("%d failures\n", failures);
	return failures != 0;
}
