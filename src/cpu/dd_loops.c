/* The inner loops of the CPU DD kernels.  This file is compiled once per
 * instruction set, with TF_ISA defined as generic, avx2 or avx512 and the
 * matching -m flags; the compiler vectorizes the loops marked `omp simd`
 * (-fopenmp-simd: no OpenMP run time), and the GEMM register tile is written
 * with AVX2 or AVX-512 vectors where the build has them.  The arithmetic is
 * arith_dd.h's, the same as the GPU kernels', so vectorizing across
 * independent elements changes no result: every lane runs the same
 * operations in the same order (test kernel-isa). */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include "cpu/dd_loops.h"

#if !defined(TF_ISA)
#error "compile with -DTF_ISA=generic, avx2 or avx512"
#endif
#define PASTE(a, b) a##b
#define ISA_NAME(name, isa) PASTE(name, isa)
#define LOOPS(name) ISA_NAME(name##_, TF_ISA)
#define STRING(x) #x
#define ISA_STRING(x) STRING(x)

/* The register tile: mr rows (a multiple of the vector length) by nr
 * columns, sized so that the 2 mr nr accumulators and the temporaries of
 * tf_dd_fma fit the register file (16 vector registers with AVX2, 32 with
 * AVX-512). */
#if defined(__AVX512F__)
#define MR 16
#define NR 4
#elif defined(__AVX2__)
#define MR 8
#define NR 4
#else
#define MR 4
#define NR 2
#endif

/* The tile's sums take each product exactly and add it to the leading word
 * by TwoSum, the rounding errors gathered in the second word
 * (tf_dd_fma_lazy: one addition per step on each word's chain, against
 * tf_dd_fma's renormalizing chain of eight), renormalized every RENORMALIZE
 * steps and at the end, as the GPU's DD GEMM does (kernels/arith_traits.cuh):
 * a sum of k products is within ((1 + s/2) k + 3s + 9) u^2 = (5k + 33) u^2
 * of the sum of their magnitudes (docs/ACCURACY.md), s = 8.  The steps
 * depend on kc only, not on the instruction set. */
#define RENORMALIZE TF_DD_TILE_RENORMALIZE

/* The triangular solves' tile (gemm_tile_dd): a DD right-hand side takes
 * two registers per column, and the lazy step more temporaries. */
#if !defined(MR_DD)
#if defined(__AVX512F__)
#define MR_DD 16
#define NR_DD 4
#elif defined(__AVX2__)
#define MR_DD 8
#define NR_DD 2
#else
#define MR_DD 4
#define NR_DD 2
#endif
#endif

#if defined(__AVX2__)
/* With AVX2 and AVX-512 the register tile is written with vectors of VLEN
 * doubles, so that its 2 NR accumulator pairs stay in registers across the
 * inner loop (the loop form below keeps them in memory): each step is
 * tf_dd_fma_lazy's operations in its order, lane by lane (TwoProd by an
 * exact fused multiply-subtract, TwoSum), and so is the renormalization,
 * so the bits are the generic loop's. */
#include <immintrin.h>
#if defined(__AVX512F__)
#define VLEN 8
typedef __m512d vec;
#define VLOAD _mm512_loadu_pd
#define VSTORE _mm512_storeu_pd
#define VSET1 _mm512_set1_pd
#define VADD _mm512_add_pd
#define VSUB _mm512_sub_pd
#define VMUL _mm512_mul_pd
#define VFMSUB _mm512_fmsub_pd
#define VFMADD _mm512_fmadd_pd
#define VFNMADD _mm512_fnmadd_pd
#else
#define VLEN 4
typedef __m256d vec;
#define VLOAD _mm256_loadu_pd
#define VSTORE _mm256_storeu_pd
#define VSET1 _mm256_set1_pd
#define VADD _mm256_add_pd
#define VSUB _mm256_sub_pd
#define VMUL _mm256_mul_pd
#define VFMSUB _mm256_fmsub_pd
#define VFMADD _mm256_fmadd_pd
#define VFNMADD _mm256_fnmadd_pd
#endif
#define VECS (MR / VLEN)

/* x + y and x - y on the multiply-add units, as x 1 + y and -(y 1) + x:
 * the same rounding, the same bits.  The steps below are mostly additions;
 * where the additions have units of their own (AMD's Zen: two for
 * additions, two for multiply-adds) moving some of them to the multiply-add
 * units balances the two (gemm_tile's vector step on a Zen 3: 1.59 ->
 * 1.36 ns, measured with its data in L1). */
#define VADD_FMA(x, y) VFMADD(x, VSET1(1.0), y)
#define VSUB_FMA(x, y) VFNMADD(y, VSET1(1.0), x)

/* (hi, lo) = tf_dd_fma_lazy((hi, lo), a, b), lane by lane */
#define VDD_FMA(hi, lo, a, b)                                                      \
	do {                                                                        \
		vec p_ = VMUL(a, b), e_ = VFMSUB(a, b, p_);                         \
		vec s_ = VADD(hi, p_), bb_ = VSUB(s_, hi);                          \
		vec t_ = VADD_FMA(VSUB(hi, VSUB(s_, bb_)), VSUB_FMA(p_, bb_));     \
		hi = s_;                                                            \
		lo = VADD(lo, VADD_FMA(t_, e_));                                    \
	} while (0)

/* (hi, lo) = tf_dd_fma((hi, lo), a, b), lane by lane: the renormalizing
 * step, in its order (the dot loops); four of its eleven additions on the
 * multiply-add units (zdotc of 4096 on a Zen 3: 14.6 -> 13.2 us) */
#define VDD_FMA_RENORMALIZED(hi, lo, a, b)                                         \
	do {                                                                        \
		vec p_ = VMUL(a, b), e_ = VFMSUB(a, b, p_);                         \
		vec s_ = VADD(hi, p_), bb_ = VSUB(s_, hi);                          \
		vec t_ = VADD_FMA(VSUB(hi, VSUB(s_, bb_)), VSUB_FMA(p_, bb_));     \
		t_ = VADD(t_, VADD_FMA(lo, e_));                                    \
		hi = VADD(s_, t_);                                                  \
		lo = VSUB(t_, VSUB_FMA(hi, s_));                                    \
	} while (0)

/* (hi, lo) = tf_dd_renormalize((hi, lo)) */
#define VDD_RENORMALIZE(hi, lo)                                                     \
	do {                                                                        \
		vec s_ = VADD(hi, lo), bb_ = VSUB(s_, hi);                          \
		lo = VADD(VSUB(hi, VSUB(s_, bb_)), VSUB(lo, bb_));                 \
		hi = s_;                                                            \
	} while (0)

