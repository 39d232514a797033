/* Kernels of the triangular solves (trsm.h).  The element-wise ones use
 * one thread per element on a grid of 32 x 8 blocks; the leaf keeps a
 * block of 32 rows of x in shared memory, one thread per row and column
 * stripe. */
#include "kernels/trsm.h"
#include "twofold/arith_dd.h"

namespace {

constexpr int ROWS = 32, STRIPES = 8;

dim3 grid_of(int rows, int cols)
{
	return dim3((unsigned)((rows + 31) / 32), (unsigned)((cols + 7) / 8));
}

__global__ void triangle_kernel(int order, const double *a, int lda, int transpose, char uplo,
				int unit, tf_dd *t, int ldt)
{
	int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y;
	if (i >= order || j >= order)
		return;
	int r = transpose ? j : i, c = transpose ? i : j;
	double v = 0.0;
	if (r == c && unit)
		v = 1.0;
	else if (uplo == 'U' ? r <= c : r >= c)
		v = a[(size_t)c * lda + r];
	t[(size_t)j * ldt + i] = tf_dd_make(v, 0.0);
}

__global__ void load_kernel(int rows, int cols, double alpha, const double *b, int ldb,
			    int transpose, tf_dd *x, int ldx)
{
	int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y;
	if (i >= rows || j >= cols)
		return;
	double v = transpose ? b[(size_t)i * ldb + j] : b[(size_t)j * ldb + i];
	x[(size_t)j * ldx + i] = tf_two_prod(alpha, v);
}

__global__ void round_kernel(int rows, int cols, const tf_dd *x, int ldx, int transpose,
			     double *out, int ldo)
{
	int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y;
	if (i >= rows || j >= cols)
		return;
	tf_dd v = x[(size_t)j * ldx + i];
	double d = __dadd_rn(v.hi, v.lo);
	if (transpose)
		out[(size_t)i * ldo + j] = d;
	else
		out[(size_t)j * ldo + i] = d;
}

__global__ void find_nonfinite_kernel(int rows, int cols, const tf_dd *x, int ldx,
				      unsigned *flag)
{
	int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y;
	if (i < rows && j < cols) {
		tf_dd v = x[(size_t)j * ldx + i];
		if (!isfinite(__dadd_rn(v.hi, v.lo)))
			*flag = 1;
	}
}

/* x t = x for one block of ROWS rows: column p is final once divided by
 * t(p, p); it is then taken from every column q that depends on it (q > p
 * for an upper t, q < p for a lower one), the columns shared among the
 * STRIPES thread rows. */
__global__ void leaf_kernel(int rows, int order, const tf_dd *t, int ldt, int upper, int unit,
			    tf_dd *x, int ldx)
{
	__shared__ tf_dd s[TF_TRSM_LEAF][ROWS];
	const int r = threadIdx.x, stripe = threadIdx.y;
	const int i = blockIdx.x * ROWS + r;
	for (int q = stripe; q < order; q += STRIPES)
		s[q][r] = i < rows ? x[(size_t)q * ldx + i] : tf_dd_make(0.0, 0.0);
	__syncthreads();
	for (int step = 0; step < order; step++) {
		const int p = upper ? step : order - 1 - step;
		if (stripe == 0 && !unit)
			s[p][r] = tf_dd_div_d(s[p][r], t[(size_t)p * ldt + p].hi);
		__syncthreads();
		const tf_dd v = s[p][r];
		const int first = upper ? p + 1 : 0, end = upper ? order : p;
		for (int q = first + stripe; q < end; q += STRIPES)
			s[q][r] = tf_dd_fma_dd(s[q][r], -t[(size_t)q * ldt + p].hi, v);
		__syncthreads();
	}
	if (i < rows)
		for (int q = stripe; q < order; q += STRIPES)
			x[(size_t)q * ldx + i] = s[q][r];
}

} // namespace

extern "C" cudaError_t tf_kernel_trsm_triangle(int order, const double *a, int lda, int transpose,
					       char uplo, int unit, tf_dd *t, int ldt,
					       cudaStream_t stream)
{
	if (order <= 0)
		return cudaSuccess;
	triangle_kernel<<<grid_of(order, order), dim3(32, 8), 0, stream>>>(order, a, lda, transpose,
									   uplo, unit, t, ldt);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_trsm_load(int rows, int cols, double alpha, const double *b,
					   int ldb, int transpose, tf_dd *x, int ldx,
					   cudaStream_t stream)
{
	if (rows <= 0 || cols <= 0)
		return cudaSuccess;
	load_kernel<<<grid_of(rows, cols), dim3(32, 8), 0, stream>>>(rows, cols, alpha, b, ldb,
								     transpose, x, ldx);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_trsm_round(int rows, int cols, const tf_dd *x, int ldx,
					    int transpose, double *out, int ldo, cudaStream_t stream)
{
	if (rows <= 0 || cols <= 0)
		return cudaSuccess;
	round_kernel<<<grid_of(rows, cols), dim3(32, 8), 0, stream>>>(rows, cols, x, ldx, transpose,
								      out, ldo);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_trsm_find_nonfinite(int rows, int cols, const tf_dd *x, int ldx,
						     unsigned *flag, cudaStream_t stream)
{
	if (rows <= 0 || cols <= 0)
		return cudaSuccess;
	find_nonfinite_kernel<<<grid_of(rows, cols), dim3(32, 8), 0, stream>>>(rows, cols, x, ldx,
									       flag);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_trsm_leaf(int rows, int order, const tf_dd *t, int ldt, int upper,
					   int unit, tf_dd *x, int ldx, cudaStream_t stream)
{
	if (rows <= 0 || order <= 0)
		return cudaSuccess;
	leaf_kernel<<<(unsigned)((rows + ROWS - 1) / ROWS), dim3(ROWS, STRIPES), 0, stream>>>(
		rows, order, t, ldt, upper, unit, x, ldx);
	return cudaGetLastError();
}
