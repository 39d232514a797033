#include "config.h"

/* Level 2 and 3 beyond 32 bits in 32-bit calls (abi/ilp64.h): a call whose
 * integers do not fit in an int, with no 64-bit CPU BLAS to take it, made
 * as a sequence of calls of the 32-bit entry points on sub-blocks whose own
 * description fits.
 *
 *   - An output dimension beyond 32 bits is cut into blocks of
 *     TF_ILP64_BLOCK; the summation dimension too, each later block added
 *     with beta = 1 (the first carries the caller's beta, so beta = 0 still
 *     never reads C).
 *   - A leading dimension beyond 32 bits: every sub-matrix of that matrix
 *     holds one column, passed with its row count as leading dimension.
 *     The address space holds no more than a few thousand such columns.
 *   - An increment beyond 32 bits: the vector is gathered into a
 *     contiguous copy (the address space again bounds its length).
 *   - Triangular, symmetric and Hermitian matrices keep their structure:
 *     the triangle is cut into blocks, the diagonal blocks go to the
 *     routine itself and the others to gemm (trsm by block substitution,
 *     trmm by block products, in the orders that read only columns of A).
 *     Level 2 routines whose matrix is square (symv, syr, syr2, trmv,
 *     trsv and their Hermitian forms) run as their Level 3 routine with
 *     one column.
 *   - Symmetric and triangular band storage: diagonal blocks of the same
 *     k, and gbmv for the k x k pieces that couple neighbouring blocks; a
 *     leading dimension beyond 32 bits: a contiguous copy of the band.
 *   - Packed storage beyond 32 bits cannot exist (n(n+1)/2 elements), nor
 *     can a band of k beyond 2^30 with n beyond 32 bits: those calls run
 *     only where their vectors alone were beyond (gathered), and say why
 *     otherwise.
 *
 * Apart from ilp64.c (the checks, the messages, the row-major CBLAS forms)
 * so that test/ilp64/blocks.c can build it with small limits and compare
 * each family with its one 32-bit call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "abi/ilp64.h"

#define MIN(a, b) ((a) < (b) ? (a) : (b))

static const struct {
	const char *name;
	enum tf_ilp64_family family;
} families[] = {
	{ "gemm", TF_ILP64_GEMM },   { "symm", TF_ILP64_SYMM }, { "hemm", TF_ILP64_SYMM },
	{ "syrk", TF_ILP64_SYRK },   { "herk", TF_ILP64_HERK }, { "syr2k", TF_ILP64_SYR2K },
	{ "her2k", TF_ILP64_HER2K }, { "trmm", TF_ILP64_TRMM }, { "trsm", TF_ILP64_TRMM },
	{ "gemv", TF_ILP64_GEMV },   { "gbmv", TF_ILP64_GBMV }, { "symv", TF_ILP64_SYMV },
	{ "hemv", TF_ILP64_SYMV },   { "sbmv", TF_ILP64_SBMV }, { "hbmv", TF_ILP64_SBMV },
	{ "spmv", TF_ILP64_SPMV },   { "hpmv", TF_ILP64_SPMV }, { "trmv", TF_ILP64_TRMV },
	{ "tbmv", TF_ILP64_TBMV },   { "tpmv", TF_ILP64_TPMV }, { "trsv", TF_ILP64_TRSV },
	{ "tbsv", TF_ILP64_TBSV },   { "tpsv", TF_ILP64_TPSV }, { "ger", TF_ILP64_GER },
	{ "geru", TF_ILP64_GER },    { "gerc", TF_ILP64_GER },	{ "syr", TF_ILP64_SYR },
	{ "her", TF_ILP64_SYR },     { "spr", TF_ILP64_SPR },	{ "hpr", TF_ILP64_SPR },
	{ "syr2", TF_ILP64_SYR2 },   { "her2", TF_ILP64_SYR2 }, { "spr2", TF_ILP64_SPR2 },
	{ "hpr2", TF_ILP64_SPR2 },
};

enum tf_ilp64_family tf_ilp64_family(const char *base)
{
	for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
		if (strcmp(families[f].name, base) == 0)
			return families[f].family;
	return TF_ILP64_NONE;
}

/* The 32-bit entry points, by the types of their arguments (the s, d, c
 * and z forms differ only in what the pointers point to). */
typedef void gemm_fn(const char *, const char *, const int *, const int *, const int *,
		     const void *, const void *, const int *, const void *, const int *,
		     const void *, void *, const int *, size_t, size_t);
typedef void symm_fn(const char *, const char *, const int *, const int *, const void *,
		     const void *, const int *, const void *, const int *, const void *, void *,
		     const int *, size_t, size_t);
typedef void syrk_fn(const char *, const char *, const int *, const int *, const void *,
		     const void *, const int *, const void *, void *, const int *, size_t, size_t);
typedef void syr2k_fn(const char *, const char *, const int *, const int *, const void *,
		      const void *, const int *, const void *, const int *, const void *, void *,
		      const int *, size_t, size_t);
typedef void trmm_fn(const char *, const char *, const char *, const char *, const int *,
		     const int *, const void *, const void *, const int *, void *, const int *,
		     size_t, size_t, size_t, size_t);
typedef void gemv_fn(const char *, const int *, const int *, const void *, const void *,
		     const int *, const void *, const int *, const void *, void *, const int *,
		     size_t);
typedef void gbmv_fn(const char *, const int *, const int *, const int *, const int *, const void *,
		     const void *, const int *, const void *, const int *, const void *, void *,
		     const int *, size_t);
typedef void ger_fn(const int *, const int *, const void *, const void *, const int *, const void *,
		    const int *, void *, const int *);
typedef void symv_fn(const char *, const int *, const void *, const void *, const int *,
		     const void *, const int *, const void *, void *, const int *, size_t);
typedef void sbmv_fn(const char *, const int *, const int *, const void *, const void *,
		     const int *, const void *, const int *, const void *, void *, const int *,
		     size_t);
typedef void spmv_fn(const char *, const int *, const void *, const void *, const void *,
		     const int *, const void *, void *, const int *, size_t);
typedef void trmv_fn(const char *, const char *, const char *, const int *, const void *,
		     const int *, void *, const int *, size_t, size_t, size_t);
typedef void tbmv_fn(const char *, const char *, const char *, const int *, const int *,
		     const void *, const int *, void *, const int *, size_t, size_t, size_t);
