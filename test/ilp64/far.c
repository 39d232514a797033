#include "config.h"

/* The ILP64 Level 2 and 3 entry points beyond 32 bits without a 64-bit CPU
 * BLAS (test/ilp64/run.sh far none, under TWOFOLD_MODE dd and cpu): the
 * calls in blocks of 32-bit calls (src/abi/ilp64_blocks.c), in address
 * space rather than memory.  Matrices whose leading dimension, and vectors
 * whose increment, is 2^32 + 3 live in regions mapped MAP_NORESERVE, of
 * which only the pages holding their elements are ever touched; each call
 * is checked against the same call of the 32-bit entry point on compact
 * copies, on small integers (every sum exact, so equal to the bit).  Every
 * family at least once, d and z (s and c for gemm and gemv), row-major
 * CBLAS forms (conjugations included), and summations of 2^31 + 10 terms
 * over mostly untouched pages with a few elements set far apart (dgemm in
 * cpu mode, sgemm in dd mode, sgemv in both).  Exit status 1 on any
 * difference, 77 where the address space cannot be mapped.
 *
 *   far [small|sums]   all, only the small matrices, only the sums */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "op/cblas_types.h"

typedef const char *C;
typedef const int *I;
typedef const int64_t *L;
typedef const void *R;
typedef void *W;

/* The 32-bit entry points and their ILP64 twins, data by void pointers. */
void dgemm_(C, C, I, I, I, R, R, I, R, I, R, W, I, size_t, size_t);
void dgemm_64_(C, C, L, L, L, R, R, L, R, L, R, W, L, size_t, size_t);
void sgemm_(C, C, I, I, I, R, R, I, R, I, R, W, I, size_t, size_t);
void sgemm_64_(C, C, L, L, L, R, R, L, R, L, R, W, L, size_t, size_t);
void zgemm_(C, C, I, I, I, R, R, I, R, I, R, W, I, size_t, size_t);
void zgemm_64_(C, C, L, L, L, R, R, L, R, L, R, W, L, size_t, size_t);
void dsymm_(C, C, I, I, R, R, I, R, I, R, W, I, size_t, size_t);
void dsymm_64_(C, C, L, L, R, R, L, R, L, R, W, L, size_t, size_t);
void zhemm_(C, C, I, I, R, R, I, R, I, R, W, I, size_t, size_t);
void zhemm_64_(C, C, L, L, R, R, L, R, L, R, W, L, size_t, size_t);
void dsyrk_(C, C, I, I, R, R, I, R, W, I, size_t, size_t);
void dsyrk_64_(C, C, L, L, R, R, L, R, W, L, size_t, size_t);
void zherk_(C, C, I, I, R, R, I, R, W, I, size_t, size_t);
void zherk_64_(C, C, L, L, R, R, L, R, W, L, size_t, size_t);
void dsyr2k_(C, C, I, I, R, R, I, R, I, R, W, I, size_t, size_t);
void dsyr2k_64_(C, C, L, L, R, R, L, R, L, R, W, L, size_t, size_t);
void zher2k_(C, C, I, I, R, R, I, R, I, R, W, I, size_t, size_t);
void zher2k_64_(C, C, L, L, R, R, L, R, L, R, W, L, size_t, size_t);
void dtrmm_(C, C, C, C, I, I, R, R, I, W, I, size_t, size_t, size_t, size_t);
void dtrmm_64_(C, C, C, C, L, L, R, R, L, W, L, size_t, size_t, size_t, size_t);
void ztrmm_(C, C, C, C, I, I, R, R, I, W, I, size_t, size_t, size_t, size_t);
void ztrmm_64_(C, C, C, C, L, L, R, R, L, W, L, size_t, size_t, size_t, size_t);
void dtrsm_(C, C, C, C, I, I, R, R, I, W, I, size_t, size_t, size_t, size_t);
void dtrsm_64_(C, C, C, C, L, L, R, R, L, W, L, size_t, size_t, size_t, size_t);
void ztrsm_(C, C, C, C, I, I, R, R, I, W, I, size_t, size_t, size_t, size_t);
void ztrsm_64_(C, C, C, C, L, L, R, R, L, W, L, size_t, size_t, size_t, size_t);
void dgemv_(C, I, I, R, R, I, R, I, R, W, I, size_t);
void dgemv_64_(C, L, L, R, R, L, R, L, R, W, L, size_t);
void sgemv_(C, I, I, R, R, I, R, I, R, W, I, size_t);
void sgemv_64_(C, L, L, R, R, L, R, L, R, W, L, size_t);
void zgemv_(C, I, I, R, R, I, R, I, R, W, I, size_t);
void zgemv_64_(C, L, L, R, R, L, R, L, R, W, L, size_t);
void cgemv_(C, I, I, R, R, I, R, I, R, W, I, size_t);
void cgemv_64_(C, L, L, R, R, L, R, L, R, W, L, size_t);
void dgbmv_(C, I, I, I, I, R, R, I, R, I, R, W, I, size_t);
void dgbmv_64_(C, L, L, L, L, R, R, L, R, L, R, W, L, size_t);
void zgbmv_(C, I, I, I, I, R, R, I, R, I, R, W, I, size_t);
void zgbmv_64_(C, L, L, L, L, R, R, L, R, L, R, W, L, size_t);
void dsymv_(C, I, R, R, I, R, I, R, W, I, size_t);
void dsymv_64_(C, L, R, R, L, R, L, R, W, L, size_t);
void zhemv_(C, I, R, R, I, R, I, R, W, I, size_t);
void zhemv_64_(C, L, R, R, L, R, L, R, W, L, size_t);
void dsbmv_(C, I, I, R, R, I, R, I, R, W, I, size_t);
void dsbmv_64_(C, L, L, R, R, L, R, L, R, W, L, size_t);
void zhbmv_(C, I, I, R, R, I, R, I, R, W, I, size_t);
void zhbmv_64_(C, L, L, R, R, L, R, L, R, W, L, size_t);
void dspmv_(C, I, R, R, R, I, R, W, I, size_t);
void dspmv_64_(C, L, R, R, R, L, R, W, L, size_t);
void zhpmv_(C, I, R, R, R, I, R, W, I, size_t);
void zhpmv_64_(C, L, R, R, R, L, R, W, L, size_t);
void dtrmv_(C, C, C, I, R, I, W, I, size_t, size_t, size_t);
void dtrmv_64_(C, C, C, L, R, L, W, L, size_t, size_t, size_t);
void dtrsv_(C, C, C, I, R, I, W, I, size_t, size_t, size_t);
void dtrsv_64_(C, C, C, L, R, L, W, L, size_t, size_t, size_t);
void ztrsv_(C, C, C, I, R, I, W, I, size_t, size_t, size_t);
void ztrsv_64_(C, C, C, L, R, L, W, L, size_t, size_t, size_t);
void dtbmv_(C, C, C, I, I, R, I, W, I, size_t, size_t, size_t);
void dtbmv_64_(C, C, C, L, L, R, L, W, L, size_t, size_t, size_t);
void ztbsv_(C, C, C, I, I, R, I, W, I, size_t, size_t, size_t);
void ztbsv_64_(C, C, C, L, L, R, L, W, L, size_t, size_t, size_t);
void dtpmv_(C, C, C, I, R, W, I, size_t, size_t, size_t);
void dtpmv_64_(C, C, C, L, R, W, L, size_t, size_t, size_t);
void ztpsv_(C, C, C, I, R, W, I, size_t, size_t, size_t);
void ztpsv_64_(C, C, C, L, R, W, L, size_t, size_t, size_t);
void dger_(I, I, R, R, I, R, I, W, I);
void dger_64_(L, L, R, R, L, R, L, W, L);
void zgerc_(I, I, R, R, I, R, I, W, I);
void zgerc_64_(L, L, R, R, L, R, L, W, L);
void dsyr_(C, I, R, R, I, W, I, size_t);
void dsyr_64_(C, L, R, R, L, W, L, size_t);
void zher_(C, I, R, R, I, W, I, size_t);
void zher_64_(C, L, R, R, L, W, L, size_t);
void dspr_(C, I, R, R, I, W, size_t);
void dspr_64_(C, L, R, R, L, W, size_t);
void zhpr_(C, I, R, R, I, W, size_t);
void zhpr_64_(C, L, R, R, L, W, size_t);
void dsyr2_(C, I, R, R, I, R, I, W, I, size_t);
void dsyr2_64_(C, L, R, R, L, R, L, W, L, size_t);
void zher2_(C, I, R, R, I, R, I, W, I, size_t);
void zher2_64_(C, L, R, R, L, R, L, W, L, size_t);
void dspr2_(C, I, R, R, I, R, I, W, size_t);
void dspr2_64_(C, L, R, R, L, R, L, W, size_t);
void zhpr2_(C, I, R, R, I, R, I, W, size_t);
void zhpr2_64_(C, L, R, R, L, R, L, W, size_t);
void cblas_dgemm(CBLAS_LAYOUT, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, int, int, int, double, R, int, R,
		 int, double, W, int);
