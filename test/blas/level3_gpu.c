#include "config.h"

/* The Level 3 routines that the GPU runs as real GEMMs (src/gpu/real_form.h):
 * zgemm_ (real alpha and beta), dsymm_, dtrmm_, dsyrk_, dsyr2k_, on host
 * arrays (the GPU forced: test/gpu/forced.sh) and on device arrays, judged
 * against MPFR (test/blas/exact.h) in dd mode, with orders below and above
 * the one from which dtrmm, dsyrk and dsyr2k are cut into two GEMMs; beta =
 * 0 over NaN in C (it
 * must not be read), the triangle of C that dsyrk and dsyr2k must not write
 * checked bit for bit.  Run by test/blas/run.sh PROGRAM dd. */
#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/blas/exact.h"
#include "test/blas/harness.h"

void zgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
	    const double *, const int *, const double *, const int *, const double *, double *,
	    const int *, size_t, size_t);
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

static struct ex_sum sum;
static int on_device; /* arrays in device memory for this case */

/* A copy of host data in device memory (or the host data itself). */
static double *place(const double *h, size_t doubles)
{
	if (!on_device)
		return (double *)h;
	double *d;
	if (cudaMalloc((void **)&d, doubles * sizeof *d + 8) != cudaSuccess ||
	    cudaMemcpy(d, h, doubles * sizeof *d, cudaMemcpyHostToDevice) != cudaSuccess) {
		printf("harness error: device memory\n");
		exit(99);
	}
	return d;
}

static void fetch(double *h, double *d, size_t doubles)
{
	if (!on_device)
		return;
	if (cudaMemcpy(h, d, doubles * sizeof *h, cudaMemcpyDeviceToHost) != cudaSuccess) {
		printf("harness error: device memory\n");
		exit(99);
	}
}

static void release(double *d)
{
	if (on_device)
		cudaFree(d);
}

/* A random matrix of cols columns, leading dimension ld >= its rows. */
static double *matrix(int ld, int cols, int width)
{
	double *m = malloc(((size_t)ld * cols + 1) * width * sizeof *m);
	for (size_t i = 0; i < (size_t)ld * cols * width; i++)
		m[i] = bh_scaled();
	return m;
}

static const char *where(void)
{
	return on_device ? "device" : "host";
}

/* ---- zgemm, real alpha and beta */

static double zget(const double *a, int ld, char trans, int i, int l, int part)
{
	int r = trans == 'N' ? i : l, c = trans == 'N' ? l : i;
	double v = a[((size_t)c * ld + r) * 2 + part];
	return part == 1 && trans == 'C' ? -v : v;
}

static void zgemm_case(char ta, char tb, int m, int n, int k, double alpha, double beta)
{
	int lda = (ta == 'N' ? m : k) + 1, ldb = (tb == 'N' ? k : n) + 2, ldc = m + 1;
	double *a = matrix(lda, ta == 'N' ? k : m, 2);
	double *b = matrix(ldb, tb == 'N' ? n : k, 2);
	double *c = matrix(ldc, n, 2), *c0 = malloc((size_t)ldc * n * 2 * sizeof *c0);
	if (beta == 0.0)
		for (size_t i = 0; i < (size_t)ldc * n * 2; i++)
			c[i] = NAN;
	memcpy(c0, c, (size_t)ldc * n * 2 * sizeof *c);
	double al[2] = { alpha, 0.0 }, be[2] = { beta, 0.0 };
	double *da = place(a, (size_t)lda * (ta == 'N' ? k : m) * 2);
	double *db = place(b, (size_t)ldb * (tb == 'N' ? n : k) * 2);
	double *dc = place(c, (size_t)ldc * n * 2);
	zgemm_(&ta, &tb, &m, &n, &k, al, da, &lda, db, &ldb, be, dc, &ldc, 1, 1);
	fetch(c, dc, (size_t)ldc * n * 2);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < ldc; i++)
			for (int part = 0; part < 2; part++) {
				double got = c[((size_t)j * ldc + i) * 2 + part];
				if (i >= m) {
					bh_verdict("zgemm", bh_same(got, c0[((size_t)j * ldc + i) * 2 + part]),
						   "%s %c%c: row %d beyond m written", where(), ta, tb, i);
					continue;
				}
				ex_sum_reset(&sum);
				for (int l = 0; l < k; l++) {
					double ar = zget(a, lda, ta, i, l, 0), ai = zget(a, lda, ta, i, l, 1);
					double br = zget(b, ldb, tb, l, j, 0), bi = zget(b, ldb, tb, l, j, 1);
					if (part == 0) {
						ex_sum_add(&sum, alpha, ar, br);
						ex_sum_add(&sum, -alpha, ai, bi);
					} else {
						ex_sum_add(&sum, alpha, ar, bi);
						ex_sum_add(&sum, alpha, ai, br);
					}
				}
				if (beta != 0.0)
					ex_sum_add(&sum, beta, c0[((size_t)j * ldc + i) * 2 + part], 1.0);
				double ulps = 0;
				bh_verdict("zgemm", ex_judge_sum(&sum, got, 2 * k + 1, &ulps),
					   "%s %c%c m=%d n=%d k=%d alpha=%g beta=%g: (%d,%d) part %d %.17g, %.3g ulps",
					   where(), ta, tb, m, n, k, alpha, beta, i, j, part, got, ulps);
			}
	release(da), release(db), release(dc);
	free(a), free(b), free(c), free(c0);
}

