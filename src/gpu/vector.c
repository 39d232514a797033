/* GEMV and AXPY on the GPU.
 *
 * Arrays in device or managed memory are used in place.  Host arrays are
 * uploaded (strided vectors packed on the way), computed, and y brought
 * back, in parts of y small enough for the memory budget; each part is
 * complete rows (trans N) or columns (trans T) of A, so it needs nothing
 * from the others.  A part reaches the host only when it is done: a failure
 * leaves it and the parts after it to `undone`.  Data moved once and used
 * once: on host arrays these run on the GPU only when the planner is told to
 * (TWOFOLD_GPU_MIN_FLOPS); they are there for device-resident data.  In df
 * mode GEMV scales A and x into float's range (DD where no scale does), and
 * AXPY scales each element. */
#include "config.h"

#include <stdlib.h>
#include "gpu/cublas.h"
#include "gpu/transfer.h"
#include "gpu/vector.h"
#include <limits.h>
#include <math.h>
#include "kernels/axpy.h"
#include "kernels/gemv.h"
#include "kernels/range.h"

/* Uploads vector part (n elements, stride inc) to dst, contiguous, in the
 * order the reference counts its elements; the kernel then reads it with
 * stride +1 or -1 (the sign of inc). */
static cudaError_t upload_vector(struct tf_gpu_context *gpu, const double *v, int n, int inc,
				 double *dst, cudaStream_t stream)
{
	int step = inc < 0 ? -inc : inc;
	return tf_gpu_upload(gpu, v, (size_t)step, 1, n, dst, 1, stream);
}

static cudaError_t download_vector(struct tf_gpu_context *gpu, const double *src, int n,
				   double *v, int inc, cudaStream_t stream)
{
	int step = inc < 0 ? -inc : inc;
	return tf_gpu_download(gpu, src, 1, n, v, (size_t)step, stream);
}

static int sign(int inc)
{
	return inc < 0 ? -1 : 1;
}

/* Elements a vector of n elements with stride inc spans. */
static size_t span(int n, int inc)
{
	return 1 + (size_t)(n - 1) * (size_t)(inc < 0 ? -inc : inc);
}

/* DF: scales that put A and x into float's range (|a|, |x| < 2 and >= 2^-51,
 * so products lie in [2^-102, 4]); DD where one of them spans more, or holds
 * Inf or NaN. */
#define DF_SPAN 50

static cudaError_t launch_gemv_df(const struct tf_gemv_args *args, struct tf_range *ranges,
				  cudaStream_t stream)
{
	int lenx = args->trans == 'N' ? args->n : args->m;
	int step = args->incx < 0 ? -args->incx : args->incx;
	struct tf_range host[2];
	cudaError_t status;
	if ((status = tf_kernel_range(args->a, args->m, args->n, args->lda, ranges, stream)) != cudaSuccess ||
	    (status = tf_kernel_range(args->x, 1, lenx, step, ranges + 1, stream)) != cudaSuccess ||
	    (status = cudaMemcpyAsync(host, ranges, sizeof host, cudaMemcpyDeviceToHost, stream)) != cudaSuccess ||
	    (status = cudaStreamSynchronize(stream)) != cudaSuccess)
		return status;
	for (int v = 0; v < 2; v++)
		if (host[v].nonfinite ||
		    (host[v].max_exponent != INT_MIN && host[v].max_exponent - host[v].min_exponent > DF_SPAN))
			return tf_kernel_gemv_dd(args, stream);
	int ea = host[0].max_exponent == INT_MIN ? 0 : host[0].max_exponent;
	int ex = host[1].max_exponent == INT_MIN ? 0 : host[1].max_exponent;
	struct tf_gemv_args scaled = *args;
	scaled.scale_a = ldexp(1.0, -ea);
	scaled.scale_x = ldexp(1.0, -ex);
	scaled.unscale = ldexp(1.0, ea + ex);
	return tf_kernel_gemv_df(&scaled, stream);
}

/* gemv in the call's arithmetic: the DD or DF kernel, or cuBLAS then the
 * fix-up from y saved in `saved` (span of y doubles).  ranges: device room
 * for two tf_range. */
static cudaError_t launch_gemv(enum tf_gpu_arith arith, const struct tf_cublas *cublas,
			       const struct tf_gemv_args *args, double *saved, struct tf_range *ranges,
			       cudaStream_t stream)
{
	cudaError_t status = tf_gpu_inject(TF_FAULT_LAUNCH);
	if (status != cudaSuccess)
		return status;
	if (arith == TF_GPU_DF)
		return launch_gemv_df(args, ranges, stream);
	if (!cublas)
		return tf_kernel_gemv_dd(args, stream);
	int leny = args->trans == 'N' ? args->m : args->n;
	size_t bytes = span(leny, args->incy) * sizeof(double);
	if (args->beta != 0.0 &&
	    (status = cudaMemcpyAsync(saved, args->y, bytes,
				      cudaMemcpyDeviceToDevice, stream)) != cudaSuccess)
		return status;
	cublasStatus_t done = cublas->set_stream(cublas->handle, stream);
	if (done == CUBLAS_STATUS_SUCCESS)
		done = cublas->dgemv(cublas->handle, args->trans == 'N' ? CUBLAS_OP_N : CUBLAS_OP_T,
				     args->m, args->n, &args->alpha, args->a, args->lda, args->x,
				     args->incx, &args->beta, args->y, args->incy);
	if (done != CUBLAS_STATUS_SUCCESS)
		return tf_cublas_error(done);
	struct tf_gemv_args original = *args;
	original.y = saved;
	return tf_kernel_gemv_fixup(&original, args->y, stream);
}