static void LOOPS(gemm_tile)(int kc, const double *restrict ap, const double *restrict bp,
			     double *restrict acc_hi, double *restrict acc_lo, int ld, int fresh)
{
	vec hi[NR][VECS], lo[NR][VECS];
#pragma GCC unroll 8
	for (int j = 0; j < NR; j++)
#pragma GCC unroll 4
		for (int v = 0; v < VECS; v++) {
			hi[j][v] = fresh ? VSET1(0.0) : VLOAD(acc_hi + j * ld + v * VLEN);
			lo[j][v] = fresh ? VSET1(0.0) : VLOAD(acc_lo + j * ld + v * VLEN);
		}
	for (int l0 = 0; l0 < kc; l0 += RENORMALIZE) {
		int stop = kc - l0 > RENORMALIZE ? l0 + RENORMALIZE : kc;
		for (int l = l0; l < stop; l++) {
			vec a[VECS];
#pragma GCC unroll 4
			for (int v = 0; v < VECS; v++)
				a[v] = VLOAD(ap + l * MR + v * VLEN);
#pragma GCC unroll 8
			for (int j = 0; j < NR; j++) {
				vec b = VSET1(bp[l * NR + j]);
#pragma GCC unroll 4
				for (int v = 0; v < VECS; v++)
					VDD_FMA(hi[j][v], lo[j][v], a[v], b);
			}
		}
#pragma GCC unroll 8
		for (int j = 0; j < NR; j++)
#pragma GCC unroll 4
			for (int v = 0; v < VECS; v++)
				VDD_RENORMALIZE(hi[j][v], lo[j][v]);
	}
#pragma GCC unroll 8
	for (int j = 0; j < NR; j++)
#pragma GCC unroll 4
		for (int v = 0; v < VECS; v++) {
			VSTORE(acc_hi + j * ld + v * VLEN, hi[j][v]);
			VSTORE(acc_lo + j * ld + v * VLEN, lo[j][v]);
		}
}
#else
static void LOOPS(gemm_tile)(int kc, const double *restrict ap, const double *restrict bp,
			     double *restrict acc_hi, double *restrict acc_lo, int ld, int fresh)
{
	double hi[NR][MR], lo[NR][MR];
	for (int j = 0; j < NR; j++)
		for (int i = 0; i < MR; i++) {
			hi[j][i] = fresh ? 0.0 : acc_hi[j * ld + i];
			lo[j][i] = fresh ? 0.0 : acc_lo[j * ld + i];
		}
	for (int l0 = 0; l0 < kc; l0 += RENORMALIZE) {
		int stop = kc - l0 > RENORMALIZE ? l0 + RENORMALIZE : kc;
		for (int l = l0; l < stop; l++) {
			const double *a = ap + l * MR;
			const double *b = bp + l * NR;
			for (int j = 0; j < NR; j++) {
#pragma omp simd
				for (int i = 0; i < MR; i++) {
					tf_dd r = tf_dd_fma_lazy(tf_dd_make(hi[j][i], lo[j][i]), a[i],
								 b[j]);
					hi[j][i] = r.hi;
					lo[j][i] = r.lo;
				}
			}
		}
		for (int j = 0; j < NR; j++) {
#pragma omp simd
			for (int i = 0; i < MR; i++) {
				tf_dd r = tf_dd_renormalize(tf_dd_make(hi[j][i], lo[j][i]));
				hi[j][i] = r.hi;
				lo[j][i] = r.lo;
			}
		}
	}
	for (int j = 0; j < NR; j++)
		for (int i = 0; i < MR; i++) {
			acc_hi[j * ld + i] = hi[j][i];
			acc_lo[j * ld + i] = lo[j][i];
		}
}
#endif

/* One element of a column update, acc[k] += a x by tf_dd_fma (sum_hi,
 * sum_lo: the sums' words).  The AVX2 loops below take VLEN at a time in
 * the dot step's vector form (some of the additions on the multiply-add
 * units): the same operations in the same order, the same bits. */
#define COLUMN_STEP(sum_hi, sum_lo, k, a, x)                                        \
	do {                                                                        \
		tf_dd r_ = tf_dd_fma(tf_dd_make((sum_hi)[k], (sum_lo)[k]), a, x);   \
		(sum_hi)[k] = r_.hi;                                                \
		(sum_lo)[k] = r_.lo;                                                \
	} while (0)

static void LOOPS(column_update)(int m, const double *restrict a, double x,
				 double *restrict acc_hi, double *restrict acc_lo)
{
	int i = 0;
#if defined(__AVX2__)
	const vec xv = VSET1(x);
	for (; i + VLEN <= m; i += VLEN) {
		vec hi = VLOAD(acc_hi + i), lo = VLOAD(acc_lo + i), av = VLOAD(a + i);
		VDD_FMA_RENORMALIZED(hi, lo, av, xv);
		VSTORE(acc_hi + i, hi);
		VSTORE(acc_lo + i, lo);
	}
#endif
#pragma omp simd
	for (int k = i; k < m; k++)
		COLUMN_STEP(acc_hi, acc_lo, k, a[k], x);
}

/* column_update for two factors at once (a complex column times the two
 * parts of x): acc1[i] += a[i] x1 and acc2[i] += a[i] x2, each sum's steps
 * those of column_update, a read once. */
static void LOOPS(column_update2)(int m, const double *restrict a, double x1, double x2,
				  double *restrict hi1, double *restrict lo1, double *restrict hi2,
				  double *restrict lo2)
{
	int i = 0;
#if defined(__AVX2__)
	const vec x1v = VSET1(x1), x2v = VSET1(x2);
	for (; i + VLEN <= m; i += VLEN) {
		/* every load before the first store */
		vec av = VLOAD(a + i);
		vec h1 = VLOAD(hi1 + i), l1 = VLOAD(lo1 + i), h2 = VLOAD(hi2 + i), l2 = VLOAD(lo2 + i);
		VDD_FMA_RENORMALIZED(h1, l1, av, x1v);
		VDD_FMA_RENORMALIZED(h2, l2, av, x2v);
		VSTORE(hi1 + i, h1);
		VSTORE(lo1 + i, l1);
		VSTORE(hi2 + i, h2);
		VSTORE(lo2 + i, l2);
	}
#endif
#pragma omp simd
	for (int k = i; k < m; k++) {
		COLUMN_STEP(hi1, lo1, k, a[k], x1);
		COLUMN_STEP(hi2, lo2, k, a[k], x2);
	}
}

/* Sums of a block of columns, each with its own part of x (the dot pass's
 * short columns): for c < columns,
 *   (hi, lo)[c] = sum over t < len of a[c a_step + t] x[c x_step + t],
 * each from (+0, +0) by tf_dd_fma in the order of t, as column_update's
 * steps take it row by row.  The sums of COLUMN_GROUP columns advance
 * together, so that their chains of dependent additions overlap. */
#define COLUMN_GROUP 8

static void columns_dot_group(int columns, int len, const double *restrict a, size_t a_step,
			      const double *restrict x, size_t x_step, double *restrict hi,
			      double *restrict lo)
{
	double h[COLUMN_GROUP] = { 0.0 }, l[COLUMN_GROUP] = { 0.0 };
	for (int t = 0; t < len; t++)
#pragma omp simd
		for (int c = 0; c < columns; c++)
			COLUMN_STEP(h, l, c, a[c * a_step + t], x[c * x_step + t]);
	for (int c = 0; c < columns; c++) {
		hi[c] = h[c];
		lo[c] = l[c];
	}
}

#if defined(__AVX2__)
/* Element t of VLEN columns stride doubles apart, a vector. */
static inline vec column_lanes(const double *a, size_t stride, size_t t)
{
#if VLEN == 8
	return _mm512_set_pd(a[7 * stride + t], a[6 * stride + t], a[5 * stride + t],
			     a[4 * stride + t], a[3 * stride + t], a[2 * stride + t],
			     a[stride + t], a[t]);
#else
	return _mm256_set_pd(a[3 * stride + t], a[2 * stride + t], a[stride + t], a[t]);
#endif
}

/* x's elements t of those columns: x_step 1 (band storage: each column's
 * part starts one row below the last's) or 0 (the same rows). */
static inline vec column_x(const double *x, size_t x_step, size_t t)
{
	return x_step ? VLOAD(x + t) : VSET1(x[t]);
}
#endif

static void LOOPS(columns_dot)(int columns, int len, const double *restrict a, size_t a_step,
			       const double *restrict x, size_t x_step, double *restrict hi,
			       double *restrict lo)
{
	int c = 0;
#if defined(__AVX2__)
	/* four vectors of columns at a time, their sums in registers (the
	 * steps' chains of dependent additions interleaved) */
	if (x_step <= 1)
		for (; c + 4 * VLEN <= columns; c += 4 * VLEN) {
			const double *ac = a + c * a_step, *xc = x + c * x_step;
			const size_t av = VLEN * a_step, xv = VLEN * x_step;
			vec h0 = VSET1(0.0), l0 = h0, h1 = h0, l1 = h0, h2 = h0, l2 = h0, h3 = h0,
			    l3 = h0;
			for (int t = 0; t < len; t++) {
				VDD_FMA_RENORMALIZED(h0, l0, column_lanes(ac, a_step, t),
						     column_x(xc, x_step, t));
				VDD_FMA_RENORMALIZED(h1, l1, column_lanes(ac + av, a_step, t),
						     column_x(xc + xv, x_step, t));
				VDD_FMA_RENORMALIZED(h2, l2, column_lanes(ac + 2 * av, a_step, t),
						     column_x(xc + 2 * xv, x_step, t));
				VDD_FMA_RENORMALIZED(h3, l3, column_lanes(ac + 3 * av, a_step, t),
						     column_x(xc + 3 * xv, x_step, t));
			}
			VSTORE(hi + c, h0);
			VSTORE(lo + c, l0);
			VSTORE(hi + c + VLEN, h1);
			VSTORE(lo + c + VLEN, l1);
			VSTORE(hi + c + 2 * VLEN, h2);
			VSTORE(lo + c + 2 * VLEN, l2);
			VSTORE(hi + c + 3 * VLEN, h3);
			VSTORE(lo + c + 3 * VLEN, l3);
		}
#endif
	for (; c < columns; c += COLUMN_GROUP) {
		int group = columns - c < COLUMN_GROUP ? columns - c : COLUMN_GROUP;
		columns_dot_group(group, len, a + c * a_step, a_step, x + c * x_step, x_step, hi + c,
				  lo + c);
	}
}

