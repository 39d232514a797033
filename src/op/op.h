/* The op descriptor: one double-precision BLAS call, arguments decoded and
 * validated, column-major, ready for the planner.  Fields a kind does not use
 * are zero. */
#ifndef TF_OP_OP_H
#define TF_OP_OP_H

#include <stddef.h>
#include "op/routines.h"

enum tf_op_kind {
	/* The three with GPU kernels */
	TF_OP_GEMM, /* C = alpha op(A) op(B) + beta C, C m x n, k inner */
	TF_OP_GEMV, /* y = alpha op(A) x + beta y, A m x n (band: kl, ku) */
	TF_OP_AXPY, /* y = alpha x + y, n elements */
	/* Level 1 */
	TF_OP_DOT,  /* *result = sum conj?(x_i) y_i, plus alpha (sdsdot's sb) */
	TF_OP_NRM2, /* *result = sqrt(sum |x_i|^2) */
	TF_OP_ASUM, /* *result = sum |re x_i| + |im x_i| */
	TF_OP_ROT,  /* (x_i, y_i) = (c x_i + s y_i, c y_i - s x_i), c = alpha, s = beta */
	TF_OP_ROTM, /* the same with the modified Givens matrix of param */
	TF_OP_SCAL, /* y = alpha y (complex alpha: zscal, the reference's x) */
	TF_OP_MOVE, /* the routines that round once or not at all, named by
		     * blas: dscal and zdscal (y = alpha y, alpha real, y the
		     * reference's x), dcopy and zcopy (y = x), dswap and zswap
		     * (x <-> y), idamax and izamax (*result, an int: the
		     * reference's index of x's first largest |x_i|, or
		     * |re x_i| + |im x_i|); the CPU BLAS computes them, the GPU
		     * on device data */
	/* Level 2 */
	TF_OP_SYMV, /* y = alpha A x + beta y, A n x n symmetric (Hermitian when
		     * conj) stored in its uplo triangle: full, band (k), packed */
	TF_OP_TRMV, /* y = op(A) y, A n x n triangular (uplo, diag): full, band
		     * (k), packed; y is the reference's x */
	TF_OP_TRSV, /* y = op(A)^-1 y, the same */
	TF_OP_GER,  /* C = alpha x y^T + C (y^H when conj), C m x n: the
		     * reference's A */
	TF_OP_SYR,  /* C = alpha x x^T + C (alpha real and x^H when conj) on the
		     * uplo triangle of C n x n: full or packed */
	TF_OP_SYR2, /* C = alpha x y^T + alpha y x^T + C (conj: alpha x y^H +
		     * conj(alpha) y x^H), the same */
	/* Level 3 */
	TF_OP_SYMM, /* C = alpha A B + beta C (side L) or alpha B A + beta C (R),
		     * A symmetric (Hermitian when conj) in its uplo triangle */
	TF_OP_SYRK, /* C = alpha op(A) op(A)^T + beta C on the uplo triangle, C
		     * n x n, k inner (conj: op(A)^H, alpha and beta real) */
	TF_OP_SYR2K, /* C = alpha op(A) op(B)^T + alpha op(B) op(A)^T + beta C
		      * (conj: alpha op(A) op(B)^H + conj(alpha) op(B) op(A)^H,
		      * beta real) */
	TF_OP_TRMM, /* C = alpha op(A) C (side L) or alpha C op(A) (R), A
		     * triangular (uplo, diag), C m x n: the reference's B */
	TF_OP_TRSM  /* C = alpha op(A)^-1 C or alpha C op(A)^-1, the same */
};
#define TF_OP_KIND_COUNT (TF_OP_TRSM + 1)

/* The type of the op's array elements. */
enum tf_op_type {
	TF_TYPE_D, /* double */
	TF_TYPE_Z, /* complex double: (re, im) pairs of doubles, as Fortran stores them */
	TF_TYPE_S  /* float vectors with a double or float result (dsdot, sdsdot) */
};

/* How a Level 2 op stores its matrix A (or C). */
enum tf_op_storage {
	TF_STORAGE_FULL,   /* column major, leading dimension lda (ldc) */
	TF_STORAGE_BAND,   /* LAPACK band storage: kl and ku (GEMV) or k (SYMV, TRMV, TRSV) */
	TF_STORAGE_PACKED  /* the uplo triangle packed by columns, no leading dimension */
};

