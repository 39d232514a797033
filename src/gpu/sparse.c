/* The sparse half on the GPU (gpu/sparse.h).
 *
 * A matrix's arrays in device or managed memory are used in place; a host
 * matrix is copied once to device memory owned by the matrix (a->gpu) and
 * kept for later calls.  ILU(0) factors get a schedule for the
 * synchronisation-free triangular solve (gpu/sparse_schedule.h: their rows
 * by level, the entries in that order, the diagonal apart), built on the
 * host from the factors' host arrays at their first GPU use and kept in
 * the factor's gpu.
 *
 * SpMV vectors in host memory go through the scratch arena and the pinned
 * staging buffers, as the typed API's do; a host y is written only when
 * everything before succeeded.
 *
 * The Krylov engine holds its work vectors in device memory of its own, in
 * the working precision, DD as hi[] and lo[] apart.  Every operation runs
 * on the context's stream under the GPU's lock; those that return a scalar
 * wait for it, the others are only queued (a failure of theirs is reported
 * by the next one that waits). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include "core/message.h"
#include "gpu/context.h"
#include "gpu/sparse.h"
#include "gpu/sparse_schedule.h"
#include "gpu/transfer.h"
#include "kernels/sparse.h"
#include "op/routines.h"

#define ALIGN 256

static size_t aligned(size_t bytes)
{
	return (bytes + ALIGN - 1) / ALIGN * ALIGN;
}

struct tf_gpu_memory tf_gpu_arrays_memory(const void *const *arrays, int count)
{
	struct tf_gpu_memory memory = { 0, 1 };
	if (!tf_gpu_usable())
		return memory;
	memory.resident = 1;
	for (int i = 0; i < count; i++) {
		if (!arrays[i])
			continue;
		enum tf_gpu_place place = tf_gpu_place_of(arrays[i]);
		memory.resident &= place != TF_PLACE_HOST;
		memory.host_readable &= place != TF_PLACE_DEVICE;
	}
	return memory;
}

int tf_gpu_fetch(void *host, const void *device, size_t bytes)
{
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return -1;
	cudaStream_t stream = gpu->streams[1];
	cudaError_t status = tf_gpu_inject(TF_FAULT_TRANSFER);
	if (status == cudaSuccess)
		status = cudaMemcpyAsync(host, device, bytes, cudaMemcpyDeviceToHost, stream);
	if (status == cudaSuccess)
		status = cudaStreamSynchronize(stream);
	if (status != cudaSuccess) {
		cudaStreamSynchronize(stream);
		cudaGetLastError();
		tf_gpu_failed("copy of a sparse matrix to the host", TF_FAULT_TRANSFER, status);
	}
	tf_gpu_release(gpu);
	return status == cudaSuccess ? 0 : -1;
}

/* ------------------------------------------------------------------------
 * A matrix's GPU state.
 * ---------------------------------------------------------------------- */

/* A triangular factor's schedule on the device. */
struct schedule {
	struct tf_sptrsv_device device;
	void *block;
};

struct gpu_matrix {
	void *copy;                  /* the host arrays' copy, or NULL */
	struct tf_sparse_device_csr csr;
	int have_csr;
	struct schedule *schedule;   /* for a triangular factor, or NULL */
};

static struct gpu_matrix *state_of(const struct tf_sparse_matrix *a)
{
	struct tf_sparse_matrix *m = (struct tf_sparse_matrix *)a;
	if (!m->gpu)
		m->gpu = calloc(1, sizeof(struct gpu_matrix));
	return m->gpu;
}

/* The matrix on the device: the caller's device arrays, or the copy of the
 * host arrays, made now if need be. */
