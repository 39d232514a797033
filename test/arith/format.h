/* The unit tests of the arithmetic (test/arith): what a format is to the
 * driver.
 *
 * One test program per format: its table (dd.c, df.c, ds.c, di.c, ts.c)
 * defines test_format, the description of the format and of each of its
 * operations, and the driver (driver.c) runs them all, written once: random
 * operands (operands.c draws the shapes the formats share) and edge cases,
 * the header's function on them (values.c), a checksum of the results, and
 * the check of each result against MPFR (checks.c).
 *
 * A format's description: its title and seed; its edge cases; what an edge
 * case gets where its exact result lies outside an operation's stated range
 * (edge_verdicts); its operations, in the order they are run.  An
 * operation's: the header's function and its signature (which gives the
 * arity and how the operands and the result are laid out in words); the
 * stated bound, as text for the report and as numbers for the check; how
 * random operands are made, and from which edge cases; the stated range;
 * and which check applies. */
#ifndef TF_TEST_ARITH_FORMAT_H
#define TF_TEST_ARITH_FORMAT_H

#include <stdint.h>

#include "harness.h"
#include "twofold/types.h"

/* A value of any format, as its words, most significant first, each held
 * exactly in a double (a float, or an int32).  Words beyond the value's
 * layout are 0. */
struct num {
	double w[3];
};

enum word {
	WORD_DOUBLE,
	WORD_FLOAT,
	WORD_DI_LOW, /* an int32, DI's low word: the upper half of the
		      * encoding of a double whose lower half is 0 */
};

/* How a value is laid out in words; the value is the sum of the words'. */
struct layout {
	int words;
	enum word word[3];
	/* The format's normalization (NULL: one word, nothing to check). */
	int (*normalized)(const struct num *x);
};
extern const struct layout layout_double, layout_float, layout_di_low, layout_dd, layout_df,
	layout_ds, layout_di, layout_ts;

/* ---- the functions of the headers, by signature ---- */

/* "dd_of_dd_d": a tf_dd of a tf_dd and a double; d double, f float,
 * i int32_t (DI's low word). */
enum signature {
	CALL_dd_of_d_d,
	CALL_dd_of_d,
	CALL_dd_of_dd_dd,
	CALL_dd_of_dd_d,
	CALL_dd_of_dd_d_d,
	CALL_dd_of_dd,
	CALL_d_of_dd,
	CALL_df_of_f_f,
	CALL_df_of_df_df,
	CALL_df_of_df_f,
	CALL_df_of_df_f_f,
	CALL_df_of_d,
	CALL_d_of_df,
	CALL_ds_of_d_f,
	CALL_ds_of_dd,
	CALL_dd_of_ds,
	CALL_di_of_d_i,
	CALL_i_of_d,
	CALL_d_of_i,
	CALL_di_of_dd,
	CALL_dd_of_di,
	CALL_ts_of_f_f_f,
	CALL_ts_of_ts_ts,
	CALL_ts_of_d,
	CALL_d_of_ts,
	CALL_ts_of_dd,
	CALL_dd_of_ts,
};

union function {
	tf_dd (*dd_of_d_d)(double, double);
	tf_dd (*dd_of_d)(double);
	tf_dd (*dd_of_dd_dd)(tf_dd, tf_dd);
	tf_dd (*dd_of_dd_d)(tf_dd, double);
	tf_dd (*dd_of_dd_d_d)(tf_dd, double, double);
	tf_dd (*dd_of_dd)(tf_dd);
	double (*d_of_dd)(tf_dd);
	tf_df (*df_of_f_f)(float, float);
	tf_df (*df_of_df_df)(tf_df, tf_df);
	tf_df (*df_of_df_f)(tf_df, float);
	tf_df (*df_of_df_f_f)(tf_df, float, float);
	tf_df (*df_of_d)(double);
	double (*d_of_df)(tf_df);
	tf_ds (*ds_of_d_f)(double, float);
	tf_ds (*ds_of_dd)(tf_dd);
	tf_dd (*dd_of_ds)(tf_ds);
	tf_di (*di_of_d_i)(double, int32_t);
	int32_t (*i_of_d)(double);
	double (*d_of_i)(int32_t);
	tf_di (*di_of_dd)(tf_dd);
	tf_dd (*dd_of_di)(tf_di);
	tf_ts (*ts_of_f_f_f)(float, float, float);
	tf_ts (*ts_of_ts_ts)(tf_ts, tf_ts);
	tf_ts (*ts_of_d)(double);
	double (*d_of_ts)(tf_ts);
	tf_ts (*ts_of_dd)(tf_dd);
	tf_dd (*dd_of_ts)(tf_ts);
};

