/* The CPU BLAS that twofold forwards to, loaded at run time.
 *
 * Which one: TWOFOLD_CPU_BLAS when set; otherwise, for each symbol, the next
 * definition after libtwofold in lookup order (libtwofold preloaded in front
 * of the program's BLAS); otherwise the library chosen at configure time
 * (--with-cpu-blas), then libblas.so.3 by the dynamic loader's search, then
 * libblas.so.3 in the system's library directories (a build tree moved to a
 * machine whose BLAS is elsewhere, with libtwofold standing in as
 * libblas.so.3 in LD_LIBRARY_PATH), each opened RTLD_LOCAL.  A library that
 * is libtwofold, the same file or a copy (it exports tf_version), is
 * refused. */
#ifndef TF_BLAS_LIBRARY_H
#define TF_BLAS_LIBRARY_H

#include <stddef.h>
#include "op/routines.h"

/* The CPU BLAS's definition of the routine; never NULL: when there is none,
 * the program ends with a message that names TWOFOLD_CPU_BLAS. */
void *tf_cpu_blas_symbol(enum tf_routine routine);

/* Where the CPU BLAS came from, for the log; does not load it. */
const char *tf_cpu_blas_description(void);

/* The 64-bit CPU BLAS (cpu/blas64_library.c: TWOFOLD_CPU_BLAS64, the next
 * dgemm_64_ in lookup order, --with-cpu-blas64, libblas64.so.3): its
 * definition of the routine, ILP64, or NULL where there is none. */
void *tf_cpu_blas64_symbol(enum tf_routine routine);

/* Where it came from, or "none"; NULL before an ILP64 call looked for it. */
const char *tf_cpu_blas64_description(void);

/* The routine's ILP64 name: dgemm_64_, cblas_dgemm64_. */
void tf_ilp64_routine_name(enum tf_routine routine, char *name, size_t size);

#endif