/* What an op writes: a matrix is always c (ldc), a vector y (incy), a
 * scalar *result; ROT and ROTM also write x.  Complex arrays are double
 * pointers to their (re, im) pairs, and their increments and leading
 * dimensions count complex elements, as the reference's do. */
struct tf_op {
	enum tf_op_kind kind;
	enum tf_routine routine; /* the entry point it came through, for the log */
	enum tf_routine blas;    /* the CPU BLAS's Fortran routine that computes the
				  * same op (tf_cpu_forward calls it); 0 means the
				  * routine of the kind's d version: dgemm_, dgemv_, daxpy_ */
	enum tf_op_type type;
	enum tf_op_storage storage;
	int conj;                /* conjugate: zdotc, gerc, the Hermitian routines */
	char transa, transb;     /* 'N', 'T' or 'C' (upper case) */
	char uplo, side, diag;   /* 'U'/'L', 'L'/'R', 'N'/'U' (upper case), where used */
	int m, n, k, kl, ku;
	double alpha, beta;      /* real parts (ROT: c and s) */
	double alpha_im, beta_im; /* imaginary parts, complex routines */
	const double *a, *b, *x;
	double *c, *y;
	int lda, ldb, ldc, incx, incy;
	const double *param;     /* ROTM's parameter array */
	void *result;            /* DOT, NRM2, ASUM: a double (float for
				  * sdsdot), or two for a complex DOT */
};

/* Whether a MOVE op multiplies (dscal, zdscal). */
static inline int tf_op_move_scales(const struct tf_op *op)
{
	return op->blas == TF_R_dscal_ || op->blas == TF_R_zdscal_;
}

/* The elements of one row of an n x n matrix's triangle, for the flop count. */
static inline double tf_op_triangle(int n)
{
	return 0.5 * n * (n + 1.0);
}

/* Floating-point operations of the op, a multiply-add counting 2 (8 for
 * complex data). */
static inline double tf_op_flops(const struct tf_op *op)
{
	double m = op->m, n = op->n, k = op->k, f = 0.0;
	/* the stored band: per row of the matrix, at most kl + ku + 1 (k + 1) */
	double band = op->storage != TF_STORAGE_BAND ? n
		    : op->kind == TF_OP_GEMV ? (op->kl + op->ku + 1.0 < n ? op->kl + op->ku + 1.0 : n)
					      : (k + 1.0 < n ? k + 1.0 : n);
	switch (op->kind) {
	case TF_OP_GEMM: f = 2.0 * m * n * k; break;
	case TF_OP_GEMV: f = 2.0 * (op->storage == TF_STORAGE_BAND ? m * band : m * n); break;
	case TF_OP_AXPY: case TF_OP_DOT: case TF_OP_NRM2: f = 2.0 * n; break;
	case TF_OP_ASUM: f = n; break;
	case TF_OP_ROT: case TF_OP_ROTM: f = 6.0 * n; break;
	case TF_OP_SCAL: f = n; break;
	case TF_OP_MOVE: f = tf_op_move_scales(op) ? n : 0.0; break;
	case TF_OP_SYMV: f = op->storage == TF_STORAGE_BAND ? 2.0 * n * (2.0 * band - 1.0) : 2.0 * n * n; break;
	case TF_OP_TRMV: case TF_OP_TRSV:
		f = op->storage == TF_STORAGE_BAND ? 2.0 * n * band : 2.0 * tf_op_triangle(op->n);
		break;
	case TF_OP_GER: f = 2.0 * m * n; break;
	case TF_OP_SYR: f = 2.0 * tf_op_triangle(op->n); break;
	case TF_OP_SYR2: f = 4.0 * tf_op_triangle(op->n); break;
	case TF_OP_SYMM: f = 2.0 * m * n * (op->side == 'L' ? m : n); break;
	case TF_OP_SYRK: f = 2.0 * tf_op_triangle(op->n) * k; break;
	case TF_OP_SYR2K: f = 4.0 * tf_op_triangle(op->n) * k; break;
	case TF_OP_TRMM: case TF_OP_TRSM: f = m * n * (op->side == 'L' ? m : n); break;
	}
	return op->type == TF_TYPE_Z ? 4.0 * f : f;
}