typedef void tpmv_fn(const char *, const char *, const char *, const int *, const void *, void *,
		     const int *, size_t, size_t, size_t);
typedef void syr_fn(const char *, const int *, const void *, const void *, const int *, void *,
		    const int *, size_t);
typedef void spr_fn(const char *, const int *, const void *, const void *, const int *, void *,
		    size_t);
typedef void syr2_fn(const char *, const int *, const void *, const void *, const int *,
		     const void *, const int *, void *, const int *, size_t);
typedef void spr2_fn(const char *, const int *, const void *, const void *, const int *,
		     const void *, const int *, void *, size_t);

/* One call's type: its element size, its scalars 1 and -1 (real and
 * complex alike: the real part first), and its 32-bit gemm. */
struct ctx {
	char type;
	int64_t size;
	const void *one, *minus_one;
	gemm_fn *gemm;
};

static const float one_s[2] = { 1.0f, 0.0f }, minus_one_s[2] = { -1.0f, 0.0f };
static const double one_d[2] = { 1.0, 0.0 }, minus_one_d[2] = { -1.0, 0.0 };

static void (*entry(char type, const char *name))(void)
{
	char full[16];
	snprintf(full, sizeof full, "%c%s_", type, name);
	return tf_ilp64_entry(full);
}

static int fits(int64_t value)
{
	return value >= -(int64_t)TF_ILP64_LIMIT - 1 && value <= TF_ILP64_LIMIT;
}

/* The block along a dimension of d: all of it where it fits, else
 * TF_ILP64_BLOCK; one where a matrix with columns along it has a leading
 * dimension beyond 32 bits. */
static int64_t step_of(int64_t d, int one_column)
{
	if (one_column)
		return 1;
	return d <= TF_ILP64_LIMIT ? (d > 0 ? d : 1) : TF_ILP64_BLOCK;
}

/* The leading dimension of a sub-matrix of rows rows: ld where it fits,
 * else (the sub-matrix has one column) the row count. */
static int ld_of(int64_t ld, int64_t rows)
{
	return fits(ld) ? (int)ld : (int)(rows > 1 ? rows : 1);
}

static char *at(const struct ctx *c, const void *p, int64_t i, int64_t j, int64_t ld)
{
	return (char *)p + (i + j * ld) * c->size;
}

/* Where a 32-bit call on elements i .. i + count - 1 of a vector of n
 * elements finds its first (for inc < 0, its last in memory order: the
 * reference's starting point). */
static char *vec_at(const struct ctx *c, const void *x, int64_t n, int64_t inc, int64_t i,
		    int64_t count)
{
	int64_t steps = inc >= 0 ? i * inc : (n - i - count) * -inc;
	return (char *)x + steps * c->size;
}

static int is_zero(const struct ctx *c, const void *p, int real)
{
	if (c->type == 's' || c->type == 'c') {
		const float *f = p;
		return f[0] == 0.0f && (real || c->type == 's' || f[1] == 0.0f);
	}
	const double *d = p;
	return d[0] == 0.0 && (real || c->type == 'd' || d[1] == 0.0);
}

/* A complex scalar (into out, 16 bytes) from a real one, or conjugated. */
static void complex_of_real(const struct ctx *c, const void *real, void *out)
{
	memset(out, 0, 16);
	memcpy(out, real, (size_t)c->size / 2);
}

static void conj_element(const struct ctx *c, void *p)
{
	if (c->type == 'c')
		((float *)p)[1] = -((float *)p)[1];
	else if (c->type == 'z')
		((double *)p)[1] = -((double *)p)[1];
}

/* ---- Level 3 */

static void gemm(const struct ctx *c, char ta, char tb, int64_t m, int64_t n, int64_t k,
		 const void *alpha, const void *a, int64_t lda, const void *b, int64_t ldb,
		 const void *beta, void *cm, int64_t ldc)
{
	if (m <= 0 || n <= 0)
		return;
	int an = ta == 'N' || ta == 'n', bn = tb == 'N' || tb == 'n';
	int64_t sm = step_of(m, !an && !fits(lda));
	int64_t sk = step_of(k, (an && !fits(lda)) || (!bn && !fits(ldb)));
	int64_t sn = step_of(n, (bn && !fits(ldb)) || !fits(ldc));
	for (int64_t j = 0; j < n; j += sn) {
		int nb = (int)MIN(sn, n - j);
		for (int64_t i = 0; i < m; i += sm) {
			int mb = (int)MIN(sm, m - i);
			for (int64_t l = 0; l == 0 || l < k; l += sk) {
				int kb = (int)(k > 0 ? MIN(sk, k - l) : 0);
				const void *as = an ? at(c, a, i, l, lda) : at(c, a, l, i, lda);
				const void *bs = bn ? at(c, b, l, j, ldb) : at(c, b, j, l, ldb);
				int la = ld_of(lda, an ? mb : kb), lb = ld_of(ldb, bn ? kb : nb);
				int lc = ld_of(ldc, mb);
				c->gemm(&ta, &tb, &mb, &nb, &kb, alpha, as, &la, bs, &lb,
					l == 0 ? beta : c->one, at(c, cm, i, j, ldc), &lc, 1, 1);
			}
		}
	}
}

/* The blocks of the triangle's dimension t: block b is [b*nb, ...). */
struct blocks {
	int64_t t, nb, count;
};

static struct blocks blocks_of(int64_t t, int64_t nb)
{
	return (struct blocks){ t, nb, t > 0 ? (t + nb - 1) / nb : 0 };
}

static int64_t block_start(const struct blocks *b, int64_t index)
{
	return index * b->nb;
}

static int64_t block_size(const struct blocks *b, int64_t index)
{
	return MIN(b->nb, b->t - index * b->nb);
}

/* trsm and trmm (solve: trsm).  Side L: the columns of B are independent,
 * the triangle cuts its rows; side R the reverse.  Each order reads A only
 * by columns (of one column where lda is beyond 32 bits): for op(A) = A
 * (side L) the updates of the rows still to solve use the solved block's
 * column of A (right-looking); for op(A) = A^T the block's own row of
 * op(A) is a column of A (left-looking); side R the reverse. */
