/* The split product engine on the GPU (gpu/split.c), as the GPU backend's
 * entry (gpu/gpu.h) runs it. */
#ifndef TF_GPU_SPLIT_H
#define TF_GPU_SPLIT_H

#include "gpu/context.h"
#include "gpu/cublas.h"
#include "op/product.h"

enum tf_split_status {
	TF_SPLIT_DONE,  /* every tile of C computed here, or passed to undone */
	TF_SPLIT_FAILED /* nothing written: no tile fits, or a CUDA failure
			   (reported) before the first tile was done */
};

/* Runs the product: arrays in device or managed memory in place, host
 * arrays through the staging buffers, in tiles of C that fit the memory
 * budget.  A tile whose operands hold Inf or NaN, and after a CUDA failure
 * (reported) the tiles not yet done, go to `undone`, their C as it was.  A
 * failure while C is written in place ends the program with a message
 * rather than leave a partial result. */
enum tf_split_status tf_gpu_split_product(struct tf_gpu_context *gpu, const struct tf_cublas *cublas,
					  const struct tf_product *p,
					  const struct tf_split_options *options,
					  struct tf_split_report *report,
					  void (*undone)(const struct tf_product *part, void *context),
					  void *context);

/* The tiles of C (mb rows, nb columns) that tf_gpu_split_product takes for
 * p on this context's memory budget: 0 when none fits. */
int tf_gpu_split_tiles(const struct tf_gpu_context *gpu, const struct tf_product *p,
		       const struct tf_split_options *options, int *mb, int *nb);

/* The bytes of the context's scratch arena (tf_gpu_scratch) that
 * tf_gpu_split_product_tiled takes for p in tiles of mb x nb: from its
 * start, so that a caller may keep an array of its own after them.  With
 * a_on_device, as for p with op(A) given in device memory instead. */
size_t tf_gpu_split_arena_bytes(const struct tf_product *p, const struct tf_split_options *options,
				int mb, int nb, int a_on_device);

/* tf_gpu_split_product in tiles of mb x nb given by the caller: a product
 * split across GPUs by blocks of whole tiles gives each tile, and so each
 * element, the scan, moduli and shifts that one GPU gives it. */
enum tf_split_status tf_gpu_split_product_tiled(struct tf_gpu_context *gpu,
						const struct tf_cublas *cublas,
						const struct tf_product *p,
						const struct tf_split_options *options, int mb,
						int nb, struct tf_split_report *report,
						void (*undone)(const struct tf_product *part,
							       void *context),
						void *context);

#endif
