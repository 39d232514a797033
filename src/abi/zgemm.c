#include "config.h"

/* zgemm_ and cblas_zgemm: validated as the reference validates them, then
 * handed to the planner as one op.  Complex scalars are two doubles (re,
 * im), as Fortran stores them. */
#include "abi/cblas_error.h"
#include "abi/check.h"
#include "core/export.h"
#include "op/cblas_types.h"
#include "plan/call.h"
#include "plan/plan.h"

static enum tf_where run_zgemm(enum tf_routine routine, char transa, char transb, int m, int n,
			       int k, const double *alpha, const double *a, int lda,
			       const double *b, int ldb, const double *beta, double *c, int ldc,
			       double *flops)
{
	int illegal = tf_check_dgemm(transa, transb, m, n, k, lda, ldb, ldc);
	if (illegal) {
		tf_report_illegal("ZGEMM ", illegal);
		return TF_WHERE_NO_WORK;
	}
	int alpha_zero = alpha[0] == 0.0 && alpha[1] == 0.0;
	if (m == 0 || n == 0 || ((alpha_zero || k == 0) && beta[0] == 1.0 && beta[1] == 0.0))
		return TF_WHERE_NO_WORK;
	struct tf_op op = {
		.kind = TF_OP_GEMM, .routine = routine, .blas = TF_R_zgemm_, .type = TF_TYPE_Z,
		.transa = tf_trans_option(transa), .transb = tf_trans_option(transb),
		.m = m, .n = n, .k = k, .alpha = alpha[0], .alpha_im = alpha[1],
		.beta = beta[0], .beta_im = beta[1],
		.a = a, .lda = lda, .b = b, .ldb = ldb, .c = c, .ldc = ldc,
	};
	tf_call_set_flops(flops, &op);
	return tf_plan_run(&op);
}

TF_EXPORT void zgemm_(const char *transa, const char *transb, const int *m, const int *n,
		      const int *k, const void *alpha, const void *a, const int *lda,
		      const void *b, const int *ldb, const void *beta, void *c, const int *ldc,
		      size_t transa_len, size_t transb_len)
{
	(void)transa_len, (void)transb_len; /* single characters; C callers may omit them */
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, TF_R_zgemm_);
	enum tf_where where = run_zgemm(TF_R_zgemm_, *transa, *transb, *m, *n, *k, alpha, a, *lda,
					b, *ldb, beta, c, *ldc, tf_call_flops(&call, &flops));
	tf_call_end(&call, where, flops);
}

TF_EXPORT void cblas_zgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
			   int m, int n, int k, const void *alpha, const void *a, int lda,
			   const void *b, int ldb, const void *beta, void *c, int ldc)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, TF_R_cblas_zgemm);
	enum tf_where where = TF_WHERE_NO_WORK;
	char ta = tf_cblas_trans(transa), tb = tf_cblas_trans(transb);
	RowMajorStrg = layout == CblasRowMajor;
	CBLAS_CallFromC = 1;
	if (layout != CblasColMajor && layout != CblasRowMajor)
		cblas_xerbla(1, "cblas_zgemm", "Illegal layout setting, %d\n", layout);
	else if (!ta)
		cblas_xerbla(2, "cblas_zgemm", "Illegal TransA setting, %d\n", transa);
	else if (!tb)
		cblas_xerbla(3, "cblas_zgemm", "Illegal TransB setting, %d\n", transb);
	else if (layout == CblasColMajor)
		where = run_zgemm(TF_R_cblas_zgemm, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c,
				  ldc, tf_call_flops(&call, &flops));
	else /* row major: C^T = op(B)^T op(A)^T, column major */
		where = run_zgemm(TF_R_cblas_zgemm, tb, ta, n, m, k, alpha, b, ldb, a, lda, beta, c,
				  ldc, tf_call_flops(&call, &flops));
	CBLAS_CallFromC = 0;
	RowMajorStrg = 0;
	tf_call_end(&call, where, flops);
}
