#include "config.h"

/* The general matrix-vector products: dgemv_, zgemv_, dgbmv_, zgbmv_ and
 * their CBLAS forms.  Validated as the reference validates them, then handed
 * to the planner as one GEMV op (band storage with kl, ku for gbmv).
 * Complex scalars are the addresses of their (re, im) parts. */
#include "abi/cblas_conj.h"
#include "abi/cblas_error.h"
#include "abi/check.h"
#include "core/export.h"
#include "op/cblas_types.h"
#include "plan/call.h"
#include "plan/plan.h"

/* gemv (storage full) or gbmv (band: kl, ku). */
static enum tf_where run_gemv(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type,
			      enum tf_op_storage storage, const char *name, char trans, int m,
			      int n, int kl, int ku, const double *alpha, const double *a, int lda,
			      const double *x, int incx, const double *beta, double *y, int incy,
			      double *flops)
{
	int illegal = storage == TF_STORAGE_BAND ? tf_check_gbmv(trans, m, n, kl, ku, lda, incx, incy)
						  : tf_check_dgemv(trans, m, n, lda, incx, incy);
	if (illegal) {
		tf_report_illegal(name, illegal);
		return TF_WHERE_NO_WORK;
	}
	if (m == 0 || n == 0 || (tf_scalar_is(type, alpha, 0.0) && tf_scalar_is(type, beta, 1.0)))
		return TF_WHERE_NO_WORK;
	struct tf_op op = {
		.kind = TF_OP_GEMV, .routine = routine, .blas = blas, .type = type,
		.storage = storage, .transa = tf_trans_option(trans),
		.m = m, .n = n, .kl = kl, .ku = ku,
		.alpha = alpha[0], .alpha_im = type == TF_TYPE_Z ? alpha[1] : 0.0,
		.beta = beta[0], .beta_im = type == TF_TYPE_Z ? beta[1] : 0.0,
		.a = a, .lda = lda, .x = x, .incx = incx, .y = y, .incy = incy,
	};
	tf_call_set_flops(flops, &op);
	return tf_plan_run(&op);
}

/* A Fortran entry point: the call bracket around run_gemv. */
static void fortran_gemv(enum tf_routine routine, enum tf_op_type type, enum tf_op_storage storage,
			 const char *name, char trans, int m, int n, int kl, int ku,
			 const double *alpha, const double *a, int lda, const double *x, int incx,
			 const double *beta, double *y, int incy)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = run_gemv(routine, routine, type, storage, name, trans, m, n, kl, ku,
				       alpha, a, lda, x, incx, beta, y, incy, tf_call_flops(&call, &flops));
	tf_call_end(&call, where, flops);
}

/* A CBLAS entry point, as the reference CBLAS does it: row major is the
 * transposed problem (m and n, kl and ku swapped); a complex row-major
 * conjugate transpose is the conjugate problem without transpose. */
static void cblas_gemv(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type,
		       enum tf_op_storage storage, const struct tf_names *names, CBLAS_LAYOUT layout,
		       CBLAS_TRANSPOSE trans, int m, int n, int kl, int ku, const double *alpha,
		       const double *a, int lda, const double *x, int incx, const double *beta,
		       double *y, int incy)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = TF_WHERE_NO_WORK;
	char t = tf_cblas_trans(trans);
	RowMajorStrg = layout == CblasRowMajor;
	CBLAS_CallFromC = 1;
	if (layout != CblasColMajor && layout != CblasRowMajor)
		cblas_xerbla(1, names->cblas, "Illegal layout setting, %d\n", layout);
	else if (!t)
		cblas_xerbla(2, names->cblas, "Illegal TransA setting, %d\n", trans);
	else if (layout == CblasColMajor)
		where = run_gemv(routine, blas, type, storage, names->fortran, t, m, n, kl, ku, alpha,
				 a, lda, x, incx, beta, y, incy, tf_call_flops(&call, &flops));
	else if (type == TF_TYPE_D || t != 'C')
		where = run_gemv(routine, blas, type, storage, names->fortran, t == 'N' ? 'T' : 'N', n,
				 m, ku, kl, alpha, a, lda, x, incx, beta, y, incy, tf_call_flops(&call, &flops));
	else {
		const double conj_alpha[2] = { alpha[0], -alpha[1] };
		const double conj_beta[2] = { beta[0], -beta[1] };
		double stack[256], *xc = (double *)x;
		int incxc = incx;
		if (m > 0) {
			xc = tf_cblas_conj_copy(x, m, incx, stack, 256);
			incxc = 1;
			tf_cblas_conj_vector(y, n, incy);
		}
		where = run_gemv(routine, blas, type, storage, names->fortran, 'N', n, m, ku, kl,
				 conj_alpha, a, lda, xc, incxc, conj_beta, y, incy, tf_call_flops(&call, &flops));
		if (m > 0) {
			tf_cblas_conj_release(xc, stack);
			tf_cblas_conj_vector(y, n, incy);
		}
	}
	CBLAS_CallFromC = 0;
	RowMajorStrg = 0;
	tf_call_end(&call, where, flops);
}

