/* Argument checks of the reference BLAS, for the routines twofold plans
 * itself.  Each returns the number of the first illegal parameter, as the
 * reference passes it to xerbla_, or 0. */
#ifndef TF_CHECK_H
#define TF_CHECK_H

#include <stddef.h>

int tf_check_dgemm(char transa, char transb, int m, int n, int k, int lda, int ldb, int ldc);
int tf_check_dgemv(char trans, int m, int n, int lda, int incx, int incy);
/* dtrsm and ztrsm (and dtrmm and ztrmm: the same checks) */
int tf_check_trsm(char side, char uplo, char transa, char diag, int m, int n, int lda, int ldb);

/* 'N', 'T' or 'C' for an option the reference's LSAME accepts as one of
 * them (either case), else 0. */
char tf_trans_option(char option);

/* 'N', 'T' or 'C' for a CBLAS_TRANSPOSE value, else 0. */
char tf_cblas_trans(int trans);

/* Reports an illegal parameter through xerbla_, the program's own if it has
 * one; routine is the reference's six-character name ("DGEMM "). */
void tf_report_illegal(const char *routine, int parameter);

#endif
