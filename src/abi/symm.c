#include "config.h"

/* dsymm_, zsymm_, zhemm_ and their CBLAS forms: C = alpha A B + beta C
 * (side L) or alpha B A + beta C (side R), A symmetric or Hermitian in one
 * stored triangle.  Validated as the reference validates them (the three
 * check the same parameters), then handed to the planner as one op. */
#include "abi/cblas_error.h"
#include "abi/check.h"
#include "core/export.h"
#include "op/cblas_types.h"
#include "plan/call.h"
#include "plan/plan.h"

/* One routine of the three: its name for xerbla, its type and whether A is
 * Hermitian. */
struct symm_routine {
	const char *name;
	enum tf_routine blas;
	enum tf_op_type type;
	int hermitian;
};

static const struct symm_routine dsymm = { "DSYMM ", TF_R_dsymm_, TF_TYPE_D, 0 };
static const struct symm_routine zsymm = { "ZSYMM ", TF_R_zsymm_, TF_TYPE_Z, 0 };
static const struct symm_routine zhemm = { "ZHEMM ", TF_R_zhemm_, TF_TYPE_Z, 1 };

/* alpha and beta: one double for D, two (re, im) for Z. */
static enum tf_where run_symm(const struct symm_routine *r, enum tf_routine routine, char side,
			      char uplo, int m, int n, const double *alpha, const double *a,
			      int lda, const double *b, int ldb, const double *beta, double *c,
			      int ldc, double *flops)
{
	int illegal = tf_check_symm(side, uplo, m, n, lda, ldb, ldc);
	if (illegal) {
		tf_report_illegal(r->name, illegal);
		return TF_WHERE_NO_WORK;
	}
	int complex = r->type == TF_TYPE_Z;
	double alpha_im = complex ? alpha[1] : 0.0, beta_im = complex ? beta[1] : 0.0;
	if (m == 0 || n == 0 ||
	    (alpha[0] == 0.0 && alpha_im == 0.0 && beta[0] == 1.0 && beta_im == 0.0))
		return TF_WHERE_NO_WORK;
	struct tf_op op = {
		.kind = TF_OP_SYMM, .routine = routine, .blas = r->blas, .type = r->type,
		.conj = r->hermitian, .side = tf_side_option(side), .uplo = tf_uplo_option(uplo),
		.m = m, .n = n, .alpha = alpha[0], .alpha_im = alpha_im,
		.beta = beta[0], .beta_im = beta_im,
		.a = a, .lda = lda, .b = b, .ldb = ldb, .c = c, .ldc = ldc,
	};
	tf_call_set_flops(flops, &op);
	return tf_plan_run(&op);
}

static void symm(const struct symm_routine *r, enum tf_routine routine, char side, char uplo,
		 int m, int n, const double *alpha, const double *a, int lda, const double *b,
		 int ldb, const double *beta, double *c, int ldc)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = run_symm(r, routine, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c,
				       ldc, tf_call_flops(&call, &flops));
	tf_call_end(&call, where, flops);
}

/* The CBLAS form: row major is the column-major problem of C^T, with side
 * and uplo swapped and m and n exchanged (A^T is symmetric, or Hermitian,
 * as A is). */
static void cblas_symm(const struct symm_routine *r, enum tf_routine routine, const char *cname,
		       CBLAS_LAYOUT layout, CBLAS_SIDE side, CBLAS_UPLO uplo, int m, int n,
		       const double *alpha, const double *a, int lda, const double *b, int ldb,
		       const double *beta, double *c, int ldc)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = TF_WHERE_NO_WORK;
	char sd = tf_cblas_side(side), ul = tf_cblas_uplo(uplo);
	RowMajorStrg = layout == CblasRowMajor;
	CBLAS_CallFromC = 1;
	if (layout != CblasColMajor && layout != CblasRowMajor)
		cblas_xerbla(1, cname, "Illegal layout setting, %d\n", layout);
	else if (!sd)
		cblas_xerbla(2, cname, "Illegal Side setting, %d\n", side);
	else if (!ul)
		cblas_xerbla(3, cname, "Illegal Uplo setting, %d\n", uplo);
	else if (layout == CblasColMajor)
		where = run_symm(r, routine, sd, ul, m, n, alpha, a, lda, b, ldb, beta, c, ldc, tf_call_flops(&call, &flops));
	else
		where = run_symm(r, routine, sd == 'L' ? 'R' : 'L', ul == 'U' ? 'L' : 'U', n, m, alpha,
				 a, lda, b, ldb, beta, c, ldc, tf_call_flops(&call, &flops));
	CBLAS_CallFromC = 0;
	RowMajorStrg = 0;
	tf_call_end(&call, where, flops);
}

TF_EXPORT void dsymm_(const char *side, const char *uplo, const int *m, const int *n,
		      const double *alpha, const double *a, const int *lda, const double *b,
		      const int *ldb, const double *beta, double *c, const int *ldc,
		      size_t side_len, size_t uplo_len)
{
	(void)side_len, (void)uplo_len;
	symm(&dsymm, TF_R_dsymm_, *side, *uplo, *m, *n, alpha, a, *lda, b, *ldb, beta, c, *ldc);
}

TF_EXPORT void zsymm_(const char *side, const char *uplo, const int *m, const int *n,
		      const void *alpha, const void *a, const int *lda, const void *b,
		      const int *ldb, const void *beta, void *c, const int *ldc,
		      size_t side_len, size_t uplo_len)
{
	(void)side_len, (void)uplo_len;
	symm(&zsymm, TF_R_zsymm_, *side, *uplo, *m, *n, alpha, a, *lda, b, *ldb, beta, c, *ldc);
}

TF_EXPORT void zhemm_(const char *side, const char *uplo, const int *m, const int *n,
		      const void *alpha, const void *a, const int *lda, const void *b,
		      const int *ldb, const void *beta, void *c, const int *ldc,
		      size_t side_len, size_t uplo_len)
{
	(void)side_len, (void)uplo_len;
	symm(&zhemm, TF_R_zhemm_, *side, *uplo, *m, *n, alpha, a, *lda, b, *ldb, beta, c, *ldc);
}

TF_EXPORT void cblas_dsymm(CBLAS_LAYOUT layout, CBLAS_SIDE side, CBLAS_UPLO uplo, int m, int n,
			   double alpha, const double *a, int lda, const double *b, int ldb,
			   double beta, double *c, int ldc)
{
	cblas_symm(&dsymm, TF_R_cblas_dsymm, "cblas_dsymm", layout, side, uplo, m, n, &alpha, a,
		   lda, b, ldb, &beta, c, ldc);
}

TF_EXPORT void cblas_zsymm(CBLAS_LAYOUT layout, CBLAS_SIDE side, CBLAS_UPLO uplo, int m, int n,
			   const void *alpha, const void *a, int lda, const void *b, int ldb,
			   const void *beta, void *c, int ldc)
{
	cblas_symm(&zsymm, TF_R_cblas_zsymm, "cblas_zsymm", layout, side, uplo, m, n, alpha, a,
		   lda, b, ldb, beta, c, ldc);
}

TF_EXPORT void cblas_zhemm(CBLAS_LAYOUT layout, CBLAS_SIDE side, CBLAS_UPLO uplo, int m, int n,
			   const void *alpha, const void *a, int lda, const void *b, int ldb,
			   const void *beta, void *c, int ldc)
{
	cblas_symm(&zhemm, TF_R_cblas_zhemm, "cblas_zhemm", layout, side, uplo, m, n, alpha, a,
		   lda, b, ldb, beta, c, ldc);
}
