#include "config.h"

/* The triangular solves: dtrsv_, dtbsv_, dtpsv_, ztrsv_, ztbsv_, ztpsv_
 * and their CBLAS forms, validated as the reference validates them and
 * handed to the planner as one TRSV op (the vector is op.y). */
#include "abi/cblas_conj.h"
#include "abi/cblas_error.h"
#include "abi/check.h"
#include "core/export.h"
#include "op/cblas_types.h"
#include "plan/call.h"
#include "plan/plan.h"

/* The arguments of one solve; k and lda are unused where the storage has
 * none. */
struct solve {
	enum tf_routine routine, blas;
	enum tf_op_type type;
	enum tf_op_storage storage;
	char uplo, trans, diag;
	int n, k, lda, incx;
	const double *a;
	double *x;
};

static enum tf_where run_solve(const struct solve *s, double *flops)
{
	int illegal;
	const char *name;
	int z = s->type == TF_TYPE_Z;
	switch (s->storage) {
	case TF_STORAGE_BAND:
		illegal = tf_check_tbsv(s->uplo, s->trans, s->diag, s->n, s->k, s->lda, s->incx);
		name = z ? "ZTBSV " : "DTBSV ";
		break;
	case TF_STORAGE_PACKED:
		illegal = tf_check_tpsv(s->uplo, s->trans, s->diag, s->n, s->incx);
		name = z ? "ZTPSV " : "DTPSV ";
		break;
	default:
		illegal = tf_check_trsv(s->uplo, s->trans, s->diag, s->n, s->lda, s->incx);
		name = z ? "ZTRSV " : "DTRSV ";
		break;
	}
	if (illegal) {
		tf_report_illegal(name, illegal);
		return TF_WHERE_NO_WORK;
	}
	if (s->n == 0)
		return TF_WHERE_NO_WORK;
	struct tf_op op = {
		.kind = TF_OP_TRSV, .routine = s->routine, .blas = s->blas, .type = s->type,
		.storage = s->storage, .uplo = tf_uplo_option(s->uplo),
		.transa = tf_trans_option(s->trans), .diag = tf_diag_option(s->diag),
		.n = s->n, .k = s->storage == TF_STORAGE_BAND ? s->k : 0,
		.a = s->a, .lda = s->storage == TF_STORAGE_PACKED ? 0 : s->lda,
		.y = s->x, .incy = s->incx,
	};
	tf_call_set_flops(flops, &op);
	return tf_plan_run(&op);
}

static void solve(const struct solve *s)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, s->routine);
	enum tf_where where = run_solve(s, tf_call_flops(&call, &flops));
	tf_call_end(&call, where, flops);
}

#define FORTRAN_SOLVE(name, type, storage)                                                     \
	(&(struct solve){ TF_R_##name, TF_R_##name, type, storage, *uplo, *trans, *diag, *n, 0, \
			  0, *incx, a, x })

TF_EXPORT void dtrsv_(const char *uplo, const char *trans, const char *diag, const int *n,
		      const double *a, const int *lda, double *x, const int *incx, size_t uplo_len,
		      size_t trans_len, size_t diag_len)
{
	(void)uplo_len, (void)trans_len, (void)diag_len; /* single characters */
	struct solve *s = FORTRAN_SOLVE(dtrsv_, TF_TYPE_D, TF_STORAGE_FULL);
	s->lda = *lda;
	solve(s);
}

TF_EXPORT void ztrsv_(const char *uplo, const char *trans, const char *diag, const int *n,
		      const double *a, const int *lda, double *x, const int *incx, size_t uplo_len,
		      size_t trans_len, size_t diag_len)
{
	(void)uplo_len, (void)trans_len, (void)diag_len;
	struct solve *s = FORTRAN_SOLVE(ztrsv_, TF_TYPE_Z, TF_STORAGE_FULL);
	s->lda = *lda;
	solve(s);
}

TF_EXPORT void dtbsv_(const char *uplo, const char *trans, const char *diag, const int *n,
		      const int *k, const double *a, const int *lda, double *x, const int *incx,
		      size_t uplo_len, size_t trans_len, size_t diag_len)
{
	(void)uplo_len, (void)trans_len, (void)diag_len;
	struct solve *s = FORTRAN_SOLVE(dtbsv_, TF_TYPE_D, TF_STORAGE_BAND);
	s->k = *k;
	s->lda = *lda;
	solve(s);
}

TF_EXPORT void ztbsv_(const char *uplo, const char *trans, const char *diag, const int *n,
		      const int *k, const double *a, const int *lda, double *x, const int *incx,
		      size_t uplo_len, size_t trans_len, size_t diag_len)
{
	(void)uplo_len, (void)trans_len, (void)diag_len;
	struct solve *s = FORTRAN_SOLVE(ztbsv_, TF_TYPE_Z, TF_STORAGE_BAND);
	s->k = *k;
	s->lda = *lda;
	solve(s);
}

TF_EXPORT void dtpsv_(const char *uplo, const char *trans, const char *diag, const int *n,
		      const double *a, double *x, const int *incx, size_t uplo_len,
		      size_t trans_len, size_t diag_len)
{
	(void)uplo_len, (void)trans_len, (void)diag_len;
	solve(FORTRAN_SOLVE(dtpsv_, TF_TYPE_D, TF_STORAGE_PACKED));
}

