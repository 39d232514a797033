/* Level 3 routines on device arrays in the modes but dd (TWOFOLD_MODE set
 * by test/gpu/level3_modes.sh): the GPU computes none of them but dgemm
 * there, so each must run on host copies, by the CPU BLAS, and give the
 * bits of the same call on host arrays, instead of handing device
 * pointers to the CPU.  Exits 77 where there is no GPU. */
#include "config.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dsymm_(const char *, const char *, const int *, const int *, const double *, const double *,
	    const int *, const double *, const int *, const double *, double *, const int *, size_t,
	    size_t);
void dsyrk_(const char *, const char *, const int *, const int *, const double *, const double *,
	    const int *, const double *, double *, const int *, size_t, size_t);
void dtrmm_(const char *, const char *, const char *, const char *, const int *, const int *,
	    const double *, const double *, const int *, double *, const int *, size_t, size_t, size_t,
	    size_t);
void dtrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
	    const double *, const double *, const int *, double *, const int *, size_t, size_t, size_t,
	    size_t);
void zgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
	    const double *, const int *, const double *, const int *, const double *, double *,
	    const int *, size_t, size_t);
void zherk_(const char *, const char *, const int *, const int *, const double *, const double *,
	    const int *, const double *, double *, const int *, size_t, size_t);
void ztrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
	    const double *, const double *, const int *, double *, const int *, size_t, size_t, size_t,
	    size_t);

#define N 40 /* every matrix N x N, complex ones 2 N x N doubles */

static int failures;

/* The inputs a and b (a with a heavy diagonal, for the solves) and the
 * output c, the same in host and device memory. */
struct arrays {
	double *a, *b, *c;
};

static double *on_device(const double *v)
{
	double *p;
	if (cudaMalloc((void **)&p, 2 * N * N * sizeof *p) != cudaSuccess ||
	    cudaMemcpy(p, v, 2 * N * N * sizeof *p, cudaMemcpyHostToDevice) != cudaSuccess) {
		printf("device allocation failed\n");
		exit(1);
	}
	return p;
}

enum routine { DSYMM, DSYRK, DTRMM, DTRSM, ZGEMM, ZHERK, ZTRSM, ROUTINES };
static const char *const names[ROUTINES] = { "dsymm_", "dsyrk_", "dtrmm_", "dtrsm_",
					     "zgemm_", "zherk_", "ztrsm_" };

static void call(enum routine r, const struct arrays *x)
{
	const int n = N;
	const double alpha[2] = { 0.75, -0.5 }, beta[2] = { -1.25, 0.25 };
	switch (r) {
	case DSYMM: dsymm_("L", "U", &n, &n, alpha, x->a, &n, x->b, &n, beta, x->c, &n, 1, 1); break;
	case DSYRK: dsyrk_("L", "T", &n, &n, alpha, x->a, &n, beta, x->c, &n, 1, 1); break;
	case DTRMM: dtrmm_("R", "U", "N", "N", &n, &n, alpha, x->a, &n, x->c, &n, 1, 1, 1, 1); break;
	case DTRSM: dtrsm_("L", "L", "T", "N", &n, &n, alpha, x->a, &n, x->c, &n, 1, 1, 1, 1); break;
	case ZGEMM: zgemm_("C", "N", &n, &n, &n, alpha, x->a, &n, x->b, &n, beta, x->c, &n, 1, 1); break;
	case ZHERK: zherk_("U", "N", &n, &n, alpha, x->a, &n, beta, x->c, &n, 1, 1); break;
	case ZTRSM: ztrsm_("R", "U", "C", "N", &n, &n, alpha, x->a, &n, x->c, &n, 1, 1, 1, 1); break;
	default: break;
	}
}

int main(void)
{
	int count = 0;
	if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
		printf("SKIP: no GPU\n");
		return 77;
	}
	static double a[2 * N * N], b[2 * N * N], c[2 * N * N], host_c[2 * N * N], device_c[2 * N * N];
	unsigned seed = 5u;
	for (int i = 0; i < 2 * N * N; i++) {
		a[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
		b[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
		c[i] = (double)rand_r(&seed) / RAND_MAX - 0.5;
	}
	for (int i = 0; i < N; i++) /* real (0) and complex (2) diagonal: far from singular */
		a[i * (N + 1)] += 4.0, a[2 * i * (N + 1)] += 4.0;
	const struct arrays device = { on_device(a), on_device(b), on_device(c) };
	for (int r = 0; r < ROUTINES; r++) {
		memcpy(host_c, c, sizeof c);
		const struct arrays host = { a, b, host_c };
		call((enum routine)r, &host);
		cudaMemcpy(device.c, c, sizeof c, cudaMemcpyHostToDevice);
		call((enum routine)r, &device);
		cudaMemcpy(device_c, device.c, sizeof device_c, cudaMemcpyDeviceToHost);
		if (memcmp(host_c, device_c, sizeof host_c) != 0) {
			failures++;
			printf("%s: device arrays gave other bits than host arrays\n", names[r]);
		}
	}
	cudaFree(device.a), cudaFree(device.b), cudaFree(device.c);
	printf("%s\n", failures ? "FAILED"
				: "device arrays: every routine gave the bits of host arrays");
	return failures != 0;
}
