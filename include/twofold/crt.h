/* twofold/crt.h: exact integer products by the Chinese remainder theorem,
 * the arithmetic of the split product engine.
 *
 * A product of scaled integers X = sum_l A'(i,l) B'(l,j) is computed modulo
 * each of T pairwise coprime moduli m_t <= 256 (one INT8 matrix product per
 * modulus, residues held as int8), and X is rebuilt from its residues:
 *   S = sum_t r_t w_t,   w_t = (P/m_t) ((P/m_t)^-1 mod m_t),   P = prod m_t,
 *   X = S mod P, taken in (-P/2, P/2],
 * exact whenever |X| < P/2.  X times a power of two is then rounded once, to
 * double or to double-double.
 *
 * Every step is integer arithmetic or an exact floating-point operation, and
 * the header is the same source for host C and CUDA device code: the CPU
 * twin (src/cpu/split_gemm.c) and the GPU engine compute the same bits.
 *
 * Integers of up to 256 bits are TF_CRT_LIMBS 32-bit limbs, least
 * significant first, two's complement where signed. */
#ifndef TWOFOLD_CRT_H
#define TWOFOLD_CRT_H

#include <stdint.h>
#include "twofold/arith_dd.h"
#include "twofold/arith_ts.h"

#define TF_CRT_MAX_MODULI 32
#define TF_CRT_LIMBS 8
/* The most terms an int32 sum of int8 products takes: below 2^17, so that
 * even (-128)(-128) in every term stays below 2^31, and a multiple of 16,
 * so that a block of int8 rows starts 16-byte aligned. */
#define TF_CRT_K_BLOCK 131056

/* Residues are taken of a_il 2^-shift = M 2^d with d below this. */
#define TF_CRT_MAX_POWER 256

/* Trailing and leading zero bits of a nonzero word. */
#if defined(__CUDA_ARCH__)
#define TF_CRT_CTZ64(x) (__ffsll((long long)(x)) - 1)
#define TF_CRT_CLZ64(x) __clzll((long long)(x))
#define TF_CRT_CLZ32(x) __clz((int)(x))
#else
#define TF_CRT_CTZ64(x) __builtin_ctzll(x)
#define TF_CRT_CLZ64(x) __builtin_clzll(x)
#define TF_CRT_CLZ32(x) __builtin_clz(x)
#endif

/* The moduli of a product and the constants of its residues and its
 * reconstruction. */
struct tf_crt_basis {
	int count;                                       /* T */
	int bits;                                        /* P >= 2^bits */
	int modulus[TF_CRT_MAX_MODULI];
	uint32_t weight[TF_CRT_MAX_MODULI][TF_CRT_LIMBS]; /* w_t */
	uint32_t product[TF_CRT_LIMBS];                  /* P */
	double inverse;                                  /* 1/P, rounded */
	uint32_t divisor[TF_CRT_MAX_MODULI];             /* floor(2^32 / m_t) */
	uint32_t bytes[TF_CRT_MAX_MODULI][2]; /* byte i of bytes[t][h]: 2^(8 (4h + i)) mod m_t */
	int limbs; /* the limbs that every sum of tf_crt_combine fits: S < 2^(32 limbs) */
};

/* The moduli, in the order they are taken: pairwise coprime, the largest
 * that int8 residues allow (256 as [-128, 127], odd m as |r| <= (m-1)/2). */
#define TF_CRT_MODULI                                                                         \
	{ 256, 255, 253, 251, 247, 241, 239, 233, 229, 227, 223, 217, 211, 199, 197, 193, 191, \
	  181, 179, 173, 167, 163, 157, 151, 149, 139, 137, 131, 127, 113, 109, 107 }

/* ---- Residues of scaled doubles. */

/* floor(a b / 2^32). */
TF_ARITH uint32_t tf_crt_mulhi(uint32_t a, uint32_t b)
{
#if defined(__CUDA_ARCH__)
	return __umulhi(a, b);
#else
	return (uint32_t)(((uint64_t)a * b) >> 32);
#endif
}

