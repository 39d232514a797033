#include "config.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <cusolverDn.h>
#include "core/message.h"
#include "gpu/context.h"
#include "gpu/solver.h"
#include "gpu/transfer.h"
#include "kernels/real_form.h"
#include "kernels/solve_residual.h"

/* The copier threads (context.h) from which a host matrix is staged rather
 * than registered with CUDA while it crosses (tf_gpu_system_factor). */
#define REGISTER_BELOW 4

/* cuSOLVER's dense routines that the drivers use; the complex ones take
 * cuDoubleComplex, which has the layout of (re, im) doubles. */
struct tf_cusolver {
	cusolverDnHandle_t handle;
	cusolverStatus_t (*set_stream)(cusolverDnHandle_t, cudaStream_t);
	cusolverStatus_t (*getrf_size[2])(cusolverDnHandle_t, int, int, void *, int, int *);
	cusolverStatus_t (*getrf[2])(cusolverDnHandle_t, int, int, void *, int, void *, int *,
				     int *);
	cusolverStatus_t (*getrs[2])(cusolverDnHandle_t, cublasOperation_t, int, int, const void *,
				     int, const int *, void *, int, int *);
	cusolverStatus_t (*potrf_size[2])(cusolverDnHandle_t, cublasFillMode_t, int, void *, int,
					  int *);
	cusolverStatus_t (*potrf[2])(cusolverDnHandle_t, cublasFillMode_t, int, void *, int, void *,
				     int, int *);
	cusolverStatus_t (*potrs[2])(cusolverDnHandle_t, cublasFillMode_t, int, int, const void *,
				     int, void *, int, int *);
};

static struct tf_cusolver cusolver;
static int state; /* 0: not tried, 1: loaded, -1: unavailable; under the GPU lock */

static const char *const library_names[] = { "libcusolver.so.12", "libcusolver.so.11",
					     "libcusolver.so" };

static void *find(void *library, const char *name, int *missing)
{
	void *symbol = dlsym(library, name);
	if (!symbol) {
		tf_message("cuSOLVER has no %s: the LAPACK drivers factor on the CPU", name);
		*missing = 1;
	}
	return symbol;
}

static int load(void)
{
	void *library = NULL;
	for (size_t i = 0; i < sizeof library_names / sizeof library_names[0] && !library; i++)
		library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
	if (!library) {
		tf_message("cuSOLVER (%s) cannot be loaded: %s; the LAPACK drivers factor on the CPU",
			   library_names[0], dlerror());
		return -1;
	}
	int missing = 0;
	cusolverStatus_t (*create)(cusolverDnHandle_t *) = find(library, "cusolverDnCreate", &missing);
	cusolver.set_stream = find(library, "cusolverDnSetStream", &missing);
	static const char *const names[][6] = {
		{ "cusolverDnDgetrf_bufferSize", "cusolverDnDgetrf", "cusolverDnDgetrs",
		  "cusolverDnDpotrf_bufferSize", "cusolverDnDpotrf", "cusolverDnDpotrs" },
		{ "cusolverDnZgetrf_bufferSize", "cusolverDnZgetrf", "cusolverDnZgetrs",
		  "cusolverDnZpotrf_bufferSize", "cusolverDnZpotrf", "cusolverDnZpotrs" },
	};
	for (int t = 0; t < 2; t++) {
		*(void **)&cusolver.getrf_size[t] = find(library, names[t][0], &missing);
		*(void **)&cusolver.getrf[t] = find(library, names[t][1], &missing);
		*(void **)&cusolver.getrs[t] = find(library, names[t][2], &missing);
		*(void **)&cusolver.potrf_size[t] = find(library, names[t][3], &missing);
		*(void **)&cusolver.potrf[t] = find(library, names[t][4], &missing);
		*(void **)&cusolver.potrs[t] = find(library, names[t][5], &missing);
	}
	if (missing)
		return -1;
	cusolverStatus_t status = tf_gpu_inject(TF_FAULT_INIT) == cudaSuccess
					  ? create(&cusolver.handle) : CUSOLVER_STATUS_NOT_INITIALIZED;
	if (status != CUSOLVER_STATUS_SUCCESS) {
		tf_message("cuSOLVER could not be set up (status %d); the LAPACK drivers factor on "
			   "the CPU", (int)status);
		return -1;
	}
	return 1;
}