void cblas_dgemm64_(CBLAS_LAYOUT, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, int64_t, int64_t, int64_t,
		    double, R, int64_t, R, int64_t, double, W, int64_t);
void cblas_zgemv(CBLAS_LAYOUT, CBLAS_TRANSPOSE, int, int, R, R, int, R, int, R, W, int);
void cblas_zgemv64_(CBLAS_LAYOUT, CBLAS_TRANSPOSE, int64_t, int64_t, R, R, int64_t, R, int64_t, R,
		    W, int64_t);
void cblas_zhemv(CBLAS_LAYOUT, CBLAS_UPLO, int, R, R, int, R, int, R, W, int);
void cblas_zhemv64_(CBLAS_LAYOUT, CBLAS_UPLO, int64_t, R, R, int64_t, R, int64_t, R, W, int64_t);
void cblas_zgerc(CBLAS_LAYOUT, int, int, R, R, int, R, int, W, int);
void cblas_zgerc64_(CBLAS_LAYOUT, int64_t, int64_t, R, R, int64_t, R, int64_t, W, int64_t);
void cblas_zher2(CBLAS_LAYOUT, CBLAS_UPLO, int, R, R, int, R, int, W, int);
void cblas_zher264_(CBLAS_LAYOUT, CBLAS_UPLO, int64_t, R, R, int64_t, R, int64_t, W, int64_t);
void cblas_zher(CBLAS_LAYOUT, CBLAS_UPLO, int, double, R, int, W, int);
void cblas_zher64_(CBLAS_LAYOUT, CBLAS_UPLO, int64_t, double, R, int64_t, W, int64_t);
void cblas_ztrsv(CBLAS_LAYOUT, CBLAS_UPLO, CBLAS_TRANSPOSE, CBLAS_DIAG, int, R, int, W, int);
void cblas_ztrsv64_(CBLAS_LAYOUT, CBLAS_UPLO, CBLAS_TRANSPOSE, CBLAS_DIAG, int64_t, R, int64_t, W,
		    int64_t);
void cblas_zher2k(CBLAS_LAYOUT, CBLAS_UPLO, CBLAS_TRANSPOSE, int, int, R, R, int, R, int, double, W,
		  int);
void cblas_zher2k64_(CBLAS_LAYOUT, CBLAS_UPLO, CBLAS_TRANSPOSE, int64_t, int64_t, R, R, int64_t, R,
		     int64_t, double, W, int64_t);
void cblas_zhpmv(CBLAS_LAYOUT, CBLAS_UPLO, int, R, R, R, int, R, W, int);
void cblas_zhpmv64_(CBLAS_LAYOUT, CBLAS_UPLO, int64_t, R, R, R, int64_t, R, W, int64_t);

#define TWO(p) ((int64_t)1 << (p))
#define FAR (TWO(32) + 3) /* a leading dimension or an increment beyond 32 bits */

static int bad;

static void *region(int64_t bytes)
{
	void *p = mmap(NULL, (size_t)bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		printf("SKIP: cannot map %lld bytes of address space\n", (long long)bytes);
		exit(77);
	}
	return p;
}

/* A matrix (a vector: one row, its increment as leading dimension) of
 * small integers: compact for the 32-bit call, and its copy at leading
 * dimension ld for the ILP64 one. */
