/* What the entry points (src/abi) need of device memory themselves, beside
 * the ops they hand to the planner: whether there is a GPU, small argument
 * arrays read where the CPU can read them, and the conjugated vector copies
 * of row-major CBLAS calls made where the vector is.  The GPU backend does
 * the work (gpu/gpu.h); the entry points reach it through here. */
#ifndef TF_PLAN_DEVICE_DATA_H
#define TF_PLAN_DEVICE_DATA_H

#include <stddef.h>

/* Whether there is a GPU to use (found once; 0 without CUDA). */
int tf_plan_gpu_usable(void);

/* p when the CPU can read it, else its first `count` doubles copied from
 * device memory into copy (drotm's param). */
const double *tf_plan_host_readable(const double *p, double *copy, size_t count);

/* A conjugated copy of the n complex elements of v (stride inc) at unit
 * stride, in device memory when v is; NULL when v is not device memory (the
 * caller makes the copy on the host).  tf_plan_free_copy frees such a copy
 * and returns 1, or returns 0 for host memory. */
double *tf_plan_conj_copy(const double *v, int n, int inc);
int tf_plan_free_copy(double *copy);

/* Conjugates v's n complex elements (stride |inc|, the first only when inc
 * = 0) in place where v is device memory, returning 1; else 0, v
 * untouched. */
int tf_plan_conj_in_place(double *v, int n, int inc);

#endif
