#include "config.h"

/* The triangular solves with many right-hand sides: dtrsm_, ztrsm_,
 * cblas_dtrsm and cblas_ztrsm, validated as the reference validates them,
 * then handed to the planner as one op.  Quick returns as the reference's:
 * m = 0 or n = 0 does nothing; alpha = 0 sets B to zero without reading A. */
#include "abi/cblas_error.h"
#include "abi/check.h"
#include "core/export.h"
#include "op/cblas_types.h"
#include "plan/call.h"
#include "plan/plan.h"

/* alpha: its real part, then for ztrsm its imaginary part. */
static enum tf_where run_trsm(enum tf_routine routine, enum tf_op_type type, char side, char uplo,
			      char transa, char diag, int m, int n, const double *alpha,
			      const double *a, int lda, double *b, int ldb, double *flops)
{
	const int complex = type == TF_TYPE_Z;
	int illegal = tf_check_trmm(side, uplo, transa, diag, m, n, lda, ldb);
	if (illegal) {
		tf_report_illegal(complex ? "ZTRSM " : "DTRSM ", illegal);
		return TF_WHERE_NO_WORK;
	}
	if (m == 0 || n == 0)
		return TF_WHERE_NO_WORK;
	if (tf_scalar_is(type, alpha, 0.0)) {
		int width = complex ? 2 : 1;
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m * width; i++)
				b[(size_t)j * ldb * width + i] = 0.0;
		return TF_WHERE_NO_WORK;
	}
	struct tf_op op = {
		.kind = TF_OP_TRSM, .routine = routine, .blas = complex ? TF_R_ztrsm_ : TF_R_dtrsm_,
		.type = type, .side = tf_side_option(side), .uplo = tf_uplo_option(uplo),
		.transa = tf_trans_option(transa), .diag = tf_diag_option(diag),
		.m = m, .n = n, .alpha = alpha[0], .alpha_im = complex ? alpha[1] : 0.0,
		.a = a, .lda = lda, .c = b, .ldc = ldb,
	};
	tf_call_set_flops(flops, &op);
	return tf_plan_run(&op);
}

static void trsm(enum tf_routine routine, enum tf_op_type type, char side, char uplo, char transa,
		 char diag, int m, int n, const double *alpha, const double *a, int lda, double *b,
		 int ldb)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = run_trsm(routine, type, side, uplo, transa, diag, m, n, alpha, a, lda,
				       b, ldb, tf_call_flops(&call, &flops));
	tf_call_end(&call, where, flops);
}

TF_EXPORT void dtrsm_(const char *side, const char *uplo, const char *transa, const char *diag,
		      const int *m, const int *n, const double *alpha, const double *a,
		      const int *lda, double *b, const int *ldb, size_t side_len, size_t uplo_len,
		      size_t transa_len, size_t diag_len)
{
	/* single characters; C callers may omit them */
	(void)side_len, (void)uplo_len, (void)transa_len, (void)diag_len;
	trsm(TF_R_dtrsm_, TF_TYPE_D, *side, *uplo, *transa, *diag, *m, *n, alpha, a, *lda, b,
	     *ldb);
}

TF_EXPORT void ztrsm_(const char *side, const char *uplo, const char *transa, const char *diag,
		      const int *m, const int *n, const void *alpha, const void *a,
		      const int *lda, void *b, const int *ldb, size_t side_len, size_t uplo_len,
		      size_t transa_len, size_t diag_len)
{
	(void)side_len, (void)uplo_len, (void)transa_len, (void)diag_len;
	trsm(TF_R_ztrsm_, TF_TYPE_Z, *side, *uplo, *transa, *diag, *m, *n, alpha, a, *lda, b,
	     *ldb);
}

/* The reference CBLAS's checks and messages (parameter numbers in CBLAS
 * counting); row major solves the transposed problem: side and uplo
 * swapped, m and n swapped, transa kept (for ztrsm too: the transpose of
 * op(A) of the row-major A is op of the column-major one). */
static void cblas_trsm(enum tf_routine routine, enum tf_op_type type, const char *name,
		       CBLAS_LAYOUT layout, CBLAS_SIDE side, CBLAS_UPLO uplo,
		       CBLAS_TRANSPOSE transa, CBLAS_DIAG diag, int m, int n, const double *alpha,
		       const double *a, int lda, double *b, int ldb)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = TF_WHERE_NO_WORK;
	const int row_major = layout == CblasRowMajor;
	char sd = tf_cblas_side(side), ul = tf_cblas_uplo(uplo);
	char ta = tf_cblas_trans(transa), di = tf_cblas_diag(diag);
	RowMajorStrg = 0;
	CBLAS_CallFromC = 1;
	if (layout != CblasColMajor && layout != CblasRowMajor) {
		cblas_xerbla(1, name, "Illegal layout setting, %d\n", layout);
	} else {
		RowMajorStrg = row_major;
		if (!sd)
			cblas_xerbla(2, name, "Illegal Side setting, %d\n", side);
		else if (!ul)
			cblas_xerbla(3, name, "Illegal Uplo setting, %d\n", uplo);
		else if (!ta)
			cblas_xerbla(4, name, "Illegal Trans setting, %d\n", transa);
		else if (!di)
			cblas_xerbla(5, name, "Illegal Diag setting, %d\n", diag);
		else if (!row_major)
			where = run_trsm(routine, type, sd, ul, ta, di, m, n, alpha, a, lda, b, ldb,
					 tf_call_flops(&call, &flops));
		else
			where = run_trsm(routine, type, sd == 'L' ? 'R' : 'L', ul == 'U' ? 'L' : 'U', ta,
					 di, n, m, alpha, a, lda, b, ldb, tf_call_flops(&call, &flops));
	}
	CBLAS_CallFromC = 0;
	RowMajorStrg = 0;
	tf_call_end(&call, where, flops);
}

TF_EXPORT void cblas_dtrsm(CBLAS_LAYOUT layout, CBLAS_SIDE side, CBLAS_UPLO uplo,
			   CBLAS_TRANSPOSE transa, CBLAS_DIAG diag, int m, int n, double alpha,
			   const double *a, int lda, double *b, int ldb)
{
	cblas_trsm(TF_R_cblas_dtrsm, TF_TYPE_D, "cblas_dtrsm", layout, side, uplo, transa, diag, m,
		   n, &alpha, a, lda, b, ldb);
}

TF_EXPORT void cblas_ztrsm(CBLAS_LAYOUT layout, CBLAS_SIDE side, CBLAS_UPLO uplo,
			   CBLAS_TRANSPOSE transa, CBLAS_DIAG diag, int m, int n,
			   const void *alpha, const void *a, int lda, void *b, int ldb)
{
	cblas_trsm(TF_R_cblas_ztrsm, TF_TYPE_Z, "cblas_ztrsm", layout, side, uplo, transa, diag, m,
		   n, alpha, a, lda, b, ldb);
}
