// gpu_blas2: twofold's GPU GEMV and AXPY kernels (DD) on device-resident
// data against cuBLAS DGEMV and DAXPY, with the memory ceiling measured in
// the same run.
//
//   gpu_blas2 [repeats]       (default 21 timed runs, median reported)
//
// Both move the same bytes (GEMV: A, x, and y read and written; AXPY: x, y
// read, y written), so both are bound by memory bandwidth: the ceiling is a
// device-to-device copy (cudaMemcpy of 1 GiB), in GB/s counting bytes read
// plus bytes written.  Then one line per problem (MAGMA style): twofold ms
// and GB/s, cuBLAS ms and GB/s, the time ratio twofold/cuBLAS, twofold's
// bandwidth as a fraction of the copy's, and the errors against a host DD
// computation (arith_dd.h) on sampled elements: the largest distance of
// twofold's result in ulps from the double nearest the DD value, and for
// both, max |y - y_dd| / (n |alpha| max|A| max|x| + |beta| max|y|) (AXPY:
// / (|alpha| max|x| + max|y|)).  The data are random, uniform in [-1, 1],
// never zero; alpha and beta are not 0 or 1.  Every time is the median of
// the repeats, after a warm-up run, timed with events.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "bench/cuda_timing.cuh"
#include "kernels/axpy.h"
#include "kernels/gemv.h"
#include "test/splitmix64.h"
#include "twofold/arith_dd.h"


static int repeats = 21;
static const int SAMPLES = 64;

static uint64_t rng_state = 16384; /* test/splitmix64.h */
static uint64_t rng_next() { return splitmix64_next(&rng_state); }
/* Uniform in [-1, 1), never zero. */
static double urand()
{
	double v = splitmix64_sym(&rng_state);
	return v == 0.0 ? 0.5 : v;
}


static double copy_ceiling()
{
	const size_t bytes = (size_t)1 << 30;
	void *a, *b;
	CHECK(cudaMalloc(&a, bytes));
	CHECK(cudaMalloc(&b, bytes));
	CHECK(cudaMemset(a, 1, bytes));
	float ms = median_ms([&] { CHECK(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice)); }, repeats);
	CHECK(cudaFree(a));
	CHECK(cudaFree(b));
	return 2.0 * bytes / (ms * 1e-3) * 1e-9;
}

/* The largest |v[i]| over i < n. */
static double max_abs(const std::vector<double> &v, long long n)
{
	double m = 0;
	for (long long i = 0; i < n; i++)
		m = std::max(m, std::fabs(v[i]));
	return m;
}

/* Times twofold's and cuBLAS's runs from y = y0 (dy and dy0 on the device,
 * n elements), then runs each once more from y0 and copies its y back, for
 * the errors. */
