/* CRS SpMV (kernels/sparse.h): a group of TPR threads per row (a power of
 * two near the mean row length), the row's products summed by each thread
 * over every TPR-th entry and then across the group by shuffles, in a fixed
 * order.  Rows are handed out grid-stride, the grid no larger than the
 * partials of a fused dot product.
 *
 * One body for every use, by the vector it reads (X) and what it does with
 * the row's sum (MODE): the caller's formats (y = alpha A x + beta y, in
 * DD), and the engine's products on work vectors (plain, with the dot
 * product in . out, the residual b - A x, the true residual's squares). */
#include "kernels/sparse_common.cuh"
#include "kernels/typed_formats.cuh"

namespace tf_sparse {

/* The vector x as the kernel reads it, and the sum it needs. */
enum x_kind {
	X_D,        /* double, products summed in DD */
	X_D_NATIVE, /* double, summed in double (the double engine) */
	X_DD,       /* tf_dd elements */
	X_DD_SPLIT, /* work vector: hi[], lo[] */
	X_DS,       /* double hi[], float lo[] */
	X_DI        /* double hi[], int32 lo[] */
};

enum mode {
	M_USER,  /* y = alpha sum + beta y, y as x */
	M_PLAIN, /* out = sum */
	M_DOT,   /* out = sum; partial += in . out */
	M_RESID, /* out = b - sum */
	M_TRUE   /* partial += (b - sum)^2, in DD */
};

struct spmv_params {
	tf_sparse_device_csr a;
	tf_array x, y;      /* y: the output (work vector for the engine) */
	tf_dd alpha, beta;  /* M_USER */
	int product, read_y;
	const double *b_hi, *b_lo; /* M_RESID, M_TRUE; b_lo NULL: double */
	tf_dd *partials;
};

template <int XK> struct x_traits {
	static constexpr bool dd_sum = XK != X_D_NATIVE;
};

/* Element i of x, as its kind has it. */
template <int XK> static __device__ __forceinline__ tf_dd load_x(const tf_array &x, int i)
{
	if constexpr (XK == X_D || XK == X_D_NATIVE)
		return tf_dd_make(__ldg(static_cast<const double *>(x.hi) + i), 0.0);
	else if constexpr (XK == X_DD) {
		const double *p = static_cast<const double *>(x.hi) + 2 * (size_t)i;
		return tf_dd_make(__ldg(p), __ldg(p + 1));
	} else if constexpr (XK == X_DD_SPLIT)
		return tf_dd_make(__ldg(static_cast<const double *>(x.hi) + i),
				  __ldg(static_cast<const double *>(x.lo) + i));
	else if constexpr (XK == X_DS)
		return tf::layout<TF_FORMAT_DS>::to_work(tf::layout<TF_FORMAT_DS>::fetch<tf::LOAD_CACHED>(x, i));
	else
		return tf::layout<TF_FORMAT_DI>::to_work(tf::layout<TF_FORMAT_DI>::fetch<tf::LOAD_CACHED>(x, i));
}

/* Element i of y (M_USER), for its kind; and y = v rounded once. */
template <int XK> static __device__ __forceinline__ tf_dd load_y(const tf_array &y, int i)
{
	if constexpr (XK == X_D)
		return tf_dd_make(static_cast<const double *>(y.hi)[i], 0.0);
	else if constexpr (XK == X_DD) {
		const double *p = static_cast<const double *>(y.hi) + 2 * (size_t)i;
		return tf_dd_make(p[0], p[1]);
	} else if constexpr (XK == X_DS)
		return tf::layout<TF_FORMAT_DS>::to_work(tf::layout<TF_FORMAT_DS>::fetch<tf::LOAD_PLAIN>(y, i));
	else
		return tf::layout<TF_FORMAT_DI>::to_work(tf::layout<TF_FORMAT_DI>::fetch<tf::LOAD_PLAIN>(y, i));
}

template <int XK> static __device__ __forceinline__ void store_y(const tf_array &y, int i, tf_dd v)
{
	if constexpr (XK == X_D)
		static_cast<double *>(y.hi)[i] = tf_dd_to_double(v);
	else if constexpr (XK == X_DD) {
		double *p = static_cast<double *>(y.hi) + 2 * (size_t)i;
		p[0] = v.hi;
		p[1] = v.lo;
	} else if constexpr (XK == X_DS)
		tf::layout<TF_FORMAT_DS>::put(y, i, tf::layout<TF_FORMAT_DS>::from_work(v));
	else
		tf::layout<TF_FORMAT_DI>::put(y, i, tf::layout<TF_FORMAT_DI>::from_work(v));
}

/* This thread's share of row i's products. */
template <int TPR, int XK>
static __device__ __forceinline__ typename sum<x_traits<XK>::dd_sum>::type
row_share(const tf_sparse_device_csr &a, const tf_array &x, int row, bool active, int lane)
{
	typedef sum<x_traits<XK>::dd_sum> S;
	typename S::type acc = S::zero();
	int start = 0, end = 0;
	if (active)
		start = __ldg(a.row_ptr + row) - a.base, end = __ldg(a.row_ptr + row + 1) - a.base;
	for (int k = start + lane; k < end; k += TPR) {
		const int c = __ldg(a.col_idx + k) - a.base;
		const double v = __ldg(a.values + k);
		if constexpr (XK == X_D_NATIVE)
			acc = __fma_rn(v, __ldg(static_cast<const double *>(x.hi) + c), acc);
		else if constexpr (XK == X_D)
			acc = tf_dd_fma(acc, v, __ldg(static_cast<const double *>(x.hi) + c));
		else
			acc = fma_d_dd(acc, v, load_x<XK>(x, c));
	}
	for (int mask = TPR / 2; mask > 0; mask >>= 1)
		acc = S::add(acc, S::shfl_xor(acc, mask, TPR));
	return acc;
}

template <int TPR, int XK, int MODE>
__global__ void __launch_bounds__(BLOCK) spmv_kernel(spmv_params p)
{
	constexpr bool DD = x_traits<XK>::dd_sum;
	constexpr bool PARTIAL = MODE == M_DOT || MODE == M_TRUE;
	constexpr bool PARTIAL_DD = MODE == M_TRUE || DD;
	typedef sum<DD> S;
	typedef sum<PARTIAL_DD> P;
	typename P::type partial = P::zero();
	const int groups = BLOCK / TPR;
	const int lane = threadIdx.x % TPR;
	const int stride = gridDim.x * groups;
	/* The loop's bound is the block's, so that every thread of a warp
	 * reaches its shuffles. */
	for (int first = blockIdx.x * groups; first < p.a.rows; first += stride) {
		const int row = first + threadIdx.x / TPR;
		const bool active = row < p.a.rows;
		typename S::type s = S::zero();
		if (MODE != M_USER || p.product)
			s = row_share<TPR, XK>(p.a, p.x, row, active, lane);
		if (lane != 0 || !active)
			continue;
		if constexpr (MODE == M_USER) {
			tf_dd r = tf_dd_make(0.0, 0.0);
			if (p.product)
				r = tf_dd_mul(p.alpha, S::to_dd(s));
			if (p.read_y)
				r = tf_dd_add(r, tf_dd_mul(p.beta, load_y<XK>(p.y, row)));
			store_y<XK>(p.y, row, r);
		} else if constexpr (MODE == M_PLAIN || MODE == M_DOT) {
			double *out_hi = static_cast<double *>(p.y.hi);
			if constexpr (DD) {
				out_hi[row] = s.hi;
				static_cast<double *>(p.y.lo)[row] = s.lo;
			} else
				out_hi[row] = s;
			if constexpr (MODE == M_DOT) {
				if constexpr (DD)
					partial = tf_dd_add(partial, tf_dd_mul(load_x<X_DD_SPLIT>(p.x, row), s));
				else
					partial = __fma_rn(__ldg(static_cast<const double *>(p.x.hi) + row), s, partial);
			}
		} else {
			tf_dd b = tf_dd_make(p.b_hi[row], p.b_lo ? p.b_lo[row] : 0.0);
			if constexpr (MODE == M_RESID) {
				double *out_hi = static_cast<double *>(p.y.hi);
				if constexpr (DD) {
					tf_dd r = tf_dd_add(b, tf_dd_make(-s.hi, -s.lo));
					out_hi[row] = r.hi;
					static_cast<double *>(p.y.lo)[row] = r.lo;
				} else
					out_hi[row] = b.hi - s;
			} else {
				tf_dd r = tf_dd_add(b, tf_dd_make(-s.hi, -s.lo));
				partial = tf_dd_add(partial, tf_dd_mul(r, r));
			}
		}
	}
	if constexpr (PARTIAL)
		store_partial<PARTIAL_DD>(partial, p.partials);
}

template <int TPR, int XK, int MODE>
static cudaError_t launch(const spmv_params &p, cudaStream_t stream)
{
	const long long groups = BLOCK / TPR;
	long long blocks = (p.a.rows + groups - 1) / groups;
	if (blocks < 1)
		blocks = 1;
	if (blocks > TF_SPARSE_PARTIALS)
		blocks = TF_SPARSE_PARTIALS;
	spmv_kernel<TPR, XK, MODE><<<(int)blocks, BLOCK, 0, stream>>>(p);
	return cudaGetLastError();
}

template <int XK, int MODE>
static cudaError_t launch_threads(const spmv_params &p, int threads, cudaStream_t stream)
{
	switch (threads) {
	case 1: return launch<1, XK, MODE>(p, stream);
	case 2: return launch<2, XK, MODE>(p, stream);
	case 4: return launch<4, XK, MODE>(p, stream);
	case 8: return launch<8, XK, MODE>(p, stream);
	case 16: return launch<16, XK, MODE>(p, stream);
	default: return launch<32, XK, MODE>(p, stream);
	}
}

/* The blocks launch<> used, for the partials' count. */
static int blocks_of(int rows, int threads)
{
	long long groups = BLOCK / threads;
	long long blocks = (rows + groups - 1) / groups;
	return blocks < 1 ? 1 : blocks > TF_SPARSE_PARTIALS ? TF_SPARSE_PARTIALS : (int)blocks;
}

} // namespace tf_sparse

