#include "config.h"

#include <stdlib.h>
#include <string.h>
#include "gpu/context.h"
#include "gpu/dd_factor.h"
#include "gpu/transfer.h"
#include "kernels/dd_factor.h"
#include "kernels/typed.h"

#define BLOCK TF_DD_FACTOR_BLOCK
/* Columns of the trailing lower triangle a Cholesky update computes at
 * once: the strips' rectangles hold the triangle and at most a strip's
 * triangle above it. */
#define STRIP 1024

struct tf_gpu_dd_factors {
	int n;
	int cholesky;
	tf_dd *f;     /* n x n, leading dimension n */
	int *perm;    /* LU: the rows of P b, the pivots' permutation */
	int *ipiv;    /* LU: the pivots, host memory */
};

static const char *routine(const struct tf_gpu_dd_factors *f)
{
	return f->cholesky ? "dposv_" : "dgesv_";
}

static tf_dd *at(const struct tf_gpu_dd_factors *f, int i, int j)
{
	return f->f + (size_t)j * f->n + i;
}

/* C (m x n) -= op(A) op(B) over device arrays in DD (the typed DD kernel). */
static cudaError_t subtract_product(char transa, char transb, int m, int n, int k, const tf_dd *a,
				   int lda, const tf_dd *b, int ldb, tf_dd *c, int ldc,
				   cudaStream_t stream)
{
	if (m <= 0 || n <= 0 || k <= 0)
		return cudaSuccess;
	struct tf_typed_gemm_args g;
	memset(&g, 0, sizeof g);
	g.format = TF_FORMAT_DD;
	g.transa = transa, g.transb = transb;
	g.m = m, g.n = n, g.k = k;
	g.alpha.dd = (tf_dd){ -1.0, 0.0 };
	g.beta.dd = (tf_dd){ 1.0, 0.0 };
	g.a.hi = (void *)a, g.lda = lda;
	g.b.hi = (void *)b, g.ldb = ldb;
	g.c.hi = c, g.ldc = ldc;
	return tf_kernel_typed_gemm(&g, stream);
}

static cudaError_t lu(struct tf_gpu_dd_factors *f, int *ipiv, int *info, cudaStream_t stream)
{
	const int n = f->n;
	cudaError_t status = cudaSuccess;
	for (int k0 = 0; k0 < n && status == cudaSuccess; k0 += BLOCK) {
		const int w = n - k0 < BLOCK ? n - k0 : BLOCK, rest = n - k0 - w;
		for (int k = k0; k < k0 + w && status == cudaSuccess; k++)
			if ((status = tf_kernel_dd_lu_pivot(n, k, k0, k0 + w, f->f, n, ipiv, info,
							    stream)) == cudaSuccess)
				status = tf_kernel_dd_lu_eliminate(n, k, k0 + w, f->f, n, stream);
		/* the panel's swaps in L's columns before it and the trailing ones */
		if (status == cudaSuccess)
			status = tf_kernel_dd_lu_swap_rows(n, k0, k0 + w, ipiv, f->f, n, stream);
		if (status != cudaSuccess || rest == 0)
			break;
		/* U12 = L11^-1 A12, a column of A12 a right-hand side */
		status = tf_kernel_dd_factor_trsm(w, at(f, k0, k0), n, 0, 0, 1, at(f, k0, k0 + w), 1,
						  (size_t)n, rest, stream);
		if (status == cudaSuccess)
			status = subtract_product('N', 'N', rest, rest, w, at(f, k0 + w, k0), n,
						  at(f, k0, k0 + w), n, at(f, k0 + w, k0 + w), n, stream);
	}
	return status;
}

static cudaError_t cholesky(struct tf_gpu_dd_factors *f, int *info, cudaStream_t stream)
{
	const int n = f->n;
	cudaError_t status = cudaSuccess;
	for (int k0 = 0; k0 < n && status == cudaSuccess; k0 += BLOCK) {
		const int w = n - k0 < BLOCK ? n - k0 : BLOCK, rest = n - k0 - w;
		status = tf_kernel_dd_potf2(w, at(f, k0, k0), n, k0, info, stream);
		if (status != cudaSuccess || rest == 0)
			break;
		/* L21 = A21 L11^-T: L11 y = (row of A21)^T, a row a right-hand side */
		status = tf_kernel_dd_factor_trsm(w, at(f, k0, k0), n, 0, 0, 0, at(f, k0 + w, k0),
						  (size_t)n, 1, rest, stream);
		/* the trailing lower triangle -= L21 L21^T, strip by strip */
		for (int j0 = k0 + w; j0 < n && status == cudaSuccess; j0 += STRIP) {
			const int width = n - j0 < STRIP ? n - j0 : STRIP;
			status = subtract_product('N', 'T', n - j0, width, w, at(f, j0, k0), n,
						  at(f, j0, k0), n, at(f, j0, j0), n, stream);
		}
	}
	return status;
}

