#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "core/environment.h"
#include "core/message.h"
#include "cpu/dd_kernels.h"
#include "cpu/forward.h"
#include "core/threads.h"
#include "gpu/device.h"
#include "gpu/gpu.h"
#include "gpu/real_form.h"
#include "gpu/trsm.h"
#include "plan/cost.h"
#include "plan/plan.h"
#include "plan/split_plan.h"
#include "plan/typed_plan.h"

static pthread_once_t no_gpu_notice_once = PTHREAD_ONCE_INIT;

static void no_gpu_notice(void)
{
	const char *absence = tf_gpu_absence();
	if (absence)
		tf_message("TWOFOLD_MODE=%s computes on a GPU: %s; dgemm, dgemv and daxpy go to the "
			   "CPU BLAS", tf_mode_name(tf_config()->mode), absence);
	else
		tf_message("TWOFOLD_MODE=%s computes on a GPU, and there is none to use here: "
			   "dgemm, dgemv and daxpy go to the CPU BLAS", tf_mode_name(tf_config()->mode));
}

/* The op on the CPU's DD kernels; the CPU BLAS where none computes it.
 * Inline: tf_plan_run's path for tiny calls in dd mode. */
static inline enum tf_where run_cpu_dd(const struct tf_op *op)
{
	if (tf_cpu_dd_run(op) != 0) {
		tf_cpu_forward(op); /* no DD kernel for it */
		return TF_WHERE_CPU_BLAS;
	}
	return TF_WHERE_CPU_DD;
}

/* The op on the CPU: DD kernels in dd mode, the CPU BLAS in the others. */
static enum tf_where run_cpu(const struct tf_op *op)
{
	if (tf_config()->mode != TF_MODE_DD) {
		tf_cpu_forward(op);
		return TF_WHERE_CPU_BLAS;
	}
	return run_cpu_dd(op);
}

static const char *routine_of(const struct tf_op *op)
{
	return tf_routine_name(op->blas);
}

static void run_cpu_part(const struct tf_op *part)
{
	run_cpu(part);
}

/* Parts the GPU left: computed on the CPU, on host copies of those of its
 * arrays that are in device memory (Level 1, 2 and 3 ops). */
static void run_undone_on_cpu(const struct tf_op *part, void *context)
{
	(void)context;
	const int host_readable = tf_gpu_op_memory(part).host_readable;
	if (!host_readable && tf_gpu_mirror_run(part, run_cpu_part) == 0)
		return;
	if (!host_readable)
		tf_fatal("a %s on device memory could not be computed on the GPU, and the CPU cannot "
			 "read device memory", routine_of(part));
	run_cpu(part);
}

/* A part the split engine left: the DD kernel on the GPU, else the CPU. */
static void run_elsewhere(const struct tf_op *part, void *context)
{
	(void)context;
	struct tf_gpu_memory memory = tf_gpu_op_memory(part);
	if (tf_gpu_run(part, TF_GPU_DD, memory, run_undone_on_cpu, NULL) != 0)
		run_undone_on_cpu(part, NULL);
}

/* The modelled seconds of a host-array op on the GPU (transfers included)
 * and on the CPU; the GPU's are 0 when there is no usable GPU. */
struct estimate {
	double gpu, cpu;
};

static struct estimate estimate(const struct tf_op *op, enum tf_gpu_arith arith)
{
	struct estimate e = { 0, 0 };
	double flops = tf_op_flops(op);
	double gpu_rate = tf_gpu_gemm_flops(arith);
	if (arith == TF_GPU_DD && op->kind == TF_OP_GEMM && op->type == TF_TYPE_D) {
		double split = tf_plan_split_flops(op->m, op->n, op->k);
		if (split > gpu_rate)
			gpu_rate = split;
	}
	double threads = tf_cpu_threads();
	double cpu_rate = threads * (tf_config()->mode == TF_MODE_DD ? TF_COST_CPU_DD_GEMM_FLOPS_PER_THREAD
								      : TF_COST_CPU_BLAS_GEMM_FLOPS_PER_THREAD);
	if (gpu_rate > 0)
		e.gpu = tf_cost_gpu_seconds(flops, gpu_rate, tf_op_bytes(op), tf_gpu_link_bytes());
	e.cpu = op->kind == TF_OP_GEMM ? flops / cpu_rate
				       : tf_op_bytes(op) / (threads * TF_COST_CPU_BYTES_PER_THREAD);
	return e;
}

