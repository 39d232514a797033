/* Symbol attributes.  The library is built with -fvisibility=hidden: only what
 * is marked TF_EXPORT (the BLAS, CBLAS and tf_* public API) is exported. */
#ifndef TF_EXPORT_H
#define TF_EXPORT_H

#define TF_EXPORT __attribute__((visibility("default")))
/* A weak definition loses to a program's own (xerbla_, cblas_xerbla). */
#define TF_WEAK __attribute__((weak))

#endif
