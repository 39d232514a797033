/* Kernels of the real form (real_form.h): one thread per element, a grid of
 * 32 x 8 blocks over the matrix. */
#include "kernels/real_form.h"
#include "twofold/arith_zdd.h"

static dim3 grid_of(int rows, int cols)
{
	return dim3((unsigned)((rows + 31) / 32), (unsigned)((cols + 7) / 8));
}

static __device__ double element(const struct tf_view &v, int i, int j)
{
	const int width = v.complex ? 2 : 1;
	int r = i, c = j;
	double conj = 1.0;
	bool zero = false, one = false;
	if (v.shape != TF_VIEW_SYMMETRIC && v.trans != 'N') { /* op(S)(i, j) = S(j, i) */
		r = j, c = i;
		if (v.trans == 'C')
			conj = -1.0;
	}
	switch (v.shape) {
	case TF_VIEW_GENERAL:
		break;
	case TF_VIEW_SYMMETRIC: {
		bool stored = v.uplo == 'U' ? i <= j : i >= j;
		if (!stored) {
			r = j, c = i;
			if (v.hermitian)
				conj = -1.0;
		}
		if (v.hermitian && i == j && v.part == 1)
			zero = true;
		break;
	}
	case TF_VIEW_TRIANGULAR:
		if (v.uplo == 'U' ? r > c : r < c)
			zero = true;
		else if (r == c && v.diag == 'U')
			one = true;
		break;
	}
	if (zero)
		return 0.0;
	if (one)
		return v.part == 0 ? v.sign : 0.0;
	double value = v.s[((size_t)c * v.ld + r) * width + v.part];
	if (v.part == 1)
		value *= conj;
	return v.sign * value;
}

static __global__ void real_form_kernel(int rows, int cols, struct tf_view view, double *out,
					int ld_out)
{
	int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y;
	if (i < rows && j < cols)
		out[(size_t)j * ld_out + i] = element(view, i, j);
}

extern "C" cudaError_t tf_kernel_real_form(int rows, int cols, struct tf_view view, double *out,
					   int ld_out, cudaStream_t stream)
{
	if (rows <= 0 || cols <= 0)
		return cudaSuccess;
	real_form_kernel<<<grid_of(rows, cols), dim3(32, 8), 0, stream>>>(rows, cols, view, out,
									 ld_out);
	return cudaGetLastError();
}

/* DD element (i, j) of a DD matrix of leading dimension ld, as (hi, 0). */
static __device__ void put_dd(double *out, int ld, int i, int j, double value)
{
	double *e = out + 2 * ((size_t)j * ld + i);
	e[0] = value;
	e[1] = 0.0;
}

static __global__ void complex_form_kernel(int rows, int cols, struct tf_view view,
					   enum tf_complex_side side, double *out, double *out2,
					   int ld_out)
{
	int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y;
	if (i >= rows || j >= cols)
		return;
	view.part = 0;
	double re = element(view, i, j);
	view.part = 1;
	double im = element(view, i, j);
	if (side == TF_COMPLEX_RIGHT) {
		put_dd(out, ld_out, 2 * i, j, re);
		put_dd(out, ld_out, 2 * i + 1, j, im);
		return;
	}
	put_dd(out, ld_out, i, 2 * j, re);
	put_dd(out, ld_out, i, 2 * j + 1, -im);
	put_dd(out2, ld_out, i, 2 * j, im);
	put_dd(out2, ld_out, i, 2 * j + 1, re);
}

extern "C" cudaError_t tf_kernel_complex_form(int rows, int cols, struct tf_view view,
					      enum tf_complex_side side, double *out, double *out2,
					      int ld_out, cudaStream_t stream)
{
	if (rows <= 0 || cols <= 0)
		return cudaSuccess;
	view.sign = 1.0;
	complex_form_kernel<<<grid_of(rows, cols), dim3(32, 8), 0, stream>>>(rows, cols, view, side,
									    out, out2, ld_out);
	return cudaGetLastError();
}

