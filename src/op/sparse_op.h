/* The sparse vocabulary shared by the layers: a validated CRS matrix, an
 * SpMV op, ILU(0) factors, and the Krylov engine, the vector operations a
 * backend provides to the solvers of src/sparse/.
 *
 * What a backend may assume: a matrix reaching it was validated by
 * tf_csr_create (row pointers start at base and never decrease, column
 * indices in range, no column twice in a row, values finite).  Index base
 * is 0 or 1 and applies to row_ptr and col_idx alike. */
#ifndef TF_OP_SPARSE_OP_H
#define TF_OP_SPARSE_OP_H

#include <stdint.h>
#include "op/typed_op.h"
#include "twofold/types.h"

/* The arrays of a CRS matrix (twofold/sparse.h). */
struct tf_csr_arrays {
	int rows, cols, base;
	int64_t nnz;
	const int *row_ptr;   /* rows + 1 */
	const int *col_idx;   /* nnz */
	const double *values; /* nnz */
};

/* A matrix as the backends see it.  `host` can always be read by the CPU:
 * the caller's arrays, or a host copy of them when they are in device
 * memory.  `device` is the caller's arrays when they are in device or
 * managed memory (kernels use them in place), else all NULL.  `gpu` is the
 * GPU backend's own state for this matrix (copies of host arrays, analysis
 * of triangular factors), made at first GPU use and freed by
 * tf_gpu_sparse_forget; NULL until then. */
struct tf_sparse_matrix {
	struct tf_csr_arrays host;
	struct tf_csr_arrays device;
	void *gpu;
};

/* ILU(0) factors of a square matrix, computed in double on the CPU: L and U
 * with A's pattern, L U = A on that pattern.  `lower` holds L's strictly
 * lower entries (its unit diagonal is not stored); `upper` holds U's
 * diagonal and upper entries, the diagonal first in each row.  Both are
 * base 0 with columns increasing within a row (the diagonal of `upper`
 * first, then increasing), host arrays owned by the factors. */
struct tf_ilu0 {
	struct tf_sparse_matrix lower;
	struct tf_sparse_matrix upper;
};

/* The vectors of an SpMV. */
enum tf_sparse_vector {
	TF_SPARSE_D,  /* double */
	TF_SPARSE_DD, /* tf_dd */
	TF_SPARSE_DS, /* double hi[], float lo[] */
	TF_SPARSE_DI  /* double hi[], int32_t lo[] */
};

/* y = alpha A x + beta y, A rows x cols, x cols elements, y rows: the
 * products summed in DD, alpha and beta applied in DD, rounded once to y's
 * format.  A transposed product reaches the backend as the transpose's
 * matrix.  beta = 0 (both words): y not read; alpha = 0: A and x not read.
 * With double vectors alpha and beta are doubles (lo = 0).  x and y are
 * distinct arrays, unit stride. */
struct tf_spmv_op {
	int routine;                  /* its id (op/routines.h) */
	enum tf_sparse_vector vector;
	const struct tf_sparse_matrix *a;
	tf_dd alpha, beta;
	struct tf_array x, y;         /* lo NULL for D and DD */
};

/* ------------------------------------------------------------------------
 * The Krylov engine.
 * ---------------------------------------------------------------------- */

/* The working precision of a solve: every vector, every dot product and
 * every update in double (the classic solver) or in DD. */
enum tf_krylov_precision { TF_KRYLOV_DOUBLE, TF_KRYLOV_DD };

/* The work vectors of a solve, n elements each, held by the engine in the
 * working precision.  B is the right-hand side, X the iterate. */
enum tf_krylov_vector {
	TF_KV_X, TF_KV_B, TF_KV_R, TF_KV_R0, TF_KV_P, TF_KV_PHAT, TF_KV_Q, TF_KV_S, TF_KV_SHAT,
	TF_KV_T, TF_KV_Z,
	TF_KV_COUNT
};

/* What an engine is made for.  b and x are the caller's arrays (double for
 * TF_KRYLOV_DOUBLE, tf_dd for TF_KRYLOV_DD), n elements, in host, managed or
 * device memory; x is the initial guess, and receives the solution from
 * `finish`. */
struct tf_krylov_setup {
	enum tf_krylov_precision precision;
	const struct tf_sparse_matrix *a; /* square, n x n */
	const struct tf_ilu0 *ilu;        /* NULL: no preconditioner */
	int n;
	const void *b;
	void *x;
};

/* A backend's vector operations for one solve.  Vectors are named by
 * enum tf_krylov_vector.  Scalars come and go as tf_dd: a double engine
 * takes alpha.hi and returns results with lo = 0, computed in double; a DD
 * engine computes in DD.  Every operation returns 0, or -1 after a failure
 * it has reported (the solve then stops).  Operations run in order; a dot
 * product's result is final when the call returns. */
struct tf_krylov_engine {
	void *self;
	/* out = A in */
	int (*spmv)(void *self, int out, int in);
	/* out = A in, and *dot = in . out */
	int (*spmv_dot)(void *self, int out, int in, tf_dd *dot);
	/* *dot = u . v */
	int (*dot)(void *self, int u, int v, tf_dd *dot);
	/* y = alpha x + beta y (beta = 0: y not read) */
	int (*axpby)(void *self, int y, tf_dd alpha, int x, tf_dd beta);
	/* The CG update: X += alpha P, R -= alpha Q, *rr = R . R */
	int (*cg_update)(void *self, tf_dd alpha, tf_dd *rr);
	/* out = U^-1 L^-1 in, with the setup's ILU(0) factors (the triangular
	 * solves in the working precision); a plain copy without them */
	int (*precond)(void *self, int out, int in);
	/* R = B - A X, in the working precision */
	int (*residual)(void *self);
	/* *norm2 = ||B - A X||^2 computed in DD from the working X (rounded to
	 * double first when the precision is double, as the caller will see
	 * it) and the caller's b */
	int (*true_residual)(void *self, tf_dd *norm2);
	/* X into the caller's x */
	int (*finish)(void *self);
	/* Frees what the engine holds (after finish or after a failure). */
	void (*destroy)(void *self);
};

#endif