/* In an operation's initializer: the function and its signature. */
#define CALLS(signature_, function_) .signature = CALL_##signature_, .function.signature_ = function_

/* ---- edge cases ---- */

enum signs {
	AS_GIVEN,
	BOTH_SIGNS,      /* each value, then its negation (every word negated) */
	BOTH_SIGNS_LEAD, /* each value, then with its lead word negated */
};
struct values {
	const struct num *values;
	int count;
	enum signs signs;
};
#define VALUES(array, signs) {array, (int)(sizeof array / sizeof array[0]), signs}

/* The format's edge cases (test_format.edges), in order. */
extern struct num edge[64];
extern int edge_count;

enum edges {
	EDGES_NONE,
	EDGES_EACH,  /* each edge case, as the operand */
	EDGES_WORDS, /* each edge case, its words the operands */
	EDGES_PAIRS, /* a = edge[i], b = edge[j] for every i, j; a third operand
		      * edge[(i + j) % edge_count] */
	EDGES_LIST,  /* the operation's own list (edge_list) */
	EDGES_OWN,   /* edge_case(k, x) for k < edge_cases() (edge_count if
		      * NULL) */
};

/* The shapes of random operands the formats share (operands.c). */
enum draw {
	DRAW_OWN,     /* the operation's random() */
	DRAW_SUM,     /* a and b of a sum: exponents by sum_exponents(); one
		       * case in eight cancels, b's lead word within 4 ulps of
		       * -a's */
	DRAW_ORDERED_SUM, /* the same, the larger first */
	DRAW_PRODUCT, /* a and b: exponents by product_exponents() */
	DRAW_FMA,     /* acc, a, b: acc's exponent against a b's as a sum's;
		       * one case in eight cancels, acc = -(a b) rounded, with
		       * or without its error */
};
/* The exponents of random operands: of a sum's operands, [lo, hi] and
 * within spread of each other; of a product, [lo, hi], of its factors
 * [fmin, fmax]. */
struct exponents {
	int lo, hi, spread;
	int fmin, fmax;
};
#define SUMS(lo_, hi_, spread_) {.lo = lo_, .hi = hi_, .spread = spread_}
#define PRODUCTS(lo_, hi_, fmin_, fmax_) {.lo = lo_, .hi = hi_, .fmin = fmin_, .fmax = fmax_}
#define FMAS(lo_, hi_, spread_, fmin_, fmax_) \
	{.lo = lo_, .hi = hi_, .spread = spread_, .fmin = fmin_, .fmax = fmax_}

/* Operands given with an operation (the cases found to come closest to
 * its bound). */
struct operands {
	struct num x[3];
};

/* ---- checks ---- */

enum reference {
	REF_ADD,   /* a + b */
	REF_MUL,   /* a b */
	REF_FMA,   /* acc + a b, the operands acc, a, b */
	REF_DIV,   /* a / b: the one reference that is not exact, rounded
		    * to 128 bits more than the case's span (a relative
		    * 2^-192 at most, far below any bound checked) */
	REF_SQRT,  /* sqrt(a), rounded as REF_DIV */
};

/* What the error is measured against: the bound is factor times it. */
enum scale {
	SCALE_RESULT,             /* |exact| */
	SCALE_OPERANDS,           /* |a| + |b| */
	SCALE_RESULT_AND_PRODUCT, /* |acc + ab| + |ab| */
	SCALE_ADDEND_AND_PRODUCT, /* |acc| + |ab| */
};

