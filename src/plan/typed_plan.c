#include "config.h"

#include "core/environment.h"
#include "core/message.h"
#include "core/threads.h"
#include "cpu/typed.h"
#include "gpu/device.h"
#include "gpu/typed.h"
#include "plan/cost.h"
#include "plan/split_plan.h"
#include "op/routines.h"
#include "plan/typed_plan.h"

/* Estimates, good enough to tell GPU from CPU for host arrays.  The CPU's
 * rate per thread in each working arithmetic (a DD multiply-add of DD
 * operands is some 20 double operations, a TS one some 60 float
 * operations); the GPU's relative to its modelled DD-step (double
 * operands) and DF-step GEMM rates, by the operations of a step. */
static double cpu_flops_per_thread(enum tf_format format)
{
	switch (format) {
	case TF_FORMAT_DF: return 1.5e9;
	case TF_FORMAT_TS: return 0.3e9;
	default: return 0.8e9;
	}
}

static double gpu_flops(enum tf_format format)
{
	switch (format) {
	case TF_FORMAT_DF: return tf_gpu_gemm_flops(TF_GPU_DF);
	case TF_FORMAT_TS: return 0.25 * tf_gpu_gemm_flops(TF_GPU_DF);
	default: return 0.75 * tf_gpu_gemm_flops(TF_GPU_DD);
	}
}

/* Whether the GPU computes an op on host arrays sooner than the CPU,
 * transfers included; TWOFOLD_GPU_MIN_FLOPS replaces the estimate by a
 * threshold. */
static int gpu_is_faster(const struct tf_typed_op *op)
{
	double flops = tf_typed_op_flops(op), threshold = tf_config()->gpu_min_flops;
	if (threshold >= 0)
		return flops >= threshold;
	double rate = gpu_flops(op->format), link = tf_gpu_link_bytes();
	if (rate <= 0 || link <= 0)
		return 0;
	double threads = tf_cpu_threads(), bytes = tf_typed_op_bytes(op);
	double gpu = tf_cost_gpu_seconds(flops, rate, bytes, link);
	double cpu_compute = flops / (threads * cpu_flops_per_thread(op->format));
	double cpu_memory = bytes / (threads * TF_COST_CPU_BYTES_PER_THREAD);
	return gpu < (cpu_compute > cpu_memory ? cpu_compute : cpu_memory);
}

/* The GPU when the arrays live there (or some do and the CPU cannot read
 * them), or when it is faster; the CPU otherwise, and where the GPU could
 * not do it.  TWOFOLD_MODE=cpu keeps to the CPU what the CPU can read. */
enum tf_where tf_plan_typed(const struct tf_typed_op *op)
{
	const struct tf_config *config = tf_config();
	if (config->log)
		tf_gpu_describe();
	struct tf_gpu_memory memory = tf_gpu_typed_memory(op);
	int gpu_wanted = !memory.host_readable ||
			 (config->mode != TF_MODE_CPU && (memory.resident || gpu_is_faster(op)));
	enum tf_where where;
	if (tf_plan_split_typed(op, gpu_wanted, &where))
		return where;
	if (gpu_wanted && tf_gpu_typed_run(op, memory) == 0)
		return TF_WHERE_GPU;
	if (!memory.host_readable)
		tf_fatal("%s on device memory could not be computed on the GPU, and the CPU cannot "
			 "read device memory", tf_routine_name(op->routine));
	tf_cpu_typed_run(op);
	return TF_WHERE_CPU_TYPED;
}
