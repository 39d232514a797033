#include "config.h"

/* The differential fuzzer of the double and double-complex BLAS: every
 * Fortran routine of types d and z (and dsdot, sdsdot) called with random
 * valid arguments, and with invalid ones, twice on copies of the same
 * arguments: through the normal symbol (libtwofold, preloaded) and through
 * the reference (TF_REFERENCE_BLAS, dlopen'ed RTLD_LOCAL).  Then every
 * element of every array the call sees, guard zones, elements between
 * strides and the other triangle included, is compared:
 *
 *   TWOFOLD_MODE=cpu   bit for bit (two NaNs are equal)
 *   TWOFOLD_MODE=dd    bit for bit, except the elements the routine
 *                      computes with a rounded sum (its outputs; routines
 *                      of one rounding or none are compared bit for bit):
 *                      with finite terms, |got - exact| <= 2 ulp(exact) +
 *                      4 (k + 4) 2^-53 S, plain double's own error bound
 *                      (exact and S, the sum of the terms' magnitudes,
 *                      computed in MPFR by test/blas/exact.h); for the
 *                      triangular solves, whose exact solution is computed
 *                      in MPFR, at most twice the reference's error plus
 *                      2 ulp (2 ulp where the reference's result is not
 *                      finite); with finite terms, a result not finite
 *                      where the exact value is a double fails, and a
 *                      finite one is judged even where the reference's is
 *                      not; with terms that are not finite, an Inf or NaN
 *                      of twofold must be the reference's (class and sign),
 *                      and an Inf or NaN of the reference must be twofold's
 *                      (src/cpu/dd_output.h's commit rule)
 *   invalid arguments  (either mode) the program's own xerbla_ (defined
 *                      here) must get the reference's routine name and
 *                      parameter number, once, and nothing may be written
 *
 * The accuracy itself is judged by each family's MPFR tests; this program
 * judges that every routine, owned or forwarded, computes the right thing
 * with the reference's semantics on any shape, option, stride, leading
 * dimension, alpha, beta, Inf or NaN, and with range trouble (one call in
 * 8 after the Level 1 scalar routines, dd mode): data whose products
 * underflow where alpha times them is a normal number, alpha y(j) of the
 * rank updates beyond the range, products at the top of the range in
 * the dot products, triangular products, rotations, zscal and zaxpy, the
 * solves' right-hand sides at either end of it.
 *
 *   fuzz [-a] [-b] [-v] [-n CALLS] [-s SEED] [-c CALL] [ROUTINE...]
 *       CALLS calls (default 200) of each ROUTINE (default all, e.g.
 *       "dgemm_"); -c runs only call number CALL, to reproduce one.  Prints
 *       one line per routine and every failing call in full, and exits with
 *       the number of routines that failed (at most 255).  -a (audit) judges
 *       every output element against MPFR, equal bits or not: run on the
 *       reference alone, or in cpu mode, it checks the exact values (every
 *       plain double result is within plain double's bound).  -b (big) makes
 *       some calls large enough for the kernels' threads.  -v prints the
 *       arrays of a failing call in full (with -c).
 *   fuzz probe     exits 0 (the program can be started here)
 *
 * The routines are called through one function type: every Fortran
 * argument is a pointer, and the hidden lengths of the character arguments
 * follow them; on the x86-64 and AArch64 calling conventions a call with
 * more integer-class arguments than the callee reads is harmless. */

#include <complex.h>
#include <dlfcn.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <mpfr.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test/blas/exact.h"
#include "test/splitmix64.h"

#define GUARD 3          /* elements of guard zone before and after each array */
#define MAX_TERMS 4096   /* terms of one output part (-b: 2 n of the largest vector) */
#define MAX_TERMS_BIG (2 * 280000 + 8)
#define MAX_SHOWN 3      /* failing elements printed per call */

/* ------------------------------------------------------------ the routines */

enum family {
	F_ROTG, F_ROTMG, F_ROT, F_ROTM, F_SWAP, F_SCAL, F_RSCAL, F_COPY, F_AXPY, F_DOT, F_NRM2,
	F_ASUM, F_IAMAX, F_CABS1,
	F_GEMV, F_GBMV, F_SYMV, F_SBMV, F_SPMV, F_TRMV, F_TBMV, F_TPMV, F_TRSV, F_TBSV, F_TPSV,
	F_GER, F_SYR, F_SPR, F_SYR2, F_SPR2,
	F_GEMM, F_SYMM, F_SYRK, F_SYR2K, F_TRMM, F_TRSM
};

/* flags */
#define CONJ 1      /* zdotc, zgerc; Hermitian for the symmetric families */
#define SUB 2       /* the *sub_ form: the result is the last argument */
#define BITWISE 4   /* one rounding or none: bit for bit in dd mode too */

struct routine {
	const char *name;
	char type;        /* 'd', 'z', 's' (float data: dsdot, sdsdot) */
	char result;      /* 0, or the result's type: 'd', 'f', 'i', 'z' */
	enum family family;
	int flags;
	const char *args; /* the Fortran arguments in order */
};

static const struct routine routines[] = {
	{ "drotg_", 'd', 0, F_ROTG, BITWISE, "ra rb rc rs" },
	{ "zrotg_", 'z', 0, F_ROTG, BITWISE, "ra rb rc rs" },
	{ "drotmg_", 'd', 0, F_ROTMG, BITWISE, "ra rb rc rs p" },
	{ "drot_", 'd', 0, F_ROT, 0, "n x incx y incy cs sn" },
	{ "zdrot_", 'z', 0, F_ROT, 0, "n x incx y incy cs sn" },
	{ "drotm_", 'd', 0, F_ROTM, 0, "n x incx y incy p" },
	{ "dswap_", 'd', 0, F_SWAP, BITWISE, "n x incx y incy" },
	{ "zswap_", 'z', 0, F_SWAP, BITWISE, "n x incx y incy" },
	{ "dscal_", 'd', 0, F_SCAL, BITWISE, "n alpha x incx" },
	{ "zscal_", 'z', 0, F_SCAL, 0, "n alpha x incx" },
	{ "zdscal_", 'z', 0, F_RSCAL, BITWISE, "n alpha x incx" },
	{ "dcopy_", 'd', 0, F_COPY, BITWISE, "n x incx y incy" },
	{ "zcopy_", 'z', 0, F_COPY, BITWISE, "n x incx y incy" },
	{ "daxpy_", 'd', 0, F_AXPY, 0, "n alpha x incx y incy" },
	{ "zaxpy_", 'z', 0, F_AXPY, 0, "n alpha x incx y incy" },
	{ "ddot_", 'd', 'd', F_DOT, 0, "n x incx y incy" },
	{ "ddotsub_", 'd', 'd', F_DOT, SUB, "n x incx y incy res" },
	{ "dsdot_", 's', 'd', F_DOT, 0, "n x incx y incy" },
	{ "dsdotsub_", 's', 'd', F_DOT, SUB, "n x incx y incy res" },
	{ "sdsdot_", 's', 'f', F_DOT, 0, "n sb x incx y incy" },
	{ "sdsdotsub_", 's', 'f', F_DOT, SUB, "n sb x incx y incy res" },
	{ "zdotu_", 'z', 'z', F_DOT, 0, "n x incx y incy" },
	{ "zdotusub_", 'z', 'z', F_DOT, SUB, "n x incx y incy res" },
	{ "zdotc_", 'z', 'z', F_DOT, CONJ, "n x incx y incy" },
	{ "zdotcsub_", 'z', 'z', F_DOT, CONJ | SUB, "n x incx y incy res" },
	{ "dnrm2_", 'd', 'd', F_NRM2, 0, "n x incx" },
	{ "dnrm2sub_", 'd', 'd', F_NRM2, SUB, "n x incx res" },
	{ "dznrm2_", 'z', 'd', F_NRM2, 0, "n x incx" },
	{ "dznrm2sub_", 'z', 'd', F_NRM2, SUB, "n x incx res" },
	{ "dasum_", 'd', 'd', F_ASUM, 0, "n x incx" },
	{ "dasumsub_", 'd', 'd', F_ASUM, SUB, "n x incx res" },
	{ "dzasum_", 'z', 'd', F_ASUM, 0, "n x incx" },
	{ "dzasumsub_", 'z', 'd', F_ASUM, SUB, "n x incx res" },
	{ "idamax_", 'd', 'i', F_IAMAX, BITWISE, "n x incx" },
	{ "idamaxsub_", 'd', 'i', F_IAMAX, BITWISE | SUB, "n x incx res" },
	{ "izamax_", 'z', 'i', F_IAMAX, BITWISE, "n x incx" },
	{ "izamaxsub_", 'z', 'i', F_IAMAX, BITWISE | SUB, "n x incx res" },
	{ "dcabs1_", 'z', 'd', F_CABS1, BITWISE, "x" },
	{ "dcabs1sub_", 'z', 'd', F_CABS1, BITWISE | SUB, "x res" },
	{ "dgemv_", 'd', 0, F_GEMV, 0, "trans m n alpha a lda x incx beta y incy" },
	{ "zgemv_", 'z', 0, F_GEMV, 0, "trans m n alpha a lda x incx beta y incy" },
	{ "dgbmv_", 'd', 0, F_GBMV, 0, "trans m n kl ku alpha a lda x incx beta y incy" },
	{ "zgbmv_", 'z', 0, F_GBMV, 0, "trans m n kl ku alpha a lda x incx beta y incy" },
	{ "dsymv_", 'd', 0, F_SYMV, 0, "uplo n alpha a lda x incx beta y incy" },
	{ "zhemv_", 'z', 0, F_SYMV, CONJ, "uplo n alpha a lda x incx beta y incy" },
	{ "dsbmv_", 'd', 0, F_SBMV, 0, "uplo n k alpha a lda x incx beta y incy" },
	{ "zhbmv_", 'z', 0, F_SBMV, CONJ, "uplo n k alpha a lda x incx beta y incy" },
	{ "dspmv_", 'd', 0, F_SPMV, 0, "uplo n alpha a x incx beta y incy" },
	{ "zhpmv_", 'z', 0, F_SPMV, CONJ, "uplo n alpha a x incx beta y incy" },
	{ "dtrmv_", 'd', 0, F_TRMV, 0, "uplo trans diag n a lda x incx" },
	{ "ztrmv_", 'z', 0, F_TRMV, 0, "uplo trans diag n a lda x incx" },
	{ "dtbmv_", 'd', 0, F_TBMV, 0, "uplo trans diag n k a lda x incx" },
	{ "ztbmv_", 'z', 0, F_TBMV, 0, "uplo trans diag n k a lda x incx" },
	{ "dtpmv_", 'd', 0, F_TPMV, 0, "uplo trans diag n a x incx" },
	{ "ztpmv_", 'z', 0, F_TPMV, 0, "uplo trans diag n a x incx" },
	{ "dtrsv_", 'd', 0, F_TRSV, 0, "uplo trans diag n a lda x incx" },
	{ "ztrsv_", 'z', 0, F_TRSV, 0, "uplo trans diag n a lda x incx" },
	{ "dtbsv_", 'd', 0, F_TBSV, 0, "uplo trans diag n k a lda x incx" },
	{ "ztbsv_", 'z', 0, F_TBSV, 0, "uplo trans diag n k a lda x incx" },
	{ "dtpsv_", 'd', 0, F_TPSV, 0, "uplo trans diag n a x incx" },
	{ "ztpsv_", 'z', 0, F_TPSV, 0, "uplo trans diag n a x incx" },
	{ "dger_", 'd', 0, F_GER, 0, "m n alpha x incx y incy a lda" },
	{ "zgeru_", 'z', 0, F_GER, 0, "m n alpha x incx y incy a lda" },
	{ "zgerc_", 'z', 0, F_GER, CONJ, "m n alpha x incx y incy a lda" },
	{ "dsyr_", 'd', 0, F_SYR, 0, "uplo n alpha x incx a lda" },
	{ "zher_", 'z', 0, F_SYR, CONJ, "uplo n alpha x incx a lda" },
	{ "dspr_", 'd', 0, F_SPR, 0, "uplo n alpha x incx a" },
	{ "zhpr_", 'z', 0, F_SPR, CONJ, "uplo n alpha x incx a" },
	{ "dsyr2_", 'd', 0, F_SYR2, 0, "uplo n alpha x incx y incy a lda" },
	{ "zher2_", 'z', 0, F_SYR2, CONJ, "uplo n alpha x incx y incy a lda" },
	{ "dspr2_", 'd', 0, F_SPR2, 0, "uplo n alpha x incx y incy a" },
	{ "zhpr2_", 'z', 0, F_SPR2, CONJ, "uplo n alpha x incx y incy a" },
	{ "dgemm_", 'd', 0, F_GEMM, 0, "transa transb m n k alpha a lda b ldb beta c ldc" },
	{ "zgemm_", 'z', 0, F_GEMM, 0, "transa transb m n k alpha a lda b ldb beta c ldc" },
	{ "dsymm_", 'd', 0, F_SYMM, 0, "side uplo m n alpha a lda b ldb beta c ldc" },
	{ "zsymm_", 'z', 0, F_SYMM, 0, "side uplo m n alpha a lda b ldb beta c ldc" },
	{ "zhemm_", 'z', 0, F_SYMM, CONJ, "side uplo m n alpha a lda b ldb beta c ldc" },
	{ "dsyrk_", 'd', 0, F_SYRK, 0, "uplo trans n k alpha a lda beta c ldc" },
	{ "zsyrk_", 'z', 0, F_SYRK, 0, "uplo trans n k alpha a lda beta c ldc" },
	{ "zherk_", 'z', 0, F_SYRK, CONJ, "uplo trans n k alpha a lda beta c ldc" },
	{ "dsyr2k_", 'd', 0, F_SYR2K, 0, "uplo trans n k alpha a lda b ldb beta c ldc" },
	{ "zsyr2k_", 'z', 0, F_SYR2K, 0, "uplo trans n k alpha a lda b ldb beta c ldc" },
	{ "zher2k_", 'z', 0, F_SYR2K, CONJ, "uplo trans n k alpha a lda b ldb beta c ldc" },
	{ "dtrmm_", 'd', 0, F_TRMM, 0, "side uplo transa diag m n alpha a lda b ldb" },
	{ "ztrmm_", 'z', 0, F_TRMM, 0, "side uplo transa diag m n alpha a lda b ldb" },
	{ "dtrsm_", 'd', 0, F_TRSM, 0, "side uplo transa diag m n alpha a lda b ldb" },
	{ "ztrsm_", 'z', 0, F_TRSM, 0, "side uplo transa diag m n alpha a lda b ldb" },
};
enum { NROUTINES = sizeof routines / sizeof routines[0] };

