/* The typed op descriptor: one call of the typed API (tf_ddgemm, tf_dsgemv,
 * ...), arguments validated, column-major, ready for the planner.
 *
 * What a backend may assume: trans is 'N' or 'T'; GEMM and GEMV have
 * m, n >= 1; AXPY and DOT n >= 1; leading dimensions are legal; GEMV
 * strides are nonzero, AXPY and DOT strides are any (0 included, negative
 * counting from the end as BLAS does); AXPY alpha is not zero.  GEMM may
 * have k = 0 or alpha = 0, GEMV alpha = 0: then A and B (x) are not read and
 * the output is beta times itself; beta = 0 sets the output without reading
 * it.  Fields a kind does not use are zero. */
#ifndef TF_OP_TYPED_OP_H
#define TF_OP_TYPED_OP_H

#include <stddef.h>
#include <stdint.h>
#include "twofold/types.h"

/* How the elements of an array are stored. */
enum tf_format {
	TF_FORMAT_DD,  /* tf_dd elements */
	TF_FORMAT_DS,  /* double hi[], float lo[] */
	TF_FORMAT_DSP, /* tf_ds_packed elements */
	TF_FORMAT_DI,  /* double hi[], int32_t lo[] */
	TF_FORMAT_DF,  /* tf_df elements */
	TF_FORMAT_TS,  /* tf_ts elements */
	TF_FORMAT_COUNT
};

enum tf_typed_kind {
	TF_TYPED_GEMM, /* C = alpha op(A) op(B) + beta C */
	TF_TYPED_GEMV, /* y = alpha op(A) x + beta y */
	TF_TYPED_AXPY, /* y = alpha x + y */
	TF_TYPED_DOT   /* *result = x . y */
};

/* An array of a format: element i is hi[i] for the one-array formats
 * (hi then points to tf_dd, tf_ds_packed, tf_df or tf_ts), (hi[i], lo[i])
 * for DS and DI.  lo is NULL for the one-array formats. */
struct tf_array {
	void *hi;
	void *lo;
};

/* A scalar in the working arithmetic: dd for DD, DS, DSP and DI; df for
 * DF; ts for TS. */
union tf_scalar {
	tf_dd dd;
	tf_df df;
	tf_ts ts;
};

struct tf_typed_op {
	enum tf_typed_kind kind;
	enum tf_format format;
	int ds_arith;        /* GEMM of DS computed in DS arithmetic, not DD */
	int routine;         /* its id (op/routines.h) */
	char transa, transb; /* 'N' or 'T' */
	int m, n, k;
	union tf_scalar alpha, beta;
	struct tf_array a, b, c; /* GEMM; GEMV uses a */
	struct tf_array x, y;    /* GEMV, AXPY, DOT (y read only for DOT) */
	int lda, ldb, ldc, incx, incy;
	/* DOT: where the result goes (host memory): tf_dd for DD, DS, DSP and
	 * DI, tf_df for DF, tf_ts for TS. */
	void *result;
};

/* Element i of a vector of n with stride inc, as BLAS counts (from the end
 * when inc < 0). */
static inline size_t tf_typed_offset(int n, int inc, int i)
{
	return inc >= 0 ? (size_t)i * (size_t)inc : (size_t)(n - 1 - i) * (size_t)-(long long)inc;
}

/* Whether a scalar of the format's working arithmetic is zero (every word
 * zero), or exactly one.  Host code: C and the CUDA launchers. */
static inline int tf_scalar_is_zero(enum tf_format format, union tf_scalar s)
{
	switch (format) {
	case TF_FORMAT_DF: return s.df.hi == 0.0f && s.df.lo == 0.0f;
	case TF_FORMAT_TS: return s.ts.x == 0.0f && s.ts.y == 0.0f && s.ts.z == 0.0f;
	default: return s.dd.hi == 0.0 && s.dd.lo == 0.0;
	}
}

static inline int tf_scalar_is_one(enum tf_format format, union tf_scalar s)
{
	switch (format) {
	case TF_FORMAT_DF: return s.df.hi == 1.0f && s.df.lo == 0.0f;
	case TF_FORMAT_TS: return s.ts.x == 1.0f && s.ts.y == 0.0f && s.ts.z == 0.0f;
	default: return s.dd.hi == 1.0 && s.dd.lo == 0.0;
	}
}

/* Bytes of an element in the format's hi array, and in its lo array (0
 * for the one-array formats). */
static inline size_t tf_format_hi_bytes(enum tf_format format)
{
	switch (format) {
	case TF_FORMAT_DD: return sizeof(tf_dd);
	case TF_FORMAT_DS:
	case TF_FORMAT_DI: return sizeof(double);
	case TF_FORMAT_DSP: return sizeof(tf_ds_packed);
	case TF_FORMAT_DF: return sizeof(tf_df);
	case TF_FORMAT_TS: return sizeof(tf_ts);
	default: return 0;
	}
}

static inline size_t tf_format_lo_bytes(enum tf_format format)
{
	switch (format) {
	case TF_FORMAT_DS: return sizeof(float);
	case TF_FORMAT_DI: return sizeof(int32_t);
	default: return 0;
	}
}

/* Whether the format is a pair of arrays (hi[i], lo[i]). */
static inline int tf_format_is_pair(enum tf_format format)
{
	return tf_format_lo_bytes(format) != 0;
}

/* Bytes of one element of the format. */
static inline size_t tf_format_bytes(enum tf_format format)
{
	return tf_format_hi_bytes(format) + tf_format_lo_bytes(format);
}

/* Operations of the op, a multiply-add counting 2 (in the op's arithmetic:
 * DD flops for DD, DS, DSP and DI). */
static inline double tf_typed_op_flops(const struct tf_typed_op *op)
{
	switch (op->kind) {
	case TF_TYPED_GEMM: return 2.0 * op->m * (double)op->n * op->k;
	case TF_TYPED_GEMV: return 2.0 * op->m * (double)op->n;
	case TF_TYPED_AXPY:
	case TF_TYPED_DOT: return 2.0 * op->n;
	}
	return 0.0;
}

/* Bytes of its arrays: what a GPU call on host arrays moves (strided
 * vectors counted by their elements). */
static inline double tf_typed_op_bytes(const struct tf_typed_op *op)
{
	double elements = 0.0;
	switch (op->kind) {
	case TF_TYPED_GEMM:
		elements = (double)op->m * op->k + (double)op->k * op->n + 2.0 * op->m * (double)op->n;
		break;
	case TF_TYPED_GEMV:
		elements = (double)op->m * op->n + 2.0 * (op->m + op->n);
		break;
	case TF_TYPED_AXPY: elements = 3.0 * op->n; break;
	case TF_TYPED_DOT: elements = 2.0 * op->n; break;
	}
	return elements * (double)tf_format_bytes(op->format);
}

#endif