static void trmm(const struct ctx *c, int solve, char side, char uplo, char ta, char diag,
		 int64_t m, int64_t n, const void *alpha, const void *a, int64_t lda, void *b,
		 int64_t ldb)
{
	if (m <= 0 || n <= 0)
		return;
	trmm_fn *f = (trmm_fn *)entry(c->type, solve ? "trsm" : "trmm");
	int left = side == 'L' || side == 'l', notrans = ta == 'N' || ta == 'n';
	int upper = (uplo == 'U' || uplo == 'u') == notrans; /* op(A) upper */
	int any_far = !fits(lda) || !fits(ldb);
	int64_t t = left ? m : n, other = left ? n : m;
	struct blocks tb = blocks_of(t, step_of(t, any_far));
	int64_t so = step_of(other, left && !fits(ldb));
	int zero_alpha = is_zero(c, alpha, 0);
	for (int64_t o = 0; o < other; o += so) {
		int64_t ob = MIN(so, other - o);
		char *bo = left ? at(c, b, 0, o, ldb) : at(c, b, o, 0, ldb);
		/* B's block of the triangle's rows (side L) or columns (R) */
#define BLK(s) (left ? at(c, bo, (s), 0, ldb) : at(c, bo, 0, (s), ldb))
		/* solve: forward where op(A) is lower (L) or upper (R); the
		 * products the other way round, so that what a block reads is
		 * not yet overwritten */
		int forward = solve ? (left ? !upper : upper) : (left ? upper : !upper);
		/* the column form: the block's column of A updates the others */
		int outer = left ? notrans : !notrans;
		for (int64_t step = 0; step < tb.count; step++) {
			int64_t index = forward ? step : tb.count - 1 - step;
			int64_t s0 = block_start(&tb, index), sb = block_size(&tb, index);
			/* the rows (L) or columns (R) on each side of the block */
			int64_t before = s0, after0 = s0 + sb, after = t - after0;
			int mb = (int)(left ? sb : ob), nb = (int)(left ? ob : sb);
			int la = ld_of(lda, sb), lb = ld_of(ldb, mb);
			const void *as = at(c, a, s0, s0, lda);
			if (solve) {
				/* the blocks not yet solved lie after (forward) or before */
				int64_t r0 = forward ? after0 : 0, rn = forward ? after : before;
				int64_t d0 = forward ? 0 : after0, dn = forward ? before : after;
				if (!outer && step > 0 && !zero_alpha && dn > 0) {
					/* left-looking: B_s = alpha B_s - op(A)(s, done) X_done */
					if (left)
						gemm(c, ta, 'N', sb, ob, dn, c->minus_one,
						     at(c, a, d0, s0, lda), lda, BLK(d0), ldb,
						     alpha, BLK(s0), ldb);
					else
						gemm(c, 'N', 'N', ob, sb, dn, c->minus_one, BLK(d0),
						     ldb, at(c, a, d0, s0, lda), lda, alpha,
						     BLK(s0), ldb);
				}
				const void *diag_alpha =
					step == 0 || zero_alpha || (!outer && dn == 0) ? alpha
										       : c->one;
				f(&side, &uplo, &ta, &diag, &mb, &nb, diag_alpha, as, &la, BLK(s0),
				  &lb, 1, 1, 1, 1);
				if (outer && !zero_alpha && rn > 0) {
					/* right-looking: B_rest = beta B_rest - op(A)(rest, s) X_s,
					 * beta = alpha the first time each rest block is met */
					const void *beta = step == 0 ? alpha : c->one;
					if (left)
						gemm(c, 'N', 'N', rn, ob, sb, c->minus_one,
						     at(c, a, r0, s0, lda), lda, BLK(s0), ldb, beta,
						     BLK(r0), ldb);
					else
						gemm(c, 'N', ta, ob, rn, sb, c->minus_one, BLK(s0),
						     ldb, at(c, a, r0, s0, lda), lda, beta, BLK(r0),
						     ldb);
				}
			} else if (outer) {
				/* B_others += alpha op(A)(others, s) B_s, those others
				 * already final; then B_s = alpha op(A)(s, s) B_s */
				int64_t r0 = (left ? upper : !upper) ? 0 : after0;
				int64_t rn = (left ? upper : !upper) ? before : after;
				if (!zero_alpha && rn > 0) {
					if (left)
						gemm(c, 'N', 'N', rn, ob, sb, alpha,
						     at(c, a, r0, s0, lda), lda, BLK(s0), ldb,
						     c->one, BLK(r0), ldb);
					else
						gemm(c, 'N', ta, ob, rn, sb, alpha, BLK(s0), ldb,
						     at(c, a, r0, s0, lda), lda, c->one, BLK(r0),
						     ldb);
				}
				f(&side, &uplo, &ta, &diag, &mb, &nb, alpha, as, &la, BLK(s0), &lb,
				  1, 1, 1, 1);
			} else {
				/* B_s = alpha op(A)(s, s) B_s + alpha op(A)(s, others) B_others,
				 * those others not yet overwritten */
				int64_t r0 = (left ? upper : !upper) ? after0 : 0;
				int64_t rn = (left ? upper : !upper) ? after : before;
				f(&side, &uplo, &ta, &diag, &mb, &nb, alpha, as, &la, BLK(s0), &lb,
				  1, 1, 1, 1);
				if (!zero_alpha && rn > 0) {
					if (left)
						gemm(c, ta, 'N', sb, ob, rn, alpha,
						     at(c, a, r0, s0, lda), lda, BLK(r0), ldb,
						     c->one, BLK(s0), ldb);
					else
						gemm(c, 'N', 'N', ob, sb, rn, alpha, BLK(r0), ldb,
						     at(c, a, r0, s0, lda), lda, c->one, BLK(s0),
						     ldb);
				}
			}
		}
#undef BLK
	}
}

/* symm and hemm: the triangle's column blocks in the order in which the
 * blocks its stored part updates have had their beta (upper: first to
 * last), each block T of the stored triangle used as T and as T^T (T^H). */
