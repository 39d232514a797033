/* Kernels of the factorizations in DD (kernels/dd_factor.h).  The pivot
 * search is one block's reduction; an elimination step, one thread per row
 * of the panel; the triangular solves, one warp per right-hand side, which
 * it holds in registers (two rows a lane).  Each kernel is a template over
 * the element, tf_dd or tf_zdd, whose operations are the overloads below
 * (the CPU's, cpu/dd_factor.c). */
#include "kernels/dd_factor.h"
#include "twofold/arith_zdd.h"

namespace {

constexpr int PIVOT_THREADS = 1024;
constexpr int ROW_THREADS = 256;
constexpr int SOLVE_WARPS = 8;
static_assert(TF_DD_FACTOR_BLOCK == 64, "a lane holds two rows of a solve");

/* ---- The element's operations */

__device__ tf_dd negated(tf_dd a)
{
	return tf_dd_make(-a.hi, -a.lo);
}

__device__ tf_zdd negated(tf_zdd a)
{
	return tf_zdd_neg(a);
}

__device__ tf_dd conjugated(tf_dd a)
{
	return a;
}

__device__ tf_zdd conjugated(tf_zdd a)
{
	return tf_zdd_conj(a);
}

__device__ bool is_zero(tf_dd a)
{
	return a.hi == 0.0;
}

__device__ bool is_zero(tf_zdd a)
{
	return a.re.hi == 0.0 && a.im.hi == 0.0;
}

/* The pivot search's size: |hi|, or |re.hi| + |im.hi| (izamax's). */
__device__ double pivot_size(tf_dd a)
{
	return fabs(a.hi);
}

__device__ double pivot_size(tf_zdd a)
{
	return fabs(a.re.hi) + fabs(a.im.hi);
}

/* y + x c, as cpu/dd_factor.c's column updates compute it */
__device__ tf_dd update(tf_dd y, tf_dd x, tf_dd c)
{
	return tf_dd_add_sloppy(y, tf_dd_mul(x, c));
}

__device__ tf_zdd update(tf_zdd y, tf_zdd x, tf_zdd c)
{
	const tf_zdd p = tf_zdd_mul(x, c);
	return tf_zdd_make(tf_dd_add_sloppy(y.re, p.re), tf_dd_add_sloppy(y.im, p.im));
}

/* a / b: a complex b with a zero imaginary part (Cholesky's diagonal)
 * divides each part, as tf_cpu_zdd_potrf and tf_cpu_zdd_potrs do; other
 * complex b by tf_zdd_div, as tf_cpu_zdd_getrf and tf_cpu_zdd_getrs. */
__device__ tf_dd quotient(tf_dd a, tf_dd b)
{
	return tf_dd_div(a, b);
}

__device__ tf_zdd quotient(tf_zdd a, tf_zdd b)
{
	if (b.im.hi == 0.0 && b.im.lo == 0.0)
		return tf_zdd_make(tf_dd_div(a.re, b.re), tf_dd_div(a.im, b.re));
	return tf_zdd_div(a, b);
}

/* Cholesky's pivot: the square root of d (of its real part), false when
 * that is not positive. */
__device__ bool cholesky_pivot(tf_dd d, tf_dd *root)
{
	if (!(d.hi > 0.0))
		return false;
	*root = tf_dd_sqrt(d);
	return true;
}

__device__ bool cholesky_pivot(tf_zdd d, tf_zdd *root)
{
	if (!(d.re.hi > 0.0))
		return false;
	*root = tf_zdd_make(tf_dd_sqrt(d.re), tf_dd_make(0.0, 0.0));
	return true;
}

/* Element `at` of a double (complex double) array, conjugated when asked,
 * its imaginary part zero when real. */
template <typename T> __device__ T loaded(const double *a, size_t at, bool conjugate, bool real);

template <> __device__ tf_dd loaded<tf_dd>(const double *a, size_t at, bool, bool)
{
	return tf_dd_make(a[at], 0.0);
}

template <> __device__ tf_zdd loaded<tf_zdd>(const double *a, size_t at, bool conjugate, bool real)
{
	const double im = real ? 0.0 : conjugate ? -a[2 * at + 1] : a[2 * at + 1];
	return tf_zdd_from_z(a[2 * at], im);
}

__device__ tf_dd shuffled(tf_dd v, int lane)
{
	return tf_dd_make(__shfl_sync(0xffffffffu, v.hi, lane), __shfl_sync(0xffffffffu, v.lo, lane));
}

__device__ tf_zdd shuffled(tf_zdd v, int lane)
{
	return tf_zdd_make(shuffled(v.re, lane), shuffled(v.im, lane));
}

template <typename T> __device__ T zero();
template <> __device__ tf_dd zero<tf_dd>()
{
	return tf_dd_make(0.0, 0.0);
}
template <> __device__ tf_zdd zero<tf_zdd>()
{
	return tf_zdd_from_z(0.0, 0.0);
}

/* ---- The kernels */

template <typename T>
__global__ void load_kernel(int n, const double *a, int lda, char uplo, T *f, int ldf)
{
	const int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y;
	if (i >= n || j >= n)
		return;
	T v;
	if (uplo == 0)
		v = loaded<T>(a, (size_t)j * lda + i, false, false);
	else if (i < j)
		v = zero<T>();
	else if (uplo == 'L')
		v = loaded<T>(a, (size_t)j * lda + i, false, i == j);
	else
		v = loaded<T>(a, (size_t)i * lda + j, true, i == j);
	f[(size_t)j * ldf + i] = v;
}

template <typename T>
__global__ void pivot_kernel(int n, int k, int first, int end, T *f, int ldf, int *ipiv, int *info)
{
	__shared__ double size[PIVOT_THREADS];
	__shared__ int row[PIVOT_THREADS];
	const int t = threadIdx.x;
	const T *column = f + (size_t)k * ldf;
	double best = -1.0;
	int at = n;
	for (int i = k + t; i < n; i += PIVOT_THREADS) { /* rows in order: the first on ties */
		const double s = pivot_size(column[i]);
		if (s > best)
			best = s, at = i;
	}
	size[t] = best;
	row[t] = at;
	__syncthreads();
	for (int half = PIVOT_THREADS / 2; half > 0; half /= 2) {
		if (t < half) {
			const double s = size[t + half];
			const int r = row[t + half];
			if (s > size[t] || (s == size[t] && r < row[t]))
				size[t] = s, row[t] = r;
		}
		__syncthreads();
	}
	const int p = row[0] < n ? row[0] : k; /* n: no size compares (NaN after a zero pivot) */
	if (t == 0) {
		ipiv[k] = p;
		if (!(size[0] > 0.0) && *info == 0)
			*info = k + 1;
	}
	if (p != k)
		for (int j = first + t; j < end; j += PIVOT_THREADS) {
			T *c = f + (size_t)j * ldf;
			const T v = c[k];
			c[k] = c[p];
			c[p] = v;
		}
}

template <typename T>
__global__ void swap_rows_kernel(int n, int first, int end, const int *ipiv, T *f, int ldf)
{
	int j = blockIdx.x * ROW_THREADS + threadIdx.x;
	if (j >= n - (end - first))
		return;
	if (j >= first)
		j += end - first; /* past the panel */
	T *c = f + (size_t)j * ldf;
	for (int k = first; k < end; k++) {
		const int p = ipiv[k];
		if (p != k) {
			const T v = c[k];
			c[k] = c[p];
			c[p] = v;
		}
	}
}

template <typename T> __global__ void eliminate_kernel(int n, int k, int end, T *f, int ldf)
{
	const int i = k + 1 + blockIdx.x * ROW_THREADS + threadIdx.x;
	if (i >= n)
		return;
	T *column = f + (size_t)k * ldf;
	const T l = quotient(column[i], column[k]);
	column[i] = l;
	for (int c = k + 1; c < end; c++) {
		T *target = f + (size_t)c * ldf;
		const T u = target[k];
		if (!is_zero(u))
			target[i] = update(target[i], l, negated(u));
	}
}

template <typename T> __global__ void potf2_kernel(int order, T *f, int ldf, int offset, int *info)
{
	__shared__ int failed;
	const int t = threadIdx.x;
	if (t == 0)
		failed = 0;
	__syncthreads();
	for (int k = 0; k < order; k++) {
		T *column = f + (size_t)k * ldf;
		if (t == 0) {
			T root;
			if (!cholesky_pivot(column[k], &root)) {
				failed = 1;
				if (*info == 0)
					*info = offset + k + 1;
			} else {
				column[k] = root;
			}
		}
		__syncthreads();
		if (failed)
			return;
		for (int i = k + 1 + t; i < order; i += blockDim.x)
			column[i] = quotient(column[i], column[k]);
		__syncthreads();
		/* a(i, j) += l(i, k) (-conj(l(j, k))) for k < j <= i */
		const int rest = order - k - 1;
		for (int e = t; e < rest * rest; e += blockDim.x) {
			const int i = k + 1 + e % rest, j = k + 1 + e / rest;
			if (i >= j && !is_zero(column[j])) {
				T *target = f + (size_t)j * ldf;
				target[i] = update(target[i], column[i], negated(conjugated(column[j])));
			}
		}
		__syncthreads();
	}
}

/* One warp per right-hand side: lane holds rows lane and lane + 32.  Row p
 * is final once divided by op(T)(p, p); it is then taken from the rows
 * that depend on it, y_r += op(T)(r, p) (-y_p). */
template <typename T>
__global__ void trsm_kernel(int order, const T *t, int ldt, int transposed, int conjugate,
			    int upper, int unit, T *x, size_t inc, size_t next, int count)
{
	const int lane = threadIdx.x, r = blockIdx.x * SOLVE_WARPS + threadIdx.y;
	if (r >= count)
		return;
	T *v = x + (size_t)r * next;
	const size_t row_step = transposed ? (size_t)ldt : 1, column_step = transposed ? 1 : (size_t)ldt;
	T y[2];
	for (int s = 0; s < 2; s++) {
		const int i = lane + 32 * s;
		y[s] = i < order ? v[i * inc] : zero<T>();
	}
	for (int step = 0; step < order; step++) {
		const int p = upper ? order - 1 - step : step;
		const T *column = t + (size_t)p * column_step; /* op(T)(:, p) */
		T yp = shuffled(p < 32 ? y[0] : y[1], p & 31);
		if (!unit) {
			const T d = column[(size_t)p * row_step];
			yp = quotient(yp, conjugate ? conjugated(d) : d);
		}
		if (lane == (p & 31)) {
			if (p < 32)
				y[0] = yp;
			else
				y[1] = yp;
		}
		if (is_zero(yp))
			continue;
		const T minus = negated(yp);
		for (int s = 0; s < 2; s++) {
			const int i = lane + 32 * s;
			if (i < order && (upper ? i < p : i > p)) {
				const T e = column[(size_t)i * row_step];
				y[s] = update(y[s], conjugate ? conjugated(e) : e, minus);
			}
		}
	}
	for (int s = 0; s < 2; s++) {
		const int i = lane + 32 * s;
		if (i < order)
			v[i * inc] = y[s];
	}
}

template <typename T>
__global__ void permute_kernel(int n, int nrhs, const int *perm, const T *x, T *y)
{
	const int i = blockIdx.x * ROW_THREADS + threadIdx.x, c = blockIdx.y;
	if (i < n && c < nrhs)
		y[(size_t)c * n + i] = x[(size_t)c * n + perm[i]];
}

__global__ void arrange_kernel(int rows, int cols, const tf_zdd *s, int lds,
			       int conjugate_transposed, int expanded, tf_dd *d, int ldd)
{
	const int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y;
	if (i >= rows || j >= cols)
		return;
	const tf_zdd e = conjugate_transposed ? tf_zdd_conj(s[(size_t)i * lds + j])
					      : s[(size_t)j * lds + i];
	if (!expanded) {
		((tf_zdd *)d)[(size_t)j * ldd + i] = e;
		return;
	}
	tf_dd *even = d + (size_t)2 * j * ldd + 2 * i, *odd = even + ldd; /* columns 2j, 2j + 1 */
	even[0] = e.re, even[1] = e.im;
	odd[0] = tf_dd_make(-e.im.hi, -e.im.lo), odd[1] = e.re;
}

unsigned blocks(long long count, int per)
{
	return (unsigned)((count + per - 1) / per);
}

} // namespace

