#include "config.h"

/* The error bounds of the typed routines, derived from the bounds of the
 * arithmetic (include/twofold/arith_*.h) for the computation the API
 * documents: each product formed in the working arithmetic, added to the
 * running sum in it, then alpha * sum + beta * c in it, and the result
 * rounded once to the storage format.
 *
 * Double-word arithmetic (DD: u = 2^-53; DF: u = 2^-24): a product's
 * relative error is below 4u^2 (tf_dd_mul, tf_df_mul), a sum's at most
 * 3u^2 + 13u^3 (tf_dd_add, tf_df_add, also when they cancel).  Summing k
 * products, each passes through at most k - 1 additions whose results are
 * at most sum |a_l b_l| in magnitude (1 + O(k u^2)), so
 *     |sum - exact| <= (4 + 3(k - 1)) u^2 sum |a_l b_l|,
 * and alpha * sum, beta * c and their sum add 4u^2 |alpha sum|, 4u^2
 * |beta c| and 3u^2 (|alpha sum| + |beta c|):
 *     GEMM, GEMV:  (3k + 11) u^2 S,   S = |alpha| sum |a_l b_l| + |beta c|
 *     DOT:         (3k + 4) u^2 S,    S = sum |x_l y_l|
 *     AXPY:        7 u^2 (|alpha x| + |y|) per update (mul, then add).
 * A summation in another order (blocks, partial sums, a tree) keeps every
 * product under at most k - 1 additions: the same bound.
 *
 * The GPU's DD kernels accumulate lazily (kernels/arith_traits.cuh,
 * kernels/typed_formats.cuh: the low words of s steps gathered before one
 * renormalization), for which the bound is ((1 + s/2) k + 3s + 9) u^2 sum
 * |a_l b_l|: s = 8 in GEMM, 16 in GEMV and DOT; alpha and beta add 11 u^2
 * as above.  The DD-family bounds here are the larger of the two, so that
 * one test judges both backends:
 *     GEMM:  (5k + 44) u^2 S;   GEMV: (9k + 68) u^2 S;   DOT: (9k + 57) u^2 S.
 * DF sums are not lazy in the typed kernels but in the GEMM (DF products
 * accumulated as the drop-in df path does, renormalized per 16-deep slab):
 * DF takes the same bounds.
 *
 * Triple-single (u = 2^-24): tf_ts_mul's relative error is at most
 * (28 + 2^-8) u^3, tf_ts_add's error at most (8 + 2^-13) u^3 (|a| + |b|):
 *     GEMM, GEMV:  (8k + 64) u^3 S;  DOT: (8k + 28) u^3 S;  AXPY: 36 u^3.
 *
 * DS arithmetic (tf_dsgemm_dsarith): leading words double and taken
 * exactly (TwoProd, TwoSum), everything of the order of u |acc| + u |ab|
 * (u = 2^-53: the rounding errors, the cross products a.hi b.lo + a.lo b.hi,
 * acc's trailing word) rounded to float and summed in float, a float
 * trailing word kept.  Some eight float roundings of quantities below
 * 2u (|acc| + |ab|), each within 2^-24 of them, and a.lo b.lo (below
 * u^2 |ab|) left out: at most 16 * 2^-77 = 2^-73 (|acc| + |ab|) a step,
 * |acc| <= sum |a_l b_l|; the same for alpha, beta and the final sum:
 *     GEMM:  (k + 4) 2^-73 S,
 * some 2^28 times DD's bound (twofold.h: "about 2^-76 per product").
 *
 * Storage: DS and DS packed round a DD result to within 2^-77 of it, DI to
 * within 2^-74 (tf_ds_from_dd, tf_di_from_dd, in the range our data keeps
 * to); DD, DF and TS store the working result itself, and DOT returns it.
 *
 * Each constant carries a factor 1.01 for the terms of higher order (u^3
 * and beyond, (1 + u^2)^k), which are below 2^-20 of it for the k used. */
#include "harness.h"

#define SLACK 1.01

double u_work(struct variant v)
{
	if (v.dsarith)
		return 0x1p-73;
	switch (v.fmt) {
	case FMT_DF: return 0x1p-48;
	case FMT_TS: return 0x1p-72;
	default: return 0x1p-106;
	}
}

double work_units(struct variant v, enum kind kind, int k)
{
	if (v.dsarith)
		return SLACK * (k + 4.0);
	if (v.fmt == FMT_TS) {
		switch (kind) {
		case KIND_DOT: return SLACK * (8.0 * k + 28);
		case KIND_AXPY: return SLACK * 36.0 * k;
		default: return SLACK * (8.0 * k + 64);
		}
	}
	switch (kind) {
	case KIND_DOT: return SLACK * (9.0 * k + 57);
	case KIND_AXPY: return SLACK * 7.0 * k;
	case KIND_GEMV: return SLACK * (9.0 * k + 68);
	default: return SLACK * (5.0 * k + 44);
	}
}

double u_store(struct variant v, enum kind kind)
{
	if (kind == KIND_DOT)
		return 0;
	switch (v.fmt) {
	case FMT_DS:
	case FMT_DSP: return 0x1p-77;
	case FMT_DI: return 0x1p-74;
	default: return 0;
	}
}

/* Below every magnitude of our data and results: the subnormal grid of a
 * float trailing word. */
double bound_floor(struct variant v)
{
	(void)v;
	return 0x1p-149;
}
