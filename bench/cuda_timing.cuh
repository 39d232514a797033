/* What the GPU benchmarks and kernel tests share: a check of every CUDA
 * call, and the median time of a launch over repeated runs after a warm-up,
 * measured with device events. */
#ifndef TF_BENCH_CUDA_TIMING_CUH
#define TF_BENCH_CUDA_TIMING_CUH

#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                   \
	do {                                                                          \
		cudaError_t status_ = (call);                                         \
		if (status_ != cudaSuccess) {                                         \
			std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,       \
				     cudaGetErrorString(status_));                    \
			std::exit(2);                                                 \
		}                                                                     \
	} while (0)

/* The same for cuBLAS calls (the caller includes cublas_v2.h). */
#define CHECK_CUBLAS(call)                                                            \
	do {                                                                          \
		cublasStatus_t status_ = (call);                                      \
		if (status_ != CUBLAS_STATUS_SUCCESS) {                               \
			std::fprintf(stderr, "%s:%d: cuBLAS status %d\n", __FILE__,   \
				     __LINE__, (int)status_);                         \
			std::exit(1);                                                 \
		}                                                                     \
	} while (0)

/* Median milliseconds of launch() over `repeats` runs, after one warm-up. */
template <class Launch> static float median_ms(Launch launch, int repeats)
{
	cudaEvent_t start, stop;
	CHECK(cudaEventCreate(&start));
	CHECK(cudaEventCreate(&stop));
	launch();
	CHECK(cudaDeviceSynchronize());
	std::vector<float> times;
	for (int r = 0; r < repeats; r++) {
		CHECK(cudaEventRecord(start));
		launch();
		CHECK(cudaEventRecord(stop));
		CHECK(cudaEventSynchronize(stop));
		float ms;
		CHECK(cudaEventElapsedTime(&ms, start, stop));
		times.push_back(ms);
	}
	std::sort(times.begin(), times.end());
	CHECK(cudaEventDestroy(start));
	CHECK(cudaEventDestroy(stop));
	return times[times.size() / 2];
}

#endif