/* x mod m for any 32-bit x, with divisor = floor(2^32 / m): the quotient
 * x divisor / 2^32 is the true one or one less (x / 2^32 < 1), so one
 * subtraction finishes.  Integer multiplies only: no division, and no
 * conversion to floating point, which the GPU runs at a quarter rate. */
TF_ARITH uint32_t tf_crt_mod32(uint32_t x, uint32_t m, uint32_t divisor)
{
	uint32_t r = x - tf_crt_mulhi(x, divisor) * m;
	return r >= m ? r - m : r;
}

/* The integer nearest to a 2^-shift (a finite double; ties to even) as
 * magnitude 2^power (magnitude < 2^53, 0 <= power) and a sign: the part of
 * a residue that does not depend on the modulus, taken once for all. */
struct tf_crt_scaled {
	uint64_t magnitude;
	int power;
	int negative;
};

TF_ARITH struct tf_crt_scaled tf_crt_scale(double a, int shift)
{
	union {
		double d;
		uint64_t u;
	} bits;
	bits.d = a;
	struct tf_crt_scaled s;
	s.negative = (int)(bits.u >> 63);
	const int biased = (int)((bits.u >> 52) & 0x7ff);
	uint64_t significand = bits.u & 0xfffffffffffffull;
	int exponent = -1074; /* of the significand's last bit */
	if (biased) {
		significand |= 1ull << 52;
		exponent = biased - 1075;
	}
	const int d = exponent - shift;
	s.magnitude = significand;
	s.power = d;
	if (d < 0) {
		/* Bits below the row's scale are dropped: round to nearest even. */
		const int drop = -d;
		uint64_t kept = 0; /* significand < 2^53: 0 from 64 bits dropped on */
		if (drop < 64) {
			kept = significand >> drop;
			uint64_t rest = significand & ((1ull << drop) - 1), half = 1ull << (drop - 1);
			if (rest > half || (rest == half && (kept & 1)))
				kept++;
		}
		s.magnitude = kept;
		s.power = 0;
	}
	return s;
}

/* sum_i a_i b_i + c over the four bytes a_i of a and b_i of b (the GPU's
 * dp4a instruction: four products and their sum in one). */
TF_ARITH uint32_t tf_crt_dot_bytes(uint32_t a, uint32_t b, uint32_t c)
{
#if defined(__CUDA_ARCH__)
	return __dp4a(a, b, c);
#else
	for (int i = 0; i < 32; i += 8)
		c += ((a >> i) & 0xffu) * ((b >> i) & 0xffu);
	return c;
#endif
}

/* The residue in [0, m) of s's magnitude 2^power, its sign left out, with
 * divisor and bytes (2^(8i) mod m, i < 8, four to a word) of m and pow2[d]
 * = 2^d mod m: the magnitude's eight bytes times their powers of 2^8 mod
 * m, summed below 2^20 (two dp4a on the GPU), times 2^power mod m (below
 * 2^28), reduced once. */
TF_ARITH uint32_t tf_crt_magnitude_residue(struct tf_crt_scaled s, uint32_t m, uint32_t divisor,
					   const uint32_t bytes[2], const uint8_t *pow2)
{
	const uint32_t folded = tf_crt_dot_bytes((uint32_t)s.magnitude, bytes[0],
						 tf_crt_dot_bytes((uint32_t)(s.magnitude >> 32), bytes[1], 0u));
	return tf_crt_mod32(folded * pow2[s.power], m, divisor);
}

/* The residue in [0, m) of s, sign included. */
TF_ARITH int tf_crt_scaled_residue(struct tf_crt_scaled s, uint32_t m, uint32_t divisor,
				   const uint32_t bytes[2], const uint8_t *pow2)
{
	const uint32_t r = tf_crt_magnitude_residue(s, m, divisor, bytes, pow2);
	return (int)(s.negative && r ? m - r : r);
}

