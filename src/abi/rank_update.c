#include "config.h"

/* The rank-1 and rank-2 updates: dger_, zgeru_, zgerc_ (GER), dsyr_,
 * dspr_, zher_, zhpr_ (SYR), dsyr2_, dspr2_, zher2_, zhpr2_ (SYR2) and
 * their CBLAS forms, validated as the reference validates them and handed
 * to the planner as one op (the output is op.c). */
#include "abi/cblas_conj.h"
#include "abi/cblas_error.h"
#include "abi/check.h"
#include "core/export.h"
#include "core/message.h"
#include "op/cblas_types.h"
#include "plan/call.h"
#include "plan/plan.h"

/* The arguments of one update; alpha[1] is zero for a real alpha. */
struct update {
	enum tf_routine routine, blas;
	enum tf_op_kind kind;
	enum tf_op_type type;
	enum tf_op_storage storage;
	int conj;
	char uplo;
	int m, n;
	double alpha[2];
	const double *x, *y;
	int incx, incy;
	double *a;
	int lda;
};

/* The reference's check and name for the update. */
static int check(const struct update *u, const char **name)
{
	const int z = u->type == TF_TYPE_Z, packed = u->storage == TF_STORAGE_PACKED;
	switch (u->kind) {
	case TF_OP_GER:
		*name = !z ? "DGER  " : u->conj ? "ZGERC " : "ZGERU ";
		return tf_check_ger(u->m, u->n, u->incx, u->incy, u->lda);
	case TF_OP_SYR:
		*name = packed ? (z ? "ZHPR  " : "DSPR  ") : (z ? "ZHER  " : "DSYR  ");
		return packed ? tf_check_spr(u->uplo, u->n, u->incx)
			      : tf_check_syr(u->uplo, u->n, u->incx, u->lda);
	default:
		*name = packed ? (z ? "ZHPR2 " : "DSPR2 ") : (z ? "ZHER2 " : "DSYR2 ");
		return packed ? tf_check_spr2(u->uplo, u->n, u->incx, u->incy)
			      : tf_check_syr2(u->uplo, u->n, u->incx, u->incy, u->lda);
	}
}

static enum tf_where run_update(const struct update *u, double *flops)
{
	const char *name;
	int illegal = check(u, &name);
	if (illegal) {
		tf_report_illegal(name, illegal);
		return TF_WHERE_NO_WORK;
	}
	/* the reference's quick returns */
	if (u->n == 0 || (u->kind == TF_OP_GER && u->m == 0) ||
	    (u->alpha[0] == 0.0 && u->alpha[1] == 0.0))
		return TF_WHERE_NO_WORK;
	struct tf_op op = {
		.kind = u->kind, .routine = u->routine, .blas = u->blas, .type = u->type,
		.storage = u->storage, .conj = u->conj,
		.uplo = u->kind == TF_OP_GER ? 0 : tf_uplo_option(u->uplo),
		.m = u->kind == TF_OP_GER ? u->m : 0, .n = u->n,
		.alpha = u->alpha[0], .alpha_im = u->alpha[1],
		.x = u->x, .incx = u->incx,
		.y = u->kind == TF_OP_SYR ? NULL : (double *)u->y,
		.incy = u->kind == TF_OP_SYR ? 0 : u->incy,
		.c = u->a, .ldc = u->storage == TF_STORAGE_PACKED ? 0 : u->lda,
	};
	tf_call_set_flops(flops, &op);
	return tf_plan_run(&op);
}

static void update(const struct update *u)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, u->routine);
	enum tf_where where = run_update(u, tf_call_flops(&call, &flops));
	tf_call_end(&call, where, flops);
}

/* An update through its Fortran symbol. */
#define FORTRAN(name, kind, type, storage, conj, alpha_im)                                     \
	(&(struct update){ TF_R_##name, TF_R_##name, kind, type, storage, conj, 0, 0, *n,        \
			   { alpha[0], alpha_im }, x, NULL, *incx, 0, a, 0 })

TF_EXPORT void dger_(const int *m, const int *n, const double *alpha, const double *x,
		     const int *incx, const double *y, const int *incy, double *a, const int *lda)
{
	struct update *u = FORTRAN(dger_, TF_OP_GER, TF_TYPE_D, TF_STORAGE_FULL, 0, 0.0);
	u->m = *m, u->y = y, u->incy = *incy, u->lda = *lda;
	update(u);
}

TF_EXPORT void zgeru_(const int *m, const int *n, const double *alpha, const double *x,
		      const int *incx, const double *y, const int *incy, double *a, const int *lda)
{
	struct update *u = FORTRAN(zgeru_, TF_OP_GER, TF_TYPE_Z, TF_STORAGE_FULL, 0, alpha[1]);
	u->m = *m, u->y = y, u->incy = *incy, u->lda = *lda;
	update(u);
}

