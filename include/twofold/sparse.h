/* twofold/sparse.h: sparse matrices in compressed row storage (CRS, also
 * called CSR), their products with vectors, and Krylov solvers in
 * double-double.
 *
 * The matrix stays double; the vectors may be double, DD, DS or DI; the
 * sums are formed in DD and rounded once.  CG and BiCGStab run in double
 * (the classic solvers) or in DD (DD vectors and scalars, double matrix),
 * with an optional ILU(0) preconditioner whose factors are computed once in
 * double and applied in the solver's precision.  Every array may be in host,
 * managed or device memory (cudaMalloc); the solve runs on the GPU when
 * there is one (TF_DEVICE_AUTO), else on the CPU.  No global state: each
 * matrix and each solve carries its own.  Reference: docs/API.md.
 *
 * Thread safety: a descriptor may be used by several calls at once, from
 * any threads (what it derives on demand, the transpose and the ILU(0)
 * factors, is computed once, under its lock); it must not be destroyed
 * while a call uses it.  Concurrent calls must not write the same vector.
 *
 * Example: solve A x = b in DD with ILU(0).
 *
 *     tf_csr *a = tf_csr_create(n, n, 0, row_ptr, col_idx, values);
 *     if (tf_csr_status(a) != 0) { fprintf(stderr, "%s\n", tf_csr_message(a)); ... }
 *     tf_solve_options options;
 *     tf_solve_options_init(&options);
 *     options.precond = TF_PRECOND_ILU0;
 *     tf_solve_result result;
 *     tf_ddbicgstab(a, n, b, x, &options, &result);  // b, x: tf_dd[n]
 *     printf("%d iterations, residual %g\n", result.iterations, result.true_residual);
 *     tf_csr_destroy(a);
 */
#ifndef TWOFOLD_SPARSE_H
#define TWOFOLD_SPARSE_H

#include <stdint.h>
#include "twofold/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * The matrix.
 * ---------------------------------------------------------------------- */

/* A CRS matrix: rows x cols, row i holding the entries k with
 * row_ptr[i] - base <= k < row_ptr[i+1] - base, at columns col_idx[k] - base
 * with values values[k].  base is 0 (C) or 1 (Fortran: pass the arrays
 * unchanged).  The descriptor refers to the caller's arrays, which must
 * stay alive and unchanged while it exists; it keeps what it derives from
 * them (the transpose, ILU(0) factors, copies on the GPU). */
typedef struct tf_csr tf_csr;

/* Checks the arrays once and describes them.  Returns NULL only when memory
 * runs out; an invalid matrix gives a descriptor whose tf_csr_status is
 * nonzero and whose tf_csr_message says what is wrong, with the row or
 * entry ("row pointers decrease at row 7", "column index 12 out of range
 * at entry 40 (row 9)", "value NaN at entry 3 (row 0)", ...); every
 * routine given it returns an error without computing.  Entries of a row
 * may come in any column order; a column may not repeat within a row. */
tf_csr *tf_csr_create(int rows, int cols, int base, const int *row_ptr, const int *col_idx,
		      const double *values);

/* Frees the descriptor and everything derived from it (not the caller's
 * arrays).  NULL is ignored. */
void tf_csr_destroy(tf_csr *a);

/* 0 for a valid matrix, TF_SPARSE_INVALID otherwise (NULL included). */
int tf_csr_status(const tf_csr *a);

/* The reason the matrix is invalid, one line; "" when it is valid; for
 * NULL, a line saying that tf_csr_create ran out of memory.  Valid while
 * the descriptor exists. */
const char *tf_csr_message(const tf_csr *a);

/* Its rows, columns and stored entries (0 for NULL or invalid). */
int tf_csr_rows(const tf_csr *a);
int tf_csr_cols(const tf_csr *a);
int64_t tf_csr_nnz(const tf_csr *a);

/* 1 when the matrix is square and equal to its transpose, value for value;
 * 0 otherwise. */
int tf_csr_is_symmetric(const tf_csr *a);

#define TF_SPARSE_INVALID (-1)

/* ------------------------------------------------------------------------
 * Sparse matrix-vector products: y = alpha op(A) x + beta y, op(A) = A
 * (trans 'N') or its transpose ('T' or 'C'), any case.  x has x_len =
 * columns of op(A) elements, y has y_len = rows of op(A).  The products
 * are summed in DD, alpha and beta applied in DD, the result rounded once
 * to y's format.  beta = 0 sets y without reading it; alpha = 0 reads
 * neither A nor x.
 *
 *   tf_dcsrmv   double vectors (DD inside, double result);
 *   tf_ddcsrmv  tf_dd vectors;
 *   tf_dscsrmv  triple precision DS: double hi[] and float lo[];
 *   tf_dicsrmv  triple precision DI: double hi[] and int32_t lo[].
 *
 * Returns 0, or -i when the i-th argument is illegal (the matrix invalid,
 * a length that does not match it, a NULL array), and then does nothing.
 * ---------------------------------------------------------------------- */
int tf_dcsrmv(char trans, double alpha, const tf_csr *a, const double *x, int x_len,
	      double beta, double *y, int y_len);
