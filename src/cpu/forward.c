#include "config.h"

#include <complex.h>
#include "cpu/blas_functions.h"
#include "cpu/blas_library.h"
#include "cpu/forward.h"

void tf_cpu_forward_element(const struct tf_op *op, int i, int j)
{
	struct tf_op one = tf_gemm_tile(op, i, 1, j, 1);
	tf_cpu_forward(&one);
}

/* The CPU BLAS's routine op->blas, as the function type of the d routine
 * of the same shape: the z routine takes the same arguments, with complex
 * arrays and scalars passed, like the double ones, by address. */
#define BLAS(fn) ((tf_blas_fn_##fn)tf_cpu_blas_symbol(op->blas))

/* A DOT's result, of the type the routine returns. */
static void forward_dot(const struct tf_op *op, struct tf_op o)
{
	switch (op->blas) {
	case TF_R_zdotc_: case TF_R_zdotu_: {
		tf_blas_fn_zdotc_ dot = BLAS(zdotc_);
		double _Complex r = dot(&o.n, (double _Complex *)o.x, &o.incx, (double _Complex *)o.y,
					&o.incy);
		((double *)o.result)[0] = creal(r);
		((double *)o.result)[1] = cimag(r);
		break;
	}
	case TF_R_dsdot_: {
		tf_blas_fn_dsdot_ dot = BLAS(dsdot_);
		*(double *)o.result = dot(&o.n, (float *)o.x, &o.incx, (float *)o.y, &o.incy);
		break;
	}
	case TF_R_sdsdot_: {
		tf_blas_fn_sdsdot_ dot = BLAS(sdsdot_);
		float sb = (float)o.alpha;
		*(float *)o.result = dot(&o.n, &sb, (float *)o.x, &o.incx, (float *)o.y, &o.incy);
		break;
	}
	default: {
		tf_blas_fn_ddot_ dot = BLAS(ddot_);
		*(double *)o.result = dot(&o.n, (double *)o.x, &o.incx, o.y, &o.incy);
		break;
	}
	}
}

/* A MOVE op: the z routines take the d routines' arguments. */
static void forward_move(const struct tf_op *op, struct tf_op o)
{
	double alpha = o.alpha, *x = (double *)o.x;
	switch (op->blas) {
	case TF_R_dscal_: case TF_R_zdscal_:
		BLAS(dscal_)(&o.n, &alpha, o.y, &o.incy);
		break;
	case TF_R_dcopy_: case TF_R_zcopy_:
		BLAS(dcopy_)(&o.n, x, &o.incx, o.y, &o.incy);
		break;
	case TF_R_dswap_: case TF_R_zswap_:
		BLAS(dswap_)(&o.n, x, &o.incx, o.y, &o.incy);
		break;
	default: /* idamax_, izamax_ */
		*(int *)o.result = BLAS(idamax_)(&o.n, x, &o.incx);
		break;
	}
}

/* The op's arguments go back by reference, as Fortran takes them; the CPU
 * BLAS writes nothing but the op's outputs, so the casts from const are
 * safe.  A scalar is passed as the address of its real part followed by its
 * imaginary part, which suits the routines that take a real scalar too. */
