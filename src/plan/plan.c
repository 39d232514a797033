#include "config.h"

#include "core/environment.h"
#include "cpu/forward.h"
#include "gpu/device.h"
#include "plan/plan.h"

/* There is one backend so far, the CPU BLAS, and every mode runs there.  The
 * two-term backends plug in here, chosen by mode and by cost.  With
 * TWOFOLD_LOG the GPUs are discovered, so that the report says what there is. */
enum tf_where tf_plan_run(const struct tf_op *op)
{
	if (tf_config()->log)
		tf_gpu_describe();
	tf_cpu_forward(op);
	return TF_WHERE_CPU_BLAS;
}
