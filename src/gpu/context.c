#include "config.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <cuda_runtime_api.h>
#include "core/device_choice.h"
#include "core/environment.h"
#include "core/message.h"
#include "core/threads.h"
#include "gpu/context.h"
#include "gpu/device.h"
#include "kernels/probe.h"

#define STAGING_BYTES (32u << 20)
/* Failure reports after which further ones are counted, not printed. */
#define REPORTS_MAX 20

static struct tf_gpu_context contexts[TF_DEVICE_LIST_MAX];
static int context_count;
static struct tf_device_choice choice;
static char used_text[384];
static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static atomic_int usable;
static atomic_int reports;

static const char *const fault_names[] = {
	[TF_FAULT_NONE] = "", [TF_FAULT_INIT] = "initialization", [TF_FAULT_ALLOC] = "allocation",
	[TF_FAULT_LAUNCH] = "kernel launch", [TF_FAULT_TRANSFER] = "transfer",
};

cudaError_t tf_gpu_inject(enum tf_gpu_fault kind)
{
	static const char *const config_names[] = {
		[TF_FAULT_INIT] = "init", [TF_FAULT_ALLOC] = "alloc",
		[TF_FAULT_LAUNCH] = "launch", [TF_FAULT_TRANSFER] = "transfer",
	};
	static const cudaError_t errors[] = {
		[TF_FAULT_INIT] = cudaErrorInitializationError, [TF_FAULT_ALLOC] = cudaErrorMemoryAllocation,
		[TF_FAULT_LAUNCH] = cudaErrorLaunchFailure, [TF_FAULT_TRANSFER] = cudaErrorUnknown,
	};
	const char *wanted = tf_config()->gpu_fault;
	if (kind != TF_FAULT_NONE && *wanted && strcmp(wanted, config_names[kind]) == 0)
		return errors[kind];
	return cudaSuccess;
}

/* Errors after which the CUDA context cannot be used again. */
static int is_sticky(cudaError_t status)
{
	switch (status) {
	case cudaErrorIllegalAddress:
	case cudaErrorLaunchFailure:
	case cudaErrorIllegalInstruction:
	case cudaErrorMisalignedAddress:
	case cudaErrorHardwareStackError:
	case cudaErrorAssert:
	case cudaErrorECCUncorrectable:
	case cudaErrorUnknown:
		return 1;
	default:
		return 0;
	}
}

void tf_gpu_failed(const char *routine, enum tf_gpu_fault kind, cudaError_t status)
{
	int sticky = is_sticky(status) && !*tf_config()->gpu_fault;
	int count = atomic_fetch_add(&reports, 1);
	if (count < REPORTS_MAX)
		tf_message("GPU %s failed (%s: %s); computed on the CPU%s", routine, fault_names[kind],
			   cudaGetErrorString(status), sticky ? "; the GPU is not used again" : "");
	else if (count == REPORTS_MAX)
		tf_message("further GPU failures are not reported");
	if (sticky)
		usable = 0;
}

int tf_gpu_finish(struct tf_gpu_context *gpu, const char *routine, enum tf_gpu_fault kind,
		  cudaError_t status, int in_place_lost)
{
	if (status != cudaSuccess) {
		cudaStreamSynchronize(gpu->streams[1]);
		cudaGetLastError();
		tf_gpu_failed(routine, kind, status);
		if (in_place_lost)
			tf_fatal("%s: its output, in device or managed memory, may have been partly "
				 "written by the failed kernel; stopping rather than return a wrong result",
				 routine);
	}
	tf_gpu_release(gpu);
	return status == cudaSuccess ? 0 : -1;
}

/* Fused multiply-add units per multiprocessor, FP64 and FP32, by compute
 * capability (NVIDIA's throughput tables).  GPUs not listed have the
 * consumer ratio, 2 FP64 units to 128 FP32. */
static void units_per_multiprocessor(int major, int minor, int *fp64, int *fp32)
{
	static const struct { int cc, fp64, fp32; } table[] = {
		{ 60, 32, 64 }, { 70, 32, 64 }, { 75, 2, 64 }, { 80, 32, 64 },
		{ 90, 64, 128 }, { 100, 64, 128 },
	};
	int cc = 10 * major + minor;
	*fp64 = 2;
	*fp32 = 128;
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (table[i].cc == cc) {
			*fp64 = table[i].fp64;
			*fp32 = table[i].fp32;
		}
}

