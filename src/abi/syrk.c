#include "config.h"

/* The rank-k and rank-2k updates: dsyrk_, zsyrk_, zherk_, dsyr2k_,
 * zsyr2k_, zher2k_ and their CBLAS forms, C = alpha op(A) op(A)^T + beta C
 * (^H for the Hermitian ones) and C = alpha op(A) op(B)^T + alpha op(B)
 * op(A)^T + beta C (zher2k: alpha op(A) op(B)^H + conj(alpha) op(B)
 * op(A)^H) on the uplo triangle of C.  Validated as the reference
 * validates them, then handed to the planner as one op. */
#include "abi/cblas_error.h"
#include "abi/check.h"
#include "core/export.h"
#include "op/cblas_types.h"
#include "plan/call.h"
#include "plan/plan.h"

/* One routine of the six. */
struct rank_routine {
	const char *name;        /* for xerbla */
	enum tf_routine blas;
	enum tf_op_kind kind;    /* TF_OP_SYRK or TF_OP_SYR2K */
	enum tf_op_type type;
	int hermitian;
	const char *accepted;    /* the trans options it takes */
	int alpha_complex, beta_complex; /* scalars of two doubles */
};

static const struct rank_routine dsyrk = { "DSYRK ", TF_R_dsyrk_, TF_OP_SYRK, TF_TYPE_D, 0, "NTC", 0, 0 };
static const struct rank_routine zsyrk = { "ZSYRK ", TF_R_zsyrk_, TF_OP_SYRK, TF_TYPE_Z, 0, "NT", 1, 1 };
static const struct rank_routine zherk = { "ZHERK ", TF_R_zherk_, TF_OP_SYRK, TF_TYPE_Z, 1, "NC", 0, 0 };
static const struct rank_routine dsyr2k = { "DSYR2K", TF_R_dsyr2k_, TF_OP_SYR2K, TF_TYPE_D, 0, "NTC", 0, 0 };
static const struct rank_routine zsyr2k = { "ZSYR2K", TF_R_zsyr2k_, TF_OP_SYR2K, TF_TYPE_Z, 0, "NT", 1, 1 };
static const struct rank_routine zher2k = { "ZHER2K", TF_R_zher2k_, TF_OP_SYR2K, TF_TYPE_Z, 1, "NC", 1, 0 };

/* b is NULL for the rank-k routines. */
static enum tf_where run_rank(const struct rank_routine *r, enum tf_routine routine, char uplo,
			      char trans, int n, int k, const double *alpha, const double *a,
			      int lda, const double *b, int ldb, const double *beta, double *c,
			      int ldc, double *flops)
{
	int illegal = r->kind == TF_OP_SYRK
		? tf_check_syrk(uplo, trans, r->accepted, n, k, lda, ldc)
		: tf_check_syr2k(uplo, trans, r->accepted, n, k, lda, ldb, ldc);
	if (illegal) {
		tf_report_illegal(r->name, illegal);
		return TF_WHERE_NO_WORK;
	}
	double alpha_im = r->alpha_complex ? alpha[1] : 0.0;
	double beta_im = r->beta_complex ? beta[1] : 0.0;
	int alpha_zero = alpha[0] == 0.0 && alpha_im == 0.0;
	if (n == 0 || ((alpha_zero || k == 0) && beta[0] == 1.0 && beta_im == 0.0))
		return TF_WHERE_NO_WORK;
	struct tf_op op = {
		.kind = r->kind, .routine = routine, .blas = r->blas, .type = r->type,
		.conj = r->hermitian, .uplo = tf_uplo_option(uplo),
		.transa = tf_trans_option(trans), .n = n, .k = k,
		.alpha = alpha[0], .alpha_im = alpha_im, .beta = beta[0], .beta_im = beta_im,
		.a = a, .lda = lda, .b = b, .ldb = ldb, .c = c, .ldc = ldc,
	};
	/* dsyrk and dsyr2k take 'C' as 'T' */
	if (op.type == TF_TYPE_D && op.transa == 'C')
		op.transa = 'T';
	tf_call_set_flops(flops, &op);
	return tf_plan_run(&op);
}

