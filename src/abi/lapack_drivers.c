#include "config.h"

/* LAPACK's drivers dgesv_, zgesv_, dposv_, zposv_, dsysv_ and dgels_.  Checked as LAPACK
 * checks them (INFO = -i and xerbla_ for the i-th argument); in dd mode a
 * system of finite data is factored in double and refined (plan/refine.h;
 * gesv, posv, sysv and gels factor A again in DD where that does not
 * converge; gesv and posv on the GPU for device arrays and large host
 * ones), and anything else goes to
 * the CPU LAPACK: in the other modes its driver, unchanged (native mode's
 * gesv and posv go to cuSOLVER instead for device arrays and large host
 * ones); in dd mode (n = 0, nrhs = 0, Inf or NaN in A or B) its
 * factorization and solve with their BLAS native, so that the result is the
 * reference's.  Device arrays are not read here: their data go to the GPU
 * whole. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include "abi/check.h"
#include "abi/lapack_drivers.h"
#include "core/environment.h"
#include "core/export.h"
#include "core/message.h"
#include "plan/call.h"
#include "plan/lapack_plan.h"
#include "plan/refine.h"

static int width_of(enum tf_op_type type)
{
	return type == TF_TYPE_Z ? 2 : 1;
}

/* Whether the m x n matrix a holds only finite numbers. */
static int finite_matrix(enum tf_op_type type, int m, int n, const double *a, int lda)
{
	const int width = width_of(type);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < width * m; i++)
			if (!isfinite(a[(size_t)width * j * lda + i]))
				return 0;
	return 1;
}

/* The same for the uplo triangle of a symmetric (Hermitian) matrix. */
static int finite_triangle(enum tf_op_type type, char uplo, int n, const double *a, int lda)
{
	const int width = width_of(type);
	for (int j = 0; j < n; j++) {
		int first = uplo == 'U' ? 0 : j, last = uplo == 'U' ? j + 1 : n;
		for (int i = width * first; i < width * last; i++)
			if (!isfinite(a[(size_t)width * j * lda + i]))
				return 0;
	}
	return 1;
}

/* The log line of a refined solve: the factorization in double, then the
 * fallback's in DD (dd_factor: dsysv's is an LU) where it ran. */
static void log_refinement(const char *routine, const char *factor, const char *dd_factor, int n,
			   int nrhs, int info, const struct tf_refine_report *report)
{
	if (!tf_config()->log)
		return;
	char double_part[160], dd_part[128];
	const char *where = report->on_gpu ? " on the GPU (cuSOLVER)" : "";
	if (info == 0)
		snprintf(double_part, sizeof double_part, "%s in double%s, refined in DD%s: %d steps%s",
			 factor, where, report->on_gpu ? " on the GPU" : "", report->steps,
			 report->dd_factored ? ", not converged" : "");
	else
		snprintf(double_part, sizeof double_part, "%s in double%s failed (INFO %d)", factor,
			 where, info);
	if (!report->dd_factored)
		dd_part[0] = 0;
	else if (report->dd_info)
		snprintf(dd_part, sizeof dd_part, "; %s in DD failed too (pivot %d)%s", dd_factor,
			 report->dd_info, info ? ", B left" : "");
	else
		snprintf(dd_part, sizeof dd_part, "; %s in DD, refined: %d steps%s", dd_factor,
			 report->dd_steps, info ? ", B holds the solution" : "");
	if (report->dd_factored && report->dd_info)
		tf_message("%s n=%d nrhs=%d: %s%s", routine, n, nrhs, double_part, dd_part);
	else
		tf_message("%s n=%d nrhs=%d: %s%s, last correction %.1e of the solution, %s",
			   routine, n, nrhs, double_part, dd_part, report->error,
			   report->converged ? "converged" : "NOT converged");
}

/* Native mode's gesv (uplo 0) and posv on the GPU, where the planner
 * sends them (device arrays, large host ones), and dd mode's with no
 * right-hand side on device arrays (a factorization only): 1 when done
 * there. */
