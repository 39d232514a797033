#include "config.h"

#include "core/stats.h"
#include "cpu/dd_kernels.h"
#include "cpu/lapack_library.h"
#include "plan/lapack_plan.h"

int tf_plan_lapack_dgesv(int n, int nrhs, double *a, int lda, int *ipiv, double *b, int ldb)
{
	int info = 0;
	tf_cpu_lapack()->dgesv(&n, &nrhs, a, &lda, ipiv, b, &ldb, &info);
	return info;
}

int tf_plan_lapack_dposv(char uplo, int n, int nrhs, double *a, int lda, double *b, int ldb)
{
	int info = 0;
	tf_cpu_lapack()->dposv(&uplo, &n, &nrhs, a, &lda, b, &ldb, &info, 1);
	return info;
}

int tf_plan_dgetrf(int n, double *a, int lda, int *ipiv)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_thread.native_depth++;
	lapack->dgetrf(&n, &n, a, &lda, ipiv, &info);
	tf_thread.native_depth--;
	return info;
}

int tf_plan_dgetrs(int n, int nrhs, const double *lu, int ldlu, const int *ipiv, double *b,
		   int ldb)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_thread.native_depth++;
	lapack->dgetrs("N", &n, &nrhs, lu, &ldlu, ipiv, b, &ldb, &info, 1);
	tf_thread.native_depth--;
	return info;
}

int tf_plan_dpotrf(char uplo, int n, double *a, int lda)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_thread.native_depth++;
	lapack->dpotrf(&uplo, &n, a, &lda, &info, 1);
	tf_thread.native_depth--;
	return info;
}

int tf_plan_dpotrs(char uplo, int n, int nrhs, const double *factor, int ldf, double *b, int ldb)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_thread.native_depth++;
	lapack->dpotrs(&uplo, &n, &nrhs, factor, &ldf, b, &ldb, &info, 1);
	tf_thread.native_depth--;
	return info;
}

void tf_plan_dd_residual(char uplo, int n, int nrhs, const double *a, int lda,
			 const double *x_hi, const double *x_lo, int ldx, const double *b,
			 int ldb, double *r, int ldr)
{
	tf_cpu_dd_residual(uplo, n, nrhs, a, lda, x_hi, x_lo, ldx, b, ldb, r, ldr);
}
