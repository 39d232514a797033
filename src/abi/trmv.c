#include "config.h"

/* The triangular matrix-vector products: dtrmv_, ztrmv_ (full storage),
 * dtbmv_, ztbmv_ (band, k), dtpmv_, ztpmv_ (packed) and their CBLAS forms.
 * Validated as the reference validates them, then handed to the planner as
 * one TRMV op; the vector (the reference's x) is the op's y. */
#include "abi/cblas_conj.h"
#include "abi/cblas_error.h"
#include "abi/check.h"
#include "core/export.h"
#include "op/cblas_types.h"
#include "plan/call.h"
#include "plan/plan.h"

static enum tf_where run_trmv(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type,
			      enum tf_op_storage storage, const char *name, char uplo, char trans,
			      char diag, int n, int k, const double *a, int lda, double *x,
			      int incx, double *flops)
{
	int illegal = tf_check_trmv(storage, uplo, trans, diag, n, k, lda, incx);
	if (illegal) {
		tf_report_illegal(name, illegal);
		return TF_WHERE_NO_WORK;
	}
	if (n == 0)
		return TF_WHERE_NO_WORK;
	struct tf_op op = {
		.kind = TF_OP_TRMV, .routine = routine, .blas = blas, .type = type,
		.storage = storage, .uplo = tf_uplo_option(uplo), .transa = tf_trans_option(trans),
		.diag = tf_diag_option(diag), .n = n, .k = k,
		.a = a, .lda = lda, .y = x, .incy = incx,
	};
	tf_call_set_flops(flops, &op);
	return tf_plan_run(&op);
}

static void fortran_trmv(enum tf_routine routine, enum tf_op_type type, enum tf_op_storage storage,
			 const char *name, char uplo, char trans, char diag, int n, int k,
			 const double *a, int lda, double *x, int incx)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = run_trmv(routine, routine, type, storage, name, uplo, trans, diag, n,
				       k, a, lda, x, incx, tf_call_flops(&call, &flops));
	tf_call_end(&call, where, flops);
}

/* Row major stores the transpose: the other triangle, trans N and T
 * swapped; a complex conjugate transpose is the conjugate problem, x
 * conjugated in place before and after, as the reference CBLAS does. */
static void cblas_trmv(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type,
		       enum tf_op_storage storage, const struct tf_names *names, CBLAS_LAYOUT layout,
		       CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans, CBLAS_DIAG diag, int n, int k,
		       const double *a, int lda, double *x, int incx)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = TF_WHERE_NO_WORK;
	char u = tf_cblas_uplo(uplo), t = tf_cblas_trans(trans), d = tf_cblas_diag(diag);
	RowMajorStrg = layout == CblasRowMajor;
	CBLAS_CallFromC = 1;
	if (layout != CblasColMajor && layout != CblasRowMajor)
		cblas_xerbla(1, names->cblas, "Illegal layout setting, %d\n", layout);
	else if (!u)
		cblas_xerbla(2, names->cblas, "Illegal Uplo setting, %d\n", uplo);
	else if (!t)
		cblas_xerbla(3, names->cblas, "Illegal TransA setting, %d\n", trans);
	else if (!d && layout == CblasRowMajor && storage == TF_STORAGE_BAND)
		/* the reference CBLAS's row-major ?tbmv says Uplo, with uplo's value */
		cblas_xerbla(4, names->cblas, "Illegal Uplo setting, %d\n", uplo);
	else if (!d)
		cblas_xerbla(4, names->cblas, "Illegal Diag setting, %d\n", diag);
	else if (layout == CblasColMajor)
		where = run_trmv(routine, blas, type, storage, names->fortran, u, t, d, n, k, a, lda,
				 x, incx, tf_call_flops(&call, &flops));
	else {
		int conj = type == TF_TYPE_Z && t == 'C' && n > 0;
		if (conj)
			tf_cblas_conj_vector(x, n, incx);
		where = run_trmv(routine, blas, type, storage, names->fortran, u == 'U' ? 'L' : 'U',
				 t == 'N' ? 'T' : 'N', d, n, k, a, lda, x, incx, tf_call_flops(&call, &flops));
		if (conj)
			tf_cblas_conj_vector(x, n, incx);
	}
	CBLAS_CallFromC = 0;
	RowMajorStrg = 0;
	tf_call_end(&call, where, flops);
}

static const struct tf_names dtrmv_names = { "DTRMV ", "cblas_dtrmv" };
static const struct tf_names ztrmv_names = { "ZTRMV ", "cblas_ztrmv" };
static const struct tf_names dtbmv_names = { "DTBMV ", "cblas_dtbmv" };
static const struct tf_names ztbmv_names = { "ZTBMV ", "cblas_ztbmv" };
static const struct tf_names dtpmv_names = { "DTPMV ", "cblas_dtpmv" };
static const struct tf_names ztpmv_names = { "ZTPMV ", "cblas_ztpmv" };

/* The hidden lengths of the three options: single characters, which C
 * callers may omit. */
TF_EXPORT void dtrmv_(const char *uplo, const char *trans, const char *diag, const int *n,
		      const double *a, const int *lda, double *x, const int *incx,
		      size_t uplo_len, size_t trans_len, size_t diag_len)
{
	(void)uplo_len, (void)trans_len, (void)diag_len;
	fortran_trmv(TF_R_dtrmv_, TF_TYPE_D, TF_STORAGE_FULL, dtrmv_names.fortran, *uplo, *trans,
		     *diag, *n, 0, a, *lda, x, *incx);
}