static int native_on_gpu(enum tf_op_type type, char uplo, int n, int nrhs, double *a, int lda,
			 int *ipiv, double *b, int ldb, int *info)
{
	if (n == 0 || (tf_config()->mode != TF_MODE_NATIVE &&
		       !(tf_config()->mode == TF_MODE_DD && nrhs == 0)) ||
	    !tf_plan_solve_on_gpu(type, uplo, n, nrhs, a, b))
		return 0;
	return tf_plan_solve_native_gpu(type, uplo, n, nrhs, a, lda, ipiv, b, ldb, info) == 0;
}

enum tf_where tf_abi_gesv(enum tf_op_type type, int n, int nrhs, double *a, int lda, int *ipiv,
			  double *b, int ldb, int *info)
{
	const int complex = type == TF_TYPE_Z;
	int illegal = tf_check_gesv(n, nrhs, lda, ldb);
	if (illegal) {
		*info = -illegal;
		tf_report_illegal(complex ? "ZGESV " : "DGESV ", illegal);
		return TF_WHERE_NO_WORK;
	}
	/* (cpu mode asks nothing of CUDA) */
	const int resident = n > 0 && tf_config()->mode != TF_MODE_CPU &&
			     tf_plan_solve_resident(a, b);
	if (tf_config()->mode != TF_MODE_DD || nrhs == 0) {
		if (native_on_gpu(type, 0, n, nrhs, a, lda, ipiv, b, ldb, info))
			return TF_WHERE_GPU_NATIVE;
		if (resident) { /* the GPU did not take it (reported): the CPU LAPACK on host copies */
			*info = tf_plan_reference_solve_mirrored(type, 0, n, nrhs, a, lda, ipiv, b, ldb);
			return TF_WHERE_CPU_BLAS;
		}
		if (tf_config()->mode == TF_MODE_DD) {
			*info = tf_plan_getrf(type, n, a, lda, ipiv);
			return TF_WHERE_CPU_BLAS;
		}
		*info = tf_plan_lapack_gesv(type, n, nrhs, a, lda, ipiv, b, ldb);
		return TF_WHERE_CPU_BLAS;
	}
	struct tf_refine_report report = { 0 };
	if (n > 0 && tf_plan_solve_on_gpu(type, 0, n, nrhs, a, b)) {
		*info = tf_plan_gesv_refined(type, n, nrhs, a, lda, ipiv, b, ldb, 1, &report);
		if (!report.left) {
			if (*info == 0 || report.dd_factored)
				log_refinement(complex ? "zgesv_" : "dgesv_", "LU", "LU", n, nrhs, *info,
					       &report);
			return TF_WHERE_GPU_DD;
		}
		/* Inf or NaN in device arrays: the reference's, on host copies */
		if (report.nonfinite && resident) {
			*info = tf_plan_reference_solve_mirrored(type, 0, n, nrhs, a, lda, ipiv, b, ldb);
			return TF_WHERE_CPU_BLAS;
		}
	}
	if (n == 0 || (!resident && (!finite_matrix(type, n, n, a, lda) ||
				     !finite_matrix(type, n, nrhs, b, ldb)))) {
		*info = tf_plan_reference_solve(type, 0, n, nrhs, a, lda, ipiv, b, ldb);
		return TF_WHERE_CPU_BLAS;
	}
	*info = tf_plan_gesv_refined(type, n, nrhs, a, lda, ipiv, b, ldb, 0, &report);
	if (*info == 0 || report.dd_factored)
		log_refinement(complex ? "zgesv_" : "dgesv_", "LU", "LU", n, nrhs, *info, &report);
	return TF_WHERE_CPU_DD;
}

