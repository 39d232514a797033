#include "config.h"

#include "harness.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int check_mode = 1;
long random_cases = 1000000;
mpfr_t mp[MP_VARS];

static const char *run_title;
static long total_failures;
static uint64_t total_hash = 0xcbf29ce484222325u;
static mpfr_t err_bound, err_got; /* small-precision work for check_bound */

/* ---- random numbers ---- */

void rng_seed(struct rng *r, uint64_t seed)
{
	r->state = seed;
}

uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

uint32_t rng_below(struct rng *r, uint32_t n)
{
	return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

int rng_range(struct rng *r, int lo, int hi)
{
	return lo + (int)rng_below(r, (uint32_t)(hi - lo + 1));
}

int random_sign(struct rng *r)
{
	return (int)(rng_next(r) >> 63);
}

/* ---- floating-point numbers from fields ---- */

/* The casts between a number and its encoding. */
#define BIT_CAST(name, to, from)           \
	to name(from x)                    \
	{                                  \
		to r;                      \
		memcpy(&r, &x, sizeof r);  \
		return r;                  \
	}
BIT_CAST(bits_to_double, double, uint64_t)
BIT_CAST(double_to_bits, uint64_t, double)
BIT_CAST(bits_to_float, float, uint32_t)
BIT_CAST(float_to_bits, uint32_t, float)

/* An IEEE binary format, as far as its fields go. */
struct binary {
	int fraction_bits;
	int exponent_bits;
	int emin, emax; /* of the normal numbers; emax is the bias */
};
static const struct binary binary64 = {52, 11, -1022, 1023}, binary32 = {23, 8, -126, 127};

/* The encoding of a normal number, from its fields. */
static uint64_t encode(const struct binary *b, int negative, int exponent, uint64_t fraction)
{
	if (exponent < b->emin || exponent > b->emax)
		abort();
	return (uint64_t)(negative != 0) << (b->fraction_bits + b->exponent_bits) |
	       (uint64_t)(exponent + b->emax) << b->fraction_bits |
	       (fraction & ((UINT64_C(1) << b->fraction_bits) - 1));
}

double make_double(int negative, int exponent, uint64_t fraction)
{
	return bits_to_double(encode(&binary64, negative, exponent, fraction));
}

float make_float(int negative, int exponent, uint32_t fraction)
{
	return bits_to_float((uint32_t)encode(&binary32, negative, exponent, fraction));
}

/* A fraction field of w bits: half uniform, half from patterns near the
 * boundaries where roundings tie or carry. */
static uint64_t random_fraction(struct rng *r, int w)
{
	uint64_t all = (UINT64_C(1) << w) - 1;
	uint64_t x = rng_next(r);
	uint64_t bits;
	int k;
	switch (rng_below(r, 16)) {
	case 8:
		return 0;
	case 9:
		return all;
	case 10:
		return rng_below(r, 256);
	case 11:
		return all - rng_below(r, 256);
	case 12: /* a few bits set: two, and a third one time in two */
		bits = UINT64_C(1) << rng_below(r, w);
		bits |= UINT64_C(1) << rng_below(r, w);
		if (rng_below(r, 2))
			bits |= UINT64_C(1) << rng_below(r, w);
		return bits;
	case 13: /* random top half, zeros below */
		k = rng_range(r, 1, w - 1);
		return (x << k) & all;
	case 14: /* ones on top, random below */
		k = rng_range(r, 1, w - 1);
		return (all << k | (x & ((UINT64_C(1) << k) - 1))) & all;
	case 15: /* a run of ones */
		k = rng_range(r, 1, w - 1);
		return (all >> k) << rng_below(r, (uint32_t)k + 1) & all;
	default:
		return x & all;
	}
}

uint64_t random_fraction52(struct rng *r)
{
	return random_fraction(r, 52);
}

uint32_t random_fraction23(struct rng *r)
{
	return (uint32_t)random_fraction(r, 23);
}

/* The encoding of a random normal number: its exponent, then its
 * fraction, then its sign. */
static uint64_t random_encoding(struct rng *r, const struct binary *b, int emin, int emax)
{
	int e = rng_range(r, emin, emax);
	uint64_t fraction = random_fraction(r, b->fraction_bits);
	int negative = random_sign(r);
	return encode(b, negative, e, fraction);
}

double random_double(struct rng *r, int emin, int emax)
{
	return bits_to_double(random_encoding(r, &binary64, emin, emax));
}

float random_float(struct rng *r, int emin, int emax)
{
	return bits_to_float((uint32_t)random_encoding(r, &binary32, emin, emax));
}

/* A low-order word for hi in the binary format b, before the check that
 * fl(hi + lo) = hi. */
static double random_tail(struct rng *r, double hi, int maxgap, const struct binary *b)
{
	int p = b->fraction_bits + 1, emin = b->emin;
	uint32_t k = rng_below(r, 16);
	int e, gap, el, negative = random_sign(r);
	double lo, sub = ldexp(1, emin - p + 1); /* the smallest subnormal */
	if (hi == 0 || !isfinite(hi) || k == 0 || fabs(hi) < ldexp(1, emin))
		return 0;
	e = ilogb(hi);
	if (k == 1)
		lo = e - p >= emin - p + 1 ? ldexp(1, e - p) : 0;
	else {
		gap = k < 10 ? 0 : k < 14 ? rng_range(r, 1, 4) : rng_range(r, 5, maxgap);
		el = e - p - 1 - gap;
		if (el >= emin)
			lo = ldexp(1 + ldexp((double)(random_fraction(r, p - 1)), 1 - p), el);
		else if (el >= emin - p + 1) /* subnormal: a multiple of sub */
			lo = sub * (double)((UINT64_C(1) << (el - emin + p - 1)) |
					    (rng_next(r) & ((UINT64_C(1) << (el - emin + p - 1)) - 1)));
		else
			lo = 0;
	}
	return negative ? -lo : lo;
}

double random_tail_d(struct rng *r, double hi, int maxgap)
{
	double lo = random_tail(r, hi, maxgap, &binary64);
	while (hi + lo != hi)
		lo = lo / 2 == 0 ? 0 : lo / 2;
	return lo;
}

float random_tail_f(struct rng *r, float hi, int maxgap)
{
	float lo = (float)random_tail(r, hi, maxgap, &binary32);
	while (hi + lo != hi)
		lo = lo / 2;
	return lo;
}

tf_dd random_dd(struct rng *r, int e)
{
	uint64_t fraction = random_fraction52(r);
	double hi = make_double(random_sign(r), e, fraction);
	tf_dd x = {hi, random_tail_d(r, hi, 60)};
	return x;
}

void sum_exponents(struct rng *r, int *ea, int *eb, int lo, int hi, int spread)
{
	*ea = rng_range(r, lo, hi);
	switch (rng_below(r, 3)) {
	case 0:
		*eb = *ea;
		break;
	case 1:
		*eb = *ea + rng_range(r, -spread, spread);
		if (*eb < lo)
			*eb = lo;
		if (*eb > hi)
			*eb = hi;
		break;
	default:
		*eb = rng_range(r, lo, hi);
	}
}

void product_exponents(struct rng *r, int *ea, int *eb, int lo, int hi, int fmin, int fmax)
{
	int ep = rng_range(r, lo, hi);
	int amin = ep - fmax > fmin ? ep - fmax : fmin;
	int amax = ep - fmin < fmax ? ep - fmin : fmax;
	*ea = rng_range(r, amin, amax);
	*eb = ep - *ea;
}

double nudge_d(double x, int k)
{
	return bits_to_double(double_to_bits(x) + (uint64_t)(int64_t)k);
}

float nudge_f(float x, int k)
{
	return bits_to_float(float_to_bits(x) + (uint32_t)(int32_t)k);
}

int significant_bits_d(double x)
{
	uint64_t bits = double_to_bits(x) & ((UINT64_C(1) << 52) - 1);
	int biased = (int)(double_to_bits(x) >> 52 & 0x7ff);
	int n;
	if (x == 0)
		return 0;
	if (biased != 0)
		bits |= UINT64_C(1) << 52;
	n = 64 - __builtin_clzll(bits);
	return n - __builtin_ctzll(bits);
}

double ulp_f(float x)
{
	float a = fabsf(x);
	if (a < FLT_MIN)
		return 0x1p-149;
	return ldexp(1.0, ilogb(a) - 23);
}

/* ---- reporting ---- */

#define FNV_OFFSET UINT64_C(0xcbf29ce484222325)

/* Adds the 8 bytes of x, lowest first, to the FNV-1a hash. */
static void fnv_add(uint64_t *hash, uint64_t x)
{
	int i;
	for (i = 0; i < 8; i++) {
		*hash ^= (x >> (8 * i)) & 0xff;
		*hash *= UINT64_C(0x100000001b3);
	}
}

void op_begin(struct op *op, const char *name, const char *bound, int exact)
{
	memset(op, 0, sizeof *op);
	op->name = name;
	op->bound = bound;
	op->exact = exact;
	op->hash = FNV_OFFSET;
	op->started = (double)clock() / CLOCKS_PER_SEC;
}

/* A NaN's sign and payload are not specified (they depend on the order of
 * the operands an instruction got): every NaN counts as the same value. */
void hash_double(struct op *op, double x)
{
	fnv_add(&op->hash, isnan(x) ? UINT64_C(0x7ff8000000000000) : double_to_bits(x));
}

void hash_float(struct op *op, float x)
{
	fnv_add(&op->hash, isnan(x) ? UINT64_C(0x7fc00000) : float_to_bits(x));
}

void hash_int(struct op *op, int64_t x)
{
	fnv_add(&op->hash, (uint64_t)x);
}

/* "KIND name: <message>", the first `shown` of them (the count is
 * kept by the caller). */
static void op_message(const struct op *op, const char *kind, long count, long shown,
		       const char *format, va_list ap)
{
	if (count > shown)
		return;
	printf("%s %s: ", kind, op->name);
	vprintf(format, ap);
	putchar('\n');
}

void op_fail(struct op *op, const char *format, ...)
{
	va_list ap;
	op->failures++;
	if (++op->printed == 11)
		printf("FAIL %s: (further failures of %s not shown)\n", op->name, op->name);
	va_start(ap, format);
	op_message(op, "FAIL", op->printed, 10, format, ap);
	va_end(ap);
}

void op_note(struct op *op, const char *format, ...)
{
	va_list ap;
	va_start(ap, format);
	op_message(op, "NOTE", ++op->notes, 5, format, ap);
	va_end(ap);
}

void op_end(struct op *op)
{
	double seconds = (double)clock() / CLOCKS_PER_SEC - op->started;
	if (check_mode) {
		if (op->exact)
			printf("%-20s %8ld cases %6ld edge  %-22s %s  %5.2fs  (%s)\n", op->name, op->cases,
			       op->edges, op->max_ratio == 0 ? "exact" : "NOT EXACT",
			       op->failures ? "FAIL" : "PASS", seconds, op->bound);
		else
			printf("%-20s %8ld cases %6ld edge  max err %-9.6g of bound  %s  %5.2fs  (bound: %s)\n",
			       op->name, op->cases, op->edges, op->max_ratio,
			       op->failures ? "FAIL" : "PASS", seconds, op->bound);
		if (op->failures)
			printf("%-20s %ld failures\n", op->name, op->failures);
		if (op->notes)
			printf("%-20s %ld notes\n", op->name, op->notes);
		if (op->outside)
			printf("%-20s %ld edge cases outside the range of the bound, "
			       "not checked against it\n", op->name, op->outside);
	}
	printf("checksum %-20s %016llx\n", op->name, (unsigned long long)op->hash);
	total_failures += op->failures;
	fnv_add(&total_hash, op->hash);
	fflush(stdout);
}

/* Whether this build fuses a*b + c: a product whose rounding matters,
 * from operands the compiler cannot see. */
static int contraction_in_effect(void)
{
	volatile double va = 1 + 0x1p-30, vb = 1 - 0x1p-30, vc = -1;
	double a = va, b = vb, c = vc;
	return a * b + c != 0;
}

void harness_start(int argc, char **argv, const char *title)
{
	int i;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--checksum-only") == 0)
			check_mode = 0;
		else if (strcmp(argv[i], "--cases") == 0 && i + 1 < argc)
			random_cases = atol(argv[++i]);
		else {
			fprintf(stderr, "usage: %s [--cases N] [--checksum-only]\n", argv[0]);
			exit(2);
		}
	}
	run_title = title;
	printf("%s: %ld random cases per operation%s\n", title, random_cases,
	       check_mode ? ", checked against MPFR " MPFR_VERSION_STRING : ", checksums only");
	printf("contraction: %s\n", contraction_in_effect() ? "fused" : "off");
	for (i = 0; i < MP_VARS; i++)
		mpfr_init2(mp[i], 64);
	mpfr_init2(err_bound, 128);
	mpfr_init2(err_got, 128);
	fflush(stdout);
}

