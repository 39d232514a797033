/* The Level 1 and Level 2 ops in DD on device data (kernels/level12.h).
 *
 * Each operation is one body, a template over the element width W (1:
 * double, 2: complex double as (re, im) pairs), reading a matrix through
 * one accessor for every storage (view::element):
 *   products (GEMV, SYMV, TRMV): a warp owns 32 consecutive outputs and a
 *     slice of the sum's tiles of TJ columns.  Where op(A)(i, j) is stored
 *     down columns (i along the column) the lanes read their rows of the
 *     tile directly, 32 consecutive doubles a load; where it is stored
 *     transposed (GEMV and TRMV T and C, the mirrored triangle of SYMV) the
 *     lanes read the tile down its stored columns into shared memory and
 *     take their rows from there; a whole tile of a full matrix is read
 *     from one address and a stride, each lane's loads issued before any
 *     is used.  Both read A coalesced.  The sums are DD (real: the lazy
 *     step, renormalized once per tile; complex: sums by extraction,
 *     below, folded into DD once per tile), one partial sum per
 *     slice (SYMV: and per row block, its mirrored terms); the epilogue
 *     adds them, in eight shares an element added in order, applies
 *     alpha and beta in DD and rounds once: the same bits every run.
 *   solves (TRSV): a warp per block of 32 rows in the order of the
 *     substitution, the blocks chained through flags in memory: each
 *     subtracts the earlier blocks' unknowns in order as they are
 *     published, then solves its diagonal block row by row.  The unknowns
 *     and the right-hand side stay in DD until the end.
 *   reductions (DOT, NRM2, ASUM): a fixed grid, each thread a DD sum over
 *     a fixed set of elements, the block's sums added in a fixed tree, the
 *     blocks' sums in order by one thread.  NRM2 scales by a power of two
 *     first where the largest |x_i| lies outside [2^-400, 2^400] (as the
 *     CPU's kernel does) and takes the DD square root.
 *   elementwise (ROT, ROTM, AXPY, SCAL) and rank updates (GER, SYR, SYR2):
 *     one thread per element (rank updates: per four rows of a column,
 *     two for complex SYR2, in a kernel per kind of update), rounded
 *     once; an element not finite in DD takes the reference's value,
 *     computed in plain double as the reference computes it (each first
 *     forms it again with every factor's exponent apart, as the CPU does,
 *     and keeps that where it is finite; the rank updates in a second
 *     kernel, for the elements the first marked).
 * The range (twofold/arith_dd.h): the products' epilogue forms a tiny sum
 * again scaled, as cpu/dd_matvec.c does; TRMV, the dots whose sums came
 * out tiny and the solves whose numerators left [2^-960, 2^1020] go to the
 * CPU's rule, as a result that is not finite does; the rank updates form
 * the elements of a column whose alpha y(j) left the range again, each
 * with its factors' exponents apart, as cpu/dd_rank.c does.
 * Vectors are read as the reference counts them (negative increments from
 * the far end). */
#include <math.h>
#include <type_traits>
#include "kernels/level12.h"
#include "kernels/reference_gemv.cuh"
#include "twofold/arith_zdd.h"