/* r in [0, m) as the int8 of the same class: 256 as [-128, 127], odd m as
 * [-(m-1)/2, (m-1)/2]. */
TF_ARITH int8_t tf_crt_symmetric(int r, int m)
{
	return (int8_t)(2 * r >= m ? r - m : r);
}

/* tf_crt_symmetric of tf_crt_scaled_residue, with the sign applied last:
 * the class of -x is minus the class of x, -128 (m = 256) its own. */
TF_ARITH int8_t tf_crt_symmetric_residue(struct tf_crt_scaled s, uint32_t m, uint32_t divisor,
					 const uint32_t bytes[2], const uint8_t *pow2)
{
	const int8_t r = tf_crt_symmetric((int)tf_crt_magnitude_residue(s, m, divisor, bytes, pow2),
					  (int)m);
	return s.negative && r != -128 ? (int8_t)-r : r;
}

/* The residue in [0, m_t) of the integer nearest to a 2^-shift (a finite
 * double; ties to even).  Exact when a 2^-shift is an integer, which the
 * engine's scaling makes it unless the row's bits were capped.  pow2 holds
 * 2^d mod m_t for d < TF_CRT_MAX_POWER, and a 2^-shift must be below
 * 2^TF_CRT_MAX_POWER. */
TF_ARITH int tf_crt_residue(double a, int shift, const struct tf_crt_basis *basis, int t,
			    const uint8_t *pow2)
{
	return tf_crt_scaled_residue(tf_crt_scale(a, shift), (uint32_t)basis->modulus[t],
				     basis->divisor[t], basis->bytes[t], pow2);
}


/* ---- Reconstruction.
 *
 * Integers of `limbs` limbs (at most TF_CRT_LIMBS): the basis's count
 * (basis->limbs), whose 32 limbs bits hold 2^13 P, or more.  Every value
 * below stays within that (S < 2^13 P, X and the remainders below P in
 * magnitude), so that its two's complement in `limbs` limbs is the same
 * integer as in TF_CRT_LIMBS: a caller that knows the count when it is
 * compiled (a GPU kernel) gets loops of that length. */

/* S = sum_t r_t w_t (r_t in [0, m_t)), as normalised limbs; S < 2^13 P. */
TF_ARITH void tf_crt_combine(const struct tf_crt_basis *basis, const uint8_t *residue,
			     uint32_t s[TF_CRT_LIMBS], int limbs)
{
	uint64_t sum[TF_CRT_LIMBS] = { 0 };
	for (int t = 0; t < basis->count; t++)
		for (int j = 0; j < limbs; j++) /* each term < 2^40: no overflow */
			sum[j] += (uint64_t)basis->weight[t][j] * residue[t];
	uint64_t carry = 0;
	for (int j = 0; j < limbs; j++) {
		uint64_t v = sum[j] + carry;
		s[j] = (uint32_t)v;
		carry = v >> 32;
	}
	for (int j = limbs; j < TF_CRT_LIMBS; j++)
		s[j] = 0;
}

/* x -= q P (q >= 0), in two's complement; returns nothing: x may go
 * negative. */
TF_ARITH void tf_crt_sub_multiple(uint32_t x[TF_CRT_LIMBS], const uint32_t p[TF_CRT_LIMBS],
				  int64_t q, int limbs)
{
	int64_t borrow = 0;
	for (int j = 0; j < limbs; j++) {
		int64_t v = (int64_t)x[j] - q * (int64_t)p[j] + borrow;
		x[j] = (uint32_t)v;
		borrow = (v - (int64_t)(uint32_t)v) / 4294967296ll; /* exact: a multiple of 2^32 */
	}
}

TF_ARITH int tf_crt_is_negative(const uint32_t x[TF_CRT_LIMBS], int limbs)
{
	return (int)(x[limbs - 1] >> 31);
}

/* x >= y, both non-negative: the highest limb where they differ decides
 * (taken from the lowest up, so that no limb is picked by an index). */
