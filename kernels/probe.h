/* The probe kernel: checks that this build's device code runs on a GPU. */
#ifndef TF_KERNELS_PROBE_H
#define TF_KERNELS_PROBE_H

#ifdef __cplusplus
extern "C" {
#endif

/* What the probe kernel writes. */
#define TF_PROBE_VALUE 0x2f01d2u

/* Launches the probe on the current device, writing TF_PROBE_VALUE to the
 * device word; returns the launch's cudaError_t (0 on success). */
int tf_kernel_probe(unsigned *device_word);

#ifdef __cplusplus
}
#endif

#endif
