/* Which xerbla_ hears of an illegal argument (see xerbla.c). */
#ifndef TF_ABI_XERBLA_H
#define TF_ABI_XERBLA_H

#include <stddef.h>

typedef void tf_xerbla_handler(const char *routine, int *info, size_t routine_len);

/* The xerbla_ that the code at address would have called without twofold,
 * where that is a library's (a module loaded RTLD_LOCAL with its own, or
 * one of its group) and not libtwofold's; else NULL. */
tf_xerbla_handler *tf_module_xerbla(const void *address);

/* The program's own xerbla_ (the first in the global scope), or NULL where
 * that is libtwofold's. */
tf_xerbla_handler *tf_global_xerbla(void);

#endif