enum tf_where tf_abi_posv(enum tf_op_type type, char uplo, int n, int nrhs, double *a, int lda,
			  double *b, int ldb, int *info)
{
	const int complex = type == TF_TYPE_Z;
	int illegal = tf_check_posv(uplo, n, nrhs, lda, ldb);
	if (illegal) {
		*info = -illegal;
		tf_report_illegal(complex ? "ZPOSV " : "DPOSV ", illegal);
		return TF_WHERE_NO_WORK;
	}
	uplo = tf_uplo_option(uplo);
	/* (cpu mode asks nothing of CUDA) */
	const int resident = n > 0 && tf_config()->mode != TF_MODE_CPU &&
			     tf_plan_solve_resident(a, b);
	if (tf_config()->mode != TF_MODE_DD || nrhs == 0) {
		if (native_on_gpu(type, uplo, n, nrhs, a, lda, NULL, b, ldb, info))
			return TF_WHERE_GPU_NATIVE;
		if (resident) { /* the GPU did not take it (reported): the CPU LAPACK on host copies */
			*info = tf_plan_reference_solve_mirrored(type, uplo, n, nrhs, a, lda, NULL, b, ldb);
			return TF_WHERE_CPU_BLAS;
		}
		if (tf_config()->mode == TF_MODE_DD) {
			*info = tf_plan_potrf(type, uplo, n, a, lda);
			return TF_WHERE_CPU_BLAS;
		}
		*info = tf_plan_lapack_posv(type, uplo, n, nrhs, a, lda, b, ldb);
		return TF_WHERE_CPU_BLAS;
	}
	struct tf_refine_report report = { 0 };
	if (n > 0 && tf_plan_solve_on_gpu(type, uplo, n, nrhs, a, b)) {
		*info = tf_plan_posv_refined(type, uplo, n, nrhs, a, lda, b, ldb, 1, &report);
		if (!report.left) {
			if (*info == 0 || report.dd_factored)
				log_refinement(complex ? "zposv_" : "dposv_", "Cholesky", "Cholesky",
					       n, nrhs, *info, &report);
			return TF_WHERE_GPU_DD;
		}
		if (report.nonfinite && resident) {
			*info = tf_plan_reference_solve_mirrored(type, uplo, n, nrhs, a, lda, NULL, b, ldb);
			return TF_WHERE_CPU_BLAS;
		}
	}
	if (n == 0 || (!resident && (!finite_triangle(type, uplo, n, a, lda) ||
				     !finite_matrix(type, n, nrhs, b, ldb)))) {
		*info = tf_plan_reference_solve(type, uplo, n, nrhs, a, lda, NULL, b, ldb);
		return TF_WHERE_CPU_BLAS;
	}
	*info = tf_plan_posv_refined(type, uplo, n, nrhs, a, lda, b, ldb, 0, &report);
	if (*info == 0 || report.dd_factored)
		log_refinement(complex ? "zposv_" : "dposv_", "Cholesky", "Cholesky", n, nrhs, *info,
			       &report);
	return TF_WHERE_CPU_DD;
}

static enum tf_where sysv(char uplo, int n, int nrhs, double *a, int lda, int *ipiv, double *b,
			  int ldb, double *work, int lwork, int *info)
{
	int illegal = tf_check_sysv(uplo, n, nrhs, lda, ldb, lwork);
	if (illegal) {
		*info = -illegal;
		tf_report_illegal("DSYSV ", illegal);
		return TF_WHERE_NO_WORK;
	}
	uplo = tf_uplo_option(uplo);
	if (tf_config()->mode != TF_MODE_DD) {
		*info = tf_plan_lapack_dsysv(0, uplo, n, nrhs, a, lda, ipiv, b, ldb, work, lwork);
		return TF_WHERE_CPU_BLAS;
	}
	if (lwork == -1 || n == 0 || nrhs == 0 || !finite_triangle(TF_TYPE_D, uplo, n, a, lda) ||
	    !finite_matrix(TF_TYPE_D, n, nrhs, b, ldb)) {
		*info = tf_plan_lapack_dsysv(1, uplo, n, nrhs, a, lda, ipiv, b, ldb, work, lwork);
		return lwork == -1 ? TF_WHERE_NO_WORK : TF_WHERE_CPU_BLAS;
	}
	struct tf_refine_report report;
	*info = tf_plan_dsysv_refined(uplo, n, nrhs, a, lda, ipiv, b, ldb, work, lwork, &report);
	if (*info == 0 || report.dd_factored)
		log_refinement("dsysv_", "LDL^T", "LU", n, nrhs, *info, &report);
	return TF_WHERE_CPU_DD;
}