namespace {

/* ---- elements */

struct cv {
	double re, im;
};

template <int W>
__device__ __forceinline__ cv load(const double *p)
{
	cv v;
	v.re = p[0];
	v.im = W == 2 ? p[1] : 0.0;
	return v;
}

template <int W>
__device__ __forceinline__ void store(double *p, cv v)
{
	p[0] = v.re;
	if (W == 2)
		p[1] = v.im;
}

template <int W>
__device__ __forceinline__ double *element_of(const double *v, int n, int inc, int i)
{
	return (double *)v + tf::vector_offset(n, inc, i) * W;
}

template <int W>
__device__ __forceinline__ bool finite(cv v)
{
	return isfinite(v.re) && (W == 1 || isfinite(v.im));
}

__device__ __forceinline__ cv conj_if(cv v, bool conj)
{
	if (conj)
		v.im = -v.im;
	return v;
}

/* A DD sum, complex or real (im unused for W = 1). */
struct acc {
	tf_dd re, im;
};

__device__ __forceinline__ acc zero()
{
	acc s;
	s.re = s.im = tf_dd_make(0.0, 0.0);
	return s;
}

/* s + a b, the products exact (the order of arith_zdd.h's tf_zdd_fma). */
template <int W>
__device__ __forceinline__ void mac_lazy(acc &s, cv a, cv b)
{
	s.re = tf_dd_fma_lazy(s.re, a.re, b.re);
	if (W == 2) {
		s.re = tf_dd_fma_lazy(s.re, -a.im, b.im);
		s.im = tf_dd_fma_lazy(s.im, a.re, b.im);
		s.im = tf_dd_fma_lazy(s.im, a.im, b.re);
	}
}

template <int W>
__device__ __forceinline__ void renormalize(acc &s)
{
	s.re = tf_dd_renormalize(s.re);
	if (W == 2)
		s.im = tf_dd_renormalize(s.im);
}

template <int W>
__device__ __forceinline__ acc add(acc a, acc b)
{
	a.re = tf_dd_add(a.re, b.re);
	if (W == 2)
		a.im = tf_dd_add(a.im, b.im);
	return a;
}

__device__ __forceinline__ tf_zdd as_zdd(acc s)
{
	return tf_zdd_make(s.re, s.im);
}

__device__ __forceinline__ acc from_zdd(tf_zdd z)
{
	acc s;
	s.re = z.re;
	s.im = z.im;
	return s;
}

/* s times a scalar (alpha, beta), as cpu/dd_elements.h's tf_E_scale. */
template <int W>
__device__ __forceinline__ acc scale(cv s, acc a)
{
	if (W == 1) {
		a.re = tf_dd_mul_d(a.re, s.re);
		return a;
	}
	return from_zdd(tf_zdd_mul_z(as_zdd(a), s.re, s.im));
}

/* a + s y, as tf_E_add_scaled. */
template <int W>
__device__ __forceinline__ acc add_scaled(acc a, cv s, cv y)
{
	if (W == 1) {
		a.re = tf_dd_add(a.re, tf_two_prod(s.re, y.re));
		return a;
	}
	return from_zdd(tf_zdd_add(as_zdd(a), tf_zdd_fma(tf_zdd_from_z(0.0, 0.0), s.re, s.im, y.re, y.im)));
}

template <int W>
__device__ __forceinline__ cv round(acc a)
{
	cv v;
	v.re = tf_dd_to_double(a.re);
	v.im = W == 2 ? tf_dd_to_double(a.im) : 0.0;
	return v;
}

__device__ __forceinline__ tf_dd shfl_dd(tf_dd v, int lane)
{
	return tf_dd_make(__shfl_sync(0xffffffffu, v.hi, lane), __shfl_sync(0xffffffffu, v.lo, lane));
}

/* ---- sums by extraction (the complex products' tiles)
 *
 * A tile's products p = a b go into an exact double S and a rounded
 * double L: with sigma = 2^s above every |p| of the sum by 2^HEADROOM,
 * q = fl(a b + sigma) - sigma is p on the grid of ulp(sigma)/2, exact
 * (Sterbenz), and so are S + q for up to 2^HEADROOM - 1 terms; the rest,
 * fl(a b - q), below that grid, goes into L.  Five FP64 operations a
 * product against the lazy DD step's ten.  A sum of m <= 32 products is
 * then S + L within about 2^(s-96) (32 roundings of L, which stays below
 * 2^(s-48), and the remainders' own, below 2^(s-106) each), and 2^s <=
 * 2^(HEADROOM + 2) max |p| for normal factors: within about 2^-88 sum |p|,
 * 2^18 u^2 sum |p|, per tile.  s is taken from the
 * exponents of the products' factors (integer operations, not FP64), at
 * least -960 (products below about 2^-1013 are then rounded to double, as
 * the lazy step's low words are lost below about 2^-969).  Where s would
 * pass 1023 (products near overflow) sigma is Inf and the sum NaN, as it
 * is for an Inf or NaN factor (whose remainder is NaN): the op then goes
 * to the CPU's rule, as for any non-finite result. */
constexpr int HEADROOM = 6;

/* The biased exponent field of the larger part of v: |v.re|, |v.im| <
 * 2^(field - 1022) (subnormals and zero included, field 0). */
template <int W>
__device__ __forceinline__ int exponent_field(cv v)
{
	const int re = __double2hiint(v.re) & 0x7fffffff;
	const int im = W == 2 ? __double2hiint(v.im) & 0x7fffffff : 0;
	return max(re, im) >> 20;
}

/* sigma for products whose factors' fields add up to at most fields:
 * |p| < 2^(fields - 2044) = 2^(s - HEADROOM). */
__device__ __forceinline__ double extraction_point(int fields)
{
	const int s = max(fields - 2044 + HEADROOM, -960);
	return s > 1023 ? __longlong_as_double(0x7ff0000000000000ll)
			: __hiloint2double((s + 1023) << 20, 0);
}

/* An extraction sum, complex or real: S and L per part. */
struct xacc {
	double s_re, l_re, s_im, l_im;
};

__device__ __forceinline__ void extract(double &S, double &L, double a, double b, double sigma)
{
	const double q = TF_DSUB(TF_DFMA(a, b, sigma), sigma);
	S = TF_DADD(S, q);
	L = TF_DADD(L, TF_DFMA(a, b, -q));
}

/* x + a b, the order of mac_lazy. */
template <int W>
__device__ __forceinline__ void mac_extract(xacc &x, cv a, cv b, double sigma)
{
	extract(x.s_re, x.l_re, a.re, b.re, sigma);
	if (W == 2) {
		extract(x.s_re, x.l_re, -a.im, b.im, sigma);
		extract(x.s_im, x.l_im, a.re, b.im, sigma);
		extract(x.s_im, x.l_im, a.im, b.re, sigma);
	}
}

/* a + S + L without renormalizing: TwoSum of the leading words, the rest
 * into the trailing word (as the lazy step adds a product). */
__device__ __forceinline__ tf_dd fold_part(tf_dd a, double S, double L)
{
	const tf_dd t = tf_two_sum(a.hi, S);
	return tf_dd_make(t.hi, TF_DADD(a.lo, TF_DADD(t.lo, L)));
}

template <int W>
__device__ __forceinline__ void fold(acc &a, const xacc &x)
{
	a.re = fold_part(a.re, x.s_re, x.l_re);
	if (W == 2)
		a.im = fold_part(a.im, x.s_im, x.l_im);
}

/* The sum of the extraction sums of a lane's half warp and (HALVES = 2)
 * the other half's, this half's first for lanes below tj, as a normalized
 * DD (the value that lanes below tj keep). */
template <int W, int HALVES>
__device__ __forceinline__ acc halves_extracted(xacc x, int lane, int tj)
{
	if (HALVES == 2) {
		const int from = (lane + tj) % 32;
		const double s_re = __shfl_sync(0xffffffffu, x.s_re, from), l_re = __shfl_sync(0xffffffffu, x.l_re, from);
		const double s_im = __shfl_sync(0xffffffffu, x.s_im, from), l_im = __shfl_sync(0xffffffffu, x.l_im, from);
		const tf_dd re = tf_two_sum(x.s_re, s_re), im = tf_two_sum(x.s_im, s_im);
		x.s_re = re.hi, x.l_re = TF_DADD(re.lo, TF_DADD(x.l_re, l_re));
		x.s_im = im.hi, x.l_im = TF_DADD(im.lo, TF_DADD(x.l_im, l_im));
	}
	acc s;
	s.re = tf_two_sum(x.s_re, x.l_re);
	s.im = W == 2 ? tf_two_sum(x.s_im, x.l_im) : tf_dd_make(0.0, 0.0);
	return s;
}

/* s + the terms e[jj] x(j0 + jj) of a lane's row of a tile, x(j0 + jj) in
 * lane jj's xv: complex, by an extraction sum whose point comes from the
 * row's products (folded into s, which the caller renormalizes); real, by
 * lazy DD steps.  SYMV's tiles off the diagonal also keep each element's
 * field plus that of x(i) (its mirrored product's) in fields[jj]. */
template <int W, int TJ>
__device__ __forceinline__ void add_row_terms(acc &s, const cv (&e)[TJ], cv xv,
					      unsigned short *fields, int xrow_field)
{
	if (W == 2) {
		const int xv_field = exponent_field<W>(xv);
		int row_fields = 0;
#pragma unroll
		for (int jj = 0; jj < TJ; jj++) {
			const int f = exponent_field<W>(e[jj]);
			row_fields = max(row_fields, f + __shfl_sync(0xffffffffu, xv_field, jj));
			if (fields)
				fields[jj] = (unsigned short)(f + xrow_field);
		}
		const double sigma = extraction_point(row_fields);
		xacc r = { 0.0, 0.0, 0.0, 0.0 };
#pragma unroll
		for (int jj = 0; jj < TJ; jj++) {
			cv xj = { __shfl_sync(0xffffffffu, xv.re, jj), __shfl_sync(0xffffffffu, xv.im, jj) };
			mac_extract<W>(r, e[jj], xj, sigma);
		}
		fold<W>(s, r);
	} else {
#pragma unroll
		for (int jj = 0; jj < TJ; jj++) {
			cv xj = { __shfl_sync(0xffffffffu, xv.re, jj), 0.0 };
			mac_lazy<W>(s, e[jj], xj);
		}
	}
}

/* ---- the matrix of a Level 2 op, read as op(A) */

struct view {
	const double *a;
	int lda, rows;     /* stored rows (GEMV: m; else n) */
	int kind, storage; /* enum tf_op_kind, enum tf_op_storage */
	int kl, ku, k;
	bool upper, unit, herm, transposed, conj;
};

__host__ view view_of(const struct tf_op *op)
{
	view v;
	v.a = op->a;
	v.lda = op->lda;
	v.rows = op->kind == TF_OP_GEMV ? op->m : op->n;
	v.kind = op->kind;
	v.storage = op->storage;
	v.kl = op->kl, v.ku = op->ku, v.k = op->k;
	v.upper = op->uplo == 'U';
	v.unit = op->kind != TF_OP_SYMV && op->diag == 'U';
	v.herm = op->kind == TF_OP_SYMV && op->conj;
	v.transposed = op->kind != TF_OP_SYMV && op->transa != 'N';
	v.conj = op->kind != TF_OP_SYMV && op->transa == 'C';
	return v;
}

/* Whether A(r, c) is stored, and where (in elements). */
__device__ __forceinline__ bool stored(const view &v, int r, int c, size_t &at)
{
	const size_t col = (size_t)c * v.lda;
	if (v.kind == TF_OP_GEMV) {
		if (v.storage != TF_STORAGE_BAND) {
			at = col + r;
			return true;
		}
		at = col + (size_t)(v.ku + r - c);
		return r >= c - v.ku && r <= c + v.kl;
	}
	if (v.upper ? r > c : r < c)
		return false;
	if (v.storage == TF_STORAGE_PACKED) {
		const size_t cc = (size_t)c, n = (size_t)v.rows;
		at = v.upper ? cc * (cc + 1) / 2 + r : cc * n - cc * (cc - 1) / 2 + (size_t)(r - c);
		return true;
	}
	if (v.storage == TF_STORAGE_BAND) {
		at = col + (size_t)(v.upper ? v.k + r - c : r - c);
		return v.upper ? c - r <= v.k : r - c <= v.k;
	}
	at = col + r;
	return true;
}

/* op(A)(i, j): GEMV and TRMV/TRSV A(i, j) or A(j, i) (conjugated for C),
 * zero outside the band or triangle, 1 on a unit diagonal; SYMV A(i, j)
 * from the stored triangle or the mirrored one (conjugated when
 * Hermitian, whose diagonal is real). */
template <int W>
__device__ __forceinline__ cv element(const view &v, int i, int j)
{
	cv e = { 0.0, 0.0 };
	size_t at;
	if (v.kind == TF_OP_SYMV) {
		const bool direct = v.upper ? i <= j : i >= j;
		const int r = direct ? i : j, c = direct ? j : i;
		if (stored(v, r, c, at)) {
			e = load<W>(v.a + at * W);
			if (W == 2 && v.herm)
				e = i == j ? cv{ e.re, 0.0 } : conj_if(e, !direct);
		}
		return e;
	}
	if (v.unit && i == j)
		return cv{ 1.0, 0.0 };
	const int r = v.transposed ? j : i, c = v.transposed ? i : j;
	if (stored(v, r, c, at))
		e = conj_if(load<W>(v.a + at * W), W == 2 && v.conj);
	return e;
}

/* The columns j of op(A) that rows [i0, i1) may meet: [*lo, *hi). */
__device__ __forceinline__ void columns_of(const view &v, int i0, int i1, int cols, int *lo, int *hi)
{
	int a = 0, b = cols;
	if (v.kind == TF_OP_GEMV) {
		if (v.storage == TF_STORAGE_BAND) {
			const int below = v.transposed ? v.ku : v.kl, above = v.transposed ? v.kl : v.ku;
			a = i0 - below;
			b = i1 + above;
		}
	} else {
		const int band = v.storage == TF_STORAGE_BAND ? v.k : cols;
		/* op(A) upper triangular: j >= i */
		const bool upper = v.kind == TF_OP_SYMV ? false : v.upper != v.transposed;
		if (v.kind == TF_OP_SYMV) { /* the stored triangle's columns only */
			a = v.upper ? i0 : i0 - band;
			b = v.upper ? i1 + band : i1;
		} else if (upper) {
			a = i0;
			b = i1 + band;
		} else {
			a = i0 - band;
			b = i1;
		}
	}
	*lo = a > 0 ? a : 0;
	*hi = b < cols ? b : cols;
}

/* Whether a SYMV's tile [i0, i0 + 32) x [j0, j0 + tj) lies strictly inside
 * the stored triangle (no diagonal element): read once, it gives both its
 * rows' terms and, mirrored, its columns'. */
__device__ __forceinline__ bool tile_strict(const view &v, int i0, int j0, int tj)
{
	return v.upper ? i0 + 31 < j0 : j0 + tj - 1 < i0;
}

constexpr int PRODUCT_WARPS = 4;

/* Partial sums of y = op(A) x: warp (block, slice) adds the tiles of its
 * slice for 32 outputs into part[slice][i] (hi and lo, W parts each).
 * Each form (SYMV; GEMV and TRMV transposed; the others) is a kernel of
 * its own, so that one form's registers do not lower another's occupancy.
 * The complex sums are extraction sums (above), where the lazy DD steps
 * left HEMV bound by FP64 arithmetic; the real ones are not, and keep the
 * lazy steps. */
enum { FORM_PLAIN, FORM_TRANSPOSED, FORM_SYMV };

template <int W, int FORM>
__global__ void __launch_bounds__(32 * PRODUCT_WARPS)
	product_kernel(view v, int leny, int lenx, const double *x, int incx, int slices,
		       double *part_hi, double *part_lo, double *mirror_hi, double *mirror_lo)
{
	constexpr int TJ = W == 1 ? 32 : 16;
	__shared__ double tile[PRODUCT_WARPS][W][32][TJ + 1];
	constexpr bool SYMV = FORM == FORM_SYMV;
	constexpr bool EXTRACT = SYMV && W == 2;
	/* the sums of exponent fields of the mirrored products (EXTRACT) */
	__shared__ unsigned short tile_field[PRODUCT_WARPS][EXTRACT ? 32 : 1][TJ + 1];
	const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
	const int gw = blockIdx.x * PRODUCT_WARPS + warp;
	const int iblock = gw / slices, slice = gw % slices;
	const int i0 = iblock * 32, i = i0 + lane;
	if (i0 >= leny)
		return;
	int jlo, jhi;
	columns_of(v, i0, min(i0 + 32, leny), lenx, &jlo, &jhi);
	const int t0 = jlo / TJ, t1 = jhi > jlo ? (jhi + TJ - 1) / TJ : t0;
	const int per = (t1 - t0 + slices - 1) / slices;
	const int ta = t0 + slice * per, tb = min(t1, ta + per);
	const bool symv = SYMV;
	cv xrow = { 0.0, 0.0 }; /* SYMV: x(i), for the mirrored terms */
	if (symv && i < leny)
		xrow = load<W>(element_of<W>(x, lenx, incx, i));
	acc s = zero();
	for (int t = ta; t < tb; t++) {
		const int j0 = t * TJ;
		cv xv = { 0.0, 0.0 };
		if (lane < TJ && j0 + lane < lenx)
			xv = load<W>(element_of<W>(x, lenx, incx, j0 + lane));
		if (symv && tile_strict(v, i0, j0, TJ)) {
			/* A(i, j) as stored, read down its columns: the rows' terms
			 * here, the columns' (A(j, i) = conj?(A(i, j)) times x(i))
			 * from the tile in shared memory, into mirror[row block][j] */
			cv e[TJ];
			if (v.storage == TF_STORAGE_FULL && i0 + 32 <= leny && j0 + TJ <= lenx) {
				/* the common tile: whole, of a full matrix: one
				 * address and a stride */
				const double *p = v.a + ((size_t)j0 * v.lda + i) * W;
				const size_t step = (size_t)v.lda * W;
#pragma unroll
				for (int jj = 0; jj < TJ; jj++)
					e[jj] = load<W>(p + jj * step);
			} else {
#pragma unroll
				for (int jj = 0; jj < TJ; jj++) {
					e[jj] = cv{ 0.0, 0.0 };
					size_t at;
					if (i < leny && j0 + jj < lenx && stored(v, i, j0 + jj, at))
						e[jj] = load<W>(v.a + at * W);
				}
			}
			if (EXTRACT)
				add_row_terms<W, TJ>(s, e, xv, &tile_field[warp][lane % (EXTRACT ? 32 : 1)][0],
						     exponent_field<W>(xrow));
#pragma unroll
			for (int jj = 0; jj < TJ; jj++) {
				if (!EXTRACT) { /* each step beside its element's store */
					cv xj = { __shfl_sync(0xffffffffu, xv.re, jj), W == 2 ? __shfl_sync(0xffffffffu, xv.im, jj) : 0.0 };
					mac_lazy<W>(s, e[jj], xj);
				}
				tile[warp][0][lane][jj] = e[jj].re;
				if (W == 2)
					tile[warp][W - 1][lane][jj] = e[jj].im;
			}
			__syncwarp();
			/* column c of the tile; with TJ = 16 the two half warps take
			 * its rows [0, 16) and [16, 32), whose sums are then added
			 * (rows 0 to 15 first), so that no lane idles */
			constexpr int HALVES = 32 / TJ, ROWS = 32 / HALVES;
			const int c = lane % TJ, first = lane / TJ * ROWS;
			acc m = zero();
			if (EXTRACT) {
				int column_fields = 0;
#pragma unroll 8
				for (int ii = first; ii < first + ROWS; ii++)
					column_fields = max(column_fields, (int)tile_field[warp][ii][c]);
				const double column_sigma = extraction_point(column_fields);
				xacc mx = { 0.0, 0.0, 0.0, 0.0 };
#pragma unroll 8
				for (int ii = first; ii < first + ROWS; ii++) {
					cv xi = { __shfl_sync(0xffffffffu, xrow.re, ii), W == 2 ? __shfl_sync(0xffffffffu, xrow.im, ii) : 0.0 };
					cv a = { tile[warp][0][ii][c], W == 2 ? tile[warp][W - 1][ii][c] : 0.0 };
					mac_extract<W>(mx, conj_if(a, W == 2 && v.herm), xi, column_sigma);
				}
				m = halves_extracted<W, HALVES>(mx, lane, TJ);
			} else {
#pragma unroll 8
				for (int ii = first; ii < first + ROWS; ii++) {
					cv xi = { __shfl_sync(0xffffffffu, xrow.re, ii), W == 2 ? __shfl_sync(0xffffffffu, xrow.im, ii) : 0.0 };
					cv a = { tile[warp][0][ii][c], W == 2 ? tile[warp][W - 1][ii][c] : 0.0 };
					mac_lazy<W>(m, conj_if(a, W == 2 && v.herm), xi); /* 32 lazy steps at most */
				}
				renormalize<W>(m);
				if (HALVES == 2) {
					acc below;
					below.re = shfl_dd(m.re, (lane + TJ) % 32);
					below.im = W == 2 ? shfl_dd(m.im, (lane + TJ) % 32) : m.im;
					m = add<W>(m, below);
				}
			}
			__syncwarp();
			if (lane < TJ && j0 + lane < lenx) {
				const size_t at = ((size_t)iblock * lenx + j0 + lane) * W;
				mirror_hi[at] = m.re.hi;
				mirror_lo[at] = m.re.lo;
				if (W == 2) {
					mirror_hi[at + 1] = m.im.hi;
					mirror_lo[at + 1] = m.im.lo;
				}
			}
		} else if (FORM == FORM_TRANSPOSED) {
			/* lane takes rows ii = first + k STEP of the tile's column jl,
			 * A(j0 + jl, i0 + ii) as stored, all loaded before any is
			 * stored into shared memory */
			constexpr int STEP = 32 / TJ, LOADS = 32 / STEP;
			const int jl = lane % TJ, first = lane / TJ;
			cv t[LOADS];
			if (v.kind == TF_OP_GEMV && v.storage == TF_STORAGE_FULL && i0 + 32 <= leny &&
			    j0 + TJ <= lenx) {
				/* the common tile: whole, of a full matrix: one
				 * address and a stride */
				const double *p = v.a + ((size_t)(i0 + first) * v.lda + j0 + jl) * W;
				const size_t step = (size_t)STEP * v.lda * W;
#pragma unroll
				for (int k = 0; k < LOADS; k++)
					t[k] = conj_if(load<W>(p + k * step), W == 2 && v.conj);
			} else {
#pragma unroll
				for (int k = 0; k < LOADS; k++) {
					const int ii = first + k * STEP;
					t[k] = cv{ 0.0, 0.0 };
					if (i0 + ii < leny && j0 + jl < lenx)
						t[k] = element<W>(v, i0 + ii, j0 + jl);
				}
			}
#pragma unroll
			for (int k = 0; k < LOADS; k++) {
				tile[warp][0][first + k * STEP][jl] = t[k].re;
				if (W == 2)
					tile[warp][W - 1][first + k * STEP][jl] = t[k].im;
			}
			__syncwarp();
			cv e[TJ];
#pragma unroll
			for (int jj = 0; jj < TJ; jj++)
				e[jj] = cv{ tile[warp][0][lane][jj], W == 2 ? tile[warp][W - 1][lane][jj] : 0.0 };
			__syncwarp();
			add_row_terms<W, TJ>(s, e, xv, nullptr, 0);
		} else {
			cv e[TJ];
#pragma unroll
			for (int jj = 0; jj < TJ; jj++) {
				e[jj] = cv{ 0.0, 0.0 };
				if (i < leny && j0 + jj < lenx)
					e[jj] = element<W>(v, i, j0 + jj);
			}
			add_row_terms<W, TJ>(s, e, xv, nullptr, 0);
		}
		renormalize<W>(s);
	}
	if (i < leny) {
		const size_t at = ((size_t)slice * leny + i) * W;
		part_hi[at] = s.re.hi;
		part_lo[at] = s.re.lo;
		if (W == 2) {
			part_hi[at + 1] = s.im.hi;
			part_lo[at + 1] = s.im.lo;
		}
	}
}

/* s + the sums (hi, lo)[b][i] for b in [b0, b1), in that order; their
 * loads issued 8 at a time, ahead of the additions. */
template <int W>
__device__ __forceinline__ acc add_rows(acc s, const double *hi, const double *lo, int leny, int i,
					int b0, int b1)
{
	constexpr int AHEAD = 8;
	for (int b = b0; b < b1; b += AHEAD) {
		acc p[AHEAD];
#pragma unroll
		for (int k = 0; k < AHEAD; k++) {
			p[k] = zero();
			if (b + k < b1) {
				const size_t at = ((size_t)(b + k) * leny + i) * W;
				p[k].re = tf_dd_make(hi[at], lo[at]);
				if (W == 2)
					p[k].im = tf_dd_make(hi[at + 1], lo[at + 1]);
			}
		}
#pragma unroll
		for (int k = 0; k < AHEAD; k++)
			if (b + k < b1)
				s = add<W>(s, p[k]);
	}
	return s;
}

/* ---- the range's second look (twofold/arith_dd.h, arith_zdd.h)
 *
 * A product's sum is formed before alpha: products below about 2^-969
 * lose their low parts, all of them below 2^-1075, although alpha may
 * bring the exact result back among the normal doubles.  The epilogue
 * looks at each sum as cpu/dd_matvec.c's range_check does: one tiny in
 * every part (TF_DD_RANGE_SUSPECT), whose real result is not clear of
 * what underflow can have cost it (tf_dd_range_underflow_harmless), is
 * formed again here from A and x, the real one with the row and x scaled
 * by powers of two (tf_dd_range_dot's steps), the complex one with every
 * term's factors' exponents apart (tf_zdd_range_sum's terms).  Rare, and
 * out of line, so that the epilogue keeps its registers. */

/* The columns of row i of op(A) (SYMV: both triangles, the mirrored one
 * too): [*lo, *hi). */
__device__ __forceinline__ void row_columns(const view &v, int i, int lenx, int *lo, int *hi)
{
	if (v.kind != TF_OP_SYMV) {
		columns_of(v, i, i + 1, lenx, lo, hi);
		return;
	}
	const int band = v.storage == TF_STORAGE_BAND ? v.k : lenx;
	*lo = i - band > 0 ? i - band : 0;
	*hi = i + band + 1 < lenx ? i + band + 1 : lenx;
}

/* The larger of largest and e's parts' magnitudes (tf_dd_range_largest's
 * rule: Inf where one is not finite). */
__device__ __forceinline__ double largest_part(double largest, cv e, int width)
{
	const double parts[2] = { e.re, e.im };
	return fmax(largest, tf_dd_range_largest(width, parts, 1));
}

/* alpha sum_j op(A)(i, j) x(j) formed again; formed false where
 * rescaling does not apply (a zero row or x, data or alpha not finite, a
 * tiny sum of products that are not tiny: a cancellation, which DD formed
 * right).  Returned by value, so that the epilogue keeps its registers. */
struct formed_sum {
	acc sum;
	bool formed;
};

template <int W>
__device__ __noinline__ formed_sum range_again(const view v, int i, int lenx, const double *x,
					       int incx, cv alpha, bool finite_sum)
{
	formed_sum out = { zero(), false };
	int lo, hi;
	row_columns(v, i, lenx, &lo, &hi);
	double largest_a = 0.0, largest_x = 0.0;
	for (int j = lo; j < hi; j++) {
		const cv e = element<W>(v, i, j);
		if (e.re == 0.0 && e.im == 0.0)
			continue; /* no term: its x(j) sets no scale */
		largest_a = largest_part(largest_a, e, W);
		largest_x = largest_part(largest_x, load<W>(element_of<W>(x, lenx, incx, j)), W);
	}
	const int high_a = tf_dd_range_high(largest_a), high_x = tf_dd_range_high(largest_x);
	if (high_a == TF_DD_RANGE_NEVER || high_x == TF_DD_RANGE_NEVER ||
	    !(largest_part(0.0, alpha, W) <= DBL_MAX))
		return out;
	if (finite_sum && !tf_dd_range_may_apply(high_a, high_x))
		return out;
	acc r = zero();
	if (W == 1) {
		tf_dd scaled = tf_dd_make(0.0, 0.0);
		for (int j = lo; j < hi; j++) {
			const double e = element<W>(v, i, j).re;
			if (e != 0.0)
				scaled = tf_dd_fma(scaled, tf_ldexp(e, -high_a),
						   tf_ldexp(load<W>(element_of<W>(x, lenx, incx, j)).re, -high_x));
		}
		r.re = tf_dd_range_alpha(scaled, alpha.re, high_a + high_x);
	} else {
		tf_xdd re = tf_xdd_from_dd(tf_dd_make(0.0, 0.0)), im = re;
		for (int j = lo; j < hi; j++) {
			const cv a = element<W>(v, i, j), b = load<W>(element_of<W>(x, lenx, incx, j));
			if (a.re == 0.0 && a.im == 0.0)
				continue;
			/* alpha (ar br - ai bi + (ar bi + ai br) i) */
			re = tf_xdd_add(re, tf_xdd_product3(alpha.re, a.re, b.re));
			re = tf_xdd_add(re, tf_xdd_product3(-alpha.re, a.im, b.im));
			re = tf_xdd_add(re, tf_xdd_product3(-alpha.im, a.re, b.im));
			re = tf_xdd_add(re, tf_xdd_product3(-alpha.im, a.im, b.re));
			im = tf_xdd_add(im, tf_xdd_product3(alpha.re, a.re, b.im));
			im = tf_xdd_add(im, tf_xdd_product3(alpha.re, a.im, b.re));
			im = tf_xdd_add(im, tf_xdd_product3(alpha.im, a.re, b.re));
			im = tf_xdd_add(im, tf_xdd_product3(-alpha.im, a.im, b.im));
		}
		r.re = tf_xdd_to_dd(re);
		r.im = tf_xdd_to_dd(im);
	}
	out.sum = r;
	out.formed = true;
	return out;
}

/* Whether a sum is tiny in every part (TF_DD_RANGE_SUSPECT, zero
 * included). */
template <int W>
__device__ __forceinline__ bool range_suspect(acc s)
{
	return fabs(s.re.hi) < TF_DD_RANGE_SUSPECT && (W == 1 || fabs(s.im.hi) < TF_DD_RANGE_SUSPECT);
}

/* Whether the rounded value of a sum tiny in every part needs the CPU's
 * rule: not zero, which underflow cannot have made of a normal double (n
 * 2^-1075 at most), and, real, not clear of what underflow can have cost
 * it (tf_dd_range_underflow_harmless, weight |alpha| over the products;
 * complex sums have no such shortcut, as on the CPU). */
template <int W>
__device__ __forceinline__ bool tiny_value_suspect(cv value, double weight)
{
	return (value.re != 0.0 || value.im != 0.0) &&
	       (W == 2 || !tf_dd_range_underflow_harmless(value.re, weight));
}

/* Warps that add up one block of 32 elements' partial sums in the
 * epilogue, each a consecutive share of every element's list: SYMV has up
 * to n/32 partial sums an element (its mirrored terms, one per row block),
 * which one thread would add in a chain as long. */
constexpr int FINISH_PARTS = 8;

/* y(i) from the slices' sums (SYMV: then the mirrored terms of the row
 * blocks, in order): FINISH_PARTS warps of a block take 32 elements, warp
 * p adds the p-th share of each element's list (coalesced: its lanes read
 * 32 consecutive elements), warp 0 adds the shares in order; then alpha and
 * beta in DD (TRMV: neither), one rounding, as cpu/dd_matvec.c finishes; y
 * as it was kept in saved. */
template <int W>
__global__ void __launch_bounds__(32 * FINISH_PARTS)
	finish_kernel(int kind, int leny, int slices, bool sums, const double *part_hi,
		      const double *part_lo, const double *mirror_hi, const double *mirror_lo,
		      bool upper, cv alpha, cv beta, double *y, int incy, double *saved,
		      unsigned *counter, const view v, int lenx, const double *x, int incx)
{
	__shared__ acc shares[FINISH_PARTS][32];
	const int lane = threadIdx.x % 32, part = threadIdx.x / 32;
	const int i = blockIdx.x * 32 + lane;
	acc s = zero();
	if (sums && i < leny) {
		int b0 = 0, b1 = 0; /* SYMV: the mirrored terms' row blocks */
		if (mirror_hi) {
			const int blocks = (leny + 31) / 32, own = i / 32;
			b0 = upper ? 0 : own + 1;
			b1 = upper ? own : blocks;
		}
		const int terms = slices + (b1 - b0), share = (terms + FINISH_PARTS - 1) / FINISH_PARTS;
		const int first = min(terms, part * share), last = min(terms, first + share);
		s = add_rows<W>(s, part_hi, part_lo, leny, i, min(first, slices), min(last, slices));
		if (mirror_hi)
			s = add_rows<W>(s, mirror_hi, mirror_lo, leny, i, b0 + max(first - slices, 0),
					b0 + max(last - slices, 0));
	}
	shares[part][lane] = s;
	__syncthreads();
	if (part != 0 || i >= leny)
		return;
	for (int p = 1; p < FINISH_PARTS; p++)
		s = add<W>(s, shares[p][lane]);
	const bool trmv = kind == TF_OP_TRMV;
	const bool scaled = sums && !trmv && !(alpha.re == 1.0 && alpha.im == 0.0);
	const bool add_y = !trmv && !(beta.re == 0.0 && beta.im == 0.0);
	double *yp = element_of<W>(y, leny, incy, i);
	const cv old = load<W>(yp);
	store<W>(saved + (size_t)i * W, old);
	const acc sum = s;
	if (scaled)
		s = scale<W>(alpha, s);
	cv value;
	if (add_y && !sums && W == 1) {
		value = cv{ TF_DMUL(beta.re, old.re), 0.0 }; /* one rounding; keeps a zero's sign */
	} else {
		if (add_y && !sums) {
			acc e = zero();
			e.re = tf_dd_make(old.re, 0.0);
			e.im = tf_dd_make(old.im, 0.0);
			s = scale<W>(beta, e);
		} else if (add_y) {
			s = add_scaled<W>(s, beta, old);
		}
		value = round<W>(s);
	}
	bool to_cpu = !finite<W>(value);
	if (sums && !to_cpu && range_suspect<W>(sum)) {
		/* tf_dd_range_underflow_harmless's weight: |alpha| over a row's
		 * products (complex: no such shortcut, as on the CPU) */
		const double weight = trmv ? (double)lenx : fabs(alpha.re) * lenx;
		if (trmv) {
			/* x is y, which the other threads write: the op goes to
			 * the CPU's rule */
			to_cpu = tiny_value_suspect<W>(value, weight);
		} else if (W == 2 || !tf_dd_range_underflow_harmless(value.re, weight)) {
			const formed_sum f = range_again<W>(v, i, lenx, x, incx, alpha, true);
			if (f.formed) {
				value = round<W>(add_y ? add_scaled<W>(f.sum, beta, old) : f.sum);
				to_cpu = !finite<W>(value);
			}
		}
	}
	if (to_cpu)
		*counter = 1u; /* a flag (in mapped host memory): a plain store */
	store<W>(yp, value);
}

template <int W>
__global__ void restore_kernel(int leny, double *y, int incy, const double *saved)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < leny)
		store<W>(element_of<W>(y, leny, incy, i), load<W>(saved + (size_t)i * W));
}

