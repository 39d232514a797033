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
	int complex;  /* the elements tf_zdd, else tf_dd */
	size_t size;  /* an element's bytes */
	void *f;      /* n x n, leading dimension n */
	int *perm;    /* LU: the rows of P b, the pivots' permutation */
	int *ipiv;    /* LU: the pivots, host memory */
	/* Complex: the real DD GEMMs' operands (tf_kernel_zdd_factor_arrange):
	 * an expanded left operand (at most 2n x 2 BLOCK tf_dd), then a right
	 * one (at most BLOCK x n tf_zdd) */
	tf_dd *expanded, *right;
};

static const char *routine(const struct tf_gpu_dd_factors *f)
{
	return f->complex ? f->cholesky ? "zposv_" : "zgesv_" : f->cholesky ? "dposv_" : "dgesv_";
}

/* Element (i, j) of the factors, or of an n-row array of the same type. */
static void *element(const struct tf_gpu_dd_factors *f, void *base, int i, int j)
{
	return (char *)base + ((size_t)j * f->n + i) * f->size;
}

static void *at(const struct tf_gpu_dd_factors *f, int i, int j)
{
	return element(f, f->f, i, j);
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

/* C (m x n elements) -= op(A) op(B), op 'N' or 'C' (conjugate transposed;
 * for real data transposed), in DD.  Complex: as one real DD GEMM of twice
 * the order, the real view of C (its parts as rows 2i and 2i + 1, leading
 * dimension 2 ldc) -= E (2m x 2k, op(A)'s blocks [re, -im; im, re]) times
 * the real view of op(B) (op 'C': op(B) arranged first), which takes the
 * four real products of each complex one at the typed kernel's rate. */
static cudaError_t update(const struct tf_gpu_dd_factors *f, int m, int n, int k, const void *a,
			  int lda, char opa, const void *b, int ldb, char opb, void *c, int ldc,
			  cudaStream_t stream)
{
	if (m <= 0 || n <= 0 || k <= 0)
		return cudaSuccess;
	if (!f->complex)
		return subtract_product(opa == 'C' ? 'T' : 'N', opb == 'C' ? 'T' : 'N', m, n, k, a, lda,
					b, ldb, c, ldc, stream);
	cudaError_t status = tf_kernel_zdd_factor_arrange(m, k, a, lda, opa == 'C', 1, f->expanded,
							  2 * m, stream);
	if (status == cudaSuccess && opb == 'C') {
		status = tf_kernel_zdd_factor_arrange(k, n, b, ldb, 1, 0, f->right, k, stream);
		b = f->right, ldb = k;
	}
	if (status == cudaSuccess)
		status = subtract_product('N', 'N', 2 * m, n, 2 * k, f->expanded, 2 * m, b, 2 * ldb, c,
					  2 * ldc, stream);
	return status;
}

static cudaError_t lu(struct tf_gpu_dd_factors *f, int *ipiv, int *info, cudaStream_t stream)
{
	const int n = f->n;
	cudaError_t status = cudaSuccess;
	for (int k0 = 0; k0 < n && status == cudaSuccess; k0 += BLOCK) {
		const int w = n - k0 < BLOCK ? n - k0 : BLOCK, rest = n - k0 - w;
		for (int k = k0; k < k0 + w && status == cudaSuccess; k++)
			if ((status = tf_kernel_dd_lu_pivot(f->complex, n, k, k0, k0 + w, f->f, n, ipiv,
							    info, stream)) == cudaSuccess)
				status = tf_kernel_dd_lu_eliminate(f->complex, n, k, k0 + w, f->f, n,
								   stream);
		/* the panel's swaps in L's columns before it and the trailing ones */
		if (status == cudaSuccess)
			status = tf_kernel_dd_lu_swap_rows(f->complex, n, k0, k0 + w, ipiv, f->f, n,
							   stream);
		if (status != cudaSuccess || rest == 0)
			break;
		/* U12 = L11^-1 A12, a column of A12 a right-hand side */
		status = tf_kernel_dd_factor_trsm(f->complex, w, at(f, k0, k0), n, 0, 0, 0, 1,
						  at(f, k0, k0 + w), 1, (size_t)n, rest, stream);
		if (status == cudaSuccess)
			status = update(f, rest, rest, w, at(f, k0 + w, k0), n, 'N', at(f, k0, k0 + w), n,
					'N', at(f, k0 + w, k0 + w), n, stream);
	}
	return status;
}

static cudaError_t cholesky(struct tf_gpu_dd_factors *f, int *info, cudaStream_t stream)
{
	const int n = f->n;
	cudaError_t status = cudaSuccess;
	for (int k0 = 0; k0 < n && status == cudaSuccess; k0 += BLOCK) {
		const int w = n - k0 < BLOCK ? n - k0 : BLOCK, rest = n - k0 - w;
		status = tf_kernel_dd_potf2(f->complex, w, at(f, k0, k0), n, k0, info, stream);
		if (status != cudaSuccess || rest == 0)
			break;
		/* L21 = A21 L11^-H: conj(L11) y = (row of A21)^T, a row a right-hand
		 * side (L11^-T for real data) */
		status = tf_kernel_dd_factor_trsm(f->complex, w, at(f, k0, k0), n, 0, 1, 0, 0,
						  at(f, k0 + w, k0), (size_t)n, 1, rest, stream);
		/* the trailing lower triangle -= L21 L21^H, strip by strip */
		for (int j0 = k0 + w; j0 < n && status == cudaSuccess; j0 += STRIP) {
			const int width = n - j0 < STRIP ? n - j0 : STRIP;
			status = update(f, n - j0, width, w, at(f, j0, k0), n, 'N', at(f, j0, k0), n, 'C',
					at(f, j0, j0), n, stream);
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
	cudaFree(f->expanded);
	if (gpu)
		tf_gpu_release(gpu);
	free(f->ipiv);
	free(f);
}

struct tf_gpu_dd_factors *tf_gpu_dd_factor(enum tf_op_type type, char uplo, int n,
					   const double *a, int lda, int *info)
{
	const size_t elements = (size_t)n * n, width = type == TF_TYPE_Z ? 2 : 1;
	/* complex: the GEMMs' operands, 2n x 2 BLOCK tf_dd and BLOCK x n tf_zdd */
	const size_t operands = type == TF_TYPE_Z ? 8 * (size_t)n * BLOCK : 0;
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return NULL;
	struct tf_gpu_dd_factors *f = calloc(1, sizeof *f);
	if (!f || (elements * width * (sizeof(tf_dd) + sizeof(double)) + operands * sizeof(tf_dd) >
		   gpu->memory_budget)) {
		tf_gpu_release(gpu);
		free(f);
		return NULL;
	}
	f->n = n;
	f->cholesky = uplo != 0;
	f->complex = type == TF_TYPE_Z;
	f->size = width * sizeof(tf_dd);
	cudaStream_t stream = gpu->streams[0];
	enum tf_gpu_fault fault = TF_FAULT_ALLOC;
	double *copy = NULL;
	int *device_ints = NULL; /* info, then the pivots */
	cudaError_t status = tf_gpu_inject(TF_FAULT_ALLOC);
	if (status == cudaSuccess)
		status = cudaMalloc(&f->f, elements * f->size);
	if (status == cudaSuccess)
		status = cudaMalloc((void **)&copy, elements * width * sizeof(double));
	if (status == cudaSuccess && operands) {
		status = cudaMalloc((void **)&f->expanded, operands * sizeof(tf_dd));
		f->right = f->expanded + 4 * (size_t)n * BLOCK;
	}
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
		status = tf_gpu_upload_elements(gpu, a, width * sizeof(double), (size_t)lda, n, n, copy,
						(size_t)n, stream);
	if (status == cudaSuccess && (status = tf_gpu_inject(TF_FAULT_LAUNCH)) == cudaSuccess) {
		fault = TF_FAULT_LAUNCH;
		status = tf_kernel_dd_factor_load(f->complex, n, copy, n, uplo, f->f, n, stream);
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
static cudaError_t substitute(const struct tf_gpu_dd_factors *f, int nrhs, void *y,
			      cudaStream_t stream)
{
	const int n = f->n, blocks = (n + BLOCK - 1) / BLOCK;
	cudaError_t status = cudaSuccess;
	/* L z = y: unit for LU */
	for (int b = 0; b < blocks && status == cudaSuccess; b++) {
		const int k0 = b * BLOCK, w = n - k0 < BLOCK ? n - k0 : BLOCK;
		status = tf_kernel_dd_factor_trsm(f->complex, w, at(f, k0, k0), n, 0, 0, 0,
						  !f->cholesky, element(f, y, k0, 0), 1, (size_t)n,
						  nrhs, stream);
		if (status == cudaSuccess)
			status = update(f, n - k0 - w, nrhs, w, at(f, k0 + w, k0), n, 'N',
					element(f, y, k0, 0), n, 'N', element(f, y, k0 + w, 0), n,
					stream);
	}
	/* U x = z, or L^H x = z */
	for (int b = blocks - 1; b >= 0 && status == cudaSuccess; b--) {
		const int k0 = b * BLOCK, w = n - k0 < BLOCK ? n - k0 : BLOCK;
		status = tf_kernel_dd_factor_trsm(f->complex, w, at(f, k0, k0), n, f->cholesky,
						  f->cholesky, 1, 0, element(f, y, k0, 0), 1,
						  (size_t)n, nrhs, stream);
		if (status == cudaSuccess)
			status = f->cholesky
				? update(f, k0, nrhs, w, at(f, k0, 0), n, 'C', element(f, y, k0, 0), n,
					 'N', y, n, stream)
				: update(f, k0, nrhs, w, at(f, 0, k0), n, 'N', element(f, y, k0, 0), n,
					 'N', y, n, stream);
	}
	return status;
}

int tf_gpu_dd_solve(struct tf_gpu_dd_factors *f, int nrhs, double *hi, double *lo, size_t column)
{
	const int n = f->n;
	/* the right-hand sides' doubles: a complex element's parts adjacent,
	 * as in tf_zdd */
	const size_t parts = (size_t)n * (f->complex ? 2 : 1), elements = (size_t)n * nrhs;
	tf_dd *x = malloc(parts * nrhs * sizeof *x + 1);
	struct tf_gpu_context *gpu = x ? tf_gpu_acquire() : NULL;
	if (!gpu) {
		free(x);
		return -1;
	}
	for (int c = 0; c < nrhs; c++)
		for (size_t i = 0; i < parts; i++)
			x[c * parts + i] = (tf_dd){ hi[c * column + i], lo[c * column + i] };
	cudaStream_t stream = gpu->streams[0];
	enum tf_gpu_fault fault = TF_FAULT_ALLOC;
	void *b = tf_gpu_scratch(gpu, 2 * elements * f->size);
	cudaError_t status = b ? cudaSuccess : cudaErrorMemoryAllocation;
	void *y = f->cholesky ? b : (char *)b + elements * f->size;
	if (status == cudaSuccess) {
		fault = TF_FAULT_TRANSFER;
		status = tf_gpu_upload_elements(gpu, x, f->size, (size_t)n, n, nrhs, b, (size_t)n,
						stream);
	}
	if (status == cudaSuccess && (status = tf_gpu_inject(TF_FAULT_LAUNCH)) == cudaSuccess) {
		fault = TF_FAULT_LAUNCH;
		if (!f->cholesky)
			status = tf_kernel_dd_factor_permute(f->complex, n, nrhs, f->perm, b, y, stream);
		if (status == cudaSuccess)
			status = substitute(f, nrhs, y, stream);
	}
	if (status == cudaSuccess) {
		fault = TF_FAULT_TRANSFER;
		status = tf_gpu_download_elements(gpu, y, f->size, n, nrhs, x, (size_t)n, stream);
	}
	if (tf_gpu_finish(gpu, routine(f), fault, status, 0) != 0) {
		free(x);
		return -1;
	}
	for (int c = 0; c < nrhs; c++)
		for (size_t i = 0; i < parts; i++) {
			hi[c * column + i] = x[c * parts + i].hi;
			lo[c * column + i] = x[c * parts + i].lo;
		}
	free(x);
	return 0;
}

int tf_gpu_dd_factors_get(const struct tf_gpu_dd_factors *f, void *factors, int *ipiv)
{
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return -1;
	cudaError_t status = tf_gpu_download_elements(gpu, f->f, f->size, f->n, f->n, factors,
						      (size_t)f->n, gpu->streams[0]);
	if (status == cudaSuccess && ipiv && f->ipiv)
		memcpy(ipiv, f->ipiv, (size_t)f->n * sizeof *ipiv);
	return tf_gpu_finish(gpu, routine(f), TF_FAULT_TRANSFER, status, 0);
}