static const struct tf_cusolver *solver_of(void)
{
	if (state == 0)
		state = load();
	return state == 1 ? &cusolver : NULL;
}

static cudaError_t error_of(cusolverStatus_t status)
{
	switch (status) {
	case CUSOLVER_STATUS_SUCCESS: return cudaSuccess;
	case CUSOLVER_STATUS_ALLOC_FAILED: return cudaErrorMemoryAllocation;
	case CUSOLVER_STATUS_INVALID_VALUE: return cudaErrorInvalidValue;
	case CUSOLVER_STATUS_EXECUTION_FAILED: return cudaErrorLaunchFailure;
	default: return cudaErrorUnknown;
	}
}

struct tf_gpu_system {
	struct tf_gpu_context *gpu;
	const struct tf_cusolver *cusolver;
	cudaStream_t stream;
	int complex;           /* 1 for TF_TYPE_Z: index of the cuSOLVER routines */
	int width;             /* doubles per element */
	char uplo;             /* 0: LU; 'U' or 'L': Cholesky */
	int n, nrhs;
	const char *routine;   /* for failure reports */
	/* in the arena: */
	double *factors;       /* n x n, leading dimension n */
	double *original;      /* the kept A, in full (NULL when not kept) */
	double *b;             /* the kept B, n x nrhs */
	double *x_hi, *x_lo, *r, *r_lo; /* n elements each */
	double *work;          /* cuSOLVER's workspace, then the right-hand sides */
	size_t work_bytes;
	void *residual_scratch;
	int *ipiv, *info;
};

/* Arena pieces, each at a 256-byte boundary. */
static size_t piece(size_t bytes)
{
	return (bytes + 255) / 256 * 256;
}

/* rows x cols doubles of src (any memory, leading dimension ld) into the
 * device matrix dst (leading dimension dst_ld), or out of it; pinned: src
 * (dst) is host memory registered with CUDA, which the copy engine reads
 * (writes) directly. */
static cudaError_t copy_in(struct tf_gpu_system *s, const double *src, size_t ld, int rows,
			   int cols, double *dst, size_t dst_ld, int pinned)
{
	if (pinned) {
		cudaError_t status = cudaMemcpy2DAsync(dst, dst_ld * sizeof *dst, src,
						       ld * sizeof *src, (size_t)rows * sizeof *src,
						       cols, cudaMemcpyHostToDevice, s->stream);
		return status == cudaSuccess ? cudaStreamSynchronize(s->stream) : status;
	}
	if (tf_gpu_place_of(src) == TF_PLACE_HOST)
		return tf_gpu_upload(s->gpu, src, ld, rows, cols, dst, dst_ld, s->stream);
	return cudaMemcpy2DAsync(dst, dst_ld * sizeof *dst, src, ld * sizeof *src,
				 (size_t)rows * sizeof *src, cols, cudaMemcpyDefault, s->stream);
}

/* streamed: into host memory piece by piece as the pieces arrive (a
 * failure part way leaves dst partly written), else all or nothing. */