/* ---- TRSV: y = op(A)^-1 y */

/* acc - a x for a complex or real double a and a DD x. */
template <int W>
__device__ __forceinline__ acc sub_product(acc s, cv a, acc x)
{
	s.re = tf_dd_fma_dd(s.re, -a.re, x.re);
	if (W == 2) {
		s.re = tf_dd_fma_dd(s.re, a.im, x.im);
		s.im = tf_dd_fma_dd(s.im, -a.re, x.im);
		s.im = tf_dd_fma_dd(s.im, -a.im, x.re);
	}
	return s;
}

template <int W>
__device__ __forceinline__ acc divide(acc s, cv d)
{
	if (W == 1) {
		s.re = tf_dd_div_d(s.re, d.re);
		return s;
	}
	return from_zdd(tf_zdd_div_z(as_zdd(s), d.re, d.im));
}

__device__ __forceinline__ int solve_order(bool forward, int n, int p)
{
	return forward ? p : n - 1 - p;
}

/* A tile of a solve's matrix for one warp: tile[W][i][t] = op(A)(row at
 * position p0 + i, column at position q0 + t) for i < rows, t < cols, zero
 * beyond.  In full storage a lane's 32 loads are all issued before any is
 * used (a solve that waited on each in turn spent its time in memory
 * latency), along A's columns either way: lane i down the columns for
 * trans N, lane t down column (row i) for trans T and C.  The tile holds
 * what A stores: the solves read only the triangle's part of it.  Band and
 * packed storage go through the accessor, one element after another. */
