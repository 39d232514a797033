/* The split product engine's kernels (kernels/split.h): scan, residues,
 * reduction of the int32 products, reconstruction, and the capped
 * products' bound and recomputation, all through twofold/crt.h, so that
 * they compute what the CPU twin (src/cpu/split_gemm.c) computes. */
#include <climits>
#include "kernels/reference_gemm.cuh"
#include "kernels/split.h"

namespace tf {
namespace {

/* Word w of element `index` of the kind, as a double (exact). */
template <enum tf_product_kind K>
__device__ __forceinline__ double split_word(const void *data, size_t index, int w)
{
	if constexpr (K == TF_PRODUCT_DD)
		return static_cast<const double *>(data)[2 * index + (size_t)w];
	else if constexpr (K == TF_PRODUCT_TS)
		return (double)static_cast<const float *>(data)[3 * index + (size_t)w];
	else
		return static_cast<const double *>(data)[index];
}

template <enum tf_product_kind K> __host__ __device__ constexpr int split_words()
{
	return K == TF_PRODUCT_DOUBLE ? 1 : K == TF_PRODUCT_DD ? 2 : 3;
}

__device__ __forceinline__ size_t operand_index(const tf_split_operand &o, int r, int l)
{
	return o.contiguous ? (size_t)r + (size_t)l * (size_t)o.ld : (size_t)l + (size_t)r * (size_t)o.ld;
}

/* ---- Scan. */

/* Elements of a vector one block covers: contiguous vectors, 32 to a
 * block, take fewer, so that an operand of order 1024 still spreads over
 * some 500 blocks. */
constexpr int SCAN_L = 512, SCAN_L_CONTIGUOUS = 64;

struct span_acc {
	int high = INT_MIN, low = INT_MAX;
	unsigned bad = 0;

