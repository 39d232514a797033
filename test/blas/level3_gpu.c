#include "config.h"

/* The Level 3 routines that the GPU runs as real GEMMs (src/gpu/real_form.h):
 * dsymm_, dtrmm_, dsyrk_, dsyr2k_ and the complex zgemm_, zsymm_, zhemm_,
 * ztrmm_, zsyrk_, zherk_, zsyr2k_, zher2k_ (complex alpha and beta, 0 and
 * 1 among them), on host arrays (the GPU forced: test/gpu/forced.sh) and
 * on device arrays, judged against MPFR (test/blas/exact.h) in dd mode,
 * with orders below and above the one from which the triangular and
 * rank-k products are cut into two GEMMs; beta = 0 over NaN in C (it must
 * not be read), the triangle of C that the rank-k routines must not write
 * checked bit for bit, and zherk's and zher2k's real diagonal.  Run by
 * test/blas/run.sh PROGRAM dd. */
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

/* ---- complex: zgemm, zsymm, zhemm, ztrmm, zsyrk, zherk, zsyr2k, zher2k */

struct z {
	double re, im;
};

static struct z zat(const double *a, int ld, int i, int j)
{
	return (struct z){ a[((size_t)j * ld + i) * 2], a[((size_t)j * ld + i) * 2 + 1] };
}

static struct z zconj(struct z v)
{
	return (struct z){ v.re, -v.im };
}

/* op(A)(i, l), op by trans N, T or C */
static struct z zgen(const double *a, int ld, char trans, int i, int l)
{
	struct z v = trans == 'N' ? zat(a, ld, i, l) : zat(a, ld, l, i);
	return trans == 'C' ? zconj(v) : v;
}

/* A(i, j) of a symmetric or Hermitian A stored in its uplo triangle */
static struct z zsym(const double *a, int ld, char uplo, int hermitian, int i, int j)
{
	int stored = uplo == 'U' ? i <= j : i >= j;
	struct z v = stored ? zat(a, ld, i, j) : zat(a, ld, j, i);
	if (!stored && hermitian)
		v = zconj(v);
	if (hermitian && i == j)
		v.im = 0.0;
	return v;
}

/* op(A)(i, j) of a triangular A */
static struct z ztri(const double *a, int ld, char uplo, char diag, char trans, int i, int j)
{
	int r = trans == 'N' ? i : j, c = trans == 'N' ? j : i;
	if (uplo == 'U' ? r > c : r < c)
		return (struct z){ 0.0, 0.0 };
	if (r == c && diag == 'U')
		return (struct z){ 1.0, 0.0 };
	struct z v = zat(a, ld, r, c);
	return trans == 'C' ? zconj(v) : v;
}

/* sum += part of alpha x y, exactly */
static void zadd(int part, const double *alpha, struct z x, struct z y)
{
	const double ar = alpha[0], ai = alpha[1];
	if (part == 0) {
		ex_sum_add(&sum, ar, x.re, y.re);
		ex_sum_add(&sum, -ar, x.im, y.im);
		ex_sum_add(&sum, -ai, x.re, y.im);
		ex_sum_add(&sum, -ai, x.im, y.re);
	} else {
		ex_sum_add(&sum, ar, x.re, y.im);
		ex_sum_add(&sum, ar, x.im, y.re);
		ex_sum_add(&sum, ai, x.re, y.re);
		ex_sum_add(&sum, -ai, x.im, y.im);
	}
}

/* Whether element (i, j) of a rows x cols result is judged against MPFR:
 * all of a small one; of a large one (the orders of the cut) a sample
 * that holds the rows and columns around the cut, the diagonal, the edges
 * and one element in 29 elsewhere, so that the oracle stays fast. */
static int judged(int i, int j, int rows, int cols)
{
	if ((long)rows * cols <= 20000)
		return 1;
	return abs(i - rows / 2) <= 1 || abs(j - cols / 2) <= 1 || i == j || i == 0 ||
	       j == 0 || i == rows - 1 || j == cols - 1 || (7 * i + 3 * j) % 29 == 0;
}

/* One call of a complex routine: side, uplo, trans (transa), transb
 * (zgemm) and diag where it has them; alpha and beta complex (zherk: real
 * parts only; zher2k: beta's real part only). */