using namespace tf_sparse;

extern "C" int tf_kernel_spmv_threads(int rows, int64_t nnz)
{
	double mean = rows > 0 ? (double)nnz / rows : 0.0;
	int threads = 1;
	while (threads < 32 && 3.0 * 2 * threads <= mean)
		threads *= 2;
	return threads;
}

static int threads_for(const tf_sparse_device_csr *a, int threads)
{
	if (threads <= 0)
		threads = tf_kernel_spmv_threads(a->rows, a->nnz);
	return threads;
}

extern "C" cudaError_t tf_kernel_spmv(const struct tf_sparse_device_csr *a, int threads_per_row,
				      enum tf_sparse_vector vector, tf_dd alpha, tf_dd beta,
				      struct tf_array x, struct tf_array y, cudaStream_t stream)
{
	spmv_params p = {};
	p.a = *a;
	p.x = x;
	p.y = y;
	p.alpha = alpha;
	p.beta = beta;
	p.product = !(alpha.hi == 0.0 && alpha.lo == 0.0) && a->nnz > 0;
	p.read_y = !(beta.hi == 0.0 && beta.lo == 0.0);
	const int t = threads_for(a, threads_per_row);
	switch (vector) {
	case TF_SPARSE_D: return launch_threads<X_D, M_USER>(p, t, stream);
	case TF_SPARSE_DD: return launch_threads<X_DD, M_USER>(p, t, stream);
	case TF_SPARSE_DS: return launch_threads<X_DS, M_USER>(p, t, stream);
	default: return launch_threads<X_DI, M_USER>(p, t, stream);
	}
}