/* ------------------------------------------------------------- one call */

/* The arrays a call may see; ra..rs are rotg's and rotmg's scalars (d1, d2,
 * x1, y1 for rotmg), which the routine overwrites. */
enum { AR_A, AR_B, AR_C, AR_X, AR_Y, AR_P, AR_RES, AR_RA, AR_RB, AR_RC, AR_RS, NARRAYS };
static const char *const array_name[NARRAYS] = { "A", "B", "C", "x", "y", "param", "result",
						  "arg1", "arg2", "arg3", "arg4" };

struct array {
	int used;
	int esize;       /* bytes of one scalar: 8 (double) or 4 (float, int) */
	int cplx;        /* elements are (re, im) pairs */
	long scalars;    /* scalars of the body, guards excluded */
	unsigned char *orig, *tf, *ref; /* guard + body + guard */
	int *judged;     /* per scalar of the body: index into outputs, or -1 */
	unsigned char *read; /* per scalar of the body: the routine reads it */
};

struct call {
	const struct routine *r;
	char trans, transa, transb, uplo, side, diag;
	int m, n, k, kl, ku, lda, ldb, ldc, incx, incy;
	double alpha[2], beta[2], cs, sn;
	float sb;
	struct array ar[NARRAYS];
	int illegal;             /* the argument made invalid, or 0 */
	char illegal_arg[8];
	int nonfinite;           /* Inf or NaN put into the data */
	int range;               /* range trouble: the data's scale (2^-range with alpha
	                          * large, or the scale of the products), or 0 */
};

static struct call cl;
static uint64_t rng;
static int big;      /* -b: now and then sizes where the kernels use their threads */
static int audit; /* -a: every output element against MPFR, equal bits or not */
static int verbose; /* -v: a failing call's arrays printed in full */

static void harness_error(const char *what)
{
	printf("harness error: %s\n", what);
	exit(99);
}

static double unif(void) { return splitmix64_unif(&rng); }
static int irand(int lo, int hi) { return splitmix64_int(&rng, lo, hi); }
static double scaled(void) { return ldexp(splitmix64_sym(&rng), irand(-4, 4)); }

static void *xmalloc(size_t size)
{
	void *p = calloc(1, size ? size : 1);
	if (!p)
		harness_error("out of memory");
	return p;
}

/* The array of `elements` elements of the routine's type (or of type t:
 * 'd', 'z', 'f', 's', 'i'). */
static void make_array(int id, long elements, char t)
{
	struct array *a = &cl.ar[id];
	a->used = 1;
	a->cplx = t == 'z';
	a->esize = t == 'd' || t == 'z' ? 8 : 4;
	a->scalars = elements * (a->cplx ? 2 : 1);
	size_t bytes = (size_t)(a->scalars + 2 * GUARD) * (size_t)a->esize;
	a->orig = xmalloc(bytes);
	a->tf = xmalloc(bytes);
	a->ref = xmalloc(bytes);
	a->judged = xmalloc(sizeof(int) * (size_t)(a->scalars ? a->scalars : 1));
	a->read = xmalloc((size_t)a->scalars);
	for (long i = 0; i < a->scalars; i++)
		a->judged[i] = -1;
	/* The guards: random values, or NaN, which shows a read of what must
	 * not be read (the body's data come later: fill_data, poison_unread). */
	int nan_fill = irand(0, 1);
	for (long i = -GUARD; i < a->scalars + GUARD; i++) {
		unsigned char *p = a->orig + (size_t)(i + GUARD) * (size_t)a->esize;
		if (a->esize == 8) {
			double v = nan_fill ? NAN : scaled();
			memcpy(p, &v, 8);
		} else if (t == 'i') {
			int v = irand(-5, 5);
			memcpy(p, &v, 4);
		} else {
			float v = nan_fill ? NAN : (float)scaled();
			memcpy(p, &v, 4);
		}
	}
}

static double *body(int id, int which) /* which: 0 orig, 1 tf, 2 ref */
{
	struct array *a = &cl.ar[id];
	unsigned char *base = which == 0 ? a->orig : which == 1 ? a->tf : a->ref;
	return (double *)(void *)(base + (size_t)GUARD * (size_t)a->esize);
}

static void free_arrays(void)
{
	for (int i = 0; i < NARRAYS; i++) {
		struct array *a = &cl.ar[i];
		if (!a->used)
			continue;
		free(a->orig);
		free(a->tf);
		free(a->ref);
		free(a->judged);
		free(a->read);
		a->used = 0;
	}
}

/* ---------------------------------------------------- logical matrices */

enum shape { GE, SY, HE, TR };
enum storage { FULL, BAND, PACKED };

/* A matrix as the routine reads it: op(A) of the stored A. */
struct lmat {
	int arr;
	enum shape shape;
	enum storage storage;
	int upper, unit, trans, conj;
	int n;          /* order of a packed matrix */
	int ld, kl, ku; /* band: kl, ku (symmetric and triangular band: k in both) */
};

/* The storage index (in elements) of stored element (i, j), or -1 where it
 * is not stored (outside the band). */
static long stored_at(const struct lmat *m, int i, int j)
{
	switch (m->storage) {
	case FULL:
		return i + (long)j * m->ld;
	case BAND:
		if (m->shape == GE) {
			if (i < j - m->ku || i > j + m->kl)
				return -1;
			return m->ku + i - j + (long)j * m->ld;
		}
		if (m->upper)
			return j - i > m->ku ? -1 : m->ku + i - j + (long)j * m->ld;
		return i - j > m->kl ? -1 : i - j + (long)j * m->ld;
	case PACKED:
		if (m->upper)
			return i + (long)j * (j + 1) / 2;
		return i - j + (long)j * (2L * m->n - j + 1) / 2;
	}
	return -1;
}

static int nonfinite_seen;    /* a term read so far was not finite */
static int scalars_nonfinite; /* alpha or beta is not finite */

/* Scalar s of array arr is read by the routine. */
static void mark(int arr, long s)
{
	if (s < 0 || s >= cl.ar[arr].scalars)
		harness_error("a read outside its array");
	cl.ar[arr].read[s] = 1;
}

/* Element e of array arr (of the data before the call) into v; real_only:
 * the routine reads its real part only (Hermitian diagonals). */
static void read_part(int arr, long e, double v[2], int real_only)
{
	const double *p = body(arr, 0);
	if (cl.ar[arr].cplx) {
		v[0] = p[2 * e];
		v[1] = real_only ? 0 : p[2 * e + 1];
		mark(arr, 2 * e);
		if (!real_only)
			mark(arr, 2 * e + 1);
	} else {
		v[0] = p[e];
		v[1] = 0;
		mark(arr, e);
	}
	if (!isfinite(v[0]) || !isfinite(v[1]))
		nonfinite_seen = 1;
}

static void read_elem(int arr, long e, double v[2]) { read_part(arr, e, v, 0); }

/* Element (i, j) of op(A) into v; 0 where it is structurally zero. */
static int lm_get(const struct lmat *m, int i, int j, double v[2])
{
	int conj = m->conj;
	if (m->trans) {
		int t = i;
		i = j;
		j = t;
	}
	if ((m->shape == SY || m->shape == HE) && (m->upper ? i > j : i < j)) {
		int t = i;
		i = j;
		j = t;
		if (m->shape == HE)
			conj = !conj;
	}
	if (m->shape == TR && (m->upper ? i > j : i < j))
		return 0;
	if (m->shape == TR && i == j && m->unit) {
		v[0] = 1;
		v[1] = 0;
		return 1;
	}
	long at = stored_at(m, i, j);
	if (at < 0)
		return 0;
	read_part(m->arr, at, v, m->shape == HE && i == j);
	if (conj)
		v[1] = -v[1];
	return 1;
}

