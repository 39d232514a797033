/* The typed API's CPU backend: one op, dispatched by kind; the kernels
 * dispatch by working arithmetic (typed_formats.h). */
#include "config.h"

#include "cpu/typed.h"
#include "cpu/typed_formats.h"

void tf_cpu_typed_run(const struct tf_typed_op *op)
{
	switch (op->kind) {
	case TF_TYPED_GEMM: tf_cpu_typed_gemm(op); break;
	case TF_TYPED_GEMV: tf_cpu_typed_gemv(op); break;
	case TF_TYPED_AXPY: tf_cpu_typed_axpy(op); break;
	case TF_TYPED_DOT: tf_cpu_typed_dot(op); break;
	}
}
