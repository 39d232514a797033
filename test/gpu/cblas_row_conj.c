/* Row-major CBLAS calls of the complex Level 2 routines whose column-major
 * view needs a conjugate (ConjTrans, the Hermitian matrices) on arrays in
 * device memory: the reference CBLAS conjugates x and y around the call,
 * and twofold must do that where the vectors are, not on the host (which
 * cannot read them).  Each call on device arrays is compared with the same
 * call on host arrays (the CPU's DD kernels, checked against the reference
 * elsewhere): within 2 ulps, both being DD sums rounded once.  Exits 77
 * where there is no GPU. */
#include "config.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/splitmix64.h"

enum { ROW = 101, UPPER = 121, LOWER = 122, NO_TRANS = 111, CONJ_TRANS = 113,
       NON_UNIT = 131, UNIT = 132 };

void cblas_zgemv(int, int, int, int, const void *, const void *, int, const void *, int,
		 const void *, void *, int);
void cblas_zgbmv(int, int, int, int, int, int, const void *, const void *, int, const void *,
		 int, const void *, void *, int);
void cblas_zhemv(int, int, int, const void *, const void *, int, const void *, int,
		 const void *, void *, int);
void cblas_zhbmv(int, int, int, int, const void *, const void *, int, const void *, int,
		 const void *, void *, int);
void cblas_zhpmv(int, int, int, const void *, const void *, const void *, int, const void *,
		 void *, int);
void cblas_ztrmv(int, int, int, int, int, const void *, int, void *, int);
void cblas_ztbmv(int, int, int, int, int, int, const void *, int, void *, int);
void cblas_ztpmv(int, int, int, int, int, const void *, void *, int);
void cblas_ztrsv(int, int, int, int, int, const void *, int, void *, int);
void cblas_ztbsv(int, int, int, int, int, int, const void *, int, void *, int);
void cblas_ztpsv(int, int, int, int, int, const void *, void *, int);

#define N 24
#define M 19
#define K 3
#define LDA (N + 3)
#define INCX 2
#define INCY (-1)
#define MATRIX (2 * (N + 3) * LDA)
#define VECTOR (2 * (N + 1) * 2)

static int failures;

enum routine { ZGEMV, ZGBMV, ZHEMV, ZHBMV, ZHPMV, ZTRMV, ZTBMV, ZTPMV, ZTRSV, ZTBSV, ZTPSV,
	       ROUTINES };
static const char *const names[] = { "cblas_zgemv", "cblas_zgbmv", "cblas_zhemv", "cblas_zhbmv",
				     "cblas_zhpmv", "cblas_ztrmv", "cblas_ztbmv", "cblas_ztpmv",
				     "cblas_ztrsv", "cblas_ztbsv", "cblas_ztpsv" };

/* The call, row major, with a conjugate in its column-major view. */
static void call(enum routine r, const double *A, const double *x, double *y, double *v)
{
	const double alpha[2] = { 0.75, -1.25 }, beta[2] = { -0.5, 0.375 };
	switch (r) {
	case ZGEMV: cblas_zgemv(ROW, CONJ_TRANS, M, N, alpha, A, LDA, x, INCX, beta, y, INCY); break;
	case ZGBMV: cblas_zgbmv(ROW, CONJ_TRANS, M, N, 2, K, alpha, A, LDA, x, INCX, beta, y, INCY); break;
	case ZHEMV: cblas_zhemv(ROW, UPPER, N, alpha, A, LDA, x, INCX, beta, y, INCY); break;
	case ZHBMV: cblas_zhbmv(ROW, LOWER, N, K, alpha, A, LDA, x, INCX, beta, y, INCY); break;
	case ZHPMV: cblas_zhpmv(ROW, UPPER, N, alpha, A, x, INCX, beta, y, INCY); break;
	case ZTRMV: cblas_ztrmv(ROW, UPPER, CONJ_TRANS, NON_UNIT, N, A, LDA, v, INCX); break;
	case ZTBMV: cblas_ztbmv(ROW, LOWER, CONJ_TRANS, NON_UNIT, N, K, A, LDA, v, INCX); break;
	case ZTPMV: cblas_ztpmv(ROW, UPPER, CONJ_TRANS, UNIT, N, A, v, INCX); break;
	case ZTRSV: cblas_ztrsv(ROW, LOWER, CONJ_TRANS, NON_UNIT, N, A, LDA, v, INCX); break;
	case ZTBSV: cblas_ztbsv(ROW, UPPER, CONJ_TRANS, NON_UNIT, N, K, A, LDA, v, INCX); break;
	case ZTPSV: cblas_ztpsv(ROW, LOWER, CONJ_TRANS, NON_UNIT, N, A, v, INCX); break;
	default: break;
	}
}