/* Element i of a vector of len elements with stride inc (from the end when
 * inc < 0, as the reference places it). */
static long vec_at(int len, int inc, int i)
{
	return inc >= 0 ? (long)i * inc : (long)(len - 1 - i) * -inc;
}

/* ------------------------------------------------------- exact outputs */

/* One output element: where it is, and what it must be. */
struct output {
	int arr;
	long at;           /* element index in the array's body */
	int parts;         /* 1 or 2 */
	int solve;         /* exact is a solution (judged against the reference's error) */
	int nonfinite;     /* a term was not finite */
	int k;             /* terms of the sum (products) */
	mpfr_t exact[2];
	double magnitude[2];
};

static struct output *outputs;
static int noutputs, outputs_capacity;
static struct ex_sum part_sum[2];
static struct output *cur;
static int dry;                /* evaluate() only marks what the routine reads */
static struct output dry_output;

static struct output *new_output(int arr, long at)
{
	if (noutputs == outputs_capacity) {
		outputs_capacity = outputs_capacity ? 2 * outputs_capacity : 256;
		outputs = realloc(outputs, sizeof *outputs * (size_t)outputs_capacity);
		if (!outputs)
			harness_error("out of memory");
		for (int i = noutputs; i < outputs_capacity; i++) {
			mpfr_init2(outputs[i].exact[0], EX_PREC);
			mpfr_init2(outputs[i].exact[1], EX_PREC);
		}
	}
	struct output *o = &outputs[noutputs];
	o->arr = arr;
	o->at = at;
	o->parts = cl.ar[arr].cplx ? 2 : 1;
	o->solve = o->nonfinite = o->k = 0;
	o->magnitude[0] = o->magnitude[1] = 0;
	mpfr_set_zero(o->exact[0], 1);
	mpfr_set_zero(o->exact[1], 1);
	for (int p = 0; p < o->parts; p++) {
		long s = at * o->parts + p;
		if (s < 0 || s >= cl.ar[arr].scalars)
			harness_error("an output element outside its array");
		cl.ar[arr].judged[s] = noutputs;
	}
	noutputs++;
	return o;
}

static void begin(int arr, long at)
{
	nonfinite_seen = scalars_nonfinite;
	if (dry) {
		cur = &dry_output;
		return;
	}
	cur = new_output(arr, at);
	ex_sum_reset(&part_sum[0]);
	ex_sum_reset(&part_sum[1]);
}

/* cur += f1 f2 f3 (complex; NULL is 1), each product exact in MPFR. */
static void term(const double *f1, const double *f2, const double *f3)
{
	static const double one[2] = { 1, 0 };
	const double *f[3] = { f1 ? f1 : one, f2 ? f2 : one, f3 ? f3 : one };
	if (dry)
		return;
	for (int q = 0; q < 3; q++)
		if (!isfinite(f[q][0]) || !isfinite(f[q][1]))
			nonfinite_seen = 1;
	cur->k++;
	if (nonfinite_seen)
		return;
	for (int mask = 0; mask < 8; mask++) {
		double v[3];
		int ims = 0;
		for (int q = 0; q < 3; q++) {
			int im = mask >> q & 1;
			v[q] = f[q][im];
			ims += im;
		}
		if (v[0] == 0 || v[1] == 0 || v[2] == 0)
			continue;
		int part = ims & 1;
		if (ims >= 2)
			v[0] = -v[0];
		ex_sum_add(&part_sum[part], v[0], v[1], v[2]);
	}
}

static void end(void)
{
	if (dry)
		return;
	cur->nonfinite = nonfinite_seen;
	if (cur->nonfinite)
		return;
	for (int p = 0; p < cur->parts; p++) {
		ex_sum_value(&part_sum[p], cur->exact[p]);
		cur->magnitude[p] = part_sum[p].magnitude;
	}
}

static int is_zero(const double *v) { return v[0] == 0 && v[1] == 0; }
static int is_one(const double *v) { return v[0] == 1 && v[1] == 0; }

/* out_i = alpha sum_j L(i, j) v_j + beta out_i, i < rows: the matrix-vector
 * products; out and v vectors of arrays oa and va. */
static void eval_mv(const struct lmat *L, int rows, int cols, int va, int vinc, int oa, int oinc,
		    const double *alpha, const double *beta, int from_output)
{
	for (int i = 0; i < rows; i++) {
		long at = vec_at(rows, oinc, i);
		begin(oa, at);
		if (!is_zero(alpha)) {
			for (int j = 0; j < cols; j++) {
				double a[2], x[2];
				if (!lm_get(L, i, j, a))
					continue;
				read_elem(from_output ? oa : va, vec_at(cols, from_output ? oinc : vinc, j), x);
				term(alpha, a, x);
			}
		}
		if (beta && !is_zero(beta)) {
			double y[2];
			read_elem(oa, at, y);
			term(beta, y, NULL);
		}
		end();
	}
}

/* -------------------------------------------------------------- solves */

/* Solves op(A) z = alpha b exactly enough (EX_PREC bits), b the vector of
 * n elements of array ba at ba_at(i); stores the solution as the outputs. */
static void solve(const struct lmat *L, int n, const double *alpha, int ba, long (*ba_at)(int, int),
		  int index)
{
	if (dry) {
		for (int i = 0; i < n; i++) {
			double v[2];
			read_elem(ba, ba_at(i, index), v);
			for (int j = 0; j < n; j++)
				lm_get(L, i, j, v);
		}
		return;
	}
	mpfr_t (*z)[2] = xmalloc(sizeof *z * (size_t)(n ? n : 1));
	mpfr_t t, u, d2;
	mpfr_inits2(EX_PREC, t, u, d2, (mpfr_ptr)0);
	int upper = L->upper ^ L->trans, bad = 0;
	nonfinite_seen = 0;
	for (int i = 0; i < n; i++)
		mpfr_inits2(EX_PREC, z[i][0], z[i][1], (mpfr_ptr)0);
	for (int s = 0; s < n; s++) {
		int i = upper ? n - 1 - s : s;
		double b[2];
		read_elem(ba, ba_at(i, index), b);
		/* z_i = alpha b_i - sum_j L(i, j) z_j, then / L(i, i) */
		mpfr_set_d(z[i][0], alpha[0], MPFR_RNDN);
		mpfr_mul_d(z[i][0], z[i][0], b[0], MPFR_RNDN);
		mpfr_set_d(t, alpha[1], MPFR_RNDN);
		mpfr_mul_d(t, t, b[1], MPFR_RNDN);
		mpfr_sub(z[i][0], z[i][0], t, MPFR_RNDN);
		mpfr_set_d(z[i][1], alpha[0], MPFR_RNDN);
		mpfr_mul_d(z[i][1], z[i][1], b[1], MPFR_RNDN);
		mpfr_set_d(t, alpha[1], MPFR_RNDN);
		mpfr_mul_d(t, t, b[0], MPFR_RNDN);
		mpfr_add(z[i][1], z[i][1], t, MPFR_RNDN);
		for (int s2 = 0; s2 < s; s2++) {
			int j = upper ? n - 1 - s2 : s2;
			double a[2];
			if (!lm_get(L, i, j, a))
				continue;
			mpfr_mul_d(t, z[j][0], a[0], MPFR_RNDN); /* re: a0 z0 - a1 z1 */
			mpfr_mul_d(u, z[j][1], a[1], MPFR_RNDN);
			mpfr_sub(t, t, u, MPFR_RNDN);
			mpfr_sub(z[i][0], z[i][0], t, MPFR_RNDN);
			mpfr_mul_d(t, z[j][1], a[0], MPFR_RNDN); /* im: a0 z1 + a1 z0 */
			mpfr_mul_d(u, z[j][0], a[1], MPFR_RNDN);
			mpfr_add(t, t, u, MPFR_RNDN);
			mpfr_sub(z[i][1], z[i][1], t, MPFR_RNDN);
		}
		double d[2];
		lm_get(L, i, i, d);
		if (d[0] == 0 && d[1] == 0)
			bad = 1;
		if (bad)
			continue;
		/* (z0 + i z1) / (d0 + i d1) = ((z0 d0 + z1 d1) + i (z1 d0 - z0 d1)) / |d|^2 */
		mpfr_set_d(d2, d[0], MPFR_RNDN);
		mpfr_sqr(d2, d2, MPFR_RNDN);
		mpfr_set_d(t, d[1], MPFR_RNDN);
		mpfr_sqr(t, t, MPFR_RNDN);
		mpfr_add(d2, d2, t, MPFR_RNDN);
		mpfr_mul_d(t, z[i][0], d[0], MPFR_RNDN);
		mpfr_mul_d(u, z[i][1], d[1], MPFR_RNDN);
		mpfr_add(t, t, u, MPFR_RNDN);
		mpfr_mul_d(u, z[i][1], d[0], MPFR_RNDN);
		mpfr_mul_d(z[i][1], z[i][0], d[1], MPFR_RNDN);
		mpfr_sub(z[i][1], u, z[i][1], MPFR_RNDN);
		mpfr_div(z[i][0], t, d2, MPFR_RNDN);
		mpfr_div(z[i][1], z[i][1], d2, MPFR_RNDN);
	}
	int nonfinite = nonfinite_seen || !isfinite(alpha[0]) || !isfinite(alpha[1]) || bad;
	for (int i = 0; i < n; i++) {
		struct output *o = new_output(ba, ba_at(i, index));
		o->solve = 1;
		o->nonfinite = nonfinite;
		o->k = n;
		mpfr_set(o->exact[0], z[i][0], MPFR_RNDN);
		mpfr_set(o->exact[1], z[i][1], MPFR_RNDN);
		mpfr_clears(z[i][0], z[i][1], (mpfr_ptr)0);
	}
	mpfr_clears(t, u, d2, (mpfr_ptr)0);
	free(z);
}

static long solve_x_at(int i, int index) { (void)index; return vec_at(cl.n, cl.incx, i); }
static long solve_col_at(int i, int j) { return i + (long)j * cl.ldb; }
static long solve_row_at(int j, int i) { return i + (long)j * cl.ldb; }

/* ------------------------------------------------------- generation */

static char pick(const char *options)
{
	char c = options[irand(0, (int)strlen(options) - 1)];
	return irand(0, 3) == 0 ? (char)(c - 'A' + 'a') : c; /* lower case is legal */
}

static int huge_call; /* this call is one of those */

/* Mostly small, now and then large; huge in a huge call. */
static int size_upto(int small, int large, int huge)
{
	if (huge_call)
		return irand(huge / 2, huge);
	return irand(0, 9) == 0 ? irand(0, large) : irand(0, small);
}

static int pick_inc(int zero_ok)
{
	static const int incs[] = { 1, 1, 1, 2, 3, -1, -1, -2, -3 };
	if (zero_ok && irand(0, 15) == 0)
		return 0;
	return incs[irand(0, (int)(sizeof incs / sizeof incs[0]) - 1)];
}

