/* The Fortran BLAS routines the C tests and benchmarks call, declared as
 * gfortran passes their arguments: by reference, then the hidden length of
 * each character argument.  (test/hidden_lengths.c declares them without
 * the lengths on purpose, and does not include this.) */
#ifndef TF_TEST_F77_BLAS_H
#define TF_TEST_F77_BLAS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
	    const double *, const int *, const double *, const int *, const double *, double *,
	    const int *, size_t, size_t);
void dgemv_(const char *, const int *, const int *, const double *, const double *, const int *,
	    const double *, const int *, const double *, double *, const int *, size_t);
void dsyrk_(const char *, const char *, const int *, const int *, const double *, const double *,
	    const int *, const double *, double *, const int *, size_t, size_t);
void daxpy_(const int *, const double *, const double *, const int *, double *, const int *);
double ddot_(const int *, const double *, const int *, const double *, const int *);

#ifdef __cplusplus
}
#endif

#endif
