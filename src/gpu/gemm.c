/* GEMM on the GPU.
 *
 * Arrays in device or managed memory are read and written in place.  Host
 * arrays go through the pinned staging buffers, tile by tile: C is cut into
 * tiles of up to TILE x TILE, computed in row-major order, and the inner
 * dimension into chunks when a tile's panels would not fit the memory budget
 * (the DD sums then travel between chunks in device memory).  The next
 * tile's panels are uploaded on one stream while the current tile computes
 * on the other; op(A)'s row panel is uploaded once per row of tiles, and
 * op(B) once per call when it fits.  A tile reaches the host C only when it
 * is complete and finite: a failure, or an element the GPU cannot compute as
 * the reference does, leaves that tile and the following ones to `undone`.
 * In native mode cuBLAS does each chunk in plain double, and a fix-up kernel
 * gives non-finite results the reference's values. */
#include "config.h"

#include "gpu/cublas.h"
#include "gpu/gemm.h"
#include "gpu/transfer.h"
#include <limits.h>
#include <math.h>
#include "kernels/gemm.h"
#include "kernels/range.h"
#include "kernels/scale.h"

#define TILE 2048
#define MIN_TILE 64
#define MIN_CHUNK 256

struct tiling {
	int tm, tn, kc;           /* tile rows, tile columns, inner chunk */
	int tiles_m, tiles_n, chunks;
	int cache_b;              /* all of op(B) stays on the device */
	int a_device, b_device;   /* read in place */
	int native;               /* cuBLAS, which needs C's tile saved */
};

/* Device bytes a tiling needs. */
static size_t tiling_bytes(const struct tf_op *op, const struct tiling *t)
{
	size_t doubles = 2 * (size_t)t->tm * t->tn; /* C, two tiles */
	if (!t->a_device)
		doubles += 2 * (size_t)t->tm * t->kc;
	if (!t->b_device)
		doubles += t->cache_b ? (size_t)op->k * op->n : 2 * (size_t)t->kc * t->tn;
	if (t->chunks > 1)
		doubles += 2 * (size_t)t->tm * t->tn;
	if (t->native)
		doubles += (size_t)t->tm * t->tn;
	return doubles * sizeof(double) + 64;
}

static int ceil_div(int a, int b)
{
	return (a + b - 1) / b;
}

/* The largest tiles and chunks that fit the budget, or 0 if none does. */
static int choose_tiling(const struct tf_op *op, size_t budget, struct tiling *t)
{
	t->tm = op->m < TILE ? op->m : TILE;
	t->tn = op->n < TILE ? op->n : TILE;
	t->kc = op->k;
	for (;;) {
		t->tiles_m = ceil_div(op->m, t->tm);
		t->tiles_n = ceil_div(op->n, t->tn);
		t->chunks = ceil_div(op->k, t->kc);
		t->cache_b = 0;
		if (tiling_bytes(op, t) <= budget) {
			struct tiling cached = *t;
			cached.cache_b = t->chunks == 1 && !t->b_device;
			if (cached.cache_b && tiling_bytes(op, &cached) <= budget)
				*t = cached;
			return 1;
		}
		if (t->kc > MIN_CHUNK)
			t->kc = ceil_div(t->kc, 2);
		else if (t->tm >= t->tn && t->tm > MIN_TILE)
			t->tm = ceil_div(t->tm, 2);
		else if (t->tn > MIN_TILE)
			t->tn = ceil_div(t->tn, 2);
		else
			return 0;
	}
}

struct run {
	struct tf_gpu_context *gpu;
	const struct tf_op *op;
	const struct tf_cublas *cublas; /* native mode */
	struct tiling t;
	double *a_slot[2], *b_slot[2], *b_all, *c_slot[2], *sum_hi, *sum_lo, *c_saved;
	unsigned *nonfinite; /* two counters, one per C slot */
	cudaEvent_t a_used[2], b_used[2], ready, computed[2];
	int step;
	cudaStream_t copy, compute;
};

/* op(A) rows i0.. (tm), inner l0.. (kc): where the kernel reads them, and
 * its leading dimension; uploads them first unless A is on the device. */