void tf_cpu_forward(const struct tf_op *op)
{
	struct tf_op o = *op;
	double alpha[2] = { o.alpha, o.alpha_im }, beta[2] = { o.beta, o.beta_im };
	double *a = (double *)o.a, *b = (double *)o.b, *x = (double *)o.x;
	const int full = o.storage == TF_STORAGE_FULL, band = o.storage == TF_STORAGE_BAND;
	switch (o.kind) {
	case TF_OP_GEMM:
		BLAS(dgemm_)(&o.transa, &o.transb, &o.m, &o.n, &o.k, alpha, a, &o.lda, b, &o.ldb, beta,
			     o.c, &o.ldc, 1, 1);
		break;
	case TF_OP_GEMV:
		if (band)
			BLAS(dgbmv_)(&o.transa, &o.m, &o.n, &o.kl, &o.ku, alpha, a, &o.lda, x, &o.incx,
				     beta, o.y, &o.incy, 1);
		else
			BLAS(dgemv_)(&o.transa, &o.m, &o.n, alpha, a, &o.lda, x, &o.incx, beta, o.y,
				     &o.incy, 1);
		break;
	case TF_OP_AXPY:
		BLAS(daxpy_)(&o.n, alpha, x, &o.incx, o.y, &o.incy);
		break;
	case TF_OP_DOT:
		forward_dot(op, o);
		break;
	case TF_OP_NRM2:
		*(double *)o.result = BLAS(dnrm2_)(&o.n, x, &o.incx);
		break;
	case TF_OP_ASUM:
		*(double *)o.result = BLAS(dasum_)(&o.n, x, &o.incx);
		break;
	case TF_OP_ROT:
		BLAS(drot_)(&o.n, x, &o.incx, o.y, &o.incy, &o.alpha, &o.beta);
		break;
	case TF_OP_ROTM:
		BLAS(drotm_)(&o.n, x, &o.incx, o.y, &o.incy, (double *)o.param);
		break;
	case TF_OP_SCAL:
		BLAS(dscal_)(&o.n, alpha, o.y, &o.incy);
		break;
	case TF_OP_MOVE:
		forward_move(op, o);
		break;
	case TF_OP_SYMV:
		if (full)
			BLAS(dsymv_)(&o.uplo, &o.n, alpha, a, &o.lda, x, &o.incx, beta, o.y, &o.incy, 1);
		else if (band)
			BLAS(dsbmv_)(&o.uplo, &o.n, &o.k, alpha, a, &o.lda, x, &o.incx, beta, o.y,
				     &o.incy, 1);
		else
			BLAS(dspmv_)(&o.uplo, &o.n, alpha, a, x, &o.incx, beta, o.y, &o.incy, 1);
		break;
	case TF_OP_TRMV: case TF_OP_TRSV:
		/* dtrmv_ and dtrsv_ (dtbmv_ and dtbsv_, ...) have one shape */
		if (full)
			BLAS(dtrmv_)(&o.uplo, &o.transa, &o.diag, &o.n, a, &o.lda, o.y, &o.incy, 1, 1, 1);
		else if (band)
			BLAS(dtbmv_)(&o.uplo, &o.transa, &o.diag, &o.n, &o.k, a, &o.lda, o.y, &o.incy, 1,
				     1, 1);
		else
			BLAS(dtpmv_)(&o.uplo, &o.transa, &o.diag, &o.n, a, o.y, &o.incy, 1, 1, 1);
		break;
	case TF_OP_GER:
		BLAS(dger_)(&o.m, &o.n, alpha, x, &o.incx, o.y, &o.incy, o.c, &o.ldc);
		break;
	case TF_OP_SYR:
		if (full)
			BLAS(dsyr_)(&o.uplo, &o.n, alpha, x, &o.incx, o.c, &o.ldc, 1);
		else
			BLAS(dspr_)(&o.uplo, &o.n, alpha, x, &o.incx, o.c, 1);
		break;
	case TF_OP_SYR2:
		if (full)
			BLAS(dsyr2_)(&o.uplo, &o.n, alpha, x, &o.incx, o.y, &o.incy, o.c, &o.ldc, 1);
		else
			BLAS(dspr2_)(&o.uplo, &o.n, alpha, x, &o.incx, o.y, &o.incy, o.c, 1);
		break;
	case TF_OP_SYMM:
		BLAS(dsymm_)(&o.side, &o.uplo, &o.m, &o.n, alpha, a, &o.lda, b, &o.ldb, beta, o.c,
			     &o.ldc, 1, 1);
		break;
	case TF_OP_SYRK:
		BLAS(dsyrk_)(&o.uplo, &o.transa, &o.n, &o.k, alpha, a, &o.lda, beta, o.c, &o.ldc, 1, 1);
		break;
	case TF_OP_SYR2K:
		BLAS(dsyr2k_)(&o.uplo, &o.transa, &o.n, &o.k, alpha, a, &o.lda, b, &o.ldb, beta, o.c,
			      &o.ldc, 1, 1);
		break;
	case TF_OP_TRMM: case TF_OP_TRSM:
		BLAS(dtrmm_)(&o.side, &o.uplo, &o.transa, &o.diag, &o.m, &o.n, alpha, a, &o.lda, o.c,
			     &o.ldc, 1, 1, 1, 1);
		break;
	}
}