TF_ARITH int tf_crt_not_below(const uint32_t x[TF_CRT_LIMBS], const uint32_t y[TF_CRT_LIMBS],
			       int limbs)
{
	int not_below = 1;
	for (int j = 0; j < limbs; j++)
		not_below = x[j] > y[j] || (x[j] == y[j] && not_below);
	return not_below;
}

/* X = S mod P in (-P/2, P/2], from S = tf_crt_combine's sum. */
TF_ARITH void tf_crt_reduce(const struct tf_crt_basis *basis, uint32_t x[TF_CRT_LIMBS], int limbs)
{
	/* S / P < 2^13: its floor from doubles is off by at most one, and is
	 * corrected exactly below. */
	double approx = 0.0;
	for (int j = limbs - 1; j >= 0; j--)
		approx = TF_DFMA(approx, 4294967296.0, (double)x[j]);
	int64_t q = (int64_t)floor(TF_DMUL(approx, basis->inverse));
	if (q > 0)
		tf_crt_sub_multiple(x, basis->product, q, limbs);
	if (tf_crt_is_negative(x, limbs))
		tf_crt_sub_multiple(x, basis->product, -1, limbs);
	else if (tf_crt_not_below(x, basis->product, limbs))
		tf_crt_sub_multiple(x, basis->product, 1, limbs);
	/* x in [0, P): above P/2 it stands for x - P.  2x > P compares 2x with
	 * P limb by limb (2x < 2^255 fits). */
	uint32_t twice[TF_CRT_LIMBS];
	uint32_t carry = 0;
	for (int j = 0; j < limbs; j++) {
		twice[j] = (x[j] << 1) | carry;
		carry = x[j] >> 31;
	}
	if (!tf_crt_not_below(basis->product, twice, limbs))
		tf_crt_sub_multiple(x, basis->product, 1, limbs);
}

/* |x| of a signed x, and its sign. */
TF_ARITH int tf_crt_magnitude(uint32_t x[TF_CRT_LIMBS], int limbs)
{
	if (!tf_crt_is_negative(x, limbs))
		return 0;
	uint64_t carry = 1;
	for (int j = 0; j < limbs; j++) {
		uint64_t v = (uint64_t)(uint32_t)~x[j] + carry;
		x[j] = (uint32_t)v;
		carry = v >> 32;
	}
	return 1;
}

/* x >> low as an integer, for x < 2^(low + 54) (low may be negative: x is
 * then below 2^54, and shifted left).  Each limb is shifted into place by
 * where it lies, rather than picked by an index: a GPU thread keeps its
 * limbs in registers only where no index depends on the data. */
TF_ARITH uint64_t tf_crt_bits(const uint32_t x[TF_CRT_LIMBS], int low, int limbs)
{
	uint64_t v = 0;
	for (int q = 0; q < limbs; q++) {
		const int at = 32 * q - low; /* where the limb's bit 0 lands */
		if (at >= 0 && at < 64)
			v |= (uint64_t)x[q] << at;
		else if (at < 0 && at > -32)
			v |= (uint64_t)(x[q] >> -at);
	}
	return v;
}

/* Bit `index` of x (0 outside its limbs). */
TF_ARITH int tf_crt_bit(const uint32_t x[TF_CRT_LIMBS], int index, int limbs)
{
	return index < 0 ? 0 : (int)(tf_crt_bits(x, index, limbs) & 1u);
}

/* Whether any bit of x below `index` is set. */
TF_ARITH int tf_crt_any_below(const uint32_t x[TF_CRT_LIMBS], int index, int limbs)
{
	uint32_t any = 0u;
	for (int j = 0; j < limbs; j++) {
		uint32_t limb = x[j];
		if (32 * j >= index)
			limb = 0u;
		else if (32 * j + 32 > index)
			limb &= (1u << (index - 32 * j)) - 1u;
		any |= limb;
	}
	return any != 0u;
}

