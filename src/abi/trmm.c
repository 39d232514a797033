#include "config.h"

/* dtrmm_, ztrmm_ and their CBLAS forms: B = alpha op(A) B (side L) or
 * alpha B op(A) (side R), A triangular.  Validated as the reference
 * validates them, then handed to the planner as one op whose output c is
 * the reference's B. */
#include "abi/cblas_error.h"
#include "abi/check.h"
#include "core/export.h"
#include "op/cblas_types.h"
#include "plan/call.h"
#include "plan/plan.h"

static enum tf_where run_trmm(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type,
			      char side, char uplo, char transa, char diag, int m, int n,
			      const double *alpha, const double *a, int lda, double *b, int ldb,
			      double *flops)
{
	int illegal = tf_check_trmm(side, uplo, transa, diag, m, n, lda, ldb);
	if (illegal) {
		tf_report_illegal(type == TF_TYPE_Z ? "ZTRMM " : "DTRMM ", illegal);
		return TF_WHERE_NO_WORK;
	}
	if (m == 0 || n == 0)
		return TF_WHERE_NO_WORK;
	struct tf_op op = {
		.kind = TF_OP_TRMM, .routine = routine, .blas = blas, .type = type,
		.side = tf_side_option(side), .uplo = tf_uplo_option(uplo),
		.transa = tf_trans_option(transa), .diag = tf_diag_option(diag), .m = m, .n = n,
		.alpha = alpha[0], .alpha_im = type == TF_TYPE_Z ? alpha[1] : 0.0,
		.a = a, .lda = lda, .c = b, .ldc = ldb,
	};
	tf_call_set_flops(flops, &op);
	return tf_plan_run(&op);
}

static void trmm(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type, char side,
		 char uplo, char transa, char diag, int m, int n, const double *alpha,
		 const double *a, int lda, double *b, int ldb)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = run_trmm(routine, blas, type, side, uplo, transa, diag, m, n, alpha, a,
				       lda, b, ldb, tf_call_flops(&call, &flops));
	tf_call_end(&call, where, flops);
}

/* Row major is the column-major problem of B^T: side and uplo swapped, m
 * and n exchanged, trans kept (op(A)^T of A^T is op(A^T) of the same kind). */
static void cblas_trmm(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type,
		       const char *cname, CBLAS_LAYOUT layout, CBLAS_SIDE side, CBLAS_UPLO uplo,
		       CBLAS_TRANSPOSE transa, CBLAS_DIAG diag, int m, int n, const double *alpha,
		       const double *a, int lda, double *b, int ldb)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = TF_WHERE_NO_WORK;
	char sd = tf_cblas_side(side), ul = tf_cblas_uplo(uplo);
	char ta = tf_cblas_trans(transa), di = tf_cblas_diag(diag);
	RowMajorStrg = layout == CblasRowMajor;
	CBLAS_CallFromC = 1;
	if (layout != CblasColMajor && layout != CblasRowMajor)
		cblas_xerbla(1, cname, "Illegal layout setting, %d\n", layout);
	else if (!sd)
		cblas_xerbla(2, cname, "Illegal Side setting, %d\n", side);
	else if (!ul)
		cblas_xerbla(3, cname, "Illegal Uplo setting, %d\n", uplo);
	else if (!ta)
		cblas_xerbla(4, cname, "Illegal Trans setting, %d\n", transa);
	else if (!di)
		cblas_xerbla(5, cname, "Illegal Diag setting, %d\n", diag);
	else if (layout == CblasColMajor)
		where = run_trmm(routine, blas, type, sd, ul, ta, di, m, n, alpha, a, lda, b, ldb,
				 tf_call_flops(&call, &flops));
	else
		where = run_trmm(routine, blas, type, sd == 'L' ? 'R' : 'L', ul == 'U' ? 'L' : 'U', ta,
				 di, n, m, alpha, a, lda, b, ldb, tf_call_flops(&call, &flops));
	CBLAS_CallFromC = 0;
	RowMajorStrg = 0;
	tf_call_end(&call, where, flops);
}

TF_EXPORT void dtrmm_(const char *side, const char *uplo, const char *transa, const char *diag,
		      const int *m, const int *n, const double *alpha, const double *a,
		      const int *lda, double *b, const int *ldb, size_t side_len,
		      size_t uplo_len, size_t transa_len, size_t diag_len)
{
	(void)side_len, (void)uplo_len, (void)transa_len, (void)diag_len;
	trmm(TF_R_dtrmm_, TF_R_dtrmm_, TF_TYPE_D, *side, *uplo, *transa, *diag, *m, *n, alpha, a,
	     *lda, b, *ldb);
}

TF_EXPORT void ztrmm_(const char *side, const char *uplo, const char *transa, const char *diag,
		      const int *m, const int *n, const void *alpha, const void *a,
		      const int *lda, void *b, const int *ldb, size_t side_len,
		      size_t uplo_len, size_t transa_len, size_t diag_len)
{
	(void)side_len, (void)uplo_len, (void)transa_len, (void)diag_len;
	trmm(TF_R_ztrmm_, TF_R_ztrmm_, TF_TYPE_Z, *side, *uplo, *transa, *diag, *m, *n, alpha, a,
	     *lda, b, *ldb);
}

TF_EXPORT void cblas_dtrmm(CBLAS_LAYOUT layout, CBLAS_SIDE side, CBLAS_UPLO uplo,
			   CBLAS_TRANSPOSE transa, CBLAS_DIAG diag, int m, int n, double alpha,
			   const double *a, int lda, double *b, int ldb)
{
	cblas_trmm(TF_R_cblas_dtrmm, TF_R_dtrmm_, TF_TYPE_D, "cblas_dtrmm", layout, side, uplo,
		   transa, diag, m, n, &alpha, a, lda, b, ldb);
}

TF_EXPORT void cblas_ztrmm(CBLAS_LAYOUT layout, CBLAS_SIDE side, CBLAS_UPLO uplo,
			   CBLAS_TRANSPOSE transa, CBLAS_DIAG diag, int m, int n,
			   const void *alpha, const void *a, int lda, void *b, int ldb)
{
	cblas_trmm(TF_R_cblas_ztrmm, TF_R_ztrmm_, TF_TYPE_Z, "cblas_ztrmm", layout, side, uplo,
		   transa, diag, m, n, alpha, a, lda, b, ldb);
}
