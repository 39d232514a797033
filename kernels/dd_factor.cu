/* Kernels of the factorizations in DD (kernels/dd_factor.h).  The pivot
 * search is one block's reduction; an elimination step, one thread per row
 * of the panel; the triangular solves, one warp per right-hand side, which
 * it holds in registers (two rows a lane). */
#include "kernels/dd_factor.h"
#include "twofold/arith_dd.h"

namespace {

constexpr int PIVOT_THREADS = 1024;
constexpr int ROW_THREADS = 256;
constexpr int SOLVE_WARPS = 8;
static_assert(TF_DD_FACTOR_BLOCK == 64, "a lane holds two rows of a solve");

__device__ tf_dd negated(tf_dd a)
{
	return tf_dd_make(-a.hi, -a.lo);
}

/* y + x c, as cpu/dd_factor.c's column updates compute it */
__device__ tf_dd update(tf_dd y, tf_dd x, tf_dd c)
{
	return tf_dd_add_sloppy(y, tf_dd_mul(x, c));
}

__global__ void load_kernel(int n, const double *a, int lda, char uplo, tf_dd *f, int ldf)
{
	const int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y;
	if (i >= n || j >= n)
		return;
	double v;
	if (uplo == 0)
		v = a[(size_t)j * lda + i];
	else if (i < j)
		v = 0.0;
	else
		v = uplo == 'L' ? a[(size_t)j * lda + i] : a[(size_t)i * lda + j];
	f[(size_t)j * ldf + i] = tf_dd_make(v, 0.0);
}

__global__ void pivot_kernel(int n, int k, int first, int end, tf_dd *f, int ldf, int *ipiv,
			     int *info)
{
	__shared__ double size[PIVOT_THREADS];
	__shared__ int row[PIVOT_THREADS];
	const int t = threadIdx.x;
	const tf_dd *column = f + (size_t)k * ldf;
	double best = -1.0;
	int at = n;
	for (int i = k + t; i < n; i += PIVOT_THREADS) { /* rows in order: the first on ties */
		const double s = fabs(column[i].hi);
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
			tf_dd *c = f + (size_t)j * ldf;
			const tf_dd v = c[k];
			c[k] = c[p];
			c[p] = v;
		}
}

__global__ void swap_rows_kernel(int n, int first, int end, const int *ipiv, tf_dd *f, int ldf)
{
	int j = blockIdx.x * ROW_THREADS + threadIdx.x;
	if (j >= n - (end - first))
		return;
	if (j >= first)
		j += end - first; /* past the panel */
	tf_dd *c = f + (size_t)j * ldf;
	for (int k = first; k < end; k++) {
		const int p = ipiv[k];
		if (p != k) {
			const tf_dd v = c[k];
			c[k] = c[p];
			c[p] = v;
		}
	}
}

__global__ void eliminate_kernel(int n, int k, int end, tf_dd *f, int ldf)
{
	const int i = k + 1 + blockIdx.x * ROW_THREADS + threadIdx.x;
	if (i >= n)
		return;
	tf_dd *column = f + (size_t)k * ldf;
	const tf_dd l = tf_dd_div(column[i], column[k]);
	column[i] = l;
	for (int c = k + 1; c < end; c++) {
		tf_dd *target = f + (size_t)c * ldf;
		const tf_dd u = target[k];
		if (u.hi != 0.0)
			target[i] = update(target[i], l, negated(u));
	}
}

__global__ void potf2_kernel(int order, tf_dd *f, int ldf, int offset, int *info)
{
	__shared__ int failed;
	const int t = threadIdx.x;
	if (t == 0)
		failed = 0;
	__syncthreads();
	for (int k = 0; k < order; k++) {
		tf_dd *column = f + (size_t)k * ldf;
		if (t == 0) {
			const tf_dd d = column[k];
			if (!(d.hi > 0.0)) {
				failed = 1;
				if (*info == 0)
					*info = offset + k + 1;
			} else {
				column[k] = tf_dd_sqrt(d);
			}
		}
		__syncthreads();
		if (failed)
			return;
		for (int i = k + 1 + t; i < order; i += blockDim.x)
			column[i] = tf_dd_div(column[i], column[k]);
		__syncthreads();
		/* a(i, j) += l(i, k) (-l(j, k)) for k < j <= i */
		const int rest = order - k - 1;
		for (int e = t; e < rest * rest; e += blockDim.x) {
			const int i = k + 1 + e % rest, j = k + 1 + e / rest;
			if (i >= j && column[j].hi != 0.0) {
				tf_dd *target = f + (size_t)j * ldf;
				target[i] = update(target[i], column[i], negated(column[j]));
			}
		}
		__syncthreads();
	}
}

__device__ tf_dd shuffled(tf_dd v, int lane)
{
	return tf_dd_make(__shfl_sync(0xffffffffu, v.hi, lane), __shfl_sync(0xffffffffu, v.lo, lane));
}

/* One warp per right-hand side: lane holds rows lane and lane + 32.  Row p
 * is final once divided by op(T)(p, p); it is then taken from the rows
 * that depend on it, y_r += op(T)(r, p) (-y_p). */
__global__ void trsm_kernel(int order, const tf_dd *t, int ldt, int transposed, int upper,
			    int unit, tf_dd *x, size_t inc, size_t next, int count)
{
	const int lane = threadIdx.x, r = blockIdx.x * SOLVE_WARPS + threadIdx.y;
	if (r >= count)
		return;
	tf_dd *v = x + (size_t)r * next;
	const size_t row_step = transposed ? (size_t)ldt : 1, column_step = transposed ? 1 : (size_t)ldt;
	tf_dd y[2];
	for (int s = 0; s < 2; s++) {
		const int i = lane + 32 * s;
		y[s] = i < order ? v[i * inc] : tf_dd_make(0.0, 0.0);
	}
	for (int step = 0; step < order; step++) {
		const int p = upper ? order - 1 - step : step;
		const tf_dd *column = t + (size_t)p * column_step; /* op(T)(:, p) */
		tf_dd yp = shuffled(p < 32 ? y[0] : y[1], p & 31);
		if (!unit)
			yp = tf_dd_div(yp, column[(size_t)p * row_step]);
		if (lane == (p & 31)) {
			if (p < 32)
				y[0] = yp;
			else
				y[1] = yp;
		}
		if (yp.hi == 0.0)
			continue;
		const tf_dd minus = negated(yp);
		for (int s = 0; s < 2; s++) {
			const int i = lane + 32 * s;
			if (i < order && (upper ? i < p : i > p))
				y[s] = update(y[s], column[(size_t)i * row_step], minus);
		}
	}
	for (int s = 0; s < 2; s++) {
		const int i = lane + 32 * s;
		if (i < order)
			v[i * inc] = y[s];
	}
}

__global__ void permute_kernel(int n, int nrhs, const int *perm, const tf_dd *x, tf_dd *y)
{
	const int i = blockIdx.x * ROW_THREADS + threadIdx.x, c = blockIdx.y;
	if (i < n && c < nrhs)
		y[(size_t)c * n + i] = x[(size_t)c * n + perm[i]];
}

unsigned blocks(long long count, int per)
{
	return (unsigned)((count + per - 1) / per);
}

} // namespace