typedef double solve_tile[32][33];

template <int W>
__device__ __forceinline__ void load_tile(const view &v, int n, bool forward, int p0, int rows,
					  int q0, int cols, solve_tile *tile)
{
	const int lane = threadIdx.x % 32;
	if (v.storage != TF_STORAGE_FULL) {
		for (int i = 0; i < 32; i++) {
			const cv e = i < rows && lane < cols
					     ? element<W>(v, solve_order(forward, n, p0 + i),
							  solve_order(forward, n, q0 + lane))
					     : cv{ 0.0, 0.0 };
			tile[0][i][lane] = e.re;
			if (W == 2)
				tile[W - 1][i][lane] = e.im;
		}
		__syncwarp();
		return;
	}
	/* A(row, col) at a + (row + col lda) W; positions step by one index */
	const long long step = (forward ? 1LL : -1LL) * v.lda * W;
	const bool conj = W == 2 && v.conj;
	cv e[32];
	if (!v.transposed) { /* lane i: A(r_i, c_t), c_t stepping along the row */
		const bool has = lane < rows;
		const double *p = v.a + ((long long)solve_order(forward, n, p0 + (has ? lane : 0)) +
					 (long long)solve_order(forward, n, q0) * v.lda) * W;
#pragma unroll
		for (int t = 0; t < 32; t++)
			e[t] = has && t < cols ? load<W>(p + t * step) : cv{ 0.0, 0.0 };
#pragma unroll
		for (int t = 0; t < 32; t++) {
			tile[0][lane][t] = e[t].re;
			if (W == 2)
				tile[W - 1][lane][t] = e[t].im;
		}
	} else { /* lane t: A(c_t, r_i), r_i stepping along the row */
		const bool has = lane < cols;
		const double *p = v.a + ((long long)solve_order(forward, n, q0 + (has ? lane : 0)) +
					 (long long)solve_order(forward, n, p0) * v.lda) * W;
#pragma unroll
		for (int i = 0; i < 32; i++)
			e[i] = has && i < rows ? conj_if(load<W>(p + i * step), conj) : cv{ 0.0, 0.0 };
#pragma unroll
		for (int i = 0; i < 32; i++) {
			tile[0][i][lane] = e[i].re;
			if (W == 2)
				tile[W - 1][i][lane] = e[i].im;
		}
	}
	__syncwarp();
}

template <int W>
__device__ __forceinline__ cv tile_element(const solve_tile *tile, int i, int t)
{
	return cv{ tile[0][i][t], W == 2 ? tile[W - 1][i][t] : 0.0 };
}

/* Whether the numerator s of an unknown over the diagonal d may have lost
 * accuracy to double's range, as cpu/dd_trsv.c judges it
 * (tf_dd_range_numerator_suspect; a zero one only over a tiny diagonal). */
template <int W>
__device__ __forceinline__ bool numerator_suspect(acc s, cv d, bool unit)
{
	if (s.re.hi != s.re.hi || (W == 2 && s.im.hi != s.im.hi))
		return true;
	const double large = W == 2 ? fmax(fabs(s.re.hi), fabs(s.im.hi)) : fabs(s.re.hi);
	if (large != 0.0 || unit)
		return tf_dd_range_numerator_suspect(large);
	const double dl = W == 2 ? fmax(fabs(d.re), fabs(d.im)) : fabs(d.re);
	return tf_dd_range_zero_suspect(dl);
}

/* The diagonal block at positions [p0, p0 + count) solved by one warp from
 * its tile (load_tile), lane t holding the DD right-hand side s of the row
 * at position p0 + t: unknown t divided by its diagonal, then taken from
 * the later lanes' rows, in order.  Returns the lane's unknown; suspect is
 * set where its numerator may have lost accuracy to the range. */
template <int W>
__device__ __forceinline__ acc solve_diagonal(const view &v, int count, const solve_tile *tile, acc s,
					      bool &suspect)
{
	const int lane = threadIdx.x % 32;
	const bool has = lane < count;
	acc numerator = s;
	for (int t = 0; t < count; t++) {
		if (lane == t) {
			numerator = s;
			if (!v.unit)
				s = divide<W>(s, tile_element<W>(tile, t, t));
		}
		acc x;
		x.re = shfl_dd(s.re, t);
		x.im = W == 2 ? shfl_dd(s.im, t) : tf_dd_make(0.0, 0.0);
		if (has && lane > t)
			s = sub_product<W>(s, tile_element<W>(tile, lane, t), x);
	}
	/* judged off the chain of divisions */
	if (has)
		suspect = numerator_suspect<W>(numerator, tile_element<W>(tile, lane, lane), v.unit);
	return s;
}

