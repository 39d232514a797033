/* The CPU BLAS that twofold forwards to, loaded at run time.
 *
 * Which one: TWOFOLD_CPU_BLAS when set; otherwise, for each symbol, the next
 * definition after libtwofold in lookup order (libtwofold preloaded in front
 * of the program's BLAS); otherwise the library chosen at configure time
 * (--with-cpu-blas), opened RTLD_LOCAL.  A resolution that lands in
 * libtwofold itself is refused. */
#ifndef TF_BLAS_LIBRARY_H
#define TF_BLAS_LIBRARY_H

#include "op/routines.h"

/* The CPU BLAS's definition of the routine; never NULL: when there is none,
 * the program ends with a message that names TWOFOLD_CPU_BLAS. */
void *tf_cpu_blas_symbol(enum tf_routine routine);

/* Where the CPU BLAS came from, for the log; does not load it. */
const char *tf_cpu_blas_description(void);

#endif