/* ---- real: dsymm, dtrmm, dsyrk, dsyr2k */

static double sym(const double *a, int ld, char uplo, int i, int j)
{
	int stored = uplo == 'U' ? i <= j : i >= j;
	return stored ? a[(size_t)j * ld + i] : a[(size_t)i * ld + j];
}

static double tri(const double *a, int ld, char uplo, char diag, char trans, int i, int j)
{
	if (trans != 'N') {
		int t = i;
		i = j, j = t;
	}
	if (uplo == 'U' ? i > j : i < j)
		return 0.0;
	if (i == j && diag == 'U')
		return 1.0;
	return a[(size_t)j * ld + i];
}

static double gen(const double *a, int ld, char trans, int i, int l)
{
	return trans == 'N' ? a[(size_t)l * ld + i] : a[(size_t)i * ld + l];
}

static void real_case(const char *routine, char side, char uplo, char trans, char diag, int m,
		      int n, int k, double alpha, double beta)
{
	int symm = routine[1] == 's' && routine[3] == 'm', trmm = routine[1] == 't';
	int syrk = !strcmp(routine, "dsyrk"), syr2k = !strcmp(routine, "dsyr2k");
	int rows = syrk || syr2k ? n : m, order = side == 'L' ? m : n;
	int ra = symm || trmm ? order : trans == 'N' ? n : k, ca = symm || trmm ? order : trans == 'N' ? k : n;
	int lda = ra + 1, ldb = (symm ? m : ra) + 2, ldc = rows + 1;
	double *a = matrix(lda, ca, 1), *b = matrix(ldb, symm ? n : ca, 1);
	double *c = matrix(ldc, n, 1), *c0 = malloc((size_t)ldc * n * sizeof *c0);
	if (beta == 0.0 && !trmm)
		for (size_t i = 0; i < (size_t)ldc * n; i++)
			c[i] = NAN;
	memcpy(c0, c, (size_t)ldc * n * sizeof *c);
	double *da = place(a, (size_t)lda * ca), *db = place(b, (size_t)ldb * (symm ? n : ca));
	double *dc = place(c, (size_t)ldc * n);
	if (symm)
		dsymm_(&side, &uplo, &m, &n, &alpha, da, &lda, db, &ldb, &beta, dc, &ldc, 1, 1);
	else if (trmm)
		dtrmm_(&side, &uplo, &trans, &diag, &m, &n, &alpha, da, &lda, dc, &ldc, 1, 1, 1, 1);
	else if (syrk)
		dsyrk_(&uplo, &trans, &n, &k, &alpha, da, &lda, &beta, dc, &ldc, 1, 1);
	else
		dsyr2k_(&uplo, &trans, &n, &k, &alpha, da, &lda, db, &ldb, &beta, dc, &ldc, 1, 1);
	fetch(c, dc, (size_t)ldc * n);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < ldc; i++) {
			double got = c[(size_t)j * ldc + i];
			int outside = i >= rows || ((syrk || syr2k) && (uplo == 'U' ? i > j : i < j));
			if (outside) {
				bh_verdict(routine, bh_same(got, c0[(size_t)j * ldc + i]),
					   "%s: (%d,%d) outside the output written", where(), i, j);
				continue;
			}
			ex_sum_reset(&sum);
			int terms = 0;
			if (symm) {
				for (int l = 0; l < order; l++, terms++)
					ex_sum_add(&sum, alpha, side == 'L' ? sym(a, lda, uplo, i, l) : b[(size_t)l * ldb + i],
						   side == 'L' ? b[(size_t)j * ldb + l] : sym(a, lda, uplo, l, j));
			} else if (trmm) {
				for (int l = 0; l < order; l++, terms++)
					ex_sum_add(&sum, alpha,
						   side == 'L' ? tri(a, lda, uplo, diag, trans, i, l) : c0[(size_t)l * ldc + i],
						   side == 'L' ? c0[(size_t)j * ldc + l] : tri(a, lda, uplo, diag, trans, l, j));
			} else {
				for (int l = 0; l < k; l++, terms++) {
					ex_sum_add(&sum, alpha, gen(a, lda, trans, i, l),
						   syrk ? gen(a, lda, trans, j, l) : gen(b, ldb, trans, j, l));
					if (syr2k)
						ex_sum_add(&sum, alpha, gen(b, ldb, trans, i, l), gen(a, lda, trans, j, l));
				}
			}
			if (beta != 0.0 && !trmm)
				ex_sum_add(&sum, beta, c0[(size_t)j * ldc + i], 1.0);
			double ulps = 0;
			bh_verdict(routine, ex_judge_sum(&sum, got, terms + 1, &ulps),
				   "%s side=%c uplo=%c trans=%c diag=%c m=%d n=%d k=%d alpha=%g beta=%g: "
				   "(%d,%d) %.17g, %.3g ulps", where(), side, uplo, trans, diag, m, n, k,
				   alpha, beta, i, j, got, ulps);
		}
	release(da), release(db), release(dc);
	free(a), free(b), free(c), free(c0);
}

