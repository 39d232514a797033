/* The split product engine on the CPU: the whole algorithm of the GPU
 * engine (twofold/crt.h) in plain C, loop by loop, computing the same bits.
 * It is the executable specification the GPU engine is checked against;
 * it is not fast (its products are plain loops).
 *
 * The product's operands are scaled row by row (op(A)) and column by
 * column (op(B)) by powers of two into integers, reduced to int8 residues
 * modulo each modulus, multiplied with int32 sums over blocks of at most
 * k_block terms, and the exact products rebuilt from their residues and
 * rounded once.  When the operands need more bits than max_moduli moduli
 * hold, the rows and columns with the widest spread keep their leading
 * bits (the rest rounded away); every element whose error could then
 * exceed the DD kernel's bound is computed again in the kind's working
 * arithmetic. */
#ifndef TF_CPU_SPLIT_H
#define TF_CPU_SPLIT_H

#include "op/product.h"

struct tf_split_options {
	int max_moduli; /* at most TF_CRT_MAX_MODULI */
	int k_block;    /* terms per int32 sum, at most TF_SPLIT_K_BLOCK */
	/* DOUBLE products: an element whose result is not finite is computed
	 * again as the reference computes it, by this (as the DD kernels
	 * do); NULL leaves it as computed. */
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

/* The most terms an int32 sum of int8 products may take: 2^17 - 1, so that
 * even (-128)(-128) in every term stays below 2^31. */
#define TF_SPLIT_K_BLOCK 131071

/* Computes the product (host or managed memory).  Declines, writing
 * nothing, when an operand is not finite. */
void tf_cpu_split_product(const struct tf_product *p, const struct tf_split_options *options,
			  struct tf_split_report *report);

#endif
