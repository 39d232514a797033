#include "kernels/solve_residual.h"
#include "twofold/arith_dd.h"

namespace {

const int ROWS_PER_BLOCK = 128;

/* One row's sum in three parts (cpu/dd_residual.c's struct row_sum). */
struct row_sum {
	double hi, mid;
	tf_dd rest;
};

__device__ row_sum zero_sum()
{
	row_sum s = { 0.0, 0.0, tf_dd_make(0.0, 0.0) };
	return s;
}

/* sum += v, a double term of the leading level */
__device__ void add(row_sum &sum, double v)
{
	tf_dd s = tf_two_sum(sum.hi, v);
	tf_dd m = tf_two_sum(sum.mid, s.lo);
	sum.hi = s.hi;
	sum.mid = m.hi;
	sum.rest = tf_dd_add_d(sum.rest, m.lo);
}

/* sum -= a (x_hi + x_lo): the product's leading word at the first level,
 * its error word and a x_lo with the rest (as the CPU's subtract) */
__device__ void subtract(row_sum &sum, double a, double x_hi, double x_lo)
{
	tf_dd p = tf_two_prod(-a, x_hi);
	tf_dd s = tf_two_sum(sum.hi, p.hi);
	tf_dd m = tf_two_sum(sum.mid, s.lo);
	sum.hi = s.hi;
	sum.mid = m.hi;
	sum.rest = tf_dd_add_d(tf_dd_fma(sum.rest, -a, x_lo), TF_DADD(m.lo, p.lo));
}

/* A partial sum merged into another: its two leading words as leading
 * terms, its rest into the rest. */
__device__ void merge(row_sum &sum, const row_sum &part)
{
	add(sum, part.hi);
	add(sum, part.mid);
	sum.rest = tf_dd_add(sum.rest, part.rest);
}

/* Each thread one row (real) or one row's real and imaginary parts
 * (complex), over the columns of slice blockIdx.y; the partial sums to
 * parts[slice][row][part]. */
template <bool COMPLEX>
__global__ void partial_sums(int n, const double *a, size_t lda, const double *x_hi,
			     const double *x_lo, int slice_columns, row_sum *parts)
{
	const int i = blockIdx.x * ROWS_PER_BLOCK + threadIdx.x;
	if (i >= n)
		return;
	const int first = blockIdx.y * slice_columns;
	const int last = min(n, first + slice_columns);
	row_sum re = zero_sum(), im = zero_sum();
	for (int j = first; j < last; j++) {
		if (COMPLEX) {
			const double *aij = a + 2 * (i + (size_t)j * lda);
			const double ar = aij[0], ai = aij[1];
			const double xr = x_hi[2 * j], xi = x_hi[2 * j + 1];
			const double lr = x_lo[2 * j], li = x_lo[2 * j + 1];
			subtract(re, ar, xr, lr);
			subtract(re, -ai, xi, li);
			subtract(im, ar, xi, li);
			subtract(im, ai, xr, lr);
		} else
			subtract(re, a[i + (size_t)j * lda], x_hi[j], x_lo[j]);
	}
	const size_t at = (size_t)blockIdx.y * n + i;
	if (COMPLEX) {
		parts[2 * at] = re;
		parts[2 * at + 1] = im;
	} else
		parts[at] = re;
}

/* Element e of r (and r_lo): b_e plus every slice's partial sum, rounded
 * once. */
__global__ void rounded_sums(int elements, const double *b, const row_sum *parts, int slices,
			     double *r, double *r_lo)
{
	const int e = blockIdx.x * blockDim.x + threadIdx.x;
	if (e >= elements)
		return;
	row_sum sum = zero_sum();
	sum.hi = b[e];
	for (int s = 0; s < slices; s++)
		merge(sum, parts[(size_t)s * elements + e]);
	tf_dd v = tf_dd_add(tf_two_sum(sum.hi, sum.mid), sum.rest);
	if (r_lo) {
		r[e] = v.hi;
		r_lo[e] = v.lo;
	} else
		r[e] = tf_dd_to_double(v);
}

/* Slices of columns: enough threads to keep every multiprocessor's loads
 * in flight (about 2048 resident threads each), each slice at least 64
 * columns long. */
int slices_of(int n, int multiprocessors)
{
	const long threads = 2048L * (multiprocessors > 0 ? multiprocessors : 1);
	long slices = (threads + n - 1) / n;
	const long most = (n + 63) / 64;
	if (slices > most)
		slices = most;
	return slices < 1 ? 1 : (int)slices;
}

__global__ void symmetrize(int is_complex, int upper, int n, double *a, size_t lda)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	for (int j = blockIdx.y; j < n; j += gridDim.y) {
		if (i >= n)
			return;
		/* (i, j) outside the stored triangle takes (j, i) */
		const int outside = upper ? i > j : i < j;
		if (is_complex) {
			double *to = a + 2 * (i + (size_t)j * lda);
			if (i == j)
				to[1] = 0.0;
			else if (outside) {
				const double *from = a + 2 * (j + (size_t)i * lda);
				to[0] = from[0];
				to[1] = -from[1];
			}
		} else if (outside)
			a[i + (size_t)j * lda] = a[j + (size_t)i * lda];
	}
}

} /* namespace */

extern "C" size_t tf_kernel_solve_residual_scratch(int is_complex, int n, int multiprocessors)
{
	return (size_t)slices_of(n, multiprocessors) * (is_complex ? 2 : 1) * n * sizeof(row_sum);
}

extern "C" cudaError_t tf_kernel_solve_residual(int is_complex, int n, const double *a, size_t lda,
						const double *x_hi, const double *x_lo,
						const double *b, double *r, double *r_lo,
						void *scratch, int multiprocessors,
						cudaStream_t stream)
{
	const int slices = slices_of(n, multiprocessors);
	const int slice_columns = (n + slices - 1) / slices;
	row_sum *parts = (row_sum *)scratch;
	dim3 grid((n + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK, slices);
	if (is_complex)
		partial_sums<true><<<grid, ROWS_PER_BLOCK, 0, stream>>>(n, a, lda, x_hi, x_lo,
								       slice_columns, parts);
	else
		partial_sums<false><<<grid, ROWS_PER_BLOCK, 0, stream>>>(n, a, lda, x_hi, x_lo,
									slice_columns, parts);
	const int elements = (is_complex ? 2 : 1) * n;
	rounded_sums<<<(elements + 255) / 256, 256, 0, stream>>>(elements, b, parts, slices, r,
								  r_lo);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_symmetrize(int is_complex, char uplo, int n, double *a,
					    size_t lda, cudaStream_t stream)
{
	/* each (i, j) reads a (j, i) that this launch never writes: the
	 * stored triangle stays as it is */
	dim3 grid((n + 255) / 256, n < 65535 ? n : 65535);
	symmetrize<<<grid, 256, 0, stream>>>(is_complex, uplo == 'U', n, a, lda);
	return cudaGetLastError();
}