static cudaError_t copy_out(struct tf_gpu_system *s, const double *src, int rows, int cols,
			    double *dst, size_t ld, int streamed, int pinned)
{
	if (pinned) {
		cudaError_t status = cudaMemcpy2DAsync(dst, ld * sizeof *dst, src,
						       (size_t)rows * sizeof *src,
						       (size_t)rows * sizeof *src, cols,
						       cudaMemcpyDeviceToHost, s->stream);
		return status == cudaSuccess ? cudaStreamSynchronize(s->stream) : status;
	}
	if (tf_gpu_place_of(dst) == TF_PLACE_HOST)
		return streamed ? tf_gpu_download_streamed(s->gpu, src, sizeof *src, rows, cols, dst,
							   ld, s->stream)
				: tf_gpu_download(s->gpu, src, rows, cols, dst, ld, s->stream);
	cudaError_t status = cudaMemcpy2DAsync(dst, ld * sizeof *dst, src, (size_t)rows * sizeof *src,
					       (size_t)rows * sizeof *src, cols, cudaMemcpyDefault,
					       s->stream);
	return status == cudaSuccess ? cudaStreamSynchronize(s->stream) : status;
}

static cudaError_t factor(struct tf_gpu_system *s, int *info)
{
	const struct tf_cusolver *c = s->cusolver;
	const int t = s->complex;
	cusolverStatus_t status;
	if (s->uplo)
		status = c->potrf[t](c->handle, s->uplo == 'U' ? CUBLAS_FILL_MODE_UPPER
							       : CUBLAS_FILL_MODE_LOWER,
				     s->n, s->factors, s->n, s->work,
				     (int)(s->work_bytes / (s->width * sizeof(double))), s->info);
	else
		status = c->getrf[t](c->handle, s->n, s->n, s->factors, s->n, s->work, s->ipiv,
				     s->info);
	cudaError_t error = error_of(status);
	if (error == cudaSuccess)
		error = cudaMemcpyAsync(info, s->info, sizeof *info, cudaMemcpyDeviceToHost, s->stream);
	return error == cudaSuccess ? cudaStreamSynchronize(s->stream) : error;
}

/* The workspace cuSOLVER asks for, in bytes, into *bytes.  The query
 * reads no element of A, but wants a device pointer for it: the context's
 * counter stands in, the arena not being sized yet. */
static cudaError_t workspace_of(struct tf_gpu_context *gpu, const struct tf_cusolver *c,
				int complex, char uplo, int n, size_t *bytes)
{
	int elements = 0;
	void *stand_in = gpu->counter;
	cusolverStatus_t status = uplo
		? c->potrf_size[complex](c->handle, uplo == 'U' ? CUBLAS_FILL_MODE_UPPER
								 : CUBLAS_FILL_MODE_LOWER,
					 n, stand_in, n, &elements)
		: c->getrf_size[complex](c->handle, n, n, stand_in, n, &elements);
	*bytes = (size_t)(elements > 0 ? elements : 1) * (complex ? 16 : 8);
	return error_of(status);
}

