#include "config.h"

#include <pthread.h>
#include "core/environment.h"
#include "core/message.h"
#include "cpu/dd_kernels.h"
#include "cpu/forward.h"
#include "gpu/device.h"
#include "plan/plan.h"

static pthread_once_t gpu_mode_notice_once = PTHREAD_ONCE_INIT;

static void gpu_mode_notice(void)
{
	tf_message("TWOFOLD_MODE=%s computes on a GPU, and no GPU backend is in use here: "
		   "dgemm, dgemv and daxpy go to the CPU BLAS", tf_mode_name(tf_config()->mode));
}

static enum tf_where run_cpu_dd(const struct tf_op *op)
{
	switch (op->kind) {
	case TF_OP_GEMM: tf_cpu_dd_gemm(op); break;
	case TF_OP_GEMV: tf_cpu_dd_gemv(op); break;
	case TF_OP_AXPY: tf_cpu_dd_axpy(op); break;
	}
	return TF_WHERE_CPU_DD;
}

/* dd: the CPU DD kernels (the GPU backend plugs in here, chosen by cost);
 * cpu: the CPU BLAS; df, fast and native need the GPU backend, and without it
 * go to the CPU BLAS, with one notice.  With TWOFOLD_LOG the GPUs are
 * discovered, so that the report says what there is. */
enum tf_where tf_plan_run(const struct tf_op *op)
{
	const struct tf_config *config = tf_config();
	if (config->log)
		tf_gpu_describe();
	switch (config->mode) {
	case TF_MODE_DD:
		return run_cpu_dd(op);
	case TF_MODE_DF:
	case TF_MODE_FAST:
	case TF_MODE_NATIVE:
		pthread_once(&gpu_mode_notice_once, gpu_mode_notice);
		break;
	case TF_MODE_CPU:
		break;
	}
	tf_cpu_forward(op);
	return TF_WHERE_CPU_BLAS;
}