static cudaError_t device_csr(struct tf_gpu_context *gpu, const struct tf_sparse_matrix *a,
			      struct tf_sparse_device_csr *csr, enum tf_gpu_fault *fault)
{
	const struct tf_csr_arrays *h = &a->host;
	*fault = TF_FAULT_ALLOC;
	if (a->device.row_ptr) {
		*csr = (struct tf_sparse_device_csr){ h->rows, h->cols, h->base, h->nnz, a->device.row_ptr,
						      a->device.col_idx, a->device.values };
		return cudaSuccess;
	}
	struct gpu_matrix *state = state_of(a);
	if (!state)
		return cudaErrorMemoryAllocation;
	if (state->have_csr) {
		*csr = state->csr;
		return cudaSuccess;
	}
	const size_t entries = (size_t)h->nnz, pointers = (size_t)h->rows + 1;
	const size_t bytes = aligned(entries * sizeof(double)) + aligned(entries * sizeof(int)) +
			     aligned(pointers * sizeof(int));
	char *block = NULL;
	cudaError_t status = tf_gpu_inject(TF_FAULT_ALLOC);
	if (status == cudaSuccess)
		status = cudaMalloc((void **)&block, bytes);
	if (status != cudaSuccess)
		return status;
	double *values = (double *)(void *)block;
	int *col_idx = (int *)(void *)(block + aligned(entries * sizeof(double)));
	int *row_ptr = (int *)(void *)((char *)col_idx + aligned(entries * sizeof(int)));
	cudaStream_t stream = gpu->streams[1];
	*fault = TF_FAULT_TRANSFER;
	status = tf_gpu_upload_elements(gpu, h->row_ptr, sizeof(int), pointers, (int)pointers, 1, row_ptr,
					pointers, stream);
	if (status == cudaSuccess && entries)
		status = tf_gpu_upload_elements(gpu, h->col_idx, sizeof(int), entries, (int)entries, 1,
						col_idx, entries, stream);
	if (status == cudaSuccess && entries)
		status = tf_gpu_upload_elements(gpu, h->values, sizeof(double), entries, (int)entries, 1,
						values, entries, stream);
	if (status == cudaSuccess)
		status = cudaStreamSynchronize(stream);
	if (status != cudaSuccess) {
		cudaStreamSynchronize(stream);
		cudaFree(block);
		return status;
	}
	state->copy = block;
	state->csr = (struct tf_sparse_device_csr){ h->rows, h->cols, h->base, h->nnz, row_ptr, col_idx, values };
	state->have_csr = 1;
	*csr = state->csr;
	return cudaSuccess;
}

/* The schedule of a factor (gpu/sparse_schedule.h), built and copied to
 * the device now if need be. */
static cudaError_t factor_schedule(const struct tf_sparse_matrix *factor, int upper, struct schedule **out,
				   enum tf_gpu_fault *fault)
{
	*fault = TF_FAULT_ALLOC;
	struct gpu_matrix *state = state_of(factor);
	if (!state)
		return cudaErrorMemoryAllocation;
	if (state->schedule) {
		*out = state->schedule;
		return cudaSuccess;
	}
	struct tf_sptrsv_layout layout;
	struct schedule *s = calloc(1, sizeof *s);
	void *host = s ? tf_sptrsv_schedule(&factor->host, upper, &layout) : NULL;
	if (!host) {
		free(s);
		return cudaErrorMemoryAllocation;
	}
	cudaError_t status = tf_gpu_inject(TF_FAULT_ALLOC);
	if (status == cudaSuccess)
		status = cudaMalloc(&s->block, layout.bytes);
	if (status == cudaSuccess) {
		*fault = TF_FAULT_TRANSFER;
		status = tf_gpu_inject(TF_FAULT_TRANSFER);
		if (status == cudaSuccess)
			status = cudaMemcpy(s->block, host, layout.bytes, cudaMemcpyHostToDevice);
		if (status != cudaSuccess)
			cudaFree(s->block);
	}
	free(host);
	if (status != cudaSuccess) {
		free(s);
		return status;
	}
	s->device = tf_sptrsv_at(&layout, s->block);
	state->schedule = s;
	*out = s;
	return cudaSuccess;
}

