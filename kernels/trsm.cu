/* Kernels of the triangular solves (trsm.h).  The element-wise ones use
 * one thread per element on a grid of 32 x 8 blocks; the complex leaf
 * keeps a block of rows of x in shared memory, one thread per row and
 * column stripe; the real block kernel keeps a chunk of each row's
 * unknowns in registers, one thread per row, one warp solving each chunk
 * while the others take the earlier steps into the next. */
#include "kernels/trsm.h"
#include "twofold/arith_zdd.h"

namespace {

dim3 grid_of(int rows, int cols)
{
	return dim3((unsigned)((rows + 31) / 32), (unsigned)((cols + 7) / 8));
}

__global__ void triangle_kernel(int order, const double *a, int lda, int complex, int transpose,
				int conj, char uplo, int unit, tf_dd *ta, tf_dd *tb, int ldt)
{
	int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y;
	if (i >= order || j >= order)
		return;
	int r = transpose ? j : i, c = transpose ? i : j;
	double re = 0.0, im = 0.0;
	if (r == c && unit) {
		re = 1.0;
	} else if (uplo == 'U' ? r <= c : r >= c) {
		const size_t at = (size_t)c * lda + r;
		re = complex ? a[2 * at] : a[at];
		im = complex ? (conj ? -a[2 * at + 1] : a[2 * at + 1]) : 0.0;
	}
	if (!complex) {
		ta[(size_t)j * ldt + i] = tf_dd_make(re, 0.0);
		return;
	}
	tf_dd *column_a = ta + (size_t)j * ldt + 2 * i, *column_b = tb + (size_t)j * ldt + 2 * i;
	column_a[0] = tf_dd_make(re, 0.0);
	column_a[1] = tf_dd_make(-im, 0.0);
	column_b[0] = tf_dd_make(im, 0.0);
	column_b[1] = tf_dd_make(re, 0.0);
}

__global__ void load_kernel(int rows, int cols, int complex, double alpha_re, double alpha_im,
			    const double *b, int ldb, int transpose, tf_dd *x, int ldx)
{
	int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y;
	if (i >= rows || j >= cols)
		return;
	const size_t at = transpose ? (size_t)i * ldb + j : (size_t)j * ldb + i;
	if (!complex) {
		x[(size_t)j * ldx + i] = tf_two_prod(alpha_re, b[at]);
		return;
	}
	const double br = b[2 * at], bi = b[2 * at + 1];
	x[(size_t)2 * j * ldx + i] = tf_dd_add(tf_two_prod(alpha_re, br), tf_two_prod(-alpha_im, bi));
	x[(size_t)(2 * j + 1) * ldx + i] =
		tf_dd_add(tf_two_prod(alpha_re, bi), tf_two_prod(alpha_im, br));
}

__device__ double rounded(tf_dd v)
{
	return __dadd_rn(v.hi, v.lo);
}

__global__ void round_kernel(int rows, int cols, int complex, const tf_dd *x, int ldx,
			     int transpose, double *out, int ldo)
{
	int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y;
	if (i >= rows || j >= cols)
		return;
	const size_t at = transpose ? (size_t)i * ldo + j : (size_t)j * ldo + i;
	if (!complex) {
		out[at] = rounded(x[(size_t)j * ldx + i]);
		return;
	}
	out[2 * at] = rounded(x[(size_t)2 * j * ldx + i]);
	out[2 * at + 1] = rounded(x[(size_t)(2 * j + 1) * ldx + i]);
}

/* Unknown (i, c) of x t = r flags *flag where it rounds to Inf or NaN, or
 * where its numerator x(i, c) t(c, c), the value the substitution divided
 * (its largest parts' product, scaled by t(c, c)'s exponent), is suspect
 * by the CPU's rule (twofold/arith_dd.h): the solve may then have lost
 * accuracy to double's range, and the CPU solves it again. */
__global__ void find_suspect_kernel(int rows, int order, int complex, const tf_dd *x, int ldx,
				    const tf_dd *t, int ldt, int unit, unsigned *flag)
{
	int i = blockIdx.x * 32 + threadIdx.x, c = blockIdx.y * 8 + threadIdx.y;
	if (i >= rows || c >= order)
		return;
	double re, im = 0.0, d = 1.0;
	if (complex) {
		re = rounded(x[(size_t)2 * c * ldx + i]), im = rounded(x[(size_t)(2 * c + 1) * ldx + i]);
		if (!unit) /* t(c, c): Re at row 2c, -Im at row 2c + 1 of column c */
			d = fmax(fabs(t[(size_t)c * ldt + 2 * c].hi), fabs(t[(size_t)c * ldt + 2 * c + 1].hi));
	} else {
		re = rounded(x[(size_t)c * ldx + i]);
		if (!unit)
			d = fabs(t[(size_t)c * ldt + c].hi);
	}
	const double largest = fmax(fabs(re), fabs(im));
	bool suspect = !isfinite(re) || !isfinite(im);
	if (!suspect && largest == 0.0) {
		suspect = tf_dd_range_zero_suspect(d);
	} else if (!suspect) {
		/* largest 2^(ilogb d + 1): within a factor 4 of the numerator, as
		 * the CPU's bounds from the diagonal's exponents are; a nonzero
		 * that scaling takes to zero is below the range too */
		const double numerator = ldexp(largest, ilogb(d) + 1);
		suspect = numerator == 0.0 || tf_dd_range_numerator_suspect(numerator);
	}
	if (suspect)
		*flag = 1;
}

/* The complex unknowns as the leaf computes with them: complex DD from
 * two columns of x. */
struct complex_unknown {
	typedef tf_zdd value;
	static constexpr int ROWS = 16, STRIPES = 16;
	static __device__ value load(const tf_dd *x, int ldx, int i, int q)
	{
		return tf_zdd_make(x[(size_t)2 * q * ldx + i], x[(size_t)(2 * q + 1) * ldx + i]);
	}
	static __device__ void store(tf_dd *x, int ldx, int i, int q, value v)
	{
		x[(size_t)2 * q * ldx + i] = v.re;
		x[(size_t)(2 * q + 1) * ldx + i] = v.im;
	}
	static __device__ value zero()
	{
		return tf_zdd_from_z(0.0, 0.0);
	}
	/* t(p, q) from ta: Re at row 2p, -Im at row 2p + 1 */
	static __device__ value divide(value v, const tf_dd *t, int ldt, int p)
	{
		const tf_dd *e = t + (size_t)p * ldt + 2 * p;
		return tf_zdd_div_z(v, e[0].hi, -e[1].hi);
	}
	static __device__ value take(value acc, value v, const tf_dd *t, int ldt, int p, int q)
	{
		const tf_dd *e = t + (size_t)q * ldt + 2 * p;
		return tf_zdd_add(acc, tf_zdd_mul_z(v, -e[0].hi, e[1].hi));
	}
};

/* x t = x for one block of ROWS rows of complex unknowns: column p is
 * final once divided by t(p, p); it is then taken from every column q
 * that depends on it (q > p for an upper t, q < p for a lower one), the
 * columns shared among the STRIPES thread rows. */
template <class U>
__global__ void leaf_kernel(int rows, int order, const tf_dd *t, int ldt, int upper, int unit,
			    tf_dd *x, int ldx)
{
	__shared__ typename U::value s[TF_TRSM_LEAF][U::ROWS];
	const int r = threadIdx.x, stripe = threadIdx.y;
	const int i = blockIdx.x * U::ROWS + r;
	for (int q = stripe; q < order; q += U::STRIPES)
		s[q][r] = i < rows ? U::load(x, ldx, i, q) : U::zero();
	__syncthreads();
	for (int step = 0; step < order; step++) {
		const int p = upper ? step : order - 1 - step;
		if (stripe == 0 && !unit)
			s[p][r] = U::divide(s[p][r], t, ldt, p);
		__syncthreads();
		const typename U::value v = s[p][r];
		const int first = upper ? p + 1 : 0, end = upper ? order : p;
		for (int q = first + stripe; q < end; q += U::STRIPES)
			s[q][r] = U::take(s[q][r], v, t, ldt, p, q);
		__syncthreads();
	}
	if (i < rows)
		for (int q = stripe; q < order; q += U::STRIPES)
			U::store(x, ldx, i, q, s[q][r]);
}

template <class U>
cudaError_t launch_leaf(int rows, int order, const tf_dd *t, int ldt, int upper, int unit,
			tf_dd *x, int ldx, cudaStream_t stream)
{
	leaf_kernel<U><<<(unsigned)((rows + U::ROWS - 1) / U::ROWS), dim3(U::ROWS, U::STRIPES), 0,
			 stream>>>(rows, order, t, ldt, upper, unit, x, ldx);
	return cudaGetLastError();
}

/* The block kernel's shape (tf_kernel_trsm_block): 32 rows a thread
 * block, one a lane; CHUNK columns solved at a time in registers by the
 * first warp, the solver, while the TAKERS other warps take into the next
 * chunk's sums, a share of the steps each, every step before the chunk
 * being solved.  A solve of 8192 rows has only 256 thread blocks: the
 * steps, not the rows, have to keep an SM's warps busy, and with the solve
 * of a chunk and its steps' taking in turn, all warps taking and then one
 * solving, the warps spent 41% of their stalls at the barriers between
 * (ncu; the kernel takes 10% less time overlapped).  The lazy sums are
 * renormalized every RENORMALIZE steps (twofold/arith_dd.h's rule). */
constexpr int BLOCK_ROWS = 32, BLOCK_GROUPS = 8, BLOCK_TAKERS = BLOCK_GROUPS - 1;
constexpr int BLOCK_CHUNK = 16, BLOCK_RENORMALIZE = 32;
constexpr int BLOCK_THREADS = BLOCK_ROWS * BLOCK_GROUPS, TAKER_THREADS = BLOCK_ROWS * BLOCK_TAKERS;
/* Named barriers beside __syncthreads' 0: the solver has read the takers'
 * sums (it arrives, they wait); among the takers, their panel loaded, or
 * read, or their sums written. */
constexpr unsigned SUMS_READ = 1, PANEL_READY = 2;
/* The solver's rows of t, one a lane as it loads them: a row's length
 * padded so that the lanes' stores fall in different banks. */
constexpr int NEAR_STRIDE = BLOCK_CHUNK + 1;

__device__ void barrier_arrive(unsigned id, unsigned threads)
{
	asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(threads) : "memory");
}

