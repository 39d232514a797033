// typed_gpu: the typed extended-precision BLAS (twofold.h) on device-resident
// data, against cuBLAS and against ceilings measured in the same run.
//
//   typed_gpu [PART...]     PART: all (default), quick, ceilings, gemm, gemv,
//                           axpy, dot, dfif, targets, compare
//
// The arrays are cudaMalloc'd, so the planner runs every call on the GPU, in
// place; the program calls the public entry points of libtwofold, as a user
// would.  Every time is the median of several runs after a warm-up, each run
// timed with CUDA events around the call and a device synchronization (the
// library works on streams of its own), so a time is what the caller waits.
//
// Output: one line per measurement,
//   routine format n seconds rate ratio_to_double
// routine gemm, gemv_n, gemv_t, axpy or dot; format double (cuBLAS), dd, ds,
// dsp, di, df, ts, and the variants ds_dsarith (tf_dsgemm_dsarith) and
// df_dgemm (dgemm_ on double arrays with TWOFOLD_MODE=df); rate in GFLOP/s of
// the format's working arithmetic, a multiply-add counting 2; the ratio is
// the time over the time of double at the same n.  Ceiling lines have the
// same six fields, routine "ceiling": rate in GFLOP/s (fp64_fma, fp32_fma,
// dd_muladd, df_muladd, dd_gemm_step and df_gemm_step: the GEMM kernels' own
// steps, cublas_dgemm) or GB/s (copy, cublas_dgemv,
// cublas_daxpy, bytes read plus bytes written), the last field the rate over
// the FP64 FMA rate or over the copy bandwidth.  Targets are PASS or FAIL
// lines; the research comparisons are "compare" lines; the rest ("%" lines)
// comments, among them a check of every measurement: sampled results
// against a DD computation on the host, as a fraction of sum |a_i b_i|.
//
// Data: uniform in [-1, 1), each value carrying its format's full precision
// (a random DD rounded to the format).  GEMM and GEMV take alpha = 1,
// beta = 0; AXPY alpha = 0.75.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>
#include "bench/cuda_timing.cuh"
#include "kernels/arith_traits.cuh"
#include "test/f77_blas.h"
#include "twofold.h"
#include "twofold/arith_dd.h"
#include "twofold/arith_df.h"
#include "twofold/arith_di.h"
#include "twofold/arith_ds.h"
#include "twofold/arith_ts.h"

/* A typed call that does not return 0 makes every later number meaningless. */
#define CHECK_TF(call)                                                                \
	do {                                                                          \
		int status_ = (call);                                                 \
		if (status_ != 0) {                                                   \
			std::fprintf(stderr, "%s:%d: %s returned %d\n", __FILE__,     \
				     __LINE__, #call, status_);                       \
			std::exit(1);                                                 \
		}                                                                     \
	} while (0)

enum fmt { F_DOUBLE, F_DD, F_DS, F_DSP, F_DI, F_DF, F_TS, F_COUNT };
static const char *const fmt_names[F_COUNT] = { "double", "dd", "ds", "dsp", "di", "df", "ts" };
static const fmt typed_fmts[] = { F_DD, F_DS, F_DSP, F_DI, F_DF, F_TS };

/* What a measurement computes: a format and, for GEMM, how. */
enum variant { V_PLAIN, V_DSARITH, V_DGEMM_DF };

/* ------------------------------------------------------------------------
 * Data: element i of an array is a random DD in [-1, 1) (a counter-based
 * hash of the array's seed and i, the same on host and device) rounded to
 * the format, so the host rebuilds any input without copying it back. */

__host__ __device__ static uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* hi uniform on multiples of 2^-52 in [-1, 1); lo uniform below 2^-52 fills
 * the bits under hi's last one, then TwoSum normalizes the pair. */
__host__ __device__ static tf_dd raw_value(uint64_t seed, size_t i)
{
	uint64_t h1 = mix64(seed * 0x9e3779b97f4a7c15ull + 2 * (uint64_t)i + 1);
	uint64_t h2 = mix64(h1 ^ 0x632be59bd9b4e019ull);
	double hi = (double)(h1 >> 11) * 0x1p-52 - 1.0;
	double lo = ((double)(h2 >> 11) * 0x1p-53 - 0.5) * 0x1p-51;
	return tf_two_sum(hi, lo);
}

/* The value of v once stored in the format, exactly, as a DD. */
__host__ __device__ static tf_dd format_value(fmt f, tf_dd v)
{
	switch (f) {
	case F_DOUBLE: return tf_dd_make(tf_dd_to_double(v), 0.0);
	case F_DS:
	case F_DSP: return tf_ds_to_dd(tf_ds_from_dd(v));
	case F_DI: return tf_di_to_dd(tf_di_from_dd(v));
	case F_DF: {
		tf_df d = tf_df_from_double(tf_dd_to_double(v));
		return tf_two_sum((double)d.hi, (double)d.lo);
	}
	case F_TS: return tf_ts_to_dd(tf_ts_from_dd(v));
	default: return v;
	}
}

static size_t hi_bytes(fmt f)
{
	switch (f) {
	case F_DD: return sizeof(tf_dd);
	case F_DSP: return sizeof(tf_ds_packed);
	case F_DF: return sizeof(tf_df);
	case F_TS: return sizeof(tf_ts);
	default: return sizeof(double);
	}
}
static size_t lo_bytes(fmt f)
{
	return f == F_DS ? sizeof(float) : f == F_DI ? sizeof(int32_t) : 0;
}

struct darray {
	fmt f;
	size_t n;
	uint64_t seed;
	void *hi, *lo;
};

__global__ void fill_kernel(fmt f, uint64_t seed, size_t n, void *hi, void *lo)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x) {
		tf_dd v = raw_value(seed, i);
		switch (f) {
		case F_DOUBLE: ((double *)hi)[i] = tf_dd_to_double(v); break;
		case F_DD: ((tf_dd *)hi)[i] = v; break;
		case F_DS: {
			tf_ds s = tf_ds_from_dd(v);
			((double *)hi)[i] = s.hi;
			((float *)lo)[i] = s.lo;
			break;
		}
		case F_DSP: {
			tf_ds s = tf_ds_from_dd(v);
			unsigned long long bits = (unsigned long long)__double_as_longlong(s.hi);
			tf_ds_packed p;
			/* the machine's byte order: little-endian on every CUDA host */
			p.hi_words[0] = (uint32_t)bits;
			p.hi_words[1] = (uint32_t)(bits >> 32);
			p.lo = s.lo;
			((tf_ds_packed *)hi)[i] = p;
			break;
		}
		case F_DI: {
			tf_di d = tf_di_from_dd(v);
			((double *)hi)[i] = d.hi;
			((int32_t *)lo)[i] = d.lo;
			break;
		}
		case F_DF: ((tf_df *)hi)[i] = tf_df_from_double(tf_dd_to_double(v)); break;
		case F_TS: ((tf_ts *)hi)[i] = tf_ts_from_dd(v); break;
		default: break;
		}
	}
}

