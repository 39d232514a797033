/* Which xerbla_ hears of an illegal argument (see xerbla.c). */
#ifndef TF_ABI_XERBLA_H
#define TF_ABI_XERBLA_H

#include <stddef.h>
#include <stdint.h>

typedef void tf_xerbla_handler(const char *routine, int *info, size_t routine_len);

/* The xerbla_ that the code at address would have called without twofold,
 * where that is a library's (a module loaded RTLD_LOCAL with its own, or
 * one of its group) and not libtwofold's; else NULL. */
tf_xerbla_handler *tf_module_xerbla(const void *address);

/* The program's own xerbla_ (the first in the global scope), or NULL where
 * that is libtwofold's. */
tf_xerbla_handler *tf_global_xerbla(void);

/* The program's own xerbla_64_ (INFO 64-bit, as ILP64 BLAS builds call it),
 * or NULL where that is libtwofold's (abi/blas_ilp64.c). */
typedef void tf_xerbla64_handler(const char *routine, int64_t *info, size_t routine_len);
tf_xerbla64_handler *tf_global_xerbla64(void);

#endif
