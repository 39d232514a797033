#include "config.h"

/* The ILP64 entry points' shared part (abi/ilp64.h).  The entry points
 * themselves are generated from the routine table (gen_wrappers.awk,
 * out=ilp64): each calls the 32-bit entry point where its integers fit in
 * 32 bits (the same result, bit for bit, the same routing to DD or the GPU),
 * the 64-bit CPU BLAS where there is one and they do not (the forwarded
 * routines: always), else runs Level 1 in chunks of 32-bit calls, else
 * comes here (tf_ilp64_beyond). */
#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include "abi/check.h"
#include "abi/ilp64.h"
#include "abi/xerbla.h"
#include "core/message.h"
#include "op/op.h"
#include "twofold/arith_dd.h"

struct tf_ilp64_span tf_ilp64_first(int64_t n, int increments_fit)
{
	struct tf_ilp64_span span = { .n = n, .step = increments_fit ? TF_ILP64_CHUNK : 1 };
	span.count = n <= 0 ? 0 : (int)(n < span.step ? n : span.step);
	return span;
}

void tf_ilp64_next(struct tf_ilp64_span *span)
{
	span->done += span->count;
	int64_t left = span->n - span->done;
	span->count = (int)(left < span->step ? left : span->step);
}

int tf_ilp64_increment(const struct tf_ilp64_span *span, int64_t inc)
{
	return span->count == 1 ? 1 : (int)inc;
}

void *tf_ilp64_at(const void *x, int size, int64_t n, int64_t inc,
		  const struct tf_ilp64_span *span)
{
	/* The chunk's call starts where its own first element is: for inc < 0
	 * that is its last in memory order, (n - done - count) steps in. */
	int64_t steps = inc >= 0 ? span->done * inc : (n - span->done - span->count) * -inc;
	return (char *)x + steps * size;
}

void tf_ilp64_sum_add(struct tf_ilp64_sum *sum, double re, double im)
{
	tf_dd s = tf_dd_add(tf_dd_make(sum->re_hi, sum->re_lo), tf_dd_make(re, 0.0));
	tf_dd t = tf_dd_add(tf_dd_make(sum->im_hi, sum->im_lo), tf_dd_make(im, 0.0));
	sum->re_hi = s.hi, sum->re_lo = s.lo;
	sum->im_hi = t.hi, sum->im_lo = t.lo;
}

double tf_ilp64_sum_re(const struct tf_ilp64_sum *sum)
{
	return sum->re_hi + sum->re_lo;
}

double tf_ilp64_sum_im(const struct tf_ilp64_sum *sum)
{
	return sum->im_hi + sum->im_lo;
}

/* sqrt(sum of norm^2) as scale * sqrt(squares), scale the largest norm, so
 * that no square overflows or underflows (LAPACK's DLASSQ). */
void tf_ilp64_norm_add(struct tf_ilp64_sum *sum, double norm)
{
	if (norm == 0.0)
		return;
	if (isnan(norm) || isnan(sum->scale)) {
		sum->scale = NAN;
	} else if (norm > sum->scale) {
		double r = sum->scale / norm;
		sum->squares = 1.0 + sum->squares * r * r;
		sum->scale = norm;
	} else {
		double r = norm / sum->scale;
		sum->squares += r * r;
	}
}

double tf_ilp64_norm(const struct tf_ilp64_sum *sum)
{
	return sum->scale == 0.0 ? 0.0 : sum->scale * sqrt(sum->squares);
}

static double magnitude(const void *element, char kind)
{
	const float *s = element;
	const double *d = element;
	switch (kind) {
	case 's': return fabs((double)s[0]);
	case 'c': return fabs((double)s[0]) + fabs((double)s[1]);
	case 'z': return fabs(d[0]) + fabs(d[1]);
	default: return fabs(d[0]);
	}
}

void tf_ilp64_amax_add(struct tf_ilp64_amax *best, const struct tf_ilp64_span *span, int64_t part,
		       const void *chunk, char kind, int inc)
{
	int64_t at = best->one_based ? part - 1 : part; /* in the chunk, from 0 */
	if (inc <= 0 || at < 0) {
		/* no element (Fortran: the reference answers 0 for incx <= 0) */
		if (!best->seen)
			best->index = part, best->seen = 1;
		return;
	}
	int size = kind == 's' ? 4 : kind == 'z' ? 16 : 8;
	double value = magnitude((const char *)chunk + at * inc * size, kind);
	if (!best->seen || value > best->largest) {
		best->largest = value;
		best->index = span->done + part;
		best->seen = 1;
	}
}

/* ---- beyond 32 bits without a 64-bit CPU BLAS */

/* The Level 2 and 3 routines by the reference's checks: the name less its
 * type letter and trailing underscore (dgemm_: gemm). */
enum family {
	NONE, GEMM, SYMM, SYRK, HERK, SYR2K, HER2K, TRMM, GEMV, GBMV, SYMV, SBMV, SPMV, TRMV, TBMV,
	TPMV, TRSV, TBSV, TPSV, GER, SYR, SPR, SYR2, SPR2
};

static const struct {
	const char *name;
	enum family family;
} families[] = {
	{ "gemm", GEMM }, { "symm", SYMM }, { "hemm", SYMM }, { "syrk", SYRK }, { "herk", HERK },
	{ "syr2k", SYR2K }, { "her2k", HER2K }, { "trmm", TRMM }, { "trsm", TRMM },
	{ "gemv", GEMV }, { "gbmv", GBMV }, { "symv", SYMV }, { "hemv", SYMV }, { "sbmv", SBMV },
	{ "hbmv", SBMV }, { "spmv", SPMV }, { "hpmv", SPMV }, { "trmv", TRMV }, { "tbmv", TBMV },
	{ "tpmv", TPMV }, { "trsv", TRSV }, { "tbsv", TBSV }, { "tpsv", TPSV }, { "ger", GER },
	{ "geru", GER }, { "gerc", GER }, { "syr", SYR }, { "her", SYR }, { "spr", SPR },
	{ "hpr", SPR }, { "syr2", SYR2 }, { "her2", SYR2 }, { "spr2", SPR2 }, { "hpr2", SPR2 },
};