static void pick_scalar(double *v, int cplx)
{
	switch (irand(0, 11)) {
	case 0: v[0] = 0; v[1] = 0; break;
	case 1: v[0] = 1; v[1] = 0; break;
	case 2: v[0] = -1; v[1] = 0; break;
	case 3: v[0] = NAN; v[1] = 0; break;
	case 4: v[0] = irand(0, 1) ? INFINITY : -INFINITY; v[1] = 0; break;
	case 5: v[0] = scaled(); v[1] = cplx && irand(0, 1) ? NAN : 0; break;
	default: v[0] = scaled(); v[1] = scaled(); break;
	}
	if (!cplx)
		v[1] = 0;
	if (cplx && irand(0, 7) == 0) {
		v[1] = v[0];  /* purely imaginary, or both parts */
		v[0] = irand(0, 1) ? 0 : v[0];
	}
}

static int max1(int v) { return v > 1 ? v : 1; }

/* A vector of len elements with stride inc. */
static void make_vector(int id, int len, int inc)
{
	long extent = len <= 0 ? 1 : 1 + (long)(len - 1) * (inc < 0 ? -inc : inc);
	make_array(id, extent, cl.r->type);
}

static void make_matrix(int id, int ld, int cols)
{
	make_array(id, (long)ld * max1(cols), cl.r->type);
}

static int pick_ld(int rows)
{
	return max1(rows) + (irand(0, 2) == 0 ? 0 : irand(1, 3));
}

/* The data: every element of the bodies random (scaled), the triangular
 * matrices' diagonals away from zero; then, now and then, Inf or NaN. */
static void fill_data(void)
{
	for (int id = 0; id < NARRAYS; id++) {
		struct array *a = &cl.ar[id];
		if (!a->used || id == AR_RES || id == AR_P)
			continue;
		for (long s = 0; s < a->scalars; s++) {
			unsigned char *p = a->orig + (size_t)(s + GUARD) * (size_t)a->esize;
			if (a->esize == 8) {
				double v = scaled();
				memcpy(p, &v, 8);
			} else {
				float v = (float)scaled();
				memcpy(p, &v, 4);
			}
		}
	}
}

static void spoil_data(void)
{
	/* (rotmg's rescaling loops never end on an Inf, the reference's too) */
	if (irand(0, 6) != 0 || cl.r->family == F_ROTMG)
		return;
	int count = irand(1, 3);
	for (int c = 0; c < count; c++) {
		int id = irand(0, NARRAYS - 1);
		struct array *a = &cl.ar[id];
		if (!a->used || !a->scalars || id == AR_RES || id == AR_P)
			continue;
		long s = irand(0, (int)a->scalars - 1);
		unsigned char *p = a->orig + (size_t)(s + GUARD) * (size_t)a->esize;
		double v = splitmix64_nonfinite(&rng);
		if (a->esize == 8) {
			memcpy(p, &v, 8);
		} else {
			float f = (float)v;
			memcpy(p, &f, 4);
		}
		cl.nonfinite = 1;
	}
}

/* Makes the diagonal of a triangular matrix 1 to 2 in magnitude and its
 * other elements at most 1/2: solvable, and not so ill-conditioned that the
 * reference's error (the solves' yardstick) is all there is. */
static void tame_triangle(const struct lmat *L0, int n)
{
	struct lmat L = *L0;
	L.trans = L.conj = 0;
	double *p = body(L.arr, 0);
	int c = cl.ar[L.arr].cplx;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			if (L.upper ? i > j : i < j)
				continue;
			long at = stored_at(&L, i, j);
			if (at < 0)
				continue;
			for (int q = 0; q <= c; q++) {
				double *v = &p[at * (c + 1) + q];
				if (i == j)
					*v = (irand(0, 1) ? 1 : -1) * (1 + unif());
				else
					*v = 0.5 * splitmix64_sym(&rng) / (c + 1);
			}
		}
}

static int is_upper(char c) { return c == 'U' || c == 'u'; }
static int is_n(char c) { return c == 'N' || c == 'n'; }
static int is_c(char c) { return c == 'C' || c == 'c'; }
static int is_left(char c) { return c == 'L' || c == 'l'; }

/* op(A) of a general or triangular matrix for option trans. */
static struct lmat op_of(int arr, enum shape shape, enum storage storage, char trans, int ld)
{
	struct lmat L = { arr, shape, storage, is_upper(cl.uplo), cl.diag == 'U' || cl.diag == 'u',
			  !is_n(trans), is_c(trans) && cl.r->type == 'z', cl.n, ld, 0, 0 };
	return L;
}

static void evaluate(void);

/* NaN in every scalar of A, B, C, x and y that the routine does not read:
 * the elements between strides, beyond the rows, outside the triangle or
 * the band, unit diagonals, the imaginary parts of Hermitian diagonals, the
 * output when beta = 0, the inputs when alpha = 0. */
static void poison_unread(void)
{
	dry = 1;
	evaluate();
	dry = 0;
	for (int id = AR_A; id <= AR_Y; id++) {
		struct array *a = &cl.ar[id];
		for (long s = 0; a->used && s < a->scalars; s++) {
			if (a->read[s])
				continue;
			unsigned char *p = a->orig + (size_t)(s + GUARD) * (size_t)a->esize;
			if (a->esize == 8) {
				double v = NAN;
				memcpy(p, &v, 8);
			} else {
				float v = NAN;
				memcpy(p, &v, 4);
			}
		}
	}
}

/* Makes a valid call of routine r: arguments and data. */
/* The doubles of an array's body times 2^e (exact unless they leave the
 * range: the data are what the call gets). */
static void scale_body(int id, int e)
{
	double *p = body(id, 0);
	for (long q = 0; cl.ar[id].used && cl.ar[id].esize == 8 && q < cl.ar[id].scalars; q++)
		p[q] = ldexp(p[q], e);
}

