/* Kernels of the factorizations in DD on the GPU (src/gpu/dd_factor.h): a
 * matrix of tf_dd on the device, column-major, LU with partial pivoting
 * and Cholesky of the lower triangle, the blocked algorithms' panels and
 * triangular solves (the trailing updates are DD GEMMs, kernels/typed.h).
 * Every operation is the CPU's (cpu/dd_factor.c): the same divisions, the
 * same updates y += l (-u) by tf_dd_mul and tf_dd_add_sloppy.  Device
 * pointers; launchers only, each returning the launch's error. */
#ifndef TF_KERNELS_DD_FACTOR_H
#define TF_KERNELS_DD_FACTOR_H

#include <cuda_runtime_api.h>
#include "twofold/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The order of the diagonal blocks: the panels' width, the triangular
 * solves' order (at most). */
#define TF_DD_FACTOR_BLOCK 64

/* f (n x n, leading dimension ldf) = a (n x n doubles, leading dimension
 * lda) with zero low words: uplo 0 all of it; 'L' its lower triangle, 'U'
 * its upper triangle transposed into the lower one (the strictly upper
 * part of f zero). */
cudaError_t tf_kernel_dd_factor_load(int n, const double *a, int lda, char uplo, tf_dd *f,
				     int ldf, cudaStream_t stream);

/* Step k of LU: p, the first row i >= k of the largest |f(i, k).hi|, into
 * ipiv[k]; rows k and p swapped in the panel's columns first .. end - 1;
 * *info = k + 1 when the pivot is zero and *info was 0. */
cudaError_t tf_kernel_dd_lu_pivot(int n, int k, int first, int end, tf_dd *f, int ldf, int *ipiv,
				  int *info, cudaStream_t stream);

/* The panel's row swaps (rows k and ipiv[k] for k = first .. end - 1, in
 * order) in the n columns outside it, one thread a column. */
cudaError_t tf_kernel_dd_lu_swap_rows(int n, int first, int end, const int *ipiv, tf_dd *f,
				      int ldf, cudaStream_t stream);

/* Step k of LU within a panel that ends before column end: f(i, k) /=
 * f(k, k) for i > k, then f(i, c) += f(i, k) (-f(k, c)) for k < c < end. */
cudaError_t tf_kernel_dd_lu_eliminate(int n, int k, int end, tf_dd *f, int ldf,
				      cudaStream_t stream);

/* Cholesky of the order x order diagonal block at f (order at most
 * TF_DD_FACTOR_BLOCK), its lower triangle, in place; *info = offset + j + 1
 * for the first column j whose pivot is not positive, when *info was 0
 * (the block is then left part way). */
cudaError_t tf_kernel_dd_potf2(int order, tf_dd *f, int ldf, int offset, int *info,
			       cudaStream_t stream);

/* Solves op(T) y = x in place for `count` right-hand sides x, element i of
 * right-hand side r at x[r next + i inc]: T order x order (at most
 * TF_DD_FACTOR_BLOCK) at t, op(T)(i, j) = t[i + j ldt], or t[j + i ldt]
 * when transposed; upper or lower; unit: its diagonal taken as 1. */
cudaError_t tf_kernel_dd_factor_trsm(int order, const tf_dd *t, int ldt, int transposed,
				     int upper, int unit, tf_dd *x, size_t inc, size_t next,
				     int count, cudaStream_t stream);

/* y(i, c) = x(perm[i], c) for the n x nrhs x and y (leading dimension n). */
cudaError_t tf_kernel_dd_factor_permute(int n, int nrhs, const int *perm, const tf_dd *x,
					tf_dd *y, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
