/* The residue arithmetic of twofold/crt.h that the GPU kernels run
 * (tf_crt_mod32, tf_crt_scale, tf_crt_scaled_residue and
 * tf_crt_symmetric_residue) against a plain oracle: the integer nearest to
 * a 2^-shift, built from frexp, taken modulo m by 64-bit division and
 * doubling.
 *
 *   residue        every modulus of TF_CRT_MODULI on 32-bit edges and on
 *                  random doubles of every kind (normal, subnormal, zero,
 *                  both signs) at shifts that keep, drop or round bits
 *
 * Prints the cases run and the mismatches (the first few in full); exit
 * status 1 when any. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "test/splitmix64.h"
#include "twofold/crt.h"

static int mismatches;

static void report(const char *what, double a, int shift, int m, long long got, long long want)
{
	if (mismatches++ < 10)
		printf("MISMATCH %s: a = %a, shift %d, m %d: %lld, want %lld\n", what, a, shift, m, got,
		       want);
}

/* The integer nearest to a 2^-shift, ties to even, as magnitude 2^power
 * (power >= 0), from frexp: independent of tf_crt_scale's bit fields. */
static void oracle_scale(double a, int shift, uint64_t *magnitude, int *power, int *negative)
{
	*negative = signbit(a) != 0;
	*magnitude = 0;
	*power = 0;
	if (a == 0.0)
		return;
	int e;
	double f = frexp(fabs(a), &e);              /* |a| = f 2^e, f in [0.5, 1) */
	uint64_t significand = (uint64_t)ldexp(f, 53); /* exact: 53 bits */
	int exponent = e - 53;                      /* of its last bit */
	while (!(significand & 1)) {                /* normalise: odd significand */
		significand >>= 1;
		exponent++;
	}
	int d = exponent - shift;
	if (d >= 0) {
		*magnitude = significand;
		*power = d;
		return;
	}
	/* a 2^-shift = significand / 2^-d, rounded to nearest even */
	if (-d > 60) {
		*magnitude = 0;
		return;
	}
	uint64_t q = significand >> -d, rest = significand - (q << -d), half = 1ull << (-d - 1);
	if (rest > half || (rest == half && (q & 1)))
		q++;
	*magnitude = q;
}

static int oracle_residue(double a, int shift, int m)
{
	uint64_t magnitude;
	int power, negative;
	oracle_scale(a, shift, &magnitude, &power, &negative);
	uint64_t r = magnitude % (uint64_t)m;
	for (int d = 0; d < power; d++)
		r = 2 * r % (uint64_t)m;
	return (int)(negative && r ? (uint64_t)m - r : r);
}

int main(void)
{
	static const int moduli[TF_CRT_MAX_MODULI] = TF_CRT_MODULI;
	static uint8_t powers[TF_CRT_MAX_MODULI][TF_CRT_MAX_POWER];
	struct tf_crt_basis basis;
	tf_crt_basis_init(&basis, TF_CRT_MAX_MODULI);
	tf_crt_powers(&basis, powers);
	uint64_t rng = 0x7e51d0e5;
	long long cases = 0;

	/* tf_crt_mod32 on the edges of 32 bits and of each multiple of m */
	for (int t = 0; t < TF_CRT_MAX_MODULI; t++) {
		const uint32_t m = (uint32_t)moduli[t];
		uint32_t edges[] = { 0, 1, m - 1, m, m + 1, 0x7fffffffu, 0x80000000u, 0xfffffffeu,
				     0xffffffffu, 0xffffffffu - 0xffffffffu % m, 0xffffffffu / m * m - 1 };
		for (size_t q = 0; q < sizeof edges / sizeof *edges; q++, cases++)
			if (tf_crt_mod32(edges[q], m, basis.divisor[t]) != edges[q] % m)
				report("mod32", 0.0, 0, (int)m, tf_crt_mod32(edges[q], m, basis.divisor[t]),
				       edges[q] % m);
		for (int q = 0; q < 200000; q++, cases++) {
			uint32_t x = (uint32_t)splitmix64_next(&rng);
			if (q & 1)
				x >>= splitmix64_next(&rng) % 32;
			if (tf_crt_mod32(x, m, basis.divisor[t]) != x % m)
				report("mod32", 0.0, 0, (int)m, tf_crt_mod32(x, m, basis.divisor[t]), x % m);
		}
	}

	/* residues of doubles */
	for (int q = 0; q < 400000; q++) {
		double a;
		switch (q % 5) {
		case 0: a = splitmix64_sym(&rng); break;
		case 1: a = ldexp(splitmix64_sym(&rng), (int)(splitmix64_next(&rng) % 200) - 100); break;
		case 2: a = ldexp(splitmix64_sym(&rng), -1074 + (int)(splitmix64_next(&rng) % 60)); break;
		case 3: a = (double)(int64_t)(splitmix64_next(&rng) >> (11 + splitmix64_next(&rng) % 50)); break;
		default: a = q % 10 == 4 ? 0.0 : -0.0; break;
		}
		if (splitmix64_next(&rng) & 1)
			a = -a;
		/* a shift that keeps the value whole, drops some bits, or all */
		int high = 0, low = 0;
		if (a != 0.0)
			tf_crt_exponents(a, &high, &low);
		int shift;
		switch (splitmix64_next(&rng) % 3) {
		case 0: shift = low - (int)(splitmix64_next(&rng) % 150); break;     /* whole, scaled up */
		case 1: shift = low + 1 + (int)(splitmix64_next(&rng) % 54); break;  /* bits dropped */
		default: shift = high + (int)(splitmix64_next(&rng) % 70); break;    /* below one */
		}
		if (a == 0.0)
			shift = (int)(splitmix64_next(&rng) % 2000) - 1074;
		/* the engine keeps a 2^-shift below 2^TF_CRT_MAX_POWER */
		if (a != 0.0 && high - shift >= TF_CRT_MAX_POWER)
			continue;
		for (int t = 0; t < TF_CRT_MAX_MODULI; t++, cases++) {
			int got = tf_crt_residue(a, shift, &basis, t, powers[t]);
			int want = oracle_residue(a, shift, moduli[t]);
			if (got != want)
				report("residue", a, shift, moduli[t], got, want);
			/* the int8 class, the sign applied last (the kernels' form) */
			int8_t got8 = tf_crt_symmetric_residue(tf_crt_scale(a, shift), (uint32_t)moduli[t],
							       basis.divisor[t], basis.bytes[t], powers[t]);
			if (got8 != tf_crt_symmetric(want, moduli[t]))
				report("symmetric", a, shift, moduli[t], got8, tf_crt_symmetric(want, moduli[t]));
		}
	}
	printf("%lld cases, %d mismatches\n", cases, mismatches);
	return mismatches != 0;
}