struct tf_gpu_system *tf_gpu_system_factor(enum tf_op_type type, char uplo, int n, double *a,
					   int lda, int *ipiv, int nrhs, const double *b, int ldb,
					   int keep, int *info, int *failed)
{
	*failed = 0;
	*info = 0;
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return NULL;
	const struct tf_cusolver *c = solver_of();
	struct tf_gpu_system *s = calloc(1, sizeof *s);
	if (!c || !s) {
		free(s);
		tf_gpu_release(gpu);
		return NULL;
	}
	const int complex = type == TF_TYPE_Z, width = complex ? 2 : 1;
	*s = (struct tf_gpu_system){ .gpu = gpu, .cusolver = c, .stream = gpu->streams[0],
				     .complex = complex, .width = width, .uplo = uplo, .n = n,
				     .nrhs = nrhs };
	s->routine = complex ? (uplo ? "zposv_" : "zgesv_") : (uplo ? "dposv_" : "dgesv_");
	cudaError_t status = error_of(c->set_stream(c->handle, s->stream));
	const size_t matrix = piece((size_t)width * n * n * sizeof(double));
	const size_t vector = piece((size_t)width * n * sizeof(double));
	size_t work = 0;
	if (status == cudaSuccess)
		status = workspace_of(gpu, c, complex, uplo, n, &work);
	const size_t rhs = (size_t)width * n * nrhs * sizeof(double);
	s->work_bytes = piece(work > rhs ? work : rhs);
	const size_t residual = keep ? piece(tf_kernel_solve_residual_scratch(complex, n,
									      gpu->multiprocessors)) : 0;
	const size_t bytes = matrix * (keep ? 2 : 1) + (keep ? piece(rhs) + 4 * vector : 0) +
			     s->work_bytes + residual + piece((size_t)n * sizeof(int)) + 256;
	char *arena = NULL;
	if (status == cudaSuccess && bytes > gpu->memory_budget) {
		tf_gpu_release(gpu); /* not an error: too large for this GPU */
		free(s);
		return NULL;
	}
	if (status == cudaSuccess && (status = tf_gpu_inject(TF_FAULT_ALLOC)) == cudaSuccess &&
	    !(arena = tf_gpu_scratch(gpu, bytes)))
		status = cudaErrorMemoryAllocation;
	if (status != cudaSuccess) {
		tf_gpu_finish(gpu, s->routine, TF_FAULT_ALLOC, status, 0);
		free(s);
		*failed = 1;
		return NULL;
	}
	s->factors = (double *)arena, arena += matrix;
	if (keep) {
		s->original = (double *)arena, arena += matrix;
		s->b = (double *)arena, arena += piece(rhs);
		s->x_hi = (double *)arena, arena += vector;
		s->x_lo = (double *)arena, arena += vector;
		s->r = (double *)arena, arena += vector;
		s->r_lo = (double *)arena, arena += vector;
		s->residual_scratch = arena, arena += residual;
	}
	s->work = (double *)arena, arena += s->work_bytes;
	s->ipiv = (int *)arena, arena += piece((size_t)n * sizeof(int));
	s->info = (int *)arena;
	/* A host matrix crosses through the staging buffers, both ways, when
	 * the GPU has REGISTER_BELOW copier threads or more (transfer.h);
	 * with fewer it is registered with CUDA (pinned in place) while it
	 * crosses, and the copy engine reads and writes it at the link's rate.
	 * On an H200 with 16 CPUs, n = 16384, native dgesv_ on host arrays
	 * took 0.32 s registered, 0.71 s staged by one thread, 0.31 s by 4,
	 * 0.24 s by 8 and 0.23 s by 16 (docs/PERFORMANCE.md).  Where it cannot
	 * be registered, through staging. */
	const size_t span = ((size_t)width * lda * (n - 1) + (size_t)width * n) * sizeof(double);
	const int pinned = tf_gpu_place_of(a) == TF_PLACE_HOST && gpu->copy_threads < REGISTER_BELOW &&
			   cudaHostRegister(a, span, cudaHostRegisterDefault) == cudaSuccess;
	if (!pinned)
		cudaGetLastError(); /* (not an error to keep) */
	/* A into the factors' place, and from there into the kept copy; B kept */
	if ((status = tf_gpu_inject(TF_FAULT_TRANSFER)) == cudaSuccess)
		status = copy_in(s, a, (size_t)width * lda, width * n, n, s->factors,
				 (size_t)width * n, pinned);
	if (keep && status == cudaSuccess)
		status = cudaMemcpyAsync(s->original, s->factors, (size_t)width * n * n * sizeof(double),
					 cudaMemcpyDeviceToDevice, s->stream);
	if (keep && uplo && status == cudaSuccess)
		status = tf_kernel_symmetrize(complex, uplo, n, s->original, n, s->stream);
	if (keep && status == cudaSuccess)
		status = copy_in(s, b, (size_t)width * ldb, width * n, nrhs, s->b, (size_t)width * n,
				 0);
	/* Inf or NaN in A (the triangle read) or B: nothing done here */
	unsigned nonfinite = 0;
	if (keep && status == cudaSuccess &&
	    (status = cudaMemsetAsync(gpu->counter, 0, sizeof *gpu->counter, s->stream)) ==
		    cudaSuccess &&
	    (status = tf_kernel_find_nonfinite(width * n, n, s->original, width * n, gpu->counter,
					       s->stream)) == cudaSuccess &&
	    (status = tf_kernel_find_nonfinite(width * n, nrhs, s->b, width * n, gpu->counter,
					       s->stream)) == cudaSuccess &&
	    (status = cudaMemcpyAsync(&nonfinite, gpu->counter, sizeof nonfinite,
				      cudaMemcpyDeviceToHost, s->stream)) == cudaSuccess)
		status = cudaStreamSynchronize(s->stream);
	if (status == cudaSuccess && nonfinite) {
		if (pinned)
			cudaHostUnregister(a);
		*info = -1;
		tf_gpu_release(gpu);
		free(s);
		return NULL;
	}
	enum tf_gpu_fault fault = TF_FAULT_TRANSFER;
	if (status == cudaSuccess) {
		fault = TF_FAULT_LAUNCH;
		status = tf_gpu_inject(TF_FAULT_LAUNCH);
		if (status == cudaSuccess)
			status = factor(s, info);
	}
	/* the factors and pivots written back; A is lost from here on */
	if (status == cudaSuccess) {
		fault = TF_FAULT_TRANSFER;
		status = copy_out(s, s->factors, width * n, n, a, (size_t)width * lda, 1, pinned);
		if (status != cudaSuccess) /* a partly written, the original on the device */
			tf_fatal("%s: the factors could not be copied back into A (%s); stopping "
				 "rather than return a partly written A", s->routine,
				 cudaGetErrorString(status));
		if (!uplo && (status = cudaMemcpy(ipiv, s->ipiv, (size_t)n * sizeof *ipiv,
						  cudaMemcpyDefault)) != cudaSuccess)
			tf_fatal("%s: the pivots could not be copied back (%s)", s->routine,
				 cudaGetErrorString(status));
	}
	if (pinned && cudaHostUnregister(a) != cudaSuccess)
		cudaGetLastError();
	if (status != cudaSuccess) {
		tf_gpu_finish(gpu, s->routine, fault, status, 0);
		free(s);
		*failed = 1;
		return NULL;
	}
	return s;
}

