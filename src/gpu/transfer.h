/* Copies between host matrices and device memory through the pinned
 * staging buffers: pageable host memory reaches the device at the speed of
 * pinned memory, and packing a sub-matrix costs no extra pass. */
#ifndef TF_GPU_TRANSFER_H
#define TF_GPU_TRANSFER_H

#include "gpu/context.h"

/* rows x cols of the column-major host matrix src (leading dimension ld)
 * into dst on the device (leading dimension dst_ld), queued on stream; the
 * host side is read before this returns. */
cudaError_t tf_gpu_upload(struct tf_gpu_context *gpu, const double *src, size_t ld, int rows,
			  int cols, double *dst, size_t dst_ld, cudaStream_t stream);

/* rows x cols of src on the device (leading dimension rows) into the host
 * matrix dst (leading dimension ld), after what is queued on stream; dst is
 * written when this returns, and only if every copy succeeded. */
cudaError_t tf_gpu_download(struct tf_gpu_context *gpu, const double *src, int rows, int cols,
			    double *dst, size_t ld, cudaStream_t stream);

/* `cols` columns of column_bytes on the host, src_stride bytes apart at src,
 * into dst, dst_stride bytes apart; on the GPU's pool of copiers when there
 * is more than a megabyte (one thread's memory copy is slower than the
 * pinned link; each GPU has its share of the CPU's threads, so that GPUs
 * copying at once do not take turns). */
void tf_gpu_host_copy_columns(struct tf_gpu_context *gpu, void *dst, size_t dst_stride,
			      const void *src, size_t src_stride, size_t column_bytes, int cols);

/* As tf_gpu_upload and tf_gpu_download, for elements of `size` bytes
 * (leading dimensions counted in elements): the typed API's formats. */
cudaError_t tf_gpu_upload_elements(struct tf_gpu_context *gpu, const void *src, size_t size,
				   size_t ld, int rows, int cols, void *dst, size_t dst_ld,
				   cudaStream_t stream);
cudaError_t tf_gpu_download_elements(struct tf_gpu_context *gpu, const void *src, size_t size,
				     int rows, int cols, void *dst, size_t ld, cudaStream_t stream);

/* As tf_gpu_download_elements, for results that are final: each piece is
 * written to the host as it arrives, while the next one travels, so that a
 * failure part way may leave some pieces written. */
cudaError_t tf_gpu_download_streamed(struct tf_gpu_context *gpu, const void *src, size_t size,
				     int rows, int cols, void *dst, size_t ld, cudaStream_t stream);

/* Where memory is: host (pageable or pinned), device, or managed (both). */
enum tf_gpu_place { TF_PLACE_HOST, TF_PLACE_DEVICE, TF_PLACE_MANAGED };
enum tf_gpu_place tf_gpu_place_of(const void *p);

/* Whether p is device or managed memory, which kernels read in place. */
int tf_gpu_is_device_memory(const void *p);

#endif
