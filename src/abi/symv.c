#include "config.h"

/* The symmetric and Hermitian matrix-vector products: dsymv_, zhemv_
 * (full storage), dsbmv_, zhbmv_ (band, k), dspmv_, zhpmv_ (packed) and
 * their CBLAS forms.  Validated as the reference validates them, then handed
 * to the planner as one SYMV op (conj for the Hermitian ones). */
#include "abi/cblas_conj.h"
#include "abi/cblas_error.h"
#include "abi/check.h"
#include "core/export.h"
#include "op/cblas_types.h"
#include "plan/call.h"
#include "plan/plan.h"

static enum tf_where run_symv(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type,
			      enum tf_op_storage storage, const char *name, char uplo, int n, int k,
			      const double *alpha, const double *a, int lda, const double *x,
			      int incx, const double *beta, double *y, int incy, double *flops)
{
	int illegal = storage == TF_STORAGE_FULL ? tf_check_symv(uplo, n, lda, incx, incy)
		    : storage == TF_STORAGE_BAND ? tf_check_sbmv(uplo, n, k, lda, incx, incy)
						 : tf_check_spmv(uplo, n, incx, incy);
	if (illegal) {
		tf_report_illegal(name, illegal);
		return TF_WHERE_NO_WORK;
	}
	if (n == 0 || (tf_scalar_is(type, alpha, 0.0) && tf_scalar_is(type, beta, 1.0)))
		return TF_WHERE_NO_WORK;
	struct tf_op op = {
		.kind = TF_OP_SYMV, .routine = routine, .blas = blas, .type = type,
		.storage = storage, .conj = type == TF_TYPE_Z, .uplo = tf_uplo_option(uplo),
		.n = n, .k = k,
		.alpha = alpha[0], .alpha_im = type == TF_TYPE_Z ? alpha[1] : 0.0,
		.beta = beta[0], .beta_im = type == TF_TYPE_Z ? beta[1] : 0.0,
		.a = a, .lda = lda, .x = x, .incx = incx, .y = y, .incy = incy,
	};
	tf_call_set_flops(flops, &op);
	return tf_plan_run(&op);
}

static void fortran_symv(enum tf_routine routine, enum tf_op_type type, enum tf_op_storage storage,
			 const char *name, char uplo, int n, int k, const double *alpha,
			 const double *a, int lda, const double *x, int incx, const double *beta,
			 double *y, int incy)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = run_symv(routine, routine, type, storage, name, uplo, n, k, alpha, a,
				       lda, x, incx, beta, y, incy, tf_call_flops(&call, &flops));
	tf_call_end(&call, where, flops);
}

/* Row major stores the other triangle; for a Hermitian A that is conj(A):
 * the conjugate problem, as the reference CBLAS computes it. */
static void cblas_symv(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type,
		       enum tf_op_storage storage, const struct tf_names *names, CBLAS_LAYOUT layout,
		       CBLAS_UPLO uplo, int n, int k, const double *alpha, const double *a, int lda,
		       const double *x, int incx, const double *beta, double *y, int incy)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = TF_WHERE_NO_WORK;
	char u = tf_cblas_uplo(uplo);
	RowMajorStrg = layout == CblasRowMajor;
	CBLAS_CallFromC = 1;
	if (layout != CblasColMajor && layout != CblasRowMajor)
		cblas_xerbla(1, names->cblas, "Illegal layout setting, %d\n", layout);
	else if (!u)
		cblas_xerbla(2, names->cblas, "Illegal Uplo setting, %d\n", uplo);
	else if (layout == CblasColMajor)
		where = run_symv(routine, blas, type, storage, names->fortran, u, n, k, alpha, a, lda,
				 x, incx, beta, y, incy, tf_call_flops(&call, &flops));
	else if (type == TF_TYPE_D)
		where = run_symv(routine, blas, type, storage, names->fortran, u == 'U' ? 'L' : 'U', n,
				 k, alpha, a, lda, x, incx, beta, y, incy, tf_call_flops(&call, &flops));
	else {
		const double conj_alpha[2] = { alpha[0], -alpha[1] };
		const double conj_beta[2] = { beta[0], -beta[1] };
		double stack[256], *xc = (double *)x;
		int incxc = incx;
		if (n > 0) {
			xc = tf_cblas_conj_copy(x, n, incx, stack, 256);
			incxc = 1;
			tf_cblas_conj_vector(y, n, incy);
		}
		where = run_symv(routine, blas, type, storage, names->fortran, u == 'U' ? 'L' : 'U', n,
				 k, conj_alpha, a, lda, xc, incxc, conj_beta, y, incy, tf_call_flops(&call, &flops));
		if (n > 0) {
			tf_cblas_conj_release(xc, stack);
			tf_cblas_conj_vector(y, n, incy);
		}
	}
	CBLAS_CallFromC = 0;
	RowMajorStrg = 0;
	tf_call_end(&call, where, flops);
}

static const struct tf_names dsymv_names = { "DSYMV ", "cblas_dsymv" };
static const struct tf_names zhemv_names = { "ZHEMV ", "cblas_zhemv" };
static const struct tf_names dsbmv_names = { "DSBMV ", "cblas_dsbmv" };
static const struct tf_names zhbmv_names = { "ZHBMV ", "cblas_zhbmv" };
static const struct tf_names dspmv_names = { "DSPMV ", "cblas_dspmv" };
static const struct tf_names zhpmv_names = { "ZHPMV ", "cblas_zhpmv" };

