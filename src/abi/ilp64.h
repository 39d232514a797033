/* What the ILP64 entry points (abi/blas_ilp64.c, generated from the routine
 * table) share: the 64-bit integers narrowed for the 32-bit entry points,
 * Level 1 calls beyond 32 bits split into chunks, Level 2 and 3 run in
 * blocks, and the calls that cannot run without a 64-bit CPU BLAS. */
#ifndef TF_ABI_ILP64_H
#define TF_ABI_ILP64_H

#include <stdint.h>
#include "op/blas_routines.h"

/* The elements of one chunk of a vector call: 2^30, so that a call of
 * n = 2^31 + 10 makes three (test/ilp64/chunks.c builds ilp64_chunks.c
 * with a few). */
#ifndef TF_ILP64_CHUNK
#define TF_ILP64_CHUNK ((int64_t)1 << 30)
#endif

/* Whether value fits in an int; if so, *narrow holds it. */
static inline int tf_ilp64_narrow(int64_t value, int *narrow)
{
	*narrow = (int)value;
	return value >= INT32_MIN && value <= INT32_MAX;
}

static inline int tf_ilp64_fits(int64_t value)
{
	return value >= INT32_MIN && value <= INT32_MAX;
}

/* Elements done .. done + count - 1 of a vector call of n elements, in
 * the order the reference visits them (element i is x(1 + i*incx) for
 * incx > 0, x(1 + (n-1-i)*|incx|) for incx < 0).  Where an increment does
 * not fit in an int, each chunk holds one element (its increment is then
 * never used). */
struct tf_ilp64_span {
	int64_t n, done, step;
	int count;
};

struct tf_ilp64_span tf_ilp64_first(int64_t n, int increments_fit);
void tf_ilp64_next(struct tf_ilp64_span *span);

/* The increment a chunk's 32-bit call takes: inc, or for one element 1, 0
 * or -1 as inc's sign. */
int tf_ilp64_increment(const struct tf_ilp64_span *span, int64_t inc);

/* Where the chunk's 32-bit call finds its first vector element, for a vector
 * x of n elements of size bytes each, increment inc. */
void *tf_ilp64_at(const void *x, int size, int64_t n, int64_t inc,
		  const struct tf_ilp64_span *span);

/* Dot products and sums: the chunks' results added in DD, rounded once.
 * Norms: the chunks' norms combined as LAPACK's DLASSQ does (scaled). */
struct tf_ilp64_sum {
	double re_hi, re_lo, im_hi, im_lo;
	double scale, squares;
};
void tf_ilp64_sum_add(struct tf_ilp64_sum *sum, double re, double im);
double tf_ilp64_sum_re(const struct tf_ilp64_sum *sum);
double tf_ilp64_sum_im(const struct tf_ilp64_sum *sum);
void tf_ilp64_norm_add(struct tf_ilp64_sum *sum, double norm);
double tf_ilp64_norm(const struct tf_ilp64_sum *sum);

/* I?AMAX: the first chunk's first largest |x| (|re| + |im| for complex,
 * as the reference measures), later chunks' only where strictly larger.
 * index: 1-based (Fortran) or 0-based (CBLAS); 0 for none (Fortran). */
struct tf_ilp64_amax {
	int one_based, seen;
	double largest;
	int64_t index;
};
void tf_ilp64_amax_add(struct tf_ilp64_amax *best, const struct tf_ilp64_span *span, int64_t part,
		       const void *chunk, char kind, int inc);

/* The reference's argument checks of a Fortran Level 2 or 3 routine, in 64
 * bits: ints are its integer arguments in order, options its one-character
 * options.  An illegal argument is reported as the reference ILP64 BLAS
 * reports it (the routine's name and the parameter's number, through
 * xerbla_64_ where the program has one, else as the 32-bit entry points
 * report); returns whether there was one. */
int tf_ilp64_illegal(enum tf_routine routine, const char *options, const int64_t *ints);

/* The same for a CBLAS Level 2 or 3 routine beyond 32 bits (options: its
 * CBLAS options as tf_cblas_trans and the others give them, count of
 * them): checked as its Fortran routine checks the column-major form (row
 * major: the reference CBLAS's transposed one) and reported as the 32-bit
 * CBLAS entry points report (1); a bad layout or option, -1: the caller
 * has the 32-bit entry point report it; else 0. */
