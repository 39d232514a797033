#include "config.h"

/* The ILP64 entry points' shared part (abi/ilp64.h): the checks in 64 bits
 * and the calls beyond 32 bits (the chunks: ilp64_chunks.c; the blocks:
 * ilp64_blocks.c, described here, row-major CBLAS made column major).  The entry points
 * themselves are generated from the routine table (gen_wrappers.awk,
 * out=ilp64): each calls the 32-bit entry point where its integers fit in
 * 32 bits (the same result, bit for bit, the same routing to DD or the GPU),
 * the 64-bit CPU BLAS where there is one and they do not (the forwarded
 * routines: always), else runs Level 1 in chunks of 32-bit calls, else
 * Level 2 and 3 in blocks of 32-bit calls (tf_ilp64_blocks), else comes
 * here (tf_ilp64_beyond: sdsdot). */
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
#include "plan/device_data.h"

/* ---- beyond 32 bits without a 64-bit CPU BLAS */


static unsigned char family_of[TF_ROUTINE_COUNT];
static pthread_once_t families_once = PTHREAD_ONCE_INIT;

/* By the name less "cblas_", its type letter and Fortran's underscore. */
static void find_families(void)
{
	for (int r = 0; r < TF_ROUTINE_COUNT; r++) {
		const char *name = tf_routine_name(r);
		if (strncmp(name, "cblas_", 6) == 0)
			name += 6;
		if (!strchr("sdcz", name[0]))
			continue;
		char base[8] = "";
		size_t length = strcspn(name + 1, "_");
		if (length < sizeof base)
			memcpy(base, name + 1, length);
		family_of[r] = (unsigned char)tf_ilp64_family(base);
	}
}

/* The number of the first illegal parameter, or 0: the reference's checks
 * (abi/check.c, in 64 bits), options and integers in the table's order. */