void tf_gpu_sparse_forget(struct tf_sparse_matrix *a)
{
	struct gpu_matrix *state = a->gpu;
	if (!state)
		return;
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (gpu) {
		if (state->copy)
			cudaFree(state->copy);
		if (state->schedule)
			cudaFree(state->schedule->block);
		tf_gpu_release(gpu);
	}
	free(state->schedule);
	free(state);
	a->gpu = NULL;
}

/* ------------------------------------------------------------------------
 * SpMV.
 * ---------------------------------------------------------------------- */

/* One of the op's four arrays (x.hi, x.lo, y.hi, y.lo). */
struct vector_part {
	void *host;
	size_t size, n;
	int read, written;
	void *device;
	int copied;
};

static void vector_parts(const struct tf_spmv_op *op, struct vector_part part[4])
{
	static const size_t hi_size[] = { sizeof(double), sizeof(tf_dd), sizeof(double), sizeof(double) };
	static const size_t lo_size[] = { 0, 0, sizeof(float), sizeof(int32_t) };
	const int product = !(op->alpha.hi == 0.0 && op->alpha.lo == 0.0) && op->a->host.nnz > 0;
	const int read_y = !(op->beta.hi == 0.0 && op->beta.lo == 0.0);
	const size_t cols = (size_t)op->a->host.cols, rows = (size_t)op->a->host.rows;
	const int v = op->vector;
	part[0] = (struct vector_part){ op->x.hi, hi_size[v], cols, product, 0, op->x.hi, 0 };
	part[1] = (struct vector_part){ op->x.lo, lo_size[v], cols, product && lo_size[v], 0, op->x.lo, 0 };
	part[2] = (struct vector_part){ op->y.hi, hi_size[v], rows, read_y, 1, op->y.hi, 0 };
	part[3] = (struct vector_part){ op->y.lo, lo_size[v], rows, read_y && lo_size[v], lo_size[v] > 0,
					op->y.lo, 0 };
}

static cudaError_t spmv_run(struct tf_gpu_context *gpu, const struct tf_spmv_op *op,
			    struct vector_part part[4], enum tf_gpu_fault *fault, int *in_place_lost)
{
	cudaStream_t stream = gpu->streams[1];
	struct tf_sparse_device_csr csr = { op->a->host.rows, op->a->host.cols, op->a->host.base,
					    op->a->host.nnz, NULL, NULL, NULL };
	cudaError_t status;
	if (part[0].read && (status = device_csr(gpu, op->a, &csr, fault)) != cudaSuccess)
		return status;
	size_t bytes = 0;
	for (int i = 0; i < 4; i++) {
		struct vector_part *p = &part[i];
		p->copied = (p->read || p->written) && p->size && tf_gpu_place_of(p->host) == TF_PLACE_HOST;
		if (p->copied)
			bytes += aligned(p->n * p->size);
	}
	*fault = TF_FAULT_ALLOC;
	if (bytes > gpu->memory_budget)
		return cudaErrorMemoryAllocation;
	char *next = bytes ? tf_gpu_scratch(gpu, bytes) : NULL;
	if (bytes && !next)
		return cudaErrorMemoryAllocation;
	*fault = TF_FAULT_TRANSFER;
	for (int i = 0; i < 4; i++) {
		struct vector_part *p = &part[i];
		if (!p->copied)
			continue;
		p->device = next;
		next += aligned(p->n * p->size);
		if (p->read && p->n &&
		    (status = tf_gpu_upload_elements(gpu, p->host, p->size, p->n, (int)p->n, 1, p->device,
						     p->n, stream)) != cudaSuccess)
			return status;
	}
	*fault = TF_FAULT_LAUNCH;
	if ((status = tf_gpu_inject(TF_FAULT_LAUNCH)) != cudaSuccess)
		return status;
	struct tf_array x = { part[0].device, part[1].device }, y = { part[2].device, part[3].device };
	if ((status = tf_kernel_spmv(&csr, 0, op->vector, op->alpha, op->beta, x, y, stream)) != cudaSuccess ||
	    (status = cudaStreamSynchronize(stream)) != cudaSuccess) {
		*in_place_lost = !part[2].copied;
		return status;
	}
	/* y's lo words to a host buffer first, so that a failure changes
	 * neither array. */
	*fault = TF_FAULT_TRANSFER;
	void *held = NULL;
	if (part[3].written && part[3].copied) {
		if (!(held = malloc(part[3].n * part[3].size)))
			return cudaErrorMemoryAllocation;
		status = tf_gpu_download_elements(gpu, part[3].device, part[3].size, (int)part[3].n, 1, held,
						  part[3].n, stream);
	}
	if (status == cudaSuccess && part[2].copied)
		status = tf_gpu_download_elements(gpu, part[2].device, part[2].size, (int)part[2].n, 1,
						  part[2].host, part[2].n, stream);
	if (status == cudaSuccess && held)
		memcpy(part[3].host, held, part[3].n * part[3].size);
	free(held);
	return status;
}

