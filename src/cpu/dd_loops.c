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
