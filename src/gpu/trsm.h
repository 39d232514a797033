/* dtrsm and ztrsm on the GPU in DD: B = alpha op(A)^-1 B (side L) or
 * alpha B op(A)^-1 (side R), the solution kept in DD on the device from
 * alpha B (each product exact; complex: each part two exact products
 * added in DD) to one final rounding.
 *
 * Both sides are one problem, X T = R, with the right-hand sides as the
 * rows of X: side R solves X op(A) = alpha B (T = op(A), X is B); side L
 * solves X^T op(A)^T = alpha B^T (T = op(A)^T, X is B^T, transposed on the
 * way in and out).  T is op(A) written out once on the device in DD (low
 * words zero, zeros outside the triangle, 1 on a unit diagonal); X is
 * rows x order in DD.  The solve is recursive on the columns of X: for an
 * upper T, X1 T11 = R1, then R2 -= X1 T12, then X2 T22 = R2 (a lower T
 * the other way round), down to diagonal blocks that one kernel solves
 * whole by substitution (kernels/trsm.h): real ones of up to
 * TF_TRSM_BLOCK in DD, by the block kernel, which takes each chunk of
 * columns from those before it within the block itself; complex ones of
 * up to TF_TRSM_LEAF in complex DD, by the leaf.  Each update R2 -= X1
 * T12 is a DD GEMM (alpha -1, beta 1) over device arrays, which the
 * caller runs (the planner: the split product engine, else the DD
 * kernel); its result is rounded once into DD.  ztrsm's update is two real ones, the real and imaginary parts of
 * X1 T12 as products of inner length 2k (kernels/trsm.h's layout).
 *
 * Host arrays are uploaded first (A into a staging part of the buffer, B
 * likewise), and the rounded solution is brought back; device and managed
 * arrays are read, and B written, in place. */
#ifndef TF_GPU_TRSM_H
#define TF_GPU_TRSM_H

#include "op/op.h"
#include "op/typed_op.h"

/* Whether the GPU computes the op this way: dtrsm and ztrsm. */
int tf_gpu_trsm_takes(const struct tf_op *op);

/* Runs a DD GEMM over device arrays (C += -1 A B, all DD); 0 when done. */
typedef int tf_gpu_trsm_update(const struct tf_typed_op *update);

/* Solves the op.  Returns 0 when B holds the solution; 1 when some element
 * of the solution is Inf or NaN, or its numerator says the substitution
 * may have left double's range (kernels/trsm.h's find_suspect; B
 * untouched: the caller computes the op by the CPU's rule, which solves
 * such right-hand sides again with the exponents apart); -1 when the GPU
 * could not be used or failed (reported; B untouched, or, when it is in
 * device memory and was partly written, the program stopped). */
int tf_gpu_trsm_run(const struct tf_op *op, tf_gpu_trsm_update *update);

#endif