cudaError_t tf_kernel_dd_factor_load(int zdd, int n, const double *a, int lda, char uplo,
				     void *f, int ldf, cudaStream_t stream)
{
	const dim3 grid(blocks(n, 32), blocks(n, 8)), block(32, 8);
	if (zdd)
		load_kernel<<<grid, block, 0, stream>>>(n, a, lda, uplo, (tf_zdd *)f, ldf);
	else
		load_kernel<<<grid, block, 0, stream>>>(n, a, lda, uplo, (tf_dd *)f, ldf);
	return cudaGetLastError();
}

cudaError_t tf_kernel_dd_lu_pivot(int zdd, int n, int k, int first, int end, void *f, int ldf,
				  int *ipiv, int *info, cudaStream_t stream)
{
	if (zdd)
		pivot_kernel<<<1, PIVOT_THREADS, 0, stream>>>(n, k, first, end, (tf_zdd *)f, ldf, ipiv,
							       info);
	else
		pivot_kernel<<<1, PIVOT_THREADS, 0, stream>>>(n, k, first, end, (tf_dd *)f, ldf, ipiv,
							       info);
	return cudaGetLastError();
}

cudaError_t tf_kernel_dd_lu_swap_rows(int zdd, int n, int first, int end, const int *ipiv,
				      void *f, int ldf, cudaStream_t stream)
{
	const int columns = n - (end - first);
	if (columns <= 0)
		return cudaSuccess;
	if (zdd)
		swap_rows_kernel<<<blocks(columns, ROW_THREADS), ROW_THREADS, 0, stream>>>(
			n, first, end, ipiv, (tf_zdd *)f, ldf);
	else
		swap_rows_kernel<<<blocks(columns, ROW_THREADS), ROW_THREADS, 0, stream>>>(
			n, first, end, ipiv, (tf_dd *)f, ldf);
	return cudaGetLastError();
}