int tf_ilp64_cblas_illegal(enum tf_routine routine, int layout, const char *options, int count,
			   const int64_t *ints);

/* ---- Level 2 and 3 beyond 32 bits without a 64-bit CPU BLAS (ilp64_blocks.c) */

/* What fits in a 32-bit call, and the blocks a dimension beyond it is cut
 * into (test/ilp64/blocks.c builds ilp64_blocks.c with small ones). */
#ifndef TF_ILP64_LIMIT
#define TF_ILP64_LIMIT INT32_MAX
#endif
#ifndef TF_ILP64_BLOCK
#define TF_ILP64_BLOCK TF_ILP64_CHUNK
#endif

/* The Level 2 and 3 routines by the reference's checks: the name less its
 * type letter and trailing underscore (dgemm_: gemm; trsm is TRMM's). */
enum tf_ilp64_family {
	TF_ILP64_NONE, TF_ILP64_GEMM, TF_ILP64_SYMM, TF_ILP64_SYRK, TF_ILP64_HERK, TF_ILP64_SYR2K,
	TF_ILP64_HER2K, TF_ILP64_TRMM, TF_ILP64_GEMV, TF_ILP64_GBMV, TF_ILP64_SYMV, TF_ILP64_SBMV,
	TF_ILP64_SPMV, TF_ILP64_TRMV, TF_ILP64_TBMV, TF_ILP64_TPMV, TF_ILP64_TRSV, TF_ILP64_TBSV,
	TF_ILP64_TPSV, TF_ILP64_GER, TF_ILP64_SYR, TF_ILP64_SPR, TF_ILP64_SYR2, TF_ILP64_SPR2
};

/* The family of a routine by its name less type letter and underscore
 * ("gemm", "trsm": TF_ILP64_TRMM); TF_ILP64_NONE for others. */
enum tf_ilp64_family tf_ilp64_family(const char *base);

/* A Level 2 or 3 call in the Fortran routine's form (column major): its
 * name less the underscore ("zgerc"; its first letter the type), options
 * and integers in the routine's order, its other arguments (scalars,
 * arrays) as pointers in order; conj: bit 1 x, bit 2 y, vectors to use
 * conjugated (a row-major CBLAS call's). */
struct tf_ilp64_call {
	char name[8];
	char type;
	enum tf_ilp64_family family;
	char options[4];
	int64_t ints[8];
	void *ptrs[6];
	unsigned conj;
};

/* Runs a legal call as 32-bit calls on blocks; NULL when done, else why it
 * cannot (the call did nothing). */
const char *tf_ilp64_run(const struct tf_ilp64_call *call);

/* The 32-bit entry point named name ("dgemm_"). */
void (*tf_ilp64_entry(const char *name))(void);

/* A Level 2 or 3 call (Fortran) beyond 32 bits, with no 64-bit CPU BLAS:
 * checked, then run in blocks (tf_ilp64_run), with a message once per
 * routine; ptrs: its arguments other than options and integers.  Others
 * go to tf_ilp64_beyond. */
void tf_ilp64_blocks(enum tf_routine routine, const char *options, const int64_t *ints,
		     void *const *ptrs);

/* The same for a CBLAS call, already checked (tf_ilp64_cblas_illegal):
 * options its CBLAS options as characters; scalars passed by value come
 * as pointers to them.  Row major runs as the reference CBLAS's column-major
 * form of it. */
void tf_ilp64_cblas_blocks(enum tf_routine routine, int layout, const char *options,
			   const int64_t *ints, void *const *ptrs);

/* Reports an illegal parameter of an ILP64 call: to the program's
 * xerbla_64_ (INFO 64-bit) where it has one, else as tf_report_illegal. */
void tf_ilp64_report_illegal(const char *routine, int parameter);

/* A call whose integers do not fit in 32 bits, that only a 64-bit CPU BLAS
 * could run: checked (Fortran, tf_ilp64_illegal); if legal, a message (once
 * per routine) names the routine and the missing 64-bit CPU BLAS, and the
 * call does nothing. */
void tf_ilp64_beyond(enum tf_routine routine, const char *options, const int64_t *ints);

#endif
