/* Shared by the tests of the typed API (the programs of test/typed).
 *
 * A format's arrays and scalars are handled through the functions below,
 * one body for every format: the tests are written once and run for DD, DS,
 * DS packed, DI, DF and TS (and the DS GEMM in DS arithmetic).  Every value
 * a call reads is read back exactly into MPFR, so that the reference is the
 * exact result of the data actually stored; every result is judged against
 * a bound derived from the working arithmetic (bounds.c). */
#ifndef TF_TEST_TYPED_HARNESS_H
#define TF_TEST_TYPED_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <mpfr.h>
#include "twofold.h"

/* ---- Formats ---------------------------------------------------------- */

enum format { FMT_DD, FMT_DS, FMT_DSP, FMT_DI, FMT_DF, FMT_TS, FMT_COUNT };

/* What a routine computes in: a format, and for the DS GEMM also DS
 * arithmetic (tf_dsgemm_dsarith). */
struct variant {
	enum format fmt;
	int dsarith;
};
#define VARIANT_COUNT (FMT_COUNT + 1) /* the six formats and tf_dsgemm_dsarith */
struct variant variant_of(int index);  /* 0..VARIANT_COUNT-1 */
int variant_index(struct variant v);
const char *variant_name(struct variant v); /* "dd", ..., "ds-dsarith" */

struct format_info {
	const char *name;
	int pair;            /* two arrays (hi[], lo[]): DS and DI */
	size_t hi_bytes;     /* bytes of an element of the (first) array */
	size_t lo_bytes;     /* of the second array; 0 for one array */
	int float_range;     /* the exponent range is float's (DF, TS) */
	int bits;            /* significant bits of the format */
};
const struct format_info *format_info(enum format fmt);
enum format format_by_name(const char *name); /* FMT_COUNT if none */

/* The scalar of a format's working arithmetic: tf_dd for DD, DS, DSP and
 * DI; tf_df for DF; tf_ts for TS. */
union scalar {
	tf_dd dd;
	tf_df df;
	tf_ts ts;
};

/* n elements of a format, in host memory. */
struct array {
	enum format fmt;
	size_t n;
	void *hi;
	void *lo; /* NULL for the one-array formats */
};

/* MPFR precisions: an input element's exact value (the data made here
 * spans fewer bits), a result element's (any finite value of any format),
 * the products and the exact sums.  A read or a step that is not exact
 * stops the program: an error of the test, never a silent rounding. */
#define IN_PREC 320
#define OUT_PREC 2400
#define PROD_PREC (2 * IN_PREC)
#define SUM_PREC 8192

struct array array_new(enum format fmt, size_t n); /* every element NaN */
void array_free(struct array *a);
struct array array_copy(const struct array *a);
/* Element i, bit for bit the same in a and b. */
int array_same(const struct array *a, const struct array *b, size_t i);
/* Element i exactly, into out (its precision must hold the value: IN_PREC
 * for data made here, OUT_PREC for results); 1 if it is finite. */
int elem_get(const struct array *a, size_t i, mpfr_ptr out);
/* Element i := x rounded to the format (word by word, each to nearest). */
void elem_set(struct array *a, size_t i, mpfr_srcptr x);
/* Element i := the double v in its leading word (NaN, Inf or a value exact
 * in the format), the other words 0 (NaN for a NaN). */
void elem_set_d(struct array *a, size_t i, double v);
/* Element di of dst := element si of src, bit for bit (same format). */
void elem_copy(struct array *dst, size_t di, const struct array *src, size_t si);
/* The double nearest element i (the sum of its words in double). */
double elem_double(const struct array *a, size_t i);

union scalar scalar_set(enum format fmt, mpfr_srcptr x);
void scalar_get(enum format fmt, union scalar s, mpfr_ptr out);
double scalar_double(enum format fmt, union scalar s);
int scalar_is_zero(enum format fmt, union scalar s);
/* num / den rounded to the scalar of the format. */
union scalar scalar_ratio(enum format fmt, long num, long den);

/* ---- Calls (the arrays may be placed elsewhere first: placement) ------ */