cudaError_t tf_kernel_dd_lu_eliminate(int zdd, int n, int k, int end, void *f, int ldf,
				      cudaStream_t stream)
{
	if (k + 1 >= n)
		return cudaSuccess;
	if (zdd)
		eliminate_kernel<<<blocks(n - k - 1, ROW_THREADS), ROW_THREADS, 0, stream>>>(
			n, k, end, (tf_zdd *)f, ldf);
	else
		eliminate_kernel<<<blocks(n - k - 1, ROW_THREADS), ROW_THREADS, 0, stream>>>(
			n, k, end, (tf_dd *)f, ldf);
	return cudaGetLastError();
}

cudaError_t tf_kernel_dd_potf2(int zdd, int order, void *f, int ldf, int offset, int *info,
			       cudaStream_t stream)
{
	if (zdd)
		potf2_kernel<<<1, 1024, 0, stream>>>(order, (tf_zdd *)f, ldf, offset, info);
	else
		potf2_kernel<<<1, 1024, 0, stream>>>(order, (tf_dd *)f, ldf, offset, info);
	return cudaGetLastError();
}

cudaError_t tf_kernel_dd_factor_trsm(int zdd, int order, const void *t, int ldt,
				     int transposed, int conjugate, int upper, int unit, void *x,
				     size_t inc, size_t next, int count, cudaStream_t stream)
{
	if (count <= 0 || order <= 0)
		return cudaSuccess;
	const dim3 grid(blocks(count, SOLVE_WARPS)), block(32, SOLVE_WARPS);
	if (zdd)
		trsm_kernel<<<grid, block, 0, stream>>>(order, (const tf_zdd *)t, ldt, transposed,
							conjugate, upper, unit, (tf_zdd *)x, inc, next,
							count);
	else
		trsm_kernel<<<grid, block, 0, stream>>>(order, (const tf_dd *)t, ldt, transposed, 0,
							upper, unit, (tf_dd *)x, inc, next, count);
	return cudaGetLastError();
}

cudaError_t tf_kernel_dd_factor_permute(int zdd, int n, int nrhs, const int *perm,
					const void *x, void *y, cudaStream_t stream)
{
	const dim3 grid(blocks(n, ROW_THREADS), (unsigned)nrhs);
	if (zdd)
		permute_kernel<<<grid, ROW_THREADS, 0, stream>>>(n, nrhs, perm, (const tf_zdd *)x,
								  (tf_zdd *)y);
	else
		permute_kernel<<<grid, ROW_THREADS, 0, stream>>>(n, nrhs, perm, (const tf_dd *)x,
								  (tf_dd *)y);
	return cudaGetLastError();
}

cudaError_t tf_kernel_zdd_factor_arrange(int rows, int cols, const void *s, int lds,
					 int conjugate_transposed, int expanded, void *d, int ldd,
					 cudaStream_t stream)
{
	if (rows <= 0 || cols <= 0)
		return cudaSuccess;
	arrange_kernel<<<dim3(blocks(rows, 32), blocks(cols, 8)), dim3(32, 8), 0, stream>>>(
		rows, cols, (const tf_zdd *)s, lds, conjugate_transposed, expanded, (tf_dd *)d, ldd);
	return cudaGetLastError();
}