cudaError_t tf_kernel_dd_factor_load(int n, const double *a, int lda, char uplo, tf_dd *f,
				     int ldf, cudaStream_t stream)
{
	load_kernel<<<dim3(blocks(n, 32), blocks(n, 8)), dim3(32, 8), 0, stream>>>(n, a, lda, uplo,
										    f, ldf);
	return cudaGetLastError();
}

cudaError_t tf_kernel_dd_lu_pivot(int n, int k, int first, int end, tf_dd *f, int ldf, int *ipiv,
				  int *info, cudaStream_t stream)
{
	pivot_kernel<<<1, PIVOT_THREADS, 0, stream>>>(n, k, first, end, f, ldf, ipiv, info);
	return cudaGetLastError();
}

cudaError_t tf_kernel_dd_lu_swap_rows(int n, int first, int end, const int *ipiv, tf_dd *f,
				      int ldf, cudaStream_t stream)
{
	const int columns = n - (end - first);
	if (columns <= 0)
		return cudaSuccess;
	swap_rows_kernel<<<blocks(columns, ROW_THREADS), ROW_THREADS, 0, stream>>>(n, first, end, ipiv,
										    f, ldf);
	return cudaGetLastError();
}

cudaError_t tf_kernel_dd_lu_eliminate(int n, int k, int end, tf_dd *f, int ldf,
				      cudaStream_t stream)
{
	if (k + 1 >= n)
		return cudaSuccess;
	eliminate_kernel<<<blocks(n - k - 1, ROW_THREADS), ROW_THREADS, 0, stream>>>(n, k, end, f,
										      ldf);
	return cudaGetLastError();
}

cudaError_t tf_kernel_dd_potf2(int order, tf_dd *f, int ldf, int offset, int *info,
			       cudaStream_t stream)
{
	potf2_kernel<<<1, 1024, 0, stream>>>(order, f, ldf, offset, info);
	return cudaGetLastError();
}

cudaError_t tf_kernel_dd_factor_trsm(int order, const tf_dd *t, int ldt, int transposed,
				     int upper, int unit, tf_dd *x, size_t inc, size_t next,
				     int count, cudaStream_t stream)
{
	if (count <= 0 || order <= 0)
		return cudaSuccess;
	trsm_kernel<<<blocks(count, SOLVE_WARPS), dim3(32, SOLVE_WARPS), 0, stream>>>(
		order, t, ldt, transposed, upper, unit, x, inc, next, count);
	return cudaGetLastError();
}

cudaError_t tf_kernel_dd_factor_permute(int n, int nrhs, const int *perm, const tf_dd *x,
					tf_dd *y, cudaStream_t stream)
{
	permute_kernel<<<dim3(blocks(n, ROW_THREADS), (unsigned)nrhs), ROW_THREADS, 0, stream>>>(
		n, nrhs, perm, x, y);
	return cudaGetLastError();
}
