/* bench/lapack_solve: the time of dgesv_, dposv_, dsysv_, zgesv_ or zposv_
 * on a random system of order n (dgels_: a random least-squares problem of
 * 2n rows and n columns, or m x n given as MxN), as the library in front of
 * the program computes it: run once
 * with TWOFOLD_MODE=cpu (the CPU LAPACK and BLAS, as without twofold) and
 * once in dd mode (factored the same way, then refined), libtwofold
 * preloaded; prints the best of `repeat` runs, wall and CPU time.
 * Beyond condition about 1e15, dd mode factors A again in DD
 * (docs/LAPACK.md), and INFO may be > 0 (the double factorization's):
 *   COND     an exactly stored matrix of that condition
 *            (test/ill_conditioned.h), sparse: a few entries a row
 *   dense    dense matrices of condition about 1e16 to 1e18, as stored:
 *            gesv (I - 2 u u^T) diag(s) (I - 2 v v^T) for random unit u, v
 *            and s from 1 down to 1e-20, rounded; posv the random matrix
 *            with its last row and column replaced by a combination y of
 *            the others (positive definite in DD, not in double); sysv
 *            gesv's with v = u and s of random signs (symmetric
 *            indefinite); gels gesv's, m x n (U of order m, V of order n)
 * zgesv and zposv: the same matrices (COND: Gaussian integers; dense: the
 * real ones, stored as complex), complex right-hand sides.
 *
 *   lapack_solve [z]gesv|[z]posv|sysv N [NRHS [REPEAT [COND|dense]]]
 *   lapack_solve gels N|MxN [NRHS [REPEAT [dense]]]
 *
 * Built with TF_BENCH_GPU as lapack_solve_gpu, the fifth argument may
 * instead say where the arrays are, on the random systems:
 *   host       host memory (as without it)
 *   device     A, B and ipiv in device memory (cudaMalloc), the driver's
 *              call timed to the end of its work on the GPU
 *   cusolver   no driver: cuSOLVER's getrf and getrs (potrf and potrs)
 *              called directly on device arrays, the ceiling of a solve
 *              in double on the GPU
 * (A and B are copied in before each run, outside the time.) */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "test/ill_conditioned.h"
#include "test/splitmix64.h"
#ifdef TF_BENCH_GPU
#include <cuda_runtime_api.h>
#include <cusolverDn.h>
#endif

void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
	    const int *ldb, int *info);
void dposv_(const char *uplo, const int *n, const int *nrhs, double *a, const int *lda, double *b,
	    const int *ldb, int *info, size_t uplo_len);
void dgels_(const char *trans, const int *m, const int *n, const int *nrhs, double *a,
	    const int *lda, double *b, const int *ldb, double *work, const int *lwork, int *info,
	    size_t trans_len);
void dsysv_(const char *uplo, const int *n, const int *nrhs, double *a, const int *lda, int *ipiv,
	    double *b, const int *ldb, double *work, const int *lwork, int *info, size_t uplo_len);
void zgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
	    const int *ldb, int *info);
void zposv_(const char *uplo, const int *n, const int *nrhs, double *a, const int *lda, double *b,
	    const int *ldb, int *info, size_t uplo_len);

enum place { HOST, DEVICE, CUSOLVER };

#ifdef TF_BENCH_GPU
static void check(int ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "lapack_solve_gpu: %s failed\n", what);
		exit(2);
	}
}

