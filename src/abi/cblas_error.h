/* The reference CBLAS's error state and handler (see cblas_error.c). */
#ifndef TF_CBLAS_ERROR_H
#define TF_CBLAS_ERROR_H

extern int RowMajorStrg;
extern int CBLAS_CallFromC;

void cblas_xerbla(int parameter, const char *routine, const char *form, ...);

#endif