/* columns_dot for complex columns, len elements each ((re, im) pairs), by
 * the two parts of x at once as column_update2 takes them: for c <
 * columns and each part p of a's elements (0: re, 1: im),
 *   (hi1, lo1)[2c + p] = sum over t < len of a[c a_step + 2t + p] x1[2 (c x_step + t)],
 * and (hi2, lo2) the same with x2. */
static void zcolumns_dot_group(int columns, int len, const double *restrict a, size_t a_step,
			       const double *restrict x1, const double *restrict x2,
			       size_t x_step, double *restrict hi1, double *restrict lo1,
			       double *restrict hi2, double *restrict lo2)
{
	double h1[2 * COLUMN_GROUP] = { 0.0 }, l1[2 * COLUMN_GROUP] = { 0.0 };
	double h2[2 * COLUMN_GROUP] = { 0.0 }, l2[2 * COLUMN_GROUP] = { 0.0 };
	for (int t = 0; t < len; t++)
#pragma omp simd
		for (int q = 0; q < 2 * columns; q++) {
			size_t c = (size_t)q / 2, xt = 2 * (c * x_step + t);
			double e = a[c * a_step + 2 * (size_t)t + q % 2];
			COLUMN_STEP(h1, l1, q, e, x1[xt]);
			COLUMN_STEP(h2, l2, q, e, x2[xt]);
		}
	for (int q = 0; q < 2 * columns; q++) {
		hi1[q] = h1[q];
		lo1[q] = l1[q];
		hi2[q] = h2[q];
		lo2[q] = l2[q];
	}
}

#if defined(__AVX2__)
/* Element t of VLEN / 2 complex columns stride doubles apart, a vector. */
static inline vec zcolumn_lanes(const double *a, size_t stride, size_t t)
{
#if VLEN == 8
	return _mm512_set_pd(a[3 * stride + 2 * t + 1], a[3 * stride + 2 * t],
			     a[2 * stride + 2 * t + 1], a[2 * stride + 2 * t],
			     a[stride + 2 * t + 1], a[stride + 2 * t], a[2 * t + 1], a[2 * t]);
#else
	return _mm256_set_m128d(_mm_loadu_pd(a + stride + 2 * t), _mm_loadu_pd(a + 2 * t));
#endif
}

/* The real parts of x's elements t of those columns, each in its column's
 * two lanes (x_step 1 or 0, as column_x). */
static inline vec zcolumn_x(const double *x, size_t x_step, size_t t)
{
#if VLEN == 8
	return x_step ? _mm512_movedup_pd(VLOAD(x + 2 * t)) : VSET1(x[2 * t]);
#else
	return x_step ? _mm256_movedup_pd(VLOAD(x + 2 * t)) : VSET1(x[2 * t]);
#endif
}
#endif

static void LOOPS(zcolumns_dot)(int columns, int len, const double *restrict a, size_t a_step,
				const double *restrict x1, const double *restrict x2,
				size_t x_step, double *restrict hi1, double *restrict lo1,
				double *restrict hi2, double *restrict lo2)
{
	int c = 0;
#if defined(__AVX2__)
	/* two vectors of columns at a time, by both parts of x: four sums */
	if (x_step <= 1)
		for (; c + VLEN <= columns; c += VLEN) {
			const size_t half = VLEN / 2, av = half * a_step, xv = 2 * half * x_step;
			const double *ac = a + c * a_step, *xa = x1 + 2 * c * x_step,
				     *xb = x2 + 2 * c * x_step;
			vec ha = VSET1(0.0), la = ha, hb = ha, lb = ha, hc = ha, lc = ha, hd = ha,
			    ld = ha;
			for (int t = 0; t < len; t++) {
				vec e0 = zcolumn_lanes(ac, a_step, t), e1 = zcolumn_lanes(ac + av, a_step, t);
				VDD_FMA_RENORMALIZED(ha, la, e0, zcolumn_x(xa, x_step, t));
				VDD_FMA_RENORMALIZED(hb, lb, e0, zcolumn_x(xb, x_step, t));
				VDD_FMA_RENORMALIZED(hc, lc, e1, zcolumn_x(xa + xv, x_step, t));
				VDD_FMA_RENORMALIZED(hd, ld, e1, zcolumn_x(xb + xv, x_step, t));
			}
			VSTORE(hi1 + 2 * c, ha);
			VSTORE(lo1 + 2 * c, la);
			VSTORE(hi2 + 2 * c, hb);
			VSTORE(lo2 + 2 * c, lb);
			VSTORE(hi1 + 2 * c + VLEN, hc);
			VSTORE(lo1 + 2 * c + VLEN, lc);
			VSTORE(hi2 + 2 * c + VLEN, hd);
			VSTORE(lo2 + 2 * c + VLEN, ld);
		}
#endif
	for (; c < columns; c += COLUMN_GROUP) {
		int group = columns - c < COLUMN_GROUP ? columns - c : COLUMN_GROUP;
		size_t xc = 2 * c * x_step;
		zcolumns_dot_group(group, len, a + c * a_step, a_step, x1 + xc, x2 + xc, x_step,
				   hi1 + 2 * c, lo1 + 2 * c, hi2 + 2 * c, lo2 + 2 * c);
	}
}

/* (h, l)[j] += (hi, lo)[j] for j < k, by tf_dd_add. */
static inline void add_parts(int k, const double *restrict hi, const double *restrict lo,
			     double *restrict h, double *restrict l)
{
#pragma omp simd
	for (int j = 0; j < k; j++) {
		tf_dd r = tf_dd_add(tf_dd_make(h[j], l[j]), tf_dd_make(hi[j], lo[j]));
		h[j] = r.hi;
		l[j] = r.lo;
	}
}

/* The Level 2 products' finish: each step a loop over a chunk of
 * elements, held in h and l, so that the elements' chains of dependent
 * operations run side by side. */
static void LOOPS(matvec_finish)(int n, int w, const struct tf_matvec_terms *restrict f,
				 double *restrict out)
{
	enum { CHUNK = 256 };
	double h[2 * CHUNK], l[2 * CHUNK];
	for (int i0 = 0; i0 < n; i0 += CHUNK) {
		const int m = n - i0 < CHUNK ? n - i0 : CHUNK, k = m * w;
		const size_t at = (size_t)i0 * w;
#pragma omp simd
		for (int j = 0; j < k; j++)
			h[j] = l[j] = 0.0;
		if (f->u_hi)
			add_parts(k, f->u_hi + at, f->u_lo + at, h, l);
		if (f->s_hi)
			add_parts(k, f->s_hi + at, f->s_lo + at, h, l);
		if (w == 1) {
			const double *d = f->diag ? f->diag + at : NULL;
			const double *x = f->diag ? f->x + at : NULL, *y = f->y ? f->y + at : NULL;
			if (f->diag)
#pragma omp simd
				for (int i = 0; i < m; i++) {
					tf_dd r = tf_dd_fma(tf_dd_make(h[i], l[i]), d[i], x[i]);
					h[i] = r.hi;
					l[i] = r.lo;
				}
			if (f->alpha)
#pragma omp simd
				for (int i = 0; i < m; i++) {
					tf_dd r = tf_dd_mul_d(tf_dd_make(h[i], l[i]), f->alpha[0]);
					h[i] = r.hi;
					l[i] = r.lo;
				}
			if (f->y)
#pragma omp simd
				for (int i = 0; i < m; i++) {
					tf_dd r = tf_dd_add(tf_dd_make(h[i], l[i]),
							    tf_two_prod(f->beta[0], y[i]));
					h[i] = r.hi;
					l[i] = r.lo;
				}
#pragma omp simd
			for (int i = 0; i < m; i++)
				out[at + i] = tf_dd_to_double(tf_dd_make(h[i], l[i]));
			continue;
		}
		/* complex: (h, l)[2i] and [2i + 1] the parts of element i */
#define ZACC(i) tf_zdd_make(tf_dd_make(h[2 * (i)], l[2 * (i)]), tf_dd_make(h[2 * (i) + 1], l[2 * (i) + 1]))
#define ZSTORE(i, acc)                                  \
	do {                                            \
		h[2 * (i)] = (acc).re.hi;               \
		l[2 * (i)] = (acc).re.lo;               \
		h[2 * (i) + 1] = (acc).im.hi;           \
		l[2 * (i) + 1] = (acc).im.lo;           \
	} while (0)
		if (f->diag) {
			const double *d = f->diag + at, *x = f->x + at;
#pragma omp simd
			for (int i = 0; i < m; i++) {
				tf_zdd r = tf_zdd_fma(ZACC(i), d[2 * i], d[2 * i + 1], x[2 * i], x[2 * i + 1]);
				ZSTORE(i, r);
			}
		}
		if (f->alpha)
#pragma omp simd
			for (int i = 0; i < m; i++) {
				tf_zdd r = tf_zdd_mul_z(ZACC(i), f->alpha[0], f->alpha[1]);
				ZSTORE(i, r);
			}
		if (f->y) {
			const double *y = f->y + at;
#pragma omp simd
			for (int i = 0; i < m; i++) {
				tf_zdd r = tf_zdd_add(ZACC(i), tf_zdd_fma(tf_zdd_from_z(0.0, 0.0), f->beta[0],
									  f->beta[1], y[2 * i], y[2 * i + 1]));
				ZSTORE(i, r);
			}
		}
#pragma omp simd
		for (int i = 0; i < m; i++)
			tf_zdd_to_z(ZACC(i), &out[at + 2 * i], &out[at + 2 * i + 1]);
#undef ZACC
#undef ZSTORE
	}
}