static cudaError_t a_chunk(struct run *r, int i0, int tm, int l0, int kc, int slot, int upload,
			   const double **a, int *lda)
{
	const struct tf_op *op = r->op;
	int rows = op->transa == 'N' ? tm : kc, cols = op->transa == 'N' ? kc : tm;
	const double *host = op->transa == 'N' ? op->a + i0 + (size_t)l0 * op->lda
					       : op->a + l0 + (size_t)i0 * op->lda;
	if (r->t.a_device) {
		*a = host;
		*lda = op->lda;
		return cudaSuccess;
	}
	*a = r->a_slot[slot];
	*lda = rows;
	if (!upload)
		return cudaSuccess;
	cudaError_t status = cudaStreamWaitEvent(r->copy, r->a_used[slot], 0);
	if (status == cudaSuccess)
		status = tf_gpu_upload(r->gpu, host, op->lda, rows, cols, r->a_slot[slot], rows, r->copy);
	return status;
}

static cudaError_t b_chunk(struct run *r, int l0, int kc, int j0, int tn, int slot, int upload,
			   const double **b, int *ldb)
{
	const struct tf_op *op = r->op;
	int rows = op->transb == 'N' ? kc : tn, cols = op->transb == 'N' ? tn : kc;
	size_t offset = op->transb == 'N' ? l0 + (size_t)j0 * op->ldb : j0 + (size_t)l0 * op->ldb;
	if (r->t.b_device) {
		*b = op->b + offset;
		*ldb = op->ldb;
		return cudaSuccess;
	}
	if (r->t.cache_b) {
		/* all of op(B), stored as B is: k x n ('N') or n x k ('T') */
		int full_ld = op->transb == 'N' ? op->k : op->n;
		size_t at = op->transb == 'N' ? (size_t)j0 * full_ld : (size_t)j0;
		*b = r->b_all + at;
		*ldb = full_ld;
		if (!upload)
			return cudaSuccess;
		return tf_gpu_upload(r->gpu, op->b + offset, op->ldb, rows, cols, r->b_all + at, full_ld,
				     r->copy);
	}
	*b = r->b_slot[slot];
	*ldb = rows;
	cudaError_t status = cudaStreamWaitEvent(r->copy, r->b_used[slot], 0);
	if (status == cudaSuccess)
		status = tf_gpu_upload(r->gpu, op->b + offset, op->ldb, rows, cols, r->b_slot[slot], rows,
				       r->copy);
	return status;
}

/* One chunk in plain double with cuBLAS (native mode): the first chunk
 * applies beta, the others add to C; the last makes the non-finite results
 * the reference's (from C saved before the first), as the DD kernel's
 * epilogue does. */
static cudaError_t native_step(struct run *r, const struct tf_gemm_args *args, int first)
{
	const struct tf_cublas *cublas = r->cublas;
	cudaError_t status;
	if (first && args->beta != 0.0 &&
	    (status = cudaMemcpyAsync(r->c_saved, args->c, (size_t)args->m * args->n * sizeof(double),
				      cudaMemcpyDeviceToDevice, r->compute)) != cudaSuccess)
		return status;
	double beta = first ? args->beta : 1.0;
	cublasStatus_t done = cublas->set_stream(cublas->handle, r->compute);
	if (done == CUBLAS_STATUS_SUCCESS)
		done = cublas->dgemm(cublas->handle, args->transa == 'N' ? CUBLAS_OP_N : CUBLAS_OP_T,
				     args->transb == 'N' ? CUBLAS_OP_N : CUBLAS_OP_T, args->m, args->n,
				     args->k, &args->alpha, args->a, args->lda, args->b, args->ldb, &beta,
				     args->c, args->ldc);
	if (done != CUBLAS_STATUS_SUCCESS)
		return tf_cublas_error(done);
	if (!args->last)
		return cudaSuccess;
	struct tf_gemm_args original = *args;
	original.c = r->c_saved;
	return tf_kernel_gemm_fixup(&original, args->c, args->ldc, r->compute);
}