static void generate(const struct routine *r)
{
	int zt = r->type == 'z', conj = r->flags & CONJ;
	memset(&cl, 0, sizeof cl);
	cl.r = r;
	/* huge: one call in 16 of Level 2 and 3, one in 64 of Level 1 (MPFR's
	 * time is the limit) */
	huge_call = big && irand(0, r->family <= F_CABS1 ? 63 : 15) == 0;
	const char *transes = "NTC";
	cl.trans = cl.transa = pick(transes);
	cl.transb = pick(transes);
	cl.uplo = pick("UL");
	cl.side = pick("LR");
	cl.diag = pick("UN");
	pick_scalar(cl.alpha, zt);
	pick_scalar(cl.beta, zt);
	switch (r->family) {
	case F_ROTG:
		for (int id = AR_RA; id <= AR_RS; id++)
			make_array(id, 1, zt && id != AR_RC ? 'z' : 'd');
		break;
	case F_ROTMG:
		for (int id = AR_RA; id <= AR_RS; id++)
			make_array(id, 1, 'd');
		make_array(AR_P, 5, 'd');
		break;
	case F_CABS1:
		make_array(AR_X, 1, 'z');
		break;
	case F_ROT: case F_ROTM: case F_SWAP: case F_COPY: case F_AXPY: case F_DOT:
		cl.n = size_upto(12, 100, 280000);
		/* an increment of 0 only where the vector is not written */
		cl.incx = pick_inc(r->family == F_DOT || r->family == F_AXPY || r->family == F_COPY);
		cl.incy = pick_inc(r->family == F_DOT);
		make_vector(AR_X, cl.n, cl.incx);
		make_vector(AR_Y, cl.n, cl.incy);
		cl.cs = scaled();
		cl.sn = scaled();
		if (r->family == F_ROTM) {
			make_array(AR_P, 5, 'd');
			double *p = body(AR_P, 0);
			for (int i = 1; i < 5; i++)
				p[i] = scaled();
			p[0] = irand(-2, 1);
		}
		cl.sb = (float)scaled();
		break;
	case F_SCAL: case F_RSCAL: case F_NRM2: case F_ASUM: case F_IAMAX:
		cl.n = size_upto(12, 100, 280000);
		cl.incx = pick_inc(r->family != F_SCAL && r->family != F_RSCAL);
		if (r->family == F_NRM2 && irand(0, 5) == 0)
			cl.incx = -cl.incx; /* dnrm2 of LAPACK 3.10 on counts from the end */
		make_vector(AR_X, cl.n, cl.incx);
		if (r->family == F_RSCAL)
			cl.alpha[1] = 0;
		break;
	case F_GEMV: case F_GBMV: {
		cl.m = size_upto(9, 40, 400);
		cl.n = size_upto(9, 40, 400);
		int lx = is_n(cl.trans) ? cl.n : cl.m, ly = is_n(cl.trans) ? cl.m : cl.n;
		if (r->family == F_GBMV) {
			cl.kl = irand(0, 4);
			cl.ku = irand(0, 4);
			cl.lda = pick_ld(cl.kl + cl.ku + 1);
		} else {
			cl.lda = pick_ld(cl.m);
		}
		make_matrix(AR_A, cl.lda, cl.n);
		cl.incx = pick_inc(0);
		cl.incy = pick_inc(0);
		make_vector(AR_X, lx, cl.incx);
		make_vector(AR_Y, ly, cl.incy);
		break;
	}
	case F_SYMV: case F_SBMV: case F_SPMV: case F_TRMV: case F_TBMV: case F_TPMV:
	case F_TRSV: case F_TBSV: case F_TPSV: case F_SYR: case F_SPR: case F_SYR2: case F_SPR2: {
		cl.n = size_upto(9, 40, 400);
		enum family f = r->family;
		if (f == F_SBMV || f == F_TBMV || f == F_TBSV) {
			cl.k = irand(0, 4);
			cl.lda = pick_ld(cl.k + 1);
			make_matrix(AR_A, cl.lda, cl.n);
		} else if (f == F_SPMV || f == F_TPMV || f == F_TPSV || f == F_SPR || f == F_SPR2) {
			make_array(AR_A, max1(cl.n * (cl.n + 1) / 2), r->type);
		} else {
			cl.lda = pick_ld(cl.n);
			make_matrix(AR_A, cl.lda, cl.n);
		}
		cl.incx = pick_inc(0);
		cl.incy = pick_inc(0);
		make_vector(AR_X, cl.n, cl.incx);
		if (f == F_SYMV || f == F_SBMV || f == F_SPMV || f == F_SYR2 || f == F_SPR2)
			make_vector(AR_Y, cl.n, cl.incy);
		if ((f == F_SYR || f == F_SPR) && conj)
			cl.alpha[1] = 0;
		break;
	}
	case F_GER:
		cl.m = size_upto(9, 40, 400);
		cl.n = size_upto(9, 40, 400);
		cl.lda = pick_ld(cl.m);
		make_matrix(AR_A, cl.lda, cl.n);
		cl.incx = pick_inc(0);
		cl.incy = pick_inc(0);
		make_vector(AR_X, cl.m, cl.incx);
		make_vector(AR_Y, cl.n, cl.incy);
		break;
	case F_GEMM: {
		cl.m = size_upto(7, 24, 64);
		cl.n = size_upto(7, 24, 64);
		cl.k = size_upto(7, 24, 64);
		int ar = is_n(cl.transa) ? cl.m : cl.k, ac = is_n(cl.transa) ? cl.k : cl.m;
		int br = is_n(cl.transb) ? cl.k : cl.n, bc = is_n(cl.transb) ? cl.n : cl.k;
		cl.lda = pick_ld(ar);
		cl.ldb = pick_ld(br);
		cl.ldc = pick_ld(cl.m);
		make_matrix(AR_A, cl.lda, ac);
		make_matrix(AR_B, cl.ldb, bc);
		make_matrix(AR_C, cl.ldc, cl.n);
		break;
	}
	case F_SYMM: case F_TRMM: case F_TRSM: {
		cl.m = size_upto(7, 24, 64);
		cl.n = size_upto(7, 24, 64);
		int ka = is_left(cl.side) ? cl.m : cl.n;
		cl.lda = pick_ld(ka);
		cl.ldb = pick_ld(cl.m);
		make_matrix(AR_A, cl.lda, ka);
		make_matrix(AR_B, cl.ldb, cl.n);
		if (r->family == F_SYMM) {
			cl.ldc = pick_ld(cl.m);
			make_matrix(AR_C, cl.ldc, cl.n);
		}
		break;
	}
	case F_SYRK: case F_SYR2K: {
		if (zt)
			cl.trans = pick(conj ? "NC" : "NT");
		cl.n = size_upto(7, 24, 64);
		cl.k = size_upto(7, 24, 64);
		int ar = is_n(cl.trans) ? cl.n : cl.k, ac = is_n(cl.trans) ? cl.k : cl.n;
		cl.lda = pick_ld(ar);
		cl.ldc = pick_ld(cl.n);
		make_matrix(AR_A, cl.lda, ac);
		if (r->family == F_SYR2K) {
			cl.ldb = pick_ld(ar);
			make_matrix(AR_B, cl.ldb, ac);
		}
		make_matrix(AR_C, cl.ldc, cl.n);
		if (conj) {
			cl.beta[1] = 0;
			if (r->family == F_SYRK)
				cl.alpha[1] = 0;
		}
		break;
	}
	}
	if (r->result)
		make_array(AR_RES, 1, r->result);
	if (r->family == F_ROTG) {
		/* rotg's own scalars: data, not garbage */
		for (int id = AR_RA; id <= AR_RS; id++) {
			double *p = body(id, 0);
			p[0] = scaled();
			if (cl.ar[id].cplx)
				p[1] = irand(0, 2) ? scaled() : 0;
		}
		if (irand(0, 5) == 0)
			body(AR_RA, 0)[0] = 0;
	} else if (r->family == F_ROTMG) {
		for (int id = AR_RA; id <= AR_RS; id++)
			body(id, 0)[0] = scaled();
		if (irand(0, 5) == 0)
			body(AR_RA, 0)[0] = -body(AR_RA, 0)[0];
	} else if (r->family != F_ROTM) {
		fill_data();
	} else {
		double keep[5];
		memcpy(keep, body(AR_P, 0), sizeof keep);
		fill_data();
		memcpy(body(AR_P, 0), keep, sizeof keep);
	}
	if (r->family == F_TRSV || r->family == F_TBSV || r->family == F_TPSV || r->family == F_TRSM) {
		enum storage st = r->family == F_TBSV ? BAND : r->family == F_TPSV ? PACKED : FULL;
		struct lmat L = op_of(AR_A, TR, st, 'N', cl.lda);
		L.kl = L.ku = cl.k;
		tame_triangle(&L, r->family == F_TRSM ? (is_left(cl.side) ? cl.m : cl.n) : cl.n);
	}
	/* Range trouble (not in the audit, where the reference itself does not
	 * meet the bounds), one call in 8:
	 *  - alpha 2^e and the data 2^(-(e+t)/2), so that alpha times a product
	 *    of the data is 2^-t, a normal number, while the product alone may
	 *    underflow (dgemm's alpha 1e300, A 1e-200, B 1e-150);
	 *  - the rank updates: alpha y(j) (alpha x(j)) beyond the range, over
	 *    or under, while C and alpha x(i) y(j) are normal; zscal and zaxpy:
	 *    alpha x near 2^1024, its products overflowing now and then;
	 *  - the products without alpha (dot products, triangular products,
	 *    rotations): the factors scaled so that the products sit at the top
	 *    of the range; the triangular solves: b at either end of the range,
	 *    A 0 to 2^400 nearer the middle (products at the end, the solution
	 *    normal) */
	int range = irand(0, 7) == 0 && r->family > F_CABS1 && !audit;
	int e = irand(400, 1000), t = irand(0, 900);
	enum family f = r->family;
	if (range && (f == F_GER || f == F_SYR2 || f == F_SPR2)) {
		int sign = irand(0, 1) ? 1 : -1, ty = sign * irand(1030, 1080);
		int ea = sign * irand(500, 1000), tr = sign * irand(100, 900);
		cl.range = ty;
		cl.alpha[0] = (irand(0, 1) ? 1 : -1) * ldexp(1 + unif(), ea);
		cl.alpha[1] = zt && irand(0, 1) ? ldexp(splitmix64_sym(&rng), ea) : 0;
		scale_body(AR_Y, ty - ea);
		scale_body(AR_X, tr - ty);
		scale_body(AR_A, tr);
	} else if (range && (zt || f == F_AXPY) && (f == F_SCAL || f == F_AXPY)) {
		int ea = irand(500, 1000), s = irand(1012, 1026);
		cl.range = s;
		cl.alpha[0] = (irand(0, 1) ? 1 : -1) * ldexp(1 + unif(), ea);
		cl.alpha[1] = zt ? ldexp(splitmix64_sym(&rng), ea) : 0;
		scale_body(AR_X, s - ea);
		scale_body(AR_Y, s);
	} else if (range && strstr(r->args, "alpha")) {
		cl.range = (e + t) / 2;
		cl.alpha[0] = (irand(0, 1) ? 1 : -1) * ldexp(1 + unif(), e);
		cl.alpha[1] = zt && irand(0, 1) ? ldexp(splitmix64_sym(&rng), e) : 0;
		if (conj && (r->family == F_SYR || r->family == F_SPR || r->family == F_SYRK))
			cl.alpha[1] = 0;
		for (int id = AR_A; id <= AR_Y; id++)
			scale_body(id, -cl.range);
	} else if (range && (f == F_TRSV || f == F_TBSV || f == F_TPSV)) {
		int sign = irand(0, 1) ? 1 : -1, sb = sign * irand(960, 1015);
		cl.range = sb;
		scale_body(AR_X, sb);
		scale_body(AR_A, sb - sign * irand(0, 400));
	} else if (range && ((f == F_DOT && r->type != 's') || f == F_TRMV || f == F_TBMV ||
			     f == F_TPMV || f == F_ROT || f == F_ROTM)) {
		int s = irand(1000, 1022) - (cl.n > 100 ? 6 : 0);
		cl.range = s;
		if (f == F_ROT || f == F_ROTM) {
			cl.cs = ldexp(cl.cs, s / 2);
			cl.sn = ldexp(cl.sn, s / 2);
			if (f == F_ROTM)
				for (int i = 1; i < 5; i++)
					body(AR_P, 0)[i] = ldexp(body(AR_P, 0)[i], s / 2);
			scale_body(AR_X, s - s / 2);
			scale_body(AR_Y, s - s / 2);
		} else {
			scale_body(f == F_DOT ? AR_Y : AR_A, s / 2);
			scale_body(AR_X, s - s / 2);
		}
	}
	if (irand(0, 1) && !(r->flags & BITWISE))
		poison_unread();
	spoil_data();
}

/* Makes one argument invalid: the option letters to letters no routine
 * takes, sizes and increments to negative or zero, leading dimensions
 * below their minimum.  Returns 0 where the routine has no such argument. */
static int make_illegal(void)
{
	static const char *const candidates[] = { "trans", "transa", "transb", "uplo", "side", "diag",
						   "m", "n", "k", "kl", "ku", "lda", "ldb", "ldc",
						   "incx", "incy" };
	const char *have[16];
	int count = 0;
	char args[128];
	snprintf(args, sizeof args, " %s ", cl.r->args);
	for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
		char word[16];
		snprintf(word, sizeof word, " %s ", candidates[i]);
		if (strstr(args, word))
			have[count++] = candidates[i];
	}
	if (cl.r->family <= F_CABS1) /* Level 1 checks nothing: only n < 0, a quick return */
		count = strstr(args, " n ") ? 1 : 0, have[0] = "n";
	if (!count)
		return 0;
	const char *arg = have[irand(0, count - 1)];
	snprintf(cl.illegal_arg, sizeof cl.illegal_arg, "%s", arg);
	cl.illegal = 1;
	char bad = "XQ1 "[irand(0, 3)];
	/* the letter the complex symmetric and Hermitian updates refuse */
	if (!strcmp(arg, "trans") && (cl.r->family == F_SYRK || cl.r->family == F_SYR2K) &&
	    cl.r->type == 'z' && irand(0, 1))
		bad = cl.r->flags & CONJ ? 'T' : 'C';
	if (!strcmp(arg, "trans")) cl.trans = bad;
	else if (!strcmp(arg, "transa")) cl.transa = bad;
	else if (!strcmp(arg, "transb")) cl.transb = bad;
	else if (!strcmp(arg, "uplo")) cl.uplo = bad;
	else if (!strcmp(arg, "side")) cl.side = bad;
	else if (!strcmp(arg, "diag")) cl.diag = bad;
	else if (!strcmp(arg, "m")) cl.m = -irand(1, 3);
	else if (!strcmp(arg, "n")) cl.n = -irand(1, 3);
	else if (!strcmp(arg, "k")) cl.k = -irand(1, 3);
	else if (!strcmp(arg, "kl")) cl.kl = -irand(1, 3);
	else if (!strcmp(arg, "ku")) cl.ku = -irand(1, 3);
	else if (!strcmp(arg, "incx")) cl.incx = 0;
	else if (!strcmp(arg, "incy")) cl.incy = 0;
	else {
		/* a leading dimension below the least the reference accepts:
		 * 0 is always, one less than the rows when they exceed 1 */
		int *ld = !strcmp(arg, "lda") ? &cl.lda : !strcmp(arg, "ldb") ? &cl.ldb : &cl.ldc;
		*ld = 0;
	}
	return 1;
}

/* ------------------------------------------------------- the exact values */