/* The triangular solves' update: as gemm_tile, with the right-hand factor
 * a DD panel read in place, rows l of columns j at xh[j*ldx + l] and
 * xl[j*ldx + l], each multiplied by sign (+1 or -1, exact):
 *   acc(i, j) += sum over l < kc of ap[l*mr + i] * sign * (xh + xl)(l, j),
 * by tf_dd_fma_dd_lazy, renormalized every RENORMALIZE_DD steps of l and at
 * its end: the same steps in every tile, so the bits depend on kc only. */
#define RENORMALIZE_DD 16

#if defined(__AVX2__)
#define VECS_DD (MR_DD / VLEN)
/* (hi, lo) = tf_dd_fma_dd_lazy((hi, lo), a, (xh, xl)), lane by lane, in
 * its order of operations; three of its additions on the multiply-add
 * units, as VDD_FMA's (ztrsm of 1000 on one thread of a Zen 3: 5% less
 * time) */
#define VDD_FMA_DD_LAZY(hi, lo, a, xh, xl)                                         \
	do {                                                                        \
		vec p_ = VMUL(a, xh), e_ = VFMADD(a, xl, VFMSUB(a, xh, p_));       \
		vec s_ = VADD(hi, p_), bb_ = VSUB(s_, hi);                          \
		vec t_ = VADD_FMA(VSUB(hi, VSUB(s_, bb_)), VSUB_FMA(p_, bb_));     \
		lo = VADD(lo, VADD_FMA(t_, e_));                                    \
		hi = s_;                                                            \
	} while (0)

/* gemm_tile_dd with its accumulators in vector registers (as gemm_tile
 * above): the operations of the loop form below, the same bits. */
static void LOOPS(gemm_tile_dd)(int kc, const double *restrict ap, const double *restrict xh,
				const double *restrict xl, int ldx, double sign,
				double *restrict acc_hi, double *restrict acc_lo, int ld)
{
	vec hi[NR_DD][VECS_DD], lo[NR_DD][VECS_DD];
#pragma GCC unroll 8
	for (int j = 0; j < NR_DD; j++)
#pragma GCC unroll 4
		for (int v = 0; v < VECS_DD; v++) {
			hi[j][v] = VLOAD(acc_hi + j * ld + v * VLEN);
			lo[j][v] = VLOAD(acc_lo + j * ld + v * VLEN);
		}
	/* the sign on A's column, an exact product as on x's (the same bits),
	 * so that x's words are broadcast straight from memory */
	const vec sign_v = VSET1(sign);
	for (int l = 0; l < kc; l++) {
		vec a[VECS_DD];
#pragma GCC unroll 4
		for (int v = 0; v < VECS_DD; v++)
			a[v] = VMUL(VLOAD(ap + l * MR_DD + v * VLEN), sign_v);
#pragma GCC unroll 8
		for (int j = 0; j < NR_DD; j++) {
			vec x_hi = VSET1(xh[j * ldx + l]), x_lo = VSET1(xl[j * ldx + l]);
#pragma GCC unroll 4
			for (int v = 0; v < VECS_DD; v++)
				VDD_FMA_DD_LAZY(hi[j][v], lo[j][v], a[v], x_hi, x_lo);
		}
		if ((l + 1) % RENORMALIZE_DD == 0 || l + 1 == kc) {
#pragma GCC unroll 8
			for (int j = 0; j < NR_DD; j++)
#pragma GCC unroll 4
				for (int v = 0; v < VECS_DD; v++)
					VDD_RENORMALIZE(hi[j][v], lo[j][v]);
		}
	}
#pragma GCC unroll 8
	for (int j = 0; j < NR_DD; j++)
#pragma GCC unroll 4
		for (int v = 0; v < VECS_DD; v++) {
			VSTORE(acc_hi + j * ld + v * VLEN, hi[j][v]);
			VSTORE(acc_lo + j * ld + v * VLEN, lo[j][v]);
		}
}
#else
static void LOOPS(gemm_tile_dd)(int kc, const double *restrict ap, const double *restrict xh,
				const double *restrict xl, int ldx, double sign,
				double *restrict acc_hi, double *restrict acc_lo, int ld)
{
	double hi[NR_DD][MR_DD], lo[NR_DD][MR_DD];
	for (int j = 0; j < NR_DD; j++)
		for (int i = 0; i < MR_DD; i++) {
			hi[j][i] = acc_hi[j * ld + i];
			lo[j][i] = acc_lo[j * ld + i];
		}
	for (int l = 0; l < kc; l++) {
		const double *a = ap + l * MR_DD;
		for (int j = 0; j < NR_DD; j++) {
			tf_dd x = tf_dd_make(sign * xh[j * ldx + l], sign * xl[j * ldx + l]);
#pragma omp simd
			for (int i = 0; i < MR_DD; i++) {
				tf_dd r = tf_dd_fma_dd_lazy(tf_dd_make(hi[j][i], lo[j][i]), a[i], x);
				hi[j][i] = r.hi;
				lo[j][i] = r.lo;
			}
		}
		if ((l + 1) % RENORMALIZE_DD == 0 || l + 1 == kc)
			for (int j = 0; j < NR_DD; j++) {
#pragma omp simd
				for (int i = 0; i < MR_DD; i++) {
					tf_dd r = tf_dd_renormalize(tf_dd_make(hi[j][i], lo[j][i]));
					hi[j][i] = r.hi;
					lo[j][i] = r.lo;
				}
			}
	}
	for (int j = 0; j < NR_DD; j++)
		for (int i = 0; i < MR_DD; i++) {
			acc_hi[j * ld + i] = hi[j][i];
			acc_lo[j * ld + i] = lo[j][i];
		}
}
#endif

/* The triangular solves' division by a diagonal element, across the
 * right-hand sides: x[j*stride] = x[j*stride] / d in DD (tf_dd_div_d),
 * x being (hi, lo). */
static void LOOPS(divide_dd)(int n, int stride, double *restrict hi, double *restrict lo, double d)
{
#pragma omp simd
	for (int j = 0; j < n; j++) {
		tf_dd r = tf_dd_div_d(tf_dd_make(hi[j * stride], lo[j * stride]), d);
		hi[j * stride] = r.hi;
		lo[j * stride] = r.lo;
	}
}

/* LANES independent partial sums, so that the loop vectorizes; they are
 * added at the end with the accurate DD addition.  The same number for every
 * instruction set, so that every build gives the same bits. */
#define LANES 16