/* The solve: one warp per diagonal block of 32 rows, the blocks chained
 * through flags in memory instead of a launch each.  Block b takes its
 * place in the chain from a ticket (so that every block it waits for has
 * started: no deadlock however many blocks are resident), subtracts the
 * unknowns of blocks 0 .. b-1 from its rows in that order as each block
 * publishes them, solves its diagonal block and publishes its own.  Each
 * 32 x 32 tile goes through shared memory (load_tile), read down A's
 * columns whatever the trans. */
template <int W>
__device__ __forceinline__ acc load_acc(const double *hi, const double *lo, int r)
{
	acc s;
	s.re = tf_dd_make(hi[(size_t)r * W], lo[(size_t)r * W]);
	s.im = W == 2 ? tf_dd_make(hi[(size_t)r * W + 1], lo[(size_t)r * W + 1]) : tf_dd_make(0.0, 0.0);
	return s;
}

/* load_acc from L2: another block's unknowns, which this multiprocessor's
 * L1 may hold stale */
template <int W>
__device__ __forceinline__ acc load_acc_shared(const double *hi, const double *lo, int r)
{
	acc s;
	s.re = tf_dd_make(__ldcg(hi + (size_t)r * W), __ldcg(lo + (size_t)r * W));
	s.im = W == 2 ? tf_dd_make(__ldcg(hi + (size_t)r * W + 1), __ldcg(lo + (size_t)r * W + 1))
		      : tf_dd_make(0.0, 0.0);
	return s;
}

template <int W>
__device__ __forceinline__ void store_acc(double *hi, double *lo, int r, acc s)
{
	hi[(size_t)r * W] = s.re.hi, lo[(size_t)r * W] = s.re.lo;
	if (W == 2)
		hi[(size_t)r * W + 1] = s.im.hi, lo[(size_t)r * W + 1] = s.im.lo;
}

template <int W>
__global__ void solve_load_kernel(int n, const double *y, int incy, double *hi, double *lo, double *saved)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	cv e = load<W>(element_of<W>(y, n, incy, i));
	store<W>(saved + (size_t)i * W, e);
	acc s = zero();
	s.re = tf_dd_make(e.re, 0.0);
	s.im = tf_dd_make(e.im, 0.0);
	store_acc<W>(hi, lo, i, s);
}

/* flags[0]: the tickets; flags[1 + b]: block b published (all zero at the
 * launch).  One warp a block. */
template <int W>
__global__ void __launch_bounds__(32)
	solve_chain_kernel(view v, int n, bool forward, double *hi, double *lo, int *flags,
			   unsigned *counter)
{
	__shared__ solve_tile tile[W];
	__shared__ int ticket;
	const int lane = threadIdx.x;
	if (lane == 0)
		ticket = atomicAdd(flags, 1);
	__syncwarp();
	const int b = ticket, p0 = 32 * b, count = min(32, n - p0);
	const bool has = lane < count;
	const int r = has ? solve_order(forward, n, p0 + lane) : 0;
	acc s = has ? load_acc<W>(hi, lo, r) : zero();
	/* a band reaches back v.k positions: the blocks before it hold zeros */
	const int first = v.storage == TF_STORAGE_BAND && p0 > v.k ? (p0 - v.k) / 32 : 0;
	for (int j = first; j < b; j++) {
		/* block j's tile (A does not change) while block j may still be solved */
		load_tile<W>(v, n, forward, p0, count, 32 * j, 32, tile);
		if (lane == 0)
			while (*(volatile int *)(flags + 1 + j) == 0)
				;
		__syncwarp();
		__threadfence();
		/* block j is whole (it precedes b): unknown t at position 32 j + t */
		const acc x = load_acc_shared<W>(hi, lo, solve_order(forward, n, 32 * j + lane));
		for (int t = 0; t < 32; t++) {
			acc xt;
			xt.re = shfl_dd(x.re, t);
			xt.im = W == 2 ? shfl_dd(x.im, t) : tf_dd_make(0.0, 0.0);
			if (has)
				s = sub_product<W>(s, tile_element<W>(tile, lane, t), xt);
		}
		__syncwarp();
	}
	load_tile<W>(v, n, forward, p0, count, p0, count, tile);
	bool suspect = false;
	s = solve_diagonal<W>(v, count, tile, s, suspect);
	/* a numerator that may have lost accuracy to the range: the op goes
	 * to the CPU's rule, which solves it again with the exponents apart */
	if (has && suspect)
		*counter = 1u; /* a flag (in mapped host memory): a plain store */
	if (has)
		store_acc<W>(hi, lo, r, s);
	__threadfence();
	__syncwarp();
	if (lane == 0)
		atomicExch(flags + 1 + b, 1);
}

template <int W>
__global__ void solve_store_kernel(int n, double *y, int incy, const double *hi, const double *lo,
				   unsigned *counter)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	cv value = round<W>(load_acc<W>(hi, lo, i));
	if (!finite<W>(value))
		*counter = 1u; /* a flag (in mapped host memory): a plain store */
	store<W>(element_of<W>(y, n, incy, i), value);
}

/* ---- reductions: DOT, NRM2, ASUM */

constexpr int REDUCE_THREADS = 256, REDUCE_BLOCKS = 264;

__host__ int reduce_blocks(int n)
{
	const int needed = (n + REDUCE_THREADS - 1) / REDUCE_THREADS;
	return needed < 1 ? 1 : needed < REDUCE_BLOCKS ? needed : REDUCE_BLOCKS;
}

/* The block's sums in a fixed tree; thread 0 gets the total. */
template <int W>
__device__ __forceinline__ acc block_sum(acc s)
{
	__shared__ double sh[REDUCE_THREADS][2 * W];
	const int tid = threadIdx.x;
	for (int step = REDUCE_THREADS / 2; step >= 1; step /= 2) {
		if (tid >= step && tid < 2 * step) {
			sh[tid - step][0] = s.re.hi, sh[tid - step][1] = s.re.lo;
			if (W == 2)
				sh[tid - step][2] = s.im.hi, sh[tid - step][W + 1] = s.im.lo;
		}
		__syncthreads();
		if (tid < step) {
			acc o;
			o.re = tf_dd_make(sh[tid][0], sh[tid][1]);
			o.im = W == 2 ? tf_dd_make(sh[tid][2], sh[tid][W + 1]) : tf_dd_make(0.0, 0.0);
			s = add<W>(s, o);
		}
		__syncthreads();
	}
	return s;
}

/* The largest |part| of x, per block (NRM2's scale). */
template <int W>
__global__ void __launch_bounds__(REDUCE_THREADS)
	max_kernel(int n, const double *x, int incx, double *part)
{
	__shared__ double sh[REDUCE_THREADS];
	double m = 0.0;
	for (int i = blockIdx.x * REDUCE_THREADS + threadIdx.x; i < n; i += gridDim.x * REDUCE_THREADS) {
		cv e = load<W>(element_of<W>(x, n, incx, i));
		m = fmax(m, fmax(fabs(e.re), fabs(e.im)));
		if (isnan(e.re) || isnan(e.im))
			m = INFINITY;
	}
	sh[threadIdx.x] = m;
	__syncthreads();
	for (int step = REDUCE_THREADS / 2; step >= 1; step /= 2) {
		if (threadIdx.x < step)
			sh[threadIdx.x] = fmax(sh[threadIdx.x], sh[threadIdx.x + step]);
		__syncthreads();
	}
	if (threadIdx.x == 0)
		part[blockIdx.x] = sh[0];
}

/* scale[0] = 2^-e, scale[1] = 2^e: e brings the largest |part| into
 * [1/2, 1) where it lies outside [2^-400, 2^400], else 0. */
__global__ void scale_kernel(int blocks, const double *part, double *scale)
{
	double m = 0.0;
	for (int b = 0; b < blocks; b++)
		m = fmax(m, part[b]);
	int e = 0;
	if (m > 0.0 && isfinite(m) && (m < 0x1p-400 || m > 0x1p400))
		(void)frexp(m, &e);
	scale[0] = ldexp(1.0, -e);
	scale[1] = ldexp(1.0, e);
}

template <int W>
__global__ void __launch_bounds__(REDUCE_THREADS)
	reduce_kernel(int kind, int n, const double *x, int incx, const double *y, int incy, bool conj,
		      const double *scale, double *part)
{
	acc s = zero();
	const double f = kind == TF_OP_NRM2 ? scale[0] : 1.0;
	for (int i = blockIdx.x * REDUCE_THREADS + threadIdx.x; i < n; i += gridDim.x * REDUCE_THREADS) {
		cv e = load<W>(element_of<W>(x, n, incx, i));
		if (kind == TF_OP_DOT) {
			cv b = load<W>(element_of<W>(y, n, incy, i));
			s.re = tf_dd_fma(s.re, e.re, b.re);
			if (W == 2) {
				const double ei = conj ? -e.im : e.im;
				s.re = tf_dd_fma(s.re, -ei, b.im);
				s.im = tf_dd_fma(s.im, e.re, b.im);
				s.im = tf_dd_fma(s.im, ei, b.re);
			}
		} else if (kind == TF_OP_NRM2) {
			const double re = TF_DMUL(e.re, f), im = TF_DMUL(e.im, f);
			s.re = tf_dd_fma(s.re, re, re);
			if (W == 2)
				s.re = tf_dd_fma(s.re, im, im);
		} else {
			s.re = tf_dd_add_d(s.re, fabs(e.re));
			if (W == 2)
				s.re = tf_dd_add_d(s.re, fabs(e.im));
		}
	}
	s = block_sum<W>(s);
	if (threadIdx.x == 0) {
		part[(size_t)blockIdx.x * 2 * W] = s.re.hi, part[(size_t)blockIdx.x * 2 * W + 1] = s.re.lo;
		if (W == 2)
			part[(size_t)blockIdx.x * 4 + 2] = s.im.hi, part[(size_t)blockIdx.x * 4 + 3] = s.im.lo;
	}
}

/* The blocks' sums in order, then the result rounded once. */
template <int W>
__global__ void reduce_finish_kernel(int kind, int n, int blocks, const double *part,
				     const double *scale, double *result, unsigned *counter)
{
	acc s = zero();
	for (int b = 0; b < blocks; b++) {
		acc p;
		p.re = tf_dd_make(part[(size_t)b * 2 * W], part[(size_t)b * 2 * W + 1]);
		p.im = W == 2 ? tf_dd_make(part[(size_t)b * 4 + 2], part[(size_t)b * 4 + 3]) : tf_dd_make(0.0, 0.0);
		s = add<W>(s, p);
	}
	bool ok;
	if (kind == TF_OP_DOT) {
		cv v = round<W>(s);
		result[0] = v.re;
		if (W == 2)
			result[1] = v.im;
		ok = finite<W>(v);
		/* a sum tiny in every part from products that lost their low
		 * parts (the range, cpu/dd_dot.c): the CPU's rule, which forms it
		 * again scaled */
		if (ok && range_suspect<W>(s) && tiny_value_suspect<W>(v, (double)n))
			ok = false;
	} else if (kind == TF_OP_NRM2) {
		double r = s.re.hi > 0.0 ? tf_dd_to_double(tf_dd_sqrt(s.re)) : 0.0;
		if (!(s.re.hi >= 0.0))
			r = s.re.hi; /* NaN stays NaN */
		result[0] = TF_DMUL(r, scale[1]);
		ok = isfinite(result[0]) && isfinite(s.re.hi);
	} else {
		result[0] = tf_dd_to_double(s.re);
		ok = isfinite(result[0]);
	}
	*counter = ok ? 0u : 1u; /* written in every case: no zeroing needed */
}