__device__ void barrier_sync(unsigned id, unsigned threads)
{
	asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(threads) : "memory");
}

/* The order padded to whole chunks: the panel's row length. */
__host__ __device__ int block_span(int order)
{
	return (order + BLOCK_CHUNK - 1) / BLOCK_CHUNK * BLOCK_CHUNK;
}

/* Doubles of the block kernel's shared memory for an order: the takers'
 * panel of t (CHUNK rows of block_span), whose space their sums take once
 * it has been read, then the solver's rows of t (2 CHUNK x NEAR_STRIDE). */
__host__ __device__ size_t block_panel_doubles(int order)
{
	const size_t span = (size_t)block_span(order);
	const size_t sums = (size_t)BLOCK_TAKERS * BLOCK_CHUNK * BLOCK_ROWS * 2;
	return BLOCK_CHUNK * span > sums ? BLOCK_CHUNK * span : sums;
}

size_t block_shared_bytes(int order)
{
	return (block_panel_doubles(order) + 2 * BLOCK_CHUNK * NEAR_STRIDE) * sizeof(double);
}

/* x t = x for the rows of one thread block.  Step s is column s of an
 * upper t and order - 1 - s of a lower one, so that a column depends on
 * the steps before it.  Round k, for the chunk of steps c0 = k CHUNK ..
 * c0 + CHUNK:
 * - the solver starts from the chunk's right-hand sides, adds the sums
 *   the takers made in round k - 1 (the steps before c0 - CHUNK), takes
 *   the steps of chunk k - 1, whose unknowns it stored, and solves
 *   the chunk, from its rows of t (near[r][j] = t(column c0 - CHUNK + r,
 *   column c0 + j));
 * - meanwhile taker g takes steps g, g + TAKERS, ... before c0 into the
 *   sums of chunk k + 1, from the panel (panel[j][s] = t(column s, column
 *   c0 + CHUNK + j)), which it loads once the solver has read the last
 *   round's sums out of the same space. */
