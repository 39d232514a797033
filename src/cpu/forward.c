#include "config.h"

#include "cpu/blas_functions.h"
#include "cpu/blas_library.h"
#include "cpu/forward.h"

void tf_cpu_forward_element(const struct tf_op *op, int i, int j)
{
	struct tf_op one = tf_gemm_tile(op, i, 1, j, 1);
	tf_cpu_forward(&one);
}

/* The op's arguments go back by reference, as Fortran takes them; the CPU
 * BLAS may write nothing but C and y, so the casts from const are safe. */
void tf_cpu_forward(const struct tf_op *op)
{
	struct tf_op o = *op;
	switch (o.kind) {
	case TF_OP_GEMM: {
		tf_blas_fn_dgemm_ dgemm = (tf_blas_fn_dgemm_)tf_cpu_blas_symbol(TF_R_dgemm_);
		dgemm(&o.transa, &o.transb, &o.m, &o.n, &o.k, &o.alpha, (double *)o.a, &o.lda,
		      (double *)o.b, &o.ldb, &o.beta, o.c, &o.ldc, 1, 1);
		break;
	}
	case TF_OP_GEMV: {
		tf_blas_fn_dgemv_ dgemv = (tf_blas_fn_dgemv_)tf_cpu_blas_symbol(TF_R_dgemv_);
		dgemv(&o.transa, &o.m, &o.n, &o.alpha, (double *)o.a, &o.lda, (double *)o.x, &o.incx,
		      &o.beta, o.y, &o.incy, 1);
		break;
	}
	case TF_OP_AXPY: {
		tf_blas_fn_daxpy_ daxpy = (tf_blas_fn_daxpy_)tf_cpu_blas_symbol(TF_R_daxpy_);
		daxpy(&o.n, &o.alpha, (double *)o.x, &o.incx, o.y, &o.incy);
		break;
	}
	}
}