/* ---- elementwise: ROT, ROTM, AXPY, SCAL */

/* The reference's complex product (a re, a im) (b re, b im), no
 * special cases. */
__device__ __forceinline__ cv zmul(cv a, cv b)
{
	return cv{ TF_DSUB(TF_DMUL(a.re, b.re), TF_DMUL(a.im, b.im)),
		   TF_DADD(TF_DMUL(a.re, b.im), TF_DMUL(a.im, b.re)) };
}

__device__ __forceinline__ cv zadd(cv a, cv b)
{
	return cv{ TF_DADD(a.re, b.re), TF_DADD(a.im, b.im) };
}

/* h = (h11, h12, h21, h22); flag: ROTM's param(1), or 2 for ROT. */
template <int W>
__global__ void rotation_kernel(int n, double *x, int incx, double *y, int incy, double h11,
				double h12, double h21, double h22, double flag)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	double *xp = element_of<W>(x, n, incx, i), *yp = element_of<W>(y, n, incy, i);
	const cv xv = load<W>(xp), yv = load<W>(yp);
	double a[2], b[2];
	bool ok = true;
	for (int p = 0; p < W; p++) {
		const double w = p ? xv.im : xv.re, z = p ? yv.im : yv.re;
		a[p] = tf_prod_sum_rounded(h11, w, h12, z);
		b[p] = tf_prod_sum_rounded(h21, w, h22, z);
		ok = ok && isfinite(a[p]) && isfinite(b[p]);
	}
	if (!ok) {
		/* products that overflow and cancel: each output formed again
		 * with every factor's exponent apart, as cpu/dd_rot.c does, and
		 * kept where that is finite */
		const double h1[2] = { h11, h12 }, h2[2] = { h21, h22 };
		for (int p = 0; p < W; p++) {
			const double v[2] = { p ? xv.im : xv.re, p ? yv.im : yv.re };
			tf_dd r;
			if (!isfinite(a[p]) && tf_dd_range_sum(2, h1, 1, v, 1, 1.0, tf_dd_make(0.0, 0.0), &r))
				a[p] = tf_dd_to_double(r);
			if (!isfinite(b[p]) && tf_dd_range_sum(2, h2, 1, v, 1, 1.0, tf_dd_make(0.0, 0.0), &r))
				b[p] = tf_dd_to_double(r);
		}
	}
	/* an output element (x's or y's) still not finite is the reference's,
	 * the other kept, as cpu/dd_output.h commits them */
	const bool a_finite = isfinite(a[0]) && isfinite(a[W - 1]);
	const bool b_finite = isfinite(b[0]) && isfinite(b[W - 1]);
	if (!a_finite || !b_finite)
		for (int p = 0; p < W; p++) {
			const double w = p ? xv.im : xv.re, z = p ? yv.im : yv.re;
			double ra, rb;
			if (flag == 2.0 && W == 2) {
				/* zdrot: c x + s y, c y - s x, c and s taken as complex
				 * numbers (c, 0), (s, 0) in the products, as the
				 * reference's compiled code multiplies them */
				const cv c = { h11, 0.0 }, sn = { h12, 0.0 };
				const cv cx = zmul(c, xv), sy = zmul(sn, yv), cy = zmul(c, yv), sx = zmul(sn, xv);
				ra = p ? TF_DADD(cx.im, sy.im) : TF_DADD(cx.re, sy.re);
				rb = p ? TF_DSUB(cy.im, sx.im) : TF_DSUB(cy.re, sx.re);
			} else if (flag == 2.0) { /* drot: c x + s y, c y - s x */
				ra = TF_DADD(TF_DMUL(h11, w), TF_DMUL(h12, z));
				rb = TF_DSUB(TF_DMUL(h22, z), TF_DMUL(h12, w));
			} else if (flag < 0.0) {
				ra = TF_DADD(TF_DMUL(w, h11), TF_DMUL(z, h12));
				rb = TF_DADD(TF_DMUL(w, h21), TF_DMUL(z, h22));
			} else if (flag == 0.0) {
				ra = TF_DADD(w, TF_DMUL(z, h12));
				rb = TF_DADD(TF_DMUL(w, h21), z);
			} else {
				ra = TF_DADD(TF_DMUL(w, h11), z);
				rb = TF_DADD(-w, TF_DMUL(h22, z));
			}
			if (!a_finite)
				a[p] = ra;
			if (!b_finite)
				b[p] = rb;
		}
	store<W>(xp, cv{ a[0], a[W - 1] });
	store<W>(yp, cv{ b[0], b[W - 1] });
}

/* alpha x + add, for an element whose products overflow (and cancel),
 * formed again with every factor's exponent apart (tf_zdd_range_sum), as
 * cpu/dd_axpy.c and dd_scal.c do; not finite where that does not apply.
 * Out of line and by value, so that the kernel keeps its registers. */
__device__ __noinline__ cv range_element(cv alpha, cv x, cv add)
{
	const double xs[2] = { x.re, x.im }, unit[2] = { 1.0, 0.0 };
	tf_zdd z;
	cv v = { NAN, NAN };
	if (tf_zdd_range_sum(1, xs, unit, alpha.re, alpha.im, tf_zdd_from_z(add.re, add.im), &z))
		tf_zdd_to_z(z, &v.re, &v.im);
	return v;
}

/* Complex: AXPY y = alpha x + y, SCAL y = alpha y. */
__global__ void zaxpy_scal_kernel(int kind, int n, cv alpha, const double *x, int incx, double *y,
				  int incy)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	double *yp = element_of<2>(y, n, incy, i);
	const cv yv = load<2>(yp);
	cv r;
	if (kind == TF_OP_AXPY) {
		const cv xv = load<2>(element_of<2>(x, n, incx, i));
		r.re = tf_prod_sum_add_rounded(alpha.re, xv.re, -alpha.im, xv.im, yv.re);
		r.im = tf_prod_sum_add_rounded(alpha.re, xv.im, alpha.im, xv.re, yv.im);
		if (!finite<2>(r))
			r = range_element(alpha, xv, yv);
		if (!finite<2>(r))
			r = zadd(yv, zmul(alpha, xv));
	} else {
		r.re = tf_prod_sum_rounded(alpha.re, yv.re, -alpha.im, yv.im);
		r.im = tf_prod_sum_rounded(alpha.re, yv.im, alpha.im, yv.re);
		if (!finite<2>(r))
			r = range_element(alpha, yv, cv{ 0.0, 0.0 });
		if (!finite<2>(r))
			r = zmul(alpha, yv);
	}
	store<2>(yp, r);
}

/* ---- rank updates: GER, SYR, SYR2 */

struct rank_args {
	int kind, storage, rows, n, ldc;
	bool upper, conj, herm;
	cv alpha;
	const double *x, *y;
	int incx, incy;
	double *c;
};

/* a b (b conjugated when conj) in DD from exact products. */
template <int W>
__device__ __forceinline__ acc exact_product(cv a, cv b, bool conj)
{
	acc s = zero();
	if (W == 1) {
		s.re = tf_two_prod(a.re, b.re);
		return s;
	}
	return from_zdd(tf_zdd_fma(tf_zdd_from_z(0.0, 0.0), a.re, a.im, b.re, conj ? -b.im : b.im));
}

/* s + u t for an element u and a DD scalar t, by lazy steps (at most four
 * before the one rounding, which adds the words, so no renormalizing). */
template <int W>
__device__ __forceinline__ acc add_times(acc s, cv u, acc t)
{
	s.re = tf_dd_fma_dd_lazy(s.re, u.re, t.re);
	if (W == 2) {
		s.re = tf_dd_fma_dd_lazy(s.re, -u.im, t.im);
		s.im = tf_dd_fma_dd_lazy(s.im, u.re, t.im);
		s.im = tf_dd_fma_dd_lazy(s.im, u.im, t.re);
	}
	return s;
}

/* The reference's product in double: real or complex. */
template <int W>
__device__ __forceinline__ cv ref_mul(cv a, cv b)
{
	return W == 1 ? cv{ TF_DMUL(a.re, b.re), 0.0 } : zmul(a, b);
}

template <int W>
__device__ __forceinline__ cv ref_add(cv a, cv b)
{
	return W == 1 ? cv{ TF_DADD(a.re, b.re), 0.0 } : zadd(a, b);
}

/* Element (i, j) of the output, or NULL outside the op's part of it. */
template <int W>
__device__ __forceinline__ double *rank_at(const rank_args &r, int i, int j)
{
	if (i >= r.rows || j >= r.n || (r.kind != TF_OP_GER && (r.upper ? i > j : i < j)))
		return NULL;
	size_t at;
	if (r.storage == TF_STORAGE_PACKED) {
		const size_t jj = (size_t)j, n = (size_t)r.n;
		at = r.upper ? jj * (jj + 1) / 2 + i : jj * n - jj * (jj - 1) / 2 + (size_t)(i - j);
	} else {
		at = (size_t)j * r.ldc + i;
	}
	return r.c + at * W;
}

/* The vectors' elements that element (i, j) takes: x_i, y_i (SYR2) and the
 * column's x_j (SYR, SYR2), y_j (GER, SYR2). */
struct rank_vectors {
	cv xi, yi, xj, yj;
};

template <int W>
__device__ __forceinline__ void rank_load_row(const rank_args &r, int i, rank_vectors &v)
{
	const int lenx = r.kind == TF_OP_GER ? r.rows : r.n;
	v.xi = load<W>(element_of<W>(r.x, lenx, r.incx, i));
	v.yi = r.kind == TF_OP_SYR2 ? load<W>(element_of<W>(r.y, r.n, r.incy, i)) : cv{ 0.0, 0.0 };
}

template <int W>
__device__ __forceinline__ void rank_load_column(const rank_args &r, int j, rank_vectors &v)
{
	const bool ger = r.kind == TF_OP_GER;
	v.xj = ger ? cv{ 0.0, 0.0 } : load<W>(element_of<W>(r.x, r.n, r.incx, j));
	v.yj = ger || r.kind == TF_OP_SYR2 ? load<W>(element_of<W>(r.y, r.n, r.incy, j)) : cv{ 0.0, 0.0 };
}

/* The column's pairs (u, t): t1 = a1 v1 multiplies x_i, t2 = a2 v2 y_i
 * (SYR2), in DD from exact products; a and v as cpu/dd_rank.c's terms.
 * suspect: a t left double's range (tf_zdd_range_pair_suspect), so that
 * the column's elements are formed again with the exponents apart. */
struct rank_pairs {
	cv a1, v1, a2, v2;
	acc t1, t2;
	bool suspect;
};