/* One context on `device`; its memory budget is set by set_up. */
static cudaError_t set_up_context(struct tf_gpu_context *context, int device, size_t *free_bytes)
{
	context->device = device;
	cudaError_t status;
	struct cudaDeviceProp prop;
	if ((status = cudaSetDevice(context->device)) != cudaSuccess ||
	    (status = cudaGetDeviceProperties(&prop, context->device)) != cudaSuccess)
		return status;
	snprintf(context->name, sizeof context->name, "%s", prop.name);
	context->multiprocessors = prop.multiProcessorCount;
	int khz = 0, fp64, fp32;
	cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, context->device);
	units_per_multiprocessor(prop.major, prop.minor, &fp64, &fp32);
	context->fp64_weak = 16 * fp64 <= fp32;
	/* A DD step is 10 FP64 operations for 2 flops; the GEMM kernel runs at
	 * about 85% of that rate. */
	double fp64_flops = 2.0 * fp64 * (double)prop.multiProcessorCount * khz * 1e3;
	context->dd_gemm_flops = 0.85 * fp64_flops / 10.0;
	/* A DF step is 12 FP32 operations for 2 flops. */
	context->df_gemm_flops = 0.8 * fp32 * (double)prop.multiProcessorCount * khz * 1e3 * 2.0 / 12.0;
	/* cuBLAS DGEMM: the FP64 tensor cores of compute capability 8.0, 9.0
	 * and 10.0 double the rate */
	int tensor = prop.major == 8 && prop.minor == 0 ? 2 : prop.major >= 9 && fp64 >= 32 ? 2 : 1;
	context->native_gemm_flops = 0.85 * tensor * fp64_flops;
	/* INT8 tensor cores (dense, int32 sums), per multiprocessor and clock:
	 * 2048 on compute capability 7.5 and 8.6-8.9, 4096 on 8.0, 8192 from
	 * 9.0 on; cuBLAS reaches some 70% of it on large products. */
	int int8 = prop.major >= 9 ? 8192 : prop.major == 8 && prop.minor == 0 ? 4096
				 : prop.major * 10 + prop.minor >= 75 ? 2048 : 0;
	context->int8_gemm_ops = 0.7 * int8 * (double)prop.multiProcessorCount * khz * 1e3;
	context->link_bytes = 8e9;

	/* The probe proves this build's device code runs on this device. */
	unsigned *word = NULL;
	if ((status = tf_gpu_inject(TF_FAULT_INIT)) != cudaSuccess ||
	    (status = cudaMalloc((void **)&word, sizeof *word)) != cudaSuccess)
		return status;
	context->counter = word;
	unsigned value = 0;
	if ((status = (cudaError_t)tf_kernel_probe(word)) != cudaSuccess ||
	    (status = cudaMemcpy(&value, word, sizeof value, cudaMemcpyDeviceToHost)) != cudaSuccess)
		return status;
	if (value != TF_PROBE_VALUE)
		return cudaErrorInvalidKernelImage;
	if ((status = cudaHostAlloc(&context->readback, TF_GPU_READBACK_BYTES, cudaHostAllocMapped)) !=
		    cudaSuccess ||
	    (status = cudaHostGetDevicePointer((void **)&context->readback_device, context->readback, 0)) !=
		    cudaSuccess)
		return status;

	for (int s = 0; s < TF_GPU_STREAMS; s++) {
		if ((status = cudaStreamCreateWithFlags(&context->streams[s], cudaStreamNonBlocking)) != cudaSuccess)
			return status;
		if ((status = cudaHostAlloc(&context->staging[s], STAGING_BYTES, cudaHostAllocDefault)) != cudaSuccess)
			return status;
		if ((status = cudaEventCreateWithFlags(&context->staging_free[s], cudaEventDisableTiming)) != cudaSuccess ||
		    (status = cudaEventCreateWithFlags(&context->staging_full[s], cudaEventDisableTiming)) != cudaSuccess)
			return status;
	}
	context->staging_bytes = STAGING_BYTES;
	for (int e = 0; e < TF_GPU_EVENTS; e++)
		if ((status = cudaEventCreateWithFlags(&context->events[e], cudaEventDisableTiming)) != cudaSuccess)
			return status;
	if ((status = cudaEventCreateWithFlags(&context->caller_done, cudaEventDisableTiming)) != cudaSuccess)
		return status;
	size_t total_bytes = 0;
	return cudaMemGetInfo(free_bytes, &total_bytes);
}

/* Lets context's kernels reach the first context's device memory (the
 * device arrays of a call split across GPUs): the same device, or peer
 * access; without it such a call stays on the first GPU. */
