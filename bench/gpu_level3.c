/* dd-mode Level 3 on the GPU, device arrays: the routines that run as real
 * GEMMs (src/gpu/real_form.h) against dd dgemm_ of the same n, measured in
 * the same run.
 *
 *   gpu_level3 N...
 *
 * Per N one line per routine: seconds (median of 3 calls after a warm-up),
 * TFLOP/s by the routine's own flop count (dsymm 2n^3, dtrmm n^3, dsyrk
 * n^2 (n+1), dsyr2k 2 n^2 (n+1); a complex routine 4 times its real
 * twin's, zgemm 8n^3), and that rate over dgemm_'s.  The complex routines
 * with alpha = (1, 0.5) and beta = (0.5, -1) (zherk: 1 and 0.5; ztrmm has
 * no beta), and zgemm also with alpha 1, beta 0.  Elements uniform in
 * [-1, 1), C (B of dtrmm and ztrmm) put back before every call, outside
 * its time. */
#include "config.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "bench/wall_clock.h"
#include "test/splitmix64.h"

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
	    const double *, const int *, const double *, const int *, const double *, double *,
	    const int *, size_t, size_t);
void zgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
	    const double *, const int *, const double *, const int *, const double *, double *,
	    const int *, size_t, size_t);
void zsymm_(const char *, const char *, const int *, const int *, const double *, const double *,
	    const int *, const double *, const int *, const double *, double *, const int *, size_t,
	    size_t);
void zhemm_(const char *, const char *, const int *, const int *, const double *, const double *,
	    const int *, const double *, const int *, const double *, double *, const int *, size_t,
	    size_t);
void ztrmm_(const char *, const char *, const char *, const char *, const int *, const int *,
	    const double *, const double *, const int *, double *, const int *, size_t, size_t,
	    size_t, size_t);
void zsyrk_(const char *, const char *, const int *, const int *, const double *, const double *,
	    const int *, const double *, double *, const int *, size_t, size_t);
void zherk_(const char *, const char *, const int *, const int *, const double *, const double *,
	    const int *, const double *, double *, const int *, size_t, size_t);
void zsyr2k_(const char *, const char *, const int *, const int *, const double *, const double *,
	     const int *, const double *, const int *, const double *, double *, const int *,
	     size_t, size_t);
void zher2k_(const char *, const char *, const int *, const int *, const double *, const double *,
	     const int *, const double *, const int *, const double *, double *, const int *,
	     size_t, size_t);
void dsymm_(const char *, const char *, const int *, const int *, const double *, const double *,
	    const int *, const double *, const int *, const double *, double *, const int *, size_t,
	    size_t);
void dtrmm_(const char *, const char *, const char *, const char *, const int *, const int *,
	    const double *, const double *, const int *, double *, const int *, size_t, size_t,
	    size_t, size_t);
void dsyrk_(const char *, const char *, const int *, const int *, const double *, const double *,
	    const int *, const double *, double *, const int *, size_t, size_t);
void dsyr2k_(const char *, const char *, const int *, const int *, const double *, const double *,
	     const int *, const double *, const int *, const double *, double *, const int *,
	     size_t, size_t);

static int n;
static double *a, *b, *c; /* device, 2 n^2 doubles each (room for complex) */
static double *c_fresh;   /* C's first elements, put back before every call */
static const double one[2] = { 1.0, 0.0 }, zero[2] = { 0.0, 0.0 };
static const double alpha[2] = { 1.0, 0.5 }, beta[2] = { 0.5, -1.0 };

/* Every call sees the same uniform C (dtrmm and ztrmm write B in place):
 * put back before the call, outside its time. */
static void fresh_c(void)
{
	cudaMemcpy(c, c_fresh, 2 * (size_t)n * n * sizeof *c, cudaMemcpyDeviceToDevice);
	cudaDeviceSynchronize();
}