int harness_finish(void)
{
	int i;
	printf("checksum %-20s %016llx\n", "all", (unsigned long long)total_hash);
	if (check_mode)
		printf("%s: %s (%ld failures)\n", run_title, total_failures ? "FAIL" : "PASS",
		       total_failures);
	for (i = 0; i < MP_VARS; i++)
		mpfr_clear(mp[i]);
	mpfr_clear(err_bound);
	mpfr_clear(err_got);
	mpfr_free_cache();
	return total_failures ? 1 : 0;
}

/* ---- exact values ---- */

void span_init(struct span *s)
{
	s->top = -100000;
	s->bottom = 100000;
}

static void span_bits(struct span *s, int top, int bottom)
{
	if (top > s->top)
		s->top = top;
	if (bottom < s->bottom)
		s->bottom = bottom;
}

/* The position of the lowest bit x may have: its ulp's. */
static int lowest_bit(double x)
{
	return fabs(x) < DBL_MIN ? -1074 : ilogb(x) - 52;
}

void span_d(struct span *s, double x)
{
	if (x == 0 || !isfinite(x))
		return;
	span_bits(s, ilogb(x), lowest_bit(x));
}

void span_prod(struct span *s, double a, double b)
{
	if (a == 0 || b == 0 || !isfinite(a) || !isfinite(b))
		return;
	span_bits(s, ilogb(a) + ilogb(b) + 1, lowest_bit(a) + lowest_bit(b));
}

