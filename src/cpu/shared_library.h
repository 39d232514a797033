/* Opening the CPU libraries twofold forwards to (the BLAS, the LAPACK):
 * RTLD_LOCAL, refusing libtwofold itself, under whatever name, and any
 * other copy of it (which would forward back to a library of its own
 * finding). */
#ifndef TF_CPU_SHARED_LIBRARY_H
#define TF_CPU_SHARED_LIBRARY_H

#include <stddef.h>

/* Whether a symbol is one of libtwofold's own definitions. */
int tf_cpu_symbol_is_ours(void *symbol);

/* Opens a library by name or path that defines `probe` (dgemm_, dgetrf_),
 * or returns NULL with the reason in `why`. */
void *tf_cpu_library_open(const char *name, const char *probe, char *why, size_t why_size);

/* The same, its own definitions first for its calls (RTLD_DEEPBIND): a
 * 64-bit BLAS under the plain names (dgemm_ with 64-bit integers) whose
 * CBLAS calls dgemm_ must reach its own, not libtwofold's 32-bit one. */
void *tf_cpu_library_open_deep(const char *name, const char *probe, char *why, size_t why_size);

/* The first library `names` names (libblas.so.3, blas/libblas.so.3) in the
 * directories where this machine keeps its shared libraries: that of the C
 * library in use, its twin with or without /usr, /usr/lib64, /usr/lib.  For
 * a build tree moved to a machine whose libraries are elsewhere, with
 * libtwofold standing in for them in LD_LIBRARY_PATH. */
void *tf_cpu_library_open_system(const char *const *names, int count, const char *probe,
				 char *why, size_t why_size);

/* The file a symbol was loaded from, into `path`. */
void tf_cpu_library_path(void *symbol, char *path, size_t size);

#endif