int tf_gpu_spmv(const struct tf_spmv_op *op)
{
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return -1;
	struct vector_part part[4];
	vector_parts(op, part);
	enum tf_gpu_fault fault = TF_FAULT_ALLOC;
	int in_place_lost = 0;
	cudaError_t status = op->a->host.rows > 0 ? spmv_run(gpu, op, part, &fault, &in_place_lost)
						  : cudaSuccess;
	return tf_gpu_finish(gpu, tf_routine_name(op->routine), fault, status, in_place_lost);
}

/* ------------------------------------------------------------------------
 * The Krylov engine.
 * ---------------------------------------------------------------------- */

struct engine {
	int n, dd;
	size_t element;                        /* bytes of the caller's element */
	struct tf_sparse_device_csr a;
	int threads;                           /* a row's */
	struct schedule *lower, *upper;        /* NULL: no preconditioner */
	struct tf_work_vector v[TF_KV_COUNT];
	struct tf_work_vector temp, temp2;     /* the solves' vectors (DD: as pairs);
						  temp also stages the caller's b and x */
	tf_dd *partials, *result;              /* device */
	tf_dd *host_result;                    /* pinned */
	void *block;
	void *x;                               /* the caller's */
	const char *name;
};

static const char *engine_name(int dd)
{
	return dd ? "DD sparse solver" : "double sparse solver";
}

/* Ends an operation: waits for the scalar when there is one, reports a
 * failure, releases the GPU. */
static int engine_done(struct engine *e, struct tf_gpu_context *gpu, cudaError_t status, tf_dd *result)
{
	cudaStream_t stream = gpu->streams[1];
	if (status == cudaSuccess && result)
		status = cudaMemcpyAsync(e->host_result, e->result, sizeof(tf_dd), cudaMemcpyDeviceToHost, stream);
	if (status == cudaSuccess && result)
		status = cudaStreamSynchronize(stream);
	if (status != cudaSuccess) {
		cudaStreamSynchronize(stream);
		cudaGetLastError();
		tf_gpu_failed(e->name, TF_FAULT_LAUNCH, status);
	} else if (result)
		*result = *e->host_result;
	tf_gpu_release(gpu);
	return status == cudaSuccess ? 0 : -1;
}

static struct tf_gpu_context *engine_gpu(struct engine *e)
{
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		tf_message("GPU %s: the GPU can no longer be used", e->name);
	return gpu;
}

static int engine_spmv(void *self, int out, int in)
{
	struct engine *e = self;
	struct tf_gpu_context *gpu = engine_gpu(e);
	if (!gpu)
		return -1;
	cudaError_t status = tf_gpu_inject(TF_FAULT_LAUNCH);
	if (status == cudaSuccess)
		status = tf_kernel_work_spmv(&e->a, e->threads, e->v[in], e->v[out], NULL, e->partials, NULL,
					     gpu->streams[1]);
	return engine_done(e, gpu, status, NULL);
}

