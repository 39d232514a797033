#include "config.h"

#include <stdlib.h>
#include "core/message.h"
#include "core/stats.h"
#include "cpu/dd_kernels.h"
#include "cpu/lapack_library.h"
#include "plan/lapack_plan.h"

int tf_plan_lapack_gesv(enum tf_op_type type, int n, int nrhs, double *a, int lda, int *ipiv,
			double *b, int ldb)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	(type == TF_TYPE_Z ? lapack->zgesv : lapack->dgesv)(&n, &nrhs, a, &lda, ipiv, b, &ldb, &info);
	return info;
}

int tf_plan_lapack_posv(enum tf_op_type type, char uplo, int n, int nrhs, double *a, int lda,
			double *b, int ldb)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	(type == TF_TYPE_Z ? lapack->zposv : lapack->dposv)(&uplo, &n, &nrhs, a, &lda, b, &ldb,
							      &info, 1);
	return info;
}

int tf_plan_lapack_dsysv(int native, char uplo, int n, int nrhs, double *a, int lda, int *ipiv,
			 double *b, int ldb, double *work, int lwork)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_thread.native_depth += native;
	lapack->dsysv(&uplo, &n, &nrhs, a, &lda, ipiv, b, &ldb, work, &lwork, &info, 1);
	tf_thread.native_depth -= native;
	return info;
}

int tf_plan_lapack_dgels(int native, char trans, int m, int n, int nrhs, double *a, int lda,
			 double *b, int ldb, double *work, int lwork)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_thread.native_depth += native;
	lapack->dgels(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, &info, 1);
	tf_thread.native_depth -= native;
	return info;
}

/* The factorizations and solves run with native_depth raised: the BLAS
 * calls they make are forwarded to the CPU BLAS (plan.c). */
int tf_plan_getrf(enum tf_op_type type, int n, double *a, int lda, int *ipiv)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_thread.native_depth++;
	(type == TF_TYPE_Z ? lapack->zgetrf : lapack->dgetrf)(&n, &n, a, &lda, ipiv, &info);
	tf_thread.native_depth--;
	return info;
}

int tf_plan_getrs(enum tf_op_type type, int n, int nrhs, const double *lu, int ldlu,
		  const int *ipiv, double *b, int ldb)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_thread.native_depth++;
	(type == TF_TYPE_Z ? lapack->zgetrs : lapack->dgetrs)("N", &n, &nrhs, lu, &ldlu, ipiv, b,
							      &ldb, &info, 1);
	tf_thread.native_depth--;
	return info;
}

int tf_plan_potrf(enum tf_op_type type, char uplo, int n, double *a, int lda)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_thread.native_depth++;
	(type == TF_TYPE_Z ? lapack->zpotrf : lapack->dpotrf)(&uplo, &n, a, &lda, &info, 1);
	tf_thread.native_depth--;
	return info;
}

int tf_plan_potrs(enum tf_op_type type, char uplo, int n, int nrhs, const double *factor, int ldf,
		  double *b, int ldb)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_thread.native_depth++;
	(type == TF_TYPE_Z ? lapack->zpotrs : lapack->dpotrs)(&uplo, &n, &nrhs, factor, &ldf, b, &ldb,
							      &info, 1);
	tf_thread.native_depth--;
	return info;
}

int tf_plan_dsytrs(char uplo, int n, int nrhs, const double *factor, int ldf, const int *ipiv,
		   double *b, int ldb)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_thread.native_depth++;
	lapack->dsytrs(&uplo, &n, &nrhs, factor, &ldf, ipiv, b, &ldb, &info, 1);
	tf_thread.native_depth--;
	return info;
}

int tf_plan_apply_q(int lq, char trans, int rows, int nrhs, int k, const double *a, int lda,
		    const double *tau, double *c, int ldc)
{
	int info = 0, query = -1;
	double size = 0.0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	void (*apply)(const char *, const char *, const int *, const int *, const int *,
		      const double *, const int *, const double *, double *, const int *, double *,
		      const int *, int *, size_t, size_t) = lq ? lapack->dormlq : lapack->dormqr;
	tf_thread.native_depth++;
	apply("L", &trans, &rows, &nrhs, &k, a, &lda, tau, c, &ldc, &size, &query, &info, 1, 1);
	int lwork = size >= 1.0 ? (int)size : 1;
	double *work = malloc((size_t)lwork * sizeof *work);
	if (!work)
		tf_fatal("out of memory for a workspace of %d doubles", lwork);
	apply("L", &trans, &rows, &nrhs, &k, a, &lda, tau, c, &ldc, work, &lwork, &info, 1, 1);
	tf_thread.native_depth--;
	free(work);
	return info;
}

int tf_plan_dtrtrs(char uplo, char trans, int n, int nrhs, const double *a, int lda, double *b,
		   int ldb)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_thread.native_depth++;
	lapack->dtrtrs(&uplo, &trans, "N", &n, &nrhs, a, &lda, b, &ldb, &info, 1, 1, 1);
	tf_thread.native_depth--;
	return info;
}

void tf_plan_residual(enum tf_op_type type, char uplo, int n, int nrhs, const double *a, int lda,
		      const double *x_hi, const double *x_lo, int ldx, const double *b, int ldb,
		      double *r, double *r_lo, int ldr)
{
	tf_cpu_dd_residual(type, uplo, n, nrhs, a, lda, x_hi, x_lo, ldx, b, ldb, r, r_lo, ldr);
}

void tf_plan_residual_rectangular(char trans, int m, int n, const double *a, int lda,
				  const double *x_hi, const double *x_lo, const double *b,
				  const double *y_hi, const double *y_lo, double *r)
{
	tf_cpu_dd_residual_rectangular(trans, m, n, a, lda, x_hi, x_lo, b, y_hi, y_lo, r);
}
