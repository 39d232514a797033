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

enum { IN = 8, OUT = 80 };

static const char *const names[OUT] = {
	"tf_two_sum", "", "tf_quick_two_sum", "", "tf_two_prod", "", "tf_split", "",
	"tf_dd_add", "", "tf_dd_add_sloppy", "", "tf_dd_add_d", "", "tf_dd_mul", "",
	"tf_dd_mul_d", "", "tf_dd_fma", "", "tf_dd_to_double",
	"tf_two_sum_f", "", "tf_quick_two_sum_f", "", "tf_two_prod_f", "", "tf_df_add", "",
	"tf_df_add_sloppy", "", "tf_df_mul", "", "tf_df_mul_f", "", "tf_df_fma", "",
	"tf_df_from_double", "", "tf_df_to_double",
	"tf_ds_from_dd", "", "tf_ds_to_dd", "",
	"tf_di_encode", "tf_di_decode", "tf_di_from_dd", "", "tf_di_to_dd", "",
	"tf_ts_renorm", "", "", "tf_ts_add", "", "", "tf_ts_mul", "", "", "tf_ts_from_double", "", "",
	"tf_ts_to_double", "tf_ts_from_dd", "", "", "tf_ts_to_dd", "",
};

// Every result for the operands in[0..IN), into out[0..OUT): no arithmetic
// here but the headers'.
__host__ __device__ static void every_function(const double *in, double *o)
{
	tf_dd a = tf_dd_make(in[0], in[1]), b = tf_dd_make(in[2], in[3]), r;
	double c = in[4], d = in[5];
	float fa = (float)in[0], fb = (float)in[2], fc = (float)in[4];
	tf_df x = tf_df_make((float)in[0], (float)in[6]), y = tf_df_make((float)in[2], (float)in[7]), f;
	tf_ts s = tf_ts_make((float)in[0], (float)in[6], (float)in[1]);
	tf_ts t = tf_ts_make((float)in[2], (float)in[7], (float)in[3]), w;
	tf_ds ds;
	tf_di di;
	int k = 0;
#define DD(e) (r = (e), o[k++] = r.hi, o[k++] = r.lo)
#define DF(e) (f = (e), o[k++] = f.hi, o[k++] = f.lo)
#define TS(e) (w = (e), o[k++] = w.x, o[k++] = w.y, o[k++] = w.z)
	DD(tf_two_sum(a.hi, b.hi));
	DD(tf_quick_two_sum(a.hi, b.hi));
	DD(tf_two_prod(a.hi, c));
	DD(tf_split(d));
	DD(tf_dd_add(a, b));
	DD(tf_dd_add_sloppy(a, b));
	DD(tf_dd_add_d(a, c));
	DD(tf_dd_mul(a, b));
	DD(tf_dd_mul_d(a, c));
	DD(tf_dd_fma(a, c, d));
	o[k++] = tf_dd_to_double(a);
	DF(tf_two_sum_f(fa, fb));
	DF(tf_quick_two_sum_f(fa, fb));
	DF(tf_two_prod_f(fa, fc));
	DF(tf_df_add(x, y));
	DF(tf_df_add_sloppy(x, y));
	DF(tf_df_mul(x, y));
	DF(tf_df_mul_f(x, fc));
	DF(tf_df_fma(x, fb, fc));
	DF(tf_df_from_double(d));
	o[k++] = tf_df_to_double(x);
	ds = tf_ds_from_dd(a);
	o[k++] = ds.hi;
	o[k++] = ds.lo;
	DD(tf_ds_to_dd(tf_ds_make(b.hi, fc)));
	o[k++] = tf_di_encode(d);
	o[k++] = tf_di_decode((int32_t)(uint32_t)tf_di_encode(c));
	di = tf_di_from_dd(b);
	o[k++] = di.hi;
	o[k++] = di.lo;
	DD(tf_di_to_dd(tf_di_make(c, tf_di_encode(d))));
	TS(tf_ts_renorm(fa, fb, fc));
	TS(tf_ts_add(s, t));
	TS(tf_ts_mul(s, t));
	TS(tf_ts_from_double(d));
	o[k++] = tf_ts_to_double(s);
	TS(tf_ts_from_dd(a));
	DD(tf_ts_to_dd(s));
#undef DD
#undef DF
#undef TS
	while (k < OUT)
		o[k++] = 0;
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
	long differ[OUT] = {0}, total = 0;
	for (long i = 0; i < n; i++)
		for (int k = 0; k < OUT; k++) {
			double g = gpu[OUT * i + k], h = cpu[OUT * i + k];
			if (g != g && h != h)
				continue;
			if (to_bits(g) != to_bits(h)) {
				if (total < 10) {
					const double *p = in + IN * i;
					int f = k;
					while (f > 0 && names[f][0] == 0)
						f--;
					printf("DIFFERENT %s (word %d): operands %a %a %a %a %a %a %a %a: "
					       "device %a, host %a\n",
					       names[f], k - f, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], g, h);
				}
				differ[k]++;
				total++;
			}
		}
	for (int k = 0; k < OUT; k++)
		if (names[k] && names[k][0]) {
			long m = differ[k];
			for (int j = k + 1; j < OUT && names[j] && names[j][0] == 0; j++)
				m += differ[j];
			printf("%-20s %ld cases  %s\n", names[k], n, m ? "DIFFERENT" : "identical");
		}
	printf("%s: %ld sets of operands on %s: %s\n", total ? "FAIL" : "PASS", n, prop.name,
	       total ? "the device's results differ from the host's" : "device and host agree bit for bit");
	return total ? 1 : 0;
}
