#include "config.h"

#include <pthread.h>
#include "core/environment.h"
#include "core/message.h"
#include "cpu/dd_kernels.h"
#include "cpu/forward.h"
#include "cpu/threads.h"
#include "gpu/device.h"
#include "gpu/gpu.h"
#include "plan/plan.h"

/* The CPU DD kernels' rates, from measurements on AVX2 processors (about
 * 2.3 GFLOP/s per core for gemm; gemv and axpy stream their data at a few
 * GB/s per core); an estimate, good enough to tell GPU from CPU. */
#define CPU_DD_GEMM_FLOPS_PER_THREAD 2.0e9
#define CPU_DD_BYTES_PER_THREAD 4.0e9
/* What starting a GPU call costs, whatever its size. */
#define GPU_CALL_SECONDS 30e-6

static pthread_once_t gpu_mode_notice_once = PTHREAD_ONCE_INIT;

static void gpu_mode_notice(void)
{
	tf_message("TWOFOLD_MODE=%s computes on a GPU, and no GPU backend is in use here: "
		   "dgemm, dgemv and daxpy go to the CPU BLAS", tf_mode_name(tf_config()->mode));
}

/* The op on the CPU: DD kernels in dd mode, the CPU BLAS in the others. */
static enum tf_where run_cpu(const struct tf_op *op)
{
	if (tf_config()->mode != TF_MODE_DD) {
		tf_cpu_forward(op);
		return TF_WHERE_CPU_BLAS;
	}
	switch (op->kind) {
	case TF_OP_GEMM: tf_cpu_dd_gemm(op); break;
	case TF_OP_GEMV: tf_cpu_dd_gemv(op); break;
	case TF_OP_AXPY: tf_cpu_dd_axpy(op); break;
	}
	return TF_WHERE_CPU_DD;
}

/* Parts the GPU left: computed on the CPU, which can read them unless they
 * are in device memory. */
static void run_undone_on_cpu(const struct tf_op *part, void *context)
{
	(void)context;
	if (tf_gpu_op_resident(part) && !tf_gpu_op_host_readable(part))
		tf_fatal("a %s on device memory could not be computed on the GPU, and the CPU cannot "
			 "read device memory", part->kind == TF_OP_GEMM ? "dgemm" :
			 part->kind == TF_OP_GEMV ? "dgemv" : "daxpy");
	run_cpu(part);
}

/* Whether the GPU computes a host-array op sooner than the CPU, transfers
 * included; TWOFOLD_GPU_MIN_FLOPS replaces the estimate by a threshold. */
static int gpu_is_faster(const struct tf_op *op)
{
	double flops = tf_op_flops(op), threshold = tf_config()->gpu_min_flops;
	if (threshold >= 0)
		return flops >= threshold;
	double gpu_rate = tf_gpu_dd_gemm_flops();
	if (gpu_rate <= 0)
		return 0;
	double threads = tf_cpu_threads();
	double gpu = GPU_CALL_SECONDS + flops / gpu_rate + tf_op_bytes(op) / tf_gpu_link_bytes();
	double cpu = op->kind == TF_OP_GEMM ? flops / (threads * CPU_DD_GEMM_FLOPS_PER_THREAD)
					    : tf_op_bytes(op) / (threads * CPU_DD_BYTES_PER_THREAD);
	return gpu < cpu;
}

/* dd: the GPU when its data is there or it is faster, else the CPU DD
 * kernels.  cpu: the CPU BLAS.  df, fast and native need arithmetic the GPU
 * backend does not have yet: the CPU BLAS after one notice (the GPU, in DD,
 * for arrays in device memory, which the CPU cannot read).  With
 * TWOFOLD_LOG the GPUs are discovered, so that the report says what there is. */
enum tf_where tf_plan_run(const struct tf_op *op)
{
	const struct tf_config *config = tf_config();
	if (config->log)
		tf_gpu_describe();
	if (config->mode == TF_MODE_CPU) {
		tf_cpu_forward(op);
		return TF_WHERE_CPU_BLAS;
	}
	int resident = tf_gpu_op_resident(op);
	if (config->mode != TF_MODE_DD && !resident)
		pthread_once(&gpu_mode_notice_once, gpu_mode_notice);
	else if (resident || gpu_is_faster(op)) {
		if (tf_gpu_run(op, TF_GPU_DD, run_undone_on_cpu, NULL) == 0)
			return TF_WHERE_GPU;
	}
	if (resident && !tf_gpu_op_host_readable(op))
		run_undone_on_cpu(op, NULL);
	return run_cpu(op);
}
