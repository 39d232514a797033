/* dgemm_ on the GPUs of TWOFOLD_DEVICE: prints one line per case, its name
 * and a hash of C's bits, for test/devices/gpu.sh to compare between
 * TWOFOLD_DEVICE=0, 0,0 and all (the same bits whatever the GPUs); each
 * case is also checked, on sampled elements, against a double product's
 * error bound, so that a wrong C fails here as well.  Host arrays, and
 * device arrays (cudaMalloc), several shapes and transposes, beta zero and
 * not, and rows and columns of wide exponent ranges (the split engine's
 * capped rows).  Exit status: the number of failed cases. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime_api.h>
#include "test/f77_blas.h"

static uint64_t state = 0x9e3779b97f4a7c15u;

static double uniform(void)
{
	state ^= state << 13, state ^= state >> 7, state ^= state << 17;
	return (double)(state >> 11) / 9007199254740992.0 * 2.0 - 1.0;
}

static uint64_t hash(const double *c, int m, int n, int ldc)
{
	uint64_t h = 1469598103934665603u;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			uint64_t bits;
			memcpy(&bits, &c[i + (size_t)j * ldc], sizeof bits);
			for (int b = 0; b < 8; b++)
				h = (h ^ ((bits >> (8 * b)) & 0xff)) * 1099511628211u;
		}
	return h;
}

struct shape {
	char transa, transb;
	int m, n, k;
	double beta;
	int wide; /* a few rows of A spanning 2^-60 to 2^60 */
};

/* Elements of C checked against |C - C_double| <= 2 (k+2) eps (|alpha|
 * |A||B| + |beta||C|), with C_double summed in double here. */
static int check(const struct shape *s, double alpha, const double *a, int lda, const double *b,
		 int ldb, const double *c0, const double *c, int ldc)
{
	for (int sample = 0; sample < 300; sample++) {
		int i = (int)((uniform() + 1) / 2 * s->m) % s->m, j = (int)((uniform() + 1) / 2 * s->n) % s->n;
		double sum = 0, bound = 0;
		for (int l = 0; l < s->k; l++) {
			double x = s->transa == 'N' ? a[i + (size_t)l * lda] : a[l + (size_t)i * lda];
			double y = s->transb == 'N' ? b[l + (size_t)j * ldb] : b[j + (size_t)l * ldb];
			sum += x * y;
			bound += fabs(x * y);
		}
		double expect = alpha * sum + s->beta * c0[i + (size_t)j * ldc];
		double tolerance = 2.0 * (s->k + 2) * 0x1p-52 *
				   (fabs(alpha) * bound + fabs(s->beta * c0[i + (size_t)j * ldc]));
		double got = c[i + (size_t)j * ldc];
		if (!(fabs(got - expect) <= tolerance)) {
			printf("FAIL: C(%d,%d) = %.17g, expected %.17g within %.3g\n", i, j, got, expect,
			       tolerance);
			return 1;
		}
	}
	return 0;
}

static int run_case(const struct shape *s, int device)
{
	int rows_a = s->transa == 'N' ? s->m : s->k, cols_a = s->transa == 'N' ? s->k : s->m;
	int rows_b = s->transb == 'N' ? s->k : s->n, cols_b = s->transb == 'N' ? s->n : s->k;
	int lda = rows_a + 3, ldb = rows_b + 1, ldc = s->m + 2;
	size_t na = (size_t)lda * cols_a, nb = (size_t)ldb * cols_b, nc = (size_t)ldc * s->n;
	double *a = malloc(na * sizeof *a), *b = malloc(nb * sizeof *b);
	double *c = malloc(nc * sizeof *c), *c0 = malloc(nc * sizeof *c0);
	if (!a || !b || !c || !c0)
		return printf("FAIL: out of memory\n"), 1;
	for (size_t x = 0; x < na; x++)
		a[x] = uniform();
	for (size_t x = 0; x < nb; x++)
		b[x] = uniform();
	for (size_t x = 0; x < nc; x++)
		c0[x] = c[x] = uniform();
	if (s->wide)
		for (int i = 0; i < s->m; i += 97)
			for (int l = 0; l < s->k; l++) {
				double *x = s->transa == 'N' ? &a[i + (size_t)l * lda] : &a[l + (size_t)i * lda];
				*x = ldexp(*x, (l % 121) - 60);
			}
	double alpha = 0.75;
	double *da = a, *db = b, *dc = c;
	if (device) {
		if (cudaMalloc((void **)&da, na * sizeof *a) || cudaMalloc((void **)&db, nb * sizeof *b) ||
		    cudaMalloc((void **)&dc, nc * sizeof *c) ||
		    cudaMemcpy(da, a, na * sizeof *a, cudaMemcpyHostToDevice) ||
		    cudaMemcpy(db, b, nb * sizeof *b, cudaMemcpyHostToDevice) ||
		    cudaMemcpy(dc, c, nc * sizeof *c, cudaMemcpyHostToDevice))
			return printf("FAIL: device copies\n"), 1;
	}
	dgemm_(&s->transa, &s->transb, &s->m, &s->n, &s->k, &alpha, da, &lda, db, &ldb, &s->beta, dc,
	       &ldc, 1, 1);
	if (device) {
		if (cudaMemcpy(c, dc, nc * sizeof *c, cudaMemcpyDeviceToHost))
			return printf("FAIL: device copy back\n"), 1;
		cudaFree(da), cudaFree(db), cudaFree(dc);
	}
	int failed = check(s, alpha, a, lda, b, ldb, c0, c, ldc);
	printf("%s %c%c m=%d n=%d k=%d beta=%g%s %016llx\n", device ? "device" : "host", s->transa,
	       s->transb, s->m, s->n, s->k, s->beta, s->wide ? " wide" : "",
	       (unsigned long long)hash(c, s->m, s->n, ldc));
	free(a), free(b), free(c), free(c0);
	return failed;
}

int main(int argc, char **argv)
{
	static const struct shape shapes[] = {
		{ 'N', 'N', 700, 1300, 500, 0.5, 0 },
		{ 'T', 'N', 513, 2100, 300, 0.0, 0 },
		{ 'N', 'T', 640, 1800, 257, -1.0, 1 },
		{ 'T', 'T', 300, 2600, 129, 0.25, 0 },
		{ 'N', 'N', 2048, 4096, 2048, 1.0, 0 }, /* above the cost model's threshold */
	};
	int count = (int)(sizeof shapes / sizeof shapes[0]), failed = 0;
	if (argc > 1 && strcmp(argv[1], "small") == 0)
		count--;
	for (int device = 0; device < 2; device++)
		for (int i = 0; i < count; i++)
			failed += run_case(&shapes[i], device);
	return failed;
}