static const struct tf_names dgemv_names = { "DGEMV ", "cblas_dgemv" };
static const struct tf_names zgemv_names = { "ZGEMV ", "cblas_zgemv" };
static const struct tf_names dgbmv_names = { "DGBMV ", "cblas_dgbmv" };
static const struct tf_names zgbmv_names = { "ZGBMV ", "cblas_zgbmv" };

TF_EXPORT void dgemv_(const char *trans, const int *m, const int *n, const double *alpha,
		      const double *a, const int *lda, const double *x, const int *incx,
		      const double *beta, double *y, const int *incy, size_t trans_len)
{
	(void)trans_len; /* a single character; C callers may omit it */
	fortran_gemv(TF_R_dgemv_, TF_TYPE_D, TF_STORAGE_FULL, dgemv_names.fortran, *trans, *m, *n,
		     0, 0, alpha, a, *lda, x, *incx, beta, y, *incy);
}

TF_EXPORT void zgemv_(const char *trans, const int *m, const int *n, const void *alpha,
		      const void *a, const int *lda, const void *x, const int *incx,
		      const void *beta, void *y, const int *incy, size_t trans_len)
{
	(void)trans_len;
	fortran_gemv(TF_R_zgemv_, TF_TYPE_Z, TF_STORAGE_FULL, zgemv_names.fortran, *trans, *m, *n,
		     0, 0, alpha, a, *lda, x, *incx, beta, y, *incy);
}

TF_EXPORT void dgbmv_(const char *trans, const int *m, const int *n, const int *kl, const int *ku,
		      const double *alpha, const double *a, const int *lda, const double *x,
		      const int *incx, const double *beta, double *y, const int *incy,
		      size_t trans_len)
{
	(void)trans_len;
	fortran_gemv(TF_R_dgbmv_, TF_TYPE_D, TF_STORAGE_BAND, dgbmv_names.fortran, *trans, *m, *n,
		     *kl, *ku, alpha, a, *lda, x, *incx, beta, y, *incy);
}

TF_EXPORT void zgbmv_(const char *trans, const int *m, const int *n, const int *kl, const int *ku,
		      const void *alpha, const void *a, const int *lda, const void *x,
		      const int *incx, const void *beta, void *y, const int *incy,
		      size_t trans_len)
{
	(void)trans_len;
	fortran_gemv(TF_R_zgbmv_, TF_TYPE_Z, TF_STORAGE_BAND, zgbmv_names.fortran, *trans, *m, *n,
		     *kl, *ku, alpha, a, *lda, x, *incx, beta, y, *incy);
}

TF_EXPORT void cblas_dgemv(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE trans, int m, int n,
			   double alpha, const double *a, int lda, const double *x, int incx,
			   double beta, double *y, int incy)
{
	cblas_gemv(TF_R_cblas_dgemv, TF_R_dgemv_, TF_TYPE_D, TF_STORAGE_FULL, &dgemv_names, layout,
		   trans, m, n, 0, 0, &alpha, a, lda, x, incx, &beta, y, incy);
}

TF_EXPORT void cblas_zgemv(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE trans, int m, int n,
			   const void *alpha, const void *a, int lda, const void *x, int incx,
			   const void *beta, void *y, int incy)
{
	cblas_gemv(TF_R_cblas_zgemv, TF_R_zgemv_, TF_TYPE_Z, TF_STORAGE_FULL, &zgemv_names, layout,
		   trans, m, n, 0, 0, alpha, a, lda, x, incx, beta, y, incy);
}

TF_EXPORT void cblas_dgbmv(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE trans, int m, int n, int kl,
			   int ku, double alpha, const double *a, int lda, const double *x,
			   int incx, double beta, double *y, int incy)
{
	cblas_gemv(TF_R_cblas_dgbmv, TF_R_dgbmv_, TF_TYPE_D, TF_STORAGE_BAND, &dgbmv_names, layout,
		   trans, m, n, kl, ku, &alpha, a, lda, x, incx, &beta, y, incy);
}

TF_EXPORT void cblas_zgbmv(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE trans, int m, int n, int kl,
			   int ku, const void *alpha, const void *a, int lda, const void *x,
			   int incx, const void *beta, void *y, int incy)
{
	cblas_gemv(TF_R_cblas_zgbmv, TF_R_zgbmv_, TF_TYPE_Z, TF_STORAGE_BAND, &zgbmv_names, layout,
		   trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy);
}