static cudaError_t launch_axpy(enum tf_gpu_arith arith, const struct tf_cublas *cublas,
			       const struct tf_axpy_args *args, double *saved, cudaStream_t stream)
{
	cudaError_t status = tf_gpu_inject(TF_FAULT_LAUNCH);
	if (status != cudaSuccess)
		return status;
	if (arith == TF_GPU_DF)
		return tf_kernel_axpy_df(args, stream);
	if (!cublas)
		return tf_kernel_axpy_dd(args, stream);
	if ((status = cudaMemcpyAsync(saved, args->y, span(args->n, args->incy) * sizeof(double),
				      cudaMemcpyDeviceToDevice, stream)) != cudaSuccess)
		return status;
	cublasStatus_t done = cublas->set_stream(cublas->handle, stream);
	if (done == CUBLAS_STATUS_SUCCESS)
		done = cublas->daxpy(cublas->handle, args->n, &args->alpha, args->x, args->incx, args->y,
				     args->incy);
	if (done != CUBLAS_STATUS_SUCCESS)
		return tf_cublas_error(done);
	struct tf_axpy_args original = *args;
	original.y = saved;
	return tf_kernel_axpy_fixup(&original, args->y, stream);
}

/* One part of a host-array gemv: A's rows or columns, x, y. */
static cudaError_t gemv_part(struct tf_gpu_context *gpu, enum tf_gpu_arith arith,
			     const struct tf_cublas *cublas, const struct tf_op *op, char *scratch,
			     enum tf_gpu_fault *fault)
{
	cudaStream_t stream = gpu->streams[1];
	int lenx = op->transa == 'N' ? op->n : op->m, leny = op->transa == 'N' ? op->m : op->n;
	struct tf_range *ranges = (struct tf_range *)scratch;
	double *a = (double *)(scratch + 64), *x = a + (size_t)op->m * op->n, *y = x + lenx;
	double *saved = y + leny;
	struct tf_gemv_args args = {
		.trans = op->transa, .m = op->m, .n = op->n, .alpha = op->alpha, .beta = op->beta,
		.a = a, .lda = op->m, .x = x, .incx = sign(op->incx), .y = y, .incy = sign(op->incy),
		.scale_a = 1.0, .scale_x = 1.0, .unscale = 1.0,
	};
	cudaError_t status;
	*fault = TF_FAULT_TRANSFER;
	if ((status = tf_gpu_upload(gpu, op->a, (size_t)op->lda, op->m, op->n, a, op->m, stream)) !=
		    cudaSuccess ||
	    (status = upload_vector(gpu, op->x, lenx, op->incx, x, stream)) != cudaSuccess ||
	    (op->beta != 0.0 &&
	     (status = upload_vector(gpu, op->y, leny, op->incy, y, stream)) != cudaSuccess))
		return status;
	*fault = TF_FAULT_LAUNCH;
	if ((status = launch_gemv(arith, cublas, &args, saved, ranges, stream)) != cudaSuccess)
		return status;
	*fault = TF_FAULT_TRANSFER;
	return download_vector(gpu, y, leny, op->y, op->incy, stream);
}

static cudaError_t axpy_part(struct tf_gpu_context *gpu, enum tf_gpu_arith arith,
			     const struct tf_cublas *cublas, const struct tf_op *op, char *scratch,
			     enum tf_gpu_fault *fault)
{
	cudaStream_t stream = gpu->streams[1];
	double *x = (double *)(scratch + 64), *y = x + op->n, *saved = y + op->n;
	struct tf_axpy_args args = {
		.n = op->n, .alpha = op->alpha, .x = x, .incx = sign(op->incx), .y = y,
		.incy = sign(op->incy),
	};
	cudaError_t status;
	*fault = TF_FAULT_TRANSFER;
	if ((status = upload_vector(gpu, op->x, op->n, op->incx, x, stream)) != cudaSuccess ||
	    (status = upload_vector(gpu, op->y, op->n, op->incy, y, stream)) != cudaSuccess)
		return status;
	*fault = TF_FAULT_LAUNCH;
	if ((status = launch_axpy(arith, cublas, &args, saved, stream)) != cudaSuccess)
		return status;
	*fault = TF_FAULT_TRANSFER;
	return download_vector(gpu, y, op->n, op->y, op->incy, stream);
}

/* Device bytes a part of `count` y elements needs (y twice: native mode
 * saves it). */