TF_EXPORT void zgerc_(const int *m, const int *n, const double *alpha, const double *x,
		      const int *incx, const double *y, const int *incy, double *a, const int *lda)
{
	struct update *u = FORTRAN(zgerc_, TF_OP_GER, TF_TYPE_Z, TF_STORAGE_FULL, 1, alpha[1]);
	u->m = *m, u->y = y, u->incy = *incy, u->lda = *lda;
	update(u);
}

TF_EXPORT void dsyr_(const char *uplo, const int *n, const double *alpha, const double *x,
		     const int *incx, double *a, const int *lda, size_t uplo_len)
{
	(void)uplo_len; /* a single character */
	struct update *u = FORTRAN(dsyr_, TF_OP_SYR, TF_TYPE_D, TF_STORAGE_FULL, 0, 0.0);
	u->uplo = *uplo, u->lda = *lda;
	update(u);
}

TF_EXPORT void zher_(const char *uplo, const int *n, const double *alpha, const double *x,
		     const int *incx, double *a, const int *lda, size_t uplo_len)
{
	(void)uplo_len;
	struct update *u = FORTRAN(zher_, TF_OP_SYR, TF_TYPE_Z, TF_STORAGE_FULL, 1, 0.0);
	u->uplo = *uplo, u->lda = *lda;
	update(u);
}

TF_EXPORT void dspr_(const char *uplo, const int *n, const double *alpha, const double *x,
		     const int *incx, double *a, size_t uplo_len)
{
	(void)uplo_len;
	struct update *u = FORTRAN(dspr_, TF_OP_SYR, TF_TYPE_D, TF_STORAGE_PACKED, 0, 0.0);
	u->uplo = *uplo;
	update(u);
}

TF_EXPORT void zhpr_(const char *uplo, const int *n, const double *alpha, const double *x,
		     const int *incx, double *a, size_t uplo_len)
{
	(void)uplo_len;
	struct update *u = FORTRAN(zhpr_, TF_OP_SYR, TF_TYPE_Z, TF_STORAGE_PACKED, 1, 0.0);
	u->uplo = *uplo;
	update(u);
}

TF_EXPORT void dsyr2_(const char *uplo, const int *n, const double *alpha, const double *x,
		      const int *incx, const double *y, const int *incy, double *a, const int *lda,
		      size_t uplo_len)
{
	(void)uplo_len;
	struct update *u = FORTRAN(dsyr2_, TF_OP_SYR2, TF_TYPE_D, TF_STORAGE_FULL, 0, 0.0);
	u->uplo = *uplo, u->y = y, u->incy = *incy, u->lda = *lda;
	update(u);
}

TF_EXPORT void zher2_(const char *uplo, const int *n, const double *alpha, const double *x,
		      const int *incx, const double *y, const int *incy, double *a, const int *lda,
		      size_t uplo_len)
{
	(void)uplo_len;
	struct update *u = FORTRAN(zher2_, TF_OP_SYR2, TF_TYPE_Z, TF_STORAGE_FULL, 1, alpha[1]);
	u->uplo = *uplo, u->y = y, u->incy = *incy, u->lda = *lda;
	update(u);
}

TF_EXPORT void dspr2_(const char *uplo, const int *n, const double *alpha, const double *x,
		      const int *incx, const double *y, const int *incy, double *a,
		      size_t uplo_len)
{
	(void)uplo_len;
	struct update *u = FORTRAN(dspr2_, TF_OP_SYR2, TF_TYPE_D, TF_STORAGE_PACKED, 0, 0.0);
	u->uplo = *uplo, u->y = y, u->incy = *incy;
	update(u);
}

TF_EXPORT void zhpr2_(const char *uplo, const int *n, const double *alpha, const double *x,
		      const int *incx, const double *y, const int *incy, double *a,
		      size_t uplo_len)
{
	(void)uplo_len;
	struct update *u = FORTRAN(zhpr2_, TF_OP_SYR2, TF_TYPE_Z, TF_STORAGE_PACKED, 1, alpha[1]);
	u->uplo = *uplo, u->y = y, u->incy = *incy;
	update(u);
}

/* CBLAS.  Row major is the column-major update of the transpose, as the
 * reference CBLAS does it: GER exchanges m and n, x and y; the symmetric
 * ones swap uplo; a complex conjugate (zgerc, the Hermitian ones) works on
 * conjugated copies of the vectors, taken with stride 1. */

#define STACK_ELEMENTS 128

/* The bracket of a CBLAS call: the call, the reference CBLAS's flags, the
 * layout check (parameter 1) and, for the symmetric ones, the uplo check
 * (parameter 2); *row is set for a row-major call.  Returns 0 when an
 * error was reported. */