int main(int argc, char **argv)
{
	bh_start(argc, argv, "");
	ex_sum_init(&sum, 4200);
	static const int sizes[][3] = { { 1, 1, 1 }, { 17, 9, 33 }, { 64, 70, 40 }, { 130, 33, 97 } };
	static const double scalars[][2] = { { 1, 0 }, { -0.75, 1 }, { 3, -2.5 } };
	int devices = 0;
	if (cudaGetDeviceCount(&devices) != cudaSuccess)
		devices = 0;
	for (on_device = 0; on_device <= (devices > 0); on_device++)
		for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
			for (size_t v = 0; v < sizeof scalars / sizeof *scalars; v++) {
				int m = sizes[s][0], n = sizes[s][1], k = sizes[s][2];
				double alpha = scalars[v][0], beta = scalars[v][1];
				static const char trans[] = "NTC";
				zgemm_case(trans[v], trans[(v + s) % 3], m, n, k, alpha, beta);
				char uplo = (s + v) & 1 ? 'L' : 'U', t = v & 1 ? 'T' : 'N';
				real_case("dsymm", s & 1 ? 'R' : 'L', uplo, 'N', 'N', m, n, k, alpha, beta);
				real_case("dtrmm", s & 1 ? 'L' : 'R', uplo, t, v == 2 ? 'U' : 'N', m, n, k, alpha, beta);
				real_case("dsyrk", 'L', uplo, t, 'N', m, n, k, alpha, beta);
				real_case("dsyr2k", 'L', uplo, t, 'N', m, n, k, alpha, beta);
			}
	/* orders from 512 on: dtrmm, dsyrk and dsyr2k as two GEMMs (also an
	 * order of 2050, whose halves are uneven nowhere but in rounding) */
	for (on_device = 0; on_device <= (devices > 0); on_device++)
		for (int v = 0; v < 4; v++) {
			char uplo = v & 1 ? 'L' : 'U', t = v & 2 ? 'T' : 'N';
			real_case("dtrmm", 'L', uplo, t, v == 3 ? 'U' : 'N', 520, 9, 0, 1.5, 0.0);
			real_case("dtrmm", 'R', uplo, t, 'N', 7, 530, 0, -1.0, 0.0);
			real_case("dsyrk", 'L', uplo, t, 'N', 0, 520, 11, 1.0, v == 2 ? 0.0 : 0.5);
			real_case("dsyr2k", 'L', uplo, t, 'N', 0, 516, 7, -2.0, 1.0);
			if (v == 0 || v == 3) {
				real_case("dtrmm", 'L', uplo, t, v == 3 ? 'U' : 'N', 2051, 1, 0, 0.5, 0.0);
				real_case("dtrmm", 'R', uplo, t, 'N', 1, 2050, 0, 1.0, 0.0);
			}
		}
	return bh_finish();
}