static void run(int routine)
{
	switch (routine) {
	case 0: dgemm_("N", "N", &n, &n, &n, one, a, &n, b, &n, zero, c, &n, 1, 1); break;
	case 1: dsymm_("L", "U", &n, &n, one, a, &n, b, &n, zero, c, &n, 1, 1); break;
	case 2: dtrmm_("L", "U", "N", "N", &n, &n, one, a, &n, c, &n, 1, 1, 1, 1); break;
	case 3: dsyrk_("U", "N", &n, &n, one, a, &n, zero, c, &n, 1, 1); break;
	case 4: dsyr2k_("U", "N", &n, &n, one, a, &n, b, &n, zero, c, &n, 1, 1); break;
	case 5: zgemm_("N", "N", &n, &n, &n, one, a, &n, b, &n, zero, c, &n, 1, 1); break;
	case 6: zgemm_("N", "N", &n, &n, &n, alpha, a, &n, b, &n, beta, c, &n, 1, 1); break;
	case 7: zsymm_("L", "U", &n, &n, alpha, a, &n, b, &n, beta, c, &n, 1, 1); break;
	case 8: zhemm_("L", "U", &n, &n, alpha, a, &n, b, &n, beta, c, &n, 1, 1); break;
	case 9: ztrmm_("L", "U", "N", "N", &n, &n, alpha, a, &n, c, &n, 1, 1, 1, 1); break;
	case 10: zsyrk_("U", "N", &n, &n, alpha, a, &n, beta, c, &n, 1, 1); break;
	case 11: zherk_("U", "N", &n, &n, alpha, a, &n, beta, c, &n, 1, 1); break;
	case 12: zsyr2k_("U", "N", &n, &n, alpha, a, &n, b, &n, beta, c, &n, 1, 1); break;
	case 13: zher2k_("U", "N", &n, &n, alpha, a, &n, b, &n, beta, c, &n, 1, 1); break;
	}
	cudaDeviceSynchronize();
}

static int compare(const void *x, const void *y)
{
	double p = *(const double *)x, q = *(const double *)y;
	return (p > q) - (p < q);
}

int main(int argc, char **argv)
{
	static const char *const names[] = { "dgemm", "dsymm", "dtrmm", "dsyrk", "dsyr2k",
					     "zgemm1", "zgemm", "zsymm", "zhemm", "ztrmm",
					     "zsyrk", "zherk", "zsyr2k", "zher2k" };
	enum { ROUTINES = sizeof names / sizeof *names };
	uint64_t state = 42;
	printf("%-8s %6s %10s %8s %8s\n", "routine", "n", "seconds", "TFLOP/s", "/dgemm");
	for (int arg = 1; arg < argc; arg++) {
		n = atoi(argv[arg]);
		size_t count = 2 * (size_t)n * n;
		double *h = malloc(count * sizeof *h);
		for (size_t i = 0; i < count; i++)
			h[i] = splitmix64_sym(&state);
		if (cudaMalloc((void **)&a, count * 8) || cudaMalloc((void **)&b, count * 8) ||
		    cudaMalloc((void **)&c, count * 8) || cudaMalloc((void **)&c_fresh, count * 8)) {
			fprintf(stderr, "device memory for n = %d\n", n);
			return 1;
		}
		cudaMemcpy(a, h, count * 8, cudaMemcpyHostToDevice);
		cudaMemcpy(b, h, count * 8, cudaMemcpyHostToDevice);
		cudaMemcpy(c_fresh, h, count * 8, cudaMemcpyHostToDevice);
		double nn = n, flops[ROUTINES] = { 2 * nn * nn * nn, 2 * nn * nn * nn, nn * nn * nn,
						   nn * nn * (nn + 1), 2 * nn * nn * (nn + 1) };
		static const int twin[ROUTINES] = { 0, 1, 2, 3, 4, 0, 0, 1, 1, 2, 3, 3, 4, 4 };
		for (int r = 5; r < ROUTINES; r++) /* complex: 4 times the real twin's */
			flops[r] = 4 * flops[twin[r]];
		double dgemm_rate = 0;
		for (int r = 0; r < ROUTINES; r++) {
			double t[3];
			fresh_c();
			run(r);
			for (int i = 0; i < 3; i++) {
				fresh_c();
				double t0 = bench_now();
				run(r);
				t[i] = bench_now() - t0;
			}
			qsort(t, 3, sizeof *t, compare);
			double rate = flops[r] / t[1] / 1e12;
			if (r == 0)
				dgemm_rate = rate;
			printf("%-8s %6d %10.4f %8.2f %8.2f\n", names[r], n, t[1], rate, rate / dgemm_rate);
		}
		cudaFree(a), cudaFree(b), cudaFree(c), cudaFree(c_fresh);
		free(h);
	}
	return 0;
}
