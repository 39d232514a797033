/* What twofold-info prints: the library's build, GPUs, configuration and
 * the planner's choice for a call, read through the library itself.  These
 * functions are exported for twofold-info only; they are not part of the
 * public API (twofold.h) and may change with any release. */
#ifndef TF_PLAN_INFO_H
#define TF_PLAN_INFO_H

#include <stddef.h>

/* Each writes its text into `text` (cut to `size`, NUL-terminated) and
 * returns what snprintf would. */

/* The build's options, one "name: value" line each: CUDA (and the compute
 * capabilities built for), the Fortran modules, the default CPU BLAS. */
int tf_info_build(char *text, size_t size);

/* The CPU BLAS forwarded to, loaded if it was not, and where it came from
 * (TWOFOLD_CPU_BLAS, next in lookup order, the default).  When none can be
 * loaded, the program ends with the library's message, as at a BLAS call. */
int tf_info_cpu_blas(char *text, size_t size);

/* The GPUs, one line each (name, compute capability, memory, whether the
 * probe kernel ran), or why there is none ("no GPU found (no CUDA
 * driver)", ...); discovers them. */
int tf_info_gpus(char *text, size_t size);

/* Every variable twofold reads, set or not, with the value in effect, and
 * the unknown TWOFOLD_* variables: "NAME=VALUE -> IN EFFECT" lines. */
int tf_info_environment(char *text, size_t size);

/* Where a dgemm of m x n x k (trans N N, alpha 1, beta 0, host arrays of
 * finite data) would run and why: "PLACE: REASON"; nothing is computed. */
int tf_info_plan_dgemm(int m, int n, int k, char *text, size_t size);

#endif