static unsigned char family_of[TF_ROUTINE_COUNT];
static pthread_once_t families_once = PTHREAD_ONCE_INIT;

static void find_families(void)
{
	for (int r = 0; r < TF_ROUTINE_COUNT; r++) {
		const char *name = tf_routine_name(r);
		size_t length = strlen(name);
		if (name[length - 1] != '_' || !strchr("sdcz", name[0]))
			continue;
		for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
			if (strlen(families[f].name) == length - 2 &&
			    strncmp(families[f].name, name + 1, length - 2) == 0)
				family_of[r] = (unsigned char)families[f].family;
	}
}

/* The number of the first illegal parameter, or 0: the reference's checks
 * (abi/check.c, in 64 bits), options and integers in the table's order. */
static int check(enum family family, char type, const char *c, const int64_t *i)
{
	const char *syrk_trans = type == 'c' || type == 'z' ? "NT" : "NTC";
	switch (family) {
	case GEMM: return tf_check_dgemm(c[0], c[1], i[0], i[1], i[2], i[3], i[4], i[5]);
	case SYMM: return tf_check_symm(c[0], c[1], i[0], i[1], i[2], i[3], i[4]);
	case SYRK: return tf_check_syrk(c[0], c[1], syrk_trans, i[0], i[1], i[2], i[3]);
	case HERK: return tf_check_syrk(c[0], c[1], "NC", i[0], i[1], i[2], i[3]);
	case SYR2K: return tf_check_syr2k(c[0], c[1], syrk_trans, i[0], i[1], i[2], i[3], i[4]);
	case HER2K: return tf_check_syr2k(c[0], c[1], "NC", i[0], i[1], i[2], i[3], i[4]);
	case TRMM: return tf_check_trmm(c[0], c[1], c[2], c[3], i[0], i[1], i[2], i[3]);
	case GEMV: return tf_check_dgemv(c[0], i[0], i[1], i[2], i[3], i[4]);
	case GBMV: return tf_check_gbmv(c[0], i[0], i[1], i[2], i[3], i[4], i[5], i[6]);
	case SYMV: return tf_check_symv(c[0], i[0], i[1], i[2], i[3]);
	case SBMV: return tf_check_sbmv(c[0], i[0], i[1], i[2], i[3], i[4]);
	case SPMV: return tf_check_spmv(c[0], i[0], i[1], i[2]);
	case TRMV: return tf_check_trmv(TF_STORAGE_FULL, c[0], c[1], c[2], i[0], 0, i[1], i[2]);
	case TBMV: return tf_check_trmv(TF_STORAGE_BAND, c[0], c[1], c[2], i[0], i[1], i[2], i[3]);
	case TPMV: return tf_check_trmv(TF_STORAGE_PACKED, c[0], c[1], c[2], i[0], 0, 0, i[1]);
	case TRSV: return tf_check_trsv(c[0], c[1], c[2], i[0], i[1], i[2]);
	case TBSV: return tf_check_tbsv(c[0], c[1], c[2], i[0], i[1], i[2], i[3]);
	case TPSV: return tf_check_tpsv(c[0], c[1], c[2], i[0], i[1]);
	case GER: return tf_check_ger(i[0], i[1], i[2], i[3], i[4]);
	case SYR: return tf_check_syr(c[0], i[0], i[1], i[2]);
	case SPR: return tf_check_spr(c[0], i[0], i[1]);
	case SYR2: return tf_check_syr2(c[0], i[0], i[1], i[2], i[3]);
	case SPR2: return tf_check_spr2(c[0], i[0], i[1], i[2]);
	case NONE: break;
	}
	return 0;
}

/* To the program's xerbla_64_ where it has one, with a 64-bit INFO, as the
 * reference ILP64 BLAS (its symbols renamed with the suffix, XERBLA too)
 * reports; else as the 32-bit entry points report (tf_report_illegal). */
void tf_ilp64_report_illegal(const char *routine, int parameter)
{
	tf_xerbla64_handler *handler = tf_global_xerbla64();
	int64_t info = parameter;
	if (handler)
		handler(routine, &info, 6);
	else
		tf_report_illegal(routine, parameter);
}

int tf_ilp64_illegal(enum tf_routine routine, const char *options, const int64_t *ints)
{
	pthread_once(&families_once, find_families);
	const char *name = tf_routine_name(routine);
	int illegal = check((enum family)family_of[routine], name[0], options, ints);
	if (!illegal)
		return 0;
	char reference[7] = "      "; /* DGEMM, padded to six */
	for (size_t j = 0; name[j] && name[j] != '_' && j < 6; j++)
		reference[j] = (char)toupper((unsigned char)name[j]);
	tf_ilp64_report_illegal(reference, illegal);
	return 1;
}

static atomic_char told[TF_ROUTINE_COUNT];

void tf_ilp64_beyond(enum tf_routine routine, const char *options, const int64_t *ints)
{
	if (tf_ilp64_illegal(routine, options, ints))
		return;
	if (!atomic_exchange(&told[routine], 1))
		tf_message("%s64_: an integer argument does not fit in 32 bits, and no 64-bit CPU BLAS "
			   "was found to run it (set TWOFOLD_CPU_BLAS64, or configure "
			   "--with-cpu-blas64); the call did nothing",
			   tf_routine_name(routine));
}
