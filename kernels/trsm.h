/* Kernels of the triangular solves on the GPU (src/gpu/trsm.h): every
 * solve is X T = R with X the rows x order unknowns in DD and T a
 * triangle of order `order` in DD with a zero low word (the op's A written
 * out, transposed where the solve needs it).  Device pointers; launchers
 * only, each returning the launch's error. */
#ifndef TF_KERNELS_TRSM_H
#define TF_KERNELS_TRSM_H

#include <cuda_runtime_api.h>
#include "twofold/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The diagonal blocks the leaf kernel solves: at most this order. */
#define TF_TRSM_LEAF 64

/* t(i, j) = S(i, j) of S = A or A^T (transpose), order x order: the
 * element of A's uplo triangle, 0 outside it, 1 on the diagonal when
 * unit; low words zero.  A's other triangle (and a unit diagonal) is not
 * read. */
cudaError_t tf_kernel_trsm_triangle(int order, const double *a, int lda, int transpose,
				    char uplo, int unit, tf_dd *t, int ldt, cudaStream_t stream);

/* x(i, j) = alpha s(i, j), the product exact in DD, rows x cols, where
 * s = B or B^T (transpose) and B has leading dimension ldb. */
cudaError_t tf_kernel_trsm_load(int rows, int cols, double alpha, const double *b, int ldb,
				int transpose, tf_dd *x, int ldx, cudaStream_t stream);

/* out = x rounded to double, rows x cols of x written at (i, j) of out,
 * or at (j, i) when transpose (out's leading dimension ldo). */
cudaError_t tf_kernel_trsm_round(int rows, int cols, const tf_dd *x, int ldx, int transpose,
				 double *out, int ldo, cudaStream_t stream);

/* Solves x t = x in place for the rows x order block x (order at most
 * TF_TRSM_LEAF) and the triangle t (upper or lower; unit: its diagonal
 * taken as 1, not divided by), in DD: columns in order of dependence,
 * each divided by its diagonal element and then taken from the columns
 * that depend on it. */
cudaError_t tf_kernel_trsm_leaf(int rows, int order, const tf_dd *t, int ldt, int upper,
				int unit, tf_dd *x, int ldx, cudaStream_t stream);

/* Whether any of rows x cols of x (leading dimension ldx) rounds to Inf or
 * NaN: *flag (device memory, zeroed by the caller) becomes nonzero. */
cudaError_t tf_kernel_trsm_find_nonfinite(int rows, int cols, const tf_dd *x, int ldx,
					  unsigned *flag, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
