/* Argument checks of the reference BLAS, for the routines twofold plans
 * itself.  Each returns the number of the first illegal parameter, as the
 * reference passes it to xerbla_, or 0. */
#ifndef TF_CHECK_H
#define TF_CHECK_H

#include <stddef.h>

int tf_check_dgemm(char transa, char transb, int m, int n, int k, int lda, int ldb, int ldc);
int tf_check_dgemv(char trans, int m, int n, int lda, int incx, int incy);

/* Level 3; accepted: the trans options the routine takes ("NTC", "NT"
 * for the complex symmetric, "NC" for the Hermitian ones). */
int tf_check_symm(char side, char uplo, int m, int n, int lda, int ldb, int ldc);
int tf_check_syrk(char uplo, char trans, const char *accepted, int n, int k, int lda, int ldc);
int tf_check_syr2k(char uplo, char trans, const char *accepted, int n, int k, int lda, int ldb,
		   int ldc);
int tf_check_trmm(char side, char uplo, char transa, char diag, int m, int n, int lda, int ldb);

/* 'L' or 'R', 'U' or 'L', 'U' or 'N' for an option the reference's LSAME
 * accepts as one of them (either case), else 0. */
char tf_side_option(char option);
char tf_uplo_option(char option);
char tf_diag_option(char option);

/* 'N', 'T' or 'C' for an option the reference's LSAME accepts as one of
 * them (either case), else 0. */
char tf_trans_option(char option);

/* 'N', 'T' or 'C' for a CBLAS_TRANSPOSE value, else 0. */
char tf_cblas_trans(int trans);

/* 'L'/'R', 'U'/'L', 'U'/'N' for CBLAS_SIDE, CBLAS_UPLO and CBLAS_DIAG
 * values, else 0. */
char tf_cblas_side(int side);
char tf_cblas_uplo(int uplo);
char tf_cblas_diag(int diag);

/* Reports an illegal parameter through xerbla_, the program's own if it has
 * one; routine is the reference's six-character name ("DGEMM "). */
void tf_report_illegal(const char *routine, int parameter);

#endif