static void reach_first(struct tf_gpu_context *context)
{
	int first = contexts[0].device, can = 0;
	if (context->device == first) {
		context->reads_first = 1;
		return;
	}
	if (cudaDeviceCanAccessPeer(&can, context->device, first) != cudaSuccess || !can) {
		cudaGetLastError();
		return;
	}
	cudaError_t status = cudaDeviceEnablePeerAccess(first, 0);
	if (status == cudaErrorPeerAccessAlreadyEnabled)
		status = cudaSuccess;
	cudaGetLastError();
	context->reads_first = status == cudaSuccess;
}

static cudaError_t set_up(void)
{
	const struct tf_config *config = tf_config();
	int count = 0;
	cudaError_t status = tf_gpu_inject(TF_FAULT_INIT);
	if (status == cudaSuccess)
		status = cudaGetDeviceCount(&count);
	char none[128];
	if (tf_gpu_none_found(status, count, none, sizeof none)) {
		/* No GPU: the CPU, silently; but a driver too old to use is said. */
		if (strncmp(none, "no GPU found", 12) != 0)
			tf_message("%s; computing on the CPU", none);
		return cudaErrorNoDevice;
	}
	if (status != cudaSuccess)
		return status;
	tf_device_choose(count, &choice);
	for (int i = 0; i < choice.count; i++)
		if (choice.devices[i] >= count) {
			tf_message("TWOFOLD_DEVICE lists GPU %d, but there are %d GPUs; computing on the CPU",
				   choice.devices[i], count);
			return cudaErrorNoDevice;
		}
	if (choice.count == 0)
		return cudaErrorNoDevice;
	size_t free_bytes[TF_DEVICE_LIST_MAX];
	for (int i = 0; i < choice.count; i++) {
		contexts[i].index = i;
		if ((status = set_up_context(&contexts[i], choice.devices[i], &free_bytes[i])) != cudaSuccess)
			return status;
		reach_first(&contexts[i]);
		context_count = i + 1;
	}
	/* Contexts on one device share its memory. */
	for (int i = 0; i < context_count; i++) {
		int sharing = 0;
		for (int j = 0; j < context_count; j++)
			sharing += contexts[j].device == contexts[i].device;
		contexts[i].memory_budget = config->gpu_memory > 0 ? (size_t)config->gpu_memory
								   : free_bytes[i] / 10 * 9 / (size_t)sharing;
	}
	/* The CPU's threads shared out for the GPUs' host copies */
	for (int i = 0; i < context_count; i++) {
		contexts[i].copiers = tf_pool_new("twofold-copier");
		contexts[i].copy_threads = tf_cpu_threads() / context_count;
	}
	cudaSetDevice(contexts[0].device);
	char list[128];
	tf_device_list_text(&choice, list, sizeof list);
	snprintf(used_text, sizeof used_text, "%s %s (%s)", context_count > 1 ? "GPUs" : "GPU", list,
		 choice.why);
	return cudaSuccess;
}

static void init(void)
{
	for (int i = 0; i < TF_DEVICE_LIST_MAX; i++)
		pthread_mutex_init(&contexts[i].lock, NULL);
	cudaError_t status = set_up();
	if (status == cudaSuccess) {
		usable = 1;
		return;
	}
	if (status != cudaErrorNoDevice)
		tf_message("the GPU could not be set up (%s); computing on the CPU", cudaGetErrorString(status));
}

int tf_gpu_usable(void)
{
	pthread_once(&init_once, init);
	return usable;
}

/* The library's streams are non-blocking, so nothing orders them after the
 * caller's work on a default stream, and a cudaMemcpy from pageable memory
 * returns before its data reach the device: each stream waits for an event
 * recorded on the legacy default stream, which comes after the work of the
 * blocking streams, per-thread default streams included. */
static cudaError_t after_callers_work(struct tf_gpu_context *context)
{
	cudaError_t status = cudaEventRecord(context->caller_done, cudaStreamLegacy);
	for (int s = 0; s < TF_GPU_STREAMS && status == cudaSuccess; s++)
		status = cudaStreamWaitEvent(context->streams[s], context->caller_done, 0);
	return status;
}