int tf_ddcsrmv(char trans, tf_dd alpha, const tf_csr *a, const tf_dd *x, int x_len,
	       tf_dd beta, tf_dd *y, int y_len);
int tf_dscsrmv(char trans, tf_dd alpha, const tf_csr *a, const double *x_hi, const float *x_lo,
	       int x_len, tf_dd beta, double *y_hi, float *y_lo, int y_len);
int tf_dicsrmv(char trans, tf_dd alpha, const tf_csr *a, const double *x_hi,
	       const int32_t *x_lo, int x_len, tf_dd beta, double *y_hi, int32_t *y_lo,
	       int y_len);

/* ------------------------------------------------------------------------
 * Krylov solvers for A x = b, A square n x n: CG for symmetric positive
 * definite A, BiCGStab for general A.
 *
 *   tf_dcg, tf_dbicgstab    double vectors and scalars: the classic solver;
 *   tf_ddcg, tf_ddbicgstab  tf_dd vectors and scalars, the matrix double.
 *
 * x holds the initial guess on entry (zeros are a fine guess) and the
 * solution on return.  The iteration stops when the recursive relative
 * residual ||r_k|| / ||b|| <= tol, after maxit iterations, or on a
 * breakdown.  The true residual ||b - A x|| / ||b|| of the returned x is
 * then computed in DD (in both precisions).
 * ---------------------------------------------------------------------- */

typedef enum {
	TF_PRECOND_NONE = 0,
	TF_PRECOND_ILU0 = 1  /* incomplete LU with the matrix's pattern; for
				CG the same factors (symmetric matrices give
				U = D L^T) */
} tf_precond;

typedef enum {
	TF_DEVICE_AUTO = 0,  /* the GPU when there is one, else the CPU */
	TF_DEVICE_CPU = 1,
	TF_DEVICE_GPU = 2    /* the GPU; an error when there is none */
} tf_device;

/* Called after iteration `iteration` (1, 2, ...) with the recursive
 * relative residual; a nonzero return stops the solve (TF_SOLVE_STOPPED).
 * It runs inside the solve, which may hold the GPU: it must not call
 * twofold's routines. */
typedef int tf_solve_monitor(int iteration, double residual, void *context);

typedef struct tf_solve_options {
	double tol;           /* <= 0: 1e-12 for DD, 1e-8 for double */
	int maxit;            /* <= 0: 30000 */
	tf_precond precond;
	tf_device device;
	tf_solve_monitor *monitor; /* NULL: none */
	void *monitor_context;
} tf_solve_options;

/* The defaults: tol and maxit as above, no preconditioner, TF_DEVICE_AUTO,
 * no monitor. */
void tf_solve_options_init(tf_solve_options *options);

typedef enum {
	TF_SOLVE_CONVERGED = 0,
	TF_SOLVE_MAX_ITERATIONS = 1,
	TF_SOLVE_BREAKDOWN = 2, /* `breakdown` names the quantity that vanished */
	TF_SOLVE_STOPPED = 3,   /* by the monitor */
	TF_SOLVE_INVALID = 4,   /* nothing computed; `message` says why */
	TF_SOLVE_INACCURATE = 5 /* the recursive residual met tol, but the true
				   residual of x stayed above 10 tol after the
				   iteration was started again from x: rounding
				   limits this solve (DD goes further) */
} tf_solve_status;

typedef struct tf_solve_result {
	tf_solve_status status;
	int iterations;
	double residual;      /* recursive ||r|| / ||b|| at the end */
	double true_residual; /* ||b - A x|| / ||b||, in DD, of the returned x */
	double seconds;       /* the whole solve, setup included */
	double setup_seconds; /* of which: ILU(0) factors, copies to the GPU */
	tf_device device;     /* where it ran: TF_DEVICE_CPU or TF_DEVICE_GPU */
	char breakdown[16];   /* "rho", "omega", "p.Ap", ...; "" otherwise */
	char message[256];    /* one line on what happened */
} tf_solve_result;

/* Each returns result->status.  Invalid input (an invalid matrix, n that is
 * not its size, NaN or Inf in b or x, a zero or missing diagonal entry with
 * ILU(0): "ILU(0) zero pivot at row N", N counted as the matrix counts its
 * rows, from its base) gives TF_SOLVE_INVALID and leaves x unchanged. */
int tf_dcg(const tf_csr *a, int n, const double *b, double *x, const tf_solve_options *options,
	   tf_solve_result *result);
int tf_ddcg(const tf_csr *a, int n, const tf_dd *b, tf_dd *x, const tf_solve_options *options,
	    tf_solve_result *result);
int tf_dbicgstab(const tf_csr *a, int n, const double *b, double *x,
		 const tf_solve_options *options, tf_solve_result *result);
int tf_ddbicgstab(const tf_csr *a, int n, const tf_dd *b, tf_dd *x,
		  const tf_solve_options *options, tf_solve_result *result);

/* "converged", "max iterations", "breakdown", "stopped", "invalid input",
 * "inaccurate"; NULL outside tf_solve_status. */
const char *tf_solve_status_name(tf_solve_status status);

#ifdef __cplusplus
}
#endif

#endif
