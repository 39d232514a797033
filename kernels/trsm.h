/* Kernels of the triangular solves on the GPU (src/gpu/trsm.h): every
 * solve is X T = R with X the rows x order unknowns in DD and T a
 * triangle of order `order` (the op's A written out, transposed where the
 * solve needs it).  Real: X is rows x order DD, T order x order DD with
 * zero low words.  Complex: X is rows x 2 order DD, column 2c the real
 * parts of unknown column c and 2c + 1 the imaginary parts; T is two
 * real matrices of 2 order x order, ta with rows (Re T(c, :), -Im T(c, :))
 * and tb with rows (Im T(c, :), Re T(c, :)) at 2c and 2c + 1, so that the
 * real and imaginary parts of X1 T12 are the real products [X1] ta12 and
 * [X1] tb12.  Device pointers; launchers only, each returning the
 * launch's error. */
#ifndef TF_KERNELS_TRSM_H
#define TF_KERNELS_TRSM_H

#include <cuda_runtime_api.h>
#include "twofold/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The diagonal blocks the complex leaf kernel solves: at most this order. */
#define TF_TRSM_LEAF 64

/* T = S (conjugated when conj) of S = A or A^T (transpose), order x
 * order: the element of A's uplo triangle, 0 outside it, 1 on the
 * diagonal when unit; low words zero.  Real: into t (leading dimension
 * ldt); complex (A of (re, im) pairs): into ta and tb as above (leading
 * dimension ldt >= 2 order).  A's other triangle (and a unit diagonal) is
 * not read. */
cudaError_t tf_kernel_trsm_triangle(int order, const double *a, int lda, int complex,
				    int transpose, int conj, char uplo, int unit, tf_dd *ta,
				    tf_dd *tb, int ldt, cudaStream_t stream);

/* Unknown (i, j) = alpha s(i, j), rows x cols unknowns, where s = B or B^T
 * (transpose) and B has leading dimension ldb (in elements).  Real: each
 * product exact; complex (alpha = (alpha_re, alpha_im)): each part the sum
 * of two exact products, added in DD. */
cudaError_t tf_kernel_trsm_load(int rows, int cols, int complex, double alpha_re,
				double alpha_im, const double *b, int ldb, int transpose, tf_dd *x,
				int ldx, cudaStream_t stream);

/* out = the unknowns rounded to double, rows x cols of them written at
 * (i, j) of out, or at (j, i) when transpose (out's leading dimension ldo,
 * in elements). */
cudaError_t tf_kernel_trsm_round(int rows, int cols, int complex, const tf_dd *x, int ldx,
				 int transpose, double *out, int ldo, cudaStream_t stream);

/* Solves x t = x in place for complex unknowns x, rows x order (order at
 * most TF_TRSM_LEAF), and the triangle t (ta's block; upper or lower;
 * unit: its diagonal taken as 1, not divided by), in complex DD: columns
 * in order of dependence, each divided by its diagonal element and then
 * taken from the columns that depend on it. */
cudaError_t tf_kernel_trsm_leaf(int rows, int order, const tf_dd *t, int ldt, int upper,
				int unit, tf_dd *x, int ldx, cudaStream_t stream);

/* The widest diagonal block tf_kernel_trsm_block solves whole. */
#define TF_TRSM_BLOCK 512

/* Solves x t = x in place for real unknowns x, rows x order (order at
 * most TF_TRSM_BLOCK), and the triangle t (upper or lower; unit: its
 * diagonal taken as 1), in DD, all in one kernel: the rows are
 * independent, so each block of 32 rows is one thread block, which takes
 * the columns in chunks of 16 in order of dependence.  A chunk takes the
 * columns solved before it (all but the last chunk's by seven of the
 * thread block's warps, each a share of them, summed lazily and
 * renormalized, then added in DD, while the eighth solves the chunk
 * before), then the last chunk's, and is solved by substitution in
 * registers. */
cudaError_t tf_kernel_trsm_block(int rows, int order, const tf_dd *t, int ldt, int upper,
				 int unit, tf_dd *x, int ldx, cudaStream_t stream);

/* Whether any of the rows x order unknowns x (x t = r, t of leading
 * dimension ldt: ta's layout for complex data; unit: t's diagonal taken
 * as 1) rounds to Inf or NaN, or has a numerator x(i, c) t(c, c) that
 * the CPU's solves find suspect (tf_dd_range_numerator_suspect, or zero
 * over a tiny diagonal, tf_dd_range_zero_suspect): *flag (device memory,
 * zeroed by the caller) becomes nonzero. */
cudaError_t tf_kernel_trsm_find_suspect(int rows, int order, int complex, const tf_dd *x, int ldx,
					const tf_dd *t, int ldt, int unit, unsigned *flag,
					cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
