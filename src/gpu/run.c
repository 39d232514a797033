#include "config.h"

#include "gpu/context.h"
#include "gpu/gemm.h"
#include "gpu/gpu.h"
#include "gpu/transfer.h"

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

double tf_gpu_dd_gemm_flops(void)
{
	return tf_gpu_usable() ? tf_gpu_rates()->dd_gemm_flops : 0.0;
}

double tf_gpu_link_bytes(void)
{
	return tf_gpu_usable() ? tf_gpu_rates()->link_bytes : 0.0;
}

int tf_gpu_run(const struct tf_op *op, enum tf_gpu_arith arith, tf_gpu_undone *undone,
	       void *context)
{
	if (op->kind != TF_OP_GEMM || arith != TF_GPU_DD)
		return -1;
	struct tf_gpu_context *gpu = tf_gpu_acquire();
	if (!gpu)
		return -1;
	tf_gpu_gemm(gpu, op, undone, context);
	tf_gpu_release(gpu);
	return 0;
}