struct mat {
	char type;
	int rows, cols;
	int64_t ld, size;
	char *compact, *far;
};

static struct mat mat(int rows, int cols, int64_t ld, char type, int seed)
{
	struct mat m = { type, rows, cols, ld, 0, NULL, NULL };
	m.size = type == 's' ? 4 : type == 'd' || type == 'c' ? 8 : 16;
	int64_t count = (int64_t)rows * cols * (type == 'c' || type == 'z' ? 2 : 1);
	m.compact = malloc((size_t)(rows * cols * m.size));
	for (int64_t i = 0; i < count; i++) {
		double v = (double)((i * 7 + seed * 3) % 5 - 2);
		if (type == 's' || type == 'c')
			((float *)(void *)m.compact)[i] = (float)v;
		else
			((double *)(void *)m.compact)[i] = v;
	}
	m.far = region(((cols - 1) * ld + rows) * m.size);
	for (int j = 0; j < cols; j++)
		memcpy(m.far + j * ld * m.size, m.compact + (int64_t)j * rows * m.size,
		       (size_t)(rows * m.size));
	return m;
}

/* The far copy gathered must equal the compact one, element by element
 * (a zero's sign aside). */
static void check(const char *what, struct mat *m)
{
	int same = 1, single = m->type == 's' || m->type == 'c';
	int64_t step = single ? 4 : 8;
	for (int j = 0; j < m->cols; j++) {
		const char *f = m->far + j * m->ld * m->size;
		const char *c = m->compact + (int64_t)j * m->rows * m->size;
		for (int64_t b = 0; b < m->rows * m->size; b += step) {
			float fs, cs;
			double fd, cd;
			memcpy(&fs, f + b, 4), memcpy(&cs, c + b, 4);
			memcpy(&fd, f + b, 8 * !single), memcpy(&cd, c + b, 8 * !single);
			same = same &&
				(memcmp(f + b, c + b, (size_t)step) == 0 ||
				 (single ? fs == cs : fd == cd));
		}
	}
	printf("%s %s\n", same ? "ok  " : "FAIL", what);
	bad += !same;
}

static void drop(struct mat *m)
{
	munmap(m->far, (size_t)(((m->cols - 1) * m->ld + m->rows) * m->size));
	free(m->compact);
}

static const double alpha_d = 1.5, beta_d = -0.5, alpha_z[2] = { 1.5, -0.5 },
		    beta_z[2] = { 0.5, 1.0 };
static const float alpha_s[2] = { 1.5f, -0.5f }, beta_s[2] = { -0.5f, 1.0f };

/* ---- Level 3: leading dimensions beyond 32 bits */