/* cuSOLVER's factorization and solve of the device system a, b in place. */
static int cusolver_solve(int complex, int spd, int n, int nrhs, double *a, double *b, int *ipiv)
{
	static cusolverDnHandle_t handle;
	static void *work;
	static int *info_d;
	int lwork = 0, info = 0;
	if (!handle) {
		check(cusolverDnCreate(&handle) == CUSOLVER_STATUS_SUCCESS, "cusolverDnCreate");
		check(cudaMalloc((void **)&info_d, sizeof *info_d) == cudaSuccess, "cudaMalloc");
	}
	cuDoubleComplex *za = (cuDoubleComplex *)a, *zb = (cuDoubleComplex *)b;
	const cublasFillMode_t lower = CUBLAS_FILL_MODE_LOWER;
	if (spd && complex)
		cusolverDnZpotrf_bufferSize(handle, lower, n, za, n, &lwork);
	else if (spd)
		cusolverDnDpotrf_bufferSize(handle, lower, n, a, n, &lwork);
	else if (complex)
		cusolverDnZgetrf_bufferSize(handle, n, n, za, n, &lwork);
	else
		cusolverDnDgetrf_bufferSize(handle, n, n, a, n, &lwork);
	if (!work) /* the first call's size: every call here is of one order */
		check(cudaMalloc(&work, (size_t)lwork * (complex ? 16 : 8)) == cudaSuccess, "cudaMalloc");
	if (spd && complex) {
		cusolverDnZpotrf(handle, lower, n, za, n, work, lwork, info_d);
		cusolverDnZpotrs(handle, lower, n, nrhs, za, n, zb, n, info_d);
	} else if (spd) {
		cusolverDnDpotrf(handle, lower, n, a, n, work, lwork, info_d);
		cusolverDnDpotrs(handle, lower, n, nrhs, a, n, b, n, info_d);
	} else if (complex) {
		cusolverDnZgetrf(handle, n, n, za, n, work, ipiv, info_d);
		cusolverDnZgetrs(handle, CUBLAS_OP_N, n, nrhs, za, n, ipiv, zb, n, info_d);
	} else {
		cusolverDnDgetrf(handle, n, n, a, n, work, ipiv, info_d);
		cusolverDnDgetrs(handle, CUBLAS_OP_N, n, nrhs, a, n, ipiv, b, n, info_d);
	}
	check(cudaMemcpy(&info, info_d, sizeof info, cudaMemcpyDeviceToHost) == cudaSuccess,
	      "cudaMemcpy");
	return info;
}
#endif

