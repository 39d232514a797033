#include "config.h"

#include <stdlib.h>
#include <string.h>
#include "core/threads.h"
#include "gpu/transfer.h"

/* A copy between host memory and a staging buffer is split into parts of
 * this size at least, run on the GPU's pool of copiers: one thread's memory copy
 * (about 9 GB/s on the GPU machines' hosts) is slower than the pinned link
 * (about 55 GB/s), so host arrays would cross at one thread's rate. */
#define PART_BYTES ((size_t)1 << 20)
#define PARTS_MAX 64

/* tf_gpu_host_copy_columns's copy, its bytes counted down the columns. */
struct columns {
	char *dst;
	const char *src;
	size_t dst_stride, src_stride, column_bytes, total;
	int parts;
};

static void copy_part(void *context, int index)
{
	const struct columns *c = context;
	size_t from = c->total * index / c->parts;
	const size_t to = c->total * (index + 1) / c->parts;
	while (from < to) {
		const size_t j = from / c->column_bytes, offset = from % c->column_bytes;
		size_t length = c->column_bytes - offset;
		if (length > to - from)
			length = to - from;
		memcpy(c->dst + j * c->dst_stride + offset, c->src + j * c->src_stride + offset, length);
		from += length;
	}
}

void tf_gpu_host_copy_columns(struct tf_gpu_context *gpu, void *dst, size_t dst_stride,
			      const void *src, size_t src_stride, size_t column_bytes, int cols)
{
	struct columns c = { dst, src, dst_stride, src_stride, column_bytes,
			     column_bytes * (size_t)cols, 1 };
	const size_t parts = c.total / PART_BYTES;
	c.parts = parts < 1 ? 1 : parts > PARTS_MAX ? PARTS_MAX : (int)parts;
	tf_pool_for(gpu->copiers, gpu->copy_threads, c.parts, copy_part, &c);
}

/* A piece: columns [col, col + cols) and rows [row, row + rows) of the
 * region, small enough for one staging buffer. */
struct piece {
	int row, rows, col, cols;
};

/* The pieces of a rows x cols region of `size`-byte elements: whole
 * columns when one fits, else column segments.  Calls step(piece) in order;
 * stops at the first error. */
static cudaError_t for_each_piece(size_t staging_bytes, size_t size, int rows, int cols,
				  cudaError_t (*step)(const struct piece *, void *), void *context)
{
	size_t column_bytes = (size_t)rows * size;
	if (column_bytes <= staging_bytes) {
		int per_piece = (int)(staging_bytes / column_bytes);
		for (int col = 0; col < cols; col += per_piece) {
			struct piece p = { 0, rows, col, cols - col < per_piece ? cols - col : per_piece };
			cudaError_t status = step(&p, context);
			if (status != cudaSuccess)
				return status;
		}
		return cudaSuccess;
	}
	int per_piece = (int)(staging_bytes / size);
	for (int col = 0; col < cols; col++)
		for (int row = 0; row < rows; row += per_piece) {
			struct piece p = { row, rows - row < per_piece ? rows - row : per_piece, col, 1 };
			cudaError_t status = step(&p, context);
			if (status != cudaSuccess)
				return status;
		}
	return cudaSuccess;
}

/* Leading dimensions in elements of `size` bytes. */
struct copy {
	struct tf_gpu_context *gpu;
	size_t size;
	char *host;
	size_t ld;
	char *device;
	size_t device_ld;
	cudaStream_t stream;
};

/* The next staging buffer, once the last copy out of it is done. */
static cudaError_t take_staging(struct tf_gpu_context *gpu, char **buffer, int *slot)
{
	*slot = gpu->next_staging;
	gpu->next_staging = (gpu->next_staging + 1) % TF_GPU_STREAMS;
	*buffer = gpu->staging[*slot];
	return cudaEventSynchronize(gpu->staging_free[*slot]);
}

