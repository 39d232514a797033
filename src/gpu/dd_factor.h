/* The LAPACK drivers' factorizations in DD on the GPU (plan/refine.c's
 * fallback; the CPU's are cpu/dd_kernels.h's tf_cpu_dd_getrf,
 * tf_cpu_dd_potrf, tf_cpu_zdd_getrf and tf_cpu_zdd_potrf, whose operations
 * these repeat), real and complex.
 *
 * A is uploaded once and held on the device as an n x n matrix of tf_dd
 * (16 n^2 bytes, leading dimension n), or of tf_zdd for complex A (32 n^2),
 * factored in place by blocks of TF_DD_FACTOR_BLOCK columns
 * (kernels/dd_factor.h): LU with partial pivoting (the pivot the first row
 * of the largest size in its column, |hi| or |re.hi| + |im.hi|, as on the
 * CPU; the rows swapped in the panel, then at once in the other columns),
 * each panel by one kernel per column, the rows of U beside it by a
 * triangular solve, the trailing matrix by a DD GEMM (C -= L21 U12, the
 * typed DD kernel; complex, one real DD GEMM of twice the order on the
 * parts, with L21 expanded into 2 x 2 real blocks); Cholesky of the lower
 * triangle (A's upper one transposed, conjugated, when uplo is 'U'), the
 * diagonal block by one kernel, L21 by a triangular solve, the trailing
 * lower triangle by DD GEMMs (C -= L21 L21^H) in strips of columns.  The
 * factors stay on the device for the solves (forward and back substitution
 * in DD by blocks: the same triangular solves and DD GEMMs) until freed. */
#ifndef TF_GPU_DD_FACTOR_H
#define TF_GPU_DD_FACTOR_H

#include <stddef.h>
#include "op/op.h"
#include "twofold/types.h"

struct tf_gpu_dd_factors;

/* Factors the n x n matrix a of type TF_TYPE_D (doubles) or TF_TYPE_Z
 * (complex doubles, (re, im) pairs) in host memory, leading dimension lda
 * (in elements), in DD on the GPU: LU when uplo is 0, else Cholesky of its
 * uplo triangle (Hermitian for complex a).  *info: 0, or as
 * tf_cpu_dd_getrf and tf_cpu_dd_potrf (tf_cpu_zdd_*) return it (the first
 * zero pivot, the first pivot that is not positive).  NULL when there is
 * no usable GPU, too little device memory, or a CUDA failure (reported):
 * the caller factors on the CPU. */
struct tf_gpu_dd_factors *tf_gpu_dd_factor(enum tf_op_type type, char uplo, int n,
					   const double *a, int lda, int *info);

/* Solves A x = b with the factors for nrhs right-hand sides in DD, in
 * place: x(i, c) = hi[c column + i] + lo[c column + i] (host memory); for
 * complex A, x(i, c)'s real part at c column + 2i, its imaginary part
 * after it.  Returns 0, or -1 after a CUDA failure (reported; hi and lo
 * unchanged). */
int tf_gpu_dd_solve(struct tf_gpu_dd_factors *f, int nrhs, double *hi, double *lo, size_t column);

/* The factors (n x n tf_dd, or tf_zdd for complex A, leading dimension n:
 * L and U, or L in the lower triangle) and for LU the pivots (0-based, as
 * tf_cpu_dd_getrf's) copied to host memory; ipiv may be NULL.  Returns 0,
 * or -1 (reported). */
int tf_gpu_dd_factors_get(const struct tf_gpu_dd_factors *f, void *factors, int *ipiv);

void tf_gpu_dd_factors_free(struct tf_gpu_dd_factors *f);

#endif
