/* What the LAPACK drivers are made of: the CPU LAPACK's routines, and the
 * residuals of iterative refinement.
 *
 * A driver factors in double as the program's LAPACK does, and the BLAS
 * that factorization calls runs as the CPU BLAS computes it, not in DD: the
 * factorization costs what it costs without twofold, and the accuracy comes
 * from the refinement.  type: TF_TYPE_D, or TF_TYPE_Z (arrays of (re, im)
 * pairs, leading dimensions in complex elements).  Each routine returns
 * LAPACK's INFO. */
#ifndef TF_PLAN_LAPACK_PLAN_H
#define TF_PLAN_LAPACK_PLAN_H

#include "op/op.h"

/* The CPU LAPACK's own drivers, their BLAS as the mode computes it (the
 * modes that do not refine forward the call unchanged). */
int tf_plan_lapack_gesv(enum tf_op_type type, int n, int nrhs, double *a, int lda, int *ipiv,
			double *b, int ldb);
int tf_plan_lapack_posv(enum tf_op_type type, char uplo, int n, int nrhs, double *a, int lda,
			double *b, int ldb);

/* dsysv_: the CPU LAPACK's driver, its BLAS native when `native` (the
 * factorization of a refined solve: A, ipiv and work as LAPACK leaves them,
 * B its solution), else as the mode computes it. */
int tf_plan_lapack_dsysv(int native, char uplo, int n, int nrhs, double *a, int lda, int *ipiv,
			 double *b, int ldb, double *work, int lwork);

/* dgels_: the CPU LAPACK's driver, its BLAS native when `native` (the
 * factorization of a refined least-squares solve), else as the mode
 * computes it. */
int tf_plan_lapack_dgels(int native, char trans, int m, int n, int nrhs, double *a, int lda,
			 double *b, int ldb, double *work, int lwork);

/* Whether gesv (uplo 0) or posv (uplo 'U' or 'L') of order n with nrhs
 * right-hand sides goes to the GPU: always when A or B is in device or
 * managed memory, which the CPU LAPACK cannot read (where there is a GPU
 * to use); for host arrays when the cost model (the factorization at
 * cuSOLVER's rate, the transfers of A there and of its factors back,
 * against the CPU's rate) says it finishes sooner, or when its flops reach
 * TWOFOLD_GPU_MIN_FLOPS where that is set. */
int tf_plan_solve_on_gpu(enum tf_op_type type, char uplo, int n, int nrhs, const double *a,
			 const double *b);

/* Whether a or b is in device or managed memory. */
int tf_plan_solve_resident(const double *a, const double *b);

/* gesv or posv (uplo 0, or the triangle) as the reference driver does it,
 * with the CPU LAPACK (its BLAS native): A factored, B solved when INFO is
 * 0.  Returns INFO.  The second on host copies of arrays in device memory,
 * copied back (what cannot be copied ends the program with a message):
 * for systems holding Inf or NaN, whose bits are then the reference's. */
int tf_plan_reference_solve(enum tf_op_type type, char uplo, int n, int nrhs, double *a, int lda,
			    int *ipiv, double *b, int ldb);
int tf_plan_reference_solve_mirrored(enum tf_op_type type, char uplo, int n, int nrhs, double *a,
				     int lda, int *ipiv, double *b, int ldb);

/* gesv or posv (uplo 0, or the triangle) in native mode on the GPU: cuSOLVER's
 * getrf and getrs (potrf and potrs), A, ipiv, B and INFO as LAPACK's
 * driver leaves them.  Returns 0, or -1 when the GPU could not be used
 * (nothing written: the caller computes it on the CPU). */
int tf_plan_solve_native_gpu(enum tf_op_type type, char uplo, int n, int nrhs, double *a,
			     int lda, int *ipiv, double *b, int ldb, int *info);

/* The factorizations and their solves, their BLAS native. */
int tf_plan_getrf(enum tf_op_type type, int n, double *a, int lda, int *ipiv);
int tf_plan_getrs(enum tf_op_type type, int n, int nrhs, const double *lu, int ldlu,
		  const int *ipiv, double *b, int ldb);
int tf_plan_potrf(enum tf_op_type type, char uplo, int n, double *a, int lda);
int tf_plan_potrs(enum tf_op_type type, char uplo, int n, int nrhs, const double *factor, int ldf,
		  double *b, int ldb);

int tf_plan_dsytrs(char uplo, int n, int nrhs, const double *factor, int ldf, const int *ipiv,
		   double *b, int ldb);

/* c = Q c or Q^T c (trans 'N' or 'T') for Q of k reflectors as dgeqrf_
 * (lq 0: dormqr_) or dgelqf_ (lq 1: dormlq_) leaves them in a and tau, c
 * rows x nrhs; the workspace is allocated here. */
int tf_plan_apply_q(int lq, char trans, int rows, int nrhs, int k, const double *a, int lda,
		    const double *tau, double *c, int ldc);
/* b = op(T)^-1 b for the triangle uplo of a (non-unit diagonal). */
int tf_plan_dtrtrs(char uplo, char trans, int n, int nrhs, const double *a, int lda, double *b,
		   int ldb);

/* r = b - A (x_hi + x_lo) for each of nrhs columns, each element's sum
 * formed to far below u of itself (cpu/dd_kernels.h) and rounded once, to
 * DD (r + r_lo) when r_lo is set, else to double: A
 * n x n general, or symmetric (Hermitian for TF_TYPE_Z) with its uplo
 * triangle stored (uplo 'U' or 'L'; 0 for general). */
void tf_plan_residual(enum tf_op_type type, char uplo, int n, int nrhs, const double *a, int lda,
		      const double *x_hi, const double *x_lo, int ldx, const double *b, int ldb,
		      double *r, double *r_lo, int ldr);

/* One column of least squares' residuals: r = b - y - op(A) x, A m x n,
 * op(A) = A or A^T (trans 'N', 'T'), y or b NULL for zero
 * (cpu/dd_kernels.h). */
void tf_plan_residual_rectangular(char trans, int m, int n, const double *a, int lda,
				  const double *x_hi, const double *x_lo, const double *b,
				  const double *y_hi, const double *y_lo, double *r);

#endif