static void evaluate(void)
{
	const struct routine *r = cl.r;
	int zt = r->type == 'z', conj = r->flags & CONJ;
	const double *alpha = cl.alpha, *beta = cl.beta;
	double v1[2], v2[2], v3[2];
	noutputs = 0;
	scalars_nonfinite = (strstr(r->args, "alpha") && !(isfinite(alpha[0]) && isfinite(alpha[1]))) ||
			    (strstr(r->args, "beta") && !(isfinite(beta[0]) && isfinite(beta[1])));
	switch (r->family) {
	case F_ROT: case F_ROTM: {
		if (cl.n <= 0)
			break;
		double h[4] = { cl.cs, cl.sn, -cl.sn, cl.cs }; /* x' = h0 x + h1 y, y' = h2 x + h3 y */
		if (r->family == F_ROTM) {
			const double *p = body(AR_P, 0);
			if (p[0] == -2)
				break;
			if (p[0] == -1) { h[0] = p[1]; h[1] = p[3]; h[2] = p[2]; h[3] = p[4]; }
			if (p[0] == 0) { h[0] = 1; h[1] = p[3]; h[2] = p[2]; h[3] = 1; }
			if (p[0] == 1) { h[0] = p[1]; h[1] = 1; h[2] = -1; h[3] = p[4]; }
		}
		for (int out = 0; out < 2; out++)
			for (int i = 0; i < cl.n; i++) {
				int oa = out ? AR_Y : AR_X, oinc = out ? cl.incy : cl.incx;
				double c1[2] = { h[2 * out], 0 }, c2[2] = { h[2 * out + 1], 0 };
				begin(oa, vec_at(cl.n, oinc, i));
				read_elem(AR_X, vec_at(cl.n, cl.incx, i), v1);
				read_elem(AR_Y, vec_at(cl.n, cl.incy, i), v2);
				term(c1, v1, NULL);
				term(c2, v2, NULL);
				end();
			}
		break;
	}
	case F_SCAL:
		if (cl.incx <= 0)
			break;
		for (int i = 0; i < cl.n; i++) {
			begin(AR_X, (long)i * cl.incx);
			read_elem(AR_X, (long)i * cl.incx, v1);
			term(alpha, v1, NULL);
			end();
		}
		break;
	case F_AXPY:
		if (cl.n <= 0 || is_zero(alpha))
			break;
		for (int i = 0; i < cl.n; i++) {
			begin(AR_Y, vec_at(cl.n, cl.incy, i));
			read_elem(AR_X, vec_at(cl.n, cl.incx, i), v1);
			read_elem(AR_Y, vec_at(cl.n, cl.incy, i), v2);
			term(alpha, v1, NULL);
			term(v2, NULL, NULL);
			end();
		}
		break;
	case F_DOT:
		begin(AR_RES, 0);
		if (r->result == 'f') {
			double sb[2] = { cl.sb, 0 };
			term(sb, NULL, NULL);
		}
		for (int i = 0; i < cl.n; i++) {
			if (r->type == 's') {
				const float *x = (const float *)(const void *)body(AR_X, 0);
				const float *y = (const float *)(const void *)body(AR_Y, 0);
				v1[0] = x[vec_at(cl.n, cl.incx, i)];
				v2[0] = y[vec_at(cl.n, cl.incy, i)];
				v1[1] = v2[1] = 0;
				mark(AR_X, vec_at(cl.n, cl.incx, i));
				mark(AR_Y, vec_at(cl.n, cl.incy, i));
			} else {
				read_elem(AR_X, vec_at(cl.n, cl.incx, i), v1);
				read_elem(AR_Y, vec_at(cl.n, cl.incy, i), v2);
			}
			if (conj)
				v1[1] = -v1[1];
			term(v1, v2, NULL);
		}
		end();
		cur->parts = zt ? 2 : 1;
		break;
	case F_NRM2: case F_ASUM:
		begin(AR_RES, 0);
		/* dasum reads nothing when incx <= 0; dnrm2 reads x(1) n times
		 * when incx = 0 */
		for (int i = 0; (cl.incx > 0 || r->family == F_NRM2) && i < cl.n; i++) {
			read_elem(AR_X, vec_at(cl.n, cl.incx, i), v1);
			for (int q = 0; q <= zt; q++) {
				double a[2] = { fabs(v1[q]), 0 };
				if (r->family == F_NRM2)
					term(a, a, NULL);
				else
					term(a, NULL, NULL);
			}
		}
		end();
		if (r->family == F_NRM2 && !dry && !cur->nonfinite) { /* the bound scales with the norm */
			mpfr_sqrt(cur->exact[0], cur->exact[0], MPFR_RNDN);
			cur->magnitude[0] = sqrt(cur->magnitude[0]);
		}
		break;
	case F_GEMV: case F_GBMV: {
		struct lmat L = op_of(AR_A, GE, r->family == F_GBMV ? BAND : FULL, cl.trans, cl.lda);
		L.kl = cl.kl;
		L.ku = cl.ku;
		int rows = is_n(cl.trans) ? cl.m : cl.n, cols = is_n(cl.trans) ? cl.n : cl.m;
		if (cl.m == 0 || cl.n == 0 || (is_zero(alpha) && is_one(beta)))
			break;
		eval_mv(&L, rows, cols, AR_X, cl.incx, AR_Y, cl.incy, alpha, beta, 0);
		break;
	}
	case F_SYMV: case F_SBMV: case F_SPMV: {
		enum storage st = r->family == F_SBMV ? BAND : r->family == F_SPMV ? PACKED : FULL;
		struct lmat L = op_of(AR_A, conj ? HE : SY, st, 'N', cl.lda);
		L.kl = L.ku = cl.k;
		if (cl.n == 0 || (is_zero(alpha) && is_one(beta)))
			break;
		eval_mv(&L, cl.n, cl.n, AR_X, cl.incx, AR_Y, cl.incy, alpha, beta, 0);
		break;
	}
	case F_TRMV: case F_TBMV: case F_TPMV: {
		enum storage st = r->family == F_TBMV ? BAND : r->family == F_TPMV ? PACKED : FULL;
		struct lmat L = op_of(AR_A, TR, st, cl.trans, cl.lda);
		L.kl = L.ku = cl.k;
		double one[2] = { 1, 0 };
		eval_mv(&L, cl.n, cl.n, AR_X, cl.incx, AR_X, cl.incx, one, NULL, 1);
		break;
	}
	case F_TRSV: case F_TBSV: case F_TPSV: {
		enum storage st = r->family == F_TBSV ? BAND : r->family == F_TPSV ? PACKED : FULL;
		struct lmat L = op_of(AR_A, TR, st, cl.trans, cl.lda);
		L.kl = L.ku = cl.k;
		double one[2] = { 1, 0 };
		solve(&L, cl.n, one, AR_X, solve_x_at, 0);
		break;
	}
	case F_GER:
		if (cl.m == 0 || cl.n == 0 || is_zero(alpha))
			break;
		for (int j = 0; j < cl.n; j++)
			for (int i = 0; i < cl.m; i++) {
				long at = i + (long)j * cl.lda;
				begin(AR_A, at);
				read_elem(AR_X, vec_at(cl.m, cl.incx, i), v1);
				read_elem(AR_Y, vec_at(cl.n, cl.incy, j), v2);
				read_elem(AR_A, at, v3);
				if (conj)
					v2[1] = -v2[1];
				term(alpha, v1, v2);
				term(v3, NULL, NULL);
				end();
			}
		break;
	case F_SYR: case F_SPR: case F_SYR2: case F_SPR2: {
		if (cl.n == 0 || is_zero(alpha))
			break;
		int two = r->family == F_SYR2 || r->family == F_SPR2;
		struct lmat L = op_of(AR_A, conj ? HE : SY,
				      r->family == F_SPR || r->family == F_SPR2 ? PACKED : FULL, 'N', cl.lda);
		double calpha[2] = { alpha[0], conj ? -alpha[1] : alpha[1] };
		for (int j = 0; j < cl.n; j++)
			for (int i = 0; i < cl.n; i++) {
				if (L.upper ? i > j : i < j)
					continue;
				long at = stored_at(&L, i, j);
				begin(AR_A, at);
				double xi[2], xj[2], yi[2], yj[2];
				read_elem(AR_X, vec_at(cl.n, cl.incx, i), xi);
				read_elem(AR_X, vec_at(cl.n, cl.incx, j), xj);
				read_part(AR_A, at, v3, conj && i == j);
				if (!two) {
					if (conj)
						xj[1] = -xj[1];
					term(alpha, xi, xj);
				} else {
					read_elem(AR_Y, vec_at(cl.n, cl.incy, i), yi);
					read_elem(AR_Y, vec_at(cl.n, cl.incy, j), yj);
					if (conj) {
						xj[1] = -xj[1];
						yj[1] = -yj[1];
					}
					term(alpha, xi, yj);
					term(conj ? calpha : alpha, yi, xj);
				}
				term(v3, NULL, NULL);
				end();
			}
		break;
	}
	case F_GEMM: case F_SYMM: case F_TRMM: {
		struct lmat L1, L2;
		int m = cl.m, n = cl.n, k = cl.k, left = is_left(cl.side);
		int oa = r->family == F_TRMM ? AR_B : AR_C;
		struct lmat B = op_of(AR_B, GE, FULL, r->family == F_GEMM ? cl.transb : 'N', cl.ldb);
		if (r->family == F_GEMM) {
			L1 = op_of(AR_A, GE, FULL, cl.transa, cl.lda);
			L2 = B;
		} else {
			struct lmat A = r->family == F_SYMM ? op_of(AR_A, conj ? HE : SY, FULL, 'N', cl.lda)
						      : op_of(AR_A, TR, FULL, cl.transa, cl.lda);
			L1 = left ? A : B;
			L2 = left ? B : A;
			k = left ? m : n;
		}
		if (m == 0 || n == 0)
			break;
		if (r->family != F_TRMM && ((is_zero(alpha) || k == 0) && is_one(beta)))
			break;
		if (r->family == F_TRMM)
			beta = NULL;
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++) {
				long at = i + (long)j * (oa == AR_B ? cl.ldb : cl.ldc);
				begin(oa, at);
				if (!is_zero(alpha))
					for (int l = 0; l < k; l++) {
						if (!lm_get(&L1, i, l, v1) || !lm_get(&L2, l, j, v2))
							continue;
						term(alpha, v1, v2);
					}
				if (beta && !is_zero(beta)) {
					read_elem(oa, at, v3);
					term(beta, v3, NULL);
				}
				end();
			}
		break;
	}
	case F_SYRK: case F_SYR2K: {
		int n = cl.n, k = cl.k, two = r->family == F_SYR2K;
		if (n == 0 || ((is_zero(alpha) || k == 0) && is_one(beta)))
			break;
		/* C = alpha P Q^T (+ alpha Q P^T), P = op(A), Q = op(B) (A for
		 * syrk); conjugate transposes for herk and her2k */
		struct lmat P = op_of(AR_A, GE, FULL, cl.trans, cl.lda);
		struct lmat Q = two ? op_of(AR_B, GE, FULL, cl.trans, cl.ldb) : P;
		double calpha[2] = { alpha[0], conj ? -alpha[1] : alpha[1] };
		struct lmat Cm = op_of(AR_C, GE, FULL, 'N', cl.ldc);
		for (int j = 0; j < n; j++)
			for (int i = 0; i < n; i++) {
				if (is_upper(cl.uplo) ? i > j : i < j)
					continue;
				long at = stored_at(&Cm, i, j);
				begin(AR_C, at);
				double pi[2], qj[2], qi[2], pj[2];
				if (!is_zero(alpha))
					for (int l = 0; l < k; l++) {
						lm_get(&P, i, l, pi);
						lm_get(&Q, j, l, qj);
						if (conj)
							qj[1] = -qj[1];
						term(alpha, pi, qj);
						if (two) {
							lm_get(&Q, i, l, qi);
							lm_get(&P, j, l, pj);
							if (conj)
								pj[1] = -pj[1];
							term(calpha, qi, pj);
						}
					}
				if (!is_zero(beta)) {
					read_part(AR_C, at, v3, conj && i == j);
					term(beta, v3, NULL);
				}
				end();
			}
		break;
	}
	case F_TRSM: {
		int left = is_left(cl.side);
		struct lmat L = op_of(AR_A, TR, FULL, cl.transa, cl.lda);
		if (cl.m == 0 || cl.n == 0)
			break;
		if (left) {
			for (int j = 0; j < cl.n; j++)
				solve(&L, cl.m, alpha, AR_B, solve_col_at, j);
		} else {
			L.trans = !L.trans; /* z op(A) = b: op(A)^T z^T = b^T */
			for (int i = 0; i < cl.m; i++)
				solve(&L, cl.n, alpha, AR_B, solve_row_at, i);
		}
		break;
	}
	default:
		break;
	}
}

