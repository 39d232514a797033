/* Level 3 ops as real GEMMs on the GPU: the operands written out on the
 * device (kernels/real_form.h) as the plain real matrices of one or more
 * GEMMs, which the planner then runs as it runs dgemm or a DD GEMM on
 * device arrays (the split product engine, or the DD kernel), and the
 * results written back into the op's output.
 *
 *   dsymm: A written out in full from its triangle;
 *   dtrmm: A in full with zeros (and a unit diagonal), into a buffer;
 *   dsyrk: op(A) op(A)^T in full, its uplo triangle kept; dsyr2k: [op(A),
 *     op(B)] [op(B), op(A)]^T, both terms in one sum of inner length 2k.
 *   These are double GEMMs (gemm) with the op's alpha and beta.
 *
 *   The complex ones (zgemm, zsymm, zhemm, zsyrk, zherk, zsyr2k, zher2k,
 *   ztrmm) are a product L R of a complex L (rows x k) and R (k x cols),
 *   the same written-out operands as above, conjugated where the routine
 *   says: its real part is [Re L, -Im L] [Re R; Im R] and its imaginary
 *   part [Im L, Re L] times the same, two real products of inner length
 *   2k, each summed into DD (typed DD GEMMs, alpha 1, beta 0: exactly in
 *   the split engine, in DD arithmetic in the DD kernel;
 *   the inner index l becomes the pair 2l, 2l + 1, so that the triangle
 *   cut below stays a cut of l).  An epilogue kernel then forms alpha P +
 *   beta C in complex DD and rounds each part once.  zsyr2k (and zher2k
 *   with real alpha) sums both terms in one product of inner length 2k;
 *   zher2k with complex alpha keeps the two terms apart, for alpha and
 *   conj(alpha).
 * From order 512 on, the triangular and rank-k products are two GEMMs,
 * one per half of the rows or columns, each over the part of the triangle
 * its half reaches: 3/4 of the full product's work.
 * Host arrays are uploaded first; device and managed ones are read in
 * place.  The buffers live across the GEMMs, which use the engine's
 * scratch arena themselves: they are the context's span buffer
 * (tf_gpu_span_take), or, when another op holds it, an allocation of their
 * own. */
#ifndef TF_GPU_REAL_FORM_H
#define TF_GPU_REAL_FORM_H

#include "op/op.h"
#include "op/typed_op.h"

struct tf_gpu_context;

#define TF_REAL_FORM_GEMMS 8

struct tf_gpu_real_form {
	int count;              /* double GEMMs: 0 to 4 (real ops) */
	struct tf_op gemm[4];   /* double GEMMs over device buffers */
	int typed_count;        /* DD GEMMs: 0 to 8 (complex ops) */
	struct tf_typed_op typed[TF_REAL_FORM_GEMMS];
	int parts;              /* results: 1, or 2 (complex: real and imaginary parts) */
	double *result[2];      /* rows x cols, leading dimension rows */
	int rows, cols;
	char uplo;              /* the triangle of the result that counts (SYRK), or 0 */
	int terms;              /* complex: the products (DD) the epilogue combines, 0 to 2 */
	int products;           /* complex: the real products in a part of one term's sum */
	double *product[2][2];  /* [term][part], DD elements, rows x cols */
	const double *c_source; /* complex: C on the device for beta C, or NULL */
	int c_ld;
	void *buffer;           /* every operand, one allocation */
	int spans;              /* the buffer is the context's span buffer */
	struct tf_gpu_context *context;
};

/* Whether the GPU computes the op this way. */
int tf_gpu_real_form_takes(const struct tf_op *op);

/* Writes the op's operands out on the device; 0, or -1 when the GPU could
 * not be used or failed (nothing changed, the failure reported). */
int tf_gpu_real_form_make(const struct tf_op *op, struct tf_gpu_real_form *form);

/* Runs the epilogue of a complex form (when it has one), then writes the
 * GEMMs' results into the op's output, unless some result is Inf or NaN,
 * or an element of a complex form may have lost its accuracy to the range
 * (its product summed before alpha came out tiny: the epilogue's
 * range_flag, kernels/real_form.h): then returns 1 with the output
 * untouched, and the caller computes the op by the CPU's rule (on host
 * copies of device arrays).  0 when written; -1 on a CUDA failure
 * (reported; the output untouched, or, when it is in device memory and
 * partly written, the program stopped).  Frees the buffers. */
int tf_gpu_real_form_finish(const struct tf_op *op, struct tf_gpu_real_form *form);

/* Frees the buffers of a form whose GEMMs were not run. */
void tf_gpu_real_form_free(struct tf_gpu_real_form *form);

#endif
