/* Dense systems on the GPU for the LAPACK drivers: cuSOLVER's LU with
 * partial pivoting (getrf, getrs) and Cholesky (potrf, potrs), real and
 * complex, loaded at run time as cuBLAS is (a machine without it solves on
 * the CPU), and the refinement's residuals from a copy of the original A
 * kept on the device (kernels/solve_residual.h).
 *
 * A system holds the GPU from tf_gpu_system_factor to tf_gpu_system_end:
 * its factors, the original A and B when kept, and the workspace live in
 * the context's arena.  The caller's arrays may be in host, device or
 * managed memory.  A function that fails reports it (tf_gpu_failed) and
 * returns -1; the system must still be ended. */
#ifndef TF_GPU_SOLVER_H
#define TF_GPU_SOLVER_H

#include "op/op.h"

struct tf_gpu_system;

/* Factors the n x n matrix a (leading dimension lda; type TF_TYPE_D or
 * TF_TYPE_Z, complex elements as (re, im) pairs) on the GPU: LU with
 * partial pivoting (uplo 0) or the Cholesky factor of its uplo triangle
 * ('U' or 'L').  Writes the factors into a and, for LU, the 1-based pivots
 * into ipiv, as LAPACK's getrf and potrf leave them, and their INFO into
 * *info.  keep: the original A and the n x nrhs matrix b (ldb) stay on the
 * device for tf_gpu_system_residual and tf_gpu_system_original.  Returns
 * the system, or NULL with nothing written when the GPU, cuSOLVER or the
 * device memory is missing or a step before the factors are written back
 * fails (*failed then tells the latter: reported), or, with keep, when A
 * (the triangle read) or B holds Inf or NaN (*info then -1). */
struct tf_gpu_system *tf_gpu_system_factor(enum tf_op_type type, char uplo, int n, double *a,
					   int lda, int *ipiv, int nrhs, const double *b, int ldb,
					   int keep, int *info, int *failed);

/* x = A^-1 x with the factors, for the n x nrhs matrix x (ldx, any memory). */
int tf_gpu_system_solve(struct tf_gpu_system *s, int nrhs, double *x, int ldx);

/* r = b_c - A (x_hi + x_lo) for column c of the kept B, from the kept A,
 * each element's sum to about three doubles (kernels/solve_residual.h),
 * rounded to DD into (r, r_lo) when r_lo is set, else to double; x_hi,
 * x_lo, r and r_lo are host vectors of n elements. */
int tf_gpu_system_residual(struct tf_gpu_system *s, int c, const double *x_hi,
			   const double *x_lo, double *r, double *r_lo);

/* The kept A (n x n, in full for Cholesky: both triangles) and B into host
 * arrays a (leading dimension n) and b (leading dimension n). */
int tf_gpu_system_original(struct tf_gpu_system *s, double *a, double *b);

/* rows x cols elements of `size` bytes from `from` (leading dimension
 * ldfrom) to `to` (ldto), each in host, device or managed memory; 0, or -1
 * after a failure (reported). */
int tf_gpu_copy_matrix(size_t size, int rows, int cols, const void *from, int ldfrom, void *to,
		       int ldto);

/* Whether p is device or managed memory (0 without CUDA). */
int tf_gpu_solver_resident(const void *p);

/* Frees the system and releases the GPU. */
void tf_gpu_system_end(struct tf_gpu_system *s);

#endif
