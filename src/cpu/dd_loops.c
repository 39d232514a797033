/* The inner loops of the CPU DD kernels.  This file is compiled once per
 * instruction set, with TF_ISA defined as generic, avx2 or avx512 and the
 * matching -m flags; the compiler vectorizes the loops marked `omp simd`
 * (-fopenmp-simd: no OpenMP run time), and the GEMM register tile is written
 * with AVX2 or AVX-512 vectors where the build has them.  The arithmetic is
 * arith_dd.h's, the same as the GPU kernels', so vectorizing across
 * independent elements changes no result: every lane runs the same
 * operations in the same order (test kernel-isa). */
#include "config.h"

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
#define RENORMALIZE 8

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
#endif
#define VECS (MR / VLEN)

/* (hi, lo) = tf_dd_fma_lazy((hi, lo), a, b), lane by lane */
#define VDD_FMA(hi, lo, a, b)                                                      \
	do {                                                                        \
		vec p_ = VMUL(a, b), e_ = VFMSUB(a, b, p_);                         \
		vec s_ = VADD(hi, p_), bb_ = VSUB(s_, hi);                          \
		vec t_ = VADD(VSUB(hi, VSUB(s_, bb_)), VSUB(p_, bb_));             \
		hi = s_;                                                            \
		lo = VADD(lo, VADD(t_, e_));                                        \
	} while (0)

/* (hi, lo) = tf_dd_renormalize((hi, lo)) */
#define VDD_RENORMALIZE(hi, lo)                                                     \
	do {                                                                        \
		vec s_ = VADD(hi, lo), bb_ = VSUB(s_, hi);                          \
		lo = VADD(VSUB(hi, VSUB(s_, bb_)), VSUB(lo, bb_));                 \
		hi = s_;                                                            \
	} while (0)

static void LOOPS(gemm_tile)(int kc, const double *restrict ap, const double *restrict bp,
			     double *restrict acc_hi, double *restrict acc_lo, int ld)
{
	vec hi[NR][VECS], lo[NR][VECS];
#pragma GCC unroll 8
	for (int j = 0; j < NR; j++)
#pragma GCC unroll 4
		for (int v = 0; v < VECS; v++) {
			hi[j][v] = VLOAD(acc_hi + j * ld + v * VLEN);
			lo[j][v] = VLOAD(acc_lo + j * ld + v * VLEN);
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
			     double *restrict acc_hi, double *restrict acc_lo, int ld)
{
	double hi[NR][MR], lo[NR][MR];
	for (int j = 0; j < NR; j++)
		for (int i = 0; i < MR; i++) {
			hi[j][i] = acc_hi[j * ld + i];
			lo[j][i] = acc_lo[j * ld + i];
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

static void LOOPS(column_update)(int m, const double *restrict a, double x,
				 double *restrict acc_hi, double *restrict acc_lo)
{
#pragma omp simd
	for (int i = 0; i < m; i++) {
		tf_dd r = tf_dd_fma(tf_dd_make(acc_hi[i], acc_lo[i]), a[i], x);
		acc_hi[i] = r.hi;
		acc_lo[i] = r.lo;
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
	for (int i = 0; i < full; i += LANES) {
#pragma omp simd
		for (int v = 0; v < LANES; v++) {
			tf_dd r = tf_dd_fma(tf_dd_make(hi[v], lo[v]), a[i + v], x[i + v]);
			hi[v] = r.hi;
			lo[v] = r.lo;
		}
	}
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

/* alpha x + y with one rounding: the fused multiply-add of the exact
 * product and y, which is what DD arithmetic rounded once gives, without a
 * double rounding. */
static void LOOPS(axpy)(int n, double alpha, const double *restrict x, double *restrict y)
{
#pragma omp simd
	for (int i = 0; i < n; i++)
		y[i] = TF_DFMA(alpha, x[i], y[i]);
}

const struct tf_dd_loops ISA_NAME(tf_dd_loops_, TF_ISA) = {
	.name = ISA_STRING(TF_ISA),
	.mr = MR,
	.nr = NR,
	.gemm_tile = LOOPS(gemm_tile),
	.column_update = LOOPS(column_update),
	.dot = LOOPS(dot),
	.axpy = LOOPS(axpy),
};
