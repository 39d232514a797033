#include "config.h"

#include <stdio.h>
#include "core/environment.h"
#include "core/message.h"
#include "cpu/sparse.h"
#include "gpu/device.h"
#include "gpu/sparse.h"
#include "op/routines.h"
#include "plan/sparse_plan.h"

struct tf_sparse_place tf_plan_sparse_place(const void *const *arrays, int count)
{
	struct tf_gpu_memory memory = tf_gpu_arrays_memory(arrays, count);
	return (struct tf_sparse_place){ memory.resident, memory.host_readable };
}

int tf_plan_sparse_fetch(void *host, const void *device, size_t bytes)
{
	return tf_gpu_fetch(host, device, bytes);
}

int tf_plan_sparse_gpu_usable(void)
{
	if (tf_config()->mode == TF_MODE_CPU)
		return 0;
	if (tf_config()->log)
		tf_gpu_describe();
	return tf_gpu_link_bytes() > 0;
}

/* Device arrays go to the GPU; a single product on host arrays stays on the
 * CPU, which reads the matrix once in the time the GPU would take to
 * receive it. */
enum tf_where tf_plan_spmv(const struct tf_spmv_op *op)
{
	const void *arrays[] = { op->x.hi, op->x.lo, op->y.hi, op->y.lo };
	struct tf_gpu_memory memory = tf_gpu_arrays_memory(arrays, 4);
	int matrix_on_device = op->a->device.row_ptr != NULL;
	int gpu_wanted = !memory.host_readable ||
			 (tf_config()->mode != TF_MODE_CPU && (memory.resident || matrix_on_device));
	if (gpu_wanted && tf_gpu_spmv(op) == 0)
		return TF_WHERE_GPU;
	if (!memory.host_readable)
		tf_fatal("%s on device memory could not be computed on the GPU, and the CPU cannot "
			 "read device memory", tf_routine_name(op->routine));
	tf_cpu_spmv(op);
	return TF_WHERE_CPU_TYPED;
}

int tf_plan_krylov_engine(const struct tf_krylov_setup *setup, int gpu, int gpu_required,
			  struct tf_krylov_engine *engine, enum tf_where *where, char *message,
			  size_t message_size)
{
	if (gpu && tf_gpu_krylov_engine(setup, engine) == 0) {
		*where = TF_WHERE_GPU;
		return 0;
	}
	const void *arrays[] = { setup->b, setup->x };
	struct tf_gpu_memory memory = tf_gpu_arrays_memory(arrays, 2);
	if (gpu_required || !memory.host_readable) {
		snprintf(message, message_size, "%s",
			 gpu_required ? "the GPU was asked for and cannot be used"
				      : "b or x is in device memory and the GPU cannot be used");
		return -1;
	}
	if (tf_cpu_krylov_engine(setup, engine) != 0) {
		snprintf(message, message_size, "out of memory for the solver's vectors");
		return -1;
	}
	*where = TF_WHERE_CPU_TYPED;
	return 0;
}

int tf_plan_csr_transpose(const struct tf_csr_arrays *a, struct tf_csr_arrays *t)
{
	return tf_cpu_csr_transpose(a, t);
}

void tf_plan_csr_free(struct tf_csr_arrays *t)
{
	tf_cpu_csr_free(t);
}

int tf_plan_ilu0(const struct tf_csr_arrays *a, struct tf_ilu0 *ilu)
{
	return tf_cpu_ilu0(a, ilu);
}

void tf_plan_ilu0_free(struct tf_ilu0 *ilu)
{
	tf_gpu_sparse_forget(&ilu->lower);
	tf_gpu_sparse_forget(&ilu->upper);
	tf_cpu_ilu0_free(ilu);
}

void tf_plan_sparse_forget(struct tf_sparse_matrix *a)
{
	tf_gpu_sparse_forget(a);
}