/* Where a solve's matrix keeps A(i, i) (in complex elements), so that the
 * diagonal can be made to dominate; -1 for the other routines.  A
 * row-major matrix is the column-major storage of its transpose: a
 * row-major upper band is a column-major lower one (the diagonal first in
 * each row), a row-major lower packed triangle a column-major upper one. */
static size_t diagonal(enum routine r, int i)
{
	switch (r) {
	case ZTRSV: return (size_t)i * LDA + i;
	case ZTBSV: return (size_t)i * LDA;
	case ZTPSV: return (size_t)i * (i + 1) / 2 + i;
	default: return (size_t)-1;
	}
}

static double *on_device(const double *v, size_t n)
{
	double *p;
	if (cudaMalloc((void **)&p, n * sizeof *p) != cudaSuccess ||
	    cudaMemcpy(p, v, n * sizeof *p, cudaMemcpyHostToDevice) != cudaSuccess) {
		printf("device allocation failed\n");
		exit(1);
	}
	return p;
}

static void back(double *host, const double *device, size_t n)
{
	if (cudaMemcpy(host, device, n * sizeof *host, cudaMemcpyDeviceToHost) != cudaSuccess) {
		printf("copy from the device failed\n");
		exit(1);
	}
}

/* got within 2 ulps of want, each part. */
static void compare(enum routine r, const double *got, const double *want, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		double big = fmax(fabs(got[i]), fabs(want[i]));
		double ulp = nextafter(big, INFINITY) - big;
		if (!(fabs(got[i] - want[i]) <= 2 * ulp) && failures++ < 20)
			printf("%s: element %zu: device %.17g, host %.17g\n", names[r], i, got[i],
			       want[i]);
	}
}

int main(void)
{
	int devices = 0;
	if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
		printf("no GPU\n");
		return 77;
	}
	uint64_t seed = 20261126;
	static double A[MATRIX], x[VECTOR], y[VECTOR], v[VECTOR];
	static double y_host[VECTOR], v_host[VECTOR], y_dev[VECTOR], v_dev[VECTOR];
	for (int r = 0; r < ROUTINES; r++) {
		for (size_t i = 0; i < MATRIX; i++)
			A[i] = splitmix64_sym(&seed);
		for (int i = 0; i < N; i++) {
			size_t d = diagonal((enum routine)r, i);
			if (d != (size_t)-1)
				A[2 * d] += 2.0 * N;
		}
		for (size_t i = 0; i < VECTOR; i++) {
			x[i] = splitmix64_sym(&seed);
			y[i] = splitmix64_sym(&seed);
			v[i] = splitmix64_sym(&seed);
		}
		printf("%s\n", names[r]);
		fflush(stdout); /* the routine named should the call crash */
		memcpy(y_host, y, sizeof y);
		memcpy(v_host, v, sizeof v);
		call((enum routine)r, A, x, y_host, v_host);
		double *dA = on_device(A, MATRIX), *dx = on_device(x, VECTOR);
		double *dy = on_device(y, VECTOR), *dv = on_device(v, VECTOR);
		call((enum routine)r, dA, dx, dy, dv);
		back(y_dev, dy, VECTOR);
		back(v_dev, dv, VECTOR);
		double x_after[VECTOR];
		back(x_after, dx, VECTOR);
		compare((enum routine)r, y_dev, y_host, VECTOR);
		compare((enum routine)r, v_dev, v_host, VECTOR);
		if (memcmp(x_after, x, sizeof x) != 0 && failures++ < 20)
			printf("%s: x changed\n", names[r]);
		cudaFree(dA), cudaFree(dx), cudaFree(dy), cudaFree(dv);
	}
	printf("%d routines, %d failures\n", ROUTINES, failures);
	return failures != 0;
}