/* Where an edge case's exact result lies against the range an operation's
 * bound is stated for. */
enum range { IN_RANGE, OVERFLOW_RANGE, UNDERFLOW_RANGE };

/* What an edge case of finite operands gets, by its range and whether its
 * result is finite: checked against the bound; a failure; a note (a case
 * the header does not promise, shown); accepted; counted as outside the
 * range of the bound. */
enum verdict { CHECKED, FAILS, NOTED, ACCEPTED, OUTSIDE };
struct edge_verdict {
	enum verdict finite, nonfinite; /* by the result */
};

/* What a conversion promises for one input. */
enum promise {
	PROMISE_VALUE,        /* a finite result, within the bound */
	PROMISE_VALUE_OR_INF, /* that, or a non-finite lead word with zero tails */
	PROMISE_INF,          /* a non-finite lead word with zero tails */
	PROMISE_NONFINITE,    /* a non-finite lead word */
};

/* The bound of a conversion from |exact| >= from on, up to the next
 * regime's from (regimes in increasing order, the first from 0). */
struct regime {
	double from;
	enum { BOUNDED, EXACT, CORRECTLY_ROUNDED } kind;
	double factor;   /* BOUNDED: error <= factor |exact| + absolute */
	double absolute;
};

struct operation;
/* Checks one case: x the operands, r the result; edge: the case is an edge
 * case, which may lie outside the stated range (random and given cases are
 * made inside it). */
typedef void check_fn(struct op *record, const struct operation *o, const struct num *x,
		      const struct num *r, int edge);

struct operation {
	const char *name;  /* the header's function, as reported */
	const char *bound; /* the bound as the header states it */
	int exact;         /* an exact result is promised */
	enum signature signature;
	union function function;

	/* Random operands: random_cases of them, drawn as draw and
	 * exponents say (DRAW_OWN: by random(); NULL: none), then
	 * random_cases / beyond_share from random_beyond() (outside the
	 * main range). */
	enum draw draw;
	struct exponents exponents;
	void (*random)(struct num *x);
	void (*random_beyond)(struct num *x);
	int beyond_share;
	enum edges edges;
	struct values edge_list;                /* EDGES_LIST */
	long (*edge_cases)(void);               /* EDGES_OWN: how many */
	void (*edge_case)(long k, struct num *x); /* EDGES_OWN: the k-th */
	/* The operation's precondition: edge cases that fail it are skipped. */
	int (*admits)(const struct num *x);
	/* Cases checked as random ones, counted with the edge cases. */
	const struct operands *given;
	int given_count;

	/* Non-NULL: the cases outside the main range are reported apart, as
	 * "NAME/ends", under this bound; in_main_range says which are. */
	const char *ends_bound;
	int (*in_main_range)(const struct num *x);

	check_fn *check;
	/* check_arithmetic, check_eft: the exact result; the bound,
	 * factor times the scale (check_arithmetic); the range of an edge
	 * case, from its operands, the exact result (mp[2]) and the scale
	 * (mp[4]) (check_arithmetic; mp[0], mp[1] hold a and b, mp[7] is
	 * free). */
	enum reference reference;
	enum scale scale;
	double factor;
	enum range (*range)(const struct num *x);
	/* check_eft: TwoProd is exact for products from exact_from on. */
	double exact_from;
	/* check_conversion: the promise for an input (NULL: a finite input
	 * gives a value, a non-finite one a non-finite lead word); the
	 * regimes of the bound; whether an exact zero keeps the sign of the
	 * input's IEEE sum in every word. */
	enum promise (*promise)(const struct num *x);
	struct regime regimes[3];
	int signed_zero;
};

struct format {
	const char *title; /* the header */
	uint64_t seed;
	/* The edge cases: the values of both lists, in order, laid out as
	 * edge_layout. */
	const struct layout *edge_layout;
	struct values edges[2];
	const struct edge_verdict *edge_verdicts; /* by enum range */
	/* A random value with lead word of exponent e (for the draws). */
	struct num (*random_value)(int e);
	const struct operation *operations;
	int operation_count;
};

