#include <climits>
#include "kernels/range.h"

namespace {

__global__ void range_start(tf_range *range)
{
	range->max_exponent = INT_MIN;
	range->min_exponent = INT_MAX;
	range->nonfinite = 0;
}

__global__ void range_kernel(const double *a, int rows, int cols, int ld, tf_range *range)
{
	int largest = INT_MIN, smallest = INT_MAX, nonfinite = 0;
	size_t count = (size_t)rows * cols;
	for (size_t e = blockIdx.x * (size_t)blockDim.x + threadIdx.x; e < count;
	     e += (size_t)gridDim.x * blockDim.x) {
		double x = a[e % rows + e / rows * (size_t)ld];
		if (!isfinite(x)) {
			nonfinite = 1;
		} else if (x != 0.0) {
			int exponent = ilogb(x);
			largest = max(largest, exponent);
			smallest = min(smallest, exponent);
		}
	}
	for (int offset = 16; offset > 0; offset /= 2) {
		largest = max(largest, __shfl_down_sync(0xffffffffu, largest, offset));
		smallest = min(smallest, __shfl_down_sync(0xffffffffu, smallest, offset));
		nonfinite |= __shfl_down_sync(0xffffffffu, nonfinite, offset);
	}
	if (threadIdx.x % 32 == 0) {
		atomicMax(&range->max_exponent, largest);
		atomicMin(&range->min_exponent, smallest);
		if (nonfinite)
			atomicOr(&range->nonfinite, 1);
	}
}

} /* namespace */

extern "C" cudaError_t tf_kernel_range(const double *a, int rows, int cols, int ld,
				       struct tf_range *range, cudaStream_t stream)
{
	range_start<<<1, 1, 0, stream>>>(range);
	size_t count = (size_t)rows * cols;
	size_t blocks = (count + 255) / 256;
	range_kernel<<<blocks < 1024 ? (int)blocks : 1024, 256, 0, stream>>>(a, rows, cols, ld, range);
	return cudaGetLastError();
}