/* A failure within a system: reported, the stream drained, the error
 * cleared; the GPU stays held until the system ends. */
static int failed(struct tf_gpu_system *s, enum tf_gpu_fault kind, cudaError_t status)
{
	cudaStreamSynchronize(s->stream);
	cudaGetLastError();
	tf_gpu_failed(s->routine, kind, status);
	return -1;
}

int tf_gpu_system_solve(struct tf_gpu_system *s, int nrhs, double *x, int ldx)
{
	const struct tf_cusolver *c = s->cusolver;
	const int t = s->complex, n = s->n, width = s->width;
	cudaError_t status = tf_gpu_inject(TF_FAULT_TRANSFER);
	/* columns at a time that the workspace holds */
	const int fits = (int)(s->work_bytes / ((size_t)width * n * sizeof(double)));
	for (int first = 0; first < nrhs && status == cudaSuccess; first += fits) {
		const int count = nrhs - first < fits ? nrhs - first : fits;
		double *column = x + (size_t)width * first * ldx;
		status = copy_in(s, column, (size_t)width * ldx, width * n, count, s->work,
				 (size_t)width * n, 0);
		if (status != cudaSuccess)
			return failed(s, TF_FAULT_TRANSFER, status);
		cusolverStatus_t solved = s->uplo
			? c->potrs[t](c->handle, s->uplo == 'U' ? CUBLAS_FILL_MODE_UPPER
								 : CUBLAS_FILL_MODE_LOWER,
				      n, count, s->factors, n, s->work, n, s->info)
			: c->getrs[t](c->handle, CUBLAS_OP_N, n, count, s->factors, n, s->ipiv,
				      s->work, n, s->info);
		if ((status = error_of(solved)) != cudaSuccess)
			return failed(s, TF_FAULT_LAUNCH, status);
		status = copy_out(s, s->work, width * n, count, column, (size_t)width * ldx, 0, 0);
		if (status != cudaSuccess)
			return failed(s, TF_FAULT_TRANSFER, status);
	}
	return status == cudaSuccess ? 0 : failed(s, TF_FAULT_TRANSFER, status);
}

