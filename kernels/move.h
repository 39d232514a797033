/* The MOVE ops (op/op.h) on device data (src/gpu/move.c): dscal and
 * zdscal, dcopy and zcopy, dswap and zswap, idamax and izamax, each element
 * rounded once (the scalings) or moved as it is, as the reference does;
 * idamax's and izamax's NaN rule is the reference's (a NaN never passes the
 * largest so far; a NaN first element is the answer).  Launchers only.
 *
 * Taken: scal with incy > 0; copy with any increments; swap with nonzero
 * increments (with a zero one, the reference's sequence of exchanges is a
 * rotation of the elements: the caller computes it elsewhere); iamax with
 * n >= 1 and incx > 0.  The reference returns before any of them for
 * n <= 0, and scal and iamax for incx <= 0. */
#ifndef TF_KERNELS_MOVE_H
#define TF_KERNELS_MOVE_H

#include <stddef.h>
#include <cuda_runtime_api.h>
#include "op/op.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Whether the launcher takes the op (the list above). */
int tf_kernel_move_takes(const struct tf_op *op);

/* Device bytes of scratch the op needs (multiprocessors: the device's). */
size_t tf_kernel_move_scratch(const struct tf_op *op, int multiprocessors);

/* The op on its device (or managed) arrays.  iamax leaves its answer (an
 * int, 1-based) at the start of scratch.  Returns the launches' error. */
cudaError_t tf_kernel_move(const struct tf_op *op, void *scratch, int multiprocessors,
			   cudaStream_t stream);

/* copy (2 n doubles, device) = the conjugates of v's n complex elements
 * (stride inc, from the end when inc < 0, the first when inc = 0). */
cudaError_t tf_kernel_conj_copy(int n, const double *v, int inc, double *copy,
				cudaStream_t stream);

/* v's n complex elements (stride |inc|, the first only when inc = 0)
 * conjugated in place. */
cudaError_t tf_kernel_conj_in_place(int n, double *v, int inc, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
