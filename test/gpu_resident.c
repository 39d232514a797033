/* Arrays in device memory and in managed memory, as CUDA Fortran and
 * OpenACC codes pass them: dgemm_, dgemv_ and daxpy_ compute them in place
 * on the GPU, and the results are within 1 ulp of the host DD results.
 * Exits 77 where there is no GPU. */
#include "config.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/f77_blas.h"
#include "twofold/arith_dd.h"

#define M 150
#define N 130
#define K 170

static int failures;

static void check(const char *what, double got, tf_dd exact)
{
	double nearest = tf_dd_to_double(exact);
	double ulp = nextafter(fabs(nearest), INFINITY) - fabs(nearest);
	if (!(fabs(got - nearest) <= ulp)) {
		if (failures++ < 10)
			printf("%s: expected %.17g, got %.17g\n", what, nearest, got);
	}
}

/* Allocates n doubles in device (managed = 0) or managed memory, copies v. */
static double *place(const double *v, size_t n, int managed)
{
	double *p;
	cudaError_t status = managed ? cudaMallocManaged((void **)&p, n * sizeof *p, cudaMemAttachGlobal)
				     : cudaMalloc((void **)&p, n * sizeof *p);
	if (status != cudaSuccess || cudaMemcpy(p, v, n * sizeof *p, cudaMemcpyDefault) != cudaSuccess) {
		printf("allocation failed: %s\n", cudaGetErrorString(status));
		exit(1);
	}
	return p;
}

static void run(int managed)
{
	static double a[M * K], b[K * N], c[M * N], x[N * 2], y[M * 3];
	unsigned seed = 11u + (unsigned)managed;
	for (int i = 0; i < M * K; i++)
		a[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
	for (int i = 0; i < K * N; i++)
		b[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
	for (int i = 0; i < M * N; i++)
		c[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
	for (int i = 0; i < N * 2; i++)
		x[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
	for (int i = 0; i < M * 3; i++)
		y[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
	double *da = place(a, M * K, managed), *db = place(b, K * N, managed);
	double *dc = place(c, M * N, managed), *dx = place(x, N * 2, managed);
	double *dy = place(y, M * 3, managed);
	int m = M, n = N, k = K, two = 2, minus3 = -3;
	double alpha = 0.7, beta = -1.3, result[M * N];

	dgemm_("N", "N", &m, &n, &k, &alpha, da, &m, db, &k, &beta, dc, &m, 1, 1);
	cudaMemcpy(result, dc, sizeof result, cudaMemcpyDefault);
	for (int j = 0; j < N; j++)
		for (int i = 0; i < M; i++) {
			tf_dd s = tf_dd_make(0, 0);
			for (int l = 0; l < K; l++)
				s = tf_dd_fma(s, a[i + l * M], b[l + j * K]);
			s = tf_dd_add(tf_dd_mul_d(s, alpha), tf_two_prod(beta, c[i + j * M]));
			check(managed ? "dgemm_ (managed)" : "dgemm_ (device)", result[i + j * M], s);
		}

	/* y = alpha A(:, 1:n) x(1:2:) + beta y(::-3), strides 2 and -3 */
	double ydone[M * 3];
	dgemv_("N", &m, &n, &alpha, da, &m, dx, &two, &beta, dy, &minus3, 1);
	cudaMemcpy(ydone, dy, sizeof ydone, cudaMemcpyDefault);
	for (int i = 0; i < M; i++) {
		tf_dd s = tf_dd_make(0, 0);
		for (int l = 0; l < N; l++)
			s = tf_dd_fma(s, a[i + l * M], x[2 * l]);
		int at = (M - 1 - i) * 3;
		s = tf_dd_add(tf_dd_mul_d(s, alpha), tf_two_prod(beta, y[at]));
		check(managed ? "dgemv_ (managed)" : "dgemv_ (device)", ydone[at], s);
	}

	/* y(::-3) += alpha x(1:2:), n elements */
	daxpy_(&n, &alpha, dx, &two, dy, &minus3);
	double yaxpy[M * 3];
	cudaMemcpy(yaxpy, dy, sizeof yaxpy, cudaMemcpyDefault);
	for (int i = 0; i < N; i++) {
		int at = (N - 1 - i) * 3;
		tf_dd s = tf_dd_add_d(tf_two_prod(alpha, x[2 * i]), ydone[at]);
		check(managed ? "daxpy_ (managed)" : "daxpy_ (device)", yaxpy[at], s);
	}
	cudaFree(da), cudaFree(db), cudaFree(dc), cudaFree(dx), cudaFree(dy);
}

int main(void)
{
	int count = 0;
	if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
		printf("SKIP: no GPU\n");
		return 77;
	}
	run(0);
	run(1);
	printf("%s\n", failures ? "FAILED" : "device and managed arrays: every result within 1 ulp");
	return failures != 0;
}
