/* The Level 1 and Level 2 ops in DD on device data (src/gpu/level12.c):
 * real and complex, full, band and packed storage, one body per operation
 * expanded per element type.  Launchers only: no allocation, no policy.
 *
 * What a launch leaves, by kind:
 *   DOT, NRM2, ASUM: the result rounded once at the start of scratch (one
 *     double, two for a complex DOT), *counter nonzero when it is not
 *     finite (nothing else written);
 *   GEMV, SYMV, TRMV, TRSV: y written in place, each element rounded once;
 *     *counter set to 1 where an element is not finite in DD, and
 *     tf_kernel_level12_restore puts y back as it was (the caller then has
 *     the op computed by the rule of cpu/dd_output.h);
 *   ROT, ROTM, AXPY, SCAL: each element rounded once in place; one that
 *     is not finite in DD is formed again with every factor's exponent
 *     apart, else it is the reference's, computed in plain double in the
 *     same thread as the reference computes it;
 *   GER, SYR, SYR2: each element rounded once in place, but those of a
 *     column whose alpha y(j) left the range and those not finite in DD,
 *     which are left as they were with *counter set to 1:
 *     tf_kernel_level12_rank_again then forms them as the elementwise ops
 *     do. */
#ifndef TF_KERNELS_LEVEL12_H
#define TF_KERNELS_LEVEL12_H

#include <stddef.h>
#include <cuda_runtime_api.h>
#include "op/op.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Device bytes of scratch the op needs (multiprocessors: the device's). */
size_t tf_kernel_level12_scratch(const struct tf_op *op, int multiprocessors);

/* The op on its device (or managed) arrays; scratch: the bytes above;
 * counter: a word the device can write, zeroed by the caller (the
 * reductions set it in every case; the others only store 1 into it, so
 * that it may be mapped host memory).  Returns the launches' error. */
cudaError_t tf_kernel_level12(const struct tf_op *op, void *scratch, unsigned *counter,
			      int multiprocessors, cudaStream_t stream);

/* After a GER, SYR or SYR2 whose *counter came out nonzero: the elements
 * it left, formed again (its scratch as the launch left it). */
cudaError_t tf_kernel_level12_rank_again(const struct tf_op *op, const void *scratch,
					 cudaStream_t stream);

/* After a GEMV, SYMV, TRMV or TRSV whose *counter came out nonzero: y as
 * it was before the launch. */
cudaError_t tf_kernel_level12_restore(const struct tf_op *op, const void *scratch,
				      cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