/* The position of the highest set bit of x (x > 0), -1 for x = 0. */
TF_ARITH int tf_crt_top_bit(const uint32_t x[TF_CRT_LIMBS], int limbs)
{
	int top = -1;
	for (int j = 0; j < limbs; j++)
		if (x[j])
			top = 32 * j + 31 - TF_CRT_CLZ32(x[j]);
	return top;
}

/* x 2^scale rounded once to double, to nearest even, x >= 0 (gradual
 * underflow and overflow to Inf as IEEE rounding gives them).  *low_bit:
 * the position in x of the last bit kept, so that the caller can take the
 * remainder. */
TF_ARITH double tf_crt_round(const uint32_t x[TF_CRT_LIMBS], int scale, int *low_bit, int limbs)
{
	int top = tf_crt_top_bit(x, limbs);
	if (top < 0) {
		*low_bit = 0;
		return 0.0;
	}
	/* The last bit kept: 53 bits, fewer where x 2^scale is subnormal. */
	int low = top - 52;
	if (low + scale < -1074)
		low = -1074 - scale;
	uint64_t kept = tf_crt_bits(x, low, limbs);
	if (low > 0 && tf_crt_bit(x, low - 1, limbs) &&
	    (tf_crt_any_below(x, low - 1, limbs) || (kept & 1)))
		kept++;
	*low_bit = low;
	/* kept <= 2^53: exact in double; the scaling is exact or overflows. */
	return ldexp((double)kept, low + scale);
}

/* x - kept 2^low (the remainder of tf_crt_round), signed, as limbs: the
 * bits below low minus, when the rounding went up, 2^low. */
TF_ARITH void tf_crt_remainder(const uint32_t x[TF_CRT_LIMBS], int low, int rounded_up,
			       uint32_t r[TF_CRT_LIMBS], int limbs)
{
	for (int j = 0; j < limbs; j++) {
		uint32_t limb = x[j];
		if (32 * j >= low)
			limb = 0;
		else if (32 * j + 32 > low)
			limb &= (1u << (low - 32 * j)) - 1u;
		r[j] = limb;
	}
	if (rounded_up && low >= 0) {
		/* r - 2^low */
		int64_t borrow = 0;
		for (int j = 0; j < limbs; j++) {
			const uint32_t one = j == low >> 5 ? 1u << (low & 31) : 0u;
			int64_t v = (int64_t)r[j] - (int64_t)one + borrow;
			r[j] = (uint32_t)v;
			borrow = v < 0 ? -1 : 0;
		}
	}
}

/* X 2^scale as a double-double (hi the correctly rounded value, lo the
 * remainder rounded to double), X = tf_crt_reduce's signed result (it is
 * overwritten). */
TF_ARITH tf_dd tf_crt_to_dd(uint32_t x[TF_CRT_LIMBS], int scale, int limbs)
{
	const int negative = tf_crt_magnitude(x, limbs);
	int low;
	double hi = tf_crt_round(x, scale, &low, limbs);
	uint32_t rest[TF_CRT_LIMBS];
	/* Whether the rounding went up: kept 2^low > x. */
	int up = low > 0 && tf_crt_bit(x, low - 1, limbs) &&
		 (tf_crt_any_below(x, low - 1, limbs) || tf_crt_bit(x, low, limbs));
	/* The remainder is below half the last bit kept: 0 as well where that
	 * bit is the smallest subnormal's. */
	double lo = 0.0;
	if (low > 0 && low + scale > -1074) {
		tf_crt_remainder(x, low, up, rest, limbs);
		const int rest_negative = tf_crt_magnitude(rest, limbs);
		int ignored;
		lo = tf_crt_round(rest, scale, &ignored, limbs);
		if (rest_negative)
			lo = -lo;
	}
	tf_dd r;
	r.hi = negative ? -hi : hi;
	r.lo = negative ? -lo : lo;
	return r;
}

