#include "config.h"

#include <stdlib.h>
#include "core/message.h"
#include "core/stats.h"
#include "cpu/dd_kernels.h"
#include "cpu/lapack_library.h"
#include "core/threads.h"
#include "core/environment.h"
#include "gpu/gpu.h"
#include "gpu/solver.h"
#include "plan/cost.h"
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
	tf_native_begin(native);
	lapack->dsysv(&uplo, &n, &nrhs, a, &lda, ipiv, b, &ldb, work, &lwork, &info, 1);
	tf_native_end(native);
	return info;
}

int tf_plan_lapack_dgels(int native, char trans, int m, int n, int nrhs, double *a, int lda,
			 double *b, int ldb, double *work, int lwork)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_native_begin(native);
	lapack->dgels(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, &info, 1);
	tf_native_end(native);
	return info;
}

/* cuSOLVER's getrf and potrf at large orders reach about a third of the
 * FP64 GEMM rate (22 TFLOP/s for getrf at n = 16384 on an H100), and each
 * panel of the factorization costs launches and a synchronization whatever
 * its size: estimates, good enough to tell GPU from CPU. */
#define SOLVE_GPU_SHARE_OF_GEMM 0.35
#define SOLVE_GPU_SECONDS_PER_COLUMN 4e-6

int tf_plan_solve_resident(const double *a, const double *b)
{
	return tf_gpu_solver_resident(a) || tf_gpu_solver_resident(b);
}

int tf_plan_solve_on_gpu(enum tf_op_type type, char uplo, int n, int nrhs, const double *a,
			 const double *b)
{
	if (!tf_gpu_usable())
		return 0;
	if (tf_plan_solve_resident(a, b))
		return 1;
	const double width = type == TF_TYPE_Z ? 2.0 : 1.0, order = n;
	const double flops = (type == TF_TYPE_Z ? 4.0 : 1.0) *
			     ((uplo ? 1.0 : 2.0) / 3.0 * order * order * order +
			      2.0 * order * order * nrhs);
	const double threshold = tf_config()->gpu_min_flops;
	if (threshold >= 0)
		return flops >= threshold;
	const double rate = SOLVE_GPU_SHARE_OF_GEMM * tf_gpu_gemm_flops(TF_GPU_NATIVE);
	const double bytes = width * sizeof(double) * (2.0 * order * order + 2.0 * order * nrhs);
	if (rate <= 0)
		return 0;
	double gpu = tf_cost_gpu_seconds(flops, rate, bytes, tf_gpu_link_bytes()) +
		     SOLVE_GPU_SECONDS_PER_COLUMN * order;
	double cpu = flops / (tf_cpu_threads() * TF_COST_CPU_BLAS_GEMM_FLOPS_PER_THREAD);
	return gpu < cpu;
}

int tf_plan_solve_native_gpu(enum tf_op_type type, char uplo, int n, int nrhs, double *a,
			     int lda, int *ipiv, double *b, int ldb, int *info)
{
	int failed = 0;
	struct tf_gpu_system *system = tf_gpu_system_factor(type, uplo, n, a, lda, ipiv, nrhs, b,
							    ldb, 0, info, &failed);
	if (!system)
		return -1;
	/* A holds the factors from here: a failed solve cannot go elsewhere */
	if (*info == 0 && tf_gpu_system_solve(system, nrhs, b, ldb) != 0)
		tf_fatal("%s: the solve with the GPU's factors failed; A holds the factors, B may be "
			 "partly written", type == TF_TYPE_Z ? (uplo ? "zposv_" : "zgesv_")
							     : (uplo ? "dposv_" : "dgesv_"));
	tf_gpu_system_end(system);
	return 0;
}

int tf_plan_reference_solve(enum tf_op_type type, char uplo, int n, int nrhs, double *a, int lda,
			    int *ipiv, double *b, int ldb)
{
	int info = uplo ? tf_plan_potrf(type, uplo, n, a, lda) : tf_plan_getrf(type, n, a, lda, ipiv);
	if (info == 0 && uplo)
		tf_plan_potrs(type, uplo, n, nrhs, a, lda, b, ldb);
	else if (info == 0)
		tf_plan_getrs(type, n, nrhs, a, lda, ipiv, b, ldb);
	return info;
}