static void fill(darray &a)
{
	fill_kernel<<<2048, 256>>>(a.f, a.seed, a.n, a.hi, a.lo);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
}

static darray alloc(fmt f, size_t n, uint64_t seed)
{
	darray a = { f, n, seed, nullptr, nullptr };
	CHECK(cudaMalloc(&a.hi, n * hi_bytes(f)));
	if (lo_bytes(f))
		CHECK(cudaMalloc(&a.lo, n * lo_bytes(f)));
	fill(a);
	return a;
}

static void release(darray &a)
{
	CHECK(cudaFree(a.hi));
	if (a.lo)
		CHECK(cudaFree(a.lo));
	a.hi = a.lo = nullptr;
}

/* The value of type T whose bytes start at p. */
template <class T> static T bytes_as(const unsigned char *p)
{
	T v;
	std::memcpy(&v, p, sizeof v);
	return v;
}

/* Element i of a device array, exactly, as a DD. */
static tf_dd fetch(const darray &a, size_t i)
{
	unsigned char hi[16];
	unsigned char lo[4] = { 0, 0, 0, 0 };
	CHECK(cudaMemcpy(hi, (const char *)a.hi + i * hi_bytes(a.f), hi_bytes(a.f),
			 cudaMemcpyDeviceToHost));
	if (lo_bytes(a.f))
		CHECK(cudaMemcpy(lo, (const char *)a.lo + i * lo_bytes(a.f), lo_bytes(a.f),
				 cudaMemcpyDeviceToHost));
	switch (a.f) {
	case F_DOUBLE: return tf_dd_make(bytes_as<double>(hi), 0.0);
	case F_DD: return bytes_as<tf_dd>(hi);
	case F_DS: return tf_ds_to_dd(tf_ds_make(bytes_as<double>(hi), bytes_as<float>(lo)));
	case F_DSP: return tf_ds_to_dd(tf_dsp_get(bytes_as<tf_ds_packed>(hi)));
	case F_DI: return tf_di_to_dd(tf_di_make(bytes_as<double>(hi), bytes_as<int32_t>(lo)));
	case F_DF: {
		tf_df d = bytes_as<tf_df>(hi);
		return tf_two_sum((double)d.hi, (double)d.lo);
	}
	case F_TS: return tf_ts_to_dd(bytes_as<tf_ts>(hi));
	default: return tf_dd_make(0.0, 0.0);
	}
}

/* The input element i of an array, rebuilt on the host. */
static tf_dd input(const darray &a, size_t i)
{
	return format_value(a.f, raw_value(a.seed, i));
}

/* ------------------------------------------------------------------------
 * Ceilings: register-only loops of the arithmetic (independent chains a
 * thread: 16 FMAs, 8 DD or DF multiply-adds; the factor changes every step
 * so that no product leaves the loop, one extra addition a step, not
 * counted), a device copy, cuBLAS. */

static const int LOOP_STEPS = 2048;
static const int FMA_CHAINS = 16;

/* The loops are written once for double (FP64 and DD) and float (FP32 and
 * DF), from these operations, each rounded as written, and these constants:
 * factors that keep every chain in range and changing. */
__device__ __forceinline__ double fma_rn(double x, double y, double z) { return __fma_rn(x, y, z); }
__device__ __forceinline__ float fma_rn(float x, float y, float z) { return __fmaf_rn(x, y, z); }
__device__ __forceinline__ double add_rn(double x, double y) { return __dadd_rn(x, y); }
__device__ __forceinline__ float add_rn(float x, float y) { return __fadd_rn(x, y); }
__device__ __forceinline__ tf_dd pair_of(double hi, double lo) { return tf_dd_make(hi, lo); }
__device__ __forceinline__ tf_df pair_of(float hi, float lo) { return tf_df_make(hi, lo); }
__device__ __forceinline__ tf_dd two_sum(double a, double b) { return tf_two_sum(a, b); }
__device__ __forceinline__ tf_df two_sum(float a, float b) { return tf_two_sum_f(a, b); }
__device__ __forceinline__ tf_dd muladd(tf_dd acc, tf_dd a, tf_dd b)
{
	return tf_dd_add(acc, tf_dd_mul(a, b));
}
__device__ __forceinline__ tf_df muladd(tf_df acc, tf_df a, tf_df b)
{
	return tf_df_add(acc, tf_df_mul(a, b));
}

template <class T> struct loop_constants;
template <> struct loop_constants<double> {
	static constexpr double spread = 0.001; /* between the threads' starting values */
	static constexpr double fma_factor = 0.9999999, fma_addend = 1e-8, fma_change = 1e-17;
	static constexpr double a_lo = 1e-18, b_lo = 1e-20; /* muladd_loop's low parts */
};
template <> struct loop_constants<float> {
	static constexpr float spread = 0.001f;
	static constexpr float fma_factor = 0.99999f, fma_addend = 1e-6f, fma_change = 1e-12f;
	static constexpr float a_lo = 1e-9f, b_lo = 1e-9f;
};