TF_EXPORT void dsymv_(const char *uplo, const int *n, const double *alpha, const double *a,
		      const int *lda, const double *x, const int *incx, const double *beta,
		      double *y, const int *incy, size_t uplo_len)
{
	(void)uplo_len; /* a single character; C callers may omit it */
	fortran_symv(TF_R_dsymv_, TF_TYPE_D, TF_STORAGE_FULL, dsymv_names.fortran, *uplo, *n, 0,
		     alpha, a, *lda, x, *incx, beta, y, *incy);
}

TF_EXPORT void zhemv_(const char *uplo, const int *n, const void *alpha, const void *a,
		      const int *lda, const void *x, const int *incx, const void *beta, void *y,
		      const int *incy, size_t uplo_len)
{
	(void)uplo_len;
	fortran_symv(TF_R_zhemv_, TF_TYPE_Z, TF_STORAGE_FULL, zhemv_names.fortran, *uplo, *n, 0,
		     alpha, a, *lda, x, *incx, beta, y, *incy);
}

TF_EXPORT void dsbmv_(const char *uplo, const int *n, const int *k, const double *alpha,
		      const double *a, const int *lda, const double *x, const int *incx,
		      const double *beta, double *y, const int *incy, size_t uplo_len)
{
	(void)uplo_len;
	fortran_symv(TF_R_dsbmv_, TF_TYPE_D, TF_STORAGE_BAND, dsbmv_names.fortran, *uplo, *n, *k,
		     alpha, a, *lda, x, *incx, beta, y, *incy);
}

TF_EXPORT void zhbmv_(const char *uplo, const int *n, const int *k, const void *alpha,
		      const void *a, const int *lda, const void *x, const int *incx,
		      const void *beta, void *y, const int *incy, size_t uplo_len)
{
	(void)uplo_len;
	fortran_symv(TF_R_zhbmv_, TF_TYPE_Z, TF_STORAGE_BAND, zhbmv_names.fortran, *uplo, *n, *k,
		     alpha, a, *lda, x, *incx, beta, y, *incy);
}

TF_EXPORT void dspmv_(const char *uplo, const int *n, const double *alpha, const double *ap,
		      const double *x, const int *incx, const double *beta, double *y,
		      const int *incy, size_t uplo_len)
{
	(void)uplo_len;
	fortran_symv(TF_R_dspmv_, TF_TYPE_D, TF_STORAGE_PACKED, dspmv_names.fortran, *uplo, *n, 0,
		     alpha, ap, 0, x, *incx, beta, y, *incy);
}

TF_EXPORT void zhpmv_(const char *uplo, const int *n, const void *alpha, const void *ap,
		      const void *x, const int *incx, const void *beta, void *y, const int *incy,
		      size_t uplo_len)
{
	(void)uplo_len;
	fortran_symv(TF_R_zhpmv_, TF_TYPE_Z, TF_STORAGE_PACKED, zhpmv_names.fortran, *uplo, *n, 0,
		     alpha, ap, 0, x, *incx, beta, y, *incy);
}

TF_EXPORT void cblas_dsymv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, double alpha,
			   const double *a, int lda, const double *x, int incx, double beta,
			   double *y, int incy)
{
	cblas_symv(TF_R_cblas_dsymv, TF_R_dsymv_, TF_TYPE_D, TF_STORAGE_FULL, &dsymv_names, layout,
		   uplo, n, 0, &alpha, a, lda, x, incx, &beta, y, incy);
}

TF_EXPORT void cblas_zhemv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, const void *alpha,
			   const void *a, int lda, const void *x, int incx, const void *beta,
			   void *y, int incy)
{
	cblas_symv(TF_R_cblas_zhemv, TF_R_zhemv_, TF_TYPE_Z, TF_STORAGE_FULL, &zhemv_names, layout,
		   uplo, n, 0, alpha, a, lda, x, incx, beta, y, incy);
}

TF_EXPORT void cblas_dsbmv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, int k, double alpha,
			   const double *a, int lda, const double *x, int incx, double beta,
			   double *y, int incy)
{
	cblas_symv(TF_R_cblas_dsbmv, TF_R_dsbmv_, TF_TYPE_D, TF_STORAGE_BAND, &dsbmv_names, layout,
		   uplo, n, k, &alpha, a, lda, x, incx, &beta, y, incy);
}

TF_EXPORT void cblas_zhbmv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, int k, const void *alpha,
			   const void *a, int lda, const void *x, int incx, const void *beta,
			   void *y, int incy)
{
	cblas_symv(TF_R_cblas_zhbmv, TF_R_zhbmv_, TF_TYPE_Z, TF_STORAGE_BAND, &zhbmv_names, layout,
		   uplo, n, k, alpha, a, lda, x, incx, beta, y, incy);
}

TF_EXPORT void cblas_dspmv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, double alpha,
			   const double *ap, const double *x, int incx, double beta, double *y,
			   int incy)
{
	cblas_symv(TF_R_cblas_dspmv, TF_R_dspmv_, TF_TYPE_D, TF_STORAGE_PACKED, &dspmv_names,
		   layout, uplo, n, 0, &alpha, ap, 0, x, incx, &beta, y, incy);
}

TF_EXPORT void cblas_zhpmv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, const void *alpha,
			   const void *ap, const void *x, int incx, const void *beta, void *y,
			   int incy)
{
	cblas_symv(TF_R_cblas_zhpmv, TF_R_zhpmv_, TF_TYPE_Z, TF_STORAGE_PACKED, &zhpmv_names,
		   layout, uplo, n, 0, alpha, ap, 0, x, incx, beta, y, incy);
}
