/* The GPU backend of a build without CUDA: there is no GPU to use. */
#include "config.h"

#include "gpu/gpu.h"

int tf_gpu_op_resident(const struct tf_op *op)
{
	(void)op;
	return 0;
}

int tf_gpu_op_host_readable(const struct tf_op *op)
{
	(void)op;
	return 1;
}

double tf_gpu_gemm_flops(enum tf_gpu_arith arith)
{
	(void)arith;
	return 0.0;
}

int tf_gpu_fp64_is_weak(void)
{
	return 0;
}

double tf_gpu_link_bytes(void)
{
	return 0.0;
}

int tf_gpu_run(const struct tf_op *op, enum tf_gpu_arith arith, tf_gpu_undone *undone,
	       void *context)
{
	(void)op, (void)arith, (void)undone, (void)context;
	return -1;
}
