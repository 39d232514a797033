/* The real form of a Level 3 op's operands on the device: complex,
 * symmetric and triangular matrices written out as plain real matrices, so
 * that the op runs as real GEMMs (the split product engine or the DD
 * kernel), and the results written back.  Copies only: every value moves
 * exactly, a sign flipped at most. */
#ifndef TF_KERNELS_REAL_FORM_H
#define TF_KERNELS_REAL_FORM_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How element (i, j) of the view is read from its source matrix. */
enum tf_view_shape {
	TF_VIEW_GENERAL,    /* op(S)(i, j), op by trans: N, T, or C (conjugate) */
	TF_VIEW_SYMMETRIC,  /* S(i, j) from the uplo triangle, S(j, i) from the
			     * other (conjugated when hermitian; the diagonal's
			     * imaginary part then zero) */
	TF_VIEW_TRIANGULAR  /* S(i, j) in the uplo triangle, 0 outside, 1 on the
			     * diagonal when diag is 'U' */
};

struct tf_view {
	const double *s; /* column major, leading dimension ld (in elements) */
	int ld;
	int complex;     /* elements are (re, im) pairs */
	enum tf_view_shape shape;
	char trans, uplo, diag;
	int hermitian;
	int part;        /* complex data: 0 the real part, 1 the imaginary part */
	double sign;     /* 1 or -1: the value written is sign times the part */
};

/* out(i, j) = the view's element (i, j), rows x cols, out's leading
 * dimension ld_out.  A triangular view is op(S)'s triangle, op by trans. */
cudaError_t tf_kernel_real_form(int rows, int cols, struct tf_view view, double *out, int ld_out,
				cudaStream_t stream);

/* Where a complex view's element (re, im) goes as DD elements (hi, 0) of
 * the real form of a complex product L R (real_form.c): the inner index l
 * of L (rows x k) and R (k x cols) becomes the pair 2l, 2l + 1, so that a
 * range of l stays a range. */
enum tf_complex_side {
	TF_COMPLEX_LEFT,  /* out(i, 2j) = re, out(i, 2j + 1) = -im; out2(i, 2j) =
			   * im, out2(i, 2j + 1) = re: the left factors of the
			   * real and the imaginary part */
	TF_COMPLEX_RIGHT  /* out(2i, j) = re, out(2i + 1, j) = im */
};

/* The view (complex) written out as DD elements by side, rows x cols of
 * the view; out and out2 (LEFT only) have leading dimension ld_out in DD
 * elements. */
cudaError_t tf_kernel_complex_form(int rows, int cols, struct tf_view view,
				   enum tf_complex_side side, double *out, double *out2, int ld_out,
				   cudaStream_t stream);

/* The epilogue of a complex product in DD: out[part](i, j) = part of
 * sum_t alpha[t] P[t](i, j) + beta C(i, j), in complex DD, rounded once.
 * With range_flag (device memory, zeroed by the caller), an element whose
 * product of some term came out tiny in both parts (below
 * TF_DD_RANGE_SUSPECT, twofold/arith_dd.h: it may have lost its low parts,
 * or all of itself, to underflow) sets *range_flag, unless each part of
 * its result is large enough for that not to matter
 * (tf_dd_range_underflow_harmless with range_weight). */
struct tf_complex_epilogue {
	int terms;                 /* 0 to 2 */
	const double *product[2][2]; /* [term][part]: DD elements, leading dimension rows */
	double alpha[2][2];        /* [term]: (re, im) */
	double beta[2];
	const double *c;           /* complex C (leading dimension ldc), or NULL: beta C absent */
	int ldc;
	char uplo;                 /* 'U', 'L': only that triangle (the rest 0); 0: all */
	int real_diagonal;         /* the diagonal's imaginary part set to 0 (herk, her2k) */
	double *out[2];            /* rows x cols, leading dimension rows */
	unsigned *range_flag;      /* or NULL: no range check */
	double range_weight;       /* sum of |alpha|'s parts over a part's products */
};

cudaError_t tf_kernel_complex_epilogue(int rows, int cols, struct tf_complex_epilogue e,
				       cudaStream_t stream);

/* dst(i, j) = src(i, j) for rows x cols, or only the uplo triangle ('U' or
 * 'L'; 0: all); complex dst: part `part` of each of its elements. */
cudaError_t tf_kernel_copy_part(int rows, int cols, const double *src, int ld_src, double *dst,
				int ld_dst, int dst_complex, int part, char uplo,
				cudaStream_t stream);

/* Whether any of rows x cols of src (leading dimension ld) is Inf or NaN:
 * *flag (device memory, zeroed by the caller) becomes nonzero. */
cudaError_t tf_kernel_find_nonfinite(int rows, int cols, const double *src, int ld,
				     unsigned *flag, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