static void rank(const struct rank_routine *r, enum tf_routine routine, char uplo, char trans,
		 int n, int k, const double *alpha, const double *a, int lda, const double *b,
		 int ldb, const double *beta, double *c, int ldc)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = run_rank(r, routine, uplo, trans, n, k, alpha, a, lda, b, ldb, beta,
				       c, ldc, tf_call_flops(&call, &flops));
	tf_call_end(&call, where, flops);
}

/* The CBLAS form.  Row major is the column-major problem of C^T: uplo
 * swapped, and trans N exchanged with T (the Hermitian ones: with C); the
 * reference refuses a row-major C for the complex symmetric routines and a
 * row-major T for the Hermitian ones, reports a bad row-major uplo of dsyrk
 * and dsyr2k as parameter 3, and conjugates zher2k's alpha, whose two terms
 * change places. */
static void cblas_rank(const struct rank_routine *r, enum tf_routine routine, const char *cname,
		       CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans, int n, int k,
		       const double *alpha, const double *a, int lda, const double *b, int ldb,
		       const double *beta, double *c, int ldc)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = TF_WHERE_NO_WORK;
	char ul = tf_cblas_uplo(uplo), tr = tf_cblas_trans(trans);
	int row_major = layout == CblasRowMajor;
	RowMajorStrg = row_major;
	CBLAS_CallFromC = 1;
	if (row_major && tr) {
		char other = r->type == TF_TYPE_D ? 'T' : r->hermitian ? 'C' : 'T';
		if (r->type == TF_TYPE_Z && tr != 'N' && tr != other)
			tr = 0; /* refused */
		else
			tr = tr == 'N' ? other : 'N';
	}
	if (layout != CblasColMajor && layout != CblasRowMajor) {
		cblas_xerbla(1, cname, "Illegal layout setting, %d\n", layout);
	} else if (!ul) {
		/* the reference CBLAS reports a row-major Uplo as parameter 3,
		 * except in cblas_zher2k */
		int hermitian_2k = r->hermitian && r->kind == TF_OP_SYR2K;
		cblas_xerbla(row_major && !hermitian_2k ? 3 : 2, cname,
			     "Illegal Uplo setting, %d\n", uplo);
	} else if (!tr) {
		cblas_xerbla(3, cname, "Illegal Trans setting, %d\n", trans);
	} else if (!row_major) {
		where = run_rank(r, routine, ul, tr, n, k, alpha, a, lda, b, ldb, beta, c, ldc, tf_call_flops(&call, &flops));
	} else {
		double conj_alpha[2];
		if (r->hermitian && r->kind == TF_OP_SYR2K) {
			conj_alpha[0] = alpha[0];
			conj_alpha[1] = -alpha[1];
			alpha = conj_alpha;
		}
		where = run_rank(r, routine, ul == 'U' ? 'L' : 'U', tr, n, k, alpha, a, lda, b, ldb,
				 beta, c, ldc, tf_call_flops(&call, &flops));
	}
	CBLAS_CallFromC = 0;
	RowMajorStrg = 0;
	tf_call_end(&call, where, flops);
}

TF_EXPORT void dsyrk_(const char *uplo, const char *trans, const int *n, const int *k,
		      const double *alpha, const double *a, const int *lda, const double *beta,
		      double *c, const int *ldc, size_t uplo_len, size_t trans_len)
{
	(void)uplo_len, (void)trans_len;
	rank(&dsyrk, TF_R_dsyrk_, *uplo, *trans, *n, *k, alpha, a, *lda, NULL, 0, beta, c, *ldc);
}

TF_EXPORT void zsyrk_(const char *uplo, const char *trans, const int *n, const int *k,
		      const void *alpha, const void *a, const int *lda, const void *beta,
		      void *c, const int *ldc, size_t uplo_len, size_t trans_len)
{
	(void)uplo_len, (void)trans_len;
	rank(&zsyrk, TF_R_zsyrk_, *uplo, *trans, *n, *k, alpha, a, *lda, NULL, 0, beta, c, *ldc);
}