static int cblas_begin(struct tf_call *call, enum tf_routine routine, const char *name,
		       CBLAS_LAYOUT layout, int has_uplo, int uplo, char *u, int *row)
{
	tf_call_begin(call, routine);
	RowMajorStrg = 0;
	CBLAS_CallFromC = 1;
	if (layout != CblasColMajor && layout != CblasRowMajor) {
		cblas_xerbla(1, name, "Illegal layout setting, %d\n", layout);
		return 0;
	}
	*row = layout == CblasRowMajor;
	RowMajorStrg = *row;
	if (!has_uplo)
		return 1;
	*u = tf_cblas_uplo(uplo);
	if (!*u) {
		cblas_xerbla(2, name, "Illegal Uplo setting, %d\n", uplo);
		return 0;
	}
	if (*row)
		*u = *u == 'U' ? 'L' : 'U';
	return 1;
}

static void cblas_end(struct tf_call *call, enum tf_where where, double flops)
{
	CBLAS_CallFromC = 0;
	RowMajorStrg = 0;
	tf_call_end(call, where, flops);
}

/* dger, zgeru, zgerc: conj for zgerc. */
static void cblas_ger(enum tf_routine routine, const char *name, enum tf_op_type type, int conj,
		      CBLAS_LAYOUT layout, int m, int n, const double *alpha, const double *x,
		      int incx, const double *y, int incy, double *a, int lda)
{
	struct tf_call call;
	double flops = 0.0, stack[2 * STACK_ELEMENTS];
	enum tf_where where = TF_WHERE_NO_WORK;
	int row;
	char none;
	if (cblas_begin(&call, routine, name, layout, 0, 0, &none, &row)) {
		int z = type == TF_TYPE_Z;
		struct update u = {
			routine, z ? (conj ? TF_R_zgerc_ : TF_R_zgeru_) : TF_R_dger_, TF_OP_GER, type,
			TF_STORAGE_FULL, conj, 0, m, n, { alpha[0], z ? alpha[1] : 0.0 },
			x, y, incx, incy, a, lda,
		};
		if (row) {
			/* A^T += alpha y x^T (zgerc: conj(y) x^T, a zgeru) */
			u.blas = z ? TF_R_zgeru_ : TF_R_dger_;
			u.conj = 0;
			u.m = n, u.n = m, u.x = y, u.incx = incy, u.y = x, u.incy = incx;
			if (conj && n > 0) {
				u.x = tf_cblas_conj_copy(y, n, incy, stack, 2 * STACK_ELEMENTS);
				u.incx = 1;
			}
		}
		where = run_update(&u, tf_call_flops(&call, &flops));
		if (u.x != x && u.x != y)
			tf_cblas_conj_release((double *)u.x, stack);
	}
	cblas_end(&call, where, flops);
}

TF_EXPORT void cblas_dger(CBLAS_LAYOUT layout, int m, int n, double alpha, const double *x,
			  int incx, const double *y, int incy, double *a, int lda)
{
	cblas_ger(TF_R_cblas_dger, "cblas_dger", TF_TYPE_D, 0, layout, m, n, &alpha, x, incx, y,
		  incy, a, lda);
}

TF_EXPORT void cblas_zgeru(CBLAS_LAYOUT layout, int m, int n, const void *alpha, const void *x,
			   int incx, const void *y, int incy, void *a, int lda)
{
	cblas_ger(TF_R_cblas_zgeru, "cblas_zgeru", TF_TYPE_Z, 0, layout, m, n, alpha, x, incx, y,
		  incy, a, lda);
}

TF_EXPORT void cblas_zgerc(CBLAS_LAYOUT layout, int m, int n, const void *alpha, const void *x,
			   int incx, const void *y, int incy, void *a, int lda)
{
	cblas_ger(TF_R_cblas_zgerc, "cblas_zgerc", TF_TYPE_Z, 1, layout, m, n, alpha, x, incx, y,
		  incy, a, lda);
}