TF_EXPORT void ztpsv_(const char *uplo, const char *trans, const char *diag, const int *n,
		      const double *a, double *x, const int *incx, size_t uplo_len,
		      size_t trans_len, size_t diag_len)
{
	(void)uplo_len, (void)trans_len, (void)diag_len;
	solve(FORTRAN_SOLVE(ztpsv_, TF_TYPE_Z, TF_STORAGE_PACKED));
}

/* The CBLAS form, as the reference CBLAS does it: options checked
 * (parameters 2, 3, 4), row major solved as the column-major transpose
 * (uplo swapped, trans N and T exchanged; a complex conjugate transpose
 * becomes a plain solve of the conjugated x, conjugated back after). */
static void cblas_solve(struct solve *s, const char *name, CBLAS_LAYOUT layout, int uplo,
			int trans, int diag)
{
	struct tf_call call;
	double flops = 0.0;
	enum tf_where where = TF_WHERE_NO_WORK;
	int conjugated = 0;
	tf_call_begin(&call, s->routine);
	RowMajorStrg = 0;
	CBLAS_CallFromC = 1;
	char u = tf_cblas_uplo(uplo), t = tf_cblas_trans(trans), d = tf_cblas_diag(diag);
	if (layout != CblasColMajor && layout != CblasRowMajor) {
		cblas_xerbla(1, name, "Illegal layout setting, %d\n", layout);
		goto done;
	}
	RowMajorStrg = layout == CblasRowMajor;
	if (!u) {
		cblas_xerbla(2, name, "Illegal Uplo setting, %d\n", uplo);
		goto done;
	}
	if (!t) {
		cblas_xerbla(3, name, "Illegal TransA setting, %d\n", trans);
		goto done;
	}
	if (layout == CblasRowMajor) {
		u = u == 'U' ? 'L' : 'U';
		if (t == 'C' && s->type == TF_TYPE_Z && s->n > 0) {
			tf_cblas_conj_vector(s->x, s->n, s->incx); /* before the Diag check, as the reference */
			conjugated = 1;
		}
		t = t == 'N' ? 'T' : 'N';
	}
	if (!d) {
		cblas_xerbla(4, name, "Illegal Diag setting, %d\n", diag);
		goto done;
	}
	s->uplo = u;
	s->trans = t;
	s->diag = d;
	where = run_solve(s, tf_call_flops(&call, &flops));
	if (conjugated)
		tf_cblas_conj_vector(s->x, s->n, s->incx);
done:
	CBLAS_CallFromC = 0;
	RowMajorStrg = 0;
	tf_call_end(&call, where, flops);
}

#define CBLAS_SOLVE(name, fortran, type, storage)                                         \
	(&(struct solve){ TF_R_##name, TF_R_##fortran, type, storage, 0, 0, 0, n, 0, 0, incx, \
			  a, x })

TF_EXPORT void cblas_dtrsv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans,
			   CBLAS_DIAG diag, int n, const double *a, int lda, double *x, int incx)
{
	struct solve *s = CBLAS_SOLVE(cblas_dtrsv, dtrsv_, TF_TYPE_D, TF_STORAGE_FULL);
	s->lda = lda;
	cblas_solve(s, "cblas_dtrsv", layout, uplo, trans, diag);
}

TF_EXPORT void cblas_ztrsv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans,
			   CBLAS_DIAG diag, int n, const void *a, int lda, void *x, int incx)
{
	struct solve *s = CBLAS_SOLVE(cblas_ztrsv, ztrsv_, TF_TYPE_Z, TF_STORAGE_FULL);
	s->lda = lda;
	cblas_solve(s, "cblas_ztrsv", layout, uplo, trans, diag);
}

TF_EXPORT void cblas_dtbsv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans,
			   CBLAS_DIAG diag, int n, int k, const double *a, int lda, double *x,
			   int incx)
{
	struct solve *s = CBLAS_SOLVE(cblas_dtbsv, dtbsv_, TF_TYPE_D, TF_STORAGE_BAND);
	s->k = k;
	s->lda = lda;
	cblas_solve(s, "cblas_dtbsv", layout, uplo, trans, diag);
}

TF_EXPORT void cblas_ztbsv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans,
			   CBLAS_DIAG diag, int n, int k, const void *a, int lda, void *x, int incx)
{
	struct solve *s = CBLAS_SOLVE(cblas_ztbsv, ztbsv_, TF_TYPE_Z, TF_STORAGE_BAND);
	s->k = k;
	s->lda = lda;
	cblas_solve(s, "cblas_ztbsv", layout, uplo, trans, diag);
}

TF_EXPORT void cblas_dtpsv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans,
			   CBLAS_DIAG diag, int n, const double *a, double *x, int incx)
{
	cblas_solve(CBLAS_SOLVE(cblas_dtpsv, dtpsv_, TF_TYPE_D, TF_STORAGE_PACKED), "cblas_dtpsv",
		    layout, uplo, trans, diag);
}

TF_EXPORT void cblas_ztpsv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE trans,
			   CBLAS_DIAG diag, int n, const void *a, void *x, int incx)
{
	cblas_solve(CBLAS_SOLVE(cblas_ztpsv, ztpsv_, TF_TYPE_Z, TF_STORAGE_PACKED), "cblas_ztpsv",
		    layout, uplo, trans, diag);
}