TF_EXPORT void ztrmv_(const char *uplo, const char *trans, const char *diag, const int *n,
		      const void *a, const int *lda, void *x, const int *incx, size_t uplo_len,
		      size_t trans_len, size_t diag_len)
{
	(void)uplo_len, (void)trans_len, (void)diag_len;
	fortran_trmv(TF_R_ztrmv_, TF_TYPE_Z, TF_STORAGE_FULL, ztrmv_names.fortran, *uplo, *trans,
		     *diag, *n, 0, a, *lda, x, *incx);
}

TF_EXPORT void dtbmv_(const char *uplo, const char *trans, const char *diag, const int *n,
		      const int *k, const double *a, const int *lda, double *x, const int *incx,
		      size_t uplo_len, size_t trans_len, size_t diag_len)
{
	(void)uplo_len, (void)trans_len, (void)diag_len;
	fortran_trmv(TF_R_dtbmv_, TF_TYPE_D, TF_STORAGE_BAND, dtbmv_names.fortran, *uplo, *trans,
		     *diag, *n, *k, a, *lda, x, *incx);
}

TF_EXPORT void ztbmv_(const char *uplo, const char *trans, const char *diag, const int *n,
		      const int *k, const void *a, const int *lda, void *x, const int *incx,
		      size_t uplo_len, size_t trans_len, size_t diag_len)
{
	(void)uplo_len, (void)trans_len, (void)diag_len;
	fortran_trmv(TF_R_ztbmv_, TF_TYPE_Z, TF_STORAGE_BAND, ztbmv_names.fortran, *uplo, *trans,
		     *diag, *n, *k, a, *lda, x, *incx);
}

TF_EXPORT void dtpmv_(const char *uplo, const char *trans, const char *diag, const int *n,
		      const double *ap, double *x, const int *incx, size_t uplo_len,
		      size_t trans_len, size_t diag_len)
{
	(void)uplo_len, (void)trans_len, (void)diag_len;
	fortran_trmv(TF_R_dtpmv_, TF_TYPE_D, TF_STORAGE_PACKED, dtpmv_names.fortran, *uplo, *trans,
		     *diag, *n, 0, ap, 0, x, *incx);
}

TF_EXPORT void ztpmv_(const char *uplo, const char *trans, const char *diag, const int *n,
		      const void *ap, void *x, const int *incx, size_t uplo_len,
		      size_t trans_len, size_t diag_len)
{
	(void)uplo_len, (void)trans_len, (void)diag_len;
	fortran_trmv(TF_R_ztpmv_, TF_TYPE_Z, TF_STORAGE_PACKED, ztpmv_names.fortran, *uplo, *trans,
		     *diag, *n, 0, ap, 0, x, *incx);
}

TF_EXPORT void cblas_dtrmv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans,
			   CBLAS_DIAG diag, int n, const double *a, int lda, double *x, int incx)
{
	cblas_trmv(TF_R_cblas_dtrmv, TF_R_dtrmv_, TF_TYPE_D, TF_STORAGE_FULL, &dtrmv_names, layout,
		   uplo, trans, diag, n, 0, a, lda, x, incx);
}

TF_EXPORT void cblas_ztrmv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans,
			   CBLAS_DIAG diag, int n, const void *a, int lda, void *x, int incx)
{
	cblas_trmv(TF_R_cblas_ztrmv, TF_R_ztrmv_, TF_TYPE_Z, TF_STORAGE_FULL, &ztrmv_names, layout,
		   uplo, trans, diag, n, 0, a, lda, x, incx);
}

TF_EXPORT void cblas_dtbmv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans,
			   CBLAS_DIAG diag, int n, int k, const double *a, int lda, double *x,
			   int incx)
{
	cblas_trmv(TF_R_cblas_dtbmv, TF_R_dtbmv_, TF_TYPE_D, TF_STORAGE_BAND, &dtbmv_names, layout,
		   uplo, trans, diag, n, k, a, lda, x, incx);
}

TF_EXPORT void cblas_ztbmv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans,
			   CBLAS_DIAG diag, int n, int k, const void *a, int lda, void *x, int incx)
{
	cblas_trmv(TF_R_cblas_ztbmv, TF_R_ztbmv_, TF_TYPE_Z, TF_STORAGE_BAND, &ztbmv_names, layout,
		   uplo, trans, diag, n, k, a, lda, x, incx);
}

TF_EXPORT void cblas_dtpmv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans,
			   CBLAS_DIAG diag, int n, const double *ap, double *x, int incx)
{
	cblas_trmv(TF_R_cblas_dtpmv, TF_R_dtpmv_, TF_TYPE_D, TF_STORAGE_PACKED, &dtpmv_names,
		   layout, uplo, trans, diag, n, 0, ap, 0, x, incx);
}

TF_EXPORT void cblas_ztpmv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans,
			   CBLAS_DIAG diag, int n, const void *ap, void *x, int incx)
{
	cblas_trmv(TF_R_cblas_ztpmv, TF_R_ztpmv_, TF_TYPE_Z, TF_STORAGE_PACKED, &ztpmv_names,
		   layout, uplo, trans, diag, n, 0, ap, 0, x, incx);
}
