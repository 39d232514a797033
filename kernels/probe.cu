/* A GPU can be listed by the driver and still not run our code: no image in
 * the fat binary for its architecture, a driver older than the toolkit.  The
 * probe finds that out with one tiny launch before any work is sent there. */
#include <cuda_runtime.h>
#include "kernels/probe.h"

__global__ static void probe_kernel(unsigned *word)
{
	*word = TF_PROBE_VALUE;
}

extern "C" int tf_kernel_probe(unsigned *device_word)
{
	probe_kernel<<<1, 1>>>(device_word);
	return (int)cudaGetLastError();
}