static int check(enum tf_ilp64_family family, char type, const char *c, const int64_t *i)
{
	const char *syrk_trans = type == 'c' || type == 'z' ? "NT" : "NTC";
	switch (family) {
	case TF_ILP64_GEMM: return tf_check_dgemm(c[0], c[1], i[0], i[1], i[2], i[3], i[4], i[5]);
	case TF_ILP64_SYMM: return tf_check_symm(c[0], c[1], i[0], i[1], i[2], i[3], i[4]);
	case TF_ILP64_SYRK: return tf_check_syrk(c[0], c[1], syrk_trans, i[0], i[1], i[2], i[3]);
	case TF_ILP64_HERK: return tf_check_syrk(c[0], c[1], "NC", i[0], i[1], i[2], i[3]);
	case TF_ILP64_SYR2K:
		return tf_check_syr2k(c[0], c[1], syrk_trans, i[0], i[1], i[2], i[3], i[4]);
	case TF_ILP64_HER2K: return tf_check_syr2k(c[0], c[1], "NC", i[0], i[1], i[2], i[3], i[4]);
	case TF_ILP64_TRMM: return tf_check_trmm(c[0], c[1], c[2], c[3], i[0], i[1], i[2], i[3]);
	case TF_ILP64_GEMV: return tf_check_dgemv(c[0], i[0], i[1], i[2], i[3], i[4]);
	case TF_ILP64_GBMV: return tf_check_gbmv(c[0], i[0], i[1], i[2], i[3], i[4], i[5], i[6]);
	case TF_ILP64_SYMV: return tf_check_symv(c[0], i[0], i[1], i[2], i[3]);
	case TF_ILP64_SBMV: return tf_check_sbmv(c[0], i[0], i[1], i[2], i[3], i[4]);
	case TF_ILP64_SPMV: return tf_check_spmv(c[0], i[0], i[1], i[2]);
	case TF_ILP64_TRMV:
		return tf_check_trmv(TF_STORAGE_FULL, c[0], c[1], c[2], i[0], 0, i[1], i[2]);
	case TF_ILP64_TBMV:
		return tf_check_trmv(TF_STORAGE_BAND, c[0], c[1], c[2], i[0], i[1], i[2], i[3]);
	case TF_ILP64_TPMV:
		return tf_check_trmv(TF_STORAGE_PACKED, c[0], c[1], c[2], i[0], 0, 0, i[1]);
	case TF_ILP64_TRSV: return tf_check_trsv(c[0], c[1], c[2], i[0], i[1], i[2]);
	case TF_ILP64_TBSV: return tf_check_tbsv(c[0], c[1], c[2], i[0], i[1], i[2], i[3]);
	case TF_ILP64_TPSV: return tf_check_tpsv(c[0], c[1], c[2], i[0], i[1]);
	case TF_ILP64_GER: return tf_check_ger(i[0], i[1], i[2], i[3], i[4]);
	case TF_ILP64_SYR: return tf_check_syr(c[0], i[0], i[1], i[2]);
	case TF_ILP64_SPR: return tf_check_spr(c[0], i[0], i[1]);
	case TF_ILP64_SYR2: return tf_check_syr2(c[0], i[0], i[1], i[2], i[3]);
	case TF_ILP64_SPR2: return tf_check_spr2(c[0], i[0], i[1], i[2]);
	case TF_ILP64_NONE: break;
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
	return check((enum tf_ilp64_family)family_of[routine], name[0], options, ints);
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

/* ---- beyond 32 bits in blocks of 32-bit calls (ilp64_blocks.c) */

/* Each family's integers and other arguments (options aside), in the
 * table's order. */
static const unsigned char int_count[] = {
	[TF_ILP64_GEMM] = 6, [TF_ILP64_SYMM] = 5, [TF_ILP64_SYRK] = 4, [TF_ILP64_HERK] = 4,
	[TF_ILP64_SYR2K] = 5, [TF_ILP64_HER2K] = 5, [TF_ILP64_TRMM] = 4, [TF_ILP64_GEMV] = 5,
	[TF_ILP64_GBMV] = 7, [TF_ILP64_SYMV] = 4, [TF_ILP64_SBMV] = 5, [TF_ILP64_SPMV] = 3,
	[TF_ILP64_TRMV] = 3, [TF_ILP64_TBMV] = 4, [TF_ILP64_TPMV] = 2, [TF_ILP64_TRSV] = 3,
	[TF_ILP64_TBSV] = 4, [TF_ILP64_TPSV] = 2, [TF_ILP64_GER] = 5, [TF_ILP64_SYR] = 3,
	[TF_ILP64_SPR] = 2, [TF_ILP64_SYR2] = 4, [TF_ILP64_SPR2] = 3,
};
static const unsigned char ptr_count[] = {
	[TF_ILP64_GEMM] = 5, [TF_ILP64_SYMM] = 5, [TF_ILP64_SYRK] = 4, [TF_ILP64_HERK] = 4,
	[TF_ILP64_SYR2K] = 5, [TF_ILP64_HER2K] = 5, [TF_ILP64_TRMM] = 3, [TF_ILP64_GEMV] = 5,
	[TF_ILP64_GBMV] = 5, [TF_ILP64_SYMV] = 5, [TF_ILP64_SBMV] = 5, [TF_ILP64_SPMV] = 5,
	[TF_ILP64_TRMV] = 2, [TF_ILP64_TBMV] = 2, [TF_ILP64_TPMV] = 2, [TF_ILP64_TRSV] = 2,
	[TF_ILP64_TBSV] = 2, [TF_ILP64_TPSV] = 2, [TF_ILP64_GER] = 4, [TF_ILP64_SYR] = 3,
	[TF_ILP64_SPR] = 3, [TF_ILP64_SYR2] = 4, [TF_ILP64_SPR2] = 4,
};

/* The integers of a Level 2 call whose being beyond 32 bits has it gather
 * (or conjugate) vectors or a band on the host: the increments; for the
 * square and band matrices, every one. */
static const unsigned char gathering[] = {
	[TF_ILP64_GEMV] = 0x18, [TF_ILP64_GBMV] = 0x60, [TF_ILP64_SYMV] = 0x0f,
	[TF_ILP64_SBMV] = 0x1f, [TF_ILP64_SPMV] = 0x06, [TF_ILP64_TRMV] = 0x07,
	[TF_ILP64_TBMV] = 0x0f, [TF_ILP64_TPMV] = 0x02, [TF_ILP64_TRSV] = 0x07,
	[TF_ILP64_TBSV] = 0x0f, [TF_ILP64_TPSV] = 0x02, [TF_ILP64_GER] = 0x0c,
	[TF_ILP64_SYR] = 0x07, [TF_ILP64_SPR] = 0x02, [TF_ILP64_SYR2] = 0x0f,
	[TF_ILP64_SPR2] = 0x06,
};

/* Why a call cannot run in blocks where its arrays are device memory: the
 * copies the blocks gather, and the conjugations of row-major CBLAS, are
 * made on the host.  NULL where it can. */
static const char *device_why(const struct tf_ilp64_call *call)
{
	if (call->family >= sizeof gathering || !gathering[call->family])
		return NULL;
	int gathers = call->conj != 0;
	for (int i = 0; i < int_count[call->family]; i++)
		if (gathering[call->family] >> i & 1)
			gathers = gathers || !tf_ilp64_fits(call->ints[i]);
	for (int p = 0; gathers && p < ptr_count[call->family]; p++) {
		double none;
		/* a zero-byte read: the copy's address where p is device memory */
		if (call->ptrs[p] && tf_plan_host_readable(call->ptrs[p], &none, 0) != call->ptrs[p])
			return "device arrays with an increment or leading dimension beyond 32 bits "
			       "(the vectors or the band would be gathered on the host)";
	}
	return NULL;
}

/* The call of a routine with these arguments, in its Fortran form; its
 * family (TF_ILP64_NONE: not Level 2 or 3). */
static enum tf_ilp64_family describe(enum tf_routine routine, const char *options,
				     const int64_t *ints, void *const *ptrs,
				     struct tf_ilp64_call *call)
{
	pthread_once(&families_once, find_families);
	memset(call, 0, sizeof *call);
	const char *name = tf_routine_name(routine);
	if (strncmp(name, "cblas_", 6) == 0)
		name += 6;
	size_t length = strcspn(name, "_");
	if (length >= sizeof call->name)
		length = sizeof call->name - 1;
	memcpy(call->name, name, length);
	call->type = name[0];
	call->family = (enum tf_ilp64_family)family_of[routine];
	if (call->family == TF_ILP64_NONE)
		return TF_ILP64_NONE;
	for (int o = 0; o < 4 && options[o]; o++)
		call->options[o] = options[o];
	memcpy(call->ints, ints, int_count[call->family] * sizeof *ints);
	if (ptrs)
		memcpy(call->ptrs, ptrs, ptr_count[call->family] * sizeof *ptrs);
	return call->family;
}

static void conj_scalar(const struct tf_ilp64_call *call, void **scalar, unsigned char copy[16])
{
	if (!*scalar) /* describing for the check only */
		return;
	if (call->type == 'c') {
		memcpy(copy, *scalar, 8);
		((float *)(void *)copy)[1] = -((float *)(void *)copy)[1];
	} else if (call->type == 'z') {
		memcpy(copy, *scalar, 16);
		((double *)(void *)copy)[1] = -((double *)(void *)copy)[1];
	} else {
		return;
	}
	*scalar = copy;
}

static char other_uplo(char uplo)
{
	return uplo == 'U' ? 'L' : uplo == 'L' ? 'U' : uplo;
}

static void swap_ints(int64_t *i, int a, int b)
{
	int64_t t = i[a];
	i[a] = i[b], i[b] = t;
}

static void swap_ptrs(void **p, int a, int b)
{
	void *t = p[a];
	p[a] = p[b], p[b] = t;
}

/* A row-major CBLAS call as the reference CBLAS makes it column major:
 * the transposed problem (sides, triangles and transposes exchanged);
 * where the transposed problem is the conjugate of one the Fortran
 * routine computes (Hermitian matrices, ConjTrans of a vector routine,
 * gerc), its vectors and scalars conjugated.  Options the routine refuses
 * stay as they were, for its check to find. */
static void row_major(struct tf_ilp64_call *call, unsigned char scalars[2][16])
{
	char *o = call->options;
	int64_t *i = call->ints;
	void **p = call->ptrs;
	int complex_type = call->type == 'c' || call->type == 'z', herm = call->name[1] == 'h';
	switch (call->family) {
	case TF_ILP64_GEMM: {
		char t = o[0];
		o[0] = o[1], o[1] = t;
		swap_ints(i, 0, 1), swap_ints(i, 3, 4), swap_ptrs(p, 1, 2);
		break;
	}
	case TF_ILP64_SYMM:
	case TF_ILP64_TRMM:
		o[0] = o[0] == 'L' ? 'R' : o[0] == 'R' ? 'L' : o[0];
		o[1] = other_uplo(o[1]);
		swap_ints(i, 0, 1);
		break;
	case TF_ILP64_SYRK:
	case TF_ILP64_HERK:
	case TF_ILP64_SYR2K:
	case TF_ILP64_HER2K:
		o[0] = other_uplo(o[0]);
		if (herm)
			o[1] = o[1] == 'N' ? 'C' : o[1] == 'C' ? 'N' : o[1];
		else
			o[1] = o[1] == 'N' ? 'T' : o[1] == 'T' || (o[1] == 'C' && !complex_type) ? 'N' : o[1];
		if (call->family == TF_ILP64_HER2K)
			conj_scalar(call, &p[0], scalars[0]);
		break;
	case TF_ILP64_GEMV:
	case TF_ILP64_GBMV:
		if (o[0] == 'C' && complex_type) {
			o[0] = 'N', call->conj = 3;
			conj_scalar(call, &p[0], scalars[0]);
			conj_scalar(call, &p[3], scalars[1]);
		} else {
			o[0] = o[0] == 'N' ? 'T' : o[0] == 'T' || o[0] == 'C' ? 'N' : o[0];
		}
		swap_ints(i, 0, 1);
		if (call->family == TF_ILP64_GBMV)
			swap_ints(i, 2, 3);
		break;
	case TF_ILP64_SYMV:
	case TF_ILP64_SBMV:
	case TF_ILP64_SPMV:
		o[0] = other_uplo(o[0]);
		if (herm) {
			call->conj = 3;
			conj_scalar(call, &p[0], scalars[0]);
			conj_scalar(call, &p[3], scalars[1]);
		}
		break;
	case TF_ILP64_TRMV:
	case TF_ILP64_TBMV:
	case TF_ILP64_TPMV:
	case TF_ILP64_TRSV:
	case TF_ILP64_TBSV:
	case TF_ILP64_TPSV:
		o[0] = other_uplo(o[0]);
		if (o[1] == 'C' && complex_type)
			o[1] = 'N', call->conj = 1;
		else
			o[1] = o[1] == 'N' ? 'T' : o[1] == 'T' || o[1] == 'C' ? 'N' : o[1];
		break;
	case TF_ILP64_GER:
		swap_ints(i, 0, 1), swap_ints(i, 2, 3), swap_ptrs(p, 1, 2);
		if (call->name[4] == 'c')
			call->name[4] = 'u', call->conj = 1;
		break;
	case TF_ILP64_SYR:
	case TF_ILP64_SPR:
		o[0] = other_uplo(o[0]);
		call->conj = herm ? 1 : 0;
		break;
	case TF_ILP64_SYR2:
	case TF_ILP64_SPR2:
		o[0] = other_uplo(o[0]);
		if (herm)
			swap_ints(i, 1, 2), swap_ptrs(p, 1, 2), call->conj = 3;
		break;
	case TF_ILP64_NONE:
		break;
	}
}

static atomic_char told[TF_ROUTINE_COUNT];

/* Once per routine: that it ran in blocks, and what that does to its sums;
 * or why it could not. */
static void tell(enum tf_routine routine, const char *why)
{
	if (atomic_exchange(&told[routine], 1))
		return;
	int bits = 0;
	while (((int64_t)1 << bits) < (int64_t)TF_ILP64_BLOCK)
		bits++;
	if (!why)
		tf_message("%s64_: integers beyond 32 bits and no 64-bit CPU BLAS: run in blocks of "
			   "32-bit calls (in dd mode a sum is rounded once per block of 2^%d terms, "
			   "and once per term along a leading dimension beyond 32 bits)",
			   tf_routine_name(routine), bits);
	else
		tf_message("%s64_: integers beyond 32 bits and no 64-bit CPU BLAS, and the call "
			   "cannot run in 32-bit calls: %s; the call did nothing (set "
			   "TWOFOLD_CPU_BLAS64, or configure --with-cpu-blas64)",
			   tf_routine_name(routine), why);
}

void tf_ilp64_blocks(enum tf_routine routine, const char *options, const int64_t *ints,
		     void *const *ptrs)
{
	struct tf_ilp64_call call;
	if (describe(routine, options, ints, ptrs, &call) == TF_ILP64_NONE) {
		tf_ilp64_beyond(routine, options, ints);
		return;
	}
	const char *why = device_why(&call); /* checked by the entry point */
	tell(routine, why ? why : tf_ilp64_run(&call));
}

void tf_ilp64_cblas_blocks(enum tf_routine routine, int layout, const char *options,
			   const int64_t *ints, void *const *ptrs)
{
	struct tf_ilp64_call call;
	unsigned char scalars[2][16];
	if (describe(routine, options, ints, ptrs, &call) == TF_ILP64_NONE) {
		tf_ilp64_beyond(routine, options, ints);
		return;
	}
	if (layout == CblasRowMajor)
		row_major(&call, scalars);
	const char *why = device_why(&call);
	tell(routine, why ? why : tf_ilp64_run(&call));
}

int tf_ilp64_cblas_illegal(enum tf_routine routine, int layout, const char *options, int count,
			   const int64_t *ints)
{
	if (layout != CblasColMajor && layout != CblasRowMajor)
		return -1;
	for (int i = 0; i < count; i++)
		if (!options[i])
			return -1;
	/* row major: the column-major form's check, its numbers renumbered
	 * as the reference CBLAS renumbers them (RowMajorStrg) */
	struct tf_ilp64_call call;
	unsigned char scalars[2][16];
	if (describe(routine, options, ints, NULL, &call) == TF_ILP64_NONE)
		return 0;
	if (layout == CblasRowMajor)
		row_major(&call, scalars);
	int illegal = check(call.family, call.type, call.options, call.ints);
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
	RowMajorStrg = layout == CblasRowMajor;
	tf_report_illegal(reference, illegal);
	CBLAS_CallFromC = 0;
	return 1;
}

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
