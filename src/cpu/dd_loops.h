/* The inner loops of the CPU DD kernels: compiled once per instruction set
 * from src/cpu/dd_loops.c, and chosen at run time (dd_loops_select.c). */
#ifndef TF_DD_LOOPS_H
#define TF_DD_LOOPS_H

#include "twofold/arith_dd.h"

struct tf_dd_loops {
	const char *name;
	int mr, nr; /* the register tile of gemm_tile */
	int mr_dd, nr_dd; /* the register tile of gemm_tile_dd */
	/* For an mr x nr tile, in DD:
	 *   acc(i, j) += sum over l < kc of ap[l*mr + i] * bp[l*nr + j],
	 * acc(i, j) being (acc_hi, acc_lo)[j*ld + i]. */
	void (*gemm_tile)(int kc, const double *ap, const double *bp, double *acc_hi,
			  double *acc_lo, int ld);
	/* acc[i] += a[i] * x for i < m, in DD (a column of y = A x). */
	void (*column_update)(int m, const double *a, double x, double *acc_hi, double *acc_lo);
	/* The triangular solves' update by a DD right-hand side: for the
	 * mr_dd x nr_dd tile (ap and acc laid out as gemm_tile's), acc(i, j) += sum over l < kc of ap[l*mr + i] * sign *
	 * (xh[j*ldx + l] + xl[j*ldx + l]), by tf_dd_fma_dd_lazy, renormalized
	 * every 16 steps of l and at l = kc - 1 (so the bits depend on kc only). */
	void (*gemm_tile_dd)(int kc, const double *ap, const double *xh, const double *xl,
			     int ldx, double sign, double *acc_hi, double *acc_lo, int ld);
	/* acc[i] += a[i] * x for i < m and a DD x, by tf_dd_fma_dd. */
	void (*column_update_dd)(int m, const double *a, tf_dd x, double *acc_hi,
				 double *acc_lo);
	/* x[j*stride] /= d for j < n, x = (hi, lo) in DD, by tf_dd_div_d. */
	void (*divide_dd)(int n, int stride, double *hi, double *lo, double d);
	/* sum over i < m of a[i] * x[i], in DD (a column of y = A^T x). */
	tf_dd (*dot)(int m, const double *a, const double *x);
	/* y[i] = alpha x[i] + y[i] rounded once, for i < n, unit strides. */
	void (*axpy)(int n, double alpha, const double *x, double *y);
};

extern const struct tf_dd_loops tf_dd_loops_generic;
extern const struct tf_dd_loops tf_dd_loops_avx2;
extern const struct tf_dd_loops tf_dd_loops_avx512;

/* The loops for this processor, or those TWOFOLD_CPU_KERNEL names if the
 * processor has them (else the best it has, with a notice). */
const struct tf_dd_loops *tf_dd_loops(void);

/* Whether the chosen loops may use AVX2 and FMA instructions (every choice
 * but the generic loops does): the typed kernels' TF_CPU_FMA_TARGET loops
 * follow the same choice. */
int tf_cpu_fma_loops(void);

#endif