static size_t part_bytes(const struct tf_op *op, size_t count)
{
	if (op->kind == TF_OP_AXPY)
		return 64 + 3 * count * sizeof(double);
	size_t other = op->transa == 'N' ? (size_t)op->n : (size_t)op->m;
	return 64 + (count * other + other + 2 * count) * sizeof(double);
}

static void on_host(struct tf_gpu_context *gpu, enum tf_gpu_arith arith,
		    const struct tf_cublas *cublas, const struct tf_op *op, tf_gpu_undone *undone,
		    void *context)
{
	const char *routine = op->kind == TF_OP_AXPY ? "daxpy" : "dgemv";
	int total = op->kind == TF_OP_AXPY ? op->n : op->transa == 'N' ? op->m : op->n;
	if (op->kind == TF_OP_AXPY && (op->incx == 0 || op->incy == 0)) {
		undone(op, context); /* sequential by definition: the CPU's */
		return;
	}
	size_t count = (size_t)total;
	while (count > 1 && part_bytes(op, count) > gpu->memory_budget)
		count = (count + 1) / 2;
	char *scratch = tf_gpu_scratch(gpu, part_bytes(op, count));
	if (!scratch || part_bytes(op, count) > gpu->memory_budget) {
		tf_gpu_failed(routine, TF_FAULT_ALLOC, cudaErrorMemoryAllocation);
		undone(op, context);
		return;
	}
	for (int first = 0; first < total; first += (int)count) {
		int size = total - first < (int)count ? total - first : (int)count;
		struct tf_op part = op->kind == TF_OP_AXPY ? tf_axpy_part(op, first, size)
							   : tf_gemv_part(op, first, size);
		enum tf_gpu_fault fault = TF_FAULT_NONE;
		cudaError_t status = op->kind == TF_OP_AXPY
					     ? axpy_part(gpu, arith, cublas, &part, scratch, &fault)
					     : gemv_part(gpu, arith, cublas, &part, scratch, &fault);
		if (status != cudaSuccess) {
			cudaStreamSynchronize(gpu->streams[1]);
			cudaGetLastError();
			tf_gpu_failed(routine, fault, status);
			struct tf_op rest = op->kind == TF_OP_AXPY ? tf_axpy_part(op, first, total - first)
								   : tf_gemv_part(op, first, total - first);
			undone(&rest, context);
			return;
		}
	}
}

/* Every array on the device: one launch, in place (native mode saves y in
 * scratch first, for the fix-up). */
static void in_place(struct tf_gpu_context *gpu, enum tf_gpu_arith arith,
		     const struct tf_cublas *cublas, const struct tf_op *op, tf_gpu_undone *undone,
		     void *context)
{
	cudaStream_t stream = gpu->streams[1];
	int leny = op->kind == TF_OP_AXPY ? op->n : op->transa == 'N' ? op->m : op->n;
	enum tf_gpu_fault fault = TF_FAULT_ALLOC;
	cudaError_t status = cudaSuccess;
	char *scratch = tf_gpu_scratch(gpu, 64 + (cublas ? span(leny, op->incy) * sizeof(double) : 0));
	struct tf_range *ranges = (struct tf_range *)scratch;
	double *saved = (double *)(scratch + 64);
	if (!scratch)
		status = cudaErrorMemoryAllocation;
	if (status == cudaSuccess) {
		fault = TF_FAULT_LAUNCH;
		if (op->kind == TF_OP_AXPY) {
			struct tf_axpy_args args = { op->n, op->alpha, op->x, op->incx, op->y, op->incy };
			status = launch_axpy(arith, cublas, &args, saved, stream);
		} else if (op->alpha == 0.0) {
			if ((status = tf_gpu_inject(TF_FAULT_LAUNCH)) == cudaSuccess)
				status = tf_kernel_scale_vector(leny, op->beta, op->y, op->incy, stream);
		} else {
			struct tf_gemv_args args = { op->transa, op->m, op->n, op->alpha, op->beta, op->a,
						     op->lda, op->x, op->incx, op->y, op->incy, 1.0, 1.0, 1.0 };
			status = launch_gemv(arith, cublas, &args, saved, ranges, stream);
		}
	}
	if (status == cudaSuccess)
		status = cudaStreamSynchronize(stream);
	if (status != cudaSuccess) {
		cudaGetLastError();
		tf_gpu_failed(op->kind == TF_OP_AXPY ? "daxpy" : "dgemv", fault, status);
		undone(op, context);
	}
}

void tf_gpu_vector_op(struct tf_gpu_context *gpu, const struct tf_op *op, int resident,
		      enum tf_gpu_arith arith, const struct tf_cublas *cublas, tf_gpu_undone *undone,
		      void *context)
{
	if (resident)
		in_place(gpu, arith, cublas, op, undone, context);
	else if (op->kind == TF_OP_GEMV && op->alpha == 0.0)
		undone(op, context); /* y = beta y: nothing worth a transfer */
	else
		on_host(gpu, arith, cublas, op, undone, context);
}