/* Whether the GPU computes a host-array op sooner than the CPU, transfers
 * included; TWOFOLD_GPU_MIN_FLOPS replaces the estimate by a threshold. */
static int gpu_is_faster(const struct tf_op *op, enum tf_gpu_arith arith)
{
	double threshold = tf_config()->gpu_min_flops;
	if (threshold >= 0)
		return tf_op_flops(op) >= threshold;
	struct estimate e = estimate(op, arith);
	return e.gpu > 0 && e.gpu < e.cpu;
}

/* The GPU arithmetic of a mode: fast is df where FP64 runs at 1/16 of FP32
 * or less, native elsewhere. */
static enum tf_gpu_arith gpu_arith(tf_mode mode)
{
	switch (mode) {
	case TF_MODE_NATIVE: return TF_GPU_NATIVE;
	case TF_MODE_DF: return TF_GPU_DF;
	case TF_MODE_FAST: return tf_gpu_fp64_is_weak() ? TF_GPU_DF : TF_GPU_NATIVE;
	default: return TF_GPU_DD;
	}
}

/* Where a call that ran on the GPU in arith is counted (TWOFOLD_LOG). */
static enum tf_where gpu_where(enum tf_gpu_arith arith)
{
	switch (arith) {
	case TF_GPU_NATIVE: return TF_WHERE_GPU_NATIVE;
	case TF_GPU_DF: return TF_WHERE_GPU_DF;
	default: return TF_WHERE_GPU_DD;
	}
}

/* A Level 3 op that the GPU runs as real GEMMs (gpu/real_form.h), in dd
 * mode, when its arrays are on the device or the GPU is faster: written
 * out on the device, the GEMMs planned as dgemm's, the results written
 * back.  Returns 0 when it did not run (nothing changed): also when a
 * result is Inf or NaN, so that the CPU computes the op by the rule of
 * cpu/dd_output.h, and when a complex product may have left double's
 * range, which the CPU's kernels form again scaled (on host copies of
 * device arrays: the caller's). */
static int run_real_form(const struct tf_op *op, struct tf_gpu_memory memory)
{
	if (!tf_gpu_real_form_takes(op))
		return 0;
	/* An empty sum (k = 0): the CPU's kernels follow the reference, whose
	 * result is beta C, or NaN where alpha is Inf or NaN and multiplies
	 * the empty sum (op(A) transposed) */
	if ((op->kind == TF_OP_GEMM || op->kind == TF_OP_SYRK || op->kind == TF_OP_SYR2K) &&
	    op->k == 0)
		return 0;
	if (!memory.resident && !gpu_is_faster(op, TF_GPU_DD))
		return 0;
	struct tf_gpu_real_form form;
	if (tf_gpu_real_form_make(op, &form) != 0)
		return 0;
	for (int i = 0; i < form.count; i++)
		tf_plan_run(&form.gemm[i]);
	for (int i = 0; i < form.typed_count; i++)
		tf_plan_typed(&form.typed[i]);
	return tf_gpu_real_form_finish(op, &form) == 0;
}

/* An update of the GPU's triangular solve (gpu/trsm.h): a DD GEMM on
 * device arrays, planned as the typed API's. */
static int run_trsm_update(const struct tf_typed_op *update)
{
	tf_plan_typed(update);
	return 0;
}

/* dtrsm and ztrsm on the GPU in dd mode (gpu/trsm.h), when its arrays are
 * on the device or the GPU is faster.  Returns 0 when it did not run
 * (nothing changed): also when a result is Inf or NaN, or a numerator
 * left the range, so that the CPU computes the op by its rule. */
static int run_trsm(const struct tf_op *op, struct tf_gpu_memory memory)
{
	if (!tf_gpu_trsm_takes(op))
		return 0;
	if (!memory.resident && !gpu_is_faster(op, TF_GPU_DD))
		return 0;
	return tf_gpu_trsm_run(op, run_trsm_update) == 0;
}

/* An op the GPU does not compute as a whole (tf_gpu_computes: the Level 3
 * ops but dgemm, and a rotation or complex axpy with a zero increment): in
 * dd mode the GPU's real forms or solve where they take it; where they did
 * not run (or handed it back), and in the other modes, the CPU (DD kernels
 * in dd mode, the CPU BLAS in the others), on host copies of arrays in
 * device memory, which the CPU cannot read. */
