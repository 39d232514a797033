/* bench/dd_factor_gpu: the LAPACK drivers' factorizations in DD on the GPU
 * (src/gpu/dd_factor.h), as the fallback of dgesv_, dposv_, zgesv_ and
 * zposv_ runs them (docs/LAPACK.md), with their ceiling in the same run:
 * the DD GEMM they update with (the typed DD kernel, C -= A B on device
 * arrays), square and in the trailing update's shape (inner length
 * TF_DD_FACTOR_BLOCK).
 * For each order N: the DD LU with partial pivoting and the DD Cholesky of
 * an N x N host matrix (upload and conversion included), a solve with the
 * factors (one right-hand side, host arrays), each timed once after a
 * warm-up at order 512; and the CPU's DD LU (src/cpu/dd_factor.c) at
 * order CPU_N, for scale.  A multiply-add counts 2 DD flops: LU 2/3 N^3,
 * Cholesky 1/3 N^3.  With `z` first, the same for complex matrices (the
 * drivers' zgesv_ and zposv_): a complex multiply-add counts as four real
 * ones, 8 DD flops, so that the rates compare with the real DD GEMM's.
 * Linked with libtwofold's objects (the internal functions).
 *
 *   dd_factor_gpu [z] [CPU_N [N...]]     (default: 1024 4096 8192) */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime_api.h>
#include "bench/wall_clock.h"
#include "cpu/dd_kernels.h"
#include "core/threads.h"
#include "gpu/dd_factor.h"
#include "gpu/gpu.h"
#include "kernels/dd_factor.h"
#include "kernels/typed.h"
#include "test/splitmix64.h"
#include "twofold/arith_zdd.h"

/* The elements' doubles: 1, or 2 for complex matrices (`z`). */
static int width = 1;

/* Real DD flops of a complex (width 2) operation's count of real ones */
static double flops(double real)
{
	return width == 2 ? 4.0 * real : real;
}

/* A random n x n matrix, diagonally dominant and symmetric (Hermitian)
 * when spd. */
static double *matrix(int n, int spd)
{
	uint64_t rng = 2026;
	double *a = malloc((size_t)width * n * n * sizeof *a);
	for (int j = 0; j < n; j++)
		for (int i = spd ? j : 0; i < n; i++)
			for (int p = 0; p < width; p++) {
				double v = splitmix64_sym(&rng);
				if (spd && i == j)
					v = p == 0 ? n : 0.0;
				a[(size_t)width * ((size_t)j * n + i) + p] = v;
				if (spd)
					a[(size_t)width * ((size_t)i * n + j) + p] = p == 0 ? v : -v;
			}
	return a;
}

static enum tf_op_type type(void)
{
	return width == 2 ? TF_TYPE_Z : TF_TYPE_D;
}

/* Seconds of C (m x m) -= A B, A m x k, B k x m, all DD on the device
 * (the median of five after a warm-up); 0 on a failure. */
static double gemm_seconds(int m, int k)
{
	tf_dd *a = NULL, *b = NULL, *c = NULL;
	double t[5] = { 0 };
	if (cudaMalloc((void **)&a, (size_t)m * k * sizeof *a) != cudaSuccess ||
	    cudaMalloc((void **)&b, (size_t)k * m * sizeof *b) != cudaSuccess ||
	    cudaMalloc((void **)&c, (size_t)m * m * sizeof *c) != cudaSuccess)
		goto done;
	cudaMemset(a, 0, (size_t)m * k * sizeof *a);
	cudaMemset(b, 0, (size_t)k * m * sizeof *b);
	cudaMemset(c, 0, (size_t)m * m * sizeof *c);
	struct tf_typed_gemm_args g = { 0 };
	g.format = TF_FORMAT_DD;
	g.transa = 'N', g.transb = 'N';
	g.m = m, g.n = m, g.k = k;
	g.alpha.dd = (tf_dd){ -1.0, 0.0 };
	g.beta.dd = (tf_dd){ 1.0, 0.0 };
	g.a.hi = a, g.lda = m;
	g.b.hi = b, g.ldb = k;
	g.c.hi = c, g.ldc = m;
	for (int r = -1; r < 5; r++) {
		double t0 = bench_now();
		if (tf_kernel_typed_gemm(&g, 0) != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
			t[2] = 0.0;
			goto done;
		}
		if (r >= 0)
			t[r] = bench_now() - t0;
	}
	qsort(t, 5, sizeof *t, bench_compare);
done:
	cudaFree(a), cudaFree(b), cudaFree(c);
	return t[2];
}