static void symm(const struct ctx *c, int herm, char side, char uplo, int64_t m, int64_t n,
		 const void *alpha, const void *a, int64_t lda, const void *b, int64_t ldb,
		 const void *beta, void *cm, int64_t ldc)
{
	if (m <= 0 || n <= 0)
		return;
	symm_fn *f = (symm_fn *)entry(c->type, herm ? "hemm" : "symm");
	char tt = herm ? 'C' : 'T';
	int left = side == 'L' || side == 'l', up = uplo == 'U' || uplo == 'u';
	int any_far = !fits(lda) || !fits(ldb) || !fits(ldc);
	int64_t t = left ? m : n, other = left ? n : m;
	struct blocks tb = blocks_of(t, step_of(t, any_far));
	int64_t so = step_of(other, left && (!fits(ldb) || !fits(ldc)));
	int zero_alpha = is_zero(c, alpha, 0);
	for (int64_t o = 0; o < other; o += so) {
		int64_t ob = MIN(so, other - o);
		const char *bo = left ? at(c, b, 0, o, ldb) : at(c, b, o, 0, ldb);
		char *co = left ? at(c, cm, 0, o, ldc) : at(c, cm, o, 0, ldc);
#define BB(s) (left ? at(c, bo, (s), 0, ldb) : at(c, bo, 0, (s), ldb))
#define CC(s) (left ? at(c, co, (s), 0, ldc) : at(c, co, 0, (s), ldc))
		for (int64_t step = 0; step < tb.count; step++) {
			int64_t index = up ? step : tb.count - 1 - step;
			int64_t s0 = block_start(&tb, index), sb = block_size(&tb, index);
			int mb = (int)(left ? sb : ob), nb = (int)(left ? ob : sb);
			int la = ld_of(lda, sb), lb = ld_of(ldb, mb), lc = ld_of(ldc, mb);
			f(&side, &uplo, &mb, &nb, alpha, at(c, a, s0, s0, lda), &la, BB(s0), &lb,
			  beta, CC(s0), &lc, 1, 1);
			int64_t r0 = up ? 0 : s0 + sb, rn = up ? s0 : t - s0 - sb;
			if (zero_alpha || rn == 0)
				continue;
			const char *stored = at(c, a, r0, s0, lda); /* rows r, columns s */
			if (left) {
				gemm(c, tt, 'N', sb, ob, rn, alpha, stored, lda, BB(r0), ldb,
				     c->one, CC(s0), ldc);
				gemm(c, 'N', 'N', rn, ob, sb, alpha, stored, lda, BB(s0), ldb,
				     c->one, CC(r0), ldc);
			} else {
				gemm(c, 'N', 'N', ob, sb, rn, alpha, BB(r0), ldb, stored, lda,
				     c->one, CC(s0), ldc);
				gemm(c, 'N', tt, ob, rn, sb, alpha, BB(s0), ldb, stored, lda,
				     c->one, CC(r0), ldc);
			}
		}
#undef BB
#undef CC
	}
}

/* syrk, herk, syr2k, her2k (b: NULL for the rank-k updates): C's column
 * blocks, the diagonal block by the routine itself (its sum cut where k
 * is), the rest of the stored part of the column by gemm. */
static void rank_update(const struct ctx *c, int herm, char uplo, char trans, int64_t n, int64_t k,
			const void *alpha, const void *a, int64_t lda, const void *b, int64_t ldb,
			const void *beta, void *cm, int64_t ldc)
{
	if (n <= 0)
		return;
	int two = b != NULL;
	syrk_fn *f1 = two ? NULL : (syrk_fn *)entry(c->type, herm ? "herk" : "syrk");
	syr2k_fn *f2 = two ? (syr2k_fn *)entry(c->type, herm ? "her2k" : "syr2k") : NULL;
	int nt = trans == 'N' || trans == 'n', up = uplo == 'U' || uplo == 'u';
	char tt = herm ? 'C' : 'T';
	int far_ab = !fits(lda) || (two && !fits(ldb));
	int64_t nb = step_of(n, (!nt && far_ab) || !fits(ldc));
	int64_t sk = step_of(k, nt && far_ab);
	/* gemm's scalars: complex for herk's real alpha and beta; her2k's
	 * second product takes conj(alpha) */
	unsigned char alpha_c[16], alpha2_c[16], beta_c[16];
	const void *alpha1 = alpha, *alpha2 = alpha, *gbeta = beta;
	if (herm) {
		gbeta = beta_c;
		complex_of_real(c, beta, beta_c);
		if (two) {
			memcpy(alpha2_c, alpha, (size_t)c->size);
			conj_element(c, alpha2_c);
			alpha2 = alpha2_c;
		} else {
			complex_of_real(c, alpha, alpha_c);
			alpha1 = alpha_c;
		}
	}
	for (int64_t j = 0; j < n; j += nb) {
		int jb = (int)MIN(nb, n - j);
		for (int64_t l = 0; l == 0 || l < k; l += sk) {
			int kb = (int)(k > 0 ? MIN(sk, k - l) : 0);
			int la = ld_of(lda, nt ? jb : kb), lc = ld_of(ldc, jb);
			const void *as = nt ? at(c, a, j, l, lda) : at(c, a, l, j, lda);
			const void *sub_beta = l == 0 ? beta : c->one;
			if (two) {
				int lb = ld_of(ldb, nt ? jb : kb);
				const void *bs = nt ? at(c, b, j, l, ldb) : at(c, b, l, j, ldb);
				f2(&uplo, &trans, &jb, &kb, alpha, as, &la, bs, &lb, sub_beta,
				   at(c, cm, j, j, ldc), &lc, 1, 1);
			} else {
				f1(&uplo, &trans, &jb, &kb, alpha, as, &la, sub_beta,
				   at(c, cm, j, j, ldc), &lc, 1, 1);
			}
		}
		int64_t r0 = up ? 0 : j + jb, rn = up ? j : n - j - jb;
		if (rn == 0)
			continue;
		char *cs = at(c, cm, r0, j, ldc);
		if (nt) {
			gemm(c, 'N', tt, rn, jb, k, alpha1, at(c, a, r0, 0, lda), lda,
			     two ? at(c, b, j, 0, ldb) : at(c, a, j, 0, lda), two ? ldb : lda,
			     gbeta, cs, ldc);
			if (two)
				gemm(c, 'N', tt, rn, jb, k, alpha2, at(c, b, r0, 0, ldb), ldb,
				     at(c, a, j, 0, lda), lda, c->one, cs, ldc);
		} else {
			gemm(c, tt, 'N', rn, jb, k, alpha1, at(c, a, 0, r0, lda), lda,
			     two ? at(c, b, 0, j, ldb) : at(c, a, 0, j, lda), two ? ldb : lda,
			     gbeta, cs, ldc);
			if (two)
				gemm(c, tt, 'N', rn, jb, k, alpha2, at(c, b, 0, r0, ldb), ldb,
				     at(c, a, 0, j, lda), lda, c->one, cs, ldc);
		}
	}
}

