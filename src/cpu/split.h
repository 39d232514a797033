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

/* Computes the product (host or managed memory).  Declines (report->moduli
 * 0), writing nothing, when an operand is not finite. */
void tf_cpu_split_product(const struct tf_product *p, const struct tf_split_options *options,
			  struct tf_split_report *report);

#endif
