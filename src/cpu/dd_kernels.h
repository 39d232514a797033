/* The CPU DD kernels: double data in and out, double-double inside, alpha
 * and beta applied in DD, one rounding at the end.  Reference semantics:
 * beta = 0 overwrites C (y) without reading it, alpha = 0 reads neither A
 * nor B (x), and Inf and NaN follow the rule of cpu/dd_output.h (the
 * GEMM, GEMV and AXPY kernels apply it element by element).  The op has
 * passed the reference's checks and quick returns. */
#ifndef TF_DD_KERNELS_H
#define TF_DD_KERNELS_H

#include "op/op.h"
#include "twofold/arith_zdd.h"

/* Runs the op in DD on the CPU; -1 when no DD kernel computes ops of its
 * kind and type (the caller forwards it), else 0. */
int tf_cpu_dd_run(const struct tf_op *op);

/* Whether tf_cpu_dd_run computes ops of this kind and type. */
int tf_cpu_dd_computes(const struct tf_op *op);

/* The kernels, one per kind; each says which types it takes. */
void tf_cpu_dd_gemm(const struct tf_op *op);
void tf_cpu_dd_gemv(const struct tf_op *op);  /* d, z; full and band */
void tf_cpu_dd_symv(const struct tf_op *op);  /* d, z (Hermitian); full, band, packed */
void tf_cpu_dd_trmv(const struct tf_op *op);  /* d, z; full, band, packed */
void tf_cpu_dd_axpy(const struct tf_op *op);  /* d and z */
void tf_cpu_dd_dot(const struct tf_op *op);
void tf_cpu_dd_nrm2(const struct tf_op *op);  /* d and z */
void tf_cpu_dd_asum(const struct tf_op *op);  /* d and z */
void tf_cpu_dd_rot(const struct tf_op *op);   /* ROT (d and z), ROTM (d) */
void tf_cpu_dd_zscal(const struct tf_op *op); /* SCAL, z only */
/* TRSV (full, band, packed), and GER, SYR, SYR2 (full, packed): d and z */
void tf_cpu_dd_trsv(const struct tf_op *op);
void tf_cpu_dd_rank_update(const struct tf_op *op);
/* Level 3 (dd_level3.c), double and complex */
void tf_cpu_dd_symm(const struct tf_op *op);
void tf_cpu_dd_syrk(const struct tf_op *op);
void tf_cpu_dd_syr2k(const struct tf_op *op);
void tf_cpu_dd_trmm(const struct tf_op *op);
void tf_cpu_dd_trsm(const struct tf_op *op); /* d and z */

/* The residual of iterative refinement (dd_residual.c): r = b - A x for x =
 * x_hi + x_lo, each element summed to about three doubles' precision and
 * rounded once, to double, or to DD (r + r_lo) when r_lo is set; A n x n
 * general (uplo 0) or symmetric (Hermitian for TF_TYPE_Z), its uplo ('U',
 * 'L') triangle stored.  The data are finite (the drivers check). */
void tf_cpu_dd_residual(enum tf_op_type type, char uplo, int n, int nrhs, const double *a,
			int lda, const double *x_hi, const double *x_lo, int ldx, const double *b,
			int ldb, double *r, double *r_lo, int ldr);

/* The factorizations in DD of the drivers' fallback (dd_factor.c), of a
 * double n x n matrix a into an n x n DD array (leading dimension n); each
 * returns 0, or k (1-based) when the k-th pivot is zero (LU) or not
 * positive (Cholesky) in DD.  getrf: LU with partial pivoting, ipiv
 * 0-based (row k swapped with row ipiv[k], in order); potrf: the lower
 * Cholesky factor L (L L^T = A) of a symmetric a whose uplo triangle is
 * stored.  The solves overwrite the DD vector x (length n) with A^-1 x. */
int tf_cpu_dd_getrf(int n, const double *a, int lda, tf_dd *lu, int *ipiv);
void tf_cpu_dd_getrs(int n, const tf_dd *lu, const int *ipiv, tf_dd *x);
int tf_cpu_dd_potrf(char uplo, int n, const double *a, int lda, tf_dd *l);
void tf_cpu_dd_potrs(int n, const tf_dd *l, tf_dd *x);
/* The same for complex a ((re, im) pairs, leading dimension in complex
 * elements) into complex DD: potrf of a Hermitian a (L L^H = A, the
 * diagonal's imaginary parts taken as 0, as LAPACK takes them). */
int tf_cpu_zdd_getrf(int n, const double *a, int lda, tf_zdd *lu, int *ipiv);
void tf_cpu_zdd_getrs(int n, const tf_zdd *lu, const int *ipiv, tf_zdd *x);
int tf_cpu_zdd_potrf(char uplo, int n, const double *a, int lda, tf_zdd *l);
void tf_cpu_zdd_potrs(int n, const tf_zdd *l, tf_zdd *x);

/* The residuals of least squares' augmented system (dd_residual.c), one
 * column: r = b - y - op(A) x for A m x n, op(A) = A (trans 'N', r of m
 * elements) or A^T ('T', n elements), x = x_hi + x_lo and y = y_hi + y_lo
 * (NULL: zero), b NULL for zero; summed like tf_cpu_dd_residual's, rounded
 * to double, or to DD (r + r_lo) when r_lo is set. */
void tf_cpu_dd_residual_rectangular(char trans, int m, int n, const double *a, int lda,
				    const double *x_hi, const double *x_lo, const double *b,
				    const double *y_hi, const double *y_lo, double *r, double *r_lo);

/* The QR factorization in DD of dgels_'s fallback (dd_qr.c): the tall
 * matrix T (p x q, p >= q) = A (trans 'N', A p x q) or A^T ('T', A q x p),
 * of leading dimension lda, factored T = Q [R; 0] by Householder
 * reflectors into a p x q DD array qr (leading dimension p): R on and above
 * the diagonal, reflector k's vector below it (its first element 1, not
 * stored), as LAPACK's dgeqrf, and tau (q DD) their scalars.  Returns 0,
 * or k (1-based) when R(k, k) is zero in DD (T of lower rank).  ormqr
 * overwrites the DD vector x (p elements) with Q x (trans 'N') or Q^T x
 * ('T'); qr_trsv the DD vector x (q elements) with R^-1 x ('N') or
 * R^-T x ('T'). */
int tf_cpu_dd_geqrf(char trans, int p, int q, const double *a, int lda, tf_dd *qr, tf_dd *tau);
void tf_cpu_dd_ormqr(char trans, int p, int q, const tf_dd *qr, const tf_dd *tau, tf_dd *x);
void tf_cpu_dd_qr_trsv(char trans, int p, int q, const tf_dd *qr, tf_dd *x);

#endif
