/* Argument checks of the reference BLAS, for the routines twofold plans
 * itself.  Each returns the number of the first illegal parameter, as the
 * reference passes it to xerbla_, or 0. */
#ifndef TF_CHECK_H
#define TF_CHECK_H

#include <stddef.h>
#include <stdint.h>

int tf_check_dgemm(char transa, char transb, int64_t m, int64_t n, int64_t k, int64_t lda,
		   int64_t ldb, int64_t ldc);
int tf_check_dgemv(char trans, int64_t m, int64_t n, int64_t lda, int64_t incx, int64_t incy);
/* The triangular solves (d and z alike): ?trsv, ?tbsv, ?tpsv */
int tf_check_trsv(char uplo, char trans, char diag, int64_t n, int64_t lda, int64_t incx);
int tf_check_tbsv(char uplo, char trans, char diag, int64_t n, int64_t k, int64_t lda,
		  int64_t incx);
int tf_check_tpsv(char uplo, char trans, char diag, int64_t n, int64_t incx);
/* The rank updates: dger, zgeru, zgerc; dsyr, zher; dspr, zhpr; dsyr2,
 * zher2; dspr2, zhpr2 */
int tf_check_ger(int64_t m, int64_t n, int64_t incx, int64_t incy, int64_t lda);
int tf_check_syr(char uplo, int64_t n, int64_t incx, int64_t lda);
int tf_check_spr(char uplo, int64_t n, int64_t incx);
int tf_check_syr2(char uplo, int64_t n, int64_t incx, int64_t incy, int64_t lda);
int tf_check_spr2(char uplo, int64_t n, int64_t incx, int64_t incy);
int tf_check_gbmv(char trans, int64_t m, int64_t n, int64_t kl, int64_t ku, int64_t lda,
		  int64_t incx, int64_t incy);
int tf_check_symv(char uplo, int64_t n, int64_t lda, int64_t incx, int64_t incy);
int tf_check_sbmv(char uplo, int64_t n, int64_t k, int64_t lda, int64_t incx, int64_t incy);
int tf_check_spmv(char uplo, int64_t n, int64_t incx, int64_t incy);
/* trmv, tbmv, tpmv by storage (enum tf_op_storage; k and lda where used). */
int tf_check_trmv(int storage, char uplo, char trans, char diag, int64_t n, int64_t k, int64_t lda,
		  int64_t incx);

/* Level 3; accepted: the trans options the routine takes ("NTC", "NT"
 * for the complex symmetric, "NC" for the Hermitian ones). */
int tf_check_symm(char side, char uplo, int64_t m, int64_t n, int64_t lda, int64_t ldb,
		  int64_t ldc);
int tf_check_syrk(char uplo, char trans, const char *accepted, int64_t n, int64_t k, int64_t lda,
		  int64_t ldc);
int tf_check_syr2k(char uplo, char trans, const char *accepted, int64_t n, int64_t k, int64_t lda,
		   int64_t ldb,
		   int64_t ldc);
/* dtrmm, ztrmm, dtrsm and ztrsm: the same checks */
int tf_check_trmm(char side, char uplo, char transa, char diag, int64_t m, int64_t n, int64_t lda,
		  int64_t ldb);

/* The options are read on every call: inline, not a call into check.c
 * each. */

/* 'L' or 'R' for an option the reference's LSAME accepts as one of them
 * (either case), else 0. */
static inline char tf_side_option(char option)
{
	return option == 'L' || option == 'l' ? 'L' : option == 'R' || option == 'r' ? 'R' : 0;
}

/* 'N', 'T' or 'C' for an option the reference's LSAME accepts as one of
 * them (either case), else 0. */
static inline char tf_trans_option(char option)
{
	switch (option) {
	case 'N': case 'n': return 'N';
	case 'T': case 't': return 'T';
	case 'C': case 'c': return 'C';
	default: return 0;
	}
}

/* 'N', 'T' or 'C' for a CBLAS_TRANSPOSE value, else 0. */
char tf_cblas_trans(int trans);

/* 'U' or 'L' (uplo), 'U' or 'N' (diag), as tf_trans_option does for trans;
 * and for the CBLAS values. */
static inline char tf_uplo_option(char option)
{
	switch (option) {
	case 'U': case 'u': return 'U';
	case 'L': case 'l': return 'L';
	default: return 0;
	}
}

static inline char tf_diag_option(char option)
{
	switch (option) {
	case 'U': case 'u': return 'U';
	case 'N': case 'n': return 'N';
	default: return 0;
	}
}

char tf_cblas_uplo(int uplo);
char tf_cblas_diag(int diag);

/* A routine's names as the reference reports them: the Fortran one for
 * xerbla_ ("DGEMV ", padded to six), the CBLAS one for cblas_xerbla. */
struct tf_names {
	const char *fortran, *cblas;
};

/* LAPACK's drivers: the number of the first illegal argument (LAPACK
 * reports it as INFO = -number), else 0. */
int tf_check_gesv(int64_t n, int64_t nrhs, int64_t lda, int64_t ldb);
int tf_check_posv(char uplo, int64_t n, int64_t nrhs, int64_t lda, int64_t ldb);
int tf_check_sysv(char uplo, int64_t n, int64_t nrhs, int64_t lda, int64_t ldb, int64_t lwork);
int tf_check_gels(char trans, int64_t m, int64_t n, int64_t nrhs, int64_t lda, int64_t ldb,
		  int64_t lwork);

/* Whether the scalar s (real, or (re, im) for type TF_TYPE_Z) is value. */
int tf_scalar_is(int type, const double *s, double value);

/* 'L' or 'R' for a CBLAS_SIDE value, else 0. */
char tf_cblas_side(int side);

/* Reports an illegal parameter through xerbla_, the program's own if it has
 * one; routine is the reference's six-character name ("DGEMM "). */
void tf_report_illegal(const char *routine, int parameter);

#endif
