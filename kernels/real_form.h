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
 * dimension ld_out. */
cudaError_t tf_kernel_real_form(int rows, int cols, struct tf_view view, double *out, int ld_out,
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