/* The format this program tests (dd.c, df.c, ...). */
extern const struct format test_format;
/* The random stream of the run, seeded with test_format.seed. */
extern struct rng rng;

/* ---- values ---- */

static inline struct num num1(double a)
{
	struct num x = {{a, 0, 0}};
	return x;
}

static inline struct num num2(double a, double b)
{
	struct num x = {{a, b, 0}};
	return x;
}

static inline struct num num3(double a, double b, double c)
{
	struct num x = {{a, b, c}};
	return x;
}

static inline tf_dd dd_of(const struct num *x)
{
	tf_dd r = {x->w[0], x->w[1]};
	return r;
}

/* A random DD (random_dd) as words. */
static inline struct num random_dd_num(int e)
{
	tf_dd a = random_dd(&rng, e);
	return num2(a.hi, a.lo);
}

/* A random word of the kind (double or float), of exponent e. */
double random_word(enum word kind, int e);
/* Random operands of the operation's draw (not DRAW_OWN). */
void draw_operands(const struct operation *o, struct num *x);
/* QuickTwoSum's precondition: |a| >= |b| or a = 0. */
int larger_first(const struct num *x);

/* A word's value: DI's low word decoded. */
double word_value(enum word kind, double w);
/* Every word finite. */
int finite_num(const struct layout *l, const struct num *x);
/* The value as C adds its words: w0 + w1, w0 + (w1 + w2) (the sign of a
 * zero sum). */
double ieee_sum(const struct layout *l, const struct num *x);
/* The value in hexadecimal: "0x1p+0" for one word, "(0x1p+0, 0x1p-60)";
 * a rotating set of buffers. */
const char *text_num(const struct layout *l, const struct num *x);
void span_num(struct span *s, const struct layout *l, const struct num *x);
void span_products(struct span *s, const struct layout *la, const struct num *a,
		   const struct layout *lb, const struct num *b);
void mp_set_num(mpfr_ptr r, const struct layout *l, const struct num *x);

/* Calls the operation's function on the operands x. */
struct num call_function(const struct operation *o, const struct num *x);
/* The operation's operands and result, from its signature. */
int arity(const struct operation *o);
const struct layout *operand_layout(const struct operation *o, int i);
const struct layout *result_layout(const struct operation *o);
/* "a = ..., b = ..." ("acc = ..., a = ..., b = ..." for an FMA; the
 * value alone for one operand). */
const char *operands_text(const struct operation *o, const struct num *x);

/* ---- the checks (checks.c) ---- */

/* In an operation's initializer: an error-free transformation (TwoSum,
 * QuickTwoSum, TwoProd), on pairs of edge cases. */
#define EFT .exact = 1, .bound = "exact", .check = check_eft, .edges = EDGES_PAIRS

/* The result's words are the operands' (one operand: its words; several:
 * their lead words), bit for bit. */
check_fn check_stores;
/* TwoSum, QuickTwoSum, TwoProd: the lead word is fl(a op b), the words
 * add up to a op b exactly. */
check_fn check_eft;
/* An arithmetic operation: within factor times the scale of the exact
 * result; normalized; on edge cases, the format's edge_verdicts. */
check_fn check_arithmetic;
/* A conversion: the promise for the input, the bound of the regime of
 * |exact|, signed zeros, normalized. */
check_fn check_conversion;

/* The edge verdicts of formats whose operations state their range: in it,
 * a finite result within the bound; beyond the overflow limits, a
 * non-finite result, or a finite one still within the bound (never a
 * finite wrong value); below the underflow limits, nothing. */
extern const struct edge_verdict strict_edge_verdicts[3];
/* The promise of DD -> DS and DD -> DI: a non-finite DD, or one whose
 * sum overflows, gives a non-finite hi with lo = 0 (the second may give
 * a value). */
enum promise promise_from_dd(const struct num *x);

#endif