static int engine_spmv_dot(void *self, int out, int in, tf_dd *dot)
{
	struct engine *e = self;
	struct tf_gpu_context *gpu = engine_gpu(e);
	if (!gpu)
		return -1;
	cudaError_t status = tf_gpu_inject(TF_FAULT_LAUNCH);
	if (status == cudaSuccess)
		status = tf_kernel_work_spmv(&e->a, e->threads, e->v[in], e->v[out], NULL, e->partials,
					     e->result, gpu->streams[1]);
	return engine_done(e, gpu, status, dot);
}

static int engine_dot(void *self, int u, int v, tf_dd *dot)
{
	struct engine *e = self;
	struct tf_gpu_context *gpu = engine_gpu(e);
	if (!gpu)
		return -1;
	cudaError_t status = tf_gpu_inject(TF_FAULT_LAUNCH);
	if (status == cudaSuccess)
		status = tf_kernel_work_dot(e->n, e->v[u], e->v[v], e->partials, e->result, gpu->streams[1]);
	return engine_done(e, gpu, status, dot);
}

static int engine_axpby(void *self, int y, tf_dd alpha, int x, tf_dd beta)
{
	struct engine *e = self;
	struct tf_gpu_context *gpu = engine_gpu(e);
	if (!gpu)
		return -1;
	if (!e->dd) {
		alpha.lo = 0.0;
		beta.lo = 0.0;
	}
	cudaError_t status = tf_gpu_inject(TF_FAULT_LAUNCH);
	if (status == cudaSuccess)
		status = tf_kernel_work_axpby(e->n, e->v[y], alpha, e->v[x], beta, gpu->streams[1]);
	return engine_done(e, gpu, status, NULL);
}

static int engine_cg_update(void *self, tf_dd alpha, tf_dd *rr)
{
	struct engine *e = self;
	struct tf_gpu_context *gpu = engine_gpu(e);
	if (!gpu)
		return -1;
	if (!e->dd)
		alpha.lo = 0.0;
	cudaError_t status = tf_gpu_inject(TF_FAULT_LAUNCH);
	if (status == cudaSuccess)
		status = tf_kernel_work_cg_update(e->n, e->v[TF_KV_X], e->v[TF_KV_P], e->v[TF_KV_R],
						  e->v[TF_KV_Q], alpha, e->partials, e->result,
						  gpu->streams[1]);
	return engine_done(e, gpu, status, rr);
}

static int engine_precond(void *self, int out, int in)
{
	struct engine *e = self;
	struct tf_gpu_context *gpu = engine_gpu(e);
	if (!gpu)
		return -1;
	cudaStream_t stream = gpu->streams[1];
	cudaError_t status = tf_gpu_inject(TF_FAULT_LAUNCH);
	if (status == cudaSuccess && !e->lower) {
		if (out != in)
			status = tf_kernel_work_copy(e->n, e->v[out], e->v[in], stream);
	} else if (status == cudaSuccess && e->dd) {
		/* The solves read and write pairs (hi, lo): in to pairs in
		 * temp2, L^-1 into temp, U^-1 into temp2, then to out. */
		double *a = e->temp2.hi, *b = e->temp.hi;
		if ((status = tf_kernel_work_to_pairs(e->n, e->v[in], a, stream)) == cudaSuccess &&
		    (status = tf_kernel_sptrsv(&e->lower->device, 0, 1, a, b, stream)) == cudaSuccess &&
		    (status = tf_kernel_sptrsv(&e->upper->device, 0, 1, b, a, stream)) == cudaSuccess)
			status = tf_kernel_work_from_pairs(e->n, a, e->v[out], stream);
	} else if (status == cudaSuccess) {
		status = tf_kernel_sptrsv(&e->lower->device, 0, 0, e->v[in].hi, e->temp.hi, stream);
		if (status == cudaSuccess)
			status = tf_kernel_sptrsv(&e->upper->device, 0, 0, e->temp.hi, e->v[out].hi, stream);
	}
	return engine_done(e, gpu, status, NULL);
}