static void level3(void)
{
	const int64_t far = FAR;
	{
		struct mat a = mat(3, 4, FAR, 'd', 1), b = mat(4, 2, 4, 'd', 2),
			   c = mat(3, 2, FAR, 'd', 3);
		const int m = 3, n = 2, k = 4, lb = 4;
		const int64_t M = 3, N = 2, K = 4, LB = 4;
		dgemm_("N", "N", &m, &n, &k, &alpha_d, a.compact, &m, b.compact, &lb, &beta_d,
		       c.compact, &m, 1, 1);
		dgemm_64_("N", "N", &M, &N, &K, &alpha_d, a.far, &far, b.far, &LB, &beta_d, c.far,
			  &far, 1, 1);
		check("dgemm_64_ lda = ldc = 2^32 + 3", &c);
		drop(&a), drop(&b), drop(&c);
	}
	{
		struct mat a = mat(4, 3, FAR, 's', 1), b = mat(4, 2, FAR, 's', 2),
			   c = mat(3, 2, 3, 's', 3);
		const int m = 3, n = 2, k = 4;
		const int64_t M = 3, N = 2, K = 4, LC = 3;
		sgemm_("T", "N", &m, &n, &k, alpha_s, a.compact, &k, b.compact, &k, beta_s,
		       c.compact, &m, 1, 1);
		sgemm_64_("T", "N", &M, &N, &K, alpha_s, a.far, &far, b.far, &far, beta_s, c.far,
			  &LC, 1, 1);
		check("sgemm_64_ transa = T, lda = ldb = 2^32 + 3", &c);
		drop(&a), drop(&b), drop(&c);
	}
	{
		struct mat a = mat(4, 3, 4, 'z', 1), b = mat(2, 4, FAR, 'z', 2),
			   c = mat(3, 2, 3, 'z', 3);
		const int m = 3, n = 2, k = 4, lb = 2;
		const int64_t M = 3, N = 2, K = 4, LC = 3;
		zgemm_("C", "T", &m, &n, &k, alpha_z, a.compact, &k, b.compact, &lb, beta_z,
		       c.compact, &m, 1, 1);
		zgemm_64_("C", "T", &M, &N, &K, alpha_z, a.far, &K, b.far, &far, beta_z, c.far, &LC,
			  1, 1);
		check("zgemm_64_ C, T, ldb = 2^32 + 3", &c);
		drop(&a), drop(&b), drop(&c);
	}
	{
		struct mat a = mat(3, 3, FAR, 'd', 1), b = mat(4, 3, 4, 'd', 2),
			   c = mat(4, 3, 4, 'd', 3);
		const int m = 4, n = 3;
		const int64_t M = 4, N = 3;
		dsymm_("R", "U", &m, &n, &alpha_d, a.compact, &n, b.compact, &m, &beta_d, c.compact,
		       &m, 1, 1);
		dsymm_64_("R", "U", &M, &N, &alpha_d, a.far, &far, b.far, &M, &beta_d, c.far, &M, 1,
			  1);
		check("dsymm_64_ R, U, lda = 2^32 + 3", &c);
		drop(&a), drop(&b), drop(&c);
	}
	{
		struct mat a = mat(4, 4, 4, 'z', 1), b = mat(4, 2, 4, 'z', 2),
			   c = mat(4, 2, FAR, 'z', 3);
		const int m = 4, n = 2;
		const int64_t M = 4, N = 2;
		zhemm_("L", "L", &m, &n, alpha_z, a.compact, &m, b.compact, &m, beta_z, c.compact,
		       &m, 1, 1);
		zhemm_64_("L", "L", &M, &N, alpha_z, a.far, &M, b.far, &M, beta_z, c.far, &far, 1,
			  1);
		check("zhemm_64_ L, L, ldc = 2^32 + 3", &c);
		drop(&a), drop(&b), drop(&c);
	}
	{
		struct mat a = mat(3, 4, FAR, 'd', 1), c = mat(4, 4, 4, 'd', 3);
		const int n = 4, k = 3;
		const int64_t N = 4, K = 3;
		dsyrk_("U", "T", &n, &k, &alpha_d, a.compact, &k, &beta_d, c.compact, &n, 1, 1);
		dsyrk_64_("U", "T", &N, &K, &alpha_d, a.far, &far, &beta_d, c.far, &N, 1, 1);
		check("dsyrk_64_ U, T, lda = 2^32 + 3", &c);
		drop(&a), drop(&c);
	}
	{
		struct mat a = mat(4, 3, 4, 'z', 1), c = mat(4, 4, FAR, 'z', 3);
		const int n = 4, k = 3;
		const int64_t N = 4, K = 3;
		zherk_("L", "N", &n, &k, &alpha_d, a.compact, &n, &beta_d, c.compact, &n, 1, 1);
		zherk_64_("L", "N", &N, &K, &alpha_d, a.far, &N, &beta_d, c.far, &far, 1, 1);
		check("zherk_64_ L, N, ldc = 2^32 + 3", &c);
		drop(&a), drop(&c);
	}
	{
		struct mat a = mat(4, 3, 4, 'd', 1), b = mat(4, 3, FAR, 'd', 2),
			   c = mat(4, 4, 4, 'd', 3);
		const int n = 4, k = 3;
		const int64_t N = 4, K = 3;
		dsyr2k_("L", "N", &n, &k, &alpha_d, a.compact, &n, b.compact, &n, &beta_d,
			c.compact, &n, 1, 1);
		dsyr2k_64_("L", "N", &N, &K, &alpha_d, a.far, &N, b.far, &far, &beta_d, c.far, &N,
			   1, 1);
		check("dsyr2k_64_ L, N, ldb = 2^32 + 3", &c);
		drop(&a), drop(&b), drop(&c);
	}
	{
		struct mat a = mat(3, 4, FAR, 'z', 1), b = mat(3, 4, 3, 'z', 2),
			   c = mat(4, 4, 4, 'z', 3);
		const int n = 4, k = 3;
		const int64_t N = 4, K = 3;
		zher2k_("U", "C", &n, &k, alpha_z, a.compact, &k, b.compact, &k, &beta_d, c.compact,
			&n, 1, 1);
		zher2k_64_("U", "C", &N, &K, alpha_z, a.far, &far, b.far, &K, &beta_d, c.far, &N, 1,
			   1);
		check("zher2k_64_ U, C, lda = 2^32 + 3", &c);
		drop(&a), drop(&b), drop(&c);
	}
	{
		struct mat a = mat(4, 4, FAR, 'd', 1), b = mat(4, 3, 4, 'd', 2);
		const int m = 4, n = 3;
		const int64_t M = 4, N = 3;
		dtrmm_("L", "U", "T", "U", &m, &n, &alpha_d, a.compact, &m, b.compact, &m, 1, 1, 1,
		       1);
		dtrmm_64_("L", "U", "T", "U", &M, &N, &alpha_d, a.far, &far, b.far, &M, 1, 1, 1, 1);
		check("dtrmm_64_ L, U, T, U, lda = 2^32 + 3", &b);
		drop(&a), drop(&b);
	}
	{
		struct mat a = mat(3, 3, FAR, 'z', 1), b = mat(4, 3, 4, 'z', 2);
		const int m = 4, n = 3;
		const int64_t M = 4, N = 3;
		ztrmm_("R", "U", "N", "N", &m, &n, alpha_z, a.compact, &n, b.compact, &m, 1, 1, 1,
		       1);
		ztrmm_64_("R", "U", "N", "N", &M, &N, alpha_z, a.far, &far, b.far, &M, 1, 1, 1, 1);
		check("ztrmm_64_ R, U, N, N, lda = 2^32 + 3", &b);
		drop(&a), drop(&b);
	}
	{
		struct mat a = mat(5, 5, FAR, 'd', 1), b = mat(5, 2, 5, 'd', 2);
		const int m = 5, n = 2;
		const int64_t M = 5, N = 2;
		dtrsm_("L", "L", "N", "U", &m, &n, &alpha_d, a.compact, &m, b.compact, &m, 1, 1, 1,
		       1);
		dtrsm_64_("L", "L", "N", "U", &M, &N, &alpha_d, a.far, &far, b.far, &M, 1, 1, 1, 1);
		check("dtrsm_64_ L, L, N, U, lda = 2^32 + 3", &b);
		drop(&a), drop(&b);
	}
	{
		struct mat a = mat(3, 3, 3, 'z', 1), b = mat(4, 3, FAR, 'z', 2);
		const int m = 4, n = 3;
		const int64_t M = 4, N = 3;
		ztrsm_("R", "L", "C", "U", &m, &n, alpha_z, a.compact, &n, b.compact, &m, 1, 1, 1,
		       1);
		ztrsm_64_("R", "L", "C", "U", &M, &N, alpha_z, a.far, &N, b.far, &far, 1, 1, 1, 1);
		check("ztrsm_64_ R, L, C, U, ldb = 2^32 + 3", &b);
		drop(&a), drop(&b);
	}
}

/* ---- Level 2: leading dimensions and increments beyond 32 bits */

#define V(n, inc, type, seed) mat(1, n, inc, type, seed)