__global__ void __launch_bounds__(BLOCK_THREADS, 2)
block_kernel(int rows, int order, const tf_dd *t, int ldt, int upper, int unit, tf_dd *x,
	     int ldx)
{
	extern __shared__ double shared[];
	const int span = block_span(order);
	double *panel = shared;
	tf_dd *sums = (tf_dd *)shared;
	double *near = shared + block_panel_doubles(order);
	const int lane = threadIdx.x, group = threadIdx.y;
	const int i = blockIdx.x * BLOCK_ROWS + lane;
	const bool live = i < rows;
	const tf_dd zero = tf_dd_make(0.0, 0.0);
	auto column = [=](int s) { return upper ? s : order - 1 - s; };
	auto unknown = [=](int s) { return x + (size_t)column(s) * ldx + i; };
	auto coefficient = [=](int step, int col) {
		return t[(size_t)column(col) * ldt + column(step)].hi;
	};

	for (int c0 = 0; c0 < order; c0 += BLOCK_CHUNK) {
		const int cols = min(BLOCK_CHUNK, order - c0);
		if (group == 0) {
			tf_dd acc[BLOCK_CHUNK];
#pragma unroll
			for (int j = 0; j < BLOCK_CHUNK; j++)
				acc[j] = live && j < cols ? *unknown(c0 + j) : zero;
			if (c0 >= 2 * BLOCK_CHUNK)
#pragma unroll
				for (int j = 0; j < BLOCK_CHUNK; j++)
					acc[j] = tf_dd_add(acc[j], sums[j * BLOCK_ROWS + lane]);
			barrier_arrive(SUMS_READ, BLOCK_THREADS);
			/* lane r loads row r: steps c0 - CHUNK + r into the chunk */
			const int step = c0 - BLOCK_CHUNK + lane;
			if (lane < 2 * BLOCK_CHUNK)
#pragma unroll
				for (int j = 0; j < BLOCK_CHUNK; j++)
					near[lane * NEAR_STRIDE + j] =
						step >= 0 && step < order && j < cols
							? coefficient(step, c0 + j)
							: 0.0;
			__syncwarp();
			if (c0 > 0)
				for (int r = 0; r < BLOCK_CHUNK; r++) {
					/* stored by this warp in the last round */
					const tf_dd v = live ? *unknown(c0 - BLOCK_CHUNK + r) : zero;
#pragma unroll
					for (int j = 0; j < BLOCK_CHUNK; j++)
						acc[j] = tf_dd_fma_dd_lazy(
							acc[j], -near[r * NEAR_STRIDE + j], v);
				}
#pragma unroll
			for (int j = 0; j < BLOCK_CHUNK; j++)
				acc[j] = tf_dd_renormalize(acc[j]);
			const double *own = near + BLOCK_CHUNK * NEAR_STRIDE;
#pragma unroll
			for (int j = 0; j < BLOCK_CHUNK; j++) {
				if (j >= cols)
					break;
				if (!unit)
					acc[j] = tf_dd_div_d(acc[j], own[j * NEAR_STRIDE + j]);
#pragma unroll
				for (int k = j + 1; k < BLOCK_CHUNK; k++)
					if (k < cols)
						acc[k] = tf_dd_fma_dd(
							acc[k], -own[j * NEAR_STRIDE + k], acc[j]);
			}
#pragma unroll
			for (int j = 0; j < BLOCK_CHUNK; j++)
				if (live && j < cols)
					*unknown(c0 + j) = acc[j];
			__syncwarp(); /* near read before the next round's loads */
		} else {
			const int taker = group - 1, c1 = c0 + BLOCK_CHUNK;
			const bool work = c0 > 0 && c1 < order;
			barrier_sync(SUMS_READ, BLOCK_THREADS);
			const int thread = taker * BLOCK_ROWS + lane;
			if (work) {
				for (int j = 0; j < BLOCK_CHUNK; j++)
					for (int s = thread; s < c0; s += TAKER_THREADS)
						panel[j * span + s] =
							c1 + j < order ? coefficient(s, c1 + j) : 0.0;
				barrier_sync(PANEL_READY, TAKER_THREADS);
				tf_dd acc[BLOCK_CHUNK];
#pragma unroll
				for (int j = 0; j < BLOCK_CHUNK; j++)
					acc[j] = zero;
				int s = taker, steps = 0;
				tf_dd v = live && s < c0 ? *unknown(s) : zero;
				for (; s < c0; s += BLOCK_TAKERS) {
					/* the next step's unknown in flight while this one is taken */
					const int next = s + BLOCK_TAKERS;
					const tf_dd v_next = live && next < c0 ? *unknown(next) : zero;
#pragma unroll
					for (int j = 0; j < BLOCK_CHUNK; j++)
						acc[j] = tf_dd_fma_dd_lazy(acc[j], -panel[j * span + s], v);
					if (++steps == BLOCK_RENORMALIZE) {
						steps = 0;
#pragma unroll
						for (int j = 0; j < BLOCK_CHUNK; j++)
							acc[j] = tf_dd_renormalize(acc[j]);
					}
					v = v_next;
				}
				barrier_sync(PANEL_READY, TAKER_THREADS); /* the panel read */
#pragma unroll
				for (int j = 0; j < BLOCK_CHUNK; j++)
					sums[(taker * BLOCK_CHUNK + j) * BLOCK_ROWS + lane] =
						tf_dd_renormalize(acc[j]);
				/* the takers' sums added into the first's, a share of
				 * the (column, row) pairs each, so that the solver reads
				 * one sum a column */
				barrier_sync(PANEL_READY, TAKER_THREADS);
				constexpr int PAIRS = BLOCK_CHUNK * BLOCK_ROWS;
				for (int p = thread; p < PAIRS; p += TAKER_THREADS) {
					tf_dd sum = sums[p];
					for (int g = 1; g < BLOCK_TAKERS; g++)
						sum = tf_dd_add(sum, sums[g * PAIRS + p]);
					sums[p] = sum;
				}
			}
		}
		__syncthreads(); /* the chunk's unknowns stored, the next one's sums made */
	}
}

} // namespace

