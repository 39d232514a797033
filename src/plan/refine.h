/* The LAPACK drivers in dd mode: a factorization in double, as the
 * program's LAPACK computes it (plan/lapack_plan.h), then extra-precise
 * iterative refinement (Demmel, Hida, Kahan, Li, Mukherjee and Riedy,
 * "Error bounds from extra-precise iterative refinement", 2006): the
 * residual b - A x formed in DD from the original A and the solution kept
 * in DD (x_hi + x_lo), the correction solved with the double factors, until
 * the correction is far below half an ulp of every component or stops
 * shrinking; the solution is rounded once.  A, ipiv and INFO are what the
 * program's LAPACK gives: the factors of A, and INFO > 0 for a factorization
 * that fails.
 *
 * The fallback (gesv and posv, real and complex, and dsysv): where a
 * right-hand side does not converge with the double factors (condition
 * beyond about 1/u), or the double factorization fails (INFO > 0), the
 * original A is factored again in DD (dsysv's by the LU of the full
 * matrix; on the GPU for real systems of order 256 and more,
 * gpu/dd_factor.h, else on the CPU, cpu/dd_kernels.h), and the refinement
 * starts again with
 * corrections solved with those factors, which converges up to condition
 * about 1/u^2.
 * A, ipiv and INFO stay the double factorization's; with INFO > 0, B holds
 * the solution when the DD factorization succeeds, and is left as LAPACK
 * leaves it when A is singular in DD too. */
#ifndef TF_PLAN_REFINE_H
#define TF_PLAN_REFINE_H

#include "op/op.h"

/* Stop when every component's last correction is below this fraction of
 * the component: the error left is smaller still (each step shrinks it by
 * the same factor), far below half an ulp, so the one rounding gives the
 * correctly rounded solution unless the exact one lies that close to a
 * rounding boundary. */
#define TF_REFINE_CONVERGED 0x1p-66
/* A correction (in norm) larger than this fraction of the last one: the
 * refinement makes no more progress (the DD residual's own error reached,
 * or the system too ill-conditioned for the double factors). */
#define TF_REFINE_NO_PROGRESS 0.5
/* Corrections at most: at condition 1e15 a step gains about one digit. */
#define TF_REFINE_MAX_STEPS 40

/* One right-hand side's progress through a refinement (refine.c's and
 * refine_ls.c's loops). */
struct tf_refine_column {
	int active;
	int steps;
	double normwise;      /* the last ||dx|| / ||x|| */
	double componentwise; /* the last max |dx_i| / |x_i| */
};

/* What a refinement did, over all right-hand sides. */
struct tf_refine_report {
	int steps;      /* the most corrections any right-hand side took */
	int converged;  /* every right-hand side reached the convergence test */
	double error;   /* the largest last componentwise correction |dx_i| / |x_i| */
	int dd_factored; /* A was factored in DD (the fallback) */
	int dd_info;     /* that factorization's INFO: 0, or the zero (non-positive) pivot */
	int dd_steps;    /* the most corrections with the DD factors */
	int on_gpu;      /* factored by cuSOLVER, residuals and corrections on the GPU */
	int left;        /* asked to run on the GPU, it did not: nothing written */
	int nonfinite;   /* ... because A (the triangle read) or B holds Inf or NaN */
};

/* Whether a right-hand side's last correction passed the convergence
 * test (TF_REFINE_CONVERGED). */
int tf_refine_converged(const struct tf_refine_column *c);

/* The report's steps (into *steps: the most any right-hand side took),
 * converged and error over the columns. */
void tf_refine_summarize(const struct tf_refine_column *columns, int nrhs, int *steps,
			 struct tf_refine_report *report);

/* gesv: LU with partial pivoting, refined; type TF_TYPE_D or TF_TYPE_Z
 * (plan/lapack_plan.h).  The arguments have passed LAPACK's checks;
 * returns INFO, the double factorization's.  The report's converged and
 * error are the last phase's (the DD one when dd_factored and dd_info = 0).
 *
 * on_gpu (tf_plan_solve_on_gpu's answer): A factored by cuSOLVER, the
 * original A and B kept on the device, the residuals and corrections
 * computed there, x kept in DD, corrected and judged here by the same
 * loop; where the GPU does not take the system, report->left (nothing
 * written; report->nonfinite when A or B holds Inf or NaN, which the GPU
 * looks for itself: host arrays bound there are not read by the CPU).
 * Else on the CPU, the data finite: on host copies of device arrays. */
int tf_plan_gesv_refined(enum tf_op_type type, int n, int nrhs, double *a, int lda, int *ipiv,
			 double *b, int ldb, int on_gpu, struct tf_refine_report *report);

/* posv: Cholesky, refined. */
int tf_plan_posv_refined(enum tf_op_type type, char uplo, int n, int nrhs, double *a, int lda,
			 double *b, int ldb, int on_gpu, struct tf_refine_report *report);

/* dsysv_: the CPU LAPACK's dsysv_ (Bunch-Kaufman LDL^T, A, ipiv and work
 * as it leaves them), refined with its factors; the fallback's LU in DD
 * where that does not converge or D is singular (INFO > 0). */
int tf_plan_dsysv_refined(char uplo, int n, int nrhs, double *a, int lda, int *ipiv, double *b,
			  int ldb, double *work, int lwork, struct tf_refine_report *report);

/* The fallback alone, as after a double factorization that failed: A
 * (n x n, lda; uplo 0: general, LU; 'U' or 'L': that triangle, Cholesky)
 * factored in DD, on the GPU or the CPU as the fallback chooses, and B
 * (n x nrhs, ldb) overwritten with the refined solution; A is not written.
 * Returns the DD factorization's INFO (B left as it was when > 0).  For
 * the tests of the DD factorizations, which need no CPU LAPACK. */
int tf_plan_dd_solve(enum tf_op_type type, char uplo, int n, int nrhs, const double *a, int lda,
		     double *b, int ldb, struct tf_refine_report *report);

/* dgels_ (refine_ls.c): the CPU LAPACK's dgels_ (A, B and work(1) as it
 * leaves them, INFO > 0 for an exactly singular triangular factor), then
 * Bjorck's refinement of the augmented system with its QR (LQ) factors,
 * and where a right-hand side does not converge, with a QR of A (A^T)
 * computed in DD (report->dd_factored); trans 'N' or 'T',
 * min(m, n, nrhs) > 0, A and B finite and in the range dgels_ does not
 * scale. */
int tf_plan_dgels_refined(char trans, int m, int n, int nrhs, double *a, int lda, double *b,
			  int ldb, double *work, int lwork, struct tf_refine_report *report);

#endif