static void complex_case(const char *routine, char side, char uplo, char trans, char transb,
			 char diag, int m, int n, int k, const double *alpha_given,
			 const double *beta_given)
{
	int gemm = !strcmp(routine, "zgemm"), trmm = !strcmp(routine, "ztrmm");
	int symm = !strcmp(routine, "zsymm") || !strcmp(routine, "zhemm");
	int herm = routine[1] == 'h', syr2k = strstr(routine, "2k") != NULL;
	int rank = !gemm && !trmm && !symm;
	int rows = rank ? n : m, order = side == 'L' ? m : n;
	double alpha[2] = { alpha_given[0], rank && herm && !syr2k ? 0.0 : alpha_given[1] };
	double beta[2] = { beta_given[0], rank && herm ? 0.0 : beta_given[1] };
	int ra, ca, rb, cb;
	if (gemm) {
		ra = trans == 'N' ? m : k, ca = trans == 'N' ? k : m;
		rb = transb == 'N' ? k : n, cb = transb == 'N' ? n : k;
	} else if (rank) {
		ra = trans == 'N' ? n : k, ca = trans == 'N' ? k : n, rb = ra, cb = ca;
	} else {
		ra = ca = order, rb = m, cb = n;
	}
	int lda = ra + 1, ldb = rb + 2, ldc = rows + 1;
	double *a = matrix(lda, ca, 2), *b = matrix(ldb, cb, 2);
	double *c = matrix(ldc, n, 2), *c0 = malloc((size_t)ldc * n * 2 * sizeof *c0);
	if (beta[0] == 0.0 && beta[1] == 0.0 && !trmm)
		for (size_t i = 0; i < (size_t)ldc * n * 2; i++)
			c[i] = NAN;
	memcpy(c0, c, (size_t)ldc * n * 2 * sizeof *c);
	double *da = place(a, (size_t)lda * ca * 2), *db = place(b, (size_t)ldb * cb * 2);
	double *dc = place(c, (size_t)ldc * n * 2);
	if (gemm)
		zgemm_(&trans, &transb, &m, &n, &k, alpha, da, &lda, db, &ldb, beta, dc, &ldc, 1, 1);
	else if (symm)
		(herm ? zhemm_ : zsymm_)(&side, &uplo, &m, &n, alpha, da, &lda, db, &ldb, beta, dc, &ldc, 1, 1);
	else if (trmm)
		ztrmm_(&side, &uplo, &trans, &diag, &m, &n, alpha, da, &lda, dc, &ldc, 1, 1, 1, 1);
	else if (!syr2k)
		(herm ? zherk_ : zsyrk_)(&uplo, &trans, &n, &k, alpha, da, &lda, beta, dc, &ldc, 1, 1);
	else
		(herm ? zher2k_ : zsyr2k_)(&uplo, &trans, &n, &k, alpha, da, &lda, db, &ldb, beta, dc, &ldc, 1, 1);
	fetch(c, dc, (size_t)ldc * n * 2);
	double alpha2[2] = { alpha[0], herm ? -alpha[1] : alpha[1] }; /* zher2k's second term */
	for (int j = 0; j < n; j++)
		for (int i = 0; i < ldc; i++)
			for (int part = 0; part < 2; part++) {
				size_t at = ((size_t)j * ldc + i) * 2 + part;
				double got = c[at];
				if (i >= rows || (rank && (uplo == 'U' ? i > j : i < j))) {
					bh_verdict(routine, bh_same(got, c0[at]),
						   "%s: (%d,%d) outside the output written", where(), i, j);
					continue;
				}
				if (!judged(i, j, rows, n))
					continue;
				if (rank && herm && i == j && part == 1) {
					bh_verdict(routine, got == 0.0,
						   "%s: diagonal (%d,%d) imaginary part %g, not 0", where(), i, j, got);
					continue;
				}
				ex_sum_reset(&sum);
				int inner = gemm || rank ? k : order;
				for (int l = 0; l < inner; l++) {
					if (gemm) {
						zadd(part, alpha, zgen(a, lda, trans, i, l), zgen(b, ldb, transb, l, j));
					} else if (symm) {
						struct z s = side == 'L' ? zsym(a, lda, uplo, herm, i, l) : zsym(a, lda, uplo, herm, l, j);
						zadd(part, alpha, side == 'L' ? s : zat(b, ldb, i, l),
						     side == 'L' ? zat(b, ldb, l, j) : s);
					} else if (trmm) {
						zadd(part, alpha, side == 'L' ? ztri(a, lda, uplo, diag, trans, i, l) : zat(c0, ldc, i, l),
						     side == 'L' ? zat(c0, ldc, l, j) : ztri(a, lda, uplo, diag, trans, l, j));
					} else {
						const double *second = syr2k ? b : a;
						int ldr = syr2k ? ldb : lda;
						struct z r = zgen(second, ldr, trans, j, l);
						zadd(part, alpha, zgen(a, lda, trans, i, l), herm ? zconj(r) : r);
						if (syr2k) {
							struct z r2 = zgen(a, lda, trans, j, l);
							zadd(part, alpha2, zgen(b, ldb, trans, i, l), herm ? zconj(r2) : r2);
						}
					}
				}
				if (!trmm && (beta[0] != 0.0 || beta[1] != 0.0)) {
					struct z cv = zat(c0, ldc, i, j);
					if (rank && herm && i == j)
						cv.im = 0.0;
					zadd(part, beta, cv, (struct z){ 1.0, 0.0 });
				}
				double ulps = 0;
				bh_verdict(routine, ex_judge_sum(&sum, got, sum.count + 1, &ulps),
					   "%s side=%c uplo=%c trans=%c%c diag=%c m=%d n=%d k=%d alpha=(%g,%g) "
					   "beta=(%g,%g): (%d,%d) part %d %.17g, %.3g ulps", where(), side, uplo,
					   trans, transb, diag, m, n, k, alpha[0], alpha[1], beta[0], beta[1], i, j,
					   part, got, ulps);
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

static const char *const complex_routines[] = { "zgemm", "zsymm", "zhemm", "ztrmm",
						   "zsyrk", "zherk", "zsyr2k", "zher2k" };

/* Every complex routine once, options chosen by v and s. */
static void complex_cases(size_t s, size_t v, int m, int n, int k, const double *alpha,
			  const double *beta)
{
	static const char trans[] = "NTC";
	for (size_t r = 0; r < sizeof complex_routines / sizeof *complex_routines; r++) {
		const char *routine = complex_routines[r];
		int herm = routine[1] == 'h';
		char uplo = (s + v + r) & 1 ? 'L' : 'U', side = (s + r) & 1 ? 'R' : 'L';
		char t = trans[(v + r) % 3], tb = trans[(v + s) % 3];
		if (routine[1] == 's' && routine[3] != 'm') /* zsyrk, zsyr2k: N or T */
			t = t == 'C' ? 'N' : t;
		if (herm && routine[3] != 'm') /* zherk, zher2k: N or C */
			t = t == 'T' ? 'C' : t;
		complex_case(routine, side, uplo, t, tb, v % 2 ? 'U' : 'N', m, n, k, alpha, beta);
	}
}

int main(int argc, char **argv)
{
	bh_start(argc, argv, "");
	ex_sum_init(&sum, 4200);
	static const int sizes[][3] = { { 1, 1, 1 }, { 17, 9, 33 }, { 64, 70, 40 }, { 130, 33, 97 } };
	static const double scalars[][2] = { { 1, 0 }, { -0.75, 1 }, { 3, -2.5 } };
	/* complex alpha and beta: 1, 0, real, complex */
	static const double complex_scalars[][4] = { { 1, 0, 0, 0 }, { -0.75, 0.5, 1, 0 },
						     { 3, -2.5, 0.5, 2 }, { 0, 0, 1.5, -1 },
						     { 0.25, 1.5, 0, 0 } };
	int devices = 0;
	if (cudaGetDeviceCount(&devices) != cudaSuccess)
		devices = 0;
	for (on_device = 0; on_device <= (devices > 0); on_device++)
		for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
			int m = sizes[s][0], n = sizes[s][1], k = sizes[s][2];
			for (size_t v = 0; v < sizeof scalars / sizeof *scalars; v++) {
				double alpha = scalars[v][0], beta = scalars[v][1];
				char uplo = (s + v) & 1 ? 'L' : 'U', t = v & 1 ? 'T' : 'N';
				real_case("dsymm", s & 1 ? 'R' : 'L', uplo, 'N', 'N', m, n, k, alpha, beta);
				real_case("dtrmm", s & 1 ? 'L' : 'R', uplo, t, v == 2 ? 'U' : 'N', m, n, k, alpha, beta);
				real_case("dsyrk", 'L', uplo, t, 'N', m, n, k, alpha, beta);
				real_case("dsyr2k", 'L', uplo, t, 'N', m, n, k, alpha, beta);
			}
			for (size_t v = 0; v < sizeof complex_scalars / sizeof *complex_scalars; v++)
				if (s < 3 || v == 1 || v == 2) /* the largest: complex alpha, beta */
					complex_cases(s, v, m, n, k, complex_scalars[v], complex_scalars[v] + 2);
		}
	/* orders from 512 on: the triangular and rank-k products as two GEMMs
	 * (also an order of 2050, whose halves are uneven nowhere but in
	 * rounding) */
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
			/* complex: upper N on host arrays, lower T/C on device ones
			 * (both on host arrays without a GPU) */
			if (devices > 0 ? (v == 0) == on_device || v == 1 || v == 2 : v == 1 || v == 2)
				continue;
			const double *al = complex_scalars[v + 1], *be = complex_scalars[v + 1] + 2;
			char tc = v ? 'C' : 'N', ts = v ? 'T' : 'N';
			complex_case("ztrmm", 'L', uplo, tc, 'N', v ? 'U' : 'N', 520, 3, 0, al, be);
			complex_case("ztrmm", 'R', uplo, v ? 'T' : 'C', 'N', 'N', 4, 530, 0, al, be);
			complex_case("zsyrk", 'L', uplo, ts, 'N', 'N', 0, 520, 3, al, be);
			complex_case("zherk", 'L', uplo, tc, 'N', 'N', 0, 516, 3, al, be);
			complex_case("zsyr2k", 'L', uplo, ts, 'N', 'N', 0, 514, 2, al, be);
			complex_case("zher2k", 'L', uplo, tc, 'N', 'N', 0, 518, 2, al, be);
		}
	return bh_finish();
}
