/* Kernels of the factorizations in DD on the GPU (src/gpu/dd_factor.h): a
 * matrix of tf_dd, or of tf_zdd when complex (each element its real and
 * imaginary DD parts, as cpu/dd_factor.c's), on the device, column-major,
 * LU with partial pivoting and Cholesky of the lower triangle, the blocked
 * algorithms' panels and triangular solves (the trailing updates are DD
 * GEMMs, kernels/typed.h; complex ones through tf_kernel_zdd_factor_arrange).
 * Every operation is the CPU's (cpu/dd_factor.c): the same divisions, the
 * same updates y += l (-u) by tf_dd_mul (tf_zdd_mul) and tf_dd_add_sloppy,
 * the same pivot sizes.  Each kernel has one body for both element types.
 * Device pointers; launchers only, each returning the launch's error. */
#ifndef TF_KERNELS_DD_FACTOR_H
#define TF_KERNELS_DD_FACTOR_H

#include <stddef.h>
#include <cuda_runtime_api.h>
#include "twofold/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The order of the diagonal blocks: the panels' width, the triangular
 * solves' order (at most). */
#define TF_DD_FACTOR_BLOCK 64

/* In each launcher, zdd says the elements of f (t, x, y) are tf_zdd,
 * else tf_dd; leading dimensions and increments count elements. */

/* f (n x n, leading dimension ldf) = a (n x n doubles, or complex doubles
 * as (re, im) pairs, leading dimension lda) with zero low words: uplo 0
 * all of it; 'L' its lower triangle, 'U' its upper triangle transposed
 * (conjugated) into the lower one (the strictly upper part of f zero; a
 * complex diagonal's imaginary parts taken as zero, as the CPU's). */
cudaError_t tf_kernel_dd_factor_load(int zdd, int n, const double *a, int lda, char uplo,
				     void *f, int ldf, cudaStream_t stream);

/* Step k of LU: p, the first row i >= k of the largest size of f(i, k)
 * (|hi|; complex |re.hi| + |im.hi|, LAPACK's izamax's measure, as
 * tf_cpu_zdd_getrf's), into ipiv[k]; rows k and p swapped in the panel's
 * columns first .. end - 1; *info = k + 1 when the pivot is zero and *info
 * was 0. */
cudaError_t tf_kernel_dd_lu_pivot(int zdd, int n, int k, int first, int end, void *f, int ldf,
				  int *ipiv, int *info, cudaStream_t stream);

/* The panel's row swaps (rows k and ipiv[k] for k = first .. end - 1, in
 * order) in the n columns outside it, one thread a column. */
cudaError_t tf_kernel_dd_lu_swap_rows(int zdd, int n, int first, int end, const int *ipiv,
				      void *f, int ldf, cudaStream_t stream);

/* Step k of LU within a panel that ends before column end: f(i, k) /=
 * f(k, k) for i > k, then f(i, c) += f(i, k) (-f(k, c)) for k < c < end. */
cudaError_t tf_kernel_dd_lu_eliminate(int zdd, int n, int k, int end, void *f, int ldf,
				      cudaStream_t stream);

/* Cholesky of the order x order diagonal block at f (order at most
 * TF_DD_FACTOR_BLOCK), its lower triangle, in place (complex: L L^H, the
 * pivot the diagonal's real part); *info = offset + j + 1 for the first
 * column j whose pivot is not positive, when *info was 0 (the block is
 * then left part way). */
cudaError_t tf_kernel_dd_potf2(int zdd, int order, void *f, int ldf, int offset, int *info,
			       cudaStream_t stream);

/* Solves op(T) y = x in place for `count` right-hand sides x, element i of
 * right-hand side r at x[r next + i inc]: T order x order (at most
 * TF_DD_FACTOR_BLOCK) at t, op(T)(i, j) = t[i + j ldt], or t[j + i ldt]
 * when transposed, conjugated when conjugate (complex only); upper or
 * lower; unit: its diagonal taken as 1. */
cudaError_t tf_kernel_dd_factor_trsm(int zdd, int order, const void *t, int ldt,
				     int transposed, int conjugate, int upper, int unit, void *x,
				     size_t inc, size_t next, int count, cudaStream_t stream);

/* y(i, c) = x(perm[i], c) for the n x nrhs x and y (leading dimension n). */
cudaError_t tf_kernel_dd_factor_permute(int zdd, int n, int nrhs, const int *perm,
					const void *x, void *y, cudaStream_t stream);

/* A complex product's operand for a real DD GEMM: S = op(s), rows x cols
 * tf_zdd (op(s)(i, j) = s[i + j lds], or conj(s[j + i lds]) when
 * conjugate_transposed), into d as tf_dd: expanded, the 2 rows x 2 cols
 * real matrix (leading dimension ldd) whose 2 x 2 block (i, j) is
 * [re, -im; im, re] of S(i, j), so that E times the real view of a complex
 * matrix B (its parts as rows 2l and 2l + 1) is the real view of S B;
 * else S itself, rows x cols tf_zdd (leading dimension ldd). */
cudaError_t tf_kernel_zdd_factor_arrange(int rows, int cols, const void *s, int lds,
					 int conjugate_transposed, int expanded, void *d, int ldd,
					 cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