/* Bytes of its arrays: what a GPU call on host arrays must move. */
static inline double tf_op_bytes(const struct tf_op *op)
{
	double m = op->m, n = op->n, k = op->k, doubles = 0.0;
	switch (op->kind) {
	case TF_OP_GEMM:
		doubles = m * k + k * n + (op->beta != 0.0 || op->beta_im != 0.0 ? 2.0 : 1.0) * m * n;
		break;
	case TF_OP_GEMV:
		doubles = m * n + m + n + (op->transa == 'N' ? m : n);
		break;
	case TF_OP_AXPY: case TF_OP_ROT: case TF_OP_ROTM: doubles = 4.0 * n; break;
	case TF_OP_DOT: doubles = 2.0 * n; break;
	case TF_OP_NRM2: case TF_OP_ASUM: doubles = n; break;
	case TF_OP_SCAL: doubles = 2.0 * n; break;
	case TF_OP_MOVE: doubles = (tf_op_move_scales(op) ? 2.0 : 1.0) * n; break;
	case TF_OP_SYMV: case TF_OP_TRMV: case TF_OP_TRSV:
		doubles = tf_op_triangle(op->n) + 3.0 * n;
		break;
	case TF_OP_GER: doubles = 2.0 * m * n + m + n; break;
	case TF_OP_SYR: case TF_OP_SYR2: doubles = 2.0 * tf_op_triangle(op->n) + 2.0 * n; break;
	case TF_OP_SYMM: doubles = (op->side == 'L' ? m * m : n * n) / 2.0 + 3.0 * m * n; break;
	case TF_OP_SYRK: case TF_OP_SYR2K:
		doubles = (op->kind == TF_OP_SYR2K ? 2.0 : 1.0) * n * k + 2.0 * tf_op_triangle(op->n);
		break;
	case TF_OP_TRMM: case TF_OP_TRSM:
		doubles = (op->side == 'L' ? m * m : n * n) / 2.0 + 2.0 * m * n;
		break;
	}
	if (op->type == TF_TYPE_S)
		doubles /= 2.0;
	return (op->type == TF_TYPE_Z ? 16.0 : 8.0) * doubles;
}

/* The part of a GEMM that computes C(i0:i0+m, j0:j0+n): rows of op(A),
 * columns of op(B), the same k, alpha and beta. */
static inline struct tf_op tf_gemm_tile(const struct tf_op *op, int i0, int m, int j0, int n)
{
	struct tf_op tile = *op;
	tile.m = m;
	tile.n = n;
	tile.a = op->transa == 'N' ? op->a + i0 : op->a + (size_t)i0 * op->lda;
	tile.b = op->transb == 'N' ? op->b + (size_t)j0 * op->ldb : op->b + j0;
	tile.c = op->c + i0 + (size_t)j0 * op->ldc;
	return tile;
}

/* The first element of the part [first, first + count) of a vector of
 * length n with stride inc, as the reference counts (from the end when
 * inc < 0): with the same stride, that pointer and count describe the part
 * as a vector of its own. */
static inline const double *tf_vector_part(const double *v, int n, int inc, int first, int count)
{
	return inc >= 0 ? v + (size_t)first * inc : v + (size_t)(n - first - count) * (size_t)-inc;
}

/* The part of a GEMV that computes y elements [first, first + count):
 * those rows of A (trans N) or columns (trans T), all of x. */
static inline struct tf_op tf_gemv_part(const struct tf_op *op, int first, int count)
{
	struct tf_op part = *op;
	int leny = op->transa == 'N' ? op->m : op->n;
	if (op->transa == 'N') {
		part.m = count;
		part.a = op->a + first;
	} else {
		part.n = count;
		part.a = op->a + (size_t)first * op->lda;
	}
	part.y = (double *)tf_vector_part(op->y, leny, op->incy, first, count);
	return part;
}

/* The part of an AXPY over elements [first, first + count). */
static inline struct tf_op tf_axpy_part(const struct tf_op *op, int first, int count)
{
	struct tf_op part = *op;
	part.n = count;
	part.x = tf_vector_part(op->x, op->n, op->incx, first, count);
	part.y = (double *)tf_vector_part(op->y, op->n, op->incy, first, count);
	return part;
}

#endif