static tf_dd LOOPS(dot)(int m, const double *restrict a, const double *restrict x)
{
	double hi[LANES] = { 0 }, lo[LANES] = { 0 };
	int full = m - m % LANES;
#if defined(__AVX2__)
	/* The lanes' sums in registers across the loop (the loop form below
	 * keeps them in memory, a store and a load on each step's chain):
	 * tf_dd_fma's operations in its order, lane by lane, so the bits are
	 * the generic loop's. */
	if (full > 0) {
		vec vh[LANES / VLEN], vl[LANES / VLEN];
#pragma GCC unroll 4
		for (int v = 0; v < LANES / VLEN; v++)
			vh[v] = vl[v] = VSET1(0.0);
		for (int i = 0; i < full; i += LANES) {
#pragma GCC unroll 4
			for (int v = 0; v < LANES / VLEN; v++) {
				vec av = VLOAD(a + i + v * VLEN), xv = VLOAD(x + i + v * VLEN);
				VDD_FMA_RENORMALIZED(vh[v], vl[v], av, xv);
			}
		}
#pragma GCC unroll 4
		for (int v = 0; v < LANES / VLEN; v++) {
			VSTORE(hi + v * VLEN, vh[v]);
			VSTORE(lo + v * VLEN, vl[v]);
		}
	}
#else
	for (int i = 0; i < full; i += LANES) {
#pragma omp simd
		for (int v = 0; v < LANES; v++) {
			tf_dd r = tf_dd_fma(tf_dd_make(hi[v], lo[v]), a[i + v], x[i + v]);
			hi[v] = r.hi;
			lo[v] = r.lo;
		}
	}
#endif
	for (int i = full; i < m; i++) {
		tf_dd r = tf_dd_fma(tf_dd_make(hi[i - full], lo[i - full]), a[i], x[i]);
		hi[i - full] = r.hi;
		lo[i - full] = r.lo;
	}
	/* Lanes never used hold +0: adding them changes no bit of the sum (a
	 * normalized pair plus zero is itself), so short dots skip them. */
	int used = m < LANES ? m : LANES;
	tf_dd sum = tf_dd_make(hi[0], lo[0]);
	for (int v = 1; v < used; v++)
		sum = tf_dd_add(sum, tf_dd_make(hi[v], lo[v]));
	return sum;
}

/* The lane sums of zdot's four dot products: part q of lane v in
 * hi[q][v], lo[q][v]; each step as dot's. */
static void LOOPS(zdot_step)(double hi[4][LANES], double lo[4][LANES], int v, const double *x,
			     const double *y)
{
	static const int xs[4] = { 0, 1, 0, 1 }, ys[4] = { 0, 1, 1, 0 };
	for (int q = 0; q < 4; q++) {
		tf_dd r = tf_dd_fma(tf_dd_make(hi[q][v], lo[q][v]), x[xs[q]], y[ys[q]]);
		hi[q][v] = r.hi;
		lo[q][v] = r.lo;
	}
}

static void LOOPS(zdot)(int m, const double *restrict x, const double *restrict y, tf_dd sums[4])
{
	double hi[4][LANES] = { { 0 } }, lo[4][LANES] = { { 0 } };
	int full = m - m % LANES;
#if defined(__AVX2__)
	/* Read as stored: a vector of x times one of y gives (xr.yr, xi.yi)
	 * of VLEN / 2 elements, times y with its pairs swapped (xr.yi, xi.yr).
	 * The lanes' sums, interleaved so, are in memory (more than the
	 * register file holds), each step tf_dd_fma's operations in its order,
	 * lane by lane: the bits of dot on the parts apart. */
	enum { PAIRS = 2 * LANES / VLEN };
	vec sh[PAIRS], sl[PAIRS], ch[PAIRS], cl[PAIRS];
	for (int k = 0; k < PAIRS; k++)
		sh[k] = sl[k] = ch[k] = cl[k] = VSET1(0.0);
	for (int i = 0; i < full; i += LANES)
		for (int k = 0; k < PAIRS; k++) {
			vec xv = VLOAD(x + 2 * i + k * VLEN), yv = VLOAD(y + 2 * i + k * VLEN);
#if defined(__AVX512F__)
			vec ys = _mm512_permute_pd(yv, 0x55);
#else
			vec ys = _mm256_permute_pd(yv, 0x5);
#endif
			VDD_FMA_RENORMALIZED(sh[k], sl[k], xv, yv);
			VDD_FMA_RENORMALIZED(ch[k], cl[k], xv, ys);
		}
	for (int k = 0; k < PAIRS; k++) {
		double a[4][VLEN];
		VSTORE(a[0], sh[k]);
		VSTORE(a[1], sl[k]);
		VSTORE(a[2], ch[k]);
		VSTORE(a[3], cl[k]);
		for (int e = 0; e < VLEN / 2; e++) {
			const int v = k * VLEN / 2 + e;
			hi[0][v] = a[0][2 * e];
			hi[1][v] = a[0][2 * e + 1];
			lo[0][v] = a[1][2 * e];
			lo[1][v] = a[1][2 * e + 1];
			hi[2][v] = a[2][2 * e];
			hi[3][v] = a[2][2 * e + 1];
			lo[2][v] = a[3][2 * e];
			lo[3][v] = a[3][2 * e + 1];
		}
	}
#else
	for (int i = 0; i < full; i += LANES)
		for (int v = 0; v < LANES; v++)
			LOOPS(zdot_step)(hi, lo, v, x + 2 * (i + v), y + 2 * (i + v));
#endif
	for (int i = full; i < m; i++)
		LOOPS(zdot_step)(hi, lo, i - full, x + 2 * i, y + 2 * i);
	/* as dot adds its lanes */
	int used = m < LANES ? m : LANES;
	for (int q = 0; q < 4; q++) {
		sums[q] = tf_dd_make(hi[q][0], lo[q][0]);
		for (int v = 1; v < used; v++)
			sums[q] = tf_dd_add(sums[q], tf_dd_make(hi[q][v], lo[q][v]));
	}
}

/* alpha x + y with one rounding: the fused multiply-add of the exact
 * product and y, which is what DD arithmetic rounded once gives, without a
 * double rounding. */
static void LOOPS(axpy)(int n, double alpha, const double *restrict x, double *restrict y)
{
#pragma omp simd
	for (int i = 0; i < n; i++)
		y[i] = TF_DFMA(alpha, x[i], y[i]);
}

static tf_dd LOOPS(sum_abs)(int m, const double *restrict a)
{
	double hi[LANES] = { 0 }, lo[LANES] = { 0 };
	int full = m - m % LANES;
	for (int i = 0; i < full; i += LANES) {
#pragma omp simd
		for (int v = 0; v < LANES; v++) {
			tf_dd r = tf_dd_add_d(tf_dd_make(hi[v], lo[v]), fabs(a[i + v]));
			hi[v] = r.hi;
			lo[v] = r.lo;
		}
	}
	for (int i = full; i < m; i++) {
		tf_dd r = tf_dd_add_d(tf_dd_make(hi[i - full], lo[i - full]), fabs(a[i]));
		hi[i - full] = r.hi;
		lo[i - full] = r.lo;
	}
	/* lanes never used hold +0, which changes no bit of the sum */
	int used = m < LANES ? m : LANES;
	tf_dd sum = tf_dd_make(hi[0], lo[0]);
	for (int v = 1; v < used; v++)
		sum = tf_dd_add(sum, tf_dd_make(hi[v], lo[v]));
	return sum;
}

static void LOOPS(transform)(int m, const double *restrict h, const double *restrict x,
			     const double *restrict y, double *restrict xo, double *restrict yo)
{
	const double h11 = h[0], h12 = h[1], h21 = h[2], h22 = h[3];
#pragma omp simd
	for (int i = 0; i < m; i++) {
		xo[i] = tf_prod_sum_rounded(h11, x[i], h12, y[i]);
		yo[i] = tf_prod_sum_rounded(h21, x[i], h22, y[i]);
	}
}

static void LOOPS(zscal)(int m, double ar, double ai, const double *restrict x,
			 double *restrict yo)
{
#pragma omp simd
	for (int i = 0; i < m; i++) {
		double xr = x[2 * i], xi = x[2 * i + 1];
		yo[2 * i] = tf_prod_sum_rounded(ar, xr, -ai, xi);
		yo[2 * i + 1] = tf_prod_sum_rounded(ar, xi, ai, xr);
	}
}

static void LOOPS(zaxpy)(int m, double ar, double ai, const double *restrict x,
			 double *restrict y)
{
#pragma omp simd
	for (int i = 0; i < m; i++) {
		double xr = x[2 * i], xi = x[2 * i + 1];
		y[2 * i] = tf_prod_sum_add_rounded(ar, xr, -ai, xi, y[2 * i]);
		y[2 * i + 1] = tf_prod_sum_add_rounded(ar, xi, ai, xr, y[2 * i + 1]);
	}
}

