/* The MOVE ops (op/op.h: dscal, zdscal, dcopy, zcopy, dswap, zswap,
 * idamax, izamax) on device data. */
#ifndef TF_GPU_MOVE_H
#define TF_GPU_MOVE_H

#include "gpu/context.h"
#include "gpu/gpu.h"

/* The op on its device-resident arrays, with the reference's bits; what
 * the kernels do not take (a swap with a zero increment) or could not
 * start goes to `undone`, the arrays as they were. */
void tf_gpu_move_op(struct tf_gpu_context *gpu, const struct tf_op *op, tf_gpu_undone *undone,
		    void *context);

#endif