/* X 2^scale correctly rounded to double: tf_crt_to_dd's hi without its
 * lo (X = tf_crt_reduce's signed result, overwritten). */
TF_ARITH double tf_crt_to_double(uint32_t x[TF_CRT_LIMBS], int scale, int limbs)
{
	const int negative = tf_crt_magnitude(x, limbs);
	int low;
	const double hi = tf_crt_round(x, scale, &low, limbs);
	return negative ? -hi : hi;
}

/* The integer whose residues are residue[t], times 2^scale, as a
 * double-double: hi correctly rounded, lo the rounded remainder. */
TF_ARITH tf_dd tf_crt_value(const struct tf_crt_basis *basis, const uint8_t *residue, int scale)
{
	uint32_t x[TF_CRT_LIMBS];
	tf_crt_combine(basis, residue, x, basis->limbs);
	tf_crt_reduce(basis, x, basis->limbs);
	return tf_crt_to_dd(x, scale, basis->limbs);
}

/* ---- The epilogues: alpha times the product plus beta C, in the kind's
 * working arithmetic, rounded once (C is not read when beta is zero). */

/* alpha as a significand and an exponent that goes into the product's
 * scale (returned: alpha = significand 2^*exponent), so that an exact
 * product X 2^scale that leaves double's range where alpha X does not
 * (alpha 1e300, X 1e-350) is rounded in range; alpha itself (exponent 0)
 * when it is 1 (the correctly rounded product), 0 or not finite. */
TF_ARITH double tf_crt_alpha_significand(double alpha, int *exponent)
{
	*exponent = 0;
	if (alpha == 1.0 || alpha == 0.0 || !isfinite(alpha))
		return alpha;
	return frexp(alpha, exponent);
}

/* Doubles, as the DD kernels finish: with alpha = 1 and beta = 0 the
 * correctly rounded product itself. */
TF_ARITH double tf_crt_finish_double(tf_dd x, double alpha, double beta, const double *c)
{
	if (alpha == 1.0 && beta == 0.0)
		return x.hi;
	tf_dd r = tf_dd_mul_d(x, alpha);
	if (beta != 0.0)
		r = tf_dd_add(r, tf_two_prod(beta, *c));
	return tf_dd_to_double(r);
}

/* The same for a product summed in DD (the elements the engine computes
 * again): a sum that came out tiny or not finite is formed again scaled
 * (tf_dd_range_dot) from its row (a, stride inca) and column (b, incb). */
TF_ARITH double tf_crt_finish_dd_sum(tf_dd sum, int k, const double *a, ptrdiff_t inca,
				     const double *b, ptrdiff_t incb, double alpha, double beta,
				     const double *c)
{
	tf_dd r;
	if ((fabs(sum.hi) < TF_DD_RANGE_SUSPECT || !isfinite(sum.hi)) &&
	    tf_dd_range_dot(k, a, inca, b, incb, alpha, sum, &r))
		return tf_crt_finish_double(r, 1.0, beta, c);
	return tf_crt_finish_double(sum, alpha, beta, c);
}

TF_ARITH tf_dd tf_crt_finish_dd(tf_dd x, tf_dd alpha, tf_dd beta, const tf_dd *c)
{
	tf_dd r = tf_dd_mul(alpha, x);
	if (beta.hi != 0.0 || beta.lo != 0.0)
		r = tf_dd_add(r, tf_dd_mul(beta, *c));
	return r;
}

TF_ARITH tf_ts tf_crt_finish_ts(tf_ts x, tf_ts alpha, tf_ts beta, const tf_ts *c)
{
	tf_ts r = tf_ts_mul(alpha, x);
	if (beta.x != 0.0f || beta.y != 0.0f || beta.z != 0.0f)
		r = tf_ts_add(r, tf_ts_mul(beta, *c));
	return r;
}