/* Queues every chunk of tile `tile`; its C goes to C slot tile % 2. */
static cudaError_t submit(struct run *r, int tile, enum tf_gpu_fault *fault)
{
	const struct tf_op *op = r->op;
	const struct tiling *t = &r->t;
	int p = tile / t->tiles_n, q = tile % t->tiles_n;
	int i0 = p * t->tm, j0 = q * t->tn;
	int tm = op->m - i0 < t->tm ? op->m - i0 : t->tm, tn = op->n - j0 < t->tn ? op->n - j0 : t->tn;
	int cslot = tile % 2;
	cudaError_t status;
	*fault = TF_FAULT_TRANSFER;
	if (op->beta != 0.0 &&
	    (status = tf_gpu_upload(r->gpu, op->c + i0 + (size_t)j0 * op->ldc, op->ldc, tm, tn,
				    r->c_slot[cslot], tm, r->copy)) != cudaSuccess)
		return status;
	for (int chunk = 0; chunk < t->chunks; chunk++, r->step++) {
		int l0 = chunk * t->kc, kc = op->k - l0 < t->kc ? op->k - l0 : t->kc;
		int whole = t->chunks == 1;
		/* A row panel: once per row of tiles when whole, else per step */
		int a_slot = whole ? p % 2 : r->step % 2, a_upload = !whole || q == 0;
		int b_slot = r->step % 2, b_upload = !t->cache_b || p == 0;
		struct tf_gemm_args args = {
			.transa = op->transa, .transb = op->transb, .m = tm, .n = tn, .k = kc,
			.alpha = op->alpha, .beta = op->beta, .c = r->c_slot[cslot], .ldc = tm,
			.sum_hi = r->sum_hi, .sum_lo = r->sum_lo,
			.first = chunk == 0, .last = chunk == t->chunks - 1,
			.whole_k = whole, .nonfinite = r->nonfinite + cslot,
			.scale_a = 1.0, .scale_b = 1.0, .unscale = 1.0,
		};
		*fault = TF_FAULT_TRANSFER;
		if ((status = a_chunk(r, i0, tm, l0, kc, a_slot, a_upload, &args.a, &args.lda)) != cudaSuccess ||
		    (status = b_chunk(r, l0, kc, j0, tn, b_slot, b_upload, &args.b, &args.ldb)) != cudaSuccess ||
		    (status = cudaEventRecord(r->ready, r->copy)) != cudaSuccess ||
		    (status = cudaStreamWaitEvent(r->compute, r->ready, 0)) != cudaSuccess)
			return status;
		*fault = TF_FAULT_LAUNCH;
		if (chunk == 0 &&
		    (status = cudaMemsetAsync(r->nonfinite + cslot, 0, sizeof *r->nonfinite, r->compute)) !=
			    cudaSuccess)
			return status;
		if ((status = tf_gpu_inject(TF_FAULT_LAUNCH)) != cudaSuccess ||
		    (status = r->cublas ? native_step(r, &args, chunk == 0)
					: tf_kernel_gemm_dd(&args, r->compute)) != cudaSuccess ||
		    (status = cudaEventRecord(r->a_used[a_slot], r->compute)) != cudaSuccess ||
		    (status = cudaEventRecord(r->b_used[b_slot], r->compute)) != cudaSuccess)
			return status;
	}
	return cudaEventRecord(r->computed[cslot], r->compute);
}

/* Waits for tile `tile` and brings its C home; a tile with a non-finite
 * result stays on the device, and is passed to `undone`. */
static cudaError_t finish(struct run *r, int tile, tf_gpu_undone *undone, void *context,
			  enum tf_gpu_fault *fault)
{
	const struct tf_op *op = r->op;
	const struct tiling *t = &r->t;
	int p = tile / t->tiles_n, q = tile % t->tiles_n, cslot = tile % 2;
	int i0 = p * t->tm, j0 = q * t->tn;
	int tm = op->m - i0 < t->tm ? op->m - i0 : t->tm, tn = op->n - j0 < t->tn ? op->n - j0 : t->tn;
	unsigned nonfinite = 0;
	cudaError_t status;
	*fault = TF_FAULT_LAUNCH;
	if ((status = cudaEventSynchronize(r->computed[cslot])) != cudaSuccess)
		return status;
	*fault = TF_FAULT_TRANSFER;
	if ((status = tf_gpu_inject(TF_FAULT_TRANSFER)) != cudaSuccess ||
	    (status = cudaMemcpy(&nonfinite, r->nonfinite + cslot, sizeof nonfinite,
				 cudaMemcpyDeviceToHost)) != cudaSuccess)
		return status;
	if (nonfinite) {
		struct tf_op part = tf_gemm_tile(op, i0, tm, j0, tn);
		undone(&part, context);
		return cudaSuccess;
	}
	return tf_gpu_download(r->gpu, r->c_slot[cslot], tm, tn, op->c + i0 + (size_t)j0 * op->ldc,
			       op->ldc, r->copy);
}

