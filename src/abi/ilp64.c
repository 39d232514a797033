#include "config.h"

/* The ILP64 entry points' shared part (abi/ilp64.h): the checks in 64 bits
 * and the calls beyond 32 bits (the chunks: ilp64_chunks.c).  The entry points
 * themselves are generated from the routine table (gen_wrappers.awk,
 * out=ilp64): each calls the 32-bit entry point where its integers fit in
 * 32 bits (the same result, bit for bit, the same routing to DD or the GPU),
 * the 64-bit CPU BLAS where there is one and they do not (the forwarded
 * routines: always), else runs Level 1 in chunks of 32-bit calls, else
 * comes here (tf_ilp64_beyond). */
#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include "abi/cblas_error.h"
#include "abi/check.h"
#include "abi/ilp64.h"
#include "abi/xerbla.h"
#include "core/message.h"
#include "op/cblas_types.h"
#include "op/op.h"

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

/* By the name less "cblas_", its type letter and Fortran's underscore. */
static void find_families(void)
{
	for (int r = 0; r < TF_ROUTINE_COUNT; r++) {
		const char *name = tf_routine_name(r);
		if (strncmp(name, "cblas_", 6) == 0)
			name += 6;
		size_t length = strlen(name) - (name[strlen(name) - 1] == '_');
		if (!strchr("sdcz", name[0]))
			continue;
		for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
			if (strlen(families[f].name) == length - 1 &&
			    strncmp(families[f].name, name + 1, length - 1) == 0)
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

/* The reference's name of a routine, for xerbla_: "DGEMM " (of dgemm_ or
 * cblas_dgemm), padded to six. */
static void reference_name(enum tf_routine routine, char name[7])
{
	const char *own = tf_routine_name(routine);
	if (strncmp(own, "cblas_", 6) == 0)
		own += 6;
	memcpy(name, "      ", 7);
	for (size_t j = 0; own[j] && own[j] != '_' && j < 6; j++)
		name[j] = (char)toupper((unsigned char)own[j]);
}

/* The routine's check, or 0; its type letter from the name. */
static int check_routine(enum tf_routine routine, const char *options, const int64_t *ints)
{
	pthread_once(&families_once, find_families);
	const char *name = tf_routine_name(routine);
	if (strncmp(name, "cblas_", 6) == 0)
		name += 6;
	return check((enum family)family_of[routine], name[0], options, ints);
}

int tf_ilp64_illegal(enum tf_routine routine, const char *options, const int64_t *ints)
{
	if (strncmp(tf_routine_name(routine), "cblas_", 6) == 0)
		return 0; /* tf_ilp64_cblas_illegal, which knows the layout */
	int illegal = check_routine(routine, options, ints);
	if (!illegal)
		return 0;
	char reference[7];
	reference_name(routine, reference);
	tf_ilp64_report_illegal(reference, illegal);
	return 1;
}

int tf_ilp64_cblas_illegal(enum tf_routine routine, int layout, const char *options, int count,
			   const int64_t *ints)
{
	if (layout != CblasColMajor && layout != CblasRowMajor)
		return -1;
	for (int i = 0; i < count; i++)
		if (!options[i])
			return -1;
	if (layout != CblasColMajor)
		return 0;
	int illegal = check_routine(routine, options, ints);
	if (!illegal)
		return 0;
	/* The options come first in the Fortran order: one the routine does
	 * not accept (zherk's Trans) is the CBLAS's own message. */
	if (illegal <= count)
		return -1;
	char reference[7];
	reference_name(routine, reference);
	/* As the 32-bit CBLAS entry points report what their Fortran check
	 * finds: through xerbla_, which the reference CBLAS renumbers. */
	CBLAS_CallFromC = 1;
	RowMajorStrg = 0;
	tf_report_illegal(reference, illegal);
	CBLAS_CallFromC = 0;
	return 1;
}

static atomic_char told[TF_ROUTINE_COUNT];

void tf_ilp64_beyond(enum tf_routine routine, const char *options, const int64_t *ints)
{
	if (tf_ilp64_illegal(routine, options, ints))
		return;
	if (!atomic_exchange(&told[routine], 1))
		tf_message("%s64_: an integer argument does not fit in 32 bits, and no 64-bit "
			   "CPU BLAS was found to run it (set TWOFOLD_CPU_BLAS64, or configure "
			   "--with-cpu-blas64); the call did nothing",
			   tf_routine_name(routine));
}
