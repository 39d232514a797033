/* A product split across the GPUs of TWOFOLD_DEVICE (gpu/devices.c): C by
 * blocks of columns, one block per context, each computed on its context's
 * streams and workspace, with all of op(A) and its own columns of op(B) and
 * C.  Each column of C depends only on A, its column of B and its column
 * of C, and each block is cut where one GPU's tiles are cut, so the result
 * is bitwise one GPU's. */
#ifndef TF_GPU_DEVICES_H
#define TF_GPU_DEVICES_H

#include "gpu/context.h"
#include "gpu/gpu.h"

/* dd-mode GEMM on the DD kernel across the contexts, `first` held by the
 * caller: 1 when it ran (the parts the GPUs left passed to `undone`,
 * `first` still held), 0 when the product stays on the first GPU (one
 * context, a product below the threshold, or device arrays that another
 * GPU cannot reach): nothing done. */
int tf_gpu_devices_gemm(struct tf_gpu_context *first, const struct tf_op *op,
			tf_gpu_undone *undone, void *context);

/* The split engine across the contexts, likewise: 1 when it ran (the
 * report merged over the blocks, the parts left to `undone`), 0 when the
 * product stays on the first GPU. */
int tf_gpu_devices_split(struct tf_gpu_context *first, const struct tf_product *p,
			 const struct tf_split_options *options, struct tf_split_report *report,
			 tf_product_undone *undone, void *context);

#endif