static __global__ void complex_epilogue_kernel(int rows, int cols, struct tf_complex_epilogue e)
{
	int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y;
	if (i >= rows || j >= cols)
		return;
	const size_t at = (size_t)j * rows + i;
	if ((e.uplo == 'U' && i > j) || (e.uplo == 'L' && i < j)) {
		e.out[0][at] = 0.0;
		e.out[1][at] = 0.0;
		return;
	}
	tf_zdd x = tf_zdd_from_z(0.0, 0.0);
	for (int t = 0; t < e.terms; t++) {
		const double *re = e.product[t][0] + 2 * at, *im = e.product[t][1] + 2 * at;
		tf_zdd p = tf_zdd_make(tf_dd_make(re[0], re[1]), tf_dd_make(im[0], im[1]));
		x = tf_zdd_add(x, tf_zdd_mul_z(p, e.alpha[t][0], e.alpha[t][1]));
	}
	if (e.c) {
		const double *c = e.c + 2 * ((size_t)j * e.ldc + i);
		x = tf_zdd_fma(x, e.beta[0], e.beta[1], c[0], c[1]);
	}
	double re, im;
	tf_zdd_to_z(x, &re, &im);
	e.out[0][at] = re;
	e.out[1][at] = e.real_diagonal && i == j ? 0.0 : im;
	if (!e.range_flag || (tf_dd_range_underflow_harmless(re, e.range_weight) &&
			      tf_dd_range_underflow_harmless(im, e.range_weight)))
		return;
	for (int t = 0; t < e.terms; t++)
		if (fabs(e.product[t][0][2 * at]) < TF_DD_RANGE_SUSPECT &&
		    fabs(e.product[t][1][2 * at]) < TF_DD_RANGE_SUSPECT)
			*e.range_flag = 1;
}

extern "C" cudaError_t tf_kernel_complex_epilogue(int rows, int cols, struct tf_complex_epilogue e,
					 cudaStream_t stream)
{
	if (rows <= 0 || cols <= 0)
		return cudaSuccess;
	complex_epilogue_kernel<<<grid_of(rows, cols), dim3(32, 8), 0, stream>>>(rows, cols, e);
	return cudaGetLastError();
}

static __global__ void copy_part_kernel(int rows, int cols, const double *src, int ld_src,
					double *dst, int ld_dst, int width, int part, char uplo)
{
	int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y;
	if (i >= rows || j >= cols || (uplo == 'U' && i > j) || (uplo == 'L' && i < j))
		return;
	dst[((size_t)j * ld_dst + i) * width + part] = src[(size_t)j * ld_src + i];
}

extern "C" cudaError_t tf_kernel_copy_part(int rows, int cols, const double *src, int ld_src,
					   double *dst, int ld_dst, int dst_complex, int part,
					   char uplo, cudaStream_t stream)
{
	if (rows <= 0 || cols <= 0)
		return cudaSuccess;
	copy_part_kernel<<<grid_of(rows, cols), dim3(32, 8), 0, stream>>>(
		rows, cols, src, ld_src, dst, ld_dst, dst_complex ? 2 : 1, part, uplo);
	return cudaGetLastError();
}

static __global__ void find_nonfinite_kernel(int rows, int cols, const double *src, int ld,
					     unsigned *flag)
{
	int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y;
	if (i < rows && j < cols && !isfinite(src[(size_t)j * ld + i]))
		*flag = 1;
}

extern "C" cudaError_t tf_kernel_find_nonfinite(int rows, int cols, const double *src, int ld,
						unsigned *flag, cudaStream_t stream)
{
	if (rows <= 0 || cols <= 0)
		return cudaSuccess;
	find_nonfinite_kernel<<<grid_of(rows, cols), dim3(32, 8), 0, stream>>>(rows, cols, src, ld,
									      flag);
	return cudaGetLastError();
}