static int engine_residual(void *self)
{
	struct engine *e = self;
	struct tf_gpu_context *gpu = engine_gpu(e);
	if (!gpu)
		return -1;
	cudaError_t status = tf_gpu_inject(TF_FAULT_LAUNCH);
	if (status == cudaSuccess)
		status = tf_kernel_work_spmv(&e->a, e->threads, e->v[TF_KV_X], e->v[TF_KV_R], &e->v[TF_KV_B],
					     e->partials, NULL, gpu->streams[1]);
	return engine_done(e, gpu, status, NULL);
}

/* B holds the caller's b exactly (double for a double solve, DD for a DD
 * one), and a double solve's X is already what the caller will see. */
static int engine_true_residual(void *self, tf_dd *norm2)
{
	struct engine *e = self;
	struct tf_gpu_context *gpu = engine_gpu(e);
	if (!gpu)
		return -1;
	cudaError_t status = tf_gpu_inject(TF_FAULT_LAUNCH);
	if (status == cudaSuccess)
		status = tf_kernel_work_true_residual(&e->a, e->threads, e->v[TF_KV_X], e->v[TF_KV_B],
						      e->partials, e->result, gpu->streams[1]);
	return engine_done(e, gpu, status, norm2);
}

static int engine_finish(void *self)
{
	struct engine *e = self;
	struct tf_gpu_context *gpu = engine_gpu(e);
	if (!gpu)
		return -1;
	cudaStream_t stream = gpu->streams[1];
	cudaError_t status = tf_gpu_inject(TF_FAULT_LAUNCH);
	enum tf_gpu_fault fault = TF_FAULT_LAUNCH;
	const int in_place = tf_gpu_place_of(e->x) != TF_PLACE_HOST;
	if (status == cudaSuccess)
		status = tf_kernel_work_export(e->n, in_place ? e->x : e->temp.hi, e->v[TF_KV_X], stream);
	if (status == cudaSuccess)
		status = cudaStreamSynchronize(stream);
	if (status == cudaSuccess && !in_place) {
		fault = TF_FAULT_TRANSFER;
		status = tf_gpu_download_elements(gpu, e->temp.hi, e->element, e->n, 1, e->x, (size_t)e->n,
						  stream);
	}
	if (status != cudaSuccess) {
		cudaStreamSynchronize(stream);
		cudaGetLastError();
		tf_gpu_failed(e->name, fault, status);
	}
	tf_gpu_release(gpu);
	return status == cudaSuccess ? 0 : -1;
}

static void engine_destroy(void *self)
{
	struct engine *e = self;
	if (!e)
		return;
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (gpu) {
		cudaStreamSynchronize(gpu->streams[1]);
		cudaGetLastError();
		cudaFree(e->block);
		cudaFreeHost(e->host_result);
		tf_gpu_release(gpu);
	}
	free(e);
}

/* The caller's vector (host, managed or device) into a work vector. */
static cudaError_t import_vector(struct tf_gpu_context *gpu, struct engine *e, struct tf_work_vector dst,
				 const void *src, enum tf_gpu_fault *fault)
{
	cudaStream_t stream = gpu->streams[1];
	cudaError_t status;
	if (tf_gpu_place_of(src) == TF_PLACE_HOST) {
		*fault = TF_FAULT_TRANSFER;
		if ((status = tf_gpu_upload_elements(gpu, src, e->element, (size_t)e->n, e->n, 1, e->temp.hi,
						     (size_t)e->n, stream)) != cudaSuccess)
			return status;
		src = e->temp.hi;
	}
	*fault = TF_FAULT_LAUNCH;
	if ((status = tf_gpu_inject(TF_FAULT_LAUNCH)) != cudaSuccess)
		return status;
	return tf_kernel_work_import(e->n, dst, src, stream);
}