/* ---- Level 2 (increments that fit) */

static void gemv(const struct ctx *c, char trans, int64_t m, int64_t n, const void *alpha,
		 const void *a, int64_t lda, const void *x, int64_t incx, const void *beta, void *y,
		 int64_t incy)
{
	if (m <= 0 || n <= 0)
		return;
	gemv_fn *f = (gemv_fn *)entry(c->type, "gemv");
	int nt = trans == 'N' || trans == 'n';
	int64_t out = nt ? m : n, sum = nt ? n : m;
	int64_t so = step_of(out, !nt && !fits(lda)), ss = step_of(sum, nt && !fits(lda));
	int ix = (int)incx, iy = (int)incy;
	for (int64_t o = 0; o < out; o += so) {
		int64_t ob = MIN(so, out - o);
		for (int64_t s = 0; s < sum; s += ss) {
			int64_t sb = MIN(ss, sum - s);
			int rows = (int)(nt ? ob : sb), cols = (int)(nt ? sb : ob);
			int la = ld_of(lda, rows);
			f(&trans, &rows, &cols, alpha,
			  nt ? at(c, a, o, s, lda) : at(c, a, s, o, lda), &la,
			  vec_at(c, x, sum, incx, s, sb), &ix, s == 0 ? beta : c->one,
			  vec_at(c, y, out, incy, o, ob), &iy, 1);
		}
	}
}

/* gbmv: y's blocks get their beta first (a call with alpha = 0), then the
 * band's columns (trans N) or rows (T) that reach them, each piece's rows
 * and columns narrowed to where the band is: rows r0.., columns c0.. of a
 * band matrix are the band matrix at A(1, c0) with kl - (r0 - c0) and
 * ku + (r0 - c0) diagonals. */
static void gbmv(const struct ctx *c, char trans, int64_t m, int64_t n, int64_t kl, int64_t ku,
		 const void *alpha, const void *a, int64_t lda, const void *x, int64_t incx,
		 const void *beta, void *y, int64_t incy)
{
	if (m <= 0 || n <= 0)
		return;
	static const double zero[2];
	gbmv_fn *f = (gbmv_fn *)entry(c->type, "gbmv");
	int nt = trans == 'N' || trans == 'n';
	int64_t out = nt ? m : n, sum = nt ? n : m;
	int64_t so = step_of(out, !nt && !fits(lda)), ss = step_of(sum, nt && !fits(lda));
	int ix = (int)incx, iy = (int)incy, la = ld_of(lda, kl + ku + 1);
	for (int64_t o = 0; o < out; o += so) {
		int64_t ob = MIN(so, out - o);
		int one = 1, none = 0, rows = (int)(nt ? ob : 1), cols = (int)(nt ? 1 : ob);
		f(&trans, &rows, &cols, &none, &none, zero, a, &one, x, &ix, beta,
		  vec_at(c, y, out, incy, o, ob), &iy, 1);
		if (is_zero(c, alpha, 0))
			continue;
		/* the summation range that reaches this block */
		int64_t lo = nt ? o - kl : o - ku, hi = nt ? o + ob + ku : o + ob + kl;
		lo = lo < 0 ? 0 : lo, hi = hi > sum ? sum : hi;
		for (int64_t s = lo; s < hi; s += ss) {
			int64_t sb = MIN(ss, hi - s), r0, r1, c0, c1;
			if (nt) {
				c0 = s, c1 = s + sb;
				r0 = c0 - ku > o ? c0 - ku : o,
				r1 = c1 + kl < o + ob ? c1 + kl : o + ob;
			} else {
				r0 = s, r1 = s + sb;
				c0 = r0 - kl > o ? r0 - kl : o,
				c1 = r1 + ku < o + ob ? r1 + ku : o + ob;
			}
			if (r0 >= r1 || c0 >= c1)
				continue;
			int mm = (int)(r1 - r0), nn = (int)(c1 - c0);
			int kl1 = (int)(kl - (r0 - c0)), ku1 = (int)(ku + (r0 - c0));
			const void *xs =
				nt ? vec_at(c, x, n, incx, c0, nn) : vec_at(c, x, m, incx, r0, mm);
			void *ys =
				nt ? vec_at(c, y, m, incy, r0, mm) : vec_at(c, y, n, incy, c0, nn);
			f(&trans, &mm, &nn, &kl1, &ku1, alpha, at(c, a, 0, c0, lda), &la, xs, &ix,
			  c->one, ys, &iy, 1);
		}
	}
}

static void ger(const struct ctx *c, ger_fn *f, int64_t m, int64_t n, const void *alpha,
		const void *x, int64_t incx, const void *y, int64_t incy, void *a, int64_t lda)
{
	if (m <= 0 || n <= 0)
		return;
	int64_t sm = step_of(m, 0), sn = step_of(n, !fits(lda));
	int ix = (int)incx, iy = (int)incy;
	for (int64_t j = 0; j < n; j += sn) {
		int nb = (int)MIN(sn, n - j);
		for (int64_t i = 0; i < m; i += sm) {
			int mb = (int)MIN(sm, m - i), la = ld_of(lda, mb);
			f(&mb, &nb, alpha, vec_at(c, x, m, incx, i, mb), &ix,
			  vec_at(c, y, n, incy, j, nb), &iy, at(c, a, i, j, lda), &la);
		}
	}
}

/* A vector of a Level 2 call as its 32-bit calls take it: gathered into a
 * contiguous copy where its increment does not fit (or where it must be
 * contiguous, or conjugated and read only), conjugated in place where it
 * is written and conjugated (row-major CBLAS); given back after. */
struct vec {
	char *p, *copy, *orig;
	int64_t n, inc, orig_inc;
	int out, conj;
};