struct times {
	float twofold, cublas;
};
template <class Twofold, class Cublas>
static times time_both(Twofold run_twofold, Cublas run_cublas, double *dy, const double *dy0,
		       long long n, double *y_twofold, double *y_cublas)
{
	const size_t bytes = n * sizeof(double);
	CHECK(cudaMemcpy(dy, dy0, bytes, cudaMemcpyDeviceToDevice));
	times t;
	t.twofold = median_ms(run_twofold, repeats);
	t.cublas = median_ms(run_cublas, repeats);
	CHECK(cudaMemcpy(dy, dy0, bytes, cudaMemcpyDeviceToDevice));
	run_twofold();
	CHECK(cudaMemcpy(y_twofold, dy, bytes, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(dy, dy0, bytes, cudaMemcpyDeviceToDevice));
	run_cublas();
	CHECK(cudaMemcpy(y_cublas, dy, bytes, cudaMemcpyDeviceToHost));
	return t;
}

static double ulps(double got, double want)
{
	if (got == want)
		return 0.0;
	double w = std::fabs(want);
	return std::fabs(got - want) / (std::nextafter(w, INFINITY) - w);
}

struct errors {
	double ulp_twofold = 0, twofold = 0, cublas = 0;
	void add(tf_dd exact, double got_twofold, double got_cublas)
	{
		ulp_twofold = std::max(ulp_twofold, ulps(got_twofold, tf_dd_to_double(exact)));
		twofold = std::max(twofold, std::fabs(tf_dd_add_d(exact, -got_twofold).hi));
		cublas = std::max(cublas, std::fabs(tf_dd_add_d(exact, -got_cublas).hi));
	}
};

static void print_line(const char *op, long long n, double bytes, float ms_twofold, float ms_cublas,
		       double ceiling, const errors &e, double scale)
{
	double gbs_twofold = bytes / (ms_twofold * 1e-3) * 1e-9, gbs_cublas = bytes / (ms_cublas * 1e-3) * 1e-9;
	std::printf("%-7s %10lld  %8.4f %7.1f  %8.4f %7.1f  %5.3f  %5.3f  %4.1f  %9.2e %9.2e\n", op, n, ms_twofold,
		    gbs_twofold, ms_cublas, gbs_cublas, ms_twofold / ms_cublas, gbs_twofold / ceiling, e.ulp_twofold,
		    e.twofold / scale, e.cublas / scale);
	std::fflush(stdout);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		repeats = std::max(1, std::atoi(argv[1]));
	cudaDeviceProp prop;
	CHECK(cudaGetDeviceProperties(&prop, 0));
	const double ceiling = copy_ceiling();
	std::printf("%% device %s, %d SMs\n", prop.name, prop.multiProcessorCount);
	std::printf("%% ceiling: device-to-device copy %.1f GB/s (bytes read + written); median of %d runs\n",
		    ceiling, repeats);
	std::printf("%% op              n  twofold_ms    GB/s  cublas_ms    GB/s  ratio  /copy  ulps  "
		    "err_twofold err_cublas\n");

	cublasHandle_t handle;
	CHECK_CUBLAS(cublasCreate(&handle));

	/* GEMV: A is the leading n*n elements of one random array (lda = n). */
	const int sizes[] = { 4096, 8192, 16384 };
	const int largest = 16384;
	std::vector<double> a((size_t)largest * largest), x(largest), y0(largest), y_twofold(largest),
		y_cublas(largest);
	for (double &v : a)
		v = urand();
	for (int i = 0; i < largest; i++)
		x[i] = urand(), y0[i] = urand();
	double *da, *dx, *dy, *dy0;
	CHECK(cudaMalloc(&da, a.size() * sizeof(double)));
	CHECK(cudaMalloc(&dx, largest * sizeof(double)));
	CHECK(cudaMalloc(&dy, largest * sizeof(double)));
	CHECK(cudaMalloc(&dy0, largest * sizeof(double)));
	CHECK(cudaMemcpy(da, a.data(), a.size() * sizeof(double), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dx, x.data(), largest * sizeof(double), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dy0, y0.data(), largest * sizeof(double), cudaMemcpyHostToDevice));
	double max_a[3];
	for (int s = 0; s < 3; s++)
		max_a[s] = max_abs(a, (long long)sizes[s] * sizes[s]);
	const double alpha = 0.8125 + 0.125 * urand(), beta = -0.5625 + 0.125 * urand();
	for (char trans : { 'N', 'T' }) {
		for (int s = 0; s < 3; s++) {
			const int n = sizes[s];
			const cublasOperation_t op = trans == 'N' ? CUBLAS_OP_N : CUBLAS_OP_T;
			tf_gemv_args args = { trans, n, n, alpha, beta, da, n, dx, 1, dy, 1, 1.0, 1.0, 1.0 };
			auto run_twofold = [&] { CHECK(tf_kernel_gemv_dd(&args, 0)); };
			auto run_cublas = [&] {
				CHECK_CUBLAS(cublasDgemv(handle, op, n, n, &alpha, da, n, dx, 1, &beta, dy, 1));
			};
			times t = time_both(run_twofold, run_cublas, dy, dy0, n, y_twofold.data(),
					    y_cublas.data());

			errors e;
			const double max_x = max_abs(x, n), max_y = max_abs(y0, n);
			for (int sample = 0; sample < SAMPLES; sample++) {
				int i = (int)(rng_next() % (uint64_t)n);
				tf_dd sum = tf_dd_make(0.0, 0.0);
				for (int l = 0; l < n; l++)
					sum = tf_dd_fma(sum, trans == 'N' ? a[i + (size_t)l * n] : a[l + (size_t)i * n], x[l]);
				tf_dd exact = tf_dd_add(tf_dd_mul_d(sum, alpha), tf_two_prod(beta, y0[i]));
				e.add(exact, y_twofold[i], y_cublas[i]);
			}
			const double bytes = 8.0 * ((double)n * n + n + 2.0 * n);
			const double scale = n * std::fabs(alpha) * max_a[s] * max_x + std::fabs(beta) * max_y;
			print_line(trans == 'N' ? "gemv_N" : "gemv_T", n, bytes, t.twofold, t.cublas, ceiling, e, scale);
		}
	}
	CHECK(cudaFree(da));
	CHECK(cudaFree(dx));
	CHECK(cudaFree(dy));
	CHECK(cudaFree(dy0));
	a.clear();
	a.shrink_to_fit();

	/* AXPY. */
	const long long lengths[] = { 1000000, 10000000, 100000000 };
	const long long longest = 100000000;
	x.resize(longest);
	y0.resize(longest);
	y_twofold.resize(longest);
	y_cublas.resize(longest);
	for (long long i = 0; i < longest; i++)
		x[i] = urand(), y0[i] = urand();
	CHECK(cudaMalloc(&dx, longest * sizeof(double)));
	CHECK(cudaMalloc(&dy, longest * sizeof(double)));
	CHECK(cudaMalloc(&dy0, longest * sizeof(double)));
	CHECK(cudaMemcpy(dx, x.data(), longest * sizeof(double), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dy0, y0.data(), longest * sizeof(double), cudaMemcpyHostToDevice));
	for (long long n : lengths) {
		tf_axpy_args args = { (int)n, alpha, dx, 1, dy, 1 };
		auto run_twofold = [&] { CHECK(tf_kernel_axpy_dd(&args, 0)); };
		auto run_cublas = [&] { CHECK_CUBLAS(cublasDaxpy(handle, (int)n, &alpha, dx, 1, dy, 1)); };
		times t = time_both(run_twofold, run_cublas, dy, dy0, n, y_twofold.data(), y_cublas.data());
		errors e;
		const double max_x = max_abs(x, n), max_y = max_abs(y0, n);
		for (int s = 0; s < 64 * SAMPLES; s++) {
			long long i = (long long)(rng_next() % (uint64_t)n);
			e.add(tf_dd_add_d(tf_two_prod(alpha, x[i]), y0[i]), y_twofold[i], y_cublas[i]);
		}
		print_line("axpy", n, 24.0 * n, t.twofold, t.cublas, ceiling, e,
			   std::fabs(alpha) * max_x + max_y);
	}
	CHECK(cudaFree(dx));
	CHECK(cudaFree(dy));
	CHECK(cudaFree(dy0));
	CHECK_CUBLAS(cublasDestroy(handle));
	return 0;
}