static cudaError_t set_up(struct run *r, enum tf_gpu_fault *fault)
{
	const struct tiling *t = &r->t;
	const struct tf_op *op = r->op;
	*fault = TF_FAULT_ALLOC;
	char *arena = tf_gpu_scratch(r->gpu, tiling_bytes(op, t));
	if (!arena)
		return cudaErrorMemoryAllocation;
	r->nonfinite = (unsigned *)arena;
	double *next = (double *)(arena + 64);
	for (int s = 0; s < 2; s++) {
		r->c_slot[s] = next;
		next += (size_t)t->tm * t->tn;
	}
	if (!t->a_device)
		for (int s = 0; s < 2; s++) {
			r->a_slot[s] = next;
			next += (size_t)t->tm * t->kc;
		}
	if (!t->b_device && t->cache_b) {
		r->b_all = next;
		next += (size_t)op->k * op->n;
	} else if (!t->b_device) {
		for (int s = 0; s < 2; s++) {
			r->b_slot[s] = next;
			next += (size_t)t->kc * t->tn;
		}
	}
	if (t->chunks > 1) {
		r->sum_hi = next;
		r->sum_lo = next + (size_t)t->tm * t->tn;
		next += 2 * (size_t)t->tm * t->tn;
	}
	if (t->native)
		r->c_saved = next;
	r->copy = r->gpu->streams[0];
	r->compute = r->gpu->streams[1];
	/* The context's events: created once, reused by every call. */
	cudaEvent_t *events[] = { &r->a_used[0], &r->a_used[1], &r->b_used[0], &r->b_used[1],
				  &r->ready, &r->computed[0], &r->computed[1] };
	for (size_t e = 0; e < sizeof events / sizeof events[0]; e++)
		*events[e] = r->gpu->events[e];
	return cudaSuccess;
}

/* C in host memory: tiles, pipelined. */
static void gemm_tiled(struct tf_gpu_context *gpu, const struct tf_op *op,
		       const struct tf_cublas *cublas, tf_gpu_undone *undone, void *context)
{
	struct run r = { .gpu = gpu, .op = op, .cublas = cublas };
	r.t.native = cublas != NULL;
	r.t.a_device = tf_gpu_is_device_memory(op->a);
	r.t.b_device = tf_gpu_is_device_memory(op->b);
	if (!choose_tiling(op, gpu->memory_budget, &r.t)) {
		tf_gpu_failed("dgemm", TF_FAULT_ALLOC, cudaErrorMemoryAllocation);
		undone(op, context);
		return;
	}
	int tiles = r.t.tiles_m * r.t.tiles_n, done = 0;
	enum tf_gpu_fault fault = TF_FAULT_NONE;
	cudaError_t status = set_up(&r, &fault);
	if (status == cudaSuccess)
		status = submit(&r, 0, &fault);
	for (; status == cudaSuccess && done < tiles; done++) {
		if (done + 1 < tiles && (status = submit(&r, done + 1, &fault)) != cudaSuccess)
			break;
		status = finish(&r, done, undone, context, &fault);
	}
	if (status != cudaSuccess) {
		cudaStreamSynchronize(r.copy);
		cudaStreamSynchronize(r.compute);
		cudaGetLastError();
		tf_gpu_failed("dgemm", fault, status);
		for (int tile = done; tile < tiles; tile++) {
			int i0 = tile / r.t.tiles_n * r.t.tm, j0 = tile % r.t.tiles_n * r.t.tn;
			struct tf_op part = tf_gemm_tile(op, i0, op->m - i0 < r.t.tm ? op->m - i0 : r.t.tm,
							 j0, op->n - j0 < r.t.tn ? op->n - j0 : r.t.tn);
			undone(&part, context);
		}
	}
}

/* Powers of two that put the elements of op(A) and op(B) into the range
 * where DF products and sums keep their bound (|a|, |b| < 2 and >= 2^-51,
 * so products lie in [2^-102, 4]); 0 when some matrix spans more than that,
 * or holds Inf or NaN: DD takes the call then. */
#define DF_SPAN 50