static enum tf_where plan_level3(const struct tf_op *op)
{
	const int dd = tf_config()->mode == TF_MODE_DD;
	struct tf_gpu_memory memory = tf_gpu_op_memory(op);
	if (dd && (run_real_form(op, memory) || run_trsm(op, memory)))
		return TF_WHERE_GPU_DD;
	if (!memory.host_readable) {
		run_undone_on_cpu(op, NULL); /* on host copies, or stops */
		return dd ? TF_WHERE_CPU_DD : TF_WHERE_CPU_BLAS;
	}
	return run_cpu(op);
}

/* The modes and calls that may use a GPU: tf_plan_run's choice past its
 * CPU-only cases.  Apart (noinline), so that the tiny calls' path does not
 * pay this one's stack frame and saved registers. */
static __attribute__((noinline)) enum tf_where plan_with_gpu(const struct tf_op *op,
							       const struct tf_config *config)
{
	if (!tf_gpu_computes(op))
		return plan_level3(op);
	/* where the arrays are: asked once (a query for each array costs a
	 * small call some microseconds) */
	struct tf_gpu_memory memory = tf_gpu_op_memory(op);
	if (tf_gpu_device_only(op)) {
		/* a Level 1 or 2 op goes to the GPU for device-resident arrays
		 * only; host arrays stay with the CPU, as the other modes' */
		if (!memory.resident && memory.host_readable)
			return run_cpu(op);
		if (!memory.resident) { /* some arrays on the device, some not */
			run_undone_on_cpu(op, NULL);
			return config->mode == TF_MODE_DD ? TF_WHERE_CPU_DD : TF_WHERE_CPU_BLAS;
		}
	}
	if (config->mode != TF_MODE_DD && tf_gpu_gemm_flops(TF_GPU_DD) <= 0) {
		pthread_once(&no_gpu_notice_once, no_gpu_notice);
		tf_cpu_forward(op);
		return TF_WHERE_CPU_BLAS;
	}
	enum tf_gpu_arith arith = gpu_arith(config->mode);
	int gpu_chosen = memory.resident || (!tf_gpu_device_only(op) && gpu_is_faster(op, arith));
	enum tf_where where;
	if (config->mode == TF_MODE_DD &&
	    tf_plan_split_op(op, gpu_chosen, run_elsewhere, &where))
		return where;
	if (gpu_chosen) {
		if (tf_gpu_run(op, arith, memory, run_undone_on_cpu, NULL) == 0)
			return gpu_where(arith);
		if (memory.resident && arith != TF_GPU_DD &&
		    tf_gpu_run(op, TF_GPU_DD, memory, run_undone_on_cpu, NULL) == 0)
			return TF_WHERE_GPU_DD;
	}
	if (!memory.host_readable) {
		run_undone_on_cpu(op, NULL); /* on host copies, or stops */
		return tf_config()->mode == TF_MODE_DD ? TF_WHERE_CPU_DD : TF_WHERE_CPU_BLAS;
	}
	return run_cpu(op);
}

/* cpu mode, and the calls a LAPACK driver's factorization makes
 * (plan/lapack_plan.h): the CPU BLAS.  The other modes: the GPU when the
 * op's data is in device memory, or when the GPU is faster; else the CPU
 * (DD kernels in dd mode, the CPU BLAS otherwise).  Native mode without cuBLAS takes the CPU,
 * or DD on the GPU for device data.  With TWOFOLD_LOG the GPUs are
 * discovered, so that the report says what there is. */
enum tf_where tf_plan_run(const struct tf_op *op)
{
	const struct tf_config *config = tf_config();
	if (config->log)
		tf_gpu_describe();
	if (config->mode == TF_MODE_CPU || tf_native_now()) {
		tf_cpu_forward(op);
		return TF_WHERE_CPU_BLAS;
	}
	/* dd mode with no GPU to use: every path below ends on the CPU, but
	 * for the split engine's CPU twin when it is forced; taken at once,
	 * without the estimates, which cost a tiny call more than its work */
	if (config->mode == TF_MODE_DD && config->split != TF_SPLIT_FORCE &&
	    tf_gpu_gemm_flops(TF_GPU_DD) <= 0)
		return run_cpu_dd(op);
	return plan_with_gpu(op, config);
}