static void level2(void)
{
	const int64_t far = FAR, minus_far = -FAR, one64 = 1;
	const int one = 1, minus_one = -1;
	{
		struct mat a = mat(3, 4, FAR, 'd', 1), x = V(4, 1, 'd', 2), y = V(3, FAR, 'd', 3);
		const int m = 3, n = 4;
		const int64_t M = 3, N = 4;
		dgemv_("N", &m, &n, &alpha_d, a.compact, &m, x.compact, &one, &beta_d, y.compact,
		       &minus_one, 1);
		dgemv_64_("N", &M, &N, &alpha_d, a.far, &far, x.far, &one64, &beta_d, y.far,
			  &minus_far, 1);
		check("dgemv_64_ N, lda = 2^32 + 3, incy = -(2^32 + 3)", &y);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat a = mat(4, 3, FAR, 'c', 1), x = V(4, 1, 'c', 2), y = V(3, 1, 'c', 3);
		const int m = 4, n = 3;
		const int64_t M = 4, N = 3;
		cgemv_("T", &m, &n, alpha_s, a.compact, &m, x.compact, &one, beta_s, y.compact,
		       &one, 1);
		cgemv_64_("T", &M, &N, alpha_s, a.far, &far, x.far, &one64, beta_s, y.far, &one64,
			  1);
		check("cgemv_64_ T, lda = 2^32 + 3", &y);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat a = mat(4, 3, 4, 'z', 1), x = V(4, FAR, 'z', 2), y = V(3, 1, 'z', 3);
		const int m = 4, n = 3;
		const int64_t M = 4, N = 3;
		zgemv_("C", &m, &n, alpha_z, a.compact, &m, x.compact, &one, beta_z, y.compact,
		       &one, 1);
		zgemv_64_("C", &M, &N, alpha_z, a.far, &M, x.far, &far, beta_z, y.far, &one64, 1);
		check("zgemv_64_ C, incx = 2^32 + 3", &y);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat a = mat(4, 4, FAR, 'd', 1), x = V(5, 1, 'd', 2), y = V(4, 1, 'd', 3);
		const int m = 5, n = 4, kl = 1, ku = 2, la = 4;
		const int64_t M = 5, N = 4, KL = 1, KU = 2;
		dgbmv_("T", &m, &n, &kl, &ku, &alpha_d, a.compact, &la, x.compact, &one, &beta_d,
		       y.compact, &one, 1);
		dgbmv_64_("T", &M, &N, &KL, &KU, &alpha_d, a.far, &far, x.far, &one64, &beta_d,
			  y.far, &one64, 1);
		check("dgbmv_64_ T, kl = 1, ku = 2, lda = 2^32 + 3", &y);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat a = mat(4, 4, 4, 'z', 1), x = V(4, 1, 'z', 2), y = V(5, FAR, 'z', 3);
		const int m = 5, n = 4, kl = 2, ku = 1, la = 4;
		const int64_t M = 5, N = 4, KL = 2, KU = 1, LA = 4;
		zgbmv_("N", &m, &n, &kl, &ku, alpha_z, a.compact, &la, x.compact, &one, beta_z,
		       y.compact, &one, 1);
		zgbmv_64_("N", &M, &N, &KL, &KU, alpha_z, a.far, &LA, x.far, &one64, beta_z, y.far,
			  &far, 1);
		check("zgbmv_64_ N, kl = 2, ku = 1, incy = 2^32 + 3", &y);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat a = mat(4, 4, FAR, 'd', 1), x = V(4, 1, 'd', 2), y = V(4, 1, 'd', 3);
		const int n = 4;
		const int64_t N = 4;
		dsymv_("U", &n, &alpha_d, a.compact, &n, x.compact, &one, &beta_d, y.compact, &one,
		       1);
		dsymv_64_("U", &N, &alpha_d, a.far, &far, x.far, &one64, &beta_d, y.far, &one64, 1);
		check("dsymv_64_ U, lda = 2^32 + 3", &y);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat a = mat(4, 4, 4, 'z', 1), x = V(4, FAR, 'z', 2), y = V(4, 1, 'z', 3);
		const int n = 4;
		const int64_t N = 4;
		zhemv_("L", &n, alpha_z, a.compact, &n, x.compact, &one, beta_z, y.compact, &one,
		       1);
		zhemv_64_("L", &N, alpha_z, a.far, &N, x.far, &far, beta_z, y.far, &one64, 1);
		check("zhemv_64_ L, incx = 2^32 + 3", &y);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat a = mat(2, 4, 2, 'd', 1), x = V(4, FAR, 'd', 2), y = V(4, 1, 'd', 3);
		const int n = 4, k = 1, la = 2;
		const int64_t N = 4, K = 1, LA = 2;
		dsbmv_("U", &n, &k, &alpha_d, a.compact, &la, x.compact, &one, &beta_d, y.compact,
		       &one, 1);
		dsbmv_64_("U", &N, &K, &alpha_d, a.far, &LA, x.far, &far, &beta_d, y.far, &one64,
			  1);
		check("dsbmv_64_ U, k = 1, incx = 2^32 + 3", &y);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat a = mat(2, 4, FAR, 'z', 1), x = V(4, 1, 'z', 2), y = V(4, 1, 'z', 3);
		const int n = 4, k = 1, la = 2;
		const int64_t N = 4, K = 1;
		zhbmv_("L", &n, &k, alpha_z, a.compact, &la, x.compact, &one, beta_z, y.compact,
		       &one, 1);
		zhbmv_64_("L", &N, &K, alpha_z, a.far, &far, x.far, &one64, beta_z, y.far, &one64,
			  1);
		check("zhbmv_64_ L, k = 1, lda = 2^32 + 3", &y);
		drop(&a), drop(&x), drop(&y);
	}
	{
		/* packed storage of n = 2^31 + 1 would hold 2^61 elements: legal,
		 * but not run (a message says why), y as it was */
		struct mat a = V(10, 1, 'd', 1), x = V(4, 1, 'd', 2), y = V(4, 1, 'd', 3);
		const int64_t N = TWO(31) + 1;
		dspmv_64_("L", &N, &alpha_d, a.far, x.far, &one64, &beta_d, y.far, &one64, 1);
		check("dspmv_64_ L, n = 2^31 + 1: cannot run, y untouched", &y);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat a = V(10, 1, 'd', 1), x = V(4, 1, 'd', 2), y = V(4, FAR, 'd', 3);
		const int n = 4;
		const int64_t N = 4;
		dspmv_("U", &n, &alpha_d, a.compact, x.compact, &one, &beta_d, y.compact, &one, 1);
		dspmv_64_("U", &N, &alpha_d, a.far, x.far, &one64, &beta_d, y.far, &far, 1);
		check("dspmv_64_ U, incy = 2^32 + 3", &y);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat a = V(10, 1, 'z', 1), x = V(4, FAR, 'z', 2), y = V(4, 1, 'z', 3);
		const int n = 4;
		const int64_t N = 4;
		zhpmv_("L", &n, alpha_z, a.compact, x.compact, &one, beta_z, y.compact, &one, 1);
		zhpmv_64_("L", &N, alpha_z, a.far, x.far, &far, beta_z, y.far, &one64, 1);
		check("zhpmv_64_ L, incx = 2^32 + 3", &y);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat a = mat(4, 4, FAR, 'd', 1), x = V(4, 1, 'd', 2);
		const int n = 4;
		const int64_t N = 4;
		dtrmv_("U", "N", "N", &n, a.compact, &n, x.compact, &one, 1, 1, 1);
		dtrmv_64_("U", "N", "N", &N, a.far, &far, x.far, &one64, 1, 1, 1);
		check("dtrmv_64_ U, N, N, lda = 2^32 + 3", &x);
		drop(&a), drop(&x);
	}
	{
		struct mat a = mat(5, 5, FAR, 'd', 1), x = V(5, 1, 'd', 2);
		const int n = 5;
		const int64_t N = 5;
		dtrsv_("L", "T", "U", &n, a.compact, &n, x.compact, &one, 1, 1, 1);
		dtrsv_64_("L", "T", "U", &N, a.far, &far, x.far, &one64, 1, 1, 1);
		check("dtrsv_64_ L, T, U, lda = 2^32 + 3", &x);
		drop(&a), drop(&x);
	}
	{
		struct mat a = mat(4, 4, 4, 'z', 1), x = V(4, FAR, 'z', 2);
		const int n = 4;
		const int64_t N = 4;
		ztrsv_("U", "C", "U", &n, a.compact, &n, x.compact, &minus_one, 1, 1, 1);
		ztrsv_64_("U", "C", "U", &N, a.far, &N, x.far, &minus_far, 1, 1, 1);
		check("ztrsv_64_ U, C, U, incx = -(2^32 + 3)", &x);
		drop(&a), drop(&x);
	}
	{
		struct mat a = mat(2, 4, 2, 'd', 1), x = V(4, FAR, 'd', 2);
		const int n = 4, k = 1, la = 2;
		const int64_t N = 4, K = 1, LA = 2;
		dtbmv_("L", "T", "N", &n, &k, a.compact, &la, x.compact, &one, 1, 1, 1);
		dtbmv_64_("L", "T", "N", &N, &K, a.far, &LA, x.far, &far, 1, 1, 1);
		check("dtbmv_64_ L, T, N, k = 1, incx = 2^32 + 3", &x);
		drop(&a), drop(&x);
	}
	{
		struct mat a = mat(3, 4, 3, 'z', 1), x = V(4, FAR, 'z', 2);
		const int n = 4, k = 2, la = 3;
		const int64_t N = 4, K = 2, LA = 3;
		ztbsv_("U", "C", "U", &n, &k, a.compact, &la, x.compact, &one, 1, 1, 1);
		ztbsv_64_("U", "C", "U", &N, &K, a.far, &LA, x.far, &far, 1, 1, 1);
		check("ztbsv_64_ U, C, U, k = 2, incx = 2^32 + 3", &x);
		drop(&a), drop(&x);
	}
	{
		struct mat a = V(10, 1, 'd', 1), x = V(4, FAR, 'd', 2);
		const int n = 4;
		const int64_t N = 4;
		dtpmv_("U", "N", "N", &n, a.compact, x.compact, &one, 1, 1, 1);
		dtpmv_64_("U", "N", "N", &N, a.far, x.far, &far, 1, 1, 1);
		check("dtpmv_64_ U, N, N, incx = 2^32 + 3", &x);
		drop(&a), drop(&x);
	}
	{
		struct mat a = V(10, 1, 'z', 1), x = V(4, FAR, 'z', 2);
		const int n = 4;
		const int64_t N = 4;
		ztpsv_("L", "C", "U", &n, a.compact, x.compact, &one, 1, 1, 1);
		ztpsv_64_("L", "C", "U", &N, a.far, x.far, &far, 1, 1, 1);
		check("ztpsv_64_ L, C, U, incx = 2^32 + 3", &x);
		drop(&a), drop(&x);
	}
	{
		struct mat x = V(3, 1, 'd', 2), y = V(4, 1, 'd', 3), a = mat(3, 4, FAR, 'd', 1);
		const int m = 3, n = 4;
		const int64_t M = 3, N = 4;
		dger_(&m, &n, &alpha_d, x.compact, &one, y.compact, &one, a.compact, &m);
		dger_64_(&M, &N, &alpha_d, x.far, &one64, y.far, &one64, a.far, &far);
		check("dger_64_ lda = 2^32 + 3", &a);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat x = V(3, 1, 'z', 2), y = V(4, FAR, 'z', 3), a = mat(3, 4, 3, 'z', 1);
		const int m = 3, n = 4;
		const int64_t M = 3, N = 4;
		zgerc_(&m, &n, alpha_z, x.compact, &one, y.compact, &one, a.compact, &m);
		zgerc_64_(&M, &N, alpha_z, x.far, &one64, y.far, &far, a.far, &M);
		check("zgerc_64_ incy = 2^32 + 3", &a);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat x = V(4, 1, 'd', 2), a = mat(4, 4, FAR, 'd', 1);
		const int n = 4;
		const int64_t N = 4;
		dsyr_("U", &n, &alpha_d, x.compact, &one, a.compact, &n, 1);
		dsyr_64_("U", &N, &alpha_d, x.far, &one64, a.far, &far, 1);
		check("dsyr_64_ U, lda = 2^32 + 3", &a);
		drop(&a), drop(&x);
	}
	{
		struct mat x = V(4, FAR, 'z', 2), a = mat(4, 4, 4, 'z', 1);
		const int n = 4;
		const int64_t N = 4;
		zher_("L", &n, &alpha_d, x.compact, &one, a.compact, &n, 1);
		zher_64_("L", &N, &alpha_d, x.far, &far, a.far, &N, 1);
		check("zher_64_ L, incx = 2^32 + 3", &a);
		drop(&a), drop(&x);
	}
	{
		struct mat x = V(4, FAR, 'd', 2), a = V(10, 1, 'd', 1);
		const int n = 4;
		const int64_t N = 4;
		dspr_("U", &n, &alpha_d, x.compact, &one, a.compact, 1);
		dspr_64_("U", &N, &alpha_d, x.far, &far, a.far, 1);
		check("dspr_64_ U, incx = 2^32 + 3", &a);
		drop(&a), drop(&x);
	}
	{
		struct mat x = V(4, FAR, 'z', 2), a = V(10, 1, 'z', 1);
		const int n = 4;
		const int64_t N = 4;
		zhpr_("L", &n, &alpha_d, x.compact, &one, a.compact, 1);
		zhpr_64_("L", &N, &alpha_d, x.far, &far, a.far, 1);
		check("zhpr_64_ L, incx = 2^32 + 3", &a);
		drop(&a), drop(&x);
	}
	{
		struct mat x = V(4, 1, 'd', 2), y = V(4, 1, 'd', 3), a = mat(4, 4, FAR, 'd', 1);
		const int n = 4;
		const int64_t N = 4;
		dsyr2_("L", &n, &alpha_d, x.compact, &one, y.compact, &one, a.compact, &n, 1);
		dsyr2_64_("L", &N, &alpha_d, x.far, &one64, y.far, &one64, a.far, &far, 1);
		check("dsyr2_64_ L, lda = 2^32 + 3", &a);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat x = V(4, 1, 'z', 2), y = V(4, 1, 'z', 3), a = mat(4, 4, FAR, 'z', 1);
		const int n = 4;
		const int64_t N = 4;
		zher2_("U", &n, alpha_z, x.compact, &one, y.compact, &one, a.compact, &n, 1);
		zher2_64_("U", &N, alpha_z, x.far, &one64, y.far, &one64, a.far, &far, 1);
		check("zher2_64_ U, lda = 2^32 + 3", &a);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat x = V(4, 1, 'd', 2), y = V(4, FAR, 'd', 3), a = V(10, 1, 'd', 1);
		const int n = 4;
		const int64_t N = 4;
		dspr2_("U", &n, &alpha_d, x.compact, &one, y.compact, &one, a.compact, 1);
		dspr2_64_("U", &N, &alpha_d, x.far, &one64, y.far, &far, a.far, 1);
		check("dspr2_64_ U, incy = 2^32 + 3", &a);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat x = V(4, FAR, 'z', 2), y = V(4, 1, 'z', 3), a = V(10, 1, 'z', 1);
		const int n = 4;
		const int64_t N = 4;
		zhpr2_("L", &n, alpha_z, x.compact, &one, y.compact, &one, a.compact, 1);
		zhpr2_64_("L", &N, alpha_z, x.far, &far, y.far, &one64, a.far, 1);
		check("zhpr2_64_ L, incx = 2^32 + 3", &a);
		drop(&a), drop(&x), drop(&y);
	}
}

