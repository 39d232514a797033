/* test/blas/harness.h: what every BLAS family's test program shares.
 *
 * A family's program is linked with the reference BLAS and run with
 * libtwofold preloaded (test/blas/run.sh), in one of two modes, its first
 * argument:
 *   dd    every result meets the accuracy criterion of test/blas/exact.h
 *         against MPFR; with Inf or NaN in the data, the rule of
 *         src/cpu/dd_output.h: an element that is Inf or NaN is the
 *         reference's, bit for bit
 *   cpu   every result is the reference's, bit for bit (twofold's checks
 *         and quick returns in front of the reference); and the
 *         ill-conditioned cases must fail the accuracy criterion, which
 *         shows that the test tells double from DD
 * The reference's own routines come from TF_REFERENCE_BLAS, opened with
 * RTLD_LOCAL beside the preloaded libtwofold.  The program prints a line
 * "% library: ..." naming the library and mode in effect, one line per
 * failure (at most a few per routine), "% totals: ..." and exits with the
 * number of failures (at most 255), or 99 when the harness cannot work. */
#ifndef TF_TEST_BLAS_HARNESS_H
#define TF_TEST_BLAS_HARNESS_H

#include <stdint.h>

enum bh_mode { BH_DD, BH_CPU };

extern enum bh_mode bh_mode;
extern uint64_t bh_rng; /* test/splitmix64.h state, seeded by bh_start */

/* Reads the mode from argv[1] ("probe" exits 0 at once), prints the
 * library line, opens the reference.  usage: one line of the program's
 * arguments for the error message. */
void bh_start(int argc, char **argv, const char *usage);

/* The reference BLAS's own definition of a symbol (exits 99 if absent). */
void *bh_reference(const char *symbol);

/* Random values: uniform in [-1, 1), with a random exponent in -4..4, and
 * an integer in lo..hi. */
double bh_sym(void);
double bh_scaled(void);
int bh_int(int lo, int hi);

/* Vectors as the reference stores them: the index in storage of element i
 * of n with stride inc (from the far end when inc < 0), the storage's
 * length (1 for n <= 0), and the storage filled with the n elements of src
 * (width doubles each) and NaN between them, which a routine must neither
 * read nor write. */
long bh_at(int n, int inc, int i);
long bh_span(int n, int inc);
void bh_place(double *v, int width, int n, int inc, const double *src);

/* Whether two doubles are the same: bit for bit, any NaN equal to any NaN. */
int bh_same(double a, double b);

/* Records a verdict for routine: a failure prints the routine and the
 * printf-style details (the first few per routine). */
void bh_verdict(const char *routine, int ok, const char *format, ...)
	__attribute__((format(printf, 3, 4)));

/* Records that an ill-conditioned case failed (or met) the accuracy
 * criterion: in cpu mode at least one per routine must fail. */
void bh_ill_conditioned(const char *routine, int met);

/* Prints the totals and returns the exit status. */
int bh_finish(void);

#endif