static cudaError_t engine_setup(struct tf_gpu_context *gpu, const struct tf_krylov_setup *setup,
				struct engine *e, enum tf_gpu_fault *fault)
{
	cudaError_t status;
	if ((status = device_csr(gpu, setup->a, &e->a, fault)) != cudaSuccess)
		return status;
	e->threads = tf_kernel_spmv_threads(e->a.rows, e->a.nnz);
	if (setup->ilu &&
	    ((status = factor_schedule(&setup->ilu->lower, 0, &e->lower, fault)) != cudaSuccess ||
	     (status = factor_schedule(&setup->ilu->upper, 1, &e->upper, fault)) != cudaSuccess))
		return status;
	/* TF_KV_COUNT vectors, temp and temp2, each hi[n] then (DD) lo[n]:
	 * their 2n doubles in a row also hold n pairs, or n of the caller's
	 * tf_dd. */
	const size_t words = aligned((size_t)e->n * sizeof(double) * (e->dd ? 2 : 1));
	const size_t bytes = (TF_KV_COUNT + 2) * words + aligned(TF_SPARSE_PARTIALS * sizeof(tf_dd)) + ALIGN;
	*fault = TF_FAULT_ALLOC;
	if (bytes > gpu->memory_budget)
		return cudaErrorMemoryAllocation;
	if ((status = tf_gpu_inject(TF_FAULT_ALLOC)) != cudaSuccess ||
	    (status = cudaMalloc(&e->block, bytes)) != cudaSuccess ||
	    (status = cudaMallocHost((void **)&e->host_result, sizeof(tf_dd))) != cudaSuccess)
		return status;
	char *next = e->block;
	for (int k = 0; k < TF_KV_COUNT + 2; k++) {
		struct tf_work_vector *v = k < TF_KV_COUNT ? &e->v[k] : k == TF_KV_COUNT ? &e->temp : &e->temp2;
		v->hi = (double *)(void *)next;
		v->lo = e->dd ? v->hi + e->n : NULL;
		next += words;
	}
	e->partials = (tf_dd *)(void *)next;
	next += aligned(TF_SPARSE_PARTIALS * sizeof(tf_dd));
	e->result = (tf_dd *)(void *)next;
	if ((status = import_vector(gpu, e, e->v[TF_KV_B], setup->b, fault)) != cudaSuccess ||
	    (status = import_vector(gpu, e, e->v[TF_KV_X], setup->x, fault)) != cudaSuccess)
		return status;
	*fault = TF_FAULT_LAUNCH;
	return cudaStreamSynchronize(gpu->streams[1]);
}

int tf_gpu_krylov_engine(const struct tf_krylov_setup *setup, struct tf_krylov_engine *engine)
{
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return -1;
	struct engine *e = calloc(1, sizeof *e);
	if (!e) {
		tf_gpu_release(gpu);
		return -1;
	}
	e->n = setup->n;
	e->dd = setup->precision == TF_KRYLOV_DD;
	e->element = e->dd ? sizeof(tf_dd) : sizeof(double);
	e->x = setup->x;
	e->name = engine_name(e->dd);
	enum tf_gpu_fault fault = TF_FAULT_ALLOC;
	cudaError_t status = engine_setup(gpu, setup, e, &fault);
	if (status != cudaSuccess) {
		cudaStreamSynchronize(gpu->streams[1]);
		cudaGetLastError();
		tf_gpu_failed(e->name, fault, status);
		cudaFree(e->block);
		cudaFreeHost(e->host_result);
		free(e);
		tf_gpu_release(gpu);
		return -1;
	}
	tf_gpu_release(gpu);
	*engine = (struct tf_krylov_engine){
		e, engine_spmv, engine_spmv_dot, engine_dot, engine_axpby, engine_cg_update, engine_precond,
		engine_residual, engine_true_residual, engine_finish, engine_destroy,
	};
	return 0;
}