extern "C" cudaError_t tf_kernel_trsm_block(int rows, int order, const tf_dd *t, int ldt,
					    int upper, int unit, tf_dd *x, int ldx,
					    cudaStream_t stream)
{
	if (rows <= 0 || order <= 0)
		return cudaSuccess;
	if (order > TF_TRSM_BLOCK)
		return cudaErrorInvalidValue;
	const size_t bytes = block_shared_bytes(order);
	cudaError_t status = cudaFuncSetAttribute(
		block_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes);
	if (status != cudaSuccess)
		return status;
	block_kernel<<<(unsigned)((rows + BLOCK_ROWS - 1) / BLOCK_ROWS),
		       dim3(BLOCK_ROWS, BLOCK_GROUPS), bytes, stream>>>(rows, order, t, ldt, upper,
									 unit, x, ldx);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_trsm_triangle(int order, const double *a, int lda, int complex,
					       int transpose, int conj, char uplo, int unit,
					       tf_dd *ta, tf_dd *tb, int ldt, cudaStream_t stream)
{
	if (order <= 0)
		return cudaSuccess;
	triangle_kernel<<<grid_of(order, order), dim3(32, 8), 0, stream>>>(
		order, a, lda, complex, transpose, conj, uplo, unit, ta, tb, ldt);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_trsm_load(int rows, int cols, int complex, double alpha_re,
					   double alpha_im, const double *b, int ldb, int transpose,
					   tf_dd *x, int ldx, cudaStream_t stream)
{
	if (rows <= 0 || cols <= 0)
		return cudaSuccess;
	load_kernel<<<grid_of(rows, cols), dim3(32, 8), 0, stream>>>(
		rows, cols, complex, alpha_re, alpha_im, b, ldb, transpose, x, ldx);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_trsm_round(int rows, int cols, int complex, const tf_dd *x,
					    int ldx, int transpose, double *out, int ldo,
					    cudaStream_t stream)
{
	if (rows <= 0 || cols <= 0)
		return cudaSuccess;
	round_kernel<<<grid_of(rows, cols), dim3(32, 8), 0, stream>>>(rows, cols, complex, x, ldx,
								      transpose, out, ldo);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_trsm_find_suspect(int rows, int order, int complex,
						   const tf_dd *x, int ldx, const tf_dd *t, int ldt,
						   int unit, unsigned *flag, cudaStream_t stream)
{
	if (rows <= 0 || order <= 0)
		return cudaSuccess;
	find_suspect_kernel<<<grid_of(rows, order), dim3(32, 8), 0, stream>>>(rows, order, complex, x,
									     ldx, t, ldt, unit, flag);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_trsm_leaf(int rows, int order, const tf_dd *t, int ldt,
					   int upper, int unit, tf_dd *x, int ldx,
					   cudaStream_t stream)
{
	if (rows <= 0 || order <= 0)
		return cudaSuccess;
	return launch_leaf<complex_unknown>(rows, order, t, ldt, upper, unit, x, ldx, stream);
}
