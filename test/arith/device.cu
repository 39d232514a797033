// The two-term arithmetic on the device: every function of the headers,
// compiled as CUDA from the same source as on the host, must give the same
// bits on the GPU as on the host.  One __host__ __device__ function computes
// every result for one set of operands; a kernel runs it on the GPU, a loop
// on the host, and the two are compared bit for bit (all NaNs counting as
// one value: their sign and payload are not specified).
//
//   device            exit 0: identical; 1: different; 77: no GPU
//   device --cases N  N sets of operands (default 1 << 20)
//
// test/arith/device.sh compiles it (the compile check) and runs it where
// there is a GPU.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <cuda_runtime.h>

#include "twofold/arith_dd.h"
#include "twofold/arith_df.h"
#include "twofold/arith_ds.h"
#include "twofold/arith_di.h"
#include "twofold/arith_ts.h"

// Every function of the headers, and the operands of one set it is called
// on: F(function, (arguments)).  The kernel, the host loop and the report
// all expand this one list.
#define EVERY_FUNCTION(F)                                         \
	F(tf_two_sum, (a.hi, b.hi))                               \
	F(tf_quick_two_sum, (a.hi, b.hi))                         \
	F(tf_two_prod, (a.hi, c))                                 \
	F(tf_split, (d))                                          \
	F(tf_dd_add, (a, b))                                      \
	F(tf_dd_add_sloppy, (a, b))                               \
	F(tf_dd_add_d, (a, c))                                    \
	F(tf_dd_mul, (a, b))                                      \
	F(tf_dd_mul_d, (a, c))                                    \
	F(tf_dd_div_d, (a, c))                                    \
	F(tf_dd_recip, (b))                                       \
	F(tf_dd_fma, (a, c, d))                                   \
	F(tf_dd_fma_lazy, (a, c, d))                              \
	F(tf_dd_renormalize, (tf_dd_fma_lazy(a, c, d)))           \
	F(tf_dd_to_double, (a))                                   \
	F(tf_two_sum_f, (fa, fb))                                 \
	F(tf_quick_two_sum_f, (fa, fb))                           \
	F(tf_two_prod_f, (fa, fc))                                \
	F(tf_df_add, (x, y))                                      \
	F(tf_df_add_sloppy, (x, y))                               \
	F(tf_df_mul, (x, y))                                      \
	F(tf_df_mul_f, (x, fc))                                   \
	F(tf_df_fma, (x, fb, fc))                                 \
	F(tf_df_from_double, (d))                                 \
	F(tf_df_to_double, (x))                                   \
	F(tf_ds_from_dd, (a))                                     \
	F(tf_ds_to_dd, (tf_ds_make(b.hi, fc)))                    \
	F(tf_di_encode, (d))                                      \
	F(tf_di_decode, ((int32_t)(uint32_t)tf_di_encode(c)))     \
	F(tf_di_from_dd, (b))                                     \
	F(tf_di_to_dd, (tf_di_make(c, tf_di_encode(d))))          \
	F(tf_ts_renorm, (fa, fb, fc))                             \
	F(tf_ts_add, (s, t))                                      \
	F(tf_ts_mul, (s, t))                                      \
	F(tf_ts_from_double, (d))                                 \
	F(tf_ts_to_double, (s))                                   \
	F(tf_ts_from_dd, (a))                                     \
	F(tf_ts_to_dd, (s))

#define NAME(function, arguments) #function,
static const char *const names[] = {EVERY_FUNCTION(NAME)};
#undef NAME

// IN operands a set; each result in WORDS slots of the output, its words
// first, then zeros.
enum { IN = 8, WORDS = 3, FUNCTIONS = sizeof names / sizeof names[0], OUT = WORDS * FUNCTIONS };

__host__ __device__ static void put(double *o, double r)
{
	o[0] = r;
}

__host__ __device__ static void put(double *o, int32_t r)
{
	o[0] = r;
}

// The formats of two words, hi and lo: DD, DF, DS, DI.
template <class T> __host__ __device__ static void put(double *o, T r)
{
	o[0] = r.hi;
	o[1] = r.lo;
}

__host__ __device__ static void put(double *o, tf_ts r)
{
	o[0] = r.x;
	o[1] = r.y;
	o[2] = r.z;
}

// Every result for the operands in[0..IN), into out[0..OUT): no arithmetic
// here but the headers'.
__host__ __device__ static void every_function(const double *in, double *o)
{
	tf_dd a = tf_dd_make(in[0], in[1]), b = tf_dd_make(in[2], in[3]);
	double c = in[4], d = in[5];
	float fa = (float)in[0], fb = (float)in[2], fc = (float)in[4];
	tf_df x = tf_df_make((float)in[0], (float)in[6]), y = tf_df_make((float)in[2], (float)in[7]);
	tf_ts s = tf_ts_make((float)in[0], (float)in[6], (float)in[1]);
	tf_ts t = tf_ts_make((float)in[2], (float)in[7], (float)in[3]);
	for (int k = 0; k < OUT; k++)
		o[k] = 0;
#define CALL(function, arguments)           \
	{                                   \
		put(o, function arguments); \
		o += WORDS;                 \
	}
	EVERY_FUNCTION(CALL)
#undef CALL
}