/* The symmetric and Hermitian ones: y NULL for SYR. */
static void cblas_sym(enum tf_routine routine, enum tf_routine blas, const char *name,
		      enum tf_op_kind kind, enum tf_op_type type, enum tf_op_storage storage,
		      CBLAS_LAYOUT layout, int uplo, int n, const double *alpha, const double *x,
		      int incx, const double *y, int incy, double *a, int lda)
{
	struct tf_call call;
	double flops = 0.0, xstack[2 * STACK_ELEMENTS], ystack[2 * STACK_ELEMENTS];
	enum tf_where where = TF_WHERE_NO_WORK;
	int row;
	char u;
	if (cblas_begin(&call, routine, name, layout, 1, uplo, &u, &row)) {
		int z = type == TF_TYPE_Z;
		double alpha_im = z && kind == TF_OP_SYR2 ? alpha[1] : 0.0;
		struct update up = {
			routine, blas, kind, type, storage, z, u, 0, n, { alpha[0], alpha_im },
			x, y, incx, incy, a, lda,
		};
		if (row && z) {
			/* conj(A) += alpha conj(x) conj(x)^H; zher2 and zhpr2 exchange x
			 * and y: alpha conj(y) conj(x)^H + conj(alpha) conj(x) conj(y)^H */
			if (kind == TF_OP_SYR2) {
				up.x = y, up.incx = incy;
				up.y = x, up.incy = incx;
			}
			if (n > 0) {
				up.x = tf_cblas_conj_copy(up.x, n, up.incx, xstack, 2 * STACK_ELEMENTS);
				up.incx = 1;
			}
			if (n > 0 && kind == TF_OP_SYR2) {
				up.y = tf_cblas_conj_copy(up.y, n, up.incy, ystack, 2 * STACK_ELEMENTS);
				up.incy = 1;
			}
		}
		where = run_update(&up, tf_call_flops(&call, &flops));
		if (up.x != x && up.x != y)
			tf_cblas_conj_release((double *)up.x, xstack);
		if (up.y != x && up.y != y)
			tf_cblas_conj_release((double *)up.y, ystack);
	}
	cblas_end(&call, where, flops);
}

TF_EXPORT void cblas_dsyr(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, double alpha,
			  const double *x, int incx, double *a, int lda)
{
	cblas_sym(TF_R_cblas_dsyr, TF_R_dsyr_, "cblas_dsyr", TF_OP_SYR, TF_TYPE_D, TF_STORAGE_FULL,
		  layout, uplo, n, &alpha, x, incx, NULL, 0, a, lda);
}

TF_EXPORT void cblas_dspr(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, double alpha,
			  const double *x, int incx, double *ap)
{
	cblas_sym(TF_R_cblas_dspr, TF_R_dspr_, "cblas_dspr", TF_OP_SYR, TF_TYPE_D,
		  TF_STORAGE_PACKED, layout, uplo, n, &alpha, x, incx, NULL, 0, ap, 0);
}

TF_EXPORT void cblas_dsyr2(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, double alpha,
			   const double *x, int incx, const double *y, int incy, double *a,
			   int lda)
{
	cblas_sym(TF_R_cblas_dsyr2, TF_R_dsyr2_, "cblas_dsyr2", TF_OP_SYR2, TF_TYPE_D,
		  TF_STORAGE_FULL, layout, uplo, n, &alpha, x, incx, y, incy, a, lda);
}

TF_EXPORT void cblas_dspr2(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, double alpha,
			   const double *x, int incx, const double *y, int incy, double *ap)
{
	cblas_sym(TF_R_cblas_dspr2, TF_R_dspr2_, "cblas_dspr2", TF_OP_SYR2, TF_TYPE_D,
		  TF_STORAGE_PACKED, layout, uplo, n, &alpha, x, incx, y, incy, ap, 0);
}

TF_EXPORT void cblas_zher(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, double alpha,
			  const void *x, int incx, void *a, int lda)
{
	cblas_sym(TF_R_cblas_zher, TF_R_zher_, "cblas_zher", TF_OP_SYR, TF_TYPE_Z, TF_STORAGE_FULL,
		  layout, uplo, n, &alpha, x, incx, NULL, 0, a, lda);
}

TF_EXPORT void cblas_zhpr(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, double alpha,
			  const void *x, int incx, void *ap)
{
	cblas_sym(TF_R_cblas_zhpr, TF_R_zhpr_, "cblas_zhpr", TF_OP_SYR, TF_TYPE_Z,
		  TF_STORAGE_PACKED, layout, uplo, n, &alpha, x, incx, NULL, 0, ap, 0);
}

TF_EXPORT void cblas_zher2(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, const void *alpha,
			   const void *x, int incx, const void *y, int incy, void *a, int lda)
{
	cblas_sym(TF_R_cblas_zher2, TF_R_zher2_, "cblas_zher2", TF_OP_SYR2, TF_TYPE_Z,
		  TF_STORAGE_FULL, layout, uplo, n, alpha, x, incx, y, incy, a, lda);
}

TF_EXPORT void cblas_zhpr2(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, const void *alpha,
			   const void *x, int incx, const void *y, int incy, void *ap)
{
	cblas_sym(TF_R_cblas_zhpr2, TF_R_zhpr2_, "cblas_zhpr2", TF_OP_SYR2, TF_TYPE_Z,
		  TF_STORAGE_PACKED, layout, uplo, n, alpha, x, incx, y, incy, ap, 0);
}