static cudaError_t upload_piece(const struct piece *p, void *context)
{
	struct copy *c = context;
	const size_t size = c->size, column_bytes = (size_t)p->rows * size;
	char *buffer;
	int slot;
	cudaError_t status = take_staging(c->gpu, &buffer, &slot);
	if (status != cudaSuccess)
		return status;
	tf_gpu_host_copy_columns(c->gpu, buffer, column_bytes,
				 c->host + (p->row + (size_t)p->col * c->ld) * size, c->ld * size,
				 column_bytes, p->cols);
	char *target = c->device + (p->row + (size_t)p->col * c->device_ld) * size;
	if ((status = tf_gpu_inject(TF_FAULT_TRANSFER)) != cudaSuccess)
		return status;
	status = cudaMemcpy2DAsync(target, c->device_ld * size, buffer, column_bytes, column_bytes,
				   (size_t)p->cols, cudaMemcpyHostToDevice, c->stream);
	if (status != cudaSuccess)
		return status;
	return cudaEventRecord(c->gpu->staging_free[slot], c->stream);
}

cudaError_t tf_gpu_upload_elements(struct tf_gpu_context *gpu, const void *src, size_t size,
				   size_t ld, int rows, int cols, void *dst, size_t dst_ld,
				   cudaStream_t stream)
{
	struct copy c = { gpu, size, (char *)src, ld, dst, dst_ld, stream };
	return for_each_piece(gpu->staging_bytes, size, rows, cols, upload_piece, &c);
}

cudaError_t tf_gpu_upload(struct tf_gpu_context *gpu, const double *src, size_t ld, int rows,
			  int cols, double *dst, size_t dst_ld, cudaStream_t stream)
{
	return tf_gpu_upload_elements(gpu, src, sizeof(double), ld, rows, cols, dst, dst_ld, stream);
}

/* A download goes to staging, then, once every piece has arrived, to the
 * host: a failure part way leaves the host matrix as it was.  Pieces go
 * through the staging buffers in turn, so the whole region is copied to a
 * host buffer first when it does not fit them. */
/* Queues the copy of a piece into the next staging buffer. */
static cudaError_t into_staging(struct copy *c, const struct piece *p, char **buffer, int *slot)
{
	const size_t size = c->size, column_bytes = (size_t)p->rows * size;
	cudaError_t status = take_staging(c->gpu, buffer, slot);
	if (status != cudaSuccess)
		return status;
	const char *source = c->device + (p->row + (size_t)p->col * c->device_ld) * size;
	if ((status = tf_gpu_inject(TF_FAULT_TRANSFER)) != cudaSuccess)
		return status;
	return cudaMemcpyAsync(*buffer, source, column_bytes * p->cols, cudaMemcpyDeviceToHost, c->stream);
}

static cudaError_t download_piece(const struct piece *p, void *context)
{
	struct copy *c = context;
	const size_t size = c->size, column_bytes = (size_t)p->rows * size;
	char *buffer;
	int slot;
	cudaError_t status;
	if ((status = into_staging(c, p, &buffer, &slot)) != cudaSuccess ||
	    (status = cudaStreamSynchronize(c->stream)) != cudaSuccess)
		return status;
	tf_gpu_host_copy_columns(c->gpu, c->host + (p->row + (size_t)p->col * c->ld) * size, c->ld * size,
				 buffer, column_bytes, column_bytes, p->cols);
	return cudaEventRecord(c->gpu->staging_free[slot], c->stream);
}