static int vec_take(const struct ctx *c, struct vec *v, void *p, int64_t n, int64_t inc, int out,
		    int conj, int contiguous)
{
	*v = (struct vec){ p, NULL, p, n > 0 ? n : 0, inc, inc, out, conj };
	if (v->n == 0)
		return 1;
	int copy = !fits(inc) || (contiguous && inc != 1) || (conj && !out);
	if (!copy) {
		for (int64_t i = 0; conj && i < v->n; i++)
			conj_element(c, vec_at(c, p, n, inc, i, 1));
		return 1;
	}
	v->copy = malloc((size_t)(v->n * c->size));
	if (!v->copy)
		return 0;
	for (int64_t i = 0; i < v->n; i++) {
		memcpy(v->copy + i * c->size, vec_at(c, p, n, inc, i, 1), (size_t)c->size);
		if (conj)
			conj_element(c, v->copy + i * c->size);
	}
	v->p = v->copy, v->inc = 1;
	return 1;
}

static void vec_give(const struct ctx *c, struct vec *v)
{
	if (v->copy) {
		for (int64_t i = 0; v->out && i < v->n; i++) {
			char *to = vec_at(c, v->orig, v->n, v->orig_inc, i, 1);
			memcpy(to, v->copy + i * c->size, (size_t)c->size);
			if (v->conj)
				conj_element(c, to);
		}
		free(v->copy);
	} else if (v->conj && v->out) {
		for (int64_t i = 0; i < v->n; i++)
			conj_element(c, vec_at(c, v->orig, v->n, v->orig_inc, i, 1));
	}
	v->copy = NULL, v->n = 0;
}

/* ---- symmetric and triangular band storage with n beyond 32 bits: the
 * diagonal blocks are band matrices of the same k in the same storage; two
 * neighbouring blocks (k <= the block size) couple through a k x k piece of
 * the stored triangle, which is a general band matrix in that storage
 * (upper: kl = 0, ku = k; lower: kl = k, ku = 0), taken by gbmv. */

struct band {
	const char *ab;
	int64_t n, k, lda;
	int upper;
};

/* The piece coupling block [p0, s0) and block [s0, s1): rows of the
 * stored triangle's first block and columns of the second (upper), or
 * the reverse (lower), narrowed to the band; y(rows) += alpha C x(cols)
 * for trans N, y(cols) += alpha op(C) x(rows) else (x and y of n
 * elements). */
static void coupling(const struct ctx *c, const struct band *b, int64_t p0, int64_t s0, int64_t s1,
		     char trans, const void *alpha, const void *x, int64_t incx, void *y,
		     int64_t incy)
{
	gbmv_fn *f = (gbmv_fn *)entry(c->type, "gbmv");
	int64_t r0, r1, c0, c1, kl, ku;
	if (b->upper) {
		r0 = s0 - b->k > p0 ? s0 - b->k : p0, r1 = s0;
		c0 = s0, c1 = s0 + b->k < s1 ? s0 + b->k : s1;
		kl = 0, ku = b->k;
	} else {
		r0 = s0, r1 = s0 + b->k < s1 ? s0 + b->k : s1;
		c0 = s0 - b->k > p0 ? s0 - b->k : p0, c1 = s0;
		kl = b->k, ku = 0;
	}
	if (r0 >= r1 || c0 >= c1 || b->k == 0)
		return;
	int m = (int)(r1 - r0), n = (int)(c1 - c0), la = (int)b->lda;
	int kl1 = (int)(kl - (r0 - c0)), ku1 = (int)(ku + (r0 - c0)), ix = (int)incx,
	    iy = (int)incy;
	int nt = trans == 'N' || trans == 'n';
	f(&trans, &m, &n, &kl1, &ku1, alpha, at(c, b->ab, 0, c0, b->lda), &la,
	  nt ? vec_at(c, x, b->n, incx, c0, n) : vec_at(c, x, b->n, incx, r0, m), &ix, c->one,
	  nt ? vec_at(c, y, b->n, incy, r0, m) : vec_at(c, y, b->n, incy, c0, n), &iy, 1);
}

/* sbmv, hbmv: each block's diagonal part with beta, then its coupling
 * with the block before (both have had their beta). */
static void band_symmetric(const struct ctx *c, int herm, char uplo, const struct band *b,
			   const void *alpha, const void *x, int64_t incx, const void *beta,
			   void *y, int64_t incy)
{
	sbmv_fn *f = (sbmv_fn *)entry(c->type, herm ? "hbmv" : "sbmv");
	struct blocks tb = blocks_of(b->n, step_of(b->n, 0));
	int k = (int)b->k, la = (int)b->lda, ix = (int)incx, iy = (int)incy;
	for (int64_t index = 0; index < tb.count; index++) {
		int64_t s0 = block_start(&tb, index);
		int sb = (int)block_size(&tb, index);
		f(&uplo, &sb, &k, alpha, at(c, b->ab, 0, s0, b->lda), &la,
		  vec_at(c, x, b->n, incx, s0, sb), &ix, beta, vec_at(c, y, b->n, incy, s0, sb),
		  &iy, 1);
		if (index == 0 || is_zero(c, alpha, 0))
			continue;
		int64_t p0 = block_start(&tb, index - 1);
		coupling(c, b, p0, s0, s0 + sb, 'N', alpha, x, incx, y, incy);
		coupling(c, b, p0, s0, s0 + sb, herm ? 'C' : 'T', alpha, x, incx, y, incy);
	}
}

/* tbmv, tbsv: block by block in the order in which what a block reads is
 * not yet overwritten (products) or already solved (solves); the coupling
 * of op(A) with the neighbouring block added (products) or subtracted
 * (solves) by gbmv. */
static void band_triangular(const struct ctx *c, int solve, char uplo, char trans, char diag,
			    const struct band *b, void *x, int64_t incx)
{
	tbmv_fn *f = (tbmv_fn *)entry(c->type, solve ? "tbsv" : "tbmv");
	struct blocks tb = blocks_of(b->n, step_of(b->n, 0));
	int notrans = trans == 'N' || trans == 'n', op_upper = b->upper == notrans;
	int forward = solve ? !op_upper : op_upper;
	int k = (int)b->k, la = (int)b->lda, ix = (int)incx;
	for (int64_t step = 0; step < tb.count; step++) {
		int64_t index = forward ? step : tb.count - 1 - step;
		int64_t s0 = block_start(&tb, index);
		int sb = (int)block_size(&tb, index);
		/* the neighbour op(A)(s, other) reads: after (op upper) or before */
		int64_t other = op_upper ? index + 1 : index - 1;
		int has_other = other >= 0 && other < tb.count;
		/* the coupling piece lies between blocks first and first + 1 */
		int64_t first = op_upper ? index : index - 1;
		int64_t p0 = block_start(&tb, first), q0 = block_start(&tb, first + 1);
		int64_t q1 = q0 + block_size(&tb, first + 1);
		/* op(A)(s, other) x(other) is C x or op(C) x, C the stored piece:
		 * rows are block s where the piece's rows are s's */
		int rows_are_s = b->upper ? first == index : first != index;
		char t = rows_are_s ? 'N' : trans;
		if (solve && has_other)
			coupling(c, b, p0, q0, q1, t, c->minus_one, x, incx, x, incx);
		f(&uplo, &trans, &diag, &sb, &k, at(c, b->ab, 0, s0, b->lda), &la,
		  vec_at(c, x, b->n, incx, s0, sb), &ix, 1, 1, 1);
		if (!solve && has_other)
			coupling(c, b, p0, q0, q1, t, c->one, x, incx, x, incx);
	}
}