/* Where the arrays of a call live.  NULL: the host arrays themselves.  A
 * placement copies every array of a call to memory of its kind before the
 * call and every array back after it (test/typed/resident.c: device and
 * managed memory). */
struct placement {
	const char *name;
	const char *tag; /* prefixed to the set names in the report */
	void *(*place)(const void *host, size_t bytes);
	void (*fetch)(void *host, const void *placed, size_t bytes);
	void (*release)(void *placed);
};
extern const struct placement *placement;

int call_gemm(struct variant v, char ta, char tb, int m, int n, int k, union scalar alpha,
	      struct array *a, int lda, struct array *b, int ldb, union scalar beta,
	      struct array *c, int ldc);
int call_gemv(enum format fmt, char trans, int m, int n, union scalar alpha, struct array *a,
	      int lda, struct array *x, int incx, union scalar beta, struct array *y, int incy);
int call_axpy(enum format fmt, int n, union scalar alpha, struct array *x, int incx,
	      struct array *y, int incy);
/* result NULL passes a null result pointer (an illegal argument). */
int call_dot(enum format fmt, int n, struct array *x, int incx, struct array *y, int incy,
	     union scalar *result);
/* The name of the routine called ("tf_dsgemv"). */
const char *routine_name(const char *kind, struct variant v);

/* ---- Random numbers: splitmix64, fixed seeds ----------------------------- */

void rng_seed(uint64_t seed);
uint64_t rng_next(void);
double rng_unif(void);            /* [0, 1) */
int rng_int(int lo, int hi);      /* lo..hi */
void rng_permutation(int *perm, int n); /* perm[0..n) a permutation of 0..n-1 */
/* A random value of 128 significant bits, sign random, magnitude in
 * [2^e, 2^(e+1)), e uniform in [emin, emax]. */
void rng_mp(mpfr_ptr out, int emin, int emax);

/* ---- Bounds (bounds.c) ---------------------------------------------------- */

enum kind { KIND_GEMM, KIND_GEMV, KIND_AXPY, KIND_DOT, KIND_COUNT };

/* The bound of one result element:
 *   |got - exact| <= work_units(v, kind, k) * u_work(v) * S
 *                    + u_store(v, kind) * (|exact| + rounds * S) + floor
 * S = |alpha| sum |a_l b_l| + |beta c| (the sum of the magnitudes of the
 * terms), k the number of products, rounds the roundings to the storage
 * format on the way (0, but n for AXPY with incy = 0). */
double work_units(struct variant v, enum kind kind, int k);
double u_work(struct variant v);
double u_store(struct variant v, enum kind kind);
double bound_floor(struct variant v);

/* ---- Judging and the report (judge.c) ------------------------------------- */

/* The case being judged (for messages), and the set its tallies go to. */
void case_begin(struct variant v, enum kind kind, const char *set, const char *format, ...)
	__attribute__((format(printf, 4, 5)));
/* Prints the case's line; returns its failures. */
long case_end(void);

/* One result element: got (exact, NaN for a non-finite one), exact, S as
 * above, k and rounds for the bound; shadow the same element computed in
 * the plain arithmetic of the leading word (double; float for DF), or NaN
 * when not computed. */
void judge(const char *elem, mpfr_srcptr got, mpfr_srcptr exact, double s, int k, double rounds,
	   double shadow);
/* A failure that is not an element's error (a return value, memory the
 * call must not touch, a non-finite result expected). */
void judge_fail(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* Whether the sets named must be failed by the plain arithmetic (the
 * shadow): "the test can fail". */
void require_shadow_failures(int on);
/* Prints the summary; returns the exit status (0 or 1). */
int report(void);
void harness_error(const char *format, ...) __attribute__((format(printf, 1, 2), noreturn));
void *xmalloc(size_t bytes);

/* Aborts (exit 99, an error of the test) when an MPFR step that must be
 * exact was not. */
#define EXACT(call) exact_or_die((call), __FILE__, __LINE__)
void exact_or_die(int ternary, const char *file, int line);

#endif