int tf_gpu_system_residual(struct tf_gpu_system *s, int c, const double *x_hi,
			   const double *x_lo, double *r, double *r_lo)
{
	const size_t elements = (size_t)s->width * s->n, bytes = elements * sizeof(double);
	cudaError_t status = tf_gpu_inject(TF_FAULT_TRANSFER);
	if (status == cudaSuccess)
		status = cudaMemcpyAsync(s->x_hi, x_hi, bytes, cudaMemcpyHostToDevice, s->stream);
	if (status == cudaSuccess)
		status = cudaMemcpyAsync(s->x_lo, x_lo, bytes, cudaMemcpyHostToDevice, s->stream);
	if (status != cudaSuccess)
		return failed(s, TF_FAULT_TRANSFER, status);
	if ((status = tf_gpu_inject(TF_FAULT_LAUNCH)) == cudaSuccess)
		status = tf_kernel_solve_residual(s->complex, s->n, s->original, s->n, s->x_hi,
						  s->x_lo, s->b + c * elements, s->r,
						  r_lo ? s->r_lo : NULL, s->residual_scratch,
						  s->gpu->multiprocessors, s->stream);
	if (status != cudaSuccess)
		return failed(s, TF_FAULT_LAUNCH, status);
	status = cudaMemcpyAsync(r, s->r, bytes, cudaMemcpyDeviceToHost, s->stream);
	if (status == cudaSuccess && r_lo)
		status = cudaMemcpyAsync(r_lo, s->r_lo, bytes, cudaMemcpyDeviceToHost, s->stream);
	if (status == cudaSuccess)
		status = cudaStreamSynchronize(s->stream);
	return status == cudaSuccess ? 0 : failed(s, TF_FAULT_TRANSFER, status);
}

int tf_gpu_system_original(struct tf_gpu_system *s, double *a, double *b)
{
	const int rows = s->width * s->n;
	cudaError_t status = tf_gpu_inject(TF_FAULT_TRANSFER);
	if (status == cudaSuccess)
		status = tf_gpu_download(s->gpu, s->original, rows, s->n, a, rows, s->stream);
	if (status == cudaSuccess)
		status = tf_gpu_download(s->gpu, s->b, rows, s->nrhs, b, rows, s->stream);
	return status == cudaSuccess ? 0 : failed(s, TF_FAULT_TRANSFER, status);
}

void tf_gpu_system_end(struct tf_gpu_system *s)
{
	tf_gpu_release(s->gpu);
	free(s);
}

int tf_gpu_copy_matrix(size_t size, int rows, int cols, const void *from, int ldfrom, void *to,
		       int ldto)
{
	cudaError_t status = tf_gpu_inject(TF_FAULT_TRANSFER);
	if (status == cudaSuccess)
		status = cudaMemcpy2D(to, (size_t)ldto * size, from, (size_t)ldfrom * size,
				      (size_t)rows * size, cols, cudaMemcpyDefault);
	if (status == cudaSuccess)
		return 0;
	cudaGetLastError();
	tf_gpu_failed("a copy of a solve's matrix", TF_FAULT_TRANSFER, status);
	return -1;
}

int tf_gpu_solver_resident(const void *p)
{
	return tf_gpu_usable() && tf_gpu_is_device_memory(p);
}