static const char packed_why[] = "n beyond 32 bits in packed storage, n(n+1)/2 elements, more "
				 "than an address space holds";
static const char band_why[] = "k beyond 2^30 with n beyond 32 bits in band storage, "
			       "more elements than an address space holds";

/* A symmetric or triangular band call's band where n is beyond 32 bits or
 * lda is: lda beyond 32 bits gathered into a contiguous copy of k + 1 rows
 * (the address space bounds its columns); NULL where k is too large. */
static const char *band_of(const struct ctx *c, char uplo, int64_t n, int64_t k, const void *a,
			   int64_t lda, struct band *b, char **copy)
{
	*b = (struct band){ a, n, k, lda, uplo == 'U' || uplo == 'u' };
	*copy = NULL;
	if (!fits(k + 1) || (!fits(n) && k > TF_ILP64_BLOCK))
		return band_why;
	if (fits(lda))
		return NULL;
	*copy = malloc((size_t)((k + 1) * n * c->size));
	if (!*copy)
		return "no memory for a contiguous copy of the band";
	for (int64_t j = 0; j < n; j++)
		memcpy(*copy + j * (k + 1) * c->size, at(c, a, 0, j, lda),
		       (size_t)((k + 1) * c->size));
	b->ab = *copy, b->lda = k + 1;
	return NULL;
}

/* A Level 2 call on a square matrix in full, band or packed storage (n =
 * i[0]; then lda = i[1], or k = i[1] and lda = i[2]; a the matrix): *whole
 * when all its integers fit (one 32-bit call), else the band's description
 * (band_of); or why the call cannot run (packed storage beyond 32 bits). */
static const char *square_storage(const struct ctx *c, char uplo, const int64_t *i, const void *a,
				  int band, int packed, int *whole, struct band *b, char **band_copy)
{
	*whole = fits(i[0]) && (packed || fits(i[1])) && (!band || fits(i[2]));
	*band_copy = NULL;
	if (*whole)
		return NULL;
	if (packed)
		return packed_why;
	return band ? band_of(c, uplo, i[0], i[1], a, i[2], b, band_copy) : NULL;
}