template <int W>
__device__ __forceinline__ rank_pairs rank_pairs_of(const rank_args &r, const rank_vectors &v)
{
	rank_pairs p;
	p.a2 = p.v2 = cv{ 0.0, 0.0 };
	p.t2 = zero();
	if (r.kind == TF_OP_GER) {
		p.a1 = r.alpha, p.v1 = conj_if(v.yj, r.conj);
	} else if (r.kind == TF_OP_SYR) {
		p.a1 = cv{ r.alpha.re, 0.0 }, p.v1 = conj_if(v.xj, r.herm);
	} else {
		p.a1 = r.alpha, p.v1 = conj_if(v.yj, r.herm);
		p.a2 = cv{ r.alpha.re, r.herm ? -r.alpha.im : r.alpha.im }, p.v2 = conj_if(v.xj, r.herm);
	}
	p.t1 = exact_product<W>(p.a1, p.v1, false);
	p.suspect = tf_zdd_range_pair_suspect(p.a1.re, p.a1.im, p.v1.re, p.v1.im, as_zdd(p.t1));
	if (r.kind == TF_OP_SYR2) {
		p.t2 = exact_product<W>(p.a2, p.v2, false);
		p.suspect = p.suspect ||
			    tf_zdd_range_pair_suspect(p.a2.re, p.a2.im, p.v2.re, p.v2.im, as_zdd(p.t2));
	}
	return p;
}

/* Whether the reference leaves column j alone (its x_j, y_j zero). */
template <int W>
__device__ __forceinline__ bool rank_skips(const rank_args &r, const rank_vectors &v)
{
	const bool xz = v.xj.re == 0.0 && v.xj.im == 0.0, yz = v.yj.re == 0.0 && v.yj.im == 0.0;
	return r.kind == TF_OP_GER ? yz : r.kind == TF_OP_SYR ? xz : xz && yz;
}

/* Element (i, j) from its value cv0, in DD, rounded once. */
template <int W>
__device__ __forceinline__ cv rank_value(const rank_args &r, int i, int j, cv cv0,
					 const rank_vectors &v, const rank_pairs &p)
{
	acc s = zero();
	s.re = tf_dd_make(cv0.re, 0.0);
	s.im = tf_dd_make(cv0.im, 0.0);
	s = add_times<W>(s, v.xi, p.t1);
	if (r.kind == TF_OP_SYR2)
		s = add_times<W>(s, v.yi, p.t2);
	cv value = round<W>(s);
	if (r.herm && i == j)
		value.im = 0.0;
	return value;
}

/* The reference's value of element (i, j), in plain double. */
template <int W>
__device__ __forceinline__ cv rank_reference(const rank_args &r, int i, int j, cv cv0,
					     const rank_vectors &v)
{
	const bool ger = r.kind == TF_OP_GER;
	const cv xi = v.xi, yi = v.yi, xj = v.xj, yj = v.yj;
	cv temp1, temp2 = { 0.0, 0.0 };
	if (ger) {
		temp1 = ref_mul<W>(r.alpha, conj_if(yj, r.conj));
	} else if (r.kind == TF_OP_SYR) {
		/* zher: alpha conj(x_j) with alpha taken as (alpha, 0) */
		temp1 = ref_mul<W>(cv{ r.alpha.re, 0.0 }, conj_if(xj, r.herm));
	} else {
		temp1 = ref_mul<W>(r.alpha, conj_if(yj, r.herm));
		temp2 = conj_if(ref_mul<W>(r.alpha, xj), r.herm);
	}
	cv update = ref_mul<W>(xi, temp1);
	if (r.kind == TF_OP_SYR2)
		update = ref_add<W>(update, ref_mul<W>(yi, temp2));
	if (r.herm && i == j)
		return cv{ TF_DADD(cv0.re, update.re), 0.0 };
	if (r.kind == TF_OP_SYR2)
		return ref_add<W>(ref_add<W>(cv0, ref_mul<W>(xi, temp1)), ref_mul<W>(yi, temp2));
	return ref_add<W>(cv0, update);
}

/* Element (i, j) updated and written to cp, unless its value is not
 * finite: then nothing is written and the result is false. */
template <int W>
__device__ __forceinline__ bool rank_element(const rank_args &r, int i, int j, double *cp, cv cv0,
					     const rank_vectors &v, const rank_pairs &p)
{
	if (rank_skips<W>(r, v)) { /* the reference leaves the column alone, but makes a
				    * Hermitian diagonal real */
		if (r.herm && i == j)
			store<W>(cp, cv{ cv0.re, 0.0 });
		return true;
	}
	const cv value = rank_value<W>(r, i, j, cv0, v, p);
	if (!finite<W>(value))
		return false;
	store<W>(cp, value);
	return true;
}

/* Rows of one column a thread, their elements loaded first: four, but two
 * for complex SYR2, whose two pairs a four-row thread would hold in 122
 * registers.  With the kernel instantiated per kind, a complex GER or SYR
 * thread holds four rows in 80 registers (three blocks a multiprocessor),
 * where one kernel for every kind needed 120; zgerc went from 1.45-1.50
 * of cuBLAS's time to 1.11 on the H200 (docs/PERFORMANCE.md). */
__host__ __device__ constexpr int rank_rows(int w, int kind)
{
	return w == 2 && kind == TF_OP_SYR2 ? 2 : 4;
}

/* The word of the leave map that holds the bits of row block bx's k-th
 * rows (bit l: row 32 (rows bx + k) + l) of column j. */
__device__ __forceinline__ size_t leave_word(int rows, int j, int bx, int k)
{
	return ((size_t)j * gridDim.x + bx) * rows + k;
}

/* The fast pass: each element in DD, rounded once, written in place;
 * those of a column whose pairs left the range, and those whose value is
 * not finite, are left as they were, marked in the leave map (every word
 * written, so that it needs no clearing) and *counter set, for
 * rank_again_kernel.  No call to the slow path here: the kernel keeps the
 * registers of the plain update. */
template <int W, int KIND>
__global__ void __launch_bounds__(256) rank_kernel(rank_args r, unsigned *leave, unsigned *counter)
{
	r.kind = KIND; /* a constant: each kind keeps only the registers it needs */
	constexpr int ROWS = rank_rows(W, KIND);
	const int j = blockIdx.y * blockDim.y + threadIdx.y;
	const int i0 = blockIdx.x * (32 * ROWS) + threadIdx.x;
	if (j >= r.n) /* the warp's column: all its lanes leave together */
		return;
	double *cp[ROWS];
	cv c0[ROWS];
	rank_vectors v[ROWS] = {};
	/* every load before the first store, which as far as the compiler
	 * knows may change x and y */
	rank_load_column<W>(r, j, v[0]);
#pragma unroll
	for (int k = 0; k < ROWS; k++) {
		cp[k] = rank_at<W>(r, i0 + 32 * k, j);
		c0[k] = cp[k] ? load<W>(cp[k]) : cv{ 0.0, 0.0 };
		v[k].xj = v[0].xj, v[k].yj = v[0].yj;
		if (cp[k])
			rank_load_row<W>(r, i0 + 32 * k, v[k]);
	}
	/* the column's pairs once: their range test is one per thread, and
	 * the same for the warp */
	const rank_pairs p = rank_pairs_of<W>(r, v[0]);
	if (p.suspect) {
#pragma unroll
		for (int k = 0; k < ROWS; k++) {
			const unsigned bits = __ballot_sync(0xffffffffu, cp[k] != NULL);
			if (threadIdx.x == k)
				leave[leave_word(ROWS, j, blockIdx.x, k)] = bits;
		}
		*counter = 1u; /* a flag (in mapped host memory): a plain store */
		return;
	}
	bool any = false;
#pragma unroll
	for (int k = 0; k < ROWS; k++) {
		const bool left = cp[k] && !rank_element<W>(r, i0 + 32 * k, j, cp[k], c0[k], v[k], p);
		const unsigned bits = __ballot_sync(0xffffffffu, left);
		if (threadIdx.x == k)
			leave[leave_word(ROWS, j, blockIdx.x, k)] = bits;
		any = any || left;
	}
	if (any)
		*counter = 1u;
}

/* The second pass, where the first raised the flag (same grid): each
 * element the leave map marks formed again with the exponents apart, as
 * cpu/dd_rank.c's range_column forms it (tf_zdd_range_rank_element), then
 * the reference's value where that is not finite. */
template <int W, int KIND>
__global__ void __launch_bounds__(256) rank_again_kernel(rank_args r, const unsigned *leave)
{
	r.kind = KIND;
	constexpr int ROWS = rank_rows(W, KIND);
	const int j = blockIdx.y * blockDim.y + threadIdx.y;
	const int i0 = blockIdx.x * (32 * ROWS) + threadIdx.x;
	if (j >= r.n)
		return;
	rank_vectors v = {};
	rank_load_column<W>(r, j, v);
	const rank_pairs p = rank_pairs_of<W>(r, v);
	const int nterms = r.kind == TF_OP_SYR2 ? 2 : 1;
	const double a[4] = { p.a1.re, p.a1.im, p.a2.re, p.a2.im };
	const double vv[4] = { p.v1.re, p.v1.im, p.v2.re, p.v2.im };
	for (int k = 0; k < ROWS; k++) {
		if (!(leave[leave_word(ROWS, j, blockIdx.x, k)] >> threadIdx.x & 1u))
			continue;
		const int i = i0 + 32 * k;
		double *cp = rank_at<W>(r, i, j);
		const cv cv0 = load<W>(cp);
		rank_load_row<W>(r, i, v);
		cv value = rank_value<W>(r, i, j, cv0, v, p);
		const double u[4] = { v.xi.re, v.xi.im, v.yi.re, v.yi.im };
		const double add[2] = { cv0.re, r.herm && i == j ? 0.0 : cv0.im };
		double formed[2] = { value.re, value.im };
		if (tf_zdd_range_rank_element(W == 2, nterms, u, a, vv, add, formed))
			value = cv{ formed[0], W == 2 ? formed[1] : 0.0 };
		if (r.herm && i == j)
			value.im = 0.0;
		if (!finite<W>(value))
			value = rank_reference<W>(r, i, j, cv0, v);
		store<W>(cp, value);
	}
}

/* ---- launching */

constexpr int LINEAR_THREADS = 256;

unsigned blocks_for(long long n, int threads)
{
	return (unsigned)((n + threads - 1) / threads);
}

/* Slices of a product's tiles: enough warps to fill the device. */
int slices_of(const struct tf_op *op, int multiprocessors)
{
	const int leny = op->kind == TF_OP_GEMV ? (op->transa == 'N' ? op->m : op->n) : op->n;
	const int lenx = op->kind == TF_OP_GEMV ? (op->transa == 'N' ? op->n : op->m) : op->n;
	const int iblocks = (leny + 31) / 32, tiles = (lenx + 15) / 16;
	const int target = 32 * (multiprocessors > 0 ? multiprocessors : 1);
	int s = (target + iblocks - 1) / iblocks;
	s = s < tiles ? s : tiles;
	return s < 1 ? 1 : s;
}

int width_of(const struct tf_op *op)
{
	return op->type == TF_TYPE_Z ? 2 : 1;
}

int output_length(const struct tf_op *op)
{
	if (op->kind == TF_OP_GEMV)
		return op->transa == 'N' ? op->m : op->n;
	return op->n;
}

/* The rank updates' arguments, grid and leave map (words). */
template <int W>
rank_args rank_args_of(const struct tf_op *op)
{
	rank_args r;
	r.kind = op->kind, r.storage = op->storage;
	r.rows = op->kind == TF_OP_GER ? op->m : op->n, r.n = op->n, r.ldc = op->ldc;
	r.upper = op->uplo == 'U', r.conj = op->conj != 0;
	r.herm = W == 2 && op->conj && op->kind != TF_OP_GER;
	r.alpha = cv{ op->alpha, op->alpha_im };
	r.x = op->x, r.y = op->y, r.incx = op->incx, r.incy = op->incy, r.c = op->c;
	return r;
}

