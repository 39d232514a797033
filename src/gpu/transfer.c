#include "config.h"

#include <stdlib.h>
#include <string.h>
#include "gpu/transfer.h"

/* A piece: columns [col, col + cols) and rows [row, row + rows) of the
 * region, small enough for one staging buffer. */
struct piece {
	int row, rows, col, cols;
};

/* The pieces of a rows x cols region: whole columns when one fits, else
 * column segments.  Calls step(piece) in order; stops at the first error. */
static cudaError_t for_each_piece(size_t staging_bytes, int rows, int cols,
				  cudaError_t (*step)(const struct piece *, void *), void *context)
{
	size_t column_bytes = (size_t)rows * sizeof(double);
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
	int per_piece = (int)(staging_bytes / sizeof(double));
	for (int col = 0; col < cols; col++)
		for (int row = 0; row < rows; row += per_piece) {
			struct piece p = { row, rows - row < per_piece ? rows - row : per_piece, col, 1 };
			cudaError_t status = step(&p, context);
			if (status != cudaSuccess)
				return status;
		}
	return cudaSuccess;
}

struct copy {
	struct tf_gpu_context *gpu;
	double *host;
	size_t ld;
	double *device;
	size_t device_ld;
	cudaStream_t stream;
};

/* The next staging buffer, once the last copy out of it is done. */
static cudaError_t take_staging(struct tf_gpu_context *gpu, double **buffer, int *slot)
{
	*slot = gpu->next_staging;
	gpu->next_staging = (gpu->next_staging + 1) % TF_GPU_STREAMS;
	*buffer = gpu->staging[*slot];
	return cudaEventSynchronize(gpu->staging_free[*slot]);
}

static cudaError_t upload_piece(const struct piece *p, void *context)
{
	struct copy *c = context;
	double *buffer;
	int slot;
	cudaError_t status = take_staging(c->gpu, &buffer, &slot);
	if (status != cudaSuccess)
		return status;
	for (int j = 0; j < p->cols; j++)
		memcpy(buffer + (size_t)j * p->rows, c->host + p->row + (size_t)(p->col + j) * c->ld,
		       (size_t)p->rows * sizeof(double));
	double *target = c->device + p->row + (size_t)p->col * c->device_ld;
	if ((status = tf_gpu_inject(TF_FAULT_TRANSFER)) != cudaSuccess)
		return status;
	status = cudaMemcpy2DAsync(target, c->device_ld * sizeof(double), buffer,
				   (size_t)p->rows * sizeof(double), (size_t)p->rows * sizeof(double),
				   (size_t)p->cols, cudaMemcpyHostToDevice, c->stream);
	if (status != cudaSuccess)
		return status;
	return cudaEventRecord(c->gpu->staging_free[slot], c->stream);
}

cudaError_t tf_gpu_upload(struct tf_gpu_context *gpu, const double *src, size_t ld, int rows,
			  int cols, double *dst, size_t dst_ld, cudaStream_t stream)
{
	struct copy c = { gpu, (double *)src, ld, dst, dst_ld, stream };
	return for_each_piece(gpu->staging_bytes, rows, cols, upload_piece, &c);
}

/* A download goes to staging, then, once every piece has arrived, to the
 * host: a failure part way leaves the host matrix as it was.  Pieces go
 * through the staging buffers in turn, so the whole region is copied to a
 * host buffer first when it does not fit them. */
static cudaError_t download_piece(const struct piece *p, void *context)
{
	struct copy *c = context;
	double *buffer;
	int slot;
	cudaError_t status = take_staging(c->gpu, &buffer, &slot);
	if (status != cudaSuccess)
		return status;
	const double *source = c->device + p->row + (size_t)p->col * c->device_ld;
	size_t bytes = (size_t)p->rows * p->cols * sizeof(double);
	if ((status = tf_gpu_inject(TF_FAULT_TRANSFER)) != cudaSuccess ||
	    (status = cudaMemcpyAsync(buffer, source, bytes, cudaMemcpyDeviceToHost, c->stream)) !=
		    cudaSuccess ||
	    (status = cudaStreamSynchronize(c->stream)) != cudaSuccess)
		return status;
	for (int j = 0; j < p->cols; j++)
		memcpy(c->host + p->row + (size_t)(p->col + j) * c->ld, buffer + (size_t)j * p->rows,
		       (size_t)p->rows * sizeof(double));
	return cudaEventRecord(c->gpu->staging_free[slot], c->stream);
}

cudaError_t tf_gpu_download(struct tf_gpu_context *gpu, const double *src, int rows, int cols,
			    double *dst, size_t ld, cudaStream_t stream)
{
	size_t bytes = (size_t)rows * cols * sizeof(double);
	if (bytes <= gpu->staging_bytes) {
		struct copy c = { gpu, dst, ld, (double *)src, (size_t)rows, stream };
		return for_each_piece(gpu->staging_bytes, rows, cols, download_piece, &c);
	}
	/* Larger than one staging buffer: gather everything on the host first. */
	double *whole = malloc(bytes);
	if (!whole)
		return cudaErrorMemoryAllocation;
	struct copy c = { gpu, whole, (size_t)rows, (double *)src, (size_t)rows, stream };
	cudaError_t status = for_each_piece(gpu->staging_bytes, rows, cols, download_piece, &c);
	if (status == cudaSuccess)
		for (int j = 0; j < cols; j++)
			memcpy(dst + (size_t)j * ld, whole + (size_t)j * rows, (size_t)rows * sizeof(double));
	free(whole);
	return status;
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