static int df_scales(struct tf_gpu_context *gpu, const struct tf_gemm_args *args,
		     struct tf_range *ranges, cudaStream_t stream, struct tf_gemm_args *scaled,
		     cudaError_t *status)
{
	int a_rows = args->transa == 'N' ? args->m : args->k, a_cols = args->transa == 'N' ? args->k : args->m;
	int b_rows = args->transb == 'N' ? args->k : args->n, b_cols = args->transb == 'N' ? args->n : args->k;
	struct tf_range host[2];
	(void)gpu;
	if ((*status = tf_kernel_range(args->a, a_rows, a_cols, args->lda, ranges, stream)) != cudaSuccess ||
	    (*status = tf_kernel_range(args->b, b_rows, b_cols, args->ldb, ranges + 1, stream)) != cudaSuccess ||
	    (*status = cudaMemcpyAsync(host, ranges, sizeof host, cudaMemcpyDeviceToHost, stream)) != cudaSuccess ||
	    (*status = cudaStreamSynchronize(stream)) != cudaSuccess)
		return 0;
	for (int m = 0; m < 2; m++)
		if (host[m].nonfinite || (host[m].max_exponent != INT_MIN &&
					  host[m].max_exponent - host[m].min_exponent > DF_SPAN))
			return 0;
	*scaled = *args;
	int ea = host[0].max_exponent == INT_MIN ? 0 : host[0].max_exponent;
	int eb = host[1].max_exponent == INT_MIN ? 0 : host[1].max_exponent;
	scaled->scale_a = ldexp(1.0, -ea);
	scaled->scale_b = ldexp(1.0, -eb);
	scaled->unscale = ldexp(1.0, ea + eb);
	return 1;
}

/* Native mode on C in place: C saved, cuBLAS, the non-finite results made
 * the reference's. */
static cudaError_t native_whole(const struct tf_cublas *cublas, const struct tf_gemm_args *args,
				double *saved, cudaStream_t stream)
{
	cudaError_t status;
	if (args->beta != 0.0 &&
	    (status = cudaMemcpy2DAsync(saved, (size_t)args->m * sizeof(double), args->c,
					(size_t)args->ldc * sizeof(double), (size_t)args->m * sizeof(double),
					(size_t)args->n, cudaMemcpyDeviceToDevice, stream)) != cudaSuccess)
		return status;
	cublasStatus_t done = cublas->set_stream(cublas->handle, stream);
	if (done == CUBLAS_STATUS_SUCCESS)
		done = cublas->dgemm(cublas->handle, args->transa == 'N' ? CUBLAS_OP_N : CUBLAS_OP_T,
				     args->transb == 'N' ? CUBLAS_OP_N : CUBLAS_OP_T, args->m, args->n,
				     args->k, &args->alpha, args->a, args->lda, args->b, args->ldb,
				     &args->beta, args->c, args->ldc);
	if (done != CUBLAS_STATUS_SUCCESS)
		return tf_cublas_error(done);
	struct tf_gemm_args original = *args;
	original.c = saved;
	original.ldc = args->m;
	return tf_kernel_gemm_fixup(&original, args->c, args->ldc, stream);
}

/* The whole problem in one launch: host arrays uploaded whole (and C brought
 * back), device arrays used in place.  For C in device memory, and for DF,
 * which must see all of A and B to choose its scales.  Returns 0 when the
 * arrays do not fit (nothing done, nothing reported). */
