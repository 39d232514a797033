#include "config.h"

/* Which CPU DD kernel runs an op: one table per element type, indexed by
 * the op's kind.  An empty entry means the CPU BLAS computes that op in
 * every mode. */
#include <stddef.h>
#include "cpu/dd_kernels.h"

typedef void (*kernel_fn)(const struct tf_op *op);

/* double data (and dsdot's and sdsdot's float vectors) */
static const kernel_fn real_kernels[TF_OP_KIND_COUNT] = {
	[TF_OP_GEMM] = tf_cpu_dd_gemm,
	[TF_OP_GEMV] = tf_cpu_dd_gemv,
	[TF_OP_AXPY] = tf_cpu_dd_axpy,
	[TF_OP_DOT] = tf_cpu_dd_dot,
	[TF_OP_TRSM] = tf_cpu_dd_trsm,
};

/* complex double data */
static const kernel_fn complex_kernels[TF_OP_KIND_COUNT] = {
	[TF_OP_DOT] = tf_cpu_dd_dot,
	[TF_OP_TRSM] = tf_cpu_dd_trsm,
};

static kernel_fn kernel_of(const struct tf_op *op)
{
	return op->type == TF_TYPE_Z ? complex_kernels[op->kind] : real_kernels[op->kind];
}

int tf_cpu_dd_computes(const struct tf_op *op)
{
	/* the GEMV kernel takes full storage only so far */
	if (op->kind == TF_OP_GEMV && op->storage != TF_STORAGE_FULL)
		return 0;
	return kernel_of(op) != NULL;
}

int tf_cpu_dd_run(const struct tf_op *op)
{
	if (!tf_cpu_dd_computes(op))
		return -1;
	kernel_of(op)(op);
	return 0;
}