/* x * 0 is +-0 for a finite x and NaN for Inf and NaN: the bits of those
 * products ORed together have an exponent field of zero exactly when every
 * value is finite (an integer reduction, in any order, with no chain of
 * floating-point latencies, whose vector lanes are also combined in
 * registers where a sum's went through memory). */
static inline uint64_t finite_bits(double x)
{
	union {
		double d;
		uint64_t u;
	} z = { .d = x * 0.0 };
	return z.u;
}

static inline int bits_all_finite(uint64_t bits)
{
	return (bits & 0x7ff0000000000000u) == 0;
}

static int LOOPS(all_finite)(size_t m, const double *restrict a)
{
	uint64_t bits = 0;
#pragma omp simd reduction(| : bits)
	for (size_t i = 0; i < m; i++)
		bits |= finite_bits(a[i]);
	return bits_all_finite(bits);
}

/* The sum is kept as hi, the rounded sum, and lo, which gathers the exact
 * errors of the additions and of the products u t_hi and the products
 * u t_lo (each rounded once, far below ulp(hi)): with at most four terms
 * the error before the last rounding stays a few u^2 times the sum of the
 * terms' magnitudes.  One loop per number of terms, so that the terms
 * unroll and the elements vectorize; whether every result is finite is
 * gathered on the way (v * 0 is NaN exactly when v is not finite). */
static inline void update_term(double *hi, double *lo, double u, double t_hi, double t_lo)
{
	tf_dd p = tf_two_prod(u, t_hi);
	tf_dd s = tf_two_sum(*hi, p.hi);
	*hi = s.hi;
	*lo = TF_DADD(*lo, TF_DADD(s.lo, TF_DFMA(u, t_lo, p.lo)));
}

#define UPDATE_LOOP(TERMS, cs, os)                                                        \
	do {                                                                              \
		_Pragma("omp simd reduction(| : bits)") for (int i = 0; i < m; i++)       \
		{                                                                         \
			double hi = c[i * cs], lo = 0.0;                                  \
			update_term(&hi, &lo, u0[i], h0, l0);                             \
			if (TERMS > 1)                                                    \
				update_term(&hi, &lo, u1[i], h1, l1);                     \
			if (TERMS > 2)                                                    \
				update_term(&hi, &lo, u2[i], h2, l2);                     \
			if (TERMS > 3)                                                    \
				update_term(&hi, &lo, u3[i], h3, l3);                     \
			double v = TF_DADD(hi, lo);                                       \
			out[i * os] = v;                                                  \
			bits |= finite_bits(v);                                           \
		}                                                                         \
	} while (0)

static int LOOPS(update_round)(int m, const double *restrict c, int cstride, int terms,
			       const double *const *u, const double *t_hi, const double *t_lo,
			       double *restrict out, int ostride)
{
	const ptrdiff_t cs = cstride, os = ostride;
	/* the terms beyond `terms` are not read */
	const double *restrict u0 = u[0], *restrict u1 = terms > 1 ? u[1] : u[0],
			       *restrict u2 = terms > 2 ? u[2] : u[0],
			       *restrict u3 = terms > 3 ? u[3] : u[0];
	const double h0 = t_hi[0], h1 = terms > 1 ? t_hi[1] : 0.0, h2 = terms > 2 ? t_hi[2] : 0.0,
		     h3 = terms > 3 ? t_hi[3] : 0.0;
	const double l0 = t_lo[0], l1 = terms > 1 ? t_lo[1] : 0.0, l2 = terms > 2 ? t_lo[2] : 0.0,
		     l3 = terms > 3 ? t_lo[3] : 0.0;
	uint64_t bits = 0;
	if (cs == 1 && os == 1) { /* real data: unit strides, known to the compiler */
		switch (terms) {
		case 1: UPDATE_LOOP(1, 1, 1); break;
		case 2: UPDATE_LOOP(2, 1, 1); break;
		case 3: UPDATE_LOOP(3, 1, 1); break;
		default: UPDATE_LOOP(4, 1, 1); break;
		}
	} else {
		switch (terms) {
		case 1: UPDATE_LOOP(1, cs, os); break;
		case 2: UPDATE_LOOP(2, cs, os); break;
		case 3: UPDATE_LOOP(3, cs, os); break;
		default: UPDATE_LOOP(4, cs, os); break;
		}
	}
	return bits_all_finite(bits);
}

static void LOOPS(column_update_dd)(int m, const double *restrict a, tf_dd x,
				    double *restrict acc_hi, double *restrict acc_lo)
{
#pragma omp simd
	for (int i = 0; i < m; i++) {
		tf_dd r = tf_dd_fma_dd(tf_dd_make(acc_hi[i], acc_lo[i]), a[i], x);
		acc_hi[i] = r.hi;
		acc_lo[i] = r.lo;
	}
}

static void LOOPS(zcolumn_update_dd)(int m, const double *restrict a, tf_zdd x,
				     double *restrict re_hi, double *restrict re_lo,
				     double *restrict im_hi, double *restrict im_lo)
{
	const tf_dd neg_im = tf_dd_make(-x.im.hi, -x.im.lo);
#pragma omp simd
	for (int i = 0; i < m; i++) {
		double ar = a[2 * i], ai = a[2 * i + 1];
		/* re += ar xr - ai xi, im += ar xi + ai xr: a lazy step, then a
		 * renormalizing one, whose TwoSum takes the first's error word
		 * along (ztbsv N, k = 64: 9% less time than two renormalizing
		 * steps) */
		tf_dd re = tf_dd_fma_dd_lazy(tf_dd_make(re_hi[i], re_lo[i]), ar, x.re);
		re = tf_dd_fma_dd(re, ai, neg_im);
		tf_dd im = tf_dd_fma_dd_lazy(tf_dd_make(im_hi[i], im_lo[i]), ar, x.im);
		im = tf_dd_fma_dd(im, ai, x.re);
		re_hi[i] = re.hi, re_lo[i] = re.lo;
		im_hi[i] = im.hi, im_lo[i] = im.lo;
	}
}

/* The sum of the first `used` of `lanes` (a power of two) partial sums, by
 * a tree: log2(lanes) dependent additions instead of lanes - 1, which is
 * what a short dot (a band's column) costs.  The lanes beyond `used` are
 * zero, and the tree the same for every instruction set. */
static tf_dd lanes_sum(int lanes, int used, double *hi, double *lo)
{
	if (lanes == 8 && used == 8) {
		/* a band's column: the tree written out, each level's sums
		 * side by side */
		tf_dd r[4];
		for (int v = 0; v < 4; v++)
			r[v] = tf_dd_add(tf_dd_make(hi[v], lo[v]), tf_dd_make(hi[v + 4], lo[v + 4]));
		r[0] = tf_dd_add(r[0], r[2]);
		r[1] = tf_dd_add(r[1], r[3]);
		return tf_dd_add(r[0], r[1]);
	}
	for (int width = lanes / 2; width >= 1; width /= 2) {
		if (used <= width)
			continue; /* the upper half is zero: adding it changes no bit */
		for (int v = 0; v < width; v++) {
			tf_dd r = tf_dd_add(tf_dd_make(hi[v], lo[v]), tf_dd_make(hi[v + width], lo[v + width]));
			hi[v] = r.hi;
			lo[v] = r.lo;
		}
	}
	return tf_dd_make(hi[0], lo[0]);
}

/* As dot, with L partial sums added by a tree: LANES of them, or
 * SHORT_LANES for a column shorter than SHORT_COLUMN (a band's), whose
 * sum would cost more than its products otherwise.  The choice depends on
 * m alone: the same bits for every instruction set.  The solve waits for
 * each column's sum, whose chain of dependent steps is m / L long: eight
 * short lanes rather than four (dtbsv T, k = 64, on a Zen 3: 0.63 -> 0.44
 * ms). */
#define SHORT_LANES 8
#define SHORT_COLUMN 256