/* P, as the rows of P b: the pivots' swaps applied to 0 .. n-1. */
static int *permutation(int n, const int *ipiv)
{
	int *perm = malloc((size_t)n * sizeof *perm + 1);
	if (!perm)
		return NULL;
	for (int i = 0; i < n; i++)
		perm[i] = i;
	for (int k = 0; k < n; k++) {
		int t = perm[k];
		perm[k] = perm[ipiv[k]];
		perm[ipiv[k]] = t;
	}
	return perm;
}

void tf_gpu_dd_factors_free(struct tf_gpu_dd_factors *f)
{
	if (!f)
		return;
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	cudaFree(f->f);
	cudaFree(f->perm);
	if (gpu)
		tf_gpu_release(gpu);
	free(f->ipiv);
	free(f);
}

struct tf_gpu_dd_factors *tf_gpu_dd_factor(char uplo, int n, const double *a, int lda, int *info)
{
	const size_t elements = (size_t)n * n;
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return NULL;
	struct tf_gpu_dd_factors *f = calloc(1, sizeof *f);
	if (!f || elements * (sizeof(tf_dd) + sizeof(double)) > gpu->memory_budget) {
		tf_gpu_release(gpu);
		free(f);
		return NULL;
	}
	f->n = n;
	f->cholesky = uplo != 0;
	cudaStream_t stream = gpu->streams[0];
	enum tf_gpu_fault fault = TF_FAULT_ALLOC;
	double *copy = NULL;
	int *device_ints = NULL; /* info, then the pivots */
	cudaError_t status = tf_gpu_inject(TF_FAULT_ALLOC);
	if (status == cudaSuccess)
		status = cudaMalloc((void **)&f->f, elements * sizeof(tf_dd));
	if (status == cudaSuccess)
		status = cudaMalloc((void **)&copy, elements * sizeof(double));
	if (status == cudaSuccess)
		status = cudaMalloc((void **)&device_ints, ((size_t)n + 1) * sizeof(int));
	if (status == cudaSuccess && !f->cholesky &&
	    (!(f->ipiv = malloc((size_t)n * sizeof *f->ipiv + 1)) ||
	     (status = cudaMalloc((void **)&f->perm, (size_t)n * sizeof(int))) != cudaSuccess))
		status = status == cudaSuccess ? cudaErrorMemoryAllocation : status;
	if (status == cudaSuccess) {
		fault = TF_FAULT_TRANSFER;
		status = cudaMemsetAsync(device_ints, 0, sizeof(int), stream);
	}
	if (status == cudaSuccess)
		status = tf_gpu_upload(gpu, a, (size_t)lda, n, n, copy, (size_t)n, stream);
	if (status == cudaSuccess && (status = tf_gpu_inject(TF_FAULT_LAUNCH)) == cudaSuccess) {
		fault = TF_FAULT_LAUNCH;
		status = tf_kernel_dd_factor_load(n, copy, n, uplo, f->f, n, stream);
	}
	if (status == cudaSuccess)
		status = f->cholesky ? cholesky(f, device_ints, stream)
				     : lu(f, device_ints + 1, device_ints, stream);
	if (status == cudaSuccess)
		status = cudaStreamSynchronize(stream);
	if (status == cudaSuccess) {
		fault = TF_FAULT_TRANSFER;
		status = cudaMemcpy(info, device_ints, sizeof *info, cudaMemcpyDeviceToHost);
	}
	if (status == cudaSuccess && !f->cholesky)
		status = cudaMemcpy(f->ipiv, device_ints + 1, (size_t)n * sizeof(int),
				    cudaMemcpyDeviceToHost);
	if (status == cudaSuccess && !f->cholesky) {
		int *perm = permutation(n, f->ipiv);
		status = perm ? cudaMemcpy(f->perm, perm, (size_t)n * sizeof(int), cudaMemcpyHostToDevice)
			      : cudaErrorMemoryAllocation;
		free(perm);
	}
	cudaFree(copy);
	cudaFree(device_ints);
	if (tf_gpu_finish(gpu, routine(f), fault, status, 0) != 0) {
		tf_gpu_dd_factors_free(f);
		return NULL;
	}
	return f;
}

