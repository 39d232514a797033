/* The residuals of the LAPACK drivers' refinement on the GPU
 * (gpu/solver.h): r = b - A (x_hi + x_lo) for one right-hand side, A n x n
 * in full storage, each row's sum kept in three parts as the CPU keeps it
 * (cpu/dd_residual.c: the rounded sum of the products' leading words, the
 * errors of those additions summed by a second TwoSum, and a DD for what
 * is u^2 of the terms), which gives it to about k^2 u^3 of the terms: a
 * sum in DD would leave the residual at only about u of itself once x is
 * within cond(A) u^2, and the refinement would stop short of the rounded
 * solution.  Complex data (is_complex) are arrays of (re, im) pairs, n and
 * lda in complex elements. */
#ifndef TF_KERNELS_SOLVE_RESIDUAL_H
#define TF_KERNELS_SOLVE_RESIDUAL_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of scratch tf_kernel_solve_residual needs for order n. */
size_t tf_kernel_solve_residual_scratch(int is_complex, int n, int multiprocessors);

/* r (and r_lo when set: the sum rounded to DD, else to double) from a
 * (leading dimension lda), x_hi, x_lo and b, all device arrays. */
cudaError_t tf_kernel_solve_residual(int is_complex, int n, const double *a, size_t lda,
				     const double *x_hi, const double *x_lo, const double *b,
				     double *r, double *r_lo, void *scratch, int multiprocessors,
				     cudaStream_t stream);

/* The triangle opposite uplo ('U' or 'L') of the n x n matrix a written
 * from the stored one, mirrored (conjugated when is_complex, whose
 * diagonal's imaginary parts become 0, as LAPACK's Cholesky takes them): the
 * full matrix that a symmetric (Hermitian) A stands for. */
cudaError_t tf_kernel_symmetrize(int is_complex, char uplo, int n, double *a, size_t lda,
				 cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