#define DOT_DD(L)                                                                          \
	do {                                                                               \
		double hi[L] = { 0 }, lo[L] = { 0 };                                       \
		int full = m - m % (L);                                                    \
		for (int i = 0; i < full; i += (L)) {                                      \
			_Pragma("omp simd") for (int v = 0; v < (L); v++)                  \
			{                                                                  \
				tf_dd r = tf_dd_fma_dd(tf_dd_make(hi[v], lo[v]), a[i + v], \
						       tf_dd_make(x_hi[i + v], x_lo[i + v])); \
				hi[v] = r.hi;                                              \
				lo[v] = r.lo;                                              \
			}                                                                  \
		}                                                                          \
		for (int i = full; i < m; i++) {                                           \
			tf_dd r = tf_dd_fma_dd(tf_dd_make(hi[i - full], lo[i - full]), a[i],  \
					       tf_dd_make(x_hi[i], x_lo[i]));               \
			hi[i - full] = r.hi;                                               \
			lo[i - full] = r.lo;                                               \
		}                                                                          \
		return lanes_sum((L), m < (L) ? m : (L), hi, lo);                          \
	} while (0)

#if defined(__AVX2__) && VLEN == 4
/* (hi, lo) = tf_dd_fma_dd((hi, lo), a, (xh, xl)), lane by lane, in its
 * order of operations */
#define VDD_FMA_DD(hi, lo, a, xh, xl)                                              \
	do {                                                                        \
		vec p_ = VMUL(a, xh), e_ = VFMSUB(a, xh, p_);                       \
		vec s_ = VADD(hi, p_), bb_ = VSUB(s_, hi);                          \
		vec t_ = VADD(VSUB(hi, VSUB(s_, bb_)), VSUB(p_, bb_));             \
		t_ = VADD(t_, VADD(lo, VFMADD(a, xl, e_)));                         \
		hi = VADD(s_, t_);                                                  \
		lo = VSUB(t_, VSUB(hi, s_));                                        \
	} while (0)
#endif

static tf_dd LOOPS(dot_dd)(int m, const double *restrict a, const double *restrict x_hi,
			   const double *restrict x_lo)
{
#if defined(__AVX2__) && VLEN == 4
	if (m < SHORT_COLUMN && m >= SHORT_LANES) {
		/* DOT_DD(SHORT_LANES) with its two vectors of lanes in
		 * registers (the loop form keeps eight lanes in memory, a
		 * store and a load on each step's chain) */
		_Static_assert(SHORT_LANES == 2 * VLEN, "two vectors of lanes");
		double hi[SHORT_LANES], lo[SHORT_LANES];
		int full = m - m % SHORT_LANES;
		vec h0 = VSET1(0.0), l0 = h0, h1 = h0, l1 = h0;
		for (int i = 0; i < full; i += SHORT_LANES) {
			VDD_FMA_DD(h0, l0, VLOAD(a + i), VLOAD(x_hi + i), VLOAD(x_lo + i));
			VDD_FMA_DD(h1, l1, VLOAD(a + i + VLEN), VLOAD(x_hi + i + VLEN),
				   VLOAD(x_lo + i + VLEN));
		}
		VSTORE(hi, h0);
		VSTORE(lo, l0);
		VSTORE(hi + VLEN, h1);
		VSTORE(lo + VLEN, l1);
		for (int i = full; i < m; i++) {
			tf_dd r = tf_dd_fma_dd(tf_dd_make(hi[i - full], lo[i - full]), a[i],
					       tf_dd_make(x_hi[i], x_lo[i]));
			hi[i - full] = r.hi;
			lo[i - full] = r.lo;
		}
		return lanes_sum(SHORT_LANES, SHORT_LANES, hi, lo);
	}
#endif
	if (m < SHORT_COLUMN)
		DOT_DD(SHORT_LANES);
	DOT_DD(LANES);
}

#if defined(__AVX2__) && VLEN == 4
/* The real and imaginary parts of four complex numbers at p, each as a
 * vector. */
static inline void complex_parts(const double *p, vec *re, vec *im)
{
	vec first = VLOAD(p), second = VLOAD(p + VLEN);
	*re = _mm256_permute4x64_pd(_mm256_unpacklo_pd(first, second), 0xd8);
	*im = _mm256_permute4x64_pd(_mm256_unpackhi_pd(first, second), 0xd8);
}

#endif

/* Complex: ZLANES partial sums of each part. */
#define ZLANES 8

/* zdot_dd's lanes take lazy steps (tf_dd_fma_dd_lazy), two a part per
 * element, renormalized every ZRENORMALIZE rows of lanes and at the end:
 * each lane's chain of dependent steps is then one addition of each word
 * per step, where a renormalizing step is about eight. */
#define ZRENORMALIZE 8

/* Whether the lanes are renormalized after the row of lanes from element
 * i, of m: every ZRENORMALIZE rows, and after the last. */
static inline int zlanes_renormalize_after(int i, int m)
{
	return (i / ZLANES) % ZRENORMALIZE == ZRENORMALIZE - 1 || i + ZLANES >= m;
}

static void renormalize_lanes(double *rh, double *rl, double *ih, double *il)
{
#pragma omp simd
	for (int v = 0; v < ZLANES; v++) {
		tf_dd r = tf_dd_renormalize(tf_dd_make(rh[v], rl[v]));
		tf_dd i = tf_dd_renormalize(tf_dd_make(ih[v], il[v]));
		rh[v] = r.hi, rl[v] = r.lo;
		ih[v] = i.hi, il[v] = i.lo;
	}
}

/* lanes_sum(ZLANES, ZLANES, ...) of both parts, the same tree, each level's
 * sums of both parts side by side (four, four and two, not seven and
 * seven one after another). */
static tf_zdd zlanes_sum(const double *rh, const double *rl, const double *ih, const double *il)
{
	_Static_assert(ZLANES == 8, "the tree written for eight lanes");
	double h[8], l[8];
#pragma omp simd
	for (int v = 0; v < 4; v++) {
		tf_dd r = tf_dd_add(tf_dd_make(rh[v], rl[v]), tf_dd_make(rh[v + 4], rl[v + 4]));
		tf_dd i = tf_dd_add(tf_dd_make(ih[v], il[v]), tf_dd_make(ih[v + 4], il[v + 4]));
		h[v] = r.hi, l[v] = r.lo;
		h[v + 4] = i.hi, l[v + 4] = i.lo;
	}
	/* (re 0 + re 2, re 1 + re 3, im 0 + im 2, im 1 + im 3) */
	static const int left[4] = { 0, 1, 4, 5 }, right[4] = { 2, 3, 6, 7 };
	double h2[4], l2[4];
#pragma omp simd
	for (int v = 0; v < 4; v++) {
		tf_dd r = tf_dd_add(tf_dd_make(h[left[v]], l[left[v]]),
				    tf_dd_make(h[right[v]], l[right[v]]));
		h2[v] = r.hi, l2[v] = r.lo;
	}
	return tf_zdd_make(tf_dd_add(tf_dd_make(h2[0], l2[0]), tf_dd_make(h2[1], l2[1])),
			   tf_dd_add(tf_dd_make(h2[2], l2[2]), tf_dd_make(h2[3], l2[3])));
}

