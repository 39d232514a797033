/* The GPUs twofold uses: chosen (core/device_choice.h) and set up at first
 * use, one context per GPU listed (a GPU listed twice has two), each with
 * its own streams, staging buffers, events, arena, cuBLAS handle and lock.
 * Every call takes the first context; a large product is split across all
 * of them (gpu/devices.c).  Every CUDA failure is reported through
 * tf_gpu_failed and makes the caller fall back to the CPU. */
#ifndef TF_GPU_CONTEXT_H
#define TF_GPU_CONTEXT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <cuda_runtime_api.h>

#define TF_GPU_STREAMS 2
#define TF_GPU_EVENTS 12

/* Bytes of a context's readback words. */
#define TF_GPU_READBACK_BYTES 64

struct tf_gpu_context {
	int device;
	int index;                /* in the list of contexts, 0 for the first */
	int reads_first;          /* its kernels can read and write the first
				     context's device memory (the same device,
				     or peer access enabled) */
	char name[256];
	int multiprocessors;
	int fp64_weak;            /* FP64 at 1/16 of FP32 or less: df pays off */
	double dd_gemm_flops;     /* modelled rates, for the planner */
	double df_gemm_flops;
	double native_gemm_flops;
	double int8_gemm_ops;     /* INT8 tensor-core GEMM, int32 sums; 0: none */
	double link_bytes;        /* host to device, pageable memory */
	size_t memory_budget;     /* device bytes a call may use */
	cudaStream_t streams[TF_GPU_STREAMS];
	void *staging[TF_GPU_STREAMS]; /* pinned host buffers */
	cudaEvent_t staging_free[TF_GPU_STREAMS]; /* the last copy out of each */
	cudaEvent_t staging_full[TF_GPU_STREAMS]; /* the last copy into each */
	int next_staging;
	size_t staging_bytes;
	/* The host side of the staging copies runs on a pool of its own with
	 * the CPU's threads shared out among the GPUs in use (transfer.h) */
	struct tf_pool *copiers;
	int copy_threads;
	cudaEvent_t events[TF_GPU_EVENTS]; /* for a call's ordering; kept */
	/* The caller's work on the default streams, which every call's
	 * streams wait for (tf_gpu_acquire). */
	cudaEvent_t caller_done;
	void *arena;              /* device scratch, grown to the largest need */
	size_t arena_bytes;
	/* The buffer of an op whose operands live across the GEMMs it plans
	 * (a real form, the triangular solve), kept between ops as the arena
	 * is; `span_taken` while an op holds it. */
	void *span;
	size_t span_bytes;
	atomic_int span_taken;
	unsigned *counter;        /* device counter of non-finite results */
	/* Pinned host words (TF_GPU_READBACK_BYTES) that small ops copy their
	 * counter and result back into: a copy into pageable memory waits for
	 * the driver's own staging.  Mapped: its first word is also written by
	 * the Level 2 kernels themselves, at readback_device. */
	void *readback;
	unsigned *readback_device;
	/* Pinned host scratch (the split engine's scan and budget), grown to
	 * the largest need. */
	void *host_scratch;
	size_t host_scratch_bytes;
	void *cublas;             /* struct tf_cublas, made by tf_cublas at first use */
	int cublas_state;         /* 0: not tried, 1: made, -1: unavailable */
	pthread_mutex_t lock;
};

/* Kinds of CUDA failure, for reports and for TWOFOLD_GPU_FAULT. */
enum tf_gpu_fault {
	TF_FAULT_NONE,
	TF_FAULT_INIT,     /* choosing or setting up the device */
	TF_FAULT_ALLOC,    /* device memory for a call */
	TF_FAULT_LAUNCH,   /* a kernel launch or its execution */
	TF_FAULT_TRANSFER  /* a copy between host and device */
};

/* The GPU, locked for the caller; NULL when there is none that works (the
 * reason was reported once).  Release it with tf_gpu_release. */
struct tf_gpu_context *tf_gpu_acquire(void);
void tf_gpu_release(struct tf_gpu_context *gpu);

/* The number of contexts (the GPUs listed, repeats counted); 0 when there
 * is no usable GPU. */
int tf_gpu_context_count(void);

/* Context `index` (1 to tf_gpu_context_count() - 1), locked, for a part of
 * a call that holds the first: its streams wait for the caller's work on
 * its device's default streams and for the first context's (whose device
 * memory it may read).  NULL after a failure (reported). */
struct tf_gpu_context *tf_gpu_acquire_other(int index, const struct tf_gpu_context *first);

/* Whether context `index` can reach the first context's device memory. */
int tf_gpu_context_reaches_first(int index);

/* Whether a usable GPU exists; sets it up on the first call. */
int tf_gpu_usable(void);

/* The context, read only, for its rates and properties: set once at
 * initialization, so that no lock is needed to read them. */
const struct tf_gpu_context *tf_gpu_rates(void);


/* status, unless TWOFOLD_GPU_FAULT names this kind of failure: then the
 * error a real failure of that kind gives.  Call before the CUDA call it
 * stands for, and skip that call when this returns an error. */
cudaError_t tf_gpu_inject(enum tf_gpu_fault kind);

/* Device scratch of at least `bytes`, kept for later calls (grown only when
 * a call needs more).  NULL after a failure.  Where the device has no room,
 * the span buffer below is freed for it when no op holds it. */
void *tf_gpu_scratch(struct tf_gpu_context *gpu, size_t bytes);

/* Pinned host scratch of at least `bytes`, kept for later calls as the
 * device scratch is: small arrays that cross to and from the device in
 * the middle of an op, which pageable memory would make wait for the
 * driver's staging copies.  NULL after a failure. */
void *tf_gpu_host_scratch(struct tf_gpu_context *gpu, size_t bytes);

/* The span buffer, at least `bytes`, for an op whose operands must live
 * across the GEMMs it plans (those take the scratch arena): a cudaMalloc and
 * cudaFree of a few hundred megabytes cost such an op milliseconds each
 * time.  NULL when another op holds it or the device has no room (the op
 * then allocates its own).  Returned with tf_gpu_span_return, from any
 * thread; kept for the next op up to an eighth of the memory budget. */
void *tf_gpu_span_take(struct tf_gpu_context *gpu, size_t bytes);
void tf_gpu_span_return(struct tf_gpu_context *gpu);

/* One line on stderr for a failed GPU call; a failure that leaves the
 * device unusable (a sticky error) also disables the GPU for the rest of
 * the run. */
void tf_gpu_failed(const char *routine, enum tf_gpu_fault kind, cudaError_t status);

/* The end of a call on the GPU: after a failure, the stream drained, the
 * error cleared and reported (tf_gpu_failed), and the program stopped when
 * the output was in device or managed memory and may have been partly
 * written (in_place_lost); then the context released.  Returns 0 when the
 * call succeeded, -1 when the caller is to compute it elsewhere. */
int tf_gpu_finish(struct tf_gpu_context *gpu, const char *routine, enum tf_gpu_fault kind,
		  cudaError_t status, int in_place_lost);

#endif