	__device__ __forceinline__ void take(double v)
	{
		if (!isfinite(v)) {
			bad = 1;
		} else if (v != 0.0) {
			int h, l;
			tf_crt_exponents(v, &h, &l);
			high = max(high, h);
			low = min(low, l);
		}
	}
	__device__ __forceinline__ void merge(int h, int l)
	{
		high = max(high, h);
		low = min(low, l);
	}
};

/* Contiguous vectors: 32 vectors a block (threadIdx.x), threadIdx.y
 * striding along l. */
template <enum tf_product_kind K>
__global__ void __launch_bounds__(256) scan_contiguous(const tf_split_operand o, int *high, int *low,
						       unsigned *nonfinite)
{
	__shared__ int shared_high[8][32], shared_low[8][32];
	const int r = blockIdx.y * 32 + threadIdx.x, l0 = blockIdx.x * SCAN_L_CONTIGUOUS;
	span_acc acc;
	if (r < o.count)
		for (int l = l0 + threadIdx.y; l < o.k && l < l0 + SCAN_L_CONTIGUOUS; l += 8)
			for (int w = 0; w < split_words<K>(); w++)
				acc.take(split_word<K>(o.data, operand_index(o, r, l), w));
	shared_high[threadIdx.y][threadIdx.x] = acc.high;
	shared_low[threadIdx.y][threadIdx.x] = acc.low;
	if (acc.bad)
		atomicOr(nonfinite, 1u);
	__syncthreads();
	if (threadIdx.y == 0 && r < o.count) {
		for (int y = 1; y < 8; y++)
			acc.merge(shared_high[y][threadIdx.x], shared_low[y][threadIdx.x]);
		if (acc.high != INT_MIN) {
			atomicMax(high + r, acc.high);
			atomicMin(low + r, acc.low);
		}
	}
}

/* Strided vectors: 8 vectors a block (threadIdx.y), a warp along each. */
template <enum tf_product_kind K>
__global__ void __launch_bounds__(256) scan_strided(const tf_split_operand o, int *high, int *low,
						    unsigned *nonfinite)
{
	const int r = blockIdx.y * 8 + threadIdx.y, l0 = blockIdx.x * SCAN_L;
	span_acc acc;
	if (r < o.count)
		for (int l = l0 + threadIdx.x; l < o.k && l < l0 + SCAN_L; l += 32)
			for (int w = 0; w < split_words<K>(); w++)
				acc.take(split_word<K>(o.data, operand_index(o, r, l), w));
	if (acc.bad)
		atomicOr(nonfinite, 1u);
	for (int offset = 16; offset >= 1; offset /= 2)
		acc.merge(__shfl_xor_sync(0xffffffffu, acc.high, offset),
			  __shfl_xor_sync(0xffffffffu, acc.low, offset));
	if (threadIdx.x == 0 && r < o.count && acc.high != INT_MIN) {
		atomicMax(high + r, acc.high);
		atomicMin(low + r, acc.low);
	}
}

/* ---- Residues. */

constexpr int TILE_R = 32, TILE_L = 64;

/* The words of a tile of TILE_R vectors by TILE_L elements, read in the
 * operand's storage order, and written as int8 residues per modulus in
 * runs of four along l. */
template <enum tf_product_kind K>
__global__ void __launch_bounds__(256) residues_kernel(const tf_split_operand o,
						       const tf_crt_basis *basis, const uint8_t *powers,
						       const int *shift, int padded_count, int kp,
						       int8_t *out, size_t stride)
{
	typedef typename std::conditional<K == TF_PRODUCT_TS, float, double>::type word_t;
	constexpr int W = split_words<K>();
	__shared__ word_t tile[W][TILE_R][TILE_L + 1];
	__shared__ uint8_t pow2[TF_CRT_MAX_MODULI][TF_CRT_MAX_POWER];
	__shared__ uint32_t modulus[TF_CRT_MAX_MODULI], divisor[TF_CRT_MAX_MODULI];
	__shared__ uint32_t bytes[TF_CRT_MAX_MODULI][2];
	__shared__ int shifts[TILE_R];
	const int count = basis->count, tid = threadIdx.x;
	const int r0 = blockIdx.y * TILE_R, l0 = blockIdx.x * TILE_L;
	for (int e = tid; e < count * TF_CRT_MAX_POWER; e += 256)
		pow2[e / TF_CRT_MAX_POWER][e % TF_CRT_MAX_POWER] = powers[e];
	if (tid < count) {
		modulus[tid] = (uint32_t)basis->modulus[tid];
		divisor[tid] = basis->divisor[tid];
		bytes[tid][0] = basis->bytes[tid][0];
		bytes[tid][1] = basis->bytes[tid][1];
	}
	if (tid < TILE_R)
		shifts[tid] = r0 + tid < o.count ? shift[r0 + tid] : 0;
	/* load: along r when rows are contiguous, else along l */
	const int along_r = o.contiguous;
	const int fast = along_r ? tid % TILE_R : tid % TILE_L, slow = along_r ? tid / TILE_R : tid / TILE_L;
	const int slow_step = along_r ? 256 / TILE_R : 256 / TILE_L, slow_end = along_r ? TILE_L : TILE_R;
	for (int s = slow; s < slow_end; s += slow_step) {
		const int rr = along_r ? fast : s, ll = along_r ? s : fast;
		const int r = r0 + rr, l = l0 + ll;
		const int inside = r < o.count && l < o.k;
		for (int w = 0; w < W; w++)
			tile[w][rr][ll] = inside ? (word_t)split_word<K>(o.data, operand_index(o, r, l), w) : (word_t)0;
	}
	__syncthreads();
	/* Each word is scaled once; only the folding depends on the modulus. */
	for (int q = tid; q < TILE_R * TILE_L / 4; q += 256) {
		const int rr = q / (TILE_L / 4), ll = 4 * (q % (TILE_L / 4));
		const int r = r0 + rr, l = l0 + ll;
		if (r >= padded_count || l >= kp)
			continue;
		tf_crt_scaled scaled[4][W];
#pragma unroll
		for (int e = 0; e < 4; e++)
#pragma unroll
			for (int w = 0; w < W; w++)
				scaled[e][w] = tf_crt_scale((double)tile[w][rr][ll + e], shifts[rr]);
		int8_t *target = out + (size_t)r * kp + l;
		for (int t = 0; t < count; t++) {
			const uint32_t m = modulus[t], dv = divisor[t];
			const uint32_t by[2] = { bytes[t][0], bytes[t][1] };
			char4 v;
			signed char *lane = &v.x;
#pragma unroll
			for (int e = 0; e < 4; e++) {
				if constexpr (W == 1) {
					lane[e] = tf_crt_symmetric_residue(scaled[e][0], m, dv, by, pow2[t]);
				} else {
					int sum = 0;
#pragma unroll
					for (int w = 0; w < W; w++) {
						sum += tf_crt_scaled_residue(scaled[e][w], m, dv, by, pow2[t]);
						if (sum >= (int)m)
							sum -= (int)m;
					}
					lane[e] = tf_crt_symmetric(sum, (int)m);
				}
			}
			*reinterpret_cast<char4 *>(target + (size_t)t * stride) = v;
		}
	}
}

/* ---- Reduction of an int32 product modulo m. */

/* The products of `group` moduli from `first_modulus` on (blockIdx.y),
 * each `count` elements at `stride` from the last, four elements a thread
 * (count is a multiple of four: the engine pads both sides to 16), in
 * integers: |v| < 2^31 reduced by tf_crt_mod32. */
__global__ void reduce_kernel(const int32_t *sum, size_t count, size_t stride, const tf_crt_basis *basis,
			      int first_modulus, int first, uint8_t *residue)
{
	const int t = first_modulus + (int)blockIdx.y;
	const uint32_t m = (uint32_t)basis->modulus[t], divisor = basis->divisor[t];
	const int4 *sum4 = reinterpret_cast<const int4 *>(sum + blockIdx.y * stride);
	uchar4 *residue4 = reinterpret_cast<uchar4 *>(residue + blockIdx.y * stride);
	for (size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x; e < count / 4;
	     e += (size_t)gridDim.x * blockDim.x) {
		const int4 v = sum4[e];
		const uchar4 before = first ? make_uchar4(0, 0, 0, 0) : residue4[e];
		const int value[4] = { v.x, v.y, v.z, v.w };
		const unsigned char old[4] = { before.x, before.y, before.z, before.w };
		unsigned char out[4];
#pragma unroll
		for (int q = 0; q < 4; q++) {
			const uint32_t magnitude = value[q] < 0 ? 0u - (uint32_t)value[q] : (uint32_t)value[q];
			uint32_t r = tf_crt_mod32(magnitude, m, divisor);
			if (value[q] < 0 && r)
				r = m - r;
			r += old[q];
			if (r >= m)
				r -= m;
			out[q] = (unsigned char)r;
		}
		residue4[e] = make_uchar4(out[0], out[1], out[2], out[3]);
	}
}

/* ---- Reconstruction. */

__device__ __forceinline__ size_t product_index_a(const tf_product &p, int i, int l)
{
	return p.transa == 'N' ? (size_t)i + (size_t)l * p.lda : (size_t)l + (size_t)i * p.lda;
}

__device__ __forceinline__ size_t product_index_b(const tf_product &p, int l, int j)
{
	return p.transb == 'N' ? (size_t)l + (size_t)j * p.ldb : (size_t)j + (size_t)l * p.ldb;
}

/* The reference's value of element (i, j) of a double product. */
__device__ double by_reference(const tf_product &p, int i, int j)
{
	tf_gemm_args args = {};
	args.transa = p.transa;
	args.transb = p.transb;
	args.m = p.m;
	args.n = p.n;
	args.k = p.k;
	args.alpha = p.alpha.dd.hi;
	args.beta = p.beta.dd.hi;
	args.a = static_cast<const double *>(p.a);
	args.b = static_cast<const double *>(p.b);
	args.c = static_cast<double *>(p.c);
	args.lda = p.lda;
	args.ldb = p.ldb;
	args.ldc = p.ldc;
	return reference_gemm_element(args, i, j);
}

/* tf_crt_combine's S in L limbs (at least the basis's: the limbs from
 * basis.limbs on are zero, S being below 2^(32 basis.limbs)).  The
 * weights are read from the kernel's parameters (the same for every
 * thread), each residue once. */
template <int L>
__device__ __forceinline__ void combine(const tf_crt_basis &basis, const uint8_t *from, size_t stride,
					uint32_t x[TF_CRT_LIMBS])
{
	uint64_t sum[L];
#pragma unroll
	for (int j = 0; j < L; j++)
		sum[j] = 0;
	const int count = basis.count;
#pragma unroll 4
	for (int t = 0; t < count; t++) {
		const uint64_t r = from[(size_t)t * stride];
#pragma unroll
		for (int j = 0; j < L; j++) /* each term < 2^40: no overflow */
			sum[j] += basis.weight[t][j] * r;
	}
	uint64_t carry = 0;
#pragma unroll
	for (int j = 0; j < L; j++) {
		const uint64_t v = sum[j] + carry;
		x[j] = (uint32_t)v;
		carry = v >> 32;
	}
#pragma unroll
	for (int j = L; j < TF_CRT_LIMBS; j++)
		x[j] = 0;
}

/* One element a thread.  The basis is a parameter, so that its weights are
 * read as constants; L, the limbs of every integer (twofold/crt.h,
 * "Reconstruction"), is the basis's count, at least 4. */
template <enum tf_product_kind K, int L>
__global__ void __launch_bounds__(128) reconstruct_kernel(const tf_product p,
							  const __grid_constant__ tf_crt_basis basis,
							  const tf_split_rebuild rebuild)
{
	const size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (e >= (size_t)p.m * p.n)
		return;
	const int i = (int)(e % p.m), j = (int)(e / p.m);
	const size_t at = (size_t)i + (size_t)j * p.ldc;
	if (rebuild.row_capped && (rebuild.row_capped[i] || rebuild.column_capped[j])) {
		const int words = split_words<K>();
		double ea = rebuild.row_capped[i] ? words * ldexp(1.0, rebuild.row_shift[i] - 1) : 0.0;
		double eb = rebuild.column_capped[j] ? words * ldexp(1.0, rebuild.column_shift[j] - 1) : 0.0;
		const int within = tf_crt_within_bound(K == TF_PRODUCT_TS, p.k, ea, eb, rebuild.rows[i],
						       rebuild.columns[j], rebuild.both[i + (size_t)j * p.m]);
		if (rebuild.count_only) {
			if (!within)
				atomicAdd(rebuild.redo_count, 1u);
			return;
		}
		if (!within) {
			rebuild.redo[atomicAdd(rebuild.redo_count, 1u)] = make_int2(i, j);
			return;
		}
	} else if (rebuild.count_only) {
		return;
	}
	uint32_t x[TF_CRT_LIMBS];
	combine<L>(basis, rebuild.residues + i + (size_t)j * rebuild.ld, rebuild.stride, x);
	tf_crt_reduce(&basis, x, L);
	const int scale = rebuild.row_shift[i] + rebuild.column_shift[j];
	if constexpr (K == TF_PRODUCT_DOUBLE) {
		double *c = static_cast<double *>(p.c) + at;
		double value;
		if (p.alpha.dd.hi == 1.0 && p.beta.dd.hi == 0.0) {
			/* tf_crt_finish_double's x.hi */
			value = tf_crt_to_double(x, scale, L);
		} else {
			int alpha_exponent;
			double alpha = tf_crt_alpha_significand(p.alpha.dd.hi, &alpha_exponent);
			value = tf_crt_finish_double(tf_crt_to_dd(x, scale + alpha_exponent, L), alpha,
						     p.beta.dd.hi, c);
		}
		*c = isfinite(value) ? value : by_reference(p, i, j);
	} else if constexpr (K == TF_PRODUCT_DD) {
		tf_dd *c = static_cast<tf_dd *>(p.c) + at;
		*c = tf_crt_finish_dd(tf_crt_to_dd(x, scale, L), p.alpha.dd, p.beta.dd, c);
	} else {
		tf_ts *c = static_cast<tf_ts *>(p.c) + at;
		*c = tf_crt_finish_ts(tf_ts_from_dd(tf_crt_to_dd(x, scale, L)), p.alpha.ts, p.beta.ts, c);
	}
}

template <enum tf_product_kind K>
__global__ void redo_kernel(const tf_product p, const int2 *redo, unsigned count)
{
	const unsigned e = blockIdx.x * blockDim.x + threadIdx.x;
	if (e >= count)
		return;
	const int i = redo[e].x, j = redo[e].y;
	const size_t at = (size_t)i + (size_t)j * p.ldc;
	if constexpr (K == TF_PRODUCT_DOUBLE) {
		const double *a = static_cast<const double *>(p.a), *b = static_cast<const double *>(p.b);
		tf_dd acc = tf_dd_make(0.0, 0.0);
		for (int l = 0; l < p.k; l++)
			acc = tf_dd_fma(acc, a[product_index_a(p, i, l)], b[product_index_b(p, l, j)]);
		double *c = static_cast<double *>(p.c) + at;
		*c = tf_crt_finish_dd_sum(acc, p.k, a + product_index_a(p, i, 0),
					  p.transa == 'N' ? (ptrdiff_t)p.lda : 1, b + product_index_b(p, 0, j),
					  p.transb == 'N' ? 1 : (ptrdiff_t)p.ldb, p.alpha.dd.hi,
					  p.beta.dd.hi, c);
	} else if constexpr (K == TF_PRODUCT_DD) {
		const tf_dd *a = static_cast<const tf_dd *>(p.a), *b = static_cast<const tf_dd *>(p.b);
		tf_dd acc = tf_dd_make(0.0, 0.0);
		for (int l = 0; l < p.k; l++)
			acc = tf_dd_add(acc, tf_dd_mul(a[product_index_a(p, i, l)], b[product_index_b(p, l, j)]));
		tf_dd *c = static_cast<tf_dd *>(p.c) + at;
		*c = tf_crt_finish_dd(acc, p.alpha.dd, p.beta.dd, c);
	} else {
		const tf_ts *a = static_cast<const tf_ts *>(p.a), *b = static_cast<const tf_ts *>(p.b);
		tf_ts acc = tf_ts_make(0.0f, 0.0f, 0.0f);
		for (int l = 0; l < p.k; l++)
			acc = tf_ts_add(acc, tf_ts_mul(a[product_index_a(p, i, l)], b[product_index_b(p, l, j)]));
		tf_ts *c = static_cast<tf_ts *>(p.c) + at;
		*c = tf_crt_finish_ts(acc, p.alpha.ts, p.beta.ts, c);
	}
}

/* |x| of each element (its words' magnitudes added), and each vector's
 * sum of them in the order of l. */
template <enum tf_product_kind K>
__global__ void magnitudes_kernel(const tf_split_operand o, double *out, int a_side, double *sums)
{
	const int r = blockIdx.x * blockDim.x + threadIdx.x;
	if (r >= o.count)
		return;
	double sum = 0.0;
	for (int l = 0; l < o.k; l++) {
		double v = 0.0;
		for (int w = 0; w < split_words<K>(); w++)
			v = TF_DADD(v, fabs(split_word<K>(o.data, operand_index(o, r, l), w)));
		sum = TF_DADD(sum, v);
		out[a_side ? (size_t)r + (size_t)l * o.count : (size_t)l + (size_t)r * o.k] = v;
	}
	sums[r] = sum;
}

unsigned blocks_for(size_t count, unsigned per_block)
{
	size_t blocks = (count + per_block - 1) / per_block;
	return blocks < 1 ? 1u : blocks > (1u << 30) ? (1u << 30) : (unsigned)blocks;
}

} /* namespace */
} /* namespace tf */