/* ---- CBLAS, row major: a row-major M x N matrix with lda beyond 32 bits
 * is the column-major N x M one, as mat() lays it out */

static void cblas(void)
{
	const CBLAS_LAYOUT row = CblasRowMajor;
	{
		struct mat a = mat(4, 3, FAR, 'd', 1), b = mat(2, 4, 2, 'd', 2),
			   c = mat(2, 3, 2, 'd', 3);
		cblas_dgemm(row, CblasNoTrans, CblasNoTrans, 3, 2, 4, alpha_d, a.compact, 4,
			    b.compact, 2, beta_d, c.compact, 2);
		cblas_dgemm64_(row, CblasNoTrans, CblasNoTrans, 3, 2, 4, alpha_d, a.far, FAR, b.far,
			       2, beta_d, c.far, 2);
		check("cblas_dgemm64_ row major, lda = 2^32 + 3", &c);
		drop(&a), drop(&b), drop(&c);
	}
	{
		struct mat a = mat(4, 3, FAR, 'z', 1), x = V(3, 1, 'z', 2), y = V(4, 1, 'z', 3);
		cblas_zgemv(row, CblasConjTrans, 3, 4, alpha_z, a.compact, 4, x.compact, 1, beta_z,
			    y.compact, 1);
		cblas_zgemv64_(row, CblasConjTrans, 3, 4, alpha_z, a.far, FAR, x.far, 1, beta_z,
			       y.far, 1);
		check("cblas_zgemv64_ row major, ConjTrans, lda = 2^32 + 3", &y);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat a = mat(4, 4, 4, 'z', 1), x = V(4, FAR, 'z', 2), y = V(4, 1, 'z', 3);
		cblas_zhemv(row, CblasUpper, 4, alpha_z, a.compact, 4, x.compact, 1, beta_z,
			    y.compact, 1);
		cblas_zhemv64_(row, CblasUpper, 4, alpha_z, a.far, 4, x.far, FAR, beta_z, y.far, 1);
		check("cblas_zhemv64_ row major, Upper, incX = 2^32 + 3", &y);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat a = V(10, 1, 'z', 1), x = V(4, FAR, 'z', 2), y = V(4, 1, 'z', 3);
		cblas_zhpmv(row, CblasLower, 4, alpha_z, a.compact, x.compact, 1, beta_z, y.compact,
			    1);
		cblas_zhpmv64_(row, CblasLower, 4, alpha_z, a.far, x.far, FAR, beta_z, y.far, 1);
		check("cblas_zhpmv64_ row major, Lower, incX = 2^32 + 3", &y);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat x = V(3, 1, 'z', 2), y = V(4, 1, 'z', 3), a = mat(4, 3, FAR, 'z', 1);
		cblas_zgerc(row, 3, 4, alpha_z, x.compact, 1, y.compact, 1, a.compact, 4);
		cblas_zgerc64_(row, 3, 4, alpha_z, x.far, 1, y.far, 1, a.far, FAR);
		check("cblas_zgerc64_ row major, lda = 2^32 + 3", &a);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat x = V(4, FAR, 'z', 2), y = V(4, 1, 'z', 3), a = mat(4, 4, 4, 'z', 1);
		cblas_zher2(row, CblasLower, 4, alpha_z, x.compact, 1, y.compact, 1, a.compact, 4);
		cblas_zher264_(row, CblasLower, 4, alpha_z, x.far, FAR, y.far, 1, a.far, 4);
		check("cblas_zher264_ row major, Lower, incX = 2^32 + 3", &a);
		drop(&a), drop(&x), drop(&y);
	}
	{
		struct mat x = V(4, FAR, 'z', 2), a = mat(4, 4, 4, 'z', 1);
		cblas_zher(row, CblasUpper, 4, alpha_d, x.compact, 1, a.compact, 4);
		cblas_zher64_(row, CblasUpper, 4, alpha_d, x.far, FAR, a.far, 4);
		check("cblas_zher64_ row major, Upper, incX = 2^32 + 3", &a);
		drop(&a), drop(&x);
	}
	{
		struct mat a = mat(4, 4, FAR, 'z', 1), x = V(4, 1, 'z', 2);
		cblas_ztrsv(row, CblasLower, CblasConjTrans, CblasUnit, 4, a.compact, 4, x.compact,
			    1);
		cblas_ztrsv64_(row, CblasLower, CblasConjTrans, CblasUnit, 4, a.far, FAR, x.far, 1);
		check("cblas_ztrsv64_ row major, Lower, ConjTrans, Unit, lda = 2^32 + 3", &x);
		drop(&a), drop(&x);
	}
	{
		struct mat a = mat(3, 4, FAR, 'z', 1), b = mat(3, 4, 3, 'z', 2),
			   c = mat(4, 4, 4, 'z', 3);
		cblas_zher2k(row, CblasUpper, CblasNoTrans, 4, 3, alpha_z, a.compact, 3, b.compact,
			     3, beta_d, c.compact, 4);
		cblas_zher2k64_(row, CblasUpper, CblasNoTrans, 4, 3, alpha_z, a.far, FAR, b.far, 3,
				beta_d, c.far, 4);
		check("cblas_zher2k64_ row major, Upper, NoTrans, lda = 2^32 + 3", &c);
		drop(&a), drop(&b), drop(&c);
	}
}