static const char *level2(const struct ctx *c, const struct tf_ilp64_call *k)
{
	const int64_t *i = k->ints;
	void *const *p = k->ptrs;
	const char *o = k->options, *name = k->name + 1;
	int herm = name[0] == 'h', solve = strstr(name, "sv") != NULL;
	void (*self)(void) = entry(k->type, name);
	int cx = (k->conj & 1) != 0, cy = (k->conj & 2) != 0;
	struct vec x = { 0 }, y = { 0 };
	const char *why = NULL;
	int nt = o[0] == 'N' || o[0] == 'n';
	int ok = 1;
	/* narrowed integers for the whole calls */
	int n0 = (int)i[0], n1 = (int)i[1], n2 = (int)i[2];
	switch (k->family) {
	case TF_ILP64_GEMV:
		if (i[0] <= 0 || i[1] <= 0)
			break;
		ok = vec_take(c, &x, p[2], nt ? i[1] : i[0], i[3], 0, cx, 0) &&
			vec_take(c, &y, p[4], nt ? i[0] : i[1], i[4], 1, cy, 0);
		if (ok)
			gemv(c, o[0], i[0], i[1], p[0], p[1], i[2], x.p, x.inc, p[3], y.p, y.inc);
		break;
	case TF_ILP64_GBMV:
		if (i[0] <= 0 || i[1] <= 0)
			break;
		if (!fits(i[2]) || !fits(i[3]) || !fits(i[2] + i[3] + 1)) {
			why = "kl or ku beyond 32 bits";
			break;
		}
		ok = vec_take(c, &x, p[2], nt ? i[1] : i[0], i[5], 0, cx, 0) &&
			vec_take(c, &y, p[4], nt ? i[0] : i[1], i[6], 1, cy, 0);
		if (ok)
			gbmv(c, o[0], i[0], i[1], i[2], i[3], p[0], p[1], i[4], x.p, x.inc, p[3],
			     y.p, y.inc);
		break;
	case TF_ILP64_SYMV:
	case TF_ILP64_SBMV:
	case TF_ILP64_SPMV: {
		int band = k->family == TF_ILP64_SBMV, packed = k->family == TF_ILP64_SPMV;
		int64_t incx = i[packed ? 1 : band ? 3 : 2], incy = i[packed ? 2 : band ? 4 : 3];
		int whole;
		struct band b;
		char *band_copy;
		if (i[0] <= 0 ||
		    (why = square_storage(c, o[0], i, p[1], band, packed, &whole, &b, &band_copy)))
			break;
		ok = vec_take(c, &x, p[2], i[0], incx, 0, cx, !whole && !band) &&
			vec_take(c, &y, p[4], i[0], incy, 1, cy, !whole && !band);
		int ix = (int)x.inc, iy = (int)y.inc;
		if (!ok) {
			free(band_copy);
			break;
		}
		if (!whole && band)
			band_symmetric(c, herm, o[0], &b, p[0], x.p, x.inc, p[3], y.p, y.inc);
		else if (!whole)
			symm(c, herm, 'L', o[0], i[0], 1, p[0], p[1], i[1], x.p, i[0], p[3], y.p,
			     i[0]);
		else if (band)
			((sbmv_fn *)self)(o, &n0, &n1, p[0], p[1], &n2, x.p, &ix, p[3], y.p, &iy,
					  1);
		else if (packed)
			((spmv_fn *)self)(o, &n0, p[0], p[1], x.p, &ix, p[3], y.p, &iy, 1);
		else
			((symv_fn *)self)(o, &n0, p[0], p[1], &n1, x.p, &ix, p[3], y.p, &iy, 1);
		free(band_copy);
		break;
	}
	case TF_ILP64_TRMV:
	case TF_ILP64_TRSV:
	case TF_ILP64_TBMV:
	case TF_ILP64_TBSV:
	case TF_ILP64_TPMV:
	case TF_ILP64_TPSV: {
		int band = k->family == TF_ILP64_TBMV || k->family == TF_ILP64_TBSV;
		int packed = k->family == TF_ILP64_TPMV || k->family == TF_ILP64_TPSV;
		int64_t incx = i[packed ? 1 : band ? 3 : 2];
		int whole;
		struct band b;
		char *band_copy;
		if (i[0] <= 0 ||
		    (why = square_storage(c, o[0], i, p[0], band, packed, &whole, &b, &band_copy)))
			break;
		ok = vec_take(c, &x, p[1], i[0], incx, 1, cx, !whole && !band);
		int ix = (int)x.inc;
		if (!ok) {
			free(band_copy);
			break;
		}
		if (!whole && band)
			band_triangular(c, solve, o[0], o[1], o[2], &b, x.p, x.inc);
		else if (!whole)
			trmm(c, solve, 'L', o[0], o[1], o[2], i[0], 1, c->one, p[0], i[1], x.p,
			     i[0]);
		else if (band)
			((tbmv_fn *)self)(o, o + 1, o + 2, &n0, &n1, p[0], &n2, x.p, &ix, 1, 1, 1);
		else if (packed)
			((tpmv_fn *)self)(o, o + 1, o + 2, &n0, p[0], x.p, &ix, 1, 1, 1);
		else
			((trmv_fn *)self)(o, o + 1, o + 2, &n0, p[0], &n1, x.p, &ix, 1, 1, 1);
		free(band_copy);
		break;
	}
	case TF_ILP64_GER:
		if (i[0] <= 0 || i[1] <= 0)
			break;
		ok = vec_take(c, &x, p[1], i[0], i[2], 0, cx, 0) &&
			vec_take(c, &y, p[2], i[1], i[3], 0, cy, 0);
		if (ok)
			ger(c, (ger_fn *)self, i[0], i[1], p[0], x.p, x.inc, y.p, y.inc, p[3],
			    i[4]);
		break;
	case TF_ILP64_SYR:
	case TF_ILP64_SPR:
	case TF_ILP64_SYR2:
	case TF_ILP64_SPR2: {
		int two = k->family == TF_ILP64_SYR2 || k->family == TF_ILP64_SPR2;
		int packed = k->family == TF_ILP64_SPR || k->family == TF_ILP64_SPR2;
		int64_t lda = packed ? 0 : i[two ? 3 : 2];
		int whole = fits(i[0]) && fits(lda);
		if (i[0] <= 0)
			break;
		if (!whole && packed) {
			why = packed_why;
			break;
		}
		ok = vec_take(c, &x, p[1], i[0], i[1], 0, cx, !whole) &&
			(!two || vec_take(c, &y, p[2], i[0], i[2], 0, cy, !whole));
		if (!ok)
			break;
		int ix = (int)x.inc, iy = (int)y.inc, la = (int)lda;
		void *ap = p[two ? 3 : 2];
		if (!whole)
			rank_update(c, herm, o[0], 'N', i[0], 1, p[0], x.p, i[0], two ? y.p : NULL,
				    i[0], c->one, ap, lda);
		else if (two && packed)
			((spr2_fn *)self)(o, &n0, p[0], x.p, &ix, y.p, &iy, ap, 1);
		else if (two)
			((syr2_fn *)self)(o, &n0, p[0], x.p, &ix, y.p, &iy, ap, &la, 1);
		else if (packed)
			((spr_fn *)self)(o, &n0, p[0], x.p, &ix, ap, 1);
		else
			((syr_fn *)self)(o, &n0, p[0], x.p, &ix, ap, &la, 1);
		break;
	}
	default:
		why = "not a Level 2 or 3 routine";
		break;
	}
	vec_give(c, &y);
	vec_give(c, &x);
	if (!ok)
		why = "no memory for a contiguous copy of a vector";
	return why;
}

const char *tf_ilp64_run(const struct tf_ilp64_call *k)
{
	struct ctx c = { .type = k->type };
	c.size = k->type == 's' ? 4 : k->type == 'z' ? 16 : 8;
	int single = k->type == 's' || k->type == 'c';
	c.one = single ? (const void *)one_s : (const void *)one_d;
	c.minus_one = single ? (const void *)minus_one_s : (const void *)minus_one_d;
	c.gemm = (gemm_fn *)entry(k->type, "gemm");
	const int64_t *i = k->ints;
	void *const *p = k->ptrs;
	const char *o = k->options, *name = k->name + 1;
	int herm = name[0] == 'h';
	switch (k->family) {
	case TF_ILP64_GEMM:
		gemm(&c, o[0], o[1], i[0], i[1], i[2], p[0], p[1], i[3], p[2], i[4], p[3], p[4],
		     i[5]);
		return NULL;
	case TF_ILP64_SYMM:
		symm(&c, herm, o[0], o[1], i[0], i[1], p[0], p[1], i[2], p[2], i[3], p[3], p[4],
		     i[4]);
		return NULL;
	case TF_ILP64_SYRK:
	case TF_ILP64_HERK:
		rank_update(&c, herm, o[0], o[1], i[0], i[1], p[0], p[1], i[2], NULL, 0, p[2], p[3],
			    i[3]);
		return NULL;
	case TF_ILP64_SYR2K:
	case TF_ILP64_HER2K:
		rank_update(&c, herm, o[0], o[1], i[0], i[1], p[0], p[1], i[2], p[2], i[3], p[3],
			    p[4], i[4]);
		return NULL;
	case TF_ILP64_TRMM:
		trmm(&c, strcmp(name, "trsm") == 0, o[0], o[1], o[2], o[3], i[0], i[1], p[0], p[1],
		     i[2], p[2], i[3]);
		return NULL;
	default:
		return level2(&c, k);
	}
}