/* y (n x nrhs, leading dimension n) = A^-1 y with the factors. */
static cudaError_t substitute(const struct tf_gpu_dd_factors *f, int nrhs, tf_dd *y,
			      cudaStream_t stream)
{
	const int n = f->n, blocks = (n + BLOCK - 1) / BLOCK;
	cudaError_t status = cudaSuccess;
	/* L z = y: unit for LU */
	for (int b = 0; b < blocks && status == cudaSuccess; b++) {
		const int k0 = b * BLOCK, w = n - k0 < BLOCK ? n - k0 : BLOCK;
		status = tf_kernel_dd_factor_trsm(w, at(f, k0, k0), n, 0, 0, !f->cholesky, y + k0, 1,
						  (size_t)n, nrhs, stream);
		if (status == cudaSuccess)
			status = subtract_product('N', 'N', n - k0 - w, nrhs, w, at(f, k0 + w, k0), n,
						  y + k0, n, y + k0 + w, n, stream);
	}
	/* U x = z, or L^T x = z */
	for (int b = blocks - 1; b >= 0 && status == cudaSuccess; b--) {
		const int k0 = b * BLOCK, w = n - k0 < BLOCK ? n - k0 : BLOCK;
		status = tf_kernel_dd_factor_trsm(w, at(f, k0, k0), n, f->cholesky, 1, 0, y + k0, 1,
						  (size_t)n, nrhs, stream);
		if (status == cudaSuccess)
			status = f->cholesky
				? subtract_product('T', 'N', k0, nrhs, w, at(f, k0, 0), n, y + k0, n, y, n,
						   stream)
				: subtract_product('N', 'N', k0, nrhs, w, at(f, 0, k0), n, y + k0, n, y, n,
						   stream);
	}
	return status;
}

int tf_gpu_dd_solve(struct tf_gpu_dd_factors *f, int nrhs, double *hi, double *lo, size_t column)
{
	const int n = f->n;
	const size_t elements = (size_t)n * nrhs;
	tf_dd *x = malloc(elements * sizeof *x + 1);
	struct tf_gpu_context *gpu = x ? tf_gpu_acquire() : NULL;
	if (!gpu) {
		free(x);
		return -1;
	}
	for (int c = 0; c < nrhs; c++)
		for (int i = 0; i < n; i++)
			x[(size_t)c * n + i] = (tf_dd){ hi[c * column + i], lo[c * column + i] };
	cudaStream_t stream = gpu->streams[0];
	enum tf_gpu_fault fault = TF_FAULT_ALLOC;
	tf_dd *b = tf_gpu_scratch(gpu, 2 * elements * sizeof *b);
	cudaError_t status = b ? cudaSuccess : cudaErrorMemoryAllocation;
	tf_dd *y = f->cholesky ? b : b + elements;
	if (status == cudaSuccess) {
		fault = TF_FAULT_TRANSFER;
		status = tf_gpu_upload_elements(gpu, x, sizeof *x, (size_t)n, n, nrhs, b, (size_t)n,
						stream);
	}
	if (status == cudaSuccess && (status = tf_gpu_inject(TF_FAULT_LAUNCH)) == cudaSuccess) {
		fault = TF_FAULT_LAUNCH;
		if (!f->cholesky)
			status = tf_kernel_dd_factor_permute(n, nrhs, f->perm, b, y, stream);
		if (status == cudaSuccess)
			status = substitute(f, nrhs, y, stream);
	}
	if (status == cudaSuccess) {
		fault = TF_FAULT_TRANSFER;
		status = tf_gpu_download_elements(gpu, y, sizeof *y, n, nrhs, x, (size_t)n, stream);
	}
	if (tf_gpu_finish(gpu, routine(f), fault, status, 0) != 0) {
		free(x);
		return -1;
	}
	for (int c = 0; c < nrhs; c++)
		for (int i = 0; i < n; i++) {
			hi[c * column + i] = x[(size_t)c * n + i].hi;
			lo[c * column + i] = x[(size_t)c * n + i].lo;
		}
	free(x);
	return 0;
}

int tf_gpu_dd_factors_get(const struct tf_gpu_dd_factors *f, tf_dd *factors, int *ipiv)
{
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return -1;
	cudaError_t status = tf_gpu_download_elements(gpu, f->f, sizeof(tf_dd), f->n, f->n, factors,
						      (size_t)f->n, gpu->streams[0]);
	if (status == cudaSuccess && ipiv && f->ipiv)
		memcpy(ipiv, f->ipiv, (size_t)f->n * sizeof *ipiv);
	return tf_gpu_finish(gpu, routine(f), TF_FAULT_TRANSFER, status, 0);
}
