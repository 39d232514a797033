/* Level 3 ops as real GEMMs on the GPU: the operands written out on the
 * device (kernels/real_form.h) as the plain real matrices of one or two
 * double GEMMs, which the planner then runs as it runs dgemm on device
 * arrays (the split product engine, or the DD kernel), and the results
 * written back into the op's output.
 *
 *   zgemm, real alpha and beta: the real part of C is [Re op(A), -Im op(A)]
 *     [Re op(B); Im op(B)] and the imaginary part [Im op(A), Re op(A)] times
 *     the same: two products of inner length 2k, each summed exactly before
 *     its one rounding;
 *   dsymm: A written out in full from its triangle;
 *   dtrmm: A in full with zeros (and a unit diagonal), into a buffer;
 *   dsyrk: op(A) op(A)^T in full, its uplo triangle kept; dsyr2k: [op(A),
 *     op(B)] [op(B), op(A)]^T, both terms in one sum of inner length 2k.
 * From order 512 on, dtrmm, dsyrk and dsyr2k are two GEMMs, one per half of
 * the rows or columns, each over the part of the triangle its half
 * reaches: 3/4 of the full product's work.
 * Host arrays are uploaded first; device and managed ones are read in
 * place.  The buffers are allocated per op (they live across the GEMMs,
 * which use the engine's scratch arena themselves). */
#ifndef TF_GPU_REAL_FORM_H
#define TF_GPU_REAL_FORM_H

#include "op/op.h"

struct tf_gpu_real_form {
	int count;              /* GEMMs: 1 to 4 (real_form.c's CUT_PIECES) */
	struct tf_op gemm[4];   /* double GEMMs over device buffers */
	int parts;              /* results: 1, or 2 (complex: real and imaginary parts) */
	double *result[2];      /* rows x cols, leading dimension rows */
	int rows, cols;
	char uplo;              /* the triangle of the result that counts (SYRK), or 0 */
	void *buffer;           /* every operand, one allocation */
};

/* Whether the GPU computes the op this way. */
int tf_gpu_real_form_takes(const struct tf_op *op);

/* Writes the op's operands out on the device; 0, or -1 when the GPU could
 * not be used or failed (nothing changed, the failure reported). */
int tf_gpu_real_form_make(const struct tf_op *op, struct tf_gpu_real_form *form);

/* Writes the GEMMs' results into the op's output, unless check_finite is
 * set and some result is Inf or NaN: then returns 1 with the output
 * untouched (the caller computes the op elsewhere).  0 when written; -1 on
 * a CUDA failure (reported; the output untouched, or, when it is in device
 * memory and partly written, the program stopped).  Frees the buffers. */
int tf_gpu_real_form_finish(const struct tf_op *op, struct tf_gpu_real_form *form,
			    int check_finite);

/* Frees the buffers of a form whose GEMMs were not run. */
void tf_gpu_real_form_free(struct tf_gpu_real_form *form);

#endif