/* ---- Capped products: whether an element keeps the working arithmetic's
 * bound c(k) u S (docs/ACCURACY.md: DD (5k + 44) 2^-106, TS (8k + 64)
 * 2^-72), S = sum |a||b|.  Rounding a capped row moves each of its words
 * by at most 2^(shift-1), so the product moves by at most
 *   e_a columns + e_b rows + k e_a e_b,   e = words 2^(shift-1)
 * (0 for a row or column kept whole), rows = sum_l |a_il|, columns =
 * sum_l |b_lj|.  The sums, computed in double, are made bounds by the
 * factors (1 -+ (k+2) 2^-53). */
TF_ARITH int tf_crt_within_bound(int ts, int k, double ea, double eb, double rows, double columns,
				 double both)
{
	const double grow = 1.0 + (k + 2) * 0x1p-53, shrink = 1.0 - (k + 2) * 0x1p-53;
	double error = TF_DMUL(TF_DFMA(ea, columns, TF_DMUL(eb, rows)), grow) + TF_DMUL(k * ea, eb);
	double bound = ts ? (8.0 * k + 64) * 0x1p-72 : (5.0 * k + 44) * 0x1p-106;
	return error <= TF_DMUL(TF_DMUL(bound, both), shrink);
}

/* ---- Scaling: the shift of a row (column) of op(A) (op(B)). */

/* Exponents of a nonzero finite double a: |a| < 2^high, and its last set bit
 * is 2^low. */
TF_ARITH void tf_crt_exponents(double a, int *high, int *low)
{
	union {
		double d;
		uint64_t u;
	} bits;
	bits.d = a;
	const int biased = (int)((bits.u >> 52) & 0x7ff);
	uint64_t significand = bits.u & 0xfffffffffffffull;
	int exponent = -1074;
	if (biased) {
		significand |= 1ull << 52;
		exponent = biased - 1075;
	}
	*high = exponent + 64 - TF_CRT_CLZ64(significand);
	*low = exponent + TF_CRT_CTZ64(significand);
}

/* The shift of a row whose words span [2^low, 2^high): the row's integers
 * are its values times 2^-shift, exact in `keep` bits when high - low fits,
 * else the `keep` leading bits (the rest rounded). */
TF_ARITH int tf_crt_shift(int high, int low, int keep)
{
	return high - low <= keep ? low : high - keep;
}

#if !defined(__CUDACC__)
/* ---- Host only: the basis of a count of moduli, and the budget of a product. */

/* x *= v (small), limbs. */
static inline void tf_crt_scale_limbs(uint32_t x[TF_CRT_LIMBS], uint32_t v)
{
	uint64_t carry = 0;
	for (int j = 0; j < TF_CRT_LIMBS; j++) {
		uint64_t w = (uint64_t)x[j] * v + carry;
		x[j] = (uint32_t)w;
		carry = w >> 32;
	}
}

/* x /= v (small); returns the remainder. */
static inline uint32_t tf_crt_divide_limbs(uint32_t x[TF_CRT_LIMBS], uint32_t v)
{
	uint64_t rest = 0;
	for (int j = TF_CRT_LIMBS - 1; j >= 0; j--) {
		uint64_t w = (rest << 32) | x[j];
		x[j] = (uint32_t)(w / v);
		rest = w % v;
	}
	return (uint32_t)rest;
}