/* ------------------------------------------------------------- calling */

typedef void (*void_fn)(uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
			uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
			uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t);
typedef double (*double_fn)(uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
			    uintptr_t, uintptr_t, uintptr_t, uintptr_t);
typedef float (*float_fn)(uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
			  uintptr_t, uintptr_t, uintptr_t, uintptr_t);
typedef int (*int_fn)(uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
		      uintptr_t, uintptr_t, uintptr_t, uintptr_t);
typedef double complex (*complex_fn)(uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
				     uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t);

/* Calls fn with the arguments of cl on the arrays of copy (1 twofold, 2
 * the reference). */
static void invoke(void *fn, int copy)
{
	uintptr_t w[18] = { 0 };
	int nargs = 0, nchars = 0;
	char args[128];
	snprintf(args, sizeof args, "%s", cl.r->args);
	for (char *save = NULL, *a = strtok_r(args, " ", &save); a; a = strtok_r(NULL, " ", &save)) {
		void *p = NULL;
		int is_char = 0;
#define ARG(name, where) else if (!strcmp(a, name)) p = (void *)(where)
#define CHR(name, where) else if (!strcmp(a, name)) { p = (void *)(where); is_char = 1; }
		if (0) {}
		CHR("trans", &cl.trans) CHR("transa", &cl.transa) CHR("transb", &cl.transb)
		CHR("uplo", &cl.uplo) CHR("side", &cl.side) CHR("diag", &cl.diag)
		ARG("m", &cl.m); ARG("n", &cl.n); ARG("k", &cl.k); ARG("kl", &cl.kl);
		ARG("ku", &cl.ku); ARG("lda", &cl.lda); ARG("ldb", &cl.ldb); ARG("ldc", &cl.ldc);
		ARG("incx", &cl.incx); ARG("incy", &cl.incy); ARG("alpha", cl.alpha);
		ARG("beta", cl.beta); ARG("cs", &cl.cs); ARG("sn", &cl.sn); ARG("sb", &cl.sb);
		ARG("a", body(AR_A, copy)); ARG("b", body(AR_B, copy)); ARG("c", body(AR_C, copy));
		ARG("x", body(AR_X, copy)); ARG("y", body(AR_Y, copy)); ARG("p", body(AR_P, copy));
		ARG("res", body(AR_RES, copy)); ARG("ra", body(AR_RA, copy));
		ARG("rb", body(AR_RB, copy)); ARG("rc", body(AR_RC, copy));
		ARG("rs", body(AR_RS, copy));
		else harness_error("unknown argument name in the routine table");
#undef ARG
#undef CHR
		w[nargs++] = (uintptr_t)p;
		nchars += is_char;
	}
	for (int i = 0; i < nchars; i++)
		w[nargs + i] = 1; /* the hidden lengths */
	void *res = cl.r->result && !(cl.r->flags & SUB) ? body(AR_RES, copy) : NULL;
	switch (res ? cl.r->result : 0) {
	case 0:
		((void_fn)fn)(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8], w[9], w[10], w[11],
			      w[12], w[13], w[14], w[15], w[16], w[17]);
		break;
	case 'd': {
		double v = ((double_fn)fn)(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8], w[9]);
		memcpy(res, &v, sizeof v);
		break;
	}
	case 'f': {
		float v = ((float_fn)fn)(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8], w[9]);
		memcpy(res, &v, sizeof v);
		break;
	}
	case 'i': {
		int v = ((int_fn)fn)(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8], w[9]);
		memcpy(res, &v, sizeof v);
		break;
	}
	case 'z': {
		double complex v = ((complex_fn)fn)(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8], w[9]);
		double parts[2] = { creal(v), cimag(v) };
		memcpy(res, parts, sizeof parts);
		break;
	}
	}
}

/* ------------------------------------------------------- xerbla_ */

static char xerbla_name[8];
static int xerbla_info, xerbla_calls;

void xerbla_(const char *name, const int *info, size_t name_len);
void xerbla_(const char *name, const int *info, size_t name_len)
{
	snprintf(xerbla_name, sizeof xerbla_name, "%.*s", (int)(name_len < 6 ? name_len : 6), name);
	xerbla_info = *info;
	xerbla_calls++;
}

/* --------------------------------------------------------- judging */

static int dd_mode;
static int failures_in_call;
static char call_text[600];

static void describe_call(void)
{
	char *p = call_text;
	size_t left = sizeof call_text;
	int w = snprintf(p, left, "%s(", cl.r->name);
	char args[128];
	snprintf(args, sizeof args, "%s", cl.r->args);
	for (char *save = NULL, *a = strtok_r(args, " ", &save); a; a = strtok_r(NULL, " ", &save)) {
		p += w;
		left -= (size_t)w;
		char buf[96] = "";
		if (!strcmp(a, "trans")) snprintf(buf, sizeof buf, "'%c'", cl.trans);
		else if (!strcmp(a, "transa")) snprintf(buf, sizeof buf, "'%c'", cl.transa);
		else if (!strcmp(a, "transb")) snprintf(buf, sizeof buf, "'%c'", cl.transb);
		else if (!strcmp(a, "uplo")) snprintf(buf, sizeof buf, "'%c'", cl.uplo);
		else if (!strcmp(a, "side")) snprintf(buf, sizeof buf, "'%c'", cl.side);
		else if (!strcmp(a, "diag")) snprintf(buf, sizeof buf, "'%c'", cl.diag);
		else if (!strcmp(a, "m")) snprintf(buf, sizeof buf, "%d", cl.m);
		else if (!strcmp(a, "n")) snprintf(buf, sizeof buf, "%d", cl.n);
		else if (!strcmp(a, "k")) snprintf(buf, sizeof buf, "%d", cl.k);
		else if (!strcmp(a, "kl")) snprintf(buf, sizeof buf, "%d", cl.kl);
		else if (!strcmp(a, "ku")) snprintf(buf, sizeof buf, "%d", cl.ku);
		else if (!strcmp(a, "lda")) snprintf(buf, sizeof buf, "%d", cl.lda);
		else if (!strcmp(a, "ldb")) snprintf(buf, sizeof buf, "%d", cl.ldb);
		else if (!strcmp(a, "ldc")) snprintf(buf, sizeof buf, "%d", cl.ldc);
		else if (!strcmp(a, "incx")) snprintf(buf, sizeof buf, "%d", cl.incx);
		else if (!strcmp(a, "incy")) snprintf(buf, sizeof buf, "%d", cl.incy);
		else if (!strcmp(a, "alpha") || !strcmp(a, "beta")) {
			const double *v = a[0] == 'a' ? cl.alpha : cl.beta;
			if (cl.r->type == 'z')
				snprintf(buf, sizeof buf, "(%.17g,%.17g)", v[0], v[1]);
			else
				snprintf(buf, sizeof buf, "%.17g", v[0]);
		} else if (!strcmp(a, "cs")) snprintf(buf, sizeof buf, "%.17g", cl.cs);
		else if (!strcmp(a, "sn")) snprintf(buf, sizeof buf, "%.17g", cl.sn);
		else if (!strcmp(a, "sb")) snprintf(buf, sizeof buf, "%.9g", (double)cl.sb);
		else if (!strcmp(a, "p")) {
			const double *v = body(AR_P, 0);
			snprintf(buf, sizeof buf, "[%g %g %g %g %g]", v[0], v[1], v[2], v[3], v[4]);
		} else snprintf(buf, sizeof buf, "%s", a);
		w = snprintf(p, left, "%s%s", p == call_text + strlen(cl.r->name) + 1 ? "" : ", ", buf);
	}
	p += w;
	left -= (size_t)w;
	char range[48] = "";
	if (cl.range)
		snprintf(range, sizeof range, " with range trouble (scale %d)", cl.range);
	snprintf(p, left, ")%s%s%s", range,
		 cl.nonfinite ? " with Inf/NaN in the data" : "",
		 cl.illegal ? " [invalid argument]" : "");
}

static double get_scalar(const unsigned char *p, int esize, int is_int);

/* Every scalar of every array of the call, guards included: before the
 * call, after twofold's, after the reference's. */
static void dump_arrays(void)
{
	for (int id = 0; id < NARRAYS; id++) {
		struct array *a = &cl.ar[id];
		if (!a->used)
			continue;
		int is_int = id == AR_RES && cl.r->result == 'i';
		printf("  %s (%ld scalars%s, guards of %d at both ends): before | twofold | reference\n",
		       array_name[id], a->scalars, a->cplx ? ", (re, im) pairs" : "", GUARD);
		for (long s = -GUARD; s < a->scalars + GUARD; s++) {
			size_t off = (size_t)(s + GUARD) * (size_t)a->esize;
			printf("    [%ld] %.17g | %.17g | %.17g\n", s, get_scalar(a->orig + off, a->esize, is_int),
			       get_scalar(a->tf + off, a->esize, is_int), get_scalar(a->ref + off, a->esize, is_int));
		}
	}
}

static void report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static long call_number;
static uint64_t base_seed;

