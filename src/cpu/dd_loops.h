/* The inner loops of the CPU DD kernels: compiled once per instruction set
 * from src/cpu/dd_loops.c, and chosen at run time (dd_loops_select.c). */
#ifndef TF_DD_LOOPS_H
#define TF_DD_LOOPS_H

#include <stddef.h>
#include "twofold/arith_zdd.h"

struct tf_op;

/* gemm_tile's sums renormalize after this many lazy steps (dd_loops.c);
 * the engine's direct path for tiny products (dd_product.c) keeps the same
 * steps, so that both give the same bits. */
#define TF_DD_TILE_RENORMALIZE 8

/* The terms of the Level 2 products' finish (matvec_finish): arrays of n
 * elements of width w; a NULL pointer leaves its term out. */
struct tf_matvec_terms {
	const double *u_hi, *u_lo; /* a pass's sums */
	const double *s_hi, *s_lo; /* the other pass's sums */
	const double *diag, *x;    /* the diagonal term diag[i] x[i] */
	const double *alpha;       /* the scale of the sum (w parts) */
	const double *beta, *y;    /* beta (w parts) times y[i], added */
};

struct tf_dd_loops {
	const char *name;
	/* The DD kernels compiled for this instruction set (dd_isa.h): runs
	 * the op, or returns -1 where no DD kernel computes it (as
	 * tf_cpu_dd_run, dd_kernels.h). */
	int (*run)(const struct tf_op *op);
	int mr, nr; /* the register tile of gemm_tile */
	int mr_dd, nr_dd; /* the register tile of gemm_tile_dd */
	/* For an mr x nr tile, in DD:
	 *   acc(i, j) += sum over l < kc of ap[l*mr + i] * bp[l*nr + j],
	 * acc(i, j) being (acc_hi, acc_lo)[j*ld + i].  fresh: acc starts as
	 * (+0, +0), not read (what zeroed memory would give, the same bits). */
	void (*gemm_tile)(int kc, const double *ap, const double *bp, double *acc_hi,
			  double *acc_lo, int ld, int fresh);
	/* acc[i] += a[i] * x for i < m, in DD (a column of y = A x). */
	void (*column_update)(int m, const double *a, double x, double *acc_hi, double *acc_lo);
	/* Two column updates by the same a, a read once: acc1 += a x1 and
	 * acc2 += a x2, each as column_update (a complex column's two parts
	 * of x). */
	void (*column_update2)(int m, const double *a, double x1, double x2, double *hi1,
			       double *lo1, double *hi2, double *lo2);
	/* The sums of a block of columns, each with its own part of x: for c
	 * < columns, (hi, lo)[c] = sum over t < len of a[c a_step + t] *
	 * x[c x_step + t], each from (+0, +0) by tf_dd_fma in the order of t
	 * (the steps column_update takes for it, row by row). */
	void (*columns_dot)(int columns, int len, const double *a, size_t a_step,
			    const double *x, size_t x_step, double *hi, double *lo);
	/* The same for complex columns of len elements, by two factors as
	 * column_update2: for each part p (0: re, 1: im) of a's elements,
	 * (hi1, lo1)[2c + p] = sum over t < len of a[c a_step + 2t + p] *
	 * x1[2 (c x_step + t)], (hi2, lo2) the same with x2. */
	void (*zcolumns_dot)(int columns, int len, const double *a, size_t a_step,
			     const double *x1, const double *x2, size_t x_step, double *hi1,
			     double *lo1, double *hi2, double *lo2);
	/* The Level 2 products' finish, for i < n, each element in DD from
	 * (+0, +0): the passes' sums added (tf_dd_add, part by part), the
	 * diagonal term (tf_dd_fma; complex tf_zdd_fma), the scale (tf_dd_mul_d;
	 * tf_zdd_mul_z), beta y[i] (tf_dd_add of tf_two_prod; complex
	 * tf_zdd_add of tf_zdd_fma from zero), each where given, in that
	 * order; rounded once into out[i] (w = 2: (re, im) pairs). */
	void (*matvec_finish)(int n, int w, const struct tf_matvec_terms *f, double *out);
	/* The triangular solves' update by a DD right-hand side: for the
	 * mr_dd x nr_dd tile (ap and acc laid out as gemm_tile's),
	 *   acc(i, j) += sum over l < kc of ap[l*mr_dd + i] * sign *
	 *                (xh[j*ldx + l] + xl[j*ldx + l]),
	 * by tf_dd_fma_dd_lazy, renormalized every 16 steps of l and at
	 * l = kc - 1 (so the bits depend on kc only). */
	void (*gemm_tile_dd)(int kc, const double *ap, const double *xh, const double *xl,
			     int ldx, double sign, double *acc_hi, double *acc_lo, int ld);
	/* x[j*stride] /= d for j < n, x = (hi, lo) in DD, by tf_dd_div_d. */
	void (*divide_dd)(int n, int stride, double *hi, double *lo, double d);
	/* sum over i < m of a[i] * x[i], in DD (a column of y = A^T x). */
	tf_dd (*dot)(int m, const double *a, const double *x);
	/* The four real dot products of complex x and y of m elements, (re,
	 * im) pairs: sums[0] = xr.yr, [1] = xi.yi, [2] = xr.yi, [3] = xi.yr,
	 * each the bits of dot on its parts apart. */
	void (*zdot)(int m, const double *x, const double *y, tf_dd sums[4]);
	/* y[i] = alpha x[i] + y[i] rounded once, for i < n, unit strides. */
	void (*axpy)(int n, double alpha, const double *x, double *y);
	/* sum over i < m of |a[i]|, in DD. */
	tf_dd (*sum_abs)(int m, const double *a);
	/* The 2 x 2 transform h = (h11, h12, h21, h22) of the pairs (x[i], y[i]),
	 * for i < m: xo[i] = h11 x[i] + h12 y[i], yo[i] = h21 x[i] + h22 y[i],
	 * each from exact products, rounded once (tf_prod_sum_rounded). */
	void (*transform)(int m, const double *h, const double *x, const double *y, double *xo,
			  double *yo);
	/* Complex data, (re, im) pairs, for i < m: yo[i] = alpha x[i] (zscal),
	 * and y[i] = alpha x[i] + y[i] (zaxpy), each part from exact
	 * products, rounded once (tf_prod_sum_rounded,
	 * tf_prod_sum_add_rounded). */
	void (*zscal)(int m, double alpha_re, double alpha_im, const double *x, double *yo);
	void (*zaxpy)(int m, double alpha_re, double alpha_im, const double *x, double *y);
	/* Whether a[i] is finite for every i < m (the commits of dd_output.c). */
	int (*all_finite)(size_t m, const double *a);
	/* out[i os] = c[i cs] + sum over k < terms of u[k][i] (t_hi[k] + t_lo[k]),
	 * for i < m, in DD (each u t_hi exact), rounded once: a column of the
	 * rank updates (a complex one part by part, with strides 2); 1 <= terms
	 * <= 4.  Whether every out is finite. */
	/* The triangular solves' steps, x in DD (x_hi, x_lo); complex columns
	 * a as stored (real and imaginary parts adjacent), conjugated when
	 * sign = -1 (that is, a's imaginary parts times sign):
	 *   column_update_dd:  acc[i] += a[i] x, for i < m
	 *   zcolumn_update_dd: acc[i] += a[i] x (complex; acc real and
	 *                      imaginary parts apart)
	 *   dot_dd:            sum over i < m of a[i] x[i]
	 *   zdot_dd:           the same, complex, x's parts apart */
	void (*column_update_dd)(int m, const double *a, tf_dd x, double *acc_hi, double *acc_lo);
	void (*zcolumn_update_dd)(int m, const double *a, tf_zdd x, double *re_hi, double *re_lo,
				  double *im_hi, double *im_lo);
	tf_dd (*dot_dd)(int m, const double *a, const double *x_hi, const double *x_lo);
	tf_zdd (*zdot_dd)(int m, const double *a, double sign, const double *re_hi,
			  const double *re_lo, const double *im_hi, const double *im_lo);
	int (*update_round)(int m, const double *c, int cs, int terms, const double *const *u,
			     const double *t_hi, const double *t_lo, double *out, int os);
	/* A column of the Level 3 products' finish: out[i] = alpha (hi[i] +
	 * lo[i]) + beta c[i] for i < m, in DD (tf_dd_mul_d, then tf_dd_add of
	 * tf_two_prod(beta, c[i]) unless beta = 0, which leaves c unread),
	 * rounded once (tf_dd_to_double).  Returns 1 when every out[i] is
	 * finite and every |hi[i]| >= TF_DD_RANGE_SUSPECT (no element needs
	 * the range's second look), else 0. */
	int (*scale_round)(int m, const double *hi, const double *lo, double alpha, double beta,
			   const double *c, double *out);
	/* The same for complex data: S(i) = (re_hi[i] + re_lo[i], im_hi[i] +
	 * im_lo[i]), out and c (re, im) pairs; out[i] = alpha S(i) (tf_zdd_mul_z)
	 * plus, unless beta = 0, tf_zdd_fma(0, beta, c[i]) (tf_zdd_add), each
	 * part rounded once (tf_zdd_to_z).  Returns 1 when every part of every
	 * out[i] is finite and, for every i, one of |re_hi[i]|, |im_hi[i]| is
	 * at least TF_DD_RANGE_SUSPECT, else 0. */
	int (*zscale_round)(int m, const double *re_hi, const double *re_lo, const double *im_hi,
			    const double *im_lo, double alpha_re, double alpha_im, double beta_re,
			    double beta_im, const double *c, double *out);
};

extern const struct tf_dd_loops tf_dd_loops_generic;
extern const struct tf_dd_loops tf_dd_loops_avx2;
extern const struct tf_dd_loops tf_dd_loops_avx512;

/* The loops for this processor, or those TWOFOLD_CPU_KERNEL names if the
 * processor has them (else the best it has, with a notice).  Chosen at the
 * first call; after that one load (as tf_config). */
extern const struct tf_dd_loops *tf_dd_loops_ready __attribute__((visibility("hidden")));
const struct tf_dd_loops *tf_dd_loops_first(void);

static inline const struct tf_dd_loops *tf_dd_loops(void)
{
	const struct tf_dd_loops *loops = __atomic_load_n(&tf_dd_loops_ready, __ATOMIC_ACQUIRE);
	return loops ? loops : tf_dd_loops_first();
}

/* Whether the chosen loops may use AVX2 and FMA instructions (every choice
 * but the generic loops does): the typed kernels' TF_CPU_FMA_TARGET loops
 * follow the same choice. */
int tf_cpu_fma_loops(void);

#endif