void span_prec(const struct span *s)
{
	/* Room for the carries of sums of up to 2^8 terms. */
	long p = s->top < s->bottom ? 64 : (long)s->top - s->bottom + 1 + 8;
	int i;
	if (p < 64)
		p = 64;
	for (i = 0; i < MP_VARS; i++)
		mpfr_set_prec(mp[i], (mpfr_prec_t)p);
}

void exact_or_die(int ternary, const char *file, int line)
{
	if (ternary != 0) {
		printf("internal error: an exact MPFR step was rounded (%s:%d)\n", file, line);
		exit(3);
	}
}

int check_bound(struct op *op, mpfr_srcptr got, mpfr_srcptr exact, mpfr_srcptr scale,
		double factor, double absolute)
{
	long e_err, e_bound;
	double m_err, m_bound;
	/* |got - exact| rounded up, the bound rounded down: the comparison
	 * can only be too strict, by a relative 2^-127. */
	mpfr_sub(err_got, got, exact, MPFR_RNDA);
	mpfr_abs(err_got, err_got, MPFR_RNDN);
	mpfr_mul_d(err_bound, scale, factor, MPFR_RNDZ);
	mpfr_abs(err_bound, err_bound, MPFR_RNDN);
	if (absolute != 0)
		mpfr_add_d(err_bound, err_bound, absolute, MPFR_RNDZ);
	if (mpfr_zero_p(err_got))
		op->last_ratio = 0;
	else if (mpfr_zero_p(err_bound))
		op->last_ratio = INFINITY;
	else {
		m_err = mpfr_get_d_2exp(&e_err, err_got, MPFR_RNDN);
		m_bound = mpfr_get_d_2exp(&e_bound, err_bound, MPFR_RNDN);
		op->last_ratio = ldexp(m_err / m_bound, (int)(e_err - e_bound));
	}
	if (op->last_ratio > op->max_ratio)
		op->max_ratio = op->last_ratio;
	return mpfr_cmp(err_got, err_bound) <= 0;
}

int check_exact(struct op *op, mpfr_srcptr got, mpfr_srcptr exact)
{
	int same = mpfr_equal_p(got, exact);
	op->last_ratio = same ? 0 : INFINITY;
	if (!same)
		op->max_ratio = INFINITY;
	return same;
}

const char *hex_mp(mpfr_srcptr x)
{
	static char buffers[4][160];
	static int next;
	char *b = buffers[next++ & 3];
	mpfr_snprintf(b, sizeof buffers[0], "%.40Ra", x);
	return b;
}