static int gemm_whole(struct tf_gpu_context *gpu, const struct tf_op *op, enum tf_gpu_arith arith,
		      const struct tf_cublas *cublas, tf_gpu_undone *undone, void *context)
{
	cudaStream_t stream = gpu->streams[1];
	struct tf_gemm_args args = {
		.transa = op->transa, .transb = op->transb, .m = op->m, .n = op->n, .k = op->k,
		.alpha = op->alpha, .beta = op->beta, .a = op->a, .b = op->b, .c = op->c,
		.lda = op->lda, .ldb = op->ldb, .ldc = op->ldc, .first = 1, .last = 1, .whole_k = 1,
		.scale_a = 1.0, .scale_b = 1.0, .unscale = 1.0,
	};
	int a_host = !tf_gpu_is_device_memory(op->a), b_host = !tf_gpu_is_device_memory(op->b);
	int c_host = !tf_gpu_is_device_memory(op->c);
	int a_rows = op->transa == 'N' ? op->m : op->k, a_cols = op->transa == 'N' ? op->k : op->m;
	int b_rows = op->transb == 'N' ? op->k : op->n, b_cols = op->transb == 'N' ? op->n : op->k;
	size_t a_doubles = a_host ? (size_t)a_rows * a_cols : 0;
	size_t b_doubles = b_host ? (size_t)b_rows * b_cols : 0;
	size_t c_doubles = c_host ? (size_t)op->m * op->n : 0;
	size_t saved_doubles = cublas ? (size_t)op->m * op->n : 0; /* C saved for the fix-up */
	size_t bytes = (a_doubles + b_doubles + c_doubles + saved_doubles) * sizeof(double) + 64;
	if (bytes > gpu->memory_budget)
		return 0;
	enum tf_gpu_fault fault = TF_FAULT_ALLOC;
	cudaError_t status = cudaErrorMemoryAllocation;
	char *arena = tf_gpu_scratch(gpu, bytes);
	if (arena) {
		struct tf_range *ranges = (struct tf_range *)arena;
		double *next = (double *)(arena + 64);
		fault = TF_FAULT_TRANSFER;
		status = cudaSuccess;
		if (a_host) {
			args.a = next;
			args.lda = a_rows;
			status = tf_gpu_upload(gpu, op->a, op->lda, a_rows, a_cols, next, a_rows, stream);
			next += a_doubles;
		}
		if (status == cudaSuccess && b_host) {
			args.b = next;
			args.ldb = b_rows;
			status = tf_gpu_upload(gpu, op->b, op->ldb, b_rows, b_cols, next, b_rows, stream);
			next += b_doubles;
		}
		if (status == cudaSuccess && c_host) {
			args.c = next;
			args.ldc = op->m;
			if (op->beta != 0.0)
				status = tf_gpu_upload(gpu, op->c, op->ldc, op->m, op->n, next, op->m, stream);
			next += c_doubles;
		}
		struct tf_gemm_args scaled;
		if (status == cudaSuccess) {
			fault = TF_FAULT_LAUNCH;
			if ((status = tf_gpu_inject(TF_FAULT_LAUNCH)) != cudaSuccess)
				;
			else if (cublas)
				status = native_whole(cublas, &args, next, stream);
			else if (arith == TF_GPU_DF && df_scales(gpu, &args, ranges, stream, &scaled, &status))
				status = tf_kernel_gemm_df(&scaled, stream);
			else if (status == cudaSuccess)
				status = tf_kernel_gemm_dd(&args, stream);
			if (status == cudaSuccess)
				status = cudaStreamSynchronize(stream);
		}
		if (status == cudaSuccess && c_host) {
			fault = TF_FAULT_TRANSFER;
			status = tf_gpu_download(gpu, args.c, op->m, op->n, op->c, op->ldc, stream);
		}
	}
	if (status != cudaSuccess) {
		cudaGetLastError();
		tf_gpu_failed("dgemm", fault, status);
		undone(op, context);
	}
	return 1;
}

void tf_gpu_gemm(struct tf_gpu_context *gpu, const struct tf_op *op, enum tf_gpu_arith arith,
		 const struct tf_cublas *cublas, tf_gpu_undone *undone, void *context)
{
	if (op->alpha == 0.0 || op->k == 0) {
		/* C = beta C (and the k = 0 term of op(A) = A^T): on the device if
		 * C is there, else on the host */
		if (!tf_gpu_is_device_memory(op->c)) {
			undone(op, context);
			return;
		}
		cudaStream_t stream = gpu->streams[1];
		cudaError_t status = tf_gpu_inject(TF_FAULT_LAUNCH);
		if (status == cudaSuccess)
			status = tf_kernel_scale(op->m, op->n, op->alpha, op->transa, op->k, op->beta,
						 op->c, op->ldc, stream);
		if (status == cudaSuccess)
			status = cudaStreamSynchronize(stream);
		if (status != cudaSuccess) {
			cudaGetLastError();
			tf_gpu_failed("dgemm", TF_FAULT_LAUNCH, status);
			undone(op, context);
		}
		return;
	}
	/* DF must see all of A and B; C in device memory is written in place.
	 * The rest, and what does not fit, goes tile by tile (in DD for df). */
	if ((arith == TF_GPU_DF || tf_gpu_is_device_memory(op->c)) &&
	    gemm_whole(gpu, op, arith, cublas, undone, context))
		return;
	if (!tf_gpu_is_device_memory(op->c)) {
		gemm_tiled(gpu, op, cublas, undone, context);
		return;
	}
	tf_gpu_failed("dgemm", TF_FAULT_ALLOC, cudaErrorMemoryAllocation);
	undone(op, context);
}
