/* The product engine's request: C = alpha op(A) op(B) + beta C computed
 * from the exact products (the split engine, twofold/crt.h), for the
 * element kinds it takes.  Whatever is GEMM-shaped (dgemm, the typed
 * GEMMs, later complex products as real ones and the updates of triangular
 * solves and factorizations) reaches the engine as one of these. */
#ifndef TF_OP_PRODUCT_H
#define TF_OP_PRODUCT_H

#include "op/op.h"
#include "op/typed_op.h"

/* What an element of A, B and C is: a double, a double-double (tf_dd), a
 * triple-single (tf_ts).  The words of an element are summed exactly. */
enum tf_product_kind {
	TF_PRODUCT_DOUBLE, /* alpha, beta: doubles (dd.hi), applied in DD */
	TF_PRODUCT_DD,     /* alpha, beta: tf_dd, applied in DD */
	TF_PRODUCT_TS      /* alpha, beta: tf_ts, applied in TS */
};

struct tf_product {
	enum tf_product_kind kind;
	char transa, transb; /* 'N' or 'T' */
	int m, n, k;         /* m, n, k >= 1; alpha nonzero */
	union tf_scalar alpha, beta;
	const void *a, *b;
	void *c;
	int lda, ldb, ldc;
};

/* Words of one element of the kind. */
static inline int tf_product_words(enum tf_product_kind kind)
{
	return kind == TF_PRODUCT_DOUBLE ? 1 : kind == TF_PRODUCT_DD ? 2 : 3;
}

/* A dgemm op as a product (alpha and beta in dd.hi). */
static inline struct tf_product tf_product_of_op(const struct tf_op *op)
{
	struct tf_product p = {
		.kind = TF_PRODUCT_DOUBLE, .transa = op->transa == 'N' ? 'N' : 'T',
		.transb = op->transb == 'N' ? 'N' : 'T', .m = op->m, .n = op->n, .k = op->k,
		.a = op->a, .b = op->b, .c = op->c, .lda = op->lda, .ldb = op->ldb, .ldc = op->ldc,
	};
	p.alpha.dd.hi = op->alpha;
	p.beta.dd.hi = op->beta;
	return p;
}

/* Whether the product engine takes a typed op, and the product it is. */
static inline int tf_product_of_typed(const struct tf_typed_op *op, struct tf_product *p)
{
	if (op->kind != TF_TYPED_GEMM || op->ds_arith ||
	    (op->format != TF_FORMAT_DD && op->format != TF_FORMAT_TS))
		return 0;
	*p = (struct tf_product){
		.kind = op->format == TF_FORMAT_DD ? TF_PRODUCT_DD : TF_PRODUCT_TS,
		.transa = op->transa, .transb = op->transb, .m = op->m, .n = op->n, .k = op->k,
		.alpha = op->alpha, .beta = op->beta, .a = op->a.hi, .b = op->b.hi, .c = op->c.hi,
		.lda = op->lda, .ldb = op->ldb, .ldc = op->ldc,
	};
	return 1;
}

#endif