/* ---- sums of 2^31 + 10 terms, a few elements set far apart */

static void sums(int dd)
{
	const int64_t k = TWO(31) + 10, one = 1;
	if (!dd) {
		/* 1 + 2^-60 - 1 in the first block of 2^30 terms, 3 * 2^-60 in the
		 * third: term by term in double, 1 + 2^-60 is 1, the result
		 * 3 * 2^-60.  (In dd mode it is 2^-58, the first block's DD sum
		 * being 2^-60, as test/ilp64/blocks.c shows on small blocks: 2^31
		 * terms in DD take minutes on two cores.)  beta = 0 and C a NaN:
		 * C is not read. */
		double *a = region(k * 8), *b = region(k * 8), c = NAN, beta = 0.0, alpha = 1.0;
		a[5] = 1.0, b[5] = 1.0, a[7] = 0x1p-60, b[7] = 1.0, a[9] = -1.0, b[9] = 1.0;
		a[TWO(31) + 3] = 3 * 0x1p-60, b[TWO(31) + 3] = 1.0;
		dgemm_64_("N", "N", &one, &one, &k, &alpha, a, &one, b, &k, &beta, &c, &one, 1, 1);
		printf("%s dgemm_64_ k = 2^31 + 10: %a, expected %a (term by term)\n",
		       c == 3 * 0x1p-60 ? "ok  " : "FAIL", c, 3 * 0x1p-60);
		bad += c != 3 * 0x1p-60;
		munmap(a, (size_t)(k * 8)), munmap(b, (size_t)(k * 8));
	} else {
		/* 2^24 + 1 - 2^24 in the first block, 1.5 * 2 in the third: single
		 * precision is summed term by term in float in every mode, 2^24 + 1
		 * being 2^24: 3.  beta = 0 and C a NaN. */
		float *a = region(k * 4), *b = region(k * 4), c = NAN, beta = 0.0f, alpha = 1.0f;
		a[5] = 0x1p24f, b[5] = 1.0f, a[7] = 1.0f, b[7] = 1.0f, a[9] = -0x1p24f, b[9] = 1.0f;
		a[TWO(31) + 3] = 1.5f, b[TWO(31) + 3] = 2.0f;
		sgemm_64_("T", "N", &one, &one, &k, &alpha, a, &k, b, &k, &beta, &c, &one, 1, 1);
		printf("%s sgemm_64_ transa = T, k = 2^31 + 10: %g, expected 3\n",
		       c == 3.0f ? "ok  " : "FAIL", (double)c);
		bad += c != 3.0f;
		munmap(a, (size_t)(k * 4)), munmap(b, (size_t)(k * 4));
	}
	{
		/* y = A x, A 1 x n: 3 * 2 + 1.5 * 4 in the first and third blocks */
		float *a = region(k * 4), *x = region(k * 4), y = NAN, alpha = 1.0f, beta = 0.0f;
		a[3] = 3.0f, x[3] = 2.0f, a[k - 1] = 1.5f, x[k - 1] = 4.0f;
		sgemv_64_("N", &one, &k, &alpha, a, &one, x, &one, &beta, &y, &one, 1);
		printf("%s sgemv_64_ n = 2^31 + 10: %g, expected 12\n",
		       y == 12.0f ? "ok  " : "FAIL", (double)y);
		bad += y != 12.0f;
		munmap(a, (size_t)(k * 4)), munmap(x, (size_t)(k * 4));
	}
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "all";
	const char *mode = getenv("TWOFOLD_MODE");
	if (strcmp(what, "sums") != 0) {
		level3();
		level2();
		cblas();
	}
	if (strcmp(what, "small") != 0)
		sums(!mode || strcmp(mode, "cpu") != 0);
	printf("%s\n", bad ? "FAILED" : "all agree");
	return bad ? 1 : 0;
}
