#include "config.h"

#include "gpu/context.h"
#include "gpu/gemm.h"
#include "gpu/gpu.h"
#include "gpu/transfer.h"
#include "gpu/vector.h"

int tf_gpu_op_resident(const struct tf_op *op)
{
	if (!tf_gpu_usable())
		return 0;
	switch (op->kind) {
	case TF_OP_GEMM:
		return tf_gpu_is_device_memory(op->a) && tf_gpu_is_device_memory(op->b) &&
		       tf_gpu_is_device_memory(op->c);
	case TF_OP_GEMV:
		return tf_gpu_is_device_memory(op->a) && tf_gpu_is_device_memory(op->x) &&
		       tf_gpu_is_device_memory(op->y);
	case TF_OP_AXPY:
		return tf_gpu_is_device_memory(op->x) && tf_gpu_is_device_memory(op->y);
	}
	return 0;
}

int tf_gpu_op_host_readable(const struct tf_op *op)
{
	if (!tf_gpu_usable())
		return 1;
	switch (op->kind) {
	case TF_OP_GEMM:
		return tf_gpu_is_host_readable(op->a) && tf_gpu_is_host_readable(op->b) &&
		       tf_gpu_is_host_readable(op->c);
	case TF_OP_GEMV:
		return tf_gpu_is_host_readable(op->a) && tf_gpu_is_host_readable(op->x) &&
		       tf_gpu_is_host_readable(op->y);
	case TF_OP_AXPY:
		return tf_gpu_is_host_readable(op->x) && tf_gpu_is_host_readable(op->y);
	}
	return 1;
}

double tf_gpu_gemm_flops(enum tf_gpu_arith arith)
{
	if (!tf_gpu_usable())
		return 0.0;
	switch (arith) {
	case TF_GPU_NATIVE: return tf_gpu_rates()->native_gemm_flops;
	case TF_GPU_DF: return tf_gpu_rates()->df_gemm_flops;
	default: return tf_gpu_rates()->dd_gemm_flops;
	}
}

int tf_gpu_fp64_is_weak(void)
{
	return tf_gpu_usable() && tf_gpu_rates()->fp64_weak;
}

double tf_gpu_link_bytes(void)
{
	return tf_gpu_usable() ? tf_gpu_rates()->link_bytes : 0.0;
}

int tf_gpu_run(const struct tf_op *op, enum tf_gpu_arith arith, tf_gpu_undone *undone,
	       void *context)
{
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return -1;
	const struct tf_cublas *cublas = NULL;
	if (arith == TF_GPU_NATIVE && !(cublas = tf_cublas(gpu))) {
		tf_gpu_release(gpu);
		return -1;
	}
	if (op->kind == TF_OP_GEMM) {
		tf_gpu_gemm(gpu, op, arith, cublas, undone, context);
	} else {
		int resident = tf_gpu_op_resident(op);
		if (!resident && !tf_gpu_op_host_readable(op))
			undone(op, context); /* some arrays on the device, some not */
		else
			tf_gpu_vector_op(gpu, op, resident, arith, cublas, undone, context);
	}
	tf_gpu_release(gpu);
	return 0;
}
