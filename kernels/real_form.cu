/* Kernels of the real form (real_form.h): one thread per element, a grid of
 * 32 x 8 blocks over the matrix. */
#include "kernels/real_form.h"

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
	switch (v.shape) {
	case TF_VIEW_GENERAL:
		if (v.trans != 'N') {
			r = j, c = i;
			if (v.trans == 'C')
				conj = -1.0;
		}
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
		if (v.uplo == 'U' ? i > j : i < j)
			zero = true;
		else if (i == j && v.diag == 'U')
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