/* ---- the dry run (twofold-info --plan) */

static const char *const arith_names[] = {
	[TF_GPU_DD] = "DD", [TF_GPU_DF] = "DF", [TF_GPU_NATIVE] = "FP64 (cuBLAS)"
};

static const char *no_gpu_reason(void)
{
	const char *absence = tf_gpu_absence();
	return absence ? absence : "no usable GPU";
}

/* tf_plan_run's choice, made the same way, for an op on host arrays whose
 * data holds no Inf or NaN; nothing is computed, but the GPUs are
 * discovered and the CPU's threads counted. */
enum tf_where tf_plan_explain(const struct tf_op *op, char *why, size_t size)
{
	const struct tf_config *config = tf_config();
	const char *mode = tf_mode_name(config->mode);
	if (config->mode == TF_MODE_CPU) {
		snprintf(why, size, "the CPU BLAS, because TWOFOLD_MODE=cpu forwards every call there");
		return TF_WHERE_CPU_BLAS;
	}
	if (config->mode != TF_MODE_DD && tf_gpu_gemm_flops(TF_GPU_DD) <= 0) {
		snprintf(why, size, "the CPU BLAS, because TWOFOLD_MODE=%s computes on a GPU and "
			 "there is none to use: %s", mode, no_gpu_reason());
		return TF_WHERE_CPU_BLAS;
	}
	enum tf_gpu_arith arith = gpu_arith(config->mode);
	int gpu_chosen = !tf_gpu_device_only(op) && gpu_is_faster(op, arith);
	int threads = tf_cpu_threads();
	char reason[256];
	if (config->gpu_min_flops >= 0) {
		snprintf(reason, sizeof reason, "%.3g flops %s TWOFOLD_GPU_MIN_FLOPS=%.3g",
			 tf_op_flops(op), gpu_chosen ? ">=" : "<", config->gpu_min_flops);
	} else {
		struct estimate e = estimate(op, arith);
		if (e.gpu > 0)
			snprintf(reason, sizeof reason,
				 "the model gives %.3g s on the GPU (transfers included) against "
				 "%.3g s on the CPU's %d threads", e.gpu, e.cpu, threads);
		else
			snprintf(reason, sizeof reason, "%s (the model gives %.3g s on the CPU's %d "
				 "threads)", no_gpu_reason(), e.cpu, threads);
	}
	enum tf_where where;
	if (config->mode == TF_MODE_DD && op->kind == TF_OP_GEMM &&
	    tf_plan_split_would_take(op->m, op->n, op->k, gpu_chosen, &where)) {
		int length = snprintf(why, size, "%s, because %s, and TWOFOLD_SPLIT=%s takes %s",
				      where == TF_WHERE_CPU_SPLIT ? "the split product engine's CPU twin"
								  : "the split product engine on the GPU",
				      reason, config->split == TF_SPLIT_FORCE ? "force" : "auto",
				      config->split == TF_SPLIT_FORCE ? "every product"
								      : "products of 1024 and more in m, n and k");
		if (where == TF_WHERE_GPU_SPLIT && length > 0 && (size_t)length < size)
			tf_gpu_devices_explain(tf_op_flops(op), TF_GPU_DD, 1, config->split_max_moduli,
					       why + length, size - (size_t)length);
		return where;
	}
	if (gpu_chosen && tf_gpu_gemm_flops(arith) > 0) {
		int length = snprintf(why, size, "the GPU in %s, because %s", arith_names[arith], reason);
		if (op->kind == TF_OP_GEMM && length > 0 && (size_t)length < size)
			tf_gpu_devices_explain(tf_op_flops(op), arith, 0, config->split_max_moduli,
					       why + length, size - (size_t)length);
		return gpu_where(arith);
	}
	if (gpu_chosen) /* the threshold says GPU, and it cannot run there */
		snprintf(reason + strlen(reason), sizeof reason - strlen(reason), ", but %s",
			 no_gpu_reason());
	const int dd = config->mode == TF_MODE_DD;
	snprintf(why, size, "%s, because %s", dd ? "twofold's DD kernels on the CPU" : "the CPU BLAS",
		 reason);
	return dd ? TF_WHERE_CPU_DD : TF_WHERE_CPU_BLAS;
}
