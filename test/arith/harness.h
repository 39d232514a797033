/* Shared by the unit tests of the two-term arithmetic (the programs of test/arith).
 *
 * Each test program runs every operation of one header on random operands
 * (fixed seed) and on edge cases, compares with MPFR, and prints per
 * operation the number of cases, the largest error as a fraction of the
 * stated bound, PASS or FAIL, and a checksum of the bit patterns of all its
 * results.  Options:
 *   --cases N        random cases per operation (default 1000000)
 *   --checksum-only  compute and print the checksums, no comparison with
 *                    MPFR: the contraction test compares two builds' sums
 * The program exits 0 when every check passed, 1 otherwise.
 *
 * This file: random numbers, floating-point numbers from their fields, the
 * report of an operation, the MPFR work area.  format.h describes a format
 * to the driver. */
#ifndef TF_TEST_ARITH_HARNESS_H
#define TF_TEST_ARITH_HARNESS_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include <mpfr.h>

#include "twofold/types.h"

/* Random numbers: splitmix64, fixed seeds, the same stream on every build.
 * Where a value takes several numbers from the stream, the code says in
 * which order (never in the unspecified order of a call's arguments). */
struct rng {
	uint64_t state;
};
void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
uint32_t rng_below(struct rng *r, uint32_t n);      /* uniform in [0, n) */
int rng_range(struct rng *r, int lo, int hi);       /* uniform in [lo, hi] */

/* Floating-point numbers built from their fields, with no arithmetic. */
double make_double(int negative, int exponent, uint64_t fraction); /* normal */
float make_float(int negative, int exponent, uint32_t fraction);   /* normal */
double bits_to_double(uint64_t bits);
uint64_t double_to_bits(double x);
float bits_to_float(uint32_t bits);
uint32_t float_to_bits(float x);
/* Significands biased towards the patterns that reach rounding boundaries
 * (all ones, powers of two, sparse bits, runs), half of them uniform. */
uint64_t random_fraction52(struct rng *r);
uint32_t random_fraction23(struct rng *r);
/* Exponent in [emin, emax] (normal), then the fraction, then the sign. */
double random_double(struct rng *r, int emin, int emax);
float random_float(struct rng *r, int emin, int emax);
int random_sign(struct rng *r);
/* A low-order word for hi: lo with fl(hi + lo) = hi, that is zero, a tie
 * (ulp(hi)/2), just below it, or up to maxgap bits further down; on the
 * subnormal grid where it has to be. */
double random_tail_d(struct rng *r, double hi, int maxgap);
float random_tail_f(struct rng *r, float hi, int maxgap);
/* A normalized DD with hi of exponent e (the lo up to 60 bits down). */
tf_dd random_dd(struct rng *r, int e);
/* Exponents of the two operands of a sum within [lo, hi]: equal
 * (cancellation when the signs differ), within spread of each other, or
 * independent. */
void sum_exponents(struct rng *r, int *ea, int *eb, int lo, int hi, int spread);
/* Exponents of two factors whose product has an exponent in [lo, hi], each
 * factor within [fmin, fmax]. */
void product_exponents(struct rng *r, int *ea, int *eb, int lo, int hi, int fmin, int fmax);
/* k ulps away from x, in magnitude. */
double nudge_d(double x, int k);
float nudge_f(float x, int k);
/* The number of significant bits of x (0 for 0). */
int significant_bits_d(double x);
/* ulp(x) for a float x (2^-149 below the normal range), a double. */
double ulp_f(float x);

/* One operation's record. */
struct op {
	const char *name;
	const char *bound;       /* the stated bound, for the report */
	int exact;               /* the operation promises an exact result */
	long cases;              /* random cases */
	long edges;              /* edge cases */
	long failures;
	long printed;
	long notes;              /* remarks that are not failures */
	long outside;            /* edge cases outside the range of the bound */
	double max_ratio;        /* largest error / bound */
	double last_ratio;
	uint64_t hash;
	double started;          /* processor time at op_begin, seconds */
};
void op_begin(struct op *op, const char *name, const char *bound, int exact);
/* Prints the summary line and the checksum line; adds to the totals. */
void op_end(struct op *op);
void hash_double(struct op *op, double x);
void hash_float(struct op *op, float x);
void hash_int(struct op *op, int64_t x);

/* A failure: counts it and prints up to 10 per operation, in the form
 * "FAIL name: <message>". */
void op_fail(struct op *op, const char *format, ...)
	__attribute__((format(printf, 2, 3)));
/* A remark that is not a failure ("NOTE name: <message>"), up to 5. */
void op_note(struct op *op, const char *format, ...)
	__attribute__((format(printf, 2, 3)));

/* The run: parses the options, prints what the build does with contraction. */
extern int check_mode; /* 0 with --checksum-only */
extern long random_cases;
void harness_start(int argc, char **argv, const char *title);
int harness_finish(void); /* the exit status */

/* MPFR work area.  Values are formed exactly: span_prec() sets the
 * precision of the work variables to what a case needs (the span of the
 * exponents involved), and every exact step is checked to be exact. */
#define MP_VARS 8
extern mpfr_t mp[MP_VARS];
struct span {
	int top;    /* highest bit position that may be set */
	int bottom; /* lowest bit position that may be set */
};
void span_init(struct span *s);
void span_d(struct span *s, double x);
void span_prod(struct span *s, double a, double b); /* the exact product */
void span_prec(const struct span *s);               /* sets mp[] precision */
/* Exactness: aborts the program (an error of the test itself) when an MPFR
 * step that must be exact was not. */
#define EXACT(call) exact_or_die((call), __FILE__, __LINE__)
void exact_or_die(int ternary, const char *file, int line);
/* |got - exact| <= factor * scale + absolute?  Returns 1 if so; records the
 * ratio error / bound in op->last_ratio and op->max_ratio. */
int check_bound(struct op *op, mpfr_srcptr got, mpfr_srcptr exact, mpfr_srcptr scale,
		double factor, double absolute);
/* got == exact?  (For the exact operations.) */
int check_exact(struct op *op, mpfr_srcptr got, mpfr_srcptr exact);
/* Formats x in hexadecimal for messages (a rotating set of buffers). */
const char *hex_mp(mpfr_srcptr x);

#endif
