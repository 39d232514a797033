// gpu_gemm: twofold's GPU GEMM kernels (DD and DF) on device-resident data
// against cuBLAS DGEMM, with the arithmetic ceilings measured in the same run.
//
//   gpu_gemm [N...]        (default: 2048 4096 8192)
//
// Ceilings: FP64 FMA throughput, and the DD multiply-accumulate step of the
// GEMM kernel (tf_dd_fma_lazy) in a register-only loop, both in TFLOP/s
// counting a multiply-add as 2.  Then one line per size (MAGMA style):
// twofold TFLOP/s and ms, cuBLAS TFLOP/s and ms, the ratio to the DD
// ceiling, and the errors of both against a host DD computation on sampled
// elements: max |C - C_dd| / (k max|A| max|B|), and for twofold the largest
// distance in ulps from the double nearest the host DD value.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include "kernels/gemm.h"
#include "bench/cuda_timing.cuh"
#include "kernels/arith_traits.cuh"
#include "twofold/arith_dd.h"


static const int CEILING_STEPS = 4096;

__global__ void fp64_fma_loop(double *out, double seed)
{
	double x[8];
	for (int i = 0; i < 8; i++)
		x[i] = seed + threadIdx.x + i;
	for (int s = 0; s < CEILING_STEPS; s++)
#pragma unroll
		for (int i = 0; i < 8; i++)
			x[i] = __fma_rn(x[i], 0.999999, 1e-7);
	double sum = 0;
	for (int i = 0; i < 8; i++)
		sum += x[i];
	out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

/* What mac_loop does with an element of each arithmetic (value_t: a double
 * for DD, a float pair for DF): make one from its parts (DD has no low
 * part), add i to b's leading part, move a's leading part by 0.5 in one
 * rounded addition, start an accumulator at i. */
__device__ __forceinline__ double factor(double hi, float) { return hi; }
__device__ __forceinline__ float2 factor(float hi, float lo) { return make_float2(hi, lo); }
__device__ __forceinline__ double shifted(double b, int i) { return b + i; }
__device__ __forceinline__ float2 shifted(float2 b, int i) { return make_float2(b.x + i, b.y); }
__device__ __forceinline__ void step(double &a) { a = __dadd_rn(a, 0.5); }
__device__ __forceinline__ void step(float2 &a) { a.x = __fadd_rn(a.x, 0.5f); }
__device__ __forceinline__ tf_dd accumulator(double i) { return tf_dd_make(i, 0.0); }
__device__ __forceinline__ tf_df accumulator(float i) { return tf_df_make(i, 0.0f); }

/* The GEMM kernel's step, Arith::mac (DD: acc += a b, tf_dd_fma_lazy; DF:
 * the DF step of df_arith), renormalized every 16 steps as the kernel does.
 * The factors change every step, as the kernel's do, so that no product can
 * be hoisted out of the loop; updating them costs one addition per 8 steps.
 * Real is the arithmetic's own precision: double for DD, float for DF. */
template <class Arith, class Real> __global__ void mac_loop(double *out, Real seed)
{
	typename Arith::acc_t acc[8];
	typename Arith::value_t a[16];
	const typename Arith::value_t b = factor(Real(1) / (seed + Real(3)), 1e-9f);
	for (int t = 0; t < 16; t++)
		a[t] = factor(seed + threadIdx.x + t, 1e-8f * t);
	for (int i = 0; i < 8; i++)
		acc[i] = accumulator(Real(i));
	for (int s = 0; s < CEILING_STEPS; s += 16) {
#pragma unroll
		for (int t = 0; t < 16; t++) {
#pragma unroll
			for (int i = 0; i < 8; i++)
				Arith::mac(acc[i], a[t], shifted(b, i));
			step(a[t]);
		}
#pragma unroll
		for (int i = 0; i < 8; i++)
			Arith::renormalize(acc[i]);
	}
	double sum = 0;
	for (int i = 0; i < 8; i++)
		sum += (double)acc[i].hi + acc[i].lo;
	out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}


static void ceilings(double &fp64_tflops, double &dd_tflops, double &df_tflops)
{
	int sms;
	CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
	int blocks = sms * 8, threads = 256;
	double *out;
	CHECK(cudaMalloc(&out, sizeof(double) * blocks * threads));
	double per_thread = 8.0 * CEILING_STEPS * 2.0;
	float ms = median_ms([&] { fp64_fma_loop<<<blocks, threads>>>(out, 1.0); }, 5);
	CHECK(cudaGetLastError());
	fp64_tflops = per_thread * blocks * threads / (ms * 1e-3) * 1e-12;
	ms = median_ms([&] { mac_loop<tf::dd_arith><<<blocks, threads>>>(out, 1.0); }, 5);
	CHECK(cudaGetLastError());
	dd_tflops = per_thread * blocks * threads / (ms * 1e-3) * 1e-12;
	ms = median_ms([&] { mac_loop<tf::df_arith><<<blocks, threads>>>(out, 1.0f); }, 5);
	CHECK(cudaGetLastError());
	df_tflops = per_thread * blocks * threads / (ms * 1e-3) * 1e-12;
	CHECK(cudaFree(out));
}

int main(int argc, char **argv)
{
	std::vector<int> sizes;
	for (int i = 1; i < argc; i++)
		sizes.push_back(std::atoi(argv[i]));
	if (sizes.empty())
		sizes = { 2048, 4096, 8192 };
	cudaDeviceProp prop;
	CHECK(cudaGetDeviceProperties(&prop, 0));
	double fp64_ceiling, dd_ceiling, df_ceiling;
	ceilings(fp64_ceiling, dd_ceiling, df_ceiling);
	std::printf("%% device %s, %d SMs\n", prop.name, prop.multiProcessorCount);
	std::printf("%% ceilings: FP64 FMA %.2f TFLOP/s, DD multiply-accumulate %.3f TFLOP/s, "
		    "DF multiply-accumulate %.3f TFLOP/s\n", fp64_ceiling, dd_ceiling, df_ceiling);
	std::printf("%% n  dd_TFLOPs dd_ms  df_TFLOPs df_ms  cublas_TFLOPs cublas_ms  dd/dd_ceiling"
		    " df/df_ceiling  error_dd error_df error_cublas  max_ulp_dd\n");

	cublasHandle_t handle;
	if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) {
		std::fprintf(stderr, "cublasCreate failed\n");
		return 1;
	}
	std::mt19937_64 random(8192);
	std::uniform_real_distribution<double> uniform(-1.0, 1.0);
	for (int n : sizes) {
		size_t size = (size_t)n * n;
		std::vector<double> a(size), b(size), c(size);
		for (size_t i = 0; i < size; i++) {
			a[i] = uniform(random);
			b[i] = uniform(random);
		}
		double *da, *db, *dc;
		CHECK(cudaMalloc(&da, size * sizeof(double)));
		CHECK(cudaMalloc(&db, size * sizeof(double)));
		CHECK(cudaMalloc(&dc, size * sizeof(double)));
		CHECK(cudaMemcpy(da, a.data(), size * sizeof(double), cudaMemcpyHostToDevice));
		CHECK(cudaMemcpy(db, b.data(), size * sizeof(double), cudaMemcpyHostToDevice));
		tf_gemm_args args = { 'N', 'N', n, n, n, 1.0, 0.0, da, db, dc, n, n, n, NULL, NULL, 1, 1, 1, NULL,
				      1.0, 1.0, 1.0 };
		int repeats = n >= 8192 ? 3 : 7;
		float ms_twofold = median_ms([&] { CHECK(tf_kernel_gemm_dd(&args, 0)); }, repeats);
		CHECK(cudaMemcpy(c.data(), dc, size * sizeof(double), cudaMemcpyDeviceToHost));
		std::vector<double> c_twofold = c;
		float ms_df = median_ms([&] { CHECK(tf_kernel_gemm_df(&args, 0)); }, repeats);
		CHECK(cudaMemcpy(c.data(), dc, size * sizeof(double), cudaMemcpyDeviceToHost));
		std::vector<double> c_df = c;
		double one = 1.0, zero = 0.0;
		float ms_cublas = median_ms([&] {
			cublasDgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, da, n, db, n, &zero, dc, n);
		}, repeats);
		CHECK(cudaMemcpy(c.data(), dc, size * sizeof(double), cudaMemcpyDeviceToHost));

		double worst_twofold = 0, worst_cublas = 0, worst_ulp = 0, worst_df = 0;
		std::uniform_int_distribution<int> pick(0, n - 1);
		for (int s = 0; s < 64; s++) {
			int i = pick(random), j = pick(random);
			tf_dd sum = tf_dd_make(0.0, 0.0);
			for (int l = 0; l < n; l++)
				sum = tf_dd_fma(sum, a[i + (size_t)l * n], b[l + (size_t)j * n]);
			double nearest = tf_dd_to_double(sum);
			double got = c_twofold[i + (size_t)j * n];
			worst_twofold = std::max(worst_twofold, std::fabs(tf_dd_add_d(sum, -got).hi));
			worst_cublas = std::max(worst_cublas, std::fabs(tf_dd_add_d(sum, -c[i + (size_t)j * n]).hi));
			worst_df = std::max(worst_df, std::fabs(tf_dd_add_d(sum, -c_df[i + (size_t)j * n]).hi));
			double ulp = std::nextafter(std::fabs(nearest), INFINITY) - std::fabs(nearest);
			worst_ulp = std::max(worst_ulp, std::fabs(got - nearest) / ulp);
		}
		double scale = (double)n; // k max|A| max|B|, entries in [-1, 1]
		double flops = 2.0 * n * n * (double)n;
		double tf_twofold = flops / (ms_twofold * 1e-3) * 1e-12;
		double tf_cublas = flops / (ms_cublas * 1e-3) * 1e-12;
		double tf_df = flops / (ms_df * 1e-3) * 1e-12;
		std::printf("%5d  %7.3f %8.2f  %7.3f %8.2f  %7.3f %7.2f  %5.2f %5.2f  %9.2e %9.2e %9.2e  %4.1f\n",
			    n, tf_twofold, ms_twofold, tf_df, ms_df, tf_cublas, ms_cublas,
			    tf_twofold / dd_ceiling, tf_df / df_ceiling, worst_twofold / scale, worst_df / scale,
			    worst_cublas / scale, worst_ulp);
		std::fflush(stdout);
		cudaFree(da), cudaFree(db), cudaFree(dc);
	}
	cublasDestroy(handle);
	return 0;
}