static tf_zdd LOOPS(zdot_dd)(int m, const double *restrict a, double sign,
			     const double *restrict re_hi, const double *restrict re_lo,
			     const double *restrict im_hi, const double *restrict im_lo)
{
	double rh[ZLANES] = { 0 }, rl[ZLANES] = { 0 }, ih[ZLANES] = { 0 }, il[ZLANES] = { 0 };
	int full = m - m % ZLANES, start = 0;
#if defined(__AVX2__) && VLEN == 4
	if (full > 0) {
		/* the loop below on its full rows, the lanes in registers (two
		 * vectors a word and part) and the steps' additions shared with
		 * the multiply-add units (VDD_FMA_DD_LAZY) */
		_Static_assert(ZLANES == 2 * VLEN, "two vectors of lanes");
		const vec sign_v = VSET1(sign), minus_zero = VSET1(-0.0);
		vec rh_v[2], rl_v[2], ih_v[2], il_v[2];
		for (int h = 0; h < 2; h++)
			rh_v[h] = rl_v[h] = ih_v[h] = il_v[h] = VSET1(0.0);
		for (int i = 0; i < full; i += ZLANES) {
			for (int h = 0; h < 2; h++) {
				int at = i + h * VLEN;
				vec ar, ai;
				complex_parts(a + 2 * at, &ar, &ai);
				ai = VMUL(sign_v, ai);
				vec xrh = VLOAD(re_hi + at), xrl = VLOAD(re_lo + at);
				vec xih = VLOAD(im_hi + at), xil = VLOAD(im_lo + at);
				VDD_FMA_DD_LAZY(rh_v[h], rl_v[h], ar, xrh, xrl);
				VDD_FMA_DD_LAZY(rh_v[h], rl_v[h], _mm256_xor_pd(ai, minus_zero), xih,
						xil);
				VDD_FMA_DD_LAZY(ih_v[h], il_v[h], ar, xih, xil);
				VDD_FMA_DD_LAZY(ih_v[h], il_v[h], ai, xrh, xrl);
			}
			if (zlanes_renormalize_after(i, m))
				for (int h = 0; h < 2; h++) {
					VDD_RENORMALIZE(rh_v[h], rl_v[h]);
					VDD_RENORMALIZE(ih_v[h], il_v[h]);
				}
		}
		for (int h = 0; h < 2; h++) {
			VSTORE(rh + h * VLEN, rh_v[h]);
			VSTORE(rl + h * VLEN, rl_v[h]);
			VSTORE(ih + h * VLEN, ih_v[h]);
			VSTORE(il + h * VLEN, il_v[h]);
		}
		start = full;
	}
#endif
	for (int i = start; i <= m - 1; i += ZLANES) {
		int lanes = i < full ? ZLANES : m - full;
#pragma omp simd
		for (int v = 0; v < lanes; v++) {
			double ar = a[2 * (i + v)], ai = sign * a[2 * (i + v) + 1];
			tf_dd xr = tf_dd_make(re_hi[i + v], re_lo[i + v]);
			tf_dd xi = tf_dd_make(im_hi[i + v], im_lo[i + v]);
			/* re += ar xr - ai xi, im += ar xi + ai xr */
			tf_dd re = tf_dd_fma_dd_lazy(tf_dd_make(rh[v], rl[v]), ar, xr);
			re = tf_dd_fma_dd_lazy(re, -ai, xi);
			tf_dd im = tf_dd_fma_dd_lazy(tf_dd_make(ih[v], il[v]), ar, xi);
			im = tf_dd_fma_dd_lazy(im, ai, xr);
			rh[v] = re.hi, rl[v] = re.lo;
			ih[v] = im.hi, il[v] = im.lo;
		}
		if (zlanes_renormalize_after(i, m))
			renormalize_lanes(rh, rl, ih, il);
	}
	if (m >= ZLANES)
		return zlanes_sum(rh, rl, ih, il);
	return tf_zdd_make(lanes_sum(ZLANES, m, rh, rl), lanes_sum(ZLANES, m, ih, il));
}

/* The same operations, element by element, as the scalar finish of
 * dd_gemm.c and dd_level3.c, so the same bits; the flag gathers, as an
 * integer, whether some element is not finite (v * 0 is NaN) or tiny. */
static int LOOPS(scale_round)(int m, const double *restrict hi, const double *restrict lo,
			      double alpha, double beta, const double *restrict c,
			      double *restrict out)
{
	uint64_t flagged = 0; /* as wide as a double: a vector of 4 with AVX2, not 8 */
	if (beta == 0.0) {
#pragma omp simd reduction(| : flagged)
		for (int i = 0; i < m; i++) {
			double v = tf_dd_to_double(tf_dd_mul_d(tf_dd_make(hi[i], lo[i]), alpha));
			out[i] = v;
			flagged |= (v * 0.0 != 0.0) | !(fabs(hi[i]) >= TF_DD_RANGE_SUSPECT);
		}
	} else {
#pragma omp simd reduction(| : flagged)
		for (int i = 0; i < m; i++) {
			tf_dd r = tf_dd_mul_d(tf_dd_make(hi[i], lo[i]), alpha);
			double v = tf_dd_to_double(tf_dd_add(r, tf_two_prod(beta, c[i])));
			out[i] = v;
			flagged |= (v * 0.0 != 0.0) | !(fabs(hi[i]) >= TF_DD_RANGE_SUSPECT);
		}
	}
	return !flagged;
}

/* Whether a complex result needs the element-by-element second look: a
 * part not finite, or both parts of its sum tiny (below
 * TF_DD_RANGE_SUSPECT, twofold/arith_dd.h). */
static inline int zflagged(double vr, double vi, double re_hi, double im_hi)
{
	return (vr * 0.0 != 0.0) | (vi * 0.0 != 0.0) |
	       (!(fabs(re_hi) >= TF_DD_RANGE_SUSPECT) & !(fabs(im_hi) >= TF_DD_RANGE_SUSPECT));
}

/* As scale_round, complex: the operations of the scalar finish of
 * dd_gemm.c and dd_level3.c, element by element. */
static int LOOPS(zscale_round)(int m, const double *restrict re_hi, const double *restrict re_lo,
			       const double *restrict im_hi, const double *restrict im_lo,
			       double alpha_re, double alpha_im, double beta_re, double beta_im,
			       const double *restrict c, double *restrict out)
{
	int flagged = 0;
	if (beta_re == 0.0 && beta_im == 0.0) {
#pragma omp simd reduction(| : flagged)
		for (int i = 0; i < m; i++) {
			tf_zdd s = tf_zdd_make(tf_dd_make(re_hi[i], re_lo[i]),
					       tf_dd_make(im_hi[i], im_lo[i]));
			tf_zdd r = tf_zdd_mul_z(s, alpha_re, alpha_im);
			double vr = tf_dd_to_double(r.re), vi = tf_dd_to_double(r.im);
			out[2 * i] = vr;
			out[2 * i + 1] = vi;
			flagged |= zflagged(vr, vi, re_hi[i], im_hi[i]);
		}
		return !flagged;
	}
#pragma omp simd reduction(| : flagged)
	for (int i = 0; i < m; i++) {
		tf_zdd s = tf_zdd_make(tf_dd_make(re_hi[i], re_lo[i]), tf_dd_make(im_hi[i], im_lo[i]));
		tf_zdd r = tf_zdd_mul_z(s, alpha_re, alpha_im);
		r = tf_zdd_add(r, tf_zdd_fma(tf_zdd_from_z(0.0, 0.0), beta_re, beta_im, c[2 * i],
					     c[2 * i + 1]));
		double vr = tf_dd_to_double(r.re), vi = tf_dd_to_double(r.im);
		out[2 * i] = vr;
		out[2 * i + 1] = vi;
		flagged |= zflagged(vr, vi, re_hi[i], im_hi[i]);
	}
	return !flagged;
}

/* The kernels' copy for this instruction set (dd_isa.h); AVX-512 takes
 * AVX2's, whose scalar code would gain nothing from the wider vectors. */
#if defined(__AVX512F__)
#define KERNELS_ISA avx2
#else
#define KERNELS_ISA TF_ISA
#endif
int ISA_NAME(tf_cpu_dd_run_, KERNELS_ISA)(const struct tf_op *op);

const struct tf_dd_loops ISA_NAME(tf_dd_loops_, TF_ISA) = {
	.name = ISA_STRING(TF_ISA),
	.run = ISA_NAME(tf_cpu_dd_run_, KERNELS_ISA),
	.mr = MR,
	.nr = NR,
	.gemm_tile = LOOPS(gemm_tile),
	.column_update = LOOPS(column_update),
	.column_update2 = LOOPS(column_update2),
	.columns_dot = LOOPS(columns_dot),
	.zcolumns_dot = LOOPS(zcolumns_dot),
	.matvec_finish = LOOPS(matvec_finish),
	.mr_dd = MR_DD,
	.nr_dd = NR_DD,
	.gemm_tile_dd = LOOPS(gemm_tile_dd),
	.divide_dd = LOOPS(divide_dd),
	.dot = LOOPS(dot),
	.zdot = LOOPS(zdot),
	.axpy = LOOPS(axpy),
	.sum_abs = LOOPS(sum_abs),
	.transform = LOOPS(transform),
	.zscal = LOOPS(zscal),
	.zaxpy = LOOPS(zaxpy),
	.all_finite = LOOPS(all_finite),
	.column_update_dd = LOOPS(column_update_dd),
	.zcolumn_update_dd = LOOPS(zcolumn_update_dd),
	.dot_dd = LOOPS(dot_dd),
	.zdot_dd = LOOPS(zdot_dd),
	.update_round = LOOPS(update_round),
	.scale_round = LOOPS(scale_round),
	.zscale_round = LOOPS(zscale_round),
};