/* Seconds of the factorization (uplo 0: LU) and of a solve with it. */
static int factor(char uplo, int n, const double *a, double *factor_s, double *solve_s)
{
	int info = -1;
	double t0 = bench_now();
	struct tf_gpu_dd_factors *f = tf_gpu_dd_factor(type(), uplo, n, a, n, &info);
	*factor_s = bench_now() - t0;
	if (!f || info != 0) {
		printf("the GPU did not factor (order %d, INFO %d)\n", n, info);
		tf_gpu_dd_factors_free(f);
		return -1;
	}
	const size_t parts = (size_t)width * n;
	double *hi = malloc(parts * sizeof *hi), *lo = calloc(parts, sizeof *lo);
	for (size_t i = 0; i < parts; i++)
		hi[i] = 1.0;
	t0 = bench_now();
	int status = tf_gpu_dd_solve(f, 1, hi, lo, parts);
	*solve_s = bench_now() - t0;
	free(hi), free(lo);
	tf_gpu_dd_factors_free(f);
	return status;
}

int main(int argc, char **argv)
{
	if (argc > 1 && argv[1][0] == 'z')
		width = 2, argc--, argv++;
	const int cpu_n = argc > 1 ? atoi(argv[1]) : 1024;
	int sizes[8] = { 4096, 8192 }, count = 2;
	if (argc > 2)
		for (count = 0; count < 8 && count + 2 < argc; count++)
			sizes[count] = atoi(argv[count + 2]);
	if (!tf_gpu_usable()) {
		printf("no usable GPU\n");
		return 77;
	}
	struct cudaDeviceProp prop;
	cudaGetDeviceProperties(&prop, 0);
	printf("device: %s; %s matrices\n", prop.name, width == 2 ? "complex" : "real");
	double fs, ss;
	double *warm = matrix(512, 1);
	if (factor(0, 512, warm, &fs, &ss) != 0 || factor('L', 512, warm, &fs, &ss) != 0)
		return 1;
	free(warm);
	printf("%-28s %6s %10s %12s %10s\n", "what", "n", "seconds", "TDDFLOP/s", "of GEMM");
	for (int s = 0; s < count; s++) {
		const int n = sizes[s];
		const double square = gemm_seconds(n, n), update = gemm_seconds(n, TF_DD_FACTOR_BLOCK);
		const double square_rate = 2.0 * n * n * (double)n / square / 1e12;
		const double update_rate = 2.0 * n * n * (double)TF_DD_FACTOR_BLOCK / update / 1e12;
		printf("%-28s %6d %10.4f %12.3f %10s\n", "DD GEMM n x n x n", n, square, square_rate, "1");
		printf("%-28s %6d %10.4f %12.3f %10.3f\n", "DD GEMM n x n x 64 (update)", n, update,
		       update_rate, update_rate / square_rate);
		double *a = matrix(n, 0);
		if (factor(0, n, a, &fs, &ss) == 0) {
			const double rate = flops(2.0 / 3.0 * n * n * (double)n) / fs / 1e12;
			printf("%-28s %6d %10.4f %12.3f %10.3f\n", "DD LU (getrf)", n, fs, rate,
			       rate / square_rate);
			printf("%-28s %6d %10.4f\n", "DD LU solve, 1 rhs", n, ss);
		}
		free(a);
		a = matrix(n, 1);
		if (factor('L', n, a, &fs, &ss) == 0) {
			const double rate = flops(1.0 / 3.0 * n * n * (double)n) / fs / 1e12;
			printf("%-28s %6d %10.4f %12.3f %10.3f\n", "DD Cholesky (potrf)", n, fs, rate,
			       rate / square_rate);
			printf("%-28s %6d %10.4f\n", "DD Cholesky solve, 1 rhs", n, ss);
		}
		free(a);
	}
	if (cpu_n > 0) {
		double *a = matrix(cpu_n, 0);
		void *lu = malloc((size_t)cpu_n * cpu_n * width * sizeof(tf_dd));
		int *ipiv = malloc((size_t)cpu_n * sizeof *ipiv);
		const double lu_flops = flops(2.0 / 3.0 * cpu_n * cpu_n * (double)cpu_n);
		double t0 = bench_now();
		int info = width == 2 ? tf_cpu_zdd_getrf(cpu_n, a, cpu_n, lu, ipiv)
				      : tf_cpu_dd_getrf(cpu_n, a, cpu_n, lu, ipiv);
		double t = bench_now() - t0;
		printf("%-28s %6d %10.4f %12.5f   (CPU, %d threads, INFO %d)\n", "DD LU (CPU)", cpu_n, t,
		       lu_flops / t / 1e12, tf_cpu_threads(), info);
		t0 = bench_now();
		int sized = cpu_n;
		struct tf_gpu_dd_factors *f = tf_gpu_dd_factor(type(), 0, sized, a, sized, &info);
		t = bench_now() - t0;
		printf("%-28s %6d %10.4f %12.5f   (GPU, INFO %d)\n", "DD LU (GPU)", cpu_n, t,
		       lu_flops / t / 1e12, info);
		tf_gpu_dd_factors_free(f);
		free(a), free(lu), free(ipiv);
	}
	return 0;
}