dim3 rank_threads()
{
	return dim3(32, 8);
}

dim3 rank_blocks(const rank_args &r, int w)
{
	return dim3(blocks_for(r.rows, 32 * rank_rows(w, r.kind)), blocks_for(r.n, 8));
}

size_t leave_words(const struct tf_op *op)
{
	const int rows = op->kind == TF_OP_GER ? op->m : op->n;
	const int per_thread = rank_rows(width_of(op), op->kind);
	return (size_t)blocks_for(rows, 32 * per_thread) * per_thread * op->n;
}

/* f(std::integral_constant<int, KIND>()) for the op's kind of rank update:
 * the kernels are instantiated per kind. */
template <typename F>
void by_rank_kind(int kind, F f)
{
	if (kind == TF_OP_GER)
		f(std::integral_constant<int, TF_OP_GER>());
	else if (kind == TF_OP_SYR)
		f(std::integral_constant<int, TF_OP_SYR>());
	else
		f(std::integral_constant<int, TF_OP_SYR2>());
}

/* Scratch layout (doubles): [0, 8) the result and NRM2's scale; then
 * saved y; then the partial sums (hi, then lo), TRSV's DD vector (and the
 * chain's flags), the reduction's partial sums or the rank updates' leave
 * map. */
constexpr size_t HEAD = 8;

template <int W>
cudaError_t launch(const struct tf_op *op, double *scratch, unsigned *counter, int multiprocessors,
		   cudaStream_t stream)
{
	const int leny = output_length(op);
	double *saved = scratch + HEAD, *rest = saved + (size_t)leny * W;
	const cv alpha = { op->alpha, op->alpha_im }, beta = { op->beta, op->beta_im };
	switch (op->kind) {
	case TF_OP_GEMV: case TF_OP_SYMV: case TF_OP_TRMV: {
		const int lenx = op->kind == TF_OP_GEMV ? (op->transa == 'N' ? op->n : op->m) : op->n;
		const bool sums = op->kind == TF_OP_TRMV || !(alpha.re == 0.0 && alpha.im == 0.0);
		const int slices = slices_of(op, multiprocessors);
		double *hi = rest, *lo = rest + (size_t)slices * leny * W;
		double *mirror_hi = NULL, *mirror_lo = NULL;
		const double *x = op->kind == TF_OP_TRMV ? op->y : op->x;
		const int incx = op->kind == TF_OP_TRMV ? op->incy : op->incx;
		const int iblocks = (leny + 31) / 32;
		if (sums && op->kind == TF_OP_SYMV) {
			mirror_hi = lo + (size_t)slices * leny * W;
			mirror_lo = mirror_hi + (size_t)iblocks * leny * W;
			/* tiles a band does not reach are not written: zero (full and
			 * packed storage write every one the epilogue reads) */
			cudaError_t status = op->storage != TF_STORAGE_BAND ? cudaSuccess
				: cudaMemsetAsync(mirror_hi, 0, 2 * (size_t)iblocks * leny * W * sizeof(double), stream);
			if (status != cudaSuccess)
				return status;
		}
		if (sums) {
			const long long warps = (long long)iblocks * slices;
			const unsigned blocks = blocks_for(warps, PRODUCT_WARPS);
			const view v = view_of(op);
			if (op->kind == TF_OP_SYMV)
				product_kernel<W, FORM_SYMV><<<blocks, 32 * PRODUCT_WARPS, 0, stream>>>(
					v, leny, lenx, x, incx, slices, hi, lo, mirror_hi, mirror_lo);
			else if (v.transposed)
				product_kernel<W, FORM_TRANSPOSED><<<blocks, 32 * PRODUCT_WARPS, 0, stream>>>(
					v, leny, lenx, x, incx, slices, hi, lo, mirror_hi, mirror_lo);
			else
				product_kernel<W, FORM_PLAIN><<<blocks, 32 * PRODUCT_WARPS, 0, stream>>>(
					v, leny, lenx, x, incx, slices, hi, lo, mirror_hi, mirror_lo);
		}
		finish_kernel<W><<<blocks_for(leny, 32), 32 * FINISH_PARTS, 0, stream>>>(
			op->kind, leny, slices, sums, hi, lo, mirror_hi, mirror_lo, op->uplo == 'U', alpha,
			beta, op->y, op->incy, saved, counter, view_of(op), lenx, x, incx);
		break;
	}
	case TF_OP_TRSV: {
		view v = view_of(op);
		const bool forward = v.upper == v.transposed;
		double *hi = rest, *lo = rest + (size_t)op->n * W;
		const unsigned blocks = blocks_for(op->n, LINEAR_THREADS), chain = blocks_for(op->n, 32);
		int *flags = (int *)(lo + (size_t)op->n * W);
		solve_load_kernel<W><<<blocks, LINEAR_THREADS, 0, stream>>>(op->n, op->y, op->incy, hi, lo, saved);
		cudaError_t status = cudaMemsetAsync(flags, 0, (1 + (size_t)chain) * sizeof *flags, stream);
		if (status != cudaSuccess)
			return status;
		solve_chain_kernel<W><<<chain, 32, 0, stream>>>(v, op->n, forward, hi, lo, flags, counter);
		solve_store_kernel<W><<<blocks, LINEAR_THREADS, 0, stream>>>(op->n, op->y, op->incy, hi, lo,
									    counter);
		break;
	}
	case TF_OP_DOT: case TF_OP_NRM2: case TF_OP_ASUM: {
		const int blocks = reduce_blocks(op->n);
		double *scale = scratch + 2;
		if (op->kind == TF_OP_NRM2) {
			max_kernel<W><<<blocks, REDUCE_THREADS, 0, stream>>>(op->n, op->x, op->incx, rest);
			scale_kernel<<<1, 1, 0, stream>>>(blocks, rest, scale);
		}
		reduce_kernel<W><<<blocks, REDUCE_THREADS, 0, stream>>>(op->kind, op->n, op->x, op->incx,
									 op->y, op->incy, op->conj != 0,
									 scale, rest);
		reduce_finish_kernel<W><<<1, 1, 0, stream>>>(op->kind, op->n, blocks, rest, scale, scratch,
							     counter);
		break;
	}
	case TF_OP_ROT: case TF_OP_ROTM: {
		double h11 = op->alpha, h12 = op->beta, h21 = -op->beta, h22 = op->alpha, flag = 2.0;
		if (op->kind == TF_OP_ROTM) {
			const double *p = op->param;
			flag = p[0];
			h11 = flag < 0.0 ? p[1] : flag == 0.0 ? 1.0 : p[1];
			h21 = flag < 0.0 ? p[2] : flag == 0.0 ? p[2] : -1.0;
			h12 = flag < 0.0 ? p[3] : flag == 0.0 ? p[3] : 1.0;
			h22 = flag < 0.0 ? p[4] : flag == 0.0 ? 1.0 : p[4];
		}
		rotation_kernel<W><<<blocks_for(op->n, LINEAR_THREADS), LINEAR_THREADS, 0, stream>>>(
			op->n, (double *)op->x, op->incx, op->y, op->incy, h11, h12, h21, h22, flag);
		break;
	}
	case TF_OP_AXPY: case TF_OP_SCAL:
		zaxpy_scal_kernel<<<blocks_for(op->n, LINEAR_THREADS), LINEAR_THREADS, 0, stream>>>(
			op->kind, op->n, alpha, op->x, op->incx, op->y, op->incy);
		break;
	case TF_OP_GER: case TF_OP_SYR: case TF_OP_SYR2: {
		const rank_args r = rank_args_of<W>(op);
		unsigned *leave = (unsigned *)rest;
		by_rank_kind(r.kind, [&](auto kind) {
			rank_kernel<W, kind()><<<rank_blocks(r, W), rank_threads(), 0, stream>>>(r, leave, counter);
		});
		break;
	}
	default:
		return cudaErrorInvalidValue;
	}
	return cudaGetLastError();
}

} /* namespace */

extern "C" size_t tf_kernel_level12_scratch(const struct tf_op *op, int multiprocessors)
{
	const size_t w = (size_t)width_of(op), leny = (size_t)output_length(op);
	size_t doubles = HEAD + leny * w;
	switch (op->kind) {
	case TF_OP_GEMV: case TF_OP_SYMV: case TF_OP_TRMV:
		doubles += 2 * (size_t)slices_of(op, multiprocessors) * leny * w;
		if (op->kind == TF_OP_SYMV) /* the mirrored terms, per row block */
			doubles += 2 * (size_t)((leny + 31) / 32) * leny * w;
		break;
	case TF_OP_TRSV: /* the DD vector, and the chain's flags (one int a block of 32, and the tickets) */
		doubles += 2 * leny * w + (leny + 31) / 32 / 2 + 1;
		break;
	case TF_OP_DOT: case TF_OP_NRM2: case TF_OP_ASUM:
		doubles += 2 * (size_t)REDUCE_BLOCKS * w;
		break;
	case TF_OP_GER: case TF_OP_SYR: case TF_OP_SYR2:
		doubles += (leave_words(op) + 1) / 2;
		break;
	default: break;
	}
	return doubles * sizeof(double);
}

extern "C" cudaError_t tf_kernel_level12(const struct tf_op *op, void *scratch, unsigned *counter,
					 int multiprocessors, cudaStream_t stream)
{
	double *s = (double *)scratch;
	return op->type == TF_TYPE_Z ? launch<2>(op, s, counter, multiprocessors, stream)
				     : launch<1>(op, s, counter, multiprocessors, stream);
}

extern "C" cudaError_t tf_kernel_level12_rank_again(const struct tf_op *op, const void *scratch,
						    cudaStream_t stream)
{
	const unsigned *leave =
		(const unsigned *)((const double *)scratch + HEAD + (size_t)output_length(op) * width_of(op));
	if (op->type == TF_TYPE_Z) {
		const rank_args r = rank_args_of<2>(op);
		by_rank_kind(r.kind, [&](auto kind) {
			rank_again_kernel<2, kind()><<<rank_blocks(r, 2), rank_threads(), 0, stream>>>(r, leave);
		});
	} else {
		const rank_args r = rank_args_of<1>(op);
		by_rank_kind(r.kind, [&](auto kind) {
			rank_again_kernel<1, kind()><<<rank_blocks(r, 1), rank_threads(), 0, stream>>>(r, leave);
		});
	}
	return cudaGetLastError();
}

extern "C" cudaError_t tf_kernel_level12_restore(const struct tf_op *op, const void *scratch,
						 cudaStream_t stream)
{
	const int leny = output_length(op);
	const double *saved = (const double *)scratch + HEAD;
	if (op->type == TF_TYPE_Z)
		restore_kernel<2><<<blocks_for(leny, LINEAR_THREADS), LINEAR_THREADS, 0, stream>>>(
			leny, op->y, op->incy, saved);
	else
		restore_kernel<1><<<blocks_for(leny, LINEAR_THREADS), LINEAR_THREADS, 0, stream>>>(
			leny, op->y, op->incy, saved);
	return cudaGetLastError();
}