static double seconds(clockid_t clock)
{
	struct timespec t;
	clock_gettime(clock, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv)
{
	const int complex = argc > 1 && argv[1][0] == 'z';
	const char *routine = argc > 1 ? argv[1] + complex : "";
	const int gels = strcmp(routine, "gels") == 0 && !complex;
	const int sysv = strcmp(routine, "sysv") == 0 && !complex;
	if (argc < 3 || (strcmp(routine, "gesv") != 0 && strcmp(routine, "posv") != 0 && !gels &&
			 !sysv)) {
		fprintf(stderr, "usage: lapack_solve [z]gesv|[z]posv|sysv N [NRHS [REPEAT [COND|dense]]]\n"
				"       lapack_solve gels N|MxN [NRHS [REPEAT [dense]]]\n");
		return 2;
	}
	const int spd = strcmp(routine, "posv") == 0, w = complex ? 2 : 1;
	const char *by = strchr(argv[2], 'x'); /* gels MxN */
	const int n = atoi(gels && by ? by + 1 : argv[2]), nrhs = argc > 3 ? atoi(argv[3]) : 1;
	const int repeat = argc > 4 ? atoi(argv[4]) : 3;
	const int dense = argc > 5 && strcmp(argv[5], "dense") == 0;
	enum place place = HOST;
	if (argc > 5 && strcmp(argv[5], "device") == 0)
		place = DEVICE;
	else if (argc > 5 && strcmp(argv[5], "cusolver") == 0)
		place = CUSOLVER;
	const int placed = place != HOST || (argc > 5 && strcmp(argv[5], "host") == 0);
#ifndef TF_BENCH_GPU
	if (place != HOST || placed) {
		fprintf(stderr, "lapack_solve: built without CUDA: no %s (lapack_solve_gpu)\n", argv[5]);
		return 2;
	}
#endif
	if (place != HOST && (gels || sysv)) {
		fprintf(stderr, "lapack_solve: gels and sysv on host arrays only\n");
		return 2;
	}
	const double cond = argc > 5 && !dense && !placed ? atof(argv[5]) : 0.0;
	const int m = gels ? by ? atoi(argv[2]) : 2 * n : n; /* A's rows */
	if (m < n) {
		fprintf(stderr, "lapack_solve: gels with m >= n only\n");
		return 2;
	}
	const size_t nn = (size_t)m * n;
	double *a0 = malloc(w * nn * sizeof *a0), *a = malloc(w * nn * sizeof *a);
	double *b0 = malloc((size_t)w * m * nrhs * sizeof *b0);
	double *b = malloc((size_t)w * m * nrhs * sizeof *b);
	double size = 0.0;
	int query = -1, lwork = 0, query_info = 0;
	if (gels) { /* the workspace */
		dgels_("N", &m, &n, &nrhs, a, &m, b, &m, &size, &query, &query_info, 1);
		lwork = (int)size;
	} else if (sysv) {
		dsysv_("L", &n, &nrhs, a, &n, NULL, b, &n, &size, &query, &query_info, 1);
		lwork = (int)size;
	}
	double *work = malloc(((size_t)lwork + 1) * sizeof *work);
	int *ipiv = malloc((size_t)n * sizeof *ipiv);
	uint64_t rng = 42;
	for (size_t i = 0; i < nn; i++)
		a0[i] = 2.0 * splitmix64_unif(&rng) - 1.0;
	if (cond > 0.0 && !complex)
		ill_conditioned_matrix(n, 1, cond, sysv ? 2 : spd, a0, n, &rng);
	else if (spd) /* symmetric, diagonally dominant */
		for (int j = 0; j < n; j++) {
			for (int i = 0; i < j; i++)
				a0[(size_t)j * n + i] = a0[(size_t)i * n + j];
			a0[(size_t)j * n + j] = n;
		}
	if (dense && !spd) { /* U S V, U of order m; sysv: V = U, S of random signs */
		double *u = malloc(((size_t)m + 2 * n) * sizeof *u), *v = u + m, *s = v + n;
		double uu = 0.0, vv = 0.0, usv = 0.0;
		for (int i = 0; i < m; i++) { /* (gesv's numbers drawn in their old order) */
			u[i] = 2.0 * splitmix64_unif(&rng) - 1.0;
			uu += u[i] * u[i];
			if (i < n) {
				v[i] = 2.0 * splitmix64_unif(&rng) - 1.0;
				vv += v[i] * v[i];
			}
		}
		for (int i = 0; i < n; i++)
			s[i] = pow(1e-20, (double)i / (n - 1)) *
			       (sysv && splitmix64_unif(&rng) < 0.5 ? -1.0 : 1.0);
		for (int i = 0; i < m; i++)
			u[i] /= sqrt(uu);
		for (int i = 0; i < n; i++)
			v[i] = sysv ? u[i] : v[i] / sqrt(vv);
		for (int k = 0; k < n; k++)
			usv += u[k] * s[k] * v[k];
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++)
				a0[(size_t)j * m + i] = (i < n ? (i == j ? s[i] : 0.0) - 2.0 * s[i] * v[i] * v[j]
							       : 0.0) -
							2.0 * u[i] * u[j] * s[j] + 4.0 * u[i] * usv * v[j];
		free(u);
	} else if (dense && n > 1) {
		/* the last column a combination y of the others (posv: A y for
		 * y with last component -1 has nothing left but roundings); then,
		 * symmetric, the last row the same */
		double *y = malloc((size_t)n * sizeof *y);
		for (int k = 0; k < n - 1; k++)
			y[k] = 2.0 * splitmix64_unif(&rng) - 1.0;
		for (int i = 0; i < n - 1; i++) {
			double sum = 0.0;
			for (int k = 0; k < n - 1; k++)
				sum += a0[(size_t)k * n + i] * y[k];
			a0[(size_t)(n - 1) * n + i] = sum;
			if (spd)
				a0[(size_t)i * n + n - 1] = sum;
		}
		double last = 0.0;
		for (int k = 0; k < n - 1; k++)
			last += a0[(size_t)(n - 1) * n + k] * y[k];
		a0[nn - 1] = last;
		free(y);
	}
	if (complex) { /* the real matrix as complex, from the last element down */
		for (size_t i = nn; i-- > 0;) {
			a0[2 * i] = a0[i];
			a0[2 * i + 1] = 0.0;
		}
		if (cond > 0.0)
			ill_conditioned_matrix(n, 2, cond, spd, a0, n, &rng);
	}
	for (size_t i = 0; i < (size_t)w * m * nrhs; i++)
		b0[i] = 2.0 * splitmix64_unif(&rng) - 1.0;
	double best_wall = INFINITY, best_cpu = INFINITY;
	int info = 0;
	double *a_at = a, *b_at = b; /* the arrays the call gets */
	int *ipiv_at = ipiv;
#ifdef TF_BENCH_GPU
	if (place != HOST) {
		check(cudaMalloc((void **)&a_at, w * nn * sizeof *a) == cudaSuccess &&
		      cudaMalloc((void **)&b_at, (size_t)w * m * nrhs * sizeof *b) == cudaSuccess &&
		      cudaMalloc((void **)&ipiv_at, (size_t)n * sizeof *ipiv) == cudaSuccess,
		      "cudaMalloc");
	}
#endif
	for (int r = 0; r < repeat; r++) {
		memcpy(a, a0, w * nn * sizeof *a);
		memcpy(b, b0, (size_t)w * m * nrhs * sizeof *b);
#ifdef TF_BENCH_GPU
		if (place != HOST)
			check(cudaMemcpy(a_at, a0, w * nn * sizeof *a, cudaMemcpyHostToDevice) ==
				      cudaSuccess &&
			      cudaMemcpy(b_at, b0, (size_t)w * m * nrhs * sizeof *b,
					 cudaMemcpyHostToDevice) == cudaSuccess &&
			      cudaDeviceSynchronize() == cudaSuccess, "cudaMemcpy");
#endif
		double *a = a_at, *b = b_at;
		int *ipiv = ipiv_at;
		double w0 = seconds(CLOCK_MONOTONIC), c0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
#ifdef TF_BENCH_GPU
		if (place == CUSOLVER)
			info = cusolver_solve(complex, spd, n, nrhs, a, b, ipiv);
		else
#endif
		if (gels)
			dgels_("N", &m, &n, &nrhs, a, &m, b, &m, work, &lwork, &info, 1);
		else if (sysv)
			dsysv_("L", &n, &nrhs, a, &n, ipiv, b, &n, work, &lwork, &info, 1);
		else if (spd)
			(complex ? zposv_ : dposv_)("L", &n, &nrhs, a, &n, b, &n, &info, 1);
		else
			(complex ? zgesv_ : dgesv_)(&n, &nrhs, a, &n, ipiv, b, &n, &info);
#ifdef TF_BENCH_GPU
		if (place != HOST)
			check(cudaDeviceSynchronize() == cudaSuccess, "cudaDeviceSynchronize");
#endif
		double w = seconds(CLOCK_MONOTONIC) - w0, c = seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
		best_wall = fmin(best_wall, w);
		best_cpu = fmin(best_cpu, c);
	}
	const char *mode = getenv("TWOFOLD_MODE");
	printf("%c%s", complex ? 'z' : 'd', routine);
	if (gels)
		printf(" m %d", m);
	printf(" n %d nrhs %d", n, nrhs);
	if (cond > 0.0)
		printf(" cond %.0e", cond);
	else if (dense)
		printf(" dense, nearly singular");
	if (placed)
		printf(" %s arrays", place == HOST ? "host" : "device");
	printf(" %s%s: info %d, best of %d: %.3f s wall, %.3f s CPU\n",
	       place == CUSOLVER ? "cuSOLVER called directly" : "mode ",
	       place == CUSOLVER ? "" : mode ? mode : "dd", info, repeat, best_wall, best_cpu);
	free(a0), free(a), free(b0), free(b), free(ipiv), free(work);
	return cond > 0.0 || dense ? info < 0 : info != 0;
}
