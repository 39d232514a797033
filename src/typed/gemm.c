#include "config.h"

/* The typed GEMM entry points: each fills a typed op and hands it to the
 * shared checks (typed/entry.c). */
#include "core/export.h"
#include "op/routines.h"
#include "twofold.h"
#include "typed/entry.h"

TF_EXPORT int tf_ddgemm(char transa, char transb, int m, int n, int k, tf_dd alpha, const tf_dd *a, int lda,
	const tf_dd *b, int ldb, tf_dd beta, tf_dd *c, int ldc)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DD, .ds_arith = 0, .routine = TF_T_tf_ddgemm,
		.m = m, .n = n, .k = k, .alpha.dd = alpha, .beta.dd = beta,
		.a = { (void *)a, NULL }, .lda = lda, .b = { (void *)b, NULL }, .ldb = ldb,
		.c = { (void *)c, NULL }, .ldc = ldc,
	};
	return tf_typed_gemm(&op, transa, transb);
}

TF_EXPORT int tf_dsgemm(char transa, char transb, int m, int n, int k, tf_dd alpha, const double *a_hi, const float *a_lo, int lda,
	const double *b_hi, const float *b_lo, int ldb, tf_dd beta, double *c_hi, float *c_lo, int ldc)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DS, .ds_arith = 0, .routine = TF_T_tf_dsgemm,
		.m = m, .n = n, .k = k, .alpha.dd = alpha, .beta.dd = beta,
		.a = { (void *)a_hi, (void *)a_lo }, .lda = lda, .b = { (void *)b_hi, (void *)b_lo }, .ldb = ldb,
		.c = { (void *)c_hi, (void *)c_lo }, .ldc = ldc,
	};
	return tf_typed_gemm(&op, transa, transb);
}

TF_EXPORT int tf_dsgemm_dsarith(char transa, char transb, int m, int n, int k, tf_dd alpha, const double *a_hi, const float *a_lo, int lda,
	const double *b_hi, const float *b_lo, int ldb, tf_dd beta, double *c_hi, float *c_lo, int ldc)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DS, .ds_arith = 1, .routine = TF_T_tf_dsgemm_dsarith,
		.m = m, .n = n, .k = k, .alpha.dd = alpha, .beta.dd = beta,
		.a = { (void *)a_hi, (void *)a_lo }, .lda = lda, .b = { (void *)b_hi, (void *)b_lo }, .ldb = ldb,
		.c = { (void *)c_hi, (void *)c_lo }, .ldc = ldc,
	};
	return tf_typed_gemm(&op, transa, transb);
}

TF_EXPORT int tf_dspgemm(char transa, char transb, int m, int n, int k, tf_dd alpha, const tf_ds_packed *a, int lda,
	const tf_ds_packed *b, int ldb, tf_dd beta, tf_ds_packed *c, int ldc)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DSP, .ds_arith = 0, .routine = TF_T_tf_dspgemm,
		.m = m, .n = n, .k = k, .alpha.dd = alpha, .beta.dd = beta,
		.a = { (void *)a, NULL }, .lda = lda, .b = { (void *)b, NULL }, .ldb = ldb,
		.c = { (void *)c, NULL }, .ldc = ldc,
	};
	return tf_typed_gemm(&op, transa, transb);
}

TF_EXPORT int tf_digemm(char transa, char transb, int m, int n, int k, tf_dd alpha, const double *a_hi, const int32_t *a_lo, int lda,
	const double *b_hi, const int32_t *b_lo, int ldb, tf_dd beta, double *c_hi, int32_t *c_lo, int ldc)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DI, .ds_arith = 0, .routine = TF_T_tf_digemm,
		.m = m, .n = n, .k = k, .alpha.dd = alpha, .beta.dd = beta,
		.a = { (void *)a_hi, (void *)a_lo }, .lda = lda, .b = { (void *)b_hi, (void *)b_lo }, .ldb = ldb,
		.c = { (void *)c_hi, (void *)c_lo }, .ldc = ldc,
	};
	return tf_typed_gemm(&op, transa, transb);
}

TF_EXPORT int tf_dfgemm(char transa, char transb, int m, int n, int k, tf_df alpha, const tf_df *a, int lda,
	const tf_df *b, int ldb, tf_df beta, tf_df *c, int ldc)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_DF, .ds_arith = 0, .routine = TF_T_tf_dfgemm,
		.m = m, .n = n, .k = k, .alpha.df = alpha, .beta.df = beta,
		.a = { (void *)a, NULL }, .lda = lda, .b = { (void *)b, NULL }, .ldb = ldb,
		.c = { (void *)c, NULL }, .ldc = ldc,
	};
	return tf_typed_gemm(&op, transa, transb);
}

TF_EXPORT int tf_tsgemm(char transa, char transb, int m, int n, int k, tf_ts alpha, const tf_ts *a, int lda,
	const tf_ts *b, int ldb, tf_ts beta, tf_ts *c, int ldc)
{
	struct tf_typed_op op = {
		.format = TF_FORMAT_TS, .ds_arith = 0, .routine = TF_T_tf_tsgemm,
		.m = m, .n = n, .k = k, .alpha.ts = alpha, .beta.ts = beta,
		.a = { (void *)a, NULL }, .lda = lda, .b = { (void *)b, NULL }, .ldb = ldb,
		.c = { (void *)c, NULL }, .ldc = ldc,
	};
	return tf_typed_gemm(&op, transa, transb);
}