TF_EXPORT void zherk_(const char *uplo, const char *trans, const int *n, const int *k,
		      const double *alpha, const void *a, const int *lda, const double *beta,
		      void *c, const int *ldc, size_t uplo_len, size_t trans_len)
{
	(void)uplo_len, (void)trans_len;
	rank(&zherk, TF_R_zherk_, *uplo, *trans, *n, *k, alpha, a, *lda, NULL, 0, beta, c, *ldc);
}

TF_EXPORT void dsyr2k_(const char *uplo, const char *trans, const int *n, const int *k,
		       const double *alpha, const double *a, const int *lda, const double *b,
		       const int *ldb, const double *beta, double *c, const int *ldc,
		       size_t uplo_len, size_t trans_len)
{
	(void)uplo_len, (void)trans_len;
	rank(&dsyr2k, TF_R_dsyr2k_, *uplo, *trans, *n, *k, alpha, a, *lda, b, *ldb, beta, c, *ldc);
}

TF_EXPORT void zsyr2k_(const char *uplo, const char *trans, const int *n, const int *k,
		       const void *alpha, const void *a, const int *lda, const void *b,
		       const int *ldb, const void *beta, void *c, const int *ldc,
		       size_t uplo_len, size_t trans_len)
{
	(void)uplo_len, (void)trans_len;
	rank(&zsyr2k, TF_R_zsyr2k_, *uplo, *trans, *n, *k, alpha, a, *lda, b, *ldb, beta, c, *ldc);
}

TF_EXPORT void zher2k_(const char *uplo, const char *trans, const int *n, const int *k,
		       const void *alpha, const void *a, const int *lda, const void *b,
		       const int *ldb, const double *beta, void *c, const int *ldc,
		       size_t uplo_len, size_t trans_len)
{
	(void)uplo_len, (void)trans_len;
	rank(&zher2k, TF_R_zher2k_, *uplo, *trans, *n, *k, alpha, a, *lda, b, *ldb, beta, c, *ldc);
}

TF_EXPORT void cblas_dsyrk(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans, int n,
			   int k, double alpha, const double *a, int lda, double beta, double *c,
			   int ldc)
{
	cblas_rank(&dsyrk, TF_R_cblas_dsyrk, "cblas_dsyrk", layout, uplo, trans, n, k, &alpha, a,
		   lda, NULL, 0, &beta, c, ldc);
}

TF_EXPORT void cblas_zsyrk(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans, int n,
			   int k, const void *alpha, const void *a, int lda, const void *beta,
			   void *c, int ldc)
{
	cblas_rank(&zsyrk, TF_R_cblas_zsyrk, "cblas_zsyrk", layout, uplo, trans, n, k, alpha, a,
		   lda, NULL, 0, beta, c, ldc);
}

TF_EXPORT void cblas_zherk(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans, int n,
			   int k, double alpha, const void *a, int lda, double beta, void *c,
			   int ldc)
{
	cblas_rank(&zherk, TF_R_cblas_zherk, "cblas_zherk", layout, uplo, trans, n, k, &alpha, a,
		   lda, NULL, 0, &beta, c, ldc);
}

TF_EXPORT void cblas_dsyr2k(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans, int n,
			    int k, double alpha, const double *a, int lda, const double *b, int ldb,
			    double beta, double *c, int ldc)
{
	cblas_rank(&dsyr2k, TF_R_cblas_dsyr2k, "cblas_dsyr2k", layout, uplo, trans, n, k, &alpha,
		   a, lda, b, ldb, &beta, c, ldc);
}

TF_EXPORT void cblas_zsyr2k(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans, int n,
			    int k, const void *alpha, const void *a, int lda, const void *b,
			    int ldb, const void *beta, void *c, int ldc)
{
	cblas_rank(&zsyr2k, TF_R_cblas_zsyr2k, "cblas_zsyr2k", layout, uplo, trans, n, k, alpha,
		   a, lda, b, ldb, beta, c, ldc);
}

TF_EXPORT void cblas_zher2k(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans, int n,
			    int k, const void *alpha, const void *a, int lda, const void *b,
			    int ldb, double beta, void *c, int ldc)
{
	cblas_rank(&zher2k, TF_R_cblas_zher2k, "cblas_zher2k", layout, uplo, trans, n, k, alpha,
		   a, lda, b, ldb, &beta, c, ldc);
}