using namespace tf;

/* Each launcher expands its kernel for the three kinds. */
#define TF_SPLIT_BY_KIND(kind, launch)                                            \
	switch (kind) {                                                           \
	case TF_PRODUCT_DOUBLE: launch(TF_PRODUCT_DOUBLE); break;                 \
	case TF_PRODUCT_DD: launch(TF_PRODUCT_DD); break;                         \
	case TF_PRODUCT_TS: launch(TF_PRODUCT_TS); break;                         \
	}

extern "C" cudaError_t tf_kernel_split_scan(const struct tf_split_operand *operand, int *high,
					    int *low, unsigned *nonfinite, cudaStream_t stream)
{
	cudaError_t status;
	if ((status = cudaMemsetAsync(high, 0x80, (size_t)operand->count * sizeof *high, stream)) != cudaSuccess ||
	    (status = cudaMemsetAsync(low, 0x7f, (size_t)operand->count * sizeof *low, stream)) != cudaSuccess)
		return status;
	const tf_split_operand o = *operand;
	if (o.contiguous) {
		dim3 grid(blocks_for((size_t)o.k, SCAN_L_CONTIGUOUS), blocks_for((size_t)o.count, 32)),
			block(32, 8);
#define TF_SCAN(K) scan_contiguous<K><<<grid, block, 0, stream>>>(o, high, low, nonfinite)
		TF_SPLIT_BY_KIND(o.kind, TF_SCAN)
#undef TF_SCAN
	} else {
		dim3 grid(blocks_for((size_t)o.k, SCAN_L), blocks_for((size_t)o.count, 8)), block(32, 8);
#define TF_SCAN(K) scan_strided<K><<<grid, block, 0, stream>>>(o, high, low, nonfinite)
		TF_SPLIT_BY_KIND(o.kind, TF_SCAN)
#undef TF_SCAN
	}
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_split_residues(const struct tf_split_operand *operand,
						const struct tf_crt_basis *basis, const uint8_t *powers,
						const int *shift, int padded_count, int kp, int8_t *out,
						size_t stride, cudaStream_t stream)
{
	dim3 grid(blocks_for((size_t)kp, TILE_L), blocks_for((size_t)padded_count, TILE_R));
	const tf_split_operand o = *operand;
#define TF_RESIDUES(K) \
	residues_kernel<K><<<grid, 256, 0, stream>>>(o, basis, powers, shift, padded_count, kp, out, stride)
	TF_SPLIT_BY_KIND(o.kind, TF_RESIDUES)
#undef TF_RESIDUES
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_split_reduce(const int32_t *sum, size_t count, const struct tf_crt_basis *basis,
					      int first_modulus, int group, int first, uint8_t *residue,
					      cudaStream_t stream)
{
	const dim3 grid(blocks_for(count / 4, 256 * 4), (unsigned)group);
	reduce_kernel<<<grid, 256, 0, stream>>>(sum, count, count, basis, first_modulus, first, residue);
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_split_reconstruct(const struct tf_product *product,
						   const struct tf_crt_basis *host_basis,
						   const struct tf_split_rebuild *rebuild,
						   cudaStream_t stream)
{
	const tf_product p = *product;
	const tf_split_rebuild b = *rebuild;
	const unsigned blocks = blocks_for((size_t)p.m * p.n, 128);
	/* the limbs combined: the basis's, at least 4 (up to 13 moduli) */
#define TF_REBUILD_LIMBS(K, L) reconstruct_kernel<K, L><<<blocks, 128, 0, stream>>>(p, *host_basis, b)
#define TF_REBUILD(K)                                          \
	switch (host_basis->limbs) {                           \
	case 1: case 2: case 3: case 4: TF_REBUILD_LIMBS(K, 4); break; \
	case 5: TF_REBUILD_LIMBS(K, 5); break;                 \
	case 6: TF_REBUILD_LIMBS(K, 6); break;                 \
	case 7: TF_REBUILD_LIMBS(K, 7); break;                 \
	default: TF_REBUILD_LIMBS(K, 8); break;                \
	}
	TF_SPLIT_BY_KIND(p.kind, TF_REBUILD)
#undef TF_REBUILD
#undef TF_REBUILD_LIMBS
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_split_redo(const struct tf_product *product, const int2 *redo,
					    unsigned count, cudaStream_t stream)
{
	if (!count)
		return cudaSuccess;
	const tf_product p = *product;
#define TF_REDO(K) redo_kernel<K><<<blocks_for(count, 128), 128, 0, stream>>>(p, redo, count)
	TF_SPLIT_BY_KIND(p.kind, TF_REDO)
#undef TF_REDO
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_split_magnitudes(const struct tf_split_operand *operand, double *out,
						  int a_side, double *sums, cudaStream_t stream)
{
	const tf_split_operand o = *operand;
#define TF_MAGNITUDES(K) \
	magnitudes_kernel<K><<<blocks_for((size_t)o.count, 128), 128, 0, stream>>>(o, out, a_side, sums)
	TF_SPLIT_BY_KIND(o.kind, TF_MAGNITUDES)
#undef TF_MAGNITUDES
	return cudaGetLastError();
}
