/* GPU discovery. */
#ifndef TF_GPU_DEVICE_H
#define TF_GPU_DEVICE_H

#include <stddef.h>

/* Describes the GPUs twofold can use: one line per device (name, compute
 * capability, memory), with whether the
 * probe kernel ran there, or why there are none.  Discovers them on the first
 * call (thread safe); later calls return the same text. */
const char *tf_gpu_describe(void);

/* The same text if the GPUs were discovered already, else NULL: for the exit
 * report, which must not start CUDA while the program is ending. */
const char *tf_gpu_description(void);

/* Why there is no GPU at all ("no GPU found (no CUDA driver)", "no GPU
 * found", ...), or NULL when there is one (usable or not); discovers the
 * GPUs if that was not done yet. */
const char *tf_gpu_absence(void);

/* The number of GPUs found (0 when none); discovers them if that was not
 * done yet. */
int tf_gpu_visible(void);

#ifdef TF_HAVE_CUDA
/* Whether cudaGetDeviceCount's `status` and `count` mean that there is no
 * GPU to use (none, no driver, a driver older than the runtime); if so,
 * writes why into `text`, in the words of tf_gpu_absence.  A machine with
 * no driver gets "no GPU found (no CUDA driver)", not the runtime's "CUDA
 * driver version is insufficient for CUDA runtime version". */
int tf_gpu_none_found(int status, int count, char *text, size_t size);
#endif

#endif