int tf_plan_reference_solve_mirrored(enum tf_op_type type, char uplo, int n, int nrhs, double *a,
				     int lda, int *ipiv, double *b, int ldb)
{
	const int width = type == TF_TYPE_Z ? 2 : 1;
	const char *what = type == TF_TYPE_Z ? (uplo ? "zposv_" : "zgesv_") : (uplo ? "dposv_" : "dgesv_");
	double *a_copy = malloc((size_t)width * n * n * sizeof *a_copy + 1);
	double *b_copy = malloc((size_t)width * n * nrhs * sizeof *b_copy + 1);
	int *pivots = malloc((size_t)n * sizeof *pivots + 1);
	if (!a_copy || !b_copy || !pivots)
		tf_fatal("%s: out of memory for host copies of a system of order %d", what, n);
	if (tf_gpu_copy_matrix(sizeof(double), width * n, n, a, width * lda, a_copy, width * n) != 0 ||
	    (nrhs > 0 &&
	     tf_gpu_copy_matrix(sizeof(double), width * n, nrhs, b, width * ldb, b_copy, width * n) != 0))
		tf_fatal("%s: a system of order %d in device memory could not be read", what, n);
	int info = tf_plan_reference_solve(type, uplo, n, nrhs, a_copy, n, pivots, b_copy, n);
	/* what LAPACK writes: A (the factors as far as they got), ipiv, and B
	 * when the factorization succeeded */
	if (tf_gpu_copy_matrix(sizeof(double), width * n, n, a_copy, width * n, a, width * lda) != 0 ||
	    (info == 0 && nrhs > 0 &&
	     tf_gpu_copy_matrix(sizeof(double), width * n, nrhs, b_copy, width * n, b, width * ldb) != 0) ||
	    (!uplo && tf_gpu_copy_matrix(sizeof *ipiv, n, 1, pivots, n, ipiv, n) != 0))
		tf_fatal("%s: the results for a system of order %d could not be written into device "
			 "memory", what, n);
	free(pivots);
	free(b_copy);
	free(a_copy);
	return info;
}

/* The factorizations and solves run with native_depth raised: the BLAS
 * calls they make are forwarded to the CPU BLAS (plan.c). */
int tf_plan_getrf(enum tf_op_type type, int n, double *a, int lda, int *ipiv)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_native_begin(1);
	(type == TF_TYPE_Z ? lapack->zgetrf : lapack->dgetrf)(&n, &n, a, &lda, ipiv, &info);
	tf_native_end(1);
	return info;
}

int tf_plan_getrs(enum tf_op_type type, int n, int nrhs, const double *lu, int ldlu,
		  const int *ipiv, double *b, int ldb)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_native_begin(1);
	(type == TF_TYPE_Z ? lapack->zgetrs : lapack->dgetrs)("N", &n, &nrhs, lu, &ldlu, ipiv, b,
							      &ldb, &info, 1);
	tf_native_end(1);
	return info;
}

int tf_plan_potrf(enum tf_op_type type, char uplo, int n, double *a, int lda)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_native_begin(1);
	(type == TF_TYPE_Z ? lapack->zpotrf : lapack->dpotrf)(&uplo, &n, a, &lda, &info, 1);
	tf_native_end(1);
	return info;
}

int tf_plan_potrs(enum tf_op_type type, char uplo, int n, int nrhs, const double *factor, int ldf,
		  double *b, int ldb)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_native_begin(1);
	(type == TF_TYPE_Z ? lapack->zpotrs : lapack->dpotrs)(&uplo, &n, &nrhs, factor, &ldf, b, &ldb,
							      &info, 1);
	tf_native_end(1);
	return info;
}

int tf_plan_dsytrs(char uplo, int n, int nrhs, const double *factor, int ldf, const int *ipiv,
		   double *b, int ldb)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_native_begin(1);
	lapack->dsytrs(&uplo, &n, &nrhs, factor, &ldf, ipiv, b, &ldb, &info, 1);
	tf_native_end(1);
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
	tf_native_begin(1);
	apply("L", &trans, &rows, &nrhs, &k, a, &lda, tau, c, &ldc, &size, &query, &info, 1, 1);
	int lwork = size >= 1.0 ? (int)size : 1;
	double *work = malloc((size_t)lwork * sizeof *work);
	if (!work)
		tf_fatal("out of memory for a workspace of %d doubles", lwork);
	apply("L", &trans, &rows, &nrhs, &k, a, &lda, tau, c, &ldc, work, &lwork, &info, 1, 1);
	tf_native_end(1);
	free(work);
	return info;
}

int tf_plan_dtrtrs(char uplo, char trans, int n, int nrhs, const double *a, int lda, double *b,
		   int ldb)
{
	int info = 0;
	const struct tf_cpu_lapack *lapack = tf_cpu_lapack();
	tf_native_begin(1);
	lapack->dtrtrs(&uplo, &trans, "N", &n, &nrhs, a, &lda, b, &ldb, &info, 1, 1, 1);
	tf_native_end(1);
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
				  const double *y_hi, const double *y_lo, double *r, double *r_lo)
{
	tf_cpu_dd_residual_rectangular(trans, m, n, a, lda, x_hi, x_lo, b, y_hi, y_lo, r, r_lo);
}