/* Whether dgels_ leaves A and B unscaled: the largest |a_ij| within
 * [smlnum, bignum], smlnum = dlamch('S') / dlamch('P'), and the largest
 * |b_ij| of B's rows_b rows zero or within them too.  Its factors are then
 * those of A itself, which the refinement uses. */
static int unscaled(int m, int n, const double *a, int lda, int rows_b, int nrhs,
		    const double *b, int ldb)
{
	const double smlnum = DBL_MIN / DBL_EPSILON, bignum = 1.0 / smlnum;
	double largest_a = 0.0, largest_b = 0.0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			largest_a = fmax(largest_a, fabs(a[(size_t)j * lda + i]));
	for (int j = 0; j < nrhs; j++)
		for (int i = 0; i < rows_b; i++)
			largest_b = fmax(largest_b, fabs(b[(size_t)j * ldb + i]));
	return largest_a >= smlnum && largest_a <= bignum &&
	       (largest_b == 0.0 || (largest_b >= smlnum && largest_b <= bignum));
}

static enum tf_where gels(char trans, int m, int n, int nrhs, double *a, int lda, double *b,
			  int ldb, double *work, int lwork, int *info)
{
	int illegal = tf_check_gels(trans, m, n, nrhs, lda, ldb, lwork);
	if (illegal) {
		*info = -illegal;
		tf_report_illegal("DGELS ", illegal);
		return TF_WHERE_NO_WORK;
	}
	trans = tf_trans_option(trans);
	if (tf_config()->mode != TF_MODE_DD) {
		*info = tf_plan_lapack_dgels(0, trans, m, n, nrhs, a, lda, b, ldb, work, lwork);
		return TF_WHERE_CPU_BLAS;
	}
	const int rows_b = trans == 'N' ? m : n;
	if (lwork == -1 || m == 0 || n == 0 || nrhs == 0 ||
	    !finite_matrix(TF_TYPE_D, m, n, a, lda) ||
	    !finite_matrix(TF_TYPE_D, rows_b, nrhs, b, ldb) ||
	    !unscaled(m, n, a, lda, rows_b, nrhs, b, ldb)) {
		*info = tf_plan_lapack_dgels(1, trans, m, n, nrhs, a, lda, b, ldb, work, lwork);
		return lwork == -1 ? TF_WHERE_NO_WORK : TF_WHERE_CPU_BLAS;
	}
	struct tf_refine_report report;
	*info = tf_plan_dgels_refined(trans, m, n, nrhs, a, lda, b, ldb, work, lwork, &report);
	if (*info > 0 && report.dd_factored && tf_config()->log)
		tf_message("dgels_ m=%d n=%d nrhs=%d trans=%c: %s in double met a zero on the diagonal "
			   "(INFO %d); QR of %s in DD, %s", m, n, nrhs, trans, m >= n ? "QR" : "LQ", *info,
			   m >= n ? "A" : "A^T", report.dd_info ? "singular too: no solution" :
			   report.converged ? "refined: converged" : "refined: NOT converged");
	if (*info == 0 && tf_config()->log) {
		/* the fallback factors T = A (m >= n) or A^T by QR in DD */
		char dd_part[96] = "";
		if (report.dd_factored && report.dd_info)
			snprintf(dd_part, sizeof dd_part, "; QR of %s in DD failed too (R(%d,%d) = 0)",
				 m >= n ? "A" : "A^T", report.dd_info, report.dd_info);
		else if (report.dd_factored)
			snprintf(dd_part, sizeof dd_part, "; QR of %s in DD, refined: %d steps",
				 m >= n ? "A" : "A^T", report.dd_steps);
		tf_message("dgels_ m=%d n=%d nrhs=%d trans=%c: %s in double, refined in DD on the "
			   "augmented system: %d steps%s%s, last correction %.1e of the solution, %s",
			   m, n, nrhs, trans, m >= n ? "QR" : "LQ", report.steps,
			   report.dd_factored ? ", not converged" : "", dd_part, report.error,
			   report.converged ? "converged" : "NOT converged");
	}
	return TF_WHERE_CPU_DD;
}

