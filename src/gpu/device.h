/* GPU discovery. */
#ifndef TF_GPU_DEVICE_H
#define TF_GPU_DEVICE_H

#include <stddef.h>

/* Describes the GPUs twofold can use: one line per device, with whether the
 * probe kernel ran there, or why there are none.  Discovers them on the first
 * call (thread safe); later calls return the same text. */
const char *tf_gpu_describe(void);

/* The same text if the GPUs were discovered already, else NULL: for the exit
 * report, which must not start CUDA while the program is ending. */
const char *tf_gpu_description(void);

#endif
