/* The product engine's request: C = alpha op(A) op(B) + beta C computed
 * from the exact products (the split engine, twofold/crt.h), for the
 * element kinds it takes.  Whatever is GEMM-shaped (dgemm, the typed
 * GEMMs, later complex products as real ones and the updates of triangular
 * solves and factorizations) reaches the engine as one of these. */
#ifndef TF_OP_PRODUCT_H
#define TF_OP_PRODUCT_H

#include <string.h>
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

/* How the split engine (CPU twin or GPU) is to run a product. */
struct tf_split_options {
	int max_moduli; /* at most TF_CRT_MAX_MODULI (twofold/crt.h) */
	int k_block;    /* terms per int32 sum (CPU twin), at most TF_CRT_K_BLOCK */
	/* DOUBLE products on the CPU: an element whose result is not finite
	 * is computed again as the reference computes it, by this (as the DD
	 * kernels do); NULL leaves it as computed.  (The GPU engine computes
	 * it there.) */
	void (*by_reference)(const struct tf_product *p, int i, int j, void *context);
	void *context;
};

/* What a product took. */
struct tf_split_report {
	int moduli;      /* 0: declined (a non-finite operand: nothing written) */
	int capped;      /* some rows or columns kept only their leading bits */
	int rows_capped, columns_capped;
	long long recomputed; /* elements computed again in the working arithmetic */
};

/* Words of one element of the kind. */
static inline int tf_product_words(enum tf_product_kind kind)
{
	return kind == TF_PRODUCT_DOUBLE ? 1 : kind == TF_PRODUCT_DD ? 2 : 3;
}

/* Bytes of one element of the kind. */
static inline size_t tf_product_element_bytes(enum tf_product_kind kind)
{
	return kind == TF_PRODUCT_DOUBLE ? sizeof(double) : kind == TF_PRODUCT_DD ? sizeof(tf_dd)
										   : sizeof(tf_ts);
}

/* The part of a product that computes C(i0:i0+m, j0:j0+n). */
static inline struct tf_product tf_product_tile(const struct tf_product *p, int i0, int m, int j0,
						int n)
{
	const size_t es = tf_product_element_bytes(p->kind);
	struct tf_product t = *p;
	t.m = m;
	t.n = n;
	t.a = (const char *)p->a + es * (p->transa == 'N' ? (size_t)i0 : (size_t)i0 * p->lda);
	t.b = (const char *)p->b + es * (p->transb == 'N' ? (size_t)j0 * p->ldb : (size_t)j0);
	t.c = (char *)p->c + es * ((size_t)i0 + (size_t)j0 * p->ldc);
	return t;
}

/* A product of the kind over the arrays and sizes given, alpha and beta
 * zero (set them after). */
static inline struct tf_product tf_product_make(enum tf_product_kind kind, char transa, char transb,
						int m, int n, int k, const void *a, int lda,
						const void *b, int ldb, void *c, int ldc)
{
	struct tf_product p;
	memset(&p, 0, sizeof p);
	p.kind = kind;
	p.transa = transa == 'N' ? 'N' : 'T';
	p.transb = transb == 'N' ? 'N' : 'T';
	p.m = m, p.n = n, p.k = k;
	p.a = a, p.lda = lda;
	p.b = b, p.ldb = ldb;
	p.c = c, p.ldc = ldc;
	return p;
}

/* A dgemm op as a product (alpha and beta in dd.hi). */
static inline struct tf_product tf_product_of_op(const struct tf_op *op)
{
	struct tf_product p = tf_product_make(TF_PRODUCT_DOUBLE, op->transa, op->transb, op->m, op->n,
					      op->k, op->a, op->lda, op->b, op->ldb, op->c, op->ldc);
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
	*p = tf_product_make(op->format == TF_FORMAT_DD ? TF_PRODUCT_DD : TF_PRODUCT_TS, op->transa,
			     op->transb, op->m, op->n, op->k, op->a.hi, op->lda, op->b.hi, op->ldb,
			     op->c.hi, op->ldc);
	p->alpha = op->alpha;
	p->beta = op->beta;
	return 1;
}

#endif
