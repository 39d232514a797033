#include "config.h"

/* LAPACK's drivers dgesv_ and dposv_.  Checked as LAPACK checks them
 * (INFO = -i and xerbla_ for the i-th argument); in dd mode a system of
 * finite data is factored in double and refined in DD (plan/refine.h), and
 * anything else goes to the CPU LAPACK's driver: in the other modes
 * unchanged, in dd mode (n = 0, nrhs = 0, Inf or NaN in A or B) with its
 * BLAS native, so that the result is the reference's. */
#include <math.h>
#include "abi/check.h"
#include "core/environment.h"
#include "core/export.h"
#include "core/message.h"
#include "plan/call.h"
#include "plan/lapack_plan.h"
#include "plan/refine.h"

/* Whether the m x n matrix a holds only finite numbers. */
static int finite_matrix(int m, int n, const double *a, int lda)
{
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			if (!isfinite(a[(size_t)j * lda + i]))
				return 0;
	return 1;
}

/* A symmetric matrix's uplo triangle holds only finite numbers. */
static int finite_triangle(char uplo, int n, const double *a, int lda)
{
	for (int j = 0; j < n; j++) {
		int first = uplo == 'U' ? 0 : j, last = uplo == 'U' ? j + 1 : n;
		for (int i = first; i < last; i++)
			if (!isfinite(a[(size_t)j * lda + i]))
				return 0;
	}
	return 1;
}

static void log_refinement(const char *routine, const char *factor, int n, int nrhs,
			   const struct tf_refine_report *report)
{
	if (tf_config()->log)
		tf_message("%s n=%d nrhs=%d: %s in double, refined in DD: %d steps, last correction "
			   "%.1e of the solution, %s", routine, n, nrhs, factor, report->steps,
			   report->error, report->converged ? "converged" : "NOT converged");
}

static enum tf_where gesv(int n, int nrhs, double *a, int lda, int *ipiv, double *b, int ldb,
			  int *info)
{
	int illegal = tf_check_gesv(n, nrhs, lda, ldb);
	if (illegal) {
		*info = -illegal;
		tf_report_illegal("DGESV ", illegal);
		return TF_WHERE_NO_WORK;
	}
	if (tf_config()->mode != TF_MODE_DD) {
		*info = tf_plan_lapack_dgesv(n, nrhs, a, lda, ipiv, b, ldb);
		return TF_WHERE_CPU_BLAS;
	}
	if (n == 0 || nrhs == 0 || !finite_matrix(n, n, a, lda) || !finite_matrix(n, nrhs, b, ldb)) {
		*info = tf_plan_dgetrf(n, a, lda, ipiv);
		if (*info == 0)
			tf_plan_dgetrs(n, nrhs, a, lda, ipiv, b, ldb);
		return TF_WHERE_CPU_BLAS;
	}
	struct tf_refine_report report;
	*info = tf_plan_dgesv_refined(n, nrhs, a, lda, ipiv, b, ldb, &report);
	if (*info == 0)
		log_refinement("dgesv_", "LU", n, nrhs, &report);
	return TF_WHERE_CPU_DD;
}

static enum tf_where posv(char uplo, int n, int nrhs, double *a, int lda, double *b, int ldb,
			  int *info)
{
	int illegal = tf_check_posv(uplo, n, nrhs, lda, ldb);
	if (illegal) {
		*info = -illegal;
		tf_report_illegal("DPOSV ", illegal);
		return TF_WHERE_NO_WORK;
	}
	uplo = tf_uplo_option(uplo);
	if (tf_config()->mode != TF_MODE_DD) {
		*info = tf_plan_lapack_dposv(uplo, n, nrhs, a, lda, b, ldb);
		return TF_WHERE_CPU_BLAS;
	}
	if (n == 0 || nrhs == 0 || !finite_triangle(uplo, n, a, lda) ||
	    !finite_matrix(n, nrhs, b, ldb)) {
		*info = tf_plan_dpotrf(uplo, n, a, lda);
		if (*info == 0)
			tf_plan_dpotrs(uplo, n, nrhs, a, lda, b, ldb);
		return TF_WHERE_CPU_BLAS;
	}
	struct tf_refine_report report;
	*info = tf_plan_dposv_refined(uplo, n, nrhs, a, lda, b, ldb, &report);
	if (*info == 0)
		log_refinement("dposv_", "Cholesky", n, nrhs, &report);
	return TF_WHERE_CPU_DD;
}

/* Flops of the factorization and the solve (LAPACK's counts, leading
 * terms), for the report's rates. */
static double solve_flops(double n, double nrhs, double factor_flops)
{
	return factor_flops + 2.0 * n * n * nrhs;
}

TF_EXPORT void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv,
		      double *b, const int *ldb, int *info)
{
	struct tf_call call;
	tf_call_begin(&call, TF_L_dgesv_);
	enum tf_where where = gesv(*n, *nrhs, a, *lda, ipiv, b, *ldb, info);
	double n3 = (double)*n * *n * *n;
	tf_call_end(&call, where, where == TF_WHERE_NO_WORK ? 0.0 : solve_flops(*n, *nrhs, 2.0 * n3 / 3.0));
}

TF_EXPORT void dposv_(const char *uplo, const int *n, const int *nrhs, double *a, const int *lda,
		      double *b, const int *ldb, int *info, size_t uplo_len)
{
	(void)uplo_len;
	struct tf_call call;
	tf_call_begin(&call, TF_L_dposv_);
	enum tf_where where = posv(*uplo, *n, *nrhs, a, *lda, b, *ldb, info);
	double n3 = (double)*n * *n * *n;
	tf_call_end(&call, where, where == TF_WHERE_NO_WORK ? 0.0 : solve_flops(*n, *nrhs, n3 / 3.0));
}
