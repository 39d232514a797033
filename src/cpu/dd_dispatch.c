#include "config.h"
#include "cpu/dd_isa.h" /* first: the names of this instruction set's copy */

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
	[TF_OP_NRM2] = tf_cpu_dd_nrm2,
	[TF_OP_ASUM] = tf_cpu_dd_asum,
	[TF_OP_ROT] = tf_cpu_dd_rot,
	[TF_OP_ROTM] = tf_cpu_dd_rot,
	[TF_OP_SYMV] = tf_cpu_dd_symv,
	[TF_OP_TRMV] = tf_cpu_dd_trmv,
	[TF_OP_TRSV] = tf_cpu_dd_trsv,
	[TF_OP_GER] = tf_cpu_dd_rank_update,
	[TF_OP_SYR] = tf_cpu_dd_rank_update,
	[TF_OP_SYR2] = tf_cpu_dd_rank_update,
	[TF_OP_SYMM] = tf_cpu_dd_symm,
	[TF_OP_SYRK] = tf_cpu_dd_syrk,
	[TF_OP_SYR2K] = tf_cpu_dd_syr2k,
	[TF_OP_TRMM] = tf_cpu_dd_trmm,
	[TF_OP_TRSM] = tf_cpu_dd_trsm,
};

/* complex double data */
static const kernel_fn complex_kernels[TF_OP_KIND_COUNT] = {
	[TF_OP_GEMV] = tf_cpu_dd_gemv,
	[TF_OP_AXPY] = tf_cpu_dd_axpy,
	[TF_OP_DOT] = tf_cpu_dd_dot,
	[TF_OP_NRM2] = tf_cpu_dd_nrm2,
	[TF_OP_ASUM] = tf_cpu_dd_asum,
	[TF_OP_ROT] = tf_cpu_dd_rot,
	[TF_OP_SCAL] = tf_cpu_dd_zscal,
	[TF_OP_SYMV] = tf_cpu_dd_symv,
	[TF_OP_TRMV] = tf_cpu_dd_trmv,
	[TF_OP_TRSV] = tf_cpu_dd_trsv,
	[TF_OP_GER] = tf_cpu_dd_rank_update,
	[TF_OP_SYR] = tf_cpu_dd_rank_update,
	[TF_OP_SYR2] = tf_cpu_dd_rank_update,
	[TF_OP_GEMM] = tf_cpu_dd_gemm,
	[TF_OP_SYMM] = tf_cpu_dd_symm,
	[TF_OP_SYRK] = tf_cpu_dd_syrk,
	[TF_OP_SYR2K] = tf_cpu_dd_syr2k,
	[TF_OP_TRMM] = tf_cpu_dd_trmm,
	[TF_OP_TRSM] = tf_cpu_dd_trsm,
};

static kernel_fn kernel_of(const struct tf_op *op)
{
	return op->type == TF_TYPE_Z ? complex_kernels[op->kind] : real_kernels[op->kind];
}

int tf_cpu_dd_computes(const struct tf_op *op)
{
	/* a rotation with a zero increment rotates one element again and
	 * again: the reference's order of roundings, left to the CPU BLAS */
	if ((op->kind == TF_OP_ROT || op->kind == TF_OP_ROTM) && (op->incx == 0 || op->incy == 0))
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
