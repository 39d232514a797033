#include "config.h"

/* The typed GEMM entry points: each fills a typed op and hands it to the
 * shared checks (typed/entry.c).  One body for the formats stored in one
 * array of elements E, one for the pairs of arrays (double hi, LO lo); the
 * prototypes in twofold.h fix each routine's signature. */
#include "core/export.h"
#include "op/routines.h"
#include "twofold.h"
#include "typed/entry.h"

/* S: the scalar type, `field` its member of union tf_scalar. */
#define TF_GEMM_ONE_ARRAY(name, FORMAT, E, S, field)                                            \
	TF_EXPORT int name(char transa, char transb, int m, int n, int k, S alpha, const E *a,    \
			   int lda, const E *b, int ldb, S beta, E *c, int ldc)                   \
	{                                                                                        \
		struct tf_typed_op op = {                                                        \
			.format = FORMAT, .routine = TF_T_##name, .m = m, .n = n, .k = k,        \
			.alpha.field = alpha, .beta.field = beta, .a = { (void *)a, NULL },      \
			.lda = lda, .b = { (void *)b, NULL }, .ldb = ldb, .c = { c, NULL },      \
			.ldc = ldc,                                                              \
		};                                                                               \
		return tf_typed_gemm(&op, transa, transb);                                       \
	}

/* ds_arith: computed in DS arithmetic rather than DD (tf_dsgemm_dsarith). */
#define TF_GEMM_PAIR(name, FORMAT, LO, ds_arith_)                                                \
	TF_EXPORT int name(char transa, char transb, int m, int n, int k, tf_dd alpha,            \
			   const double *a_hi, const LO *a_lo, int lda, const double *b_hi,       \
			   const LO *b_lo, int ldb, tf_dd beta, double *c_hi, LO *c_lo, int ldc)  \
	{                                                                                        \
		struct tf_typed_op op = {                                                        \
			.format = FORMAT, .ds_arith = ds_arith_, .routine = TF_T_##name,         \
			.m = m, .n = n, .k = k, .alpha.dd = alpha, .beta.dd = beta,              \
			.a = { (void *)a_hi, (void *)a_lo }, .lda = lda,                         \
			.b = { (void *)b_hi, (void *)b_lo }, .ldb = ldb, .c = { c_hi, c_lo },    \
			.ldc = ldc,                                                              \
		};                                                                               \
		return tf_typed_gemm(&op, transa, transb);                                       \
	}

TF_GEMM_ONE_ARRAY(tf_ddgemm, TF_FORMAT_DD, tf_dd, tf_dd, dd)
TF_GEMM_PAIR(tf_dsgemm, TF_FORMAT_DS, float, 0)
TF_GEMM_PAIR(tf_dsgemm_dsarith, TF_FORMAT_DS, float, 1)
TF_GEMM_ONE_ARRAY(tf_dspgemm, TF_FORMAT_DSP, tf_ds_packed, tf_dd, dd)
TF_GEMM_PAIR(tf_digemm, TF_FORMAT_DI, int32_t, 0)
TF_GEMM_ONE_ARRAY(tf_dfgemm, TF_FORMAT_DF, tf_df, tf_df, df)
TF_GEMM_ONE_ARRAY(tf_tsgemm, TF_FORMAT_TS, tf_ts, tf_ts, ts)