double tf_abi_solve_flops(enum tf_op_type type, double n, double nrhs, double factor_share)
{
	return (type == TF_TYPE_Z ? 4.0 : 1.0) * (factor_share * n * n * n + 2.0 * n * n * nrhs);
}

static void gesv_call(int routine, enum tf_op_type type, int n, int nrhs, double *a, int lda,
		      int *ipiv, double *b, int ldb, int *info)
{
	struct tf_call call;
	tf_call_begin(&call, routine);
	enum tf_where where = tf_abi_gesv(type, n, nrhs, a, lda, ipiv, b, ldb, info);
	tf_call_end(&call, where, where == TF_WHERE_NO_WORK ? 0.0 : tf_abi_solve_flops(type, n, nrhs, 2.0 / 3.0));
}

static void posv_call(int routine, enum tf_op_type type, char uplo, int n, int nrhs, double *a,
		      int lda, double *b, int ldb, int *info)
{
	struct tf_call call;
	tf_call_begin(&call, routine);
	enum tf_where where = tf_abi_posv(type, uplo, n, nrhs, a, lda, b, ldb, info);
	tf_call_end(&call, where, where == TF_WHERE_NO_WORK ? 0.0 : tf_abi_solve_flops(type, n, nrhs, 1.0 / 3.0));
}

TF_EXPORT void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv,
		      double *b, const int *ldb, int *info)
{
	gesv_call(TF_L_dgesv_, TF_TYPE_D, *n, *nrhs, a, *lda, ipiv, b, *ldb, info);
}

TF_EXPORT void zgesv_(const int *n, const int *nrhs, void *a, const int *lda, int *ipiv, void *b,
		      const int *ldb, int *info)
{
	gesv_call(TF_L_zgesv_, TF_TYPE_Z, *n, *nrhs, a, *lda, ipiv, b, *ldb, info);
}

TF_EXPORT void dposv_(const char *uplo, const int *n, const int *nrhs, double *a, const int *lda,
		      double *b, const int *ldb, int *info, size_t uplo_len)
{
	(void)uplo_len;
	posv_call(TF_L_dposv_, TF_TYPE_D, *uplo, *n, *nrhs, a, *lda, b, *ldb, info);
}

TF_EXPORT void zposv_(const char *uplo, const int *n, const int *nrhs, void *a, const int *lda,
		      void *b, const int *ldb, int *info, size_t uplo_len)
{
	(void)uplo_len;
	posv_call(TF_L_zposv_, TF_TYPE_Z, *uplo, *n, *nrhs, a, *lda, b, *ldb, info);
}

TF_EXPORT void dsysv_(const char *uplo, const int *n, const int *nrhs, double *a, const int *lda,
		      int *ipiv, double *b, const int *ldb, double *work, const int *lwork, int *info,
		      size_t uplo_len)
{
	(void)uplo_len;
	struct tf_call call;
	tf_call_begin(&call, TF_L_dsysv_);
	enum tf_where where = sysv(*uplo, *n, *nrhs, a, *lda, ipiv, b, *ldb, work, *lwork, info);
	tf_call_end(&call, where, where == TF_WHERE_NO_WORK ? 0.0 : tf_abi_solve_flops(TF_TYPE_D, *n, *nrhs, 1.0 / 3.0));
}

TF_EXPORT void dgels_(const char *trans, const int *m, const int *n, const int *nrhs, double *a,
		      const int *lda, double *b, const int *ldb, double *work, const int *lwork,
		      int *info, size_t trans_len)
{
	(void)trans_len;
	struct tf_call call;
	tf_call_begin(&call, TF_L_dgels_);
	enum tf_where where = gels(*trans, *m, *n, *nrhs, a, *lda, b, *ldb, work, *lwork, info);
	/* QR (LQ) of the p x q problem, p >= q: 2 q^2 (p - q / 3), and Q^T b
	 * and the triangular solve: 4 p q - q^2 per right-hand side */
	double p = *m > *n ? *m : *n, q = *m < *n ? *m : *n;
	tf_call_end(&call, where, where == TF_WHERE_NO_WORK ? 0.0 :
		    2.0 * q * q * (p - q / 3.0) + (4.0 * p * q - q * q) * *nrhs);
}