static void report(const char *fmt, ...)
{
	if (failures_in_call++ == 0) {
		describe_call();
		printf("FAIL %s, call %ld (reproduce: fuzz%s%s -s %" PRIu64 " -c %ld %s)\n  %s\n",
		       cl.r->name, call_number, audit ? " -a" : "", big ? " -b" : "", base_seed,
		       call_number, cl.r->name, call_text);
	}
	if (failures_in_call == 1 && verbose)
		dump_arrays();
	if (failures_in_call > MAX_SHOWN + 1)
		return;
	if (failures_in_call == MAX_SHOWN + 1) {
		printf("  ...\n");
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	printf("  ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
}

static double get_scalar(const unsigned char *p, int esize, int is_int)
{
	if (esize == 8) {
		double v;
		memcpy(&v, p, 8);
		return v;
	}
	if (is_int) {
		int v;
		memcpy(&v, p, 4);
		return v;
	}
	float v;
	memcpy(&v, p, 4);
	return v;
}

static int same_class(double a, double b)
{
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	if (isinf(a) || isinf(b))
		return a == b;
	return 1;
}

static double ulp_of(double x, int esize)
{
	int digits = esize == 8 ? DBL_MANT_DIG : FLT_MANT_DIG;
	double tiny = esize == 8 ? DBL_MIN : FLT_MIN;
	x = fabs(x);
	if (x < tiny)
		return ldexp(tiny, 1 - digits);
	return ldexp(1, ilogb(x) - (digits - 1));
}

/* One element of an output whose bits differ from the reference's. */
static void judge_output(const struct output *o, int part, const char *where, double got,
			 double want)
{
	int esize = cl.ar[o->arr].esize;
	/* with finite terms, a finite twofold result is judged against the
	 * exact value even where the reference's is not finite (range
	 * trouble: the reference overflows in an intermediate) */
	int judge_finite = dd_mode && !o->nonfinite && isfinite(got);
	if (o->nonfinite || !isfinite(got) || (!isfinite(want) && !judge_finite)) {
		if (!isfinite(got) && !same_class(got, want)) {
			report("%s: twofold %.17g, the reference %.17g: an Inf or NaN not the reference's", where,
			       got, want);
		} else if (!isfinite(want) && isfinite(got) && o->nonfinite) {
			report("%s: twofold %.17g, the reference %.17g, with Inf or NaN in the terms", where,
			       got, want);
		} else if (audit && !o->nonfinite && !isfinite(want)) {
			report("%s: the reference %.17g where every term is finite (exact %.17g)", where, want,
			       mpfr_get_d(o->exact[part], MPFR_RNDN));
		} else if (dd_mode && !o->nonfinite && esize == 8 &&
			   isfinite(mpfr_get_d(o->exact[part], MPFR_RNDN))) {
			report("%s: twofold %.17g, the reference %.17g, where every term is finite and the "
			       "exact value %.17g is a double", where, got, want,
			       mpfr_get_d(o->exact[part], MPFR_RNDN));
		}
		return;
	}
	mpfr_t diff;
	mpfr_init2(diff, EX_PREC);
	double exact_rn = mpfr_get_d(o->exact[part], MPFR_RNDN);
	mpfr_sub_d(diff, o->exact[part], got, MPFR_RNDN);
	double err = fabs(mpfr_get_d(diff, MPFR_RNDU));
	mpfr_sub_d(diff, o->exact[part], want, MPFR_RNDN);
	double ref_err = fabs(mpfr_get_d(diff, MPFR_RNDU));
	mpfr_clear(diff);
	double bound;
	if (o->solve) {
		double scale = fmax(fabs(mpfr_get_d(o->exact[0], MPFR_RNDN)),
				    fabs(mpfr_get_d(o->exact[1], MPFR_RNDN)));
		/* the reference's error, or where it is not finite DD's own */
		bound = isfinite(ref_err) ? 2 * ref_err + 2 * ulp_of(scale, esize) : 2 * ulp_of(scale, esize);
		if (audit) /* the reference's result judged: a sanity bound */
			bound = ldexp(fmax(scale, 1), -26);
	} else {
		bound = 2 * ulp_of(exact_rn, esize) + 4.0 * (o->k + 4) * 0x1p-53 * o->magnitude[part];
	}
	if (!(err <= bound))
		report("%s: twofold %.17g, the reference %.17g, exact %.17g: error %.3g, bound %.3g "
		       "(the reference's error %.3g)", where, got, want, exact_rn, err, bound, ref_err);
}

/* Compares the two copies of every array. */
static void compare(void)
{
	int judging = dd_mode || audit;
	int bitwise = !judging || (cl.r->flags & BITWISE) || cl.illegal;
	for (int id = 0; id < NARRAYS; id++) {
		struct array *a = &cl.ar[id];
		if (!a->used)
			continue;
		int is_int = id == AR_RES && cl.r->result == 'i';
		for (long s = -GUARD; s < a->scalars + GUARD; s++) {
			size_t off = (size_t)(s + GUARD) * (size_t)a->esize;
			int o = s >= 0 && s < a->scalars ? a->judged[s] : -1;
			int same = !memcmp(a->tf + off, a->ref + off, (size_t)a->esize);
			if (same && !(audit && o >= 0 && !bitwise))
				continue;
			double got = get_scalar(a->tf + off, a->esize, is_int);
			double want = get_scalar(a->ref + off, a->esize, is_int);
			if (!same && isnan(got) && isnan(want))
				continue;
			char where[64];
			if (a->cplx && s >= 0)
				snprintf(where, sizeof where, "%s[%ld].%s", array_name[id], s / 2,
					 s % 2 ? "im" : "re");
			else
				snprintf(where, sizeof where, "%s[%ld]", array_name[id], s);
			if (bitwise || o < 0) {
				double before = get_scalar(a->orig + off, a->esize, is_int);
				report("%s: twofold %.17g, the reference %.17g (before the call %.17g)%s", where,
				       got, want, before, o < 0 && !bitwise ? ": not an output of the call" : "");
				continue;
			}
			judge_output(&outputs[o], a->cplx ? (int)(s % 2) : 0, where, got, want);
		}
	}
}

/* ----------------------------------------------------------- the run */

struct tally {
	long calls, illegal, judged, failed_calls;
};

static void *reference;

static uint64_t seed_of(const struct routine *r, long call)
{
	uint64_t s = base_seed ^ 0x5bd1e995u;
	for (const char *p = r->name; *p; p++)
		s = s * 1099511628211u + (unsigned char)*p;
	s ^= (uint64_t)call * 0x9e3779b97f4a7c15u;
	return splitmix64_next(&s);
}

static void run_call(const struct routine *r, void *tf_fn, void *ref_fn, long call, struct tally *t)
{
	call_number = call;
	rng = seed_of(r, call);
	generate(r);
	if (irand(0, 6) == 0 && !make_illegal())
		cl.illegal = 0;
	for (int id = 0; id < NARRAYS; id++) {
		struct array *a = &cl.ar[id];
		if (!a->used)
			continue;
		size_t bytes = (size_t)(a->scalars + 2 * GUARD) * (size_t)a->esize;
		memcpy(a->tf, a->orig, bytes);
		memcpy(a->ref, a->orig, bytes);
	}
	failures_in_call = 0;
	xerbla_calls = 0;
	xerbla_name[0] = 0;
	invoke(ref_fn, 2);
	int ref_calls = xerbla_calls, ref_info = xerbla_info;
	char ref_name[8];
	memcpy(ref_name, xerbla_name, sizeof ref_name);
	xerbla_calls = 0;
	xerbla_name[0] = 0;
	invoke(tf_fn, 1);
	if (xerbla_calls != ref_calls || (ref_calls && (xerbla_info != ref_info ||
							strcmp(xerbla_name, ref_name)))) {
		report("argument error: the program's xerbla_ got %d calls (last \"%s\", %d) from twofold, "
		       "%d (\"%s\", %d) from the reference", xerbla_calls, xerbla_name, xerbla_info,
		       ref_calls, ref_name, ref_info);
	}
	if (ref_calls)
		t->illegal++;
	if ((dd_mode || audit) && !cl.illegal && !ref_calls && !(r->flags & BITWISE))
		evaluate();
	else
		noutputs = 0;
	t->judged += noutputs;
	if (ref_calls)
		cl.illegal = 1; /* nothing is computed: bit for bit */
	compare();
	t->calls++;
	if (failures_in_call)
		t->failed_calls++;
	free_arrays();
}

static void print_library(void)
{
	int (*get_mode)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "tf_get_mode");
	const char *(*mode_name)(int) = (const char *(*)(int))dlsym(RTLD_DEFAULT, "tf_mode_name");
	if (get_mode && mode_name) {
		printf("%% library: twofold, mode %s\n", mode_name(get_mode()));
		dd_mode = strcmp(mode_name(get_mode()), "dd") == 0;
	} else {
		printf("%% library: the BLAS linked in, no twofold\n");
	}
}

int main(int argc, char **argv)
{
	long calls = 200, only = -1;
	int first = 1;
	if (argc == 2 && !strcmp(argv[1], "probe"))
		return 0;
	base_seed = 20261126;
	while (first < argc && argv[first][0] == '-') {
		if (first + 1 >= argc && strcmp(argv[first], "-a") && strcmp(argv[first], "-b") &&
		    strcmp(argv[first], "-v"))
			break;
		if (!strcmp(argv[first], "-n"))
			calls = atol(argv[first + 1]);
		else if (!strcmp(argv[first], "-s"))
			base_seed = strtoull(argv[first + 1], NULL, 10);
		else if (!strcmp(argv[first], "-c"))
			only = atol(argv[first + 1]);
		else if (!strcmp(argv[first], "-a"))
			audit = 1, first--;
		else if (!strcmp(argv[first], "-b"))
			big = 1, first--;
		else if (!strcmp(argv[first], "-v"))
			verbose = 1, first--;
		else
			break;
		first += 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	const char *path = getenv("TF_REFERENCE_BLAS");
	if (!path || !*path) {
		printf("usage: TF_REFERENCE_BLAS=libblas.so.3 fuzz [-n CALLS] [-s SEED] [-c CALL] [ROUTINE...]\n");
		return 99;
	}
	reference = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!reference) {
		printf("cannot load the reference BLAS %s: %s\n", path, dlerror());
		return 99;
	}
	print_library();
	printf("%% seed %" PRIu64 ", %ld calls per routine, %s\n", base_seed, calls,
	       audit ? "every output against MPFR (audit)"
	       : dd_mode ? "dd: the rounded sums against MPFR" : "bit for bit");
	ex_sum_init(&part_sum[0], big ? MAX_TERMS_BIG : MAX_TERMS);
	ex_sum_init(&part_sum[1], big ? MAX_TERMS_BIG : MAX_TERMS);
	int failed_routines = 0;
	long total_calls = 0;
	for (int i = 0; i < NROUTINES; i++) {
		const struct routine *r = &routines[i];
		if (first < argc) {
			int named = 0;
			for (int a = first; a < argc; a++)
				named |= !strcmp(argv[a], r->name);
			if (!named)
				continue;
		}
		void *tf_fn = dlsym(RTLD_DEFAULT, r->name), *ref_fn = dlsym(reference, r->name);
		if (!tf_fn || !ref_fn) {
			printf("%-11s missing: %s\n", r->name, !tf_fn ? "no such symbol in the program" :
			       "not in the reference BLAS");
			failed_routines++;
			continue;
		}
		struct tally t = { 0, 0, 0, 0 };
		for (long c = only >= 0 ? only : 0; c < (only >= 0 ? only + 1 : calls); c++)
			run_call(r, tf_fn, ref_fn, c, &t);
		printf("%-11s %5ld calls, %4ld invalid, %7ld elements judged against MPFR: %s\n", r->name,
		       t.calls, t.illegal, t.judged, t.failed_calls ? "FAIL" : "pass");
		if (t.failed_calls)
			failed_routines++;
		total_calls += t.calls;
	}
	printf("%% totals: calls=%ld failed_routines=%d\n", total_calls, failed_routines);
	return failed_routines > 255 ? 255 : failed_routines;
}
