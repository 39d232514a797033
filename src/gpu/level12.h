/* The Level 1 and Level 2 ops in DD on device data (see level12.c). */
#ifndef TF_GPU_LEVEL12_H
#define TF_GPU_LEVEL12_H

#include "gpu/context.h"
#include "gpu/gpu.h"

/* An op of tf_gpu_device_only on its device-resident arrays, in DD; what it leaves (a failure
 * before anything was written, a result not finite in DD where the kernels
 * do not compute the reference's) goes to `undone`, the output as it was. */
void tf_gpu_level12_op(struct tf_gpu_context *gpu, const struct tf_op *op, tf_gpu_undone *undone,
		       void *context);

#endif