cudaError_t tf_gpu_download_elements(struct tf_gpu_context *gpu, const void *src, size_t size,
				     int rows, int cols, void *dst, size_t ld, cudaStream_t stream)
{
	const size_t column_bytes = (size_t)rows * size, bytes = column_bytes * cols;
	if (bytes <= gpu->staging_bytes) {
		struct copy c = { gpu, size, dst, ld, (char *)src, (size_t)rows, stream };
		return for_each_piece(gpu->staging_bytes, size, rows, cols, download_piece, &c);
	}
	/* Larger than one staging buffer: gather everything on the host first. */
	char *whole = malloc(bytes);
	if (!whole)
		return cudaErrorMemoryAllocation;
	struct copy c = { gpu, size, whole, (size_t)rows, (char *)src, (size_t)rows, stream };
	cudaError_t status = for_each_piece(gpu->staging_bytes, size, rows, cols, download_piece, &c);
	if (status == cudaSuccess)
		tf_gpu_host_copy_columns(gpu, dst, ld * size, whole, column_bytes, column_bytes, cols);
	free(whole);
	return status;
}

/* A streamed download: each piece is copied out of staging while the next
 * one travels; `pending` is the piece in staging not yet copied out. */
struct stream_copy {
	struct copy copy;
	struct piece pending;
	int pending_slot; /* -1: none */
};

static cudaError_t copy_out(struct stream_copy *s)
{
	struct copy *c = &s->copy;
	const struct piece *p = &s->pending;
	const size_t size = c->size, column_bytes = (size_t)p->rows * size;
	cudaError_t status = cudaEventSynchronize(c->gpu->staging_full[s->pending_slot]);
	if (status != cudaSuccess)
		return status;
	const int slot = s->pending_slot;
	const char *buffer = c->gpu->staging[slot];
	tf_gpu_host_copy_columns(c->gpu, c->host + (p->row + (size_t)p->col * c->ld) * size, c->ld * size,
				 buffer, column_bytes, column_bytes, p->cols);
	s->pending_slot = -1;
	return cudaEventRecord(c->gpu->staging_free[slot], c->stream);
}

static cudaError_t stream_piece(const struct piece *p, void *context)
{
	struct stream_copy *s = context;
	struct copy *c = &s->copy;
	char *buffer;
	int slot;
	cudaError_t status;
	if ((status = into_staging(c, p, &buffer, &slot)) != cudaSuccess ||
	    (status = cudaEventRecord(c->gpu->staging_full[slot], c->stream)) != cudaSuccess)
		return status;
	if (s->pending_slot >= 0 && (status = copy_out(s)) != cudaSuccess)
		return status;
	s->pending = *p;
	s->pending_slot = slot;
	return cudaSuccess;
}

cudaError_t tf_gpu_download_streamed(struct tf_gpu_context *gpu, const void *src, size_t size,
				     int rows, int cols, void *dst, size_t ld, cudaStream_t stream)
{
	struct stream_copy s = { { gpu, size, dst, ld, (char *)src, (size_t)rows, stream }, { 0, 0, 0, 0 }, -1 };
	cudaError_t status = for_each_piece(gpu->staging_bytes, size, rows, cols, stream_piece, &s);
	if (status == cudaSuccess && s.pending_slot >= 0)
		status = copy_out(&s);
	return status;
}

cudaError_t tf_gpu_download(struct tf_gpu_context *gpu, const double *src, int rows, int cols,
			    double *dst, size_t ld, cudaStream_t stream)
{
	return tf_gpu_download_elements(gpu, src, sizeof(double), rows, cols, dst, ld, stream);
}

enum tf_gpu_place tf_gpu_place_of(const void *p)
{
	struct cudaPointerAttributes attributes;
	if (cudaPointerGetAttributes(&attributes, p) != cudaSuccess) {
		cudaGetLastError(); /* an unknown host pointer is not an error to keep */
		return TF_PLACE_HOST;
	}
	switch (attributes.type) {
	case cudaMemoryTypeDevice: return TF_PLACE_DEVICE;
	case cudaMemoryTypeManaged: return TF_PLACE_MANAGED;
	default: return TF_PLACE_HOST;
	}
}

int tf_gpu_is_device_memory(const void *p)
{
	return tf_gpu_place_of(p) != TF_PLACE_HOST;
}
