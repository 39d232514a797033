/* The inner loops of the CPU DD kernels.  This file is compiled once per
 * instruction set, with TF_ISA defined as generic, avx2 or avx512 and the
 * matching -m flags; the compiler vectorizes the loops marked `omp simd`
 * (-fopenmp-simd: no OpenMP run time).  The arithmetic is arith_dd.h's, the
 * same as the GPU kernels', so vectorizing across independent elements
 * changes no result: every lane runs the same operations in the same order. */
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
#define NR 2
#else
#define MR 4
#define NR 2
#endif

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

static void LOOPS(gemm_tile)(int kc, const double *restrict ap, const double *restrict bp,
			     double *restrict acc_hi, double *restrict acc_lo, int ld)
{
	double hi[NR][MR], lo[NR][MR];
	for (int j = 0; j < NR; j++)
		for (int i = 0; i < MR; i++) {
			hi[j][i] = acc_hi[j * ld + i];
			lo[j][i] = acc_lo[j * ld + i];
		}
	for (int l = 0; l < kc; l++) {
		const double *a = ap + l * MR;
		const double *b = bp + l * NR;
		for (int j = 0; j < NR; j++) {
#pragma omp simd
			for (int i = 0; i < MR; i++) {
				tf_dd r = tf_dd_fma(tf_dd_make(hi[j][i], lo[j][i]), a[i], b[j]);
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

/* The triangular solves' update: as gemm_tile, with the right-hand factor
 * a DD panel read in place, rows l of columns j at xh[j*ldx + l] and
 * xl[j*ldx + l], each multiplied by sign (+1 or -1, exact):
 *   acc(i, j) += sum over l < kc of ap[l*mr + i] * sign * (xh + xl)(l, j),
 * by tf_dd_fma_dd_lazy, renormalized every RENORMALIZE steps of l and at
 * its end: the same steps in every tile, so the bits depend on kc only. */
#define RENORMALIZE 16
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
		if ((l + 1) % RENORMALIZE == 0 || l + 1 == kc)
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
	.mr_dd = MR_DD,
	.nr_dd = NR_DD,
	.gemm_tile_dd = LOOPS(gemm_tile_dd),
	.column_update_dd = LOOPS(column_update_dd),
	.divide_dd = LOOPS(divide_dd),
	.dot = LOOPS(dot),
	.axpy = LOOPS(axpy),
};
