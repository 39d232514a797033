/* The reference LAPACK for the drivers' tests (test/lapack/drivers.c,
 * gels.c): the program's LAPACK is loaded already, its BLAS calls bound to
 * libtwofold's exports; a copy of its file, opened apart with RTLD_DEEPBIND,
 * binds them to its own dependencies (the reference BLAS). */
#ifndef TF_TEST_LAPACK_REFERENCE_H
#define TF_TEST_LAPACK_REFERENCE_H

/* The copy's handle, for dlsym; exits 99 when it cannot be opened. */
void *reference_lapack_open(void);

#endif