extern "C" cudaError_t tf_kernel_work_spmv(const struct tf_sparse_device_csr *a, int threads_per_row,
					   struct tf_work_vector in, struct tf_work_vector out,
					   const struct tf_work_vector *b, tf_dd *partials, tf_dd *dot,
					   cudaStream_t stream)
{
	spmv_params p = {};
	p.a = *a;
	p.x = tf_array{ in.hi, in.lo };
	p.y = tf_array{ out.hi, out.lo };
	p.partials = partials;
	if (b) {
		p.b_hi = b->hi;
		p.b_lo = b->lo;
	}
	const int t = threads_for(a, threads_per_row);
	const bool dd = in.lo != NULL;
	cudaError_t status;
	if (b)
		return dd ? launch_threads<X_DD_SPLIT, M_RESID>(p, t, stream)
			  : launch_threads<X_D_NATIVE, M_RESID>(p, t, stream);
	if (!dot)
		return dd ? launch_threads<X_DD_SPLIT, M_PLAIN>(p, t, stream)
			  : launch_threads<X_D_NATIVE, M_PLAIN>(p, t, stream);
	status = dd ? launch_threads<X_DD_SPLIT, M_DOT>(p, t, stream)
		    : launch_threads<X_D_NATIVE, M_DOT>(p, t, stream);
	if (status != cudaSuccess)
		return status;
	return sum_partials(dd, partials, blocks_of(a->rows, t), dot, stream);
}

extern "C" cudaError_t tf_kernel_work_true_residual(const struct tf_sparse_device_csr *a,
						    int threads_per_row, struct tf_work_vector x,
						    struct tf_work_vector b, tf_dd *partials,
						    tf_dd *norm2, cudaStream_t stream)
{
	spmv_params p = {};
	p.a = *a;
	p.x = tf_array{ x.hi, x.lo };
	p.b_hi = b.hi;
	p.b_lo = b.lo;
	p.partials = partials;
	const int t = threads_for(a, threads_per_row);
	cudaError_t status = x.lo ? launch_threads<X_DD_SPLIT, M_TRUE>(p, t, stream)
				  : launch_threads<X_D, M_TRUE>(p, t, stream);
	if (status != cudaSuccess)
		return status;
	return sum_partials(true, partials, blocks_of(a->rows, t), norm2, stream);
}