static struct tf_gpu_context *acquire(struct tf_gpu_context *context,
				      const struct tf_gpu_context *first)
{
	pthread_mutex_lock(&context->lock);
	if (!usable) {
		pthread_mutex_unlock(&context->lock);
		return NULL;
	}
	/* CUDA's current device is per thread. */
	cudaError_t status = cudaSetDevice(context->device);
	if (status == cudaSuccess)
		status = after_callers_work(context);
	for (int s = 0; s < TF_GPU_STREAMS && first && status == cudaSuccess; s++)
		status = cudaStreamWaitEvent(context->streams[s], first->caller_done, 0);
	if (status != cudaSuccess) {
		pthread_mutex_unlock(&context->lock);
		return NULL;
	}
	return context;
}

struct tf_gpu_context *tf_gpu_acquire(void)
{
	if (!tf_gpu_usable())
		return NULL;
	return acquire(&contexts[0], NULL);
}

struct tf_gpu_context *tf_gpu_acquire_other(int index, const struct tf_gpu_context *first)
{
	if (index <= 0 || index >= context_count)
		return NULL;
	return acquire(&contexts[index], first);
}

int tf_gpu_context_reaches_first(int index)
{
	return index >= 0 && index < context_count && contexts[index].reads_first;
}

int tf_gpu_context_count(void)
{
	return tf_gpu_usable() ? context_count : 0;
}

const char *tf_gpu_used(void)
{
	return *used_text ? used_text : NULL;
}

void tf_gpu_release(struct tf_gpu_context *context)
{
	pthread_mutex_unlock(&context->lock);
}

const struct tf_gpu_context *tf_gpu_rates(void)
{
	return &contexts[0];
}

/* Frees the span buffer when no op holds it; whether it did. */
static int free_span(struct tf_gpu_context *context)
{
	int idle = 0;
	if (!context->span || !atomic_compare_exchange_strong(&context->span_taken, &idle, 1))
		return 0;
	cudaFree(context->span);
	context->span = NULL;
	context->span_bytes = 0;
	atomic_store(&context->span_taken, 0);
	return 1;
}

void *tf_gpu_scratch(struct tf_gpu_context *context, size_t bytes)
{
	if (bytes <= context->arena_bytes)
		return context->arena;
	if (context->arena)
		cudaFree(context->arena);
	context->arena = NULL;
	context->arena_bytes = 0;
	if (tf_gpu_inject(TF_FAULT_ALLOC) != cudaSuccess)
		return NULL;
	if (cudaMalloc(&context->arena, bytes) != cudaSuccess) {
		cudaGetLastError();
		if (!free_span(context) || cudaMalloc(&context->arena, bytes) != cudaSuccess) {
			context->arena = NULL;
			return NULL;
		}
	}
	context->arena_bytes = bytes;
	return context->arena;
}

void *tf_gpu_host_scratch(struct tf_gpu_context *context, size_t bytes)
{
	if (bytes <= context->host_scratch_bytes)
		return context->host_scratch;
	if (context->host_scratch)
		cudaFreeHost(context->host_scratch);
	context->host_scratch = NULL;
	context->host_scratch_bytes = 0;
	if (tf_gpu_inject(TF_FAULT_ALLOC) != cudaSuccess)
		return NULL;
	if (cudaHostAlloc(&context->host_scratch, bytes, cudaHostAllocDefault) != cudaSuccess) {
		cudaGetLastError();
		context->host_scratch = NULL;
		return NULL;
	}
	context->host_scratch_bytes = bytes;
	return context->host_scratch;
}

void *tf_gpu_span_take(struct tf_gpu_context *context, size_t bytes)
{
	int idle = 0;
	if (!atomic_compare_exchange_strong(&context->span_taken, &idle, 1))
		return NULL;
	if (bytes > context->span_bytes) {
		if (context->span)
			cudaFree(context->span);
		context->span_bytes = 0;
		if (cudaMalloc(&context->span, bytes) != cudaSuccess) {
			cudaGetLastError();
			context->span = NULL;
			atomic_store(&context->span_taken, 0);
			return NULL;
		}
		context->span_bytes = bytes;
	}
	return context->span;
}

/* The span buffer is kept up to this share of the memory budget: beyond,
 * it would hold what the ops that allocate their own memory need. */
#define SPAN_KEPT_SHARE 8

void tf_gpu_span_return(struct tf_gpu_context *context)
{
	/* what is queued on the buffer is done before another op takes it, as
	 * cudaFree would have waited for it */
	cudaDeviceSynchronize();
	if (context->span_bytes > context->memory_budget / SPAN_KEPT_SHARE) {
		cudaFree(context->span);
		context->span = NULL;
		context->span_bytes = 0;
	}
	atomic_store(&context->span_taken, 0);
}