/* x = x a + c in T, FMA_CHAINS chains a thread (fp64_fma, fp32_fma). */
template <class T> __global__ void fma_loop(T *out, T seed)
{
	typedef loop_constants<T> k;
	T x[FMA_CHAINS];
	for (int i = 0; i < FMA_CHAINS; i++)
		x[i] = seed + k::spread * threadIdx.x + i;
	T a = k::fma_factor;
	for (int s = 0; s < LOOP_STEPS; s++) {
#pragma unroll
		for (int i = 0; i < FMA_CHAINS; i++)
			x[i] = fma_rn(x[i], a, k::fma_addend);
		a = add_rn(a, k::fma_change);
	}
	T sum = 0;
	for (int i = 0; i < FMA_CHAINS; i++)
		sum += x[i];
	out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

/* acc = acc + a * b in the pairs of T, both factors pairs: DD,
 * tf_dd_add(acc, tf_dd_mul(a, b)), and the same in DF (dd_muladd,
 * df_muladd). */
template <class T> __global__ void muladd_loop(double *out, T seed)
{
	typedef loop_constants<T> k;
	typedef decltype(pair_of(seed, seed)) pair;
	pair acc[8], b[8];
	for (int i = 0; i < 8; i++) {
		acc[i] = pair_of((T)i, T(0));
		b[i] = two_sum(T(1) / (seed + T(3) + i), k::b_lo * i);
	}
	pair a = pair_of(T(1) + k::spread * threadIdx.x, k::a_lo);
	for (int s = 0; s < LOOP_STEPS; s++) {
#pragma unroll
		for (int i = 0; i < 8; i++)
			acc[i] = muladd(acc[i], a, b[i]);
		a.hi = add_rn(a.hi, T(0x1p-10));
	}
	double sum = 0.0;
	for (int i = 0; i < 8; i++)
		sum += (double)acc[i].hi + acc[i].lo;
	out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

/* The step the GEMM kernels take (kernels/arith_traits.cuh): Arith::mac
 * on operands held as the kernel holds them, renormalized every SLAB steps
 * as the kernel renormalizes once per slab: what the GEMM could reach if
 * it did nothing but its arithmetic. */
template <class Arith, int SLAB>
__global__ void gemm_step_loop(double *out, typename Arith::value_t a0, typename Arith::value_t b0)
{
	typename Arith::acc_t acc[8];
	typename Arith::value_t b[8];
	for (int i = 0; i < 8; i++) {
		acc[i] = Arith::zero();
		b[i] = b0;
		b[i].x = b[i].x * (1.0f + 0.01f * i);
	}
	typename Arith::value_t a = a0;
	a.x = a.x + 0.001f * threadIdx.x;
	for (int s = 0; s < LOOP_STEPS; s += SLAB) {
#pragma unroll
		for (int l = 0; l < SLAB; l++)
#pragma unroll
			for (int i = 0; i < 8; i++)
				Arith::mac(acc[i], a, b[i]);
#pragma unroll
		for (int i = 0; i < 8; i++)
			Arith::renormalize(acc[i]);
		a.x = a.x * 0.999f;
	}
	double sum = 0.0;
	for (int i = 0; i < 8; i++)
		sum += (double)acc[i].hi + (double)acc[i].lo;
	out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

/* ------------------------------------------------------------------------
 * Timing and results. */

/* Milliseconds of call() and a device synchronization, between the events
 * start and stop: what the caller waits. */
template <class Call> static float event_ms(cudaEvent_t start, cudaEvent_t stop, Call call)
{
	CHECK(cudaEventRecord(start));
	call();
	CHECK(cudaDeviceSynchronize());
	CHECK(cudaEventRecord(stop));
	CHECK(cudaEventSynchronize(stop));
	float ms;
	CHECK(cudaEventElapsedTime(&ms, start, stop));
	return ms;
}

/* Median seconds of call() (then a device synchronization), after a
 * warm-up; fewer runs when the warm-up says they would take more than
 * `budget` seconds, so that a slow routine cannot stretch the run. */
template <class Call> static double median_seconds(Call call, int repeats, double budget)
{
	auto t0 = std::chrono::steady_clock::now();
	call();
	CHECK(cudaDeviceSynchronize());
	double warm = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
	if (warm * repeats > budget)
		repeats = std::max(1, (int)(budget / warm));
	cudaEvent_t start, stop;
	CHECK(cudaEventCreate(&start));
	CHECK(cudaEventCreate(&stop));
	std::vector<double> times;
	for (int r = 0; r < repeats; r++)
		times.push_back(event_ms(start, stop, call) * 1e-3);
	CHECK(cudaEventDestroy(start));
	CHECK(cudaEventDestroy(stop));
	std::sort(times.begin(), times.end());
	return times[times.size() / 2];
}

static cublasHandle_t cublas;
static std::map<std::string, double> seconds_of; /* "routine format n" -> seconds */
static std::map<std::string, double> ceiling_of; /* name -> rate */
static int checks_bad = 0;

static const char *variant_name(fmt f, variant v)
{
	if (v == V_DSARITH)
		return "ds_dsarith";
	if (v == V_DGEMM_DF)
		return "df_dgemm";
	return fmt_names[f];
}

static std::string key(const char *routine, const char *format, long long n)
{
	return std::string(routine) + " " + format + " " + std::to_string(n);
}

/* Square of the working arithmetic's unit roundoff (per product and sum),
 * and the unit roundoff of the storage format. */
static double working_u2(fmt f, variant v)
{
	if (v == V_DSARITH)
		return 0x1p-70;
	if (v == V_DGEMM_DF || f == F_DF)
		return 0x1p-48;
	if (f == F_TS)
		return 0x1p-66;
	if (f == F_DOUBLE)
		return 0x1p-53;
	return 0x1p-106;
}
static double storage_u(fmt f, variant v)
{
	if (v == V_DGEMM_DF)
		return 0x1p-53;
	switch (f) {
	case F_DOUBLE: return 0x1p-53;
	case F_DD: return 0x1p-105;
	case F_DS:
	case F_DSP: return 0x1p-77;
	case F_DI: return 0x1p-74;
	case F_DF: return 0x1p-48;
	case F_TS: return 0x1p-70;
	default: return 1.0;
	}
}

/* Sampled results against the host: |got - exact| / scale, where scale is
 * sum |a_i b_i| (+ |y| for AXPY), the largest over the samples, and the
 * bound a working arithmetic of that precision keeps for k terms (with a
 * factor 4 to spare). */
struct check {
	double worst = 0.0;
	void add(tf_dd got, tf_dd exact, double scale)
	{
		double err = std::fabs(tf_dd_add(got, tf_dd_make(-exact.hi, -exact.lo)).hi);
		worst = std::max(worst, scale > 0 ? err / scale : err);
	}
	void report(const char *routine, const char *format, long long n, fmt f, variant v,
		    long long k)
	{
		double bound = 4.0 * (2.0 * storage_u(f, v) + 4.0 * (double)k * working_u2(f, v));
		int ok = worst <= bound;
		checks_bad += !ok;
		std::printf("%% check %s %s %lld: sampled error %.2e of sum|ab|, bound %.1e %s\n",
			    routine, format, n, worst, bound, ok ? "ok" : "BAD");
	}
};

static void print_line(const char *routine, const char *format, long long n, double seconds,
		       double flops)
{
	seconds_of[key(routine, format, n)] = seconds;
	auto base = seconds_of.find(key(routine, "double", n));
	double ratio = base == seconds_of.end() ? NAN : seconds / base->second;
	std::printf("%-7s %-10s %10lld %12.6e %12.6e %9.4f\n", routine, format, n, seconds,
		    flops / seconds * 1e-9, ratio);
	std::fflush(stdout);
}

/* The seconds measured for routine, format and n in this run, or nullptr:
 * each is measured once (double first, the base of the others' ratios). */
static const double *measured(const char *routine, const char *format, long long n)
{
	auto found = seconds_of.find(key(routine, format, n));
	return found == seconds_of.end() ? nullptr : &found->second;
}

static int repeats_for(double work, double small, double large)
{
	return work >= large ? 3 : work >= small ? 7 : 21;
}

/* ------------------------------------------------------------------------
 * GEMM: C = A B, n x n x n, 'N', 'N'. */

static int run_gemm(fmt f, variant v, int n, const darray &a, const darray &b, darray &c)
{
	const tf_dd one = tf_dd_make(1.0, 0.0), zero = tf_dd_make(0.0, 0.0);
	const tf_df df_one = tf_df_make(1.0f, 0.0f), df_zero = tf_df_make(0.0f, 0.0f);
	const tf_ts ts_one = { 1.0f, 0.0f, 0.0f }, ts_zero = { 0.0f, 0.0f, 0.0f };
	const double d_one = 1.0, d_zero = 0.0;
	if (v == V_DGEMM_DF) {
		dgemm_("N", "N", &n, &n, &n, &d_one, (const double *)a.hi, &n, (const double *)b.hi,
		       &n, &d_zero, (double *)c.hi, &n, 1, 1);
		return 0;
	}
	switch (f) {
	case F_DOUBLE:
		CHECK_CUBLAS(cublasDgemm(cublas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &d_one,
					 (const double *)a.hi, n, (const double *)b.hi, n, &d_zero,
					 (double *)c.hi, n));
		return 0;
	case F_DD:
		return tf_ddgemm('N', 'N', n, n, n, one, (const tf_dd *)a.hi, n, (const tf_dd *)b.hi,
				 n, zero, (tf_dd *)c.hi, n);
	case F_DS:
		if (v == V_DSARITH)
			return tf_dsgemm_dsarith('N', 'N', n, n, n, one, (const double *)a.hi,
						 (const float *)a.lo, n, (const double *)b.hi,
						 (const float *)b.lo, n, zero, (double *)c.hi,
						 (float *)c.lo, n);
		return tf_dsgemm('N', 'N', n, n, n, one, (const double *)a.hi, (const float *)a.lo,
				 n, (const double *)b.hi, (const float *)b.lo, n, zero,
				 (double *)c.hi, (float *)c.lo, n);
	case F_DSP:
		return tf_dspgemm('N', 'N', n, n, n, one, (const tf_ds_packed *)a.hi, n,
				  (const tf_ds_packed *)b.hi, n, zero, (tf_ds_packed *)c.hi, n);
	case F_DI:
		return tf_digemm('N', 'N', n, n, n, one, (const double *)a.hi,
				 (const int32_t *)a.lo, n, (const double *)b.hi,
				 (const int32_t *)b.lo, n, zero, (double *)c.hi, (int32_t *)c.lo, n);
	case F_DF:
		return tf_dfgemm('N', 'N', n, n, n, df_one, (const tf_df *)a.hi, n,
				 (const tf_df *)b.hi, n, df_zero, (tf_df *)c.hi, n);
	case F_TS:
		return tf_tsgemm('N', 'N', n, n, n, ts_one, (const tf_ts *)a.hi, n,
				 (const tf_ts *)b.hi, n, ts_zero, (tf_ts *)c.hi, n);
	default: return -1;
	}
}

static double measure_gemm(fmt f, variant v, int n)
{
	const char *format = variant_name(f, v);
	if (const double *seconds = measured("gemm", format, n))
		return *seconds;
	if (f != F_DOUBLE)
		measure_gemm(F_DOUBLE, V_PLAIN, n);
	const fmt storage = v == V_DGEMM_DF ? F_DOUBLE : f;
	const size_t size = (size_t)n * n;
	darray a = alloc(storage, size, 11), b = alloc(storage, size, 12), c = alloc(storage, size, 13);
	const double flops = 2.0 * n * (double)n * n;
	double s = median_seconds([&] { CHECK_TF(run_gemm(f, v, n, a, b, c)); },
				  repeats_for(flops, 1e10, 5e11), 8.0);
	print_line("gemm", format, n, s, flops);

	check e;
	std::vector<tf_dd> row(n);
	for (int sample = 0; sample < 8; sample++) {
		size_t i = mix64(1000 + sample) % n, j = mix64(2000 + sample) % n;
		tf_dd sum = tf_dd_make(0.0, 0.0);
		double scale = 0.0;
		for (int l = 0; l < n; l++) {
			tf_dd p = tf_dd_mul(input(a, i + (size_t)l * n), input(b, l + j * n));
			sum = tf_dd_add(sum, p);
			scale += std::fabs(p.hi);
		}
		e.add(fetch(c, i + j * n), sum, scale);
	}
	e.report("gemm", format, n, f, v, n);
	release(a), release(b), release(c);
	return s;
}

/* ------------------------------------------------------------------------
 * GEMV: y = A x, n x n. */

static int run_gemv(fmt f, char trans, int n, const darray &a, const darray &x, darray &y)
{
	const tf_dd one = tf_dd_make(1.0, 0.0), zero = tf_dd_make(0.0, 0.0);
	const tf_df df_one = tf_df_make(1.0f, 0.0f), df_zero = tf_df_make(0.0f, 0.0f);
	const tf_ts ts_one = { 1.0f, 0.0f, 0.0f }, ts_zero = { 0.0f, 0.0f, 0.0f };
	const double d_one = 1.0, d_zero = 0.0;
	switch (f) {
	case F_DOUBLE:
		CHECK_CUBLAS(cublasDgemv(cublas, trans == 'N' ? CUBLAS_OP_N : CUBLAS_OP_T, n, n,
					 &d_one, (const double *)a.hi, n, (const double *)x.hi, 1,
					 &d_zero, (double *)y.hi, 1));
		return 0;
	case F_DD:
		return tf_ddgemv(trans, n, n, one, (const tf_dd *)a.hi, n, (const tf_dd *)x.hi, 1,
				 zero, (tf_dd *)y.hi, 1);
	case F_DS:
		return tf_dsgemv(trans, n, n, one, (const double *)a.hi, (const float *)a.lo, n,
				 (const double *)x.hi, (const float *)x.lo, 1, zero, (double *)y.hi,
				 (float *)y.lo, 1);
	case F_DSP:
		return tf_dspgemv(trans, n, n, one, (const tf_ds_packed *)a.hi, n,
				  (const tf_ds_packed *)x.hi, 1, zero, (tf_ds_packed *)y.hi, 1);
	case F_DI:
		return tf_digemv(trans, n, n, one, (const double *)a.hi, (const int32_t *)a.lo, n,
				 (const double *)x.hi, (const int32_t *)x.lo, 1, zero,
				 (double *)y.hi, (int32_t *)y.lo, 1);
	case F_DF:
		return tf_dfgemv(trans, n, n, df_one, (const tf_df *)a.hi, n, (const tf_df *)x.hi, 1,
				 df_zero, (tf_df *)y.hi, 1);
	case F_TS:
		return tf_tsgemv(trans, n, n, ts_one, (const tf_ts *)a.hi, n, (const tf_ts *)x.hi, 1,
				 ts_zero, (tf_ts *)y.hi, 1);
	default: return -1;
	}
}

static double measure_gemv(fmt f, char trans, int n)
{
	const char *routine = trans == 'N' ? "gemv_n" : "gemv_t";
	if (const double *seconds = measured(routine, fmt_names[f], n))
		return *seconds;
	if (f != F_DOUBLE)
		measure_gemv(F_DOUBLE, trans, n);
	darray a = alloc(f, (size_t)n * n, 21), x = alloc(f, n, 22), y = alloc(f, n, 23);
	const double flops = 2.0 * n * (double)n;
	double s = median_seconds([&] { CHECK_TF(run_gemv(f, trans, n, a, x, y)); },
				  repeats_for(flops, 1e8, 1e12), 4.0);
	print_line(routine, fmt_names[f], n, s, flops);

	check e;
	for (int sample = 0; sample < 8; sample++) {
		size_t i = mix64(3000 + sample) % n;
		tf_dd sum = tf_dd_make(0.0, 0.0);
		double scale = 0.0;
		for (int l = 0; l < n; l++) {
			size_t at = trans == 'N' ? i + (size_t)l * n : l + i * (size_t)n;
			tf_dd p = tf_dd_mul(input(a, at), input(x, l));
			sum = tf_dd_add(sum, p);
			scale += std::fabs(p.hi);
		}
		e.add(fetch(y, i), sum, scale);
	}
	e.report(routine, fmt_names[f], n, f, V_PLAIN, n);
	release(a), release(x), release(y);
	return s;
}

/* ------------------------------------------------------------------------
 * AXPY (y = 0.75 x + y) and DOT. */

static int run_axpy(fmt f, int n, const darray &x, darray &y)
{
	const double alpha = 0.75;
	const tf_dd dd_alpha = tf_dd_make(alpha, 0.0);
	const tf_df df_alpha = tf_df_make((float)alpha, 0.0f);
	const tf_ts ts_alpha = { (float)alpha, 0.0f, 0.0f };
	switch (f) {
	case F_DOUBLE:
		CHECK_CUBLAS(cublasDaxpy(cublas, n, &alpha, (const double *)x.hi, 1,
					 (double *)y.hi, 1));
		return 0;
	case F_DD: return tf_ddaxpy(n, dd_alpha, (const tf_dd *)x.hi, 1, (tf_dd *)y.hi, 1);
	case F_DS:
		return tf_dsaxpy(n, dd_alpha, (const double *)x.hi, (const float *)x.lo, 1,
				 (double *)y.hi, (float *)y.lo, 1);
	case F_DSP:
		return tf_dspaxpy(n, dd_alpha, (const tf_ds_packed *)x.hi, 1, (tf_ds_packed *)y.hi, 1);
	case F_DI:
		return tf_diaxpy(n, dd_alpha, (const double *)x.hi, (const int32_t *)x.lo, 1,
				 (double *)y.hi, (int32_t *)y.lo, 1);
	case F_DF: return tf_dfaxpy(n, df_alpha, (const tf_df *)x.hi, 1, (tf_df *)y.hi, 1);
	case F_TS: return tf_tsaxpy(n, ts_alpha, (const tf_ts *)x.hi, 1, (tf_ts *)y.hi, 1);
	default: return -1;
	}
}

/* The dot product, as a DD (exact for every result type). */
static int run_dot(fmt f, int n, const darray &x, const darray &y, tf_dd *result)
{
	int status = 0;
	switch (f) {
	case F_DOUBLE: {
		double r;
		CHECK_CUBLAS(cublasDdot(cublas, n, (const double *)x.hi, 1, (const double *)y.hi, 1,
					&r));
		*result = tf_dd_make(r, 0.0);
		return 0;
	}
	case F_DD:
		return tf_dddot(n, (const tf_dd *)x.hi, 1, (const tf_dd *)y.hi, 1, result);
	case F_DS:
		return tf_dsdot(n, (const double *)x.hi, (const float *)x.lo, 1,
				(const double *)y.hi, (const float *)y.lo, 1, result);
	case F_DSP:
		return tf_dspdot(n, (const tf_ds_packed *)x.hi, 1, (const tf_ds_packed *)y.hi, 1,
				 result);
	case F_DI:
		return tf_didot(n, (const double *)x.hi, (const int32_t *)x.lo, 1,
				(const double *)y.hi, (const int32_t *)y.lo, 1, result);
	case F_DF: {
		tf_df r;
		status = tf_dfdot(n, (const tf_df *)x.hi, 1, (const tf_df *)y.hi, 1, &r);
		*result = tf_two_sum((double)r.hi, (double)r.lo);
		return status;
	}
	case F_TS: {
		tf_ts r;
		status = tf_tsdot(n, (const tf_ts *)x.hi, 1, (const tf_ts *)y.hi, 1, &r);
		*result = tf_ts_to_dd(r);
		return status;
	}
	default: return -1;
	}
}

/* Times a vector routine (AXPY, DOT: 2n flops) and prints its line. */
template <class Call> static double time_vector(const char *routine, fmt f, long long n, Call call)
{
	double s = median_seconds(call, repeats_for((double)n, 1e7, 1e12), 4.0);
	print_line(routine, fmt_names[f], n, s, 2.0 * n);
	return s;
}

static double measure_axpy(fmt f, long long n)
{
	if (const double *seconds = measured("axpy", fmt_names[f], n))
		return *seconds;
	if (f != F_DOUBLE)
		measure_axpy(F_DOUBLE, n);
	darray x = alloc(f, n, 31), y = alloc(f, n, 32);
	double s = time_vector("axpy", f, n, [&] { CHECK_TF(run_axpy(f, (int)n, x, y)); });

	/* One run from the initial y, for the check. */
	fill(y);
	CHECK_TF(run_axpy(f, (int)n, x, y));
	CHECK(cudaDeviceSynchronize());
	check e;
	for (int sample = 0; sample < 64; sample++) {
		size_t i = mix64(4000 + sample) % n;
		tf_dd ax = tf_dd_mul_d(input(x, i), 0.75), y0 = input(y, i);
		e.add(fetch(y, i), tf_dd_add(ax, y0), std::fabs(ax.hi) + std::fabs(y0.hi));
	}
	e.report("axpy", fmt_names[f], n, f, V_PLAIN, 1);
	release(x), release(y);
	return s;
}

static double measure_dot(fmt f, long long n)
{
	if (const double *seconds = measured("dot", fmt_names[f], n))
		return *seconds;
	if (f != F_DOUBLE)
		measure_dot(F_DOUBLE, n);
	darray x = alloc(f, n, 41), y = alloc(f, n, 42);
	tf_dd result;
	double s = time_vector("dot", f, n, [&] { CHECK_TF(run_dot(f, (int)n, x, y, &result)); });

	/* The whole sum on the host: up to 3e6 terms, a fraction of a second. */
	if (n > 3000000) {
		release(x), release(y);
		return s;
	}
	tf_dd sum = tf_dd_make(0.0, 0.0);
	double scale = 0.0;
	for (long long i = 0; i < n; i++) {
		tf_dd p = tf_dd_mul(input(x, i), input(y, i));
		sum = tf_dd_add(sum, p);
		scale += std::fabs(p.hi);
	}
	check e;
	e.add(result, sum, scale);
	/* The result is in the working format, not rounded to the storage. */
	e.report("dot", fmt_names[f], n, f == F_DS || f == F_DSP || f == F_DI ? F_DD : f, V_PLAIN,
		 n);
	release(x), release(y);
	return s;
}

/* ------------------------------------------------------------------------
 * Ceilings. */

static void print_ceiling(const char *name, long long n, double seconds, double rate,
			  double ratio)
{
	ceiling_of[name] = rate;
	std::printf("ceiling %-12s %10lld %12.6e %12.6e %9.4f\n", name, n, seconds, rate, ratio);
	std::fflush(stdout);
}

static void measure_ceilings()
{
	if (ceiling_of.count("dd_muladd"))
		return;
	int sms;
	CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
	const int blocks = sms * 16, threads = 256;
	double *out;
	CHECK(cudaMalloc(&out, sizeof(double) * blocks * threads));
	/* chains x LOOP_STEPS multiply-adds a thread, 2 flops each. */
	auto loop = [&](const char *name, int chains, auto launch) {
		double s = median_ms([&] { launch(); }, 5) * 1e-3;
		CHECK(cudaGetLastError());
		double rate = 2.0 * chains * LOOP_STEPS * blocks * (double)threads / s * 1e-9;
		double fp64 = ceiling_of.count("fp64_fma") ? ceiling_of["fp64_fma"] : rate;
		print_ceiling(name, LOOP_STEPS, s, rate, rate / fp64);
	};
	loop("fp64_fma", FMA_CHAINS, [&] { fma_loop<double><<<blocks, threads>>>(out, 1.0); });
	loop("fp32_fma", FMA_CHAINS, [&] { fma_loop<float><<<blocks, threads>>>((float *)out, 1.0f); });
	loop("dd_muladd", 8, [&] { muladd_loop<double><<<blocks, threads>>>(out, 1.0); });
	loop("df_muladd", 8, [&] { muladd_loop<float><<<blocks, threads>>>(out, 1.0f); });
	loop("dd_gemm_step", 8, [&] {
		gemm_step_loop<tf::dd_pair_arith, 8>
			<<<blocks, threads>>>(out, make_double2(1.0, 1e-17), make_double2(0.75, 1e-18));
	});
	loop("df_gemm_step", 8, [&] {
		gemm_step_loop<tf::df_arith, 16>
			<<<blocks, threads>>>(out, make_float2(1.0f, 1e-8f), make_float2(0.75f, 1e-9f));
	});
	CHECK(cudaFree(out));

	const size_t bytes = (size_t)1 << 30;
	void *a, *b;
	CHECK(cudaMalloc(&a, bytes));
	CHECK(cudaMalloc(&b, bytes));
	CHECK(cudaMemset(a, 1, bytes));
	double s = median_ms([&] {
		CHECK(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice));
	}, 11) * 1e-3;
	CHECK(cudaFree(a));
	CHECK(cudaFree(b));
	const double copy = 2.0 * bytes / s * 1e-9;
	print_ceiling("copy", (long long)bytes, s, copy, 1.0);

	const double fp64 = ceiling_of["fp64_fma"];
	s = measure_gemm(F_DOUBLE, V_PLAIN, 8192);
	print_ceiling("cublas_dgemm", 8192, s, 2.0 * 8192.0 * 8192.0 * 8192.0 / s * 1e-9,
		      2.0 * 8192.0 * 8192.0 * 8192.0 / s * 1e-9 / fp64);
	s = measure_gemv(F_DOUBLE, 'N', 16384);
	double gbs = 8.0 * (16384.0 * 16384.0 + 2.0 * 16384.0) / s * 1e-9;
	print_ceiling("cublas_dgemv", 16384, s, gbs, gbs / copy);
	s = measure_axpy(F_DOUBLE, 100000000);
	gbs = 24.0 * 1e8 / s * 1e-9;
	print_ceiling("cublas_daxpy", 100000000, s, gbs, gbs / copy);
}

/* ------------------------------------------------------------------------
 * Parts. */

static const int gemm_sizes[] = { 1024, 2048, 3072, 4096, 6144, 8192 };
static const int gemv_sizes[] = { 1024, 2048, 4096, 8192, 16384 };
static const long long vector_sizes[] = { 100000, 300000, 1000000, 3000000, 10000000,
					  30000000, 100000000 };

static void gemm_part(int largest)
{
	for (int n : gemm_sizes) {
		if (n > largest)
			break;
		for (fmt f : typed_fmts)
			measure_gemm(f, V_PLAIN, n);
		measure_gemm(F_DS, V_DSARITH, n);
	}
}

static void gemv_part(int largest)
{
	for (char trans : { 'N', 'T' })
		for (int n : gemv_sizes) {
			if (n > largest)
				break;
			for (fmt f : typed_fmts)
				measure_gemv(f, trans, n);
		}
}

static void vector_part(bool dot, long long largest)
{
	for (long long n : vector_sizes) {
		if (n > largest)
			break;
		for (fmt f : typed_fmts)
			dot ? measure_dot(f, n) : measure_axpy(f, n);
	}
}

/* dgemm_ on double device arrays in df mode against tf_dfgemm, each as a
 * fraction of the DF multiply-add ceiling. */
static void dfif_part(int largest)
{
	measure_ceilings();
	if (tf_get_mode() != TF_MODE_DF) {
		std::printf("%% dfif: TWOFOLD_MODE is %s, not df: the df interface is not measured\n",
			    tf_mode_name(tf_get_mode()));
		return;
	}
	const double ceiling = ceiling_of["df_muladd"];
	for (int n : gemm_sizes) {
		if (n > largest || (n != 2048 && n != 4096 && n != 8192))
			continue;
		double flops = 2.0 * n * (double)n * n;
		double via_dgemm = measure_gemm(F_DF, V_DGEMM_DF, n);
		double via_typed = measure_gemm(F_DF, V_PLAIN, n);
		std::printf("compare df_interface gemm %d: dgemm_ (df mode, double arrays) %.3f of the "
			    "DF ceiling, tf_dfgemm %.3f; time dgemm_/tf_dfgemm %.3f\n",
			    n, flops / via_dgemm * 1e-9 / ceiling, flops / via_typed * 1e-9 / ceiling,
			    via_dgemm / via_typed);
	}
}

static void target(const char *what, bool pass, const char *detail)
{
	std::printf("%s target %s: %s\n", pass ? "PASS" : "FAIL", what, detail);
}

/* Median time of `call` over median time of `base`, the two run in turn
 * (base, call, base, call, ...: 15 rounds after a warm-up of each), so that
 * a change of clocks or of the memory's state during the run weighs on
 * both alike.  Each time is one call and a device synchronization. */
template <class Call, class Base> static double interleaved_ratio(Call call, Base base)
{
	cudaEvent_t start, stop;
	CHECK(cudaEventCreate(&start));
	CHECK(cudaEventCreate(&stop));
	auto time = [&](auto f) { return (double)event_ms(start, stop, f); };
	time(base);
	time(call);
	std::vector<double> t_call, t_base;
	for (int round = 0; round < 15; round++) {
		t_base.push_back(time(base));
		t_call.push_back(time(call));
	}
	CHECK(cudaEventDestroy(start));
	CHECK(cudaEventDestroy(stop));
	std::sort(t_call.begin(), t_call.end());
	std::sort(t_base.begin(), t_base.end());
	return t_call[t_call.size() / 2] / t_base[t_base.size() / 2];
}

static void targets_part()
{
	measure_ceilings();
	char line[256];
	const struct {
		fmt f;
		const char *arith; /* as the rate's unit names it */
		double goal;       /* TFLOP/s */
	} gemm_goals[] = { { F_DD, "DD", 1.4 }, { F_DF, "DF", 3.4 } };
	for (const auto &goal : gemm_goals) {
		const char *name = fmt_names[goal.f];
		const double flops = 2.0 * 8192.0 * 8192.0 * 8192.0;
		const double rate = flops / measure_gemm(goal.f, V_PLAIN, 8192) * 1e-12;
		const double muladd = ceiling_of[std::string(name) + "_muladd"] * 1e-3;
		const double step = ceiling_of[std::string(name) + "_gemm_step"] * 1e-3;
		char what[64];
		std::snprintf(what, sizeof what, "tf_%sgemm n=8192", name);
		std::snprintf(line, sizeof line, "%.3f T%sFLOP/s (>= %.1f), %.3f of the %s multiply-add "
			      "ceiling %.3f", rate, goal.arith, goal.goal, rate / muladd, goal.arith, muladd);
		target(what, rate >= goal.goal, line);
		std::printf("%% %s: %.3f of its own step's ceiling (%s_gemm_step %.3f)\n", what,
			    rate / step, name, step);
	}

	const struct {
		fmt f;
		double limit;
	} bounds[] = { { F_DD, 2.05 }, { F_DS, 1.55 }, { F_DI, 1.55 } };
	for (const auto &bound : bounds) {
		const char *name = fmt_names[bound.f];
		const long long n = 100000000;
		darray x = alloc(bound.f, n, 31), y = alloc(bound.f, n, 32);
		darray dx = alloc(F_DOUBLE, n, 31), dy = alloc(F_DOUBLE, n, 32);
		double r = interleaved_ratio([&] { CHECK_TF(run_axpy(bound.f, (int)n, x, y)); },
					     [&] { CHECK_TF(run_axpy(F_DOUBLE, (int)n, dx, dy)); });
		release(x), release(y), release(dx), release(dy);
		char what[64];
		std::snprintf(what, sizeof what, "tf_%saxpy n=1e8", name);
		std::snprintf(line, sizeof line, "%.3f x the time of cuBLAS DAXPY (<= %.2f)", r,
			      bound.limit);
		target(what, r <= bound.limit, line);
		for (char trans : { 'N', 'T' }) {
			const int m = 16384;
			darray a = alloc(bound.f, (size_t)m * m, 21), vx = alloc(bound.f, m, 22),
			       vy = alloc(bound.f, m, 23);
			darray da = alloc(F_DOUBLE, (size_t)m * m, 21), dvx = alloc(F_DOUBLE, m, 22),
			       dvy = alloc(F_DOUBLE, m, 23);
			r = interleaved_ratio([&] { CHECK_TF(run_gemv(bound.f, trans, m, a, vx, vy)); },
					      [&] { CHECK_TF(run_gemv(F_DOUBLE, trans, m, da, dvx, dvy)); });
			release(a), release(vx), release(vy), release(da), release(dvx), release(dvy);
			std::snprintf(what, sizeof what, "tf_%sgemv %c n=16384", name, trans);
			std::snprintf(line, sizeof line, "%.3f x the time of cuBLAS DGEMV (<= %.2f)",
				      r, bound.limit);
			target(what, r <= bound.limit, line);
		}
	}
}

/* The largest n measured for a routine and both formats, or 0. */
static long long largest_common(const char *routine, const char *f1, const char *f2)
{
	long long best = 0;
	for (const auto &entry : seconds_of) {
		char r[32], f[32];
		long long n;
		if (std::sscanf(entry.first.c_str(), "%31s %31s %lld", r, f, &n) == 3 &&
		    std::strcmp(r, routine) == 0 && std::strcmp(f, f1) == 0 &&
		    seconds_of.count(key(routine, f2, n)))
			best = std::max(best, n);
	}
	return best;
}

static void compare(const char *what, const char *routine, const char *slow, const char *base)
{
	long long n = largest_common(routine, slow, base);
	if (n == 0)
		return;
	double r = seconds_of[key(routine, slow, n)] / seconds_of[key(routine, base, n)];
	std::printf("compare %s %s %s/%s %lld %.3f\n", what, routine, slow, base, n, r);
}

/* The research comparisons, over what this run measured (the largest n). */
/* The time of a memory-bound routine in format f over its time in format
 * base, measured in turn (interleaved_ratio): AXPY and DOT at n = 1e8, GEMV
 * at n = 16384. */
static double memory_bound_ratio(const char *routine, fmt f, fmt base)
{
	const bool gemv = routine[0] == 'g';
	const char trans = std::strcmp(routine, "gemv_t") == 0 ? 'T' : 'N';
	const long long n = gemv ? 16384 : 100000000;
	const size_t matrix = gemv ? (size_t)n * n : 1;
	darray a = alloc(f, matrix, 21), x = alloc(f, n, 22), y = alloc(f, n, 23);
	darray ba = alloc(base, matrix, 21), bx = alloc(base, n, 22), by = alloc(base, n, 23);
	tf_dd result;
	auto run = [&](fmt g, const darray &ga, const darray &gx, darray &gy) {
		if (gemv)
			CHECK_TF(run_gemv(g, trans, (int)n, ga, gx, gy));
		else if (routine[0] == 'a')
			CHECK_TF(run_axpy(g, (int)n, gx, gy));
		else
			CHECK_TF(run_dot(g, (int)n, gx, gy, &result));
	};
	double r = interleaved_ratio([&] { run(f, a, x, y); }, [&] { run(base, ba, bx, by); });
	release(a), release(x), release(y), release(ba), release(bx), release(by);
	std::printf("compare %s %s %s/%s %lld %.3f\n", base == F_DOUBLE ? "time_vs_double" : "packed_vs_soa",
		    routine, fmt_names[f], fmt_names[base], n, r);
	return r;
}

/* The research comparisons: the memory-bound routines measured in turn
 * with their base (interleaved_ratio), GEMM from the rates measured (the
 * largest n measured for both). */
static void compare_part()
{
	std::printf("%% comparisons: time ratios; memory-bound routines measured in turn with "
		    "their base, GEMM at the largest n measured for both\n");
	for (const char *routine : { "axpy", "gemv_n", "gemv_t", "dot" })
		for (fmt f : { F_DS, F_DI, F_DD })
			memory_bound_ratio(routine, f, F_DOUBLE);
	for (const char *format : { "ds", "di", "dd" })
		compare("time_vs_double", "gemm", format, "double");
	for (const char *routine : { "axpy", "gemv_n", "gemv_t", "dot" })
		memory_bound_ratio(routine, F_DSP, F_DS);
	compare("dsarith_vs_dd", "gemm", "ds_dsarith", "ds");
}

int main(int argc, char **argv)
{
	std::set<std::string> parts;
	for (int i = 1; i < argc; i++)
		parts.insert(argv[i]);
	if (parts.empty())
		parts.insert("all");
	static const char *const known[] = { "all", "quick", "ceilings", "gemm", "gemv", "axpy",
					     "dot", "dfif", "targets", "compare" };
	for (const std::string &part : parts)
		if (std::find_if(std::begin(known), std::end(known), [&](const char *k) {
			    return part == k;
		    }) == std::end(known)) {
			std::fprintf(stderr, "usage: typed_gpu [all|quick|ceilings|gemm|gemv|axpy|dot|"
					     "dfif|targets|compare]...\n");
			return 2;
		}
	const bool all = parts.count("all"), quick = parts.count("quick");
	auto wants = [&](const char *part) { return all || quick || parts.count(part); };
	/* The df interface is dgemm_ in df mode: the mode is read at the
	 * library's first call, which has not happened yet. */
	if (wants("dfif"))
		setenv("TWOFOLD_MODE", "df", 1);

	int devices = 0;
	if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
		std::fprintf(stderr, "typed_gpu: no CUDA device\n");
		return 77;
	}
	cudaDeviceProp prop;
	CHECK(cudaGetDeviceProperties(&prop, 0));
	CHECK_CUBLAS(cublasCreate(&cublas));
	std::printf("%% device %s, %d SMs; twofold %s, TWOFOLD_MODE %s\n", prop.name,
		    prop.multiProcessorCount, tf_version(), tf_mode_name(tf_get_mode()));
	std::printf("%% routine format n seconds GFLOP/s time_over_double\n");

	auto t0 = std::chrono::steady_clock::now();
	if (wants("ceilings") || wants("targets"))
		measure_ceilings();
	if (wants("gemm"))
		gemm_part(quick ? 2048 : 8192);
	if (wants("gemv"))
		gemv_part(quick ? 4096 : 16384);
	if (wants("axpy"))
		vector_part(false, quick ? 1000000 : 100000000);
	if (wants("dot"))
		vector_part(true, quick ? 1000000 : 100000000);
	if (wants("dfif"))
		dfif_part(quick ? 2048 : 8192);
	if (!quick && (all || parts.count("targets")))
		targets_part();
	if (wants("compare") || all || quick)
		compare_part();
	std::printf("%% %d sampled checks beyond their bound; %.0f s\n", checks_bad,
		    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
	CHECK_CUBLAS(cublasDestroy(cublas));
	return checks_bad ? 1 : 0;
}