__global__ static void every_function_kernel(const double *in, double *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		every_function(in + (size_t)IN * i, out + (size_t)OUT * i);
}

// ---- operands: splitmix64, fixed seed ----

static uint64_t state = 0x7466646576ull;

static uint64_t next()
{
	uint64_t z = (state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static double from_bits(uint64_t b)
{
	double x;
	memcpy(&x, &b, sizeof x);
	return x;
}

static uint64_t to_bits(double x)
{
	uint64_t b;
	memcpy(&b, &x, sizeof b);
	return b;
}

// A double with its exponent in [lo, hi] (biased), its fraction random or
// from a boundary pattern; now and then a special value.
static double operand(int lo, int hi)
{
	static const double special[] = {0.0, -0.0, 1.0, 0x1p-1074, 0x1p-1022, 0x1p-149, 0x1p-126,
					 3.4028234663852886e38, 1.7976931348623157e308,
					 __builtin_inf(), -__builtin_inf(), __builtin_nan("")};
	uint64_t r = next(), fraction = next() & ((1ull << 52) - 1);
	if (r % 32 == 0)
		return special[(r >> 8) % (sizeof special / sizeof special[0])];
	switch ((r >> 8) % 8) {
	case 0:
		fraction = 0;
		break;
	case 1:
		fraction = (1ull << 52) - 1;
		break;
	case 2:
		fraction &= ~((1ull << 29) - 1); /* a float's worth of bits */
		break;
	}
	return from_bits((r >> 63) << 63 | (uint64_t)(lo + (int)((r >> 16) % (hi - lo + 1))) << 52 | fraction);
}

int main(int argc, char **argv)
{
	long n = 1 << 20;
	if (argc == 3 && strcmp(argv[1], "--cases") == 0)
		n = atol(argv[2]);
	int devices = 0;
	if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
		printf("SKIP: no CUDA device\n");
		return 77;
	}
	cudaDeviceProp prop;
	cudaGetDeviceProperties(&prop, 0);
	double *in = (double *)malloc(sizeof(double) * IN * n);
	double *gpu = (double *)malloc(sizeof(double) * OUT * n);
	double *cpu = (double *)malloc(sizeof(double) * OUT * n);
	for (long i = 0; i < n; i++) {
		double *p = in + IN * i;
		// Double-range hi words, low words 2^-53 to 2^-80 below them
		// (or unrelated, now and then), float-range low words for DF/TS.
		p[0] = operand(1023 - 200, 1023 + 120);
		p[2] = next() % 4 ? operand(1023 - 200, 1023 + 120) : -p[0];
		p[1] = operand(to_bits(p[0]) >> 52 & 0x7ff, to_bits(p[0]) >> 52 & 0x7ff) * 0x1p-60;
		p[3] = operand(to_bits(p[2]) >> 52 & 0x7ff, to_bits(p[2]) >> 52 & 0x7ff) * 0x1p-56;
		p[4] = operand(1023 - 140, 1023 + 126);
		p[5] = next() % 2 ? operand(1, 2046) : operand(1023 - 160, 1023 + 128);
		p[6] = (float)(p[0] * 0x1p-30);
		p[7] = (float)(p[2] * 0x1p-27);
	}
	double *d_in, *d_out;
	if (cudaMalloc(&d_in, sizeof(double) * IN * n) != cudaSuccess ||
	    cudaMalloc(&d_out, sizeof(double) * OUT * n) != cudaSuccess) {
		printf("FAIL: cudaMalloc\n");
		return 1;
	}
	cudaMemcpy(d_in, in, sizeof(double) * IN * n, cudaMemcpyHostToDevice);
	every_function_kernel<<<(unsigned)((n + 127) / 128), 128>>>(d_in, d_out, (int)n);
	cudaError_t e = cudaDeviceSynchronize();
	if (e != cudaSuccess) {
		printf("FAIL: kernel: %s\n", cudaGetErrorString(e));
		return 1;
	}
	cudaMemcpy(gpu, d_out, sizeof(double) * OUT * n, cudaMemcpyDeviceToHost);
	for (long i = 0; i < n; i++)
		every_function(in + IN * i, cpu + OUT * i);
	long differ[FUNCTIONS] = {0}, total = 0;
	for (long i = 0; i < n; i++)
		for (int k = 0; k < OUT; k++) {
			double g = gpu[OUT * i + k], h = cpu[OUT * i + k];
			if (g != g && h != h)
				continue;
			if (to_bits(g) != to_bits(h)) {
				if (total < 10) {
					const double *p = in + IN * i;
					printf("DIFFERENT %s (word %d): operands %a %a %a %a %a %a %a %a: "
					       "device %a, host %a\n",
					       names[k / WORDS], k % WORDS, p[0], p[1], p[2], p[3], p[4], p[5],
					       p[6], p[7], g, h);
				}
				differ[k / WORDS]++;
				total++;
			}
		}
	for (int f = 0; f < FUNCTIONS; f++)
		printf("%-20s %ld cases  %s\n", names[f], n, differ[f] ? "DIFFERENT" : "identical");
	printf("%s: %ld sets of operands on %s: %s\n", total ? "FAIL" : "PASS", n, prop.name,
	       total ? "the device's results differ from the host's" : "device and host agree bit for bit");
	return total ? 1 : 0;
}