/* The basis of the first `count` moduli of TF_CRT_MODULI. */
static inline void tf_crt_basis_init(struct tf_crt_basis *basis, int count)
{
	static const int moduli[TF_CRT_MAX_MODULI] = TF_CRT_MODULI;
	basis->count = count;
	for (int j = 0; j < TF_CRT_LIMBS; j++)
		basis->product[j] = 0;
	basis->product[0] = 1;
	for (int t = 0; t < count; t++) {
		basis->modulus[t] = moduli[t];
		basis->divisor[t] = (uint32_t)((1ull << 32) / (uint32_t)moduli[t]);
		for (int h = 0; h < 2; h++) {
			basis->bytes[t][h] = 0;
			for (int i = 0; i < 4; i++)
				basis->bytes[t][h] |= (uint32_t)((1ull << (8 * (4 * h + i))) %
								 (uint32_t)moduli[t]) << (8 * i);
		}
		tf_crt_scale_limbs(basis->product, (uint32_t)moduli[t]);
	}
	basis->bits = tf_crt_top_bit(basis->product, TF_CRT_LIMBS);
	basis->limbs = (basis->bits + 14 + 31) / 32; /* S < 2^13 P < 2^(bits + 14) */
	if (basis->limbs > TF_CRT_LIMBS)
		basis->limbs = TF_CRT_LIMBS;
	double p = 0.0;
	for (int j = TF_CRT_LIMBS - 1; j >= 0; j--)
		p = p * 4294967296.0 + (double)basis->product[j];
	basis->inverse = 1.0 / p;
	for (int t = 0; t < count; t++) {
		/* P/m_t, its inverse modulo m_t (by trial: m_t <= 256), the weight */
		uint32_t *w = basis->weight[t];
		for (int j = 0; j < TF_CRT_LIMBS; j++)
			w[j] = basis->product[j];
		tf_crt_divide_limbs(w, (uint32_t)moduli[t]);
		uint32_t copy[TF_CRT_LIMBS];
		for (int j = 0; j < TF_CRT_LIMBS; j++)
			copy[j] = w[j];
		uint32_t residue = tf_crt_divide_limbs(copy, (uint32_t)moduli[t]), inverse = 1;
		while ((residue * inverse) % (uint32_t)moduli[t] != 1u % (uint32_t)moduli[t])
			inverse++;
		tf_crt_scale_limbs(w, inverse);
	}
}

/* 2^d mod m_t for d < TF_CRT_MAX_POWER. */
static inline void tf_crt_powers(const struct tf_crt_basis *basis,
				 uint8_t powers[TF_CRT_MAX_MODULI][TF_CRT_MAX_POWER])
{
	for (int t = 0; t < basis->count; t++) {
		uint32_t v = 1u % (uint32_t)basis->modulus[t];
		for (int d = 0; d < TF_CRT_MAX_POWER; d++) {
			powers[t][d] = (uint8_t)v;
			v = (2u * v) % (uint32_t)basis->modulus[t];
		}
	}
}

/* How a product of k terms is split: rows of op(A) needing at most bits_a
 * bits, columns of op(B) bits_b.  The fewest moduli whose P exceeds
 * 2 k 2^(keep_a + keep_b), exact (keep = bits) when max_moduli allow it;
 * else keep_a + keep_b is cut to what max_moduli hold, the wider side first,
 * and capped is set. */
struct tf_crt_budget {
	int moduli;
	int keep_a, keep_b;
	int capped;
};

static inline struct tf_crt_budget tf_crt_plan_budget(long long k, int bits_a, int bits_b,
						      int max_moduli)
{
	int log2k = 0;
	while ((1ll << log2k) < k)
		log2k++;
	if (max_moduli < 1)
		max_moduli = 1;
	if (max_moduli > TF_CRT_MAX_MODULI)
		max_moduli = TF_CRT_MAX_MODULI;
	struct tf_crt_budget budget = { 1, bits_a, bits_b, 0 };
	struct tf_crt_basis basis;
	tf_crt_basis_init(&basis, 1);
	for (int count = 1; count <= max_moduli; count++) {
		tf_crt_basis_init(&basis, count);
		budget.moduli = count;
		if (basis.bits >= 1 + log2k + bits_a + bits_b)
			return budget;
	}
	/* basis holds max_moduli: share its bits out */
	int room = basis.bits - 1 - log2k;
	if (room < 2)
		room = 2;
	budget.capped = 1;
	budget.keep_a = bits_a < room / 2 ? bits_a : bits_b < room / 2 ? room - bits_b : room / 2;
	budget.keep_b = room - budget.keep_a;
	return budget;
}
#endif

#endif
