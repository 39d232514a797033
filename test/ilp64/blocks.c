#include "config.h"

/* The Level 2 and 3 calls beyond 32 bits in blocks of 32-bit calls
 * (src/abi/ilp64_blocks.c), built here with TF_ILP64_LIMIT = 7 and
 * TF_ILP64_BLOCK = 3: an integer above 7 is "beyond", and such a dimension
 * is cut into blocks of 3, a leading dimension above 7 into single columns,
 * an increment above 7 gathered.  Every Fortran Level 2 and 3 routine of
 * the table (test/ilp64/calls.h), the four types, over sets of sizes and
 * every combination of its options: the blocks (tf_ilp64_run) against the
 * one 32-bit call of libtwofold (same mode, TWOFOLD_MODE as set), on data
 * of small integers, so that every sum is exact and the two must agree
 * (the solves: to a few units in the last place of the largest element).
 * Each also with beta = 0 and C (y) all NaN: C must not be read.  Where the
 * blocks cannot run (packed storage beyond 32 bits, symmetric and
 * triangular band storage beyond 32 bits), the reason is printed and the
 * arrays must be untouched.  Calls the 32-bit entry point refuses (its
 * xerbla_) are skipped and counted.  And the rounding once per block of a
 * sum in dd mode that the message of a call in blocks announces.  Exit
 * status 1 on any difference. */
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "abi/ilp64.h"
#include "twofold.h"
#include "test/splitmix64.h"
#include "test/ilp64/routines.h"

#define COUNT(a) (sizeof(a) / sizeof(a)[0])

/* The 32-bit entry points that ilp64_blocks.c calls (in libtwofold, a
 * table generated with the ILP64 entry points). */
void (*tf_ilp64_entry(const char *name))(void)
{
	void *found = dlsym(RTLD_DEFAULT, name);
	void (*entry)(void);
	memcpy(&entry, &found, sizeof entry);
	return entry;
}

static int refused;

/* The program's own xerbla_ takes twofold's reports: the entry point
 * returns without computing. */
void xerbla_(const char *name, const int *info, size_t length)
{
	(void)name, (void)info, (void)length;
	refused = 1;
}

/* Small integers (never 0, so that the solves divide by something). */
static void fill(struct arena *a, const char *kinds, uint64_t *state)
{
	static const double values[] = { -2.0, -1.0, 1.0, 2.0 };
	memset(a, 0, sizeof *a);
	for (int i = 0; kinds[i] && i + 1 < SLOTS; i++) {
		for (size_t j = 0; kinds[i] == 'd' && j < SLOT_BYTES / sizeof(double); j++)
			((double *)(void *)a->slot[i + 1])[j] = values[splitmix64_next(state) & 3];
		for (size_t j = 0; kinds[i] == 's' && j < SLOT_BYTES / sizeof(float); j++)
			((float *)(void *)a->slot[i + 1])[j] =
				(float)values[splitmix64_next(state) & 3];
	}
}

static double element(const struct arena *a, int slot, char kind, size_t j)
{
	return kind == 'd' ? ((const double *)(const void *)a->slot[slot])[j]
			   : ((const float *)(const void *)a->slot[slot])[j];
}

/* Whether every data slot of got agrees with want (NaN where want has
 * NaN; within tolerance times the slot's largest element). */
static int agree(const struct arena *want, const struct arena *got, const char *kinds,
		 double tolerance, int *where)
{
	for (int i = 0; kinds[i] && i + 1 < SLOTS; i++) {
		if (kinds[i] != 'd' && kinds[i] != 's')
			continue;
		size_t count = SLOT_BYTES / (kinds[i] == 'd' ? sizeof(double) : sizeof(float));
		double largest = 1.0;
		for (size_t j = 0; j < count; j++) {
			double w = fabs(element(want, i + 1, kinds[i], j));
			largest = w > largest ? w : largest;
		}
		for (size_t j = 0; j < count; j++) {
			double w = element(want, i + 1, kinds[i], j);
			double g = element(got, i + 1, kinds[i], j);
			if (isnan(w) != isnan(g) ||
			    (!isnan(w) && fabs(w - g) > tolerance * largest)) {
				*where = i + 1;
				return 0;
			}
		}
	}
	return 1;
}

static int option_of(const char *name, const struct values *o, char *c)
{
	if (strcmp(name, "transb") == 0)
		*c = o->transb;
	else if (strncmp(name, "trans", 5) == 0)
		*c = o->trans;
	else if (strcmp(name, "uplo") == 0)
		*c = o->uplo;
	else if (strcmp(name, "diag") == 0)
		*c = o->diag;
	else if (strcmp(name, "side") == 0)
		*c = o->side;
	else
		return 0;
	return 1;
}

static int int_of(const char *name, const struct values64 *i, int64_t *v)
{
	static const char *const names[] = { "m",   "n",   "k",	  "kl",	  "ku",
					     "lda", "ldb", "ldc", "incx", "incy" };
	const int64_t values[] = { i->m,   i->n,   i->k,   i->kl,   i->ku,
				   i->lda, i->ldb, i->ldc, i->incx, i->incy };
	for (size_t n = 0; n < COUNT(names); n++)
		if (strcmp(name, names[n]) == 0)
			return *v = values[n], 1;
	return 0;
}

/* The call of routine r on arena a in the form tf_ilp64_run takes; which
 * options the routine has (mask: trans 1, transb 2, uplo 4, diag 8, side
 * 16); the slots of beta and of C or y (0: none). */
static void describe(const struct routine *r, const struct values *o, const struct values64 *i,
		     struct arena *a, struct tf_ilp64_call *call, unsigned *options, int *beta,
		     int *out)
{
	memset(call, 0, sizeof *call);
	size_t length = strcspn(r->name, "_");
	memcpy(call->name, r->name, length < sizeof call->name ? length : sizeof call->name - 1);
	call->type = r->name[0];
	call->family = tf_ilp64_family(call->name + 1);
	char names[256];
	snprintf(names, sizeof names, "%s", r->args);
	int no = 0, ni = 0, np = 0, slot = 0;
	*options = 0, *beta = 0, *out = 0;
	for (char *name = strtok(names, " "); name; name = strtok(NULL, " ")) {
		slot++;
		char c;
		int64_t v;
		if (option_of(name, o, &c)) {
			call->options[no++] = c;
			*options |= strcmp(name, "transb") == 0	 ? 2u
				: strncmp(name, "trans", 5) == 0 ? 1u
				: strcmp(name, "uplo") == 0	 ? 4u
				: strcmp(name, "diag") == 0	 ? 8u
								 : 16u;
		} else if (int_of(name, i, &v)) {
			call->ints[ni++] = v;
		} else {
			call->ptrs[np++] = a->slot[slot];
			if (strcmp(name, "beta") == 0)
				*beta = slot;
			if (strcmp(name, "c") == 0 || strcmp(name, "y") == 0)
				*out = slot;
		}
	}
}

static struct arena want, got, before;

/* What the message of a call in blocks says: in dd mode a sum is rounded
 * once per block.  dgemm_ with k = 11 (blocks of 3): 1 + 2^-60 in the
 * first block, -1 + 3 * 2^-60 in the third.  In blocks, C is 1 after the
 * first block and 3 * 2^-60 after the third; the one 32-bit call rounds
 * once: 2^-58 in dd mode, 3 * 2^-60 term by term in cpu mode. */
static int rounding(void)
{
	void (*dgemm)(const char *, const char *, const int *, const int *, const int *,
		      const double *, const double *, const int *, const double *, const int *,
		      const double *, double *, const int *, size_t, size_t);
	void *found = dlsym(RTLD_DEFAULT, "dgemm_");
	memcpy(&dgemm, &found, sizeof dgemm);
	double a[11] = { 1.0, 0x1p-60, 0, 0, 0, 0, -1.0, 3 * 0x1p-60 }, b[11], alpha = 1.0;
	double beta = 0.0, c_blocks = NAN, c_one = NAN;
	for (int i = 0; i < 11; i++)
		b[i] = 1.0;
	const int one = 1, k = 11;
	dgemm("N", "N", &one, &one, &k, &alpha, a, &one, b, &k, &beta, &c_one, &one, 1, 1);
	struct tf_ilp64_call call = { .name = "dgemm",
				      .type = 'd',
				      .family = TF_ILP64_GEMM,
				      .options = "NN",
				      .ints = { 1, 1, 11, 1, 11, 1 },
				      .ptrs = { &alpha, a, b, &beta, &c_blocks } };
	tf_ilp64_run(&call);
	const char *mode = getenv("TWOFOLD_MODE");
	double one_call = mode && strcmp(mode, "cpu") == 0 ? 3 * 0x1p-60 : 0x1p-58;
	int ok = c_blocks == 3 * 0x1p-60 && c_one == one_call;
	printf("%s dgemm_ k = 11 in blocks of 3: %a (expected %a), in one call %a (expected %a)\n",
	       ok ? "ok  " : "FAIL", c_blocks, 3 * 0x1p-60, c_one, one_call);
	return !ok;
}

int main(void)
{
	/* m, n, k, kl, ku, lda, ldb, ldc, incx, incy: beyond is above 7 */
	static const struct values32 sizes[] = {
		{ 5, 11, 6, 1, 2, 7, 7, 7, 1, 1 }, /* n beyond */
		{ 6, 5, 11, 2, 1, 7, 7, 7, -2, 3 }, /* k beyond */
		{ 11, 4, 3, 2, 3, 12, 12, 12, 2, -1 }, /* m and the leading dimensions */
		{ 4, 3, 5, 1, 1, 9, 10, 11, 9, -10 }, /* leading dimensions, increments */
		{ 10, 10, 10, 3, 2, 10, 10, 10, 1, -1 }, /* square */
		{ 8, 9, 2, 2, 1, 9, 9, 9, -3, 2 }, /* band, n beyond */
		{ 3, 5, 4, 2, 1, 6, 6, 6, 8, -9 }, /* increments only */
		{ 12, 12, 4, 2, 3, 6, 6, 6, 1, 2 }, /* band that fits, m and n beyond */
		{ 5, 13, 3, 1, 2, 4, 4, 4, 1, -2 }, /* band, n beyond, k = block */
		{ 6, 10, 1, 1, 1, 2, 2, 2, -1, 1 }, /* band, n beyond, k = 1 */
	};
	static const char trans[] = "NTC", uplo[] = "UL", diag[] = "NU", side[] = "LR";
	int bad = 0, runs = 0, skipped = 0, cannot = 0;
	printf("libtwofold %s, TWOFOLD_MODE=%s\n", tf_version(),
	       getenv("TWOFOLD_MODE") ? getenv("TWOFOLD_MODE") : "(unset)");
	for (size_t r = 0; r < COUNT(routines); r++) {
		const struct routine *routine = &routines[r];
		size_t length = strlen(routine->name);
		char base[16] = "";
		if (routine->name[length - 1] != '_' || !strchr("sdcz", routine->name[0]) ||
		    length > 8)
			continue;
		memcpy(base, routine->name + 1, length - 2);
		if (tf_ilp64_family(base) == TF_ILP64_NONE)
			continue;
		void *f32 = dlsym(RTLD_DEFAULT, routine->name);
		double tolerance = strchr("sc", routine->name[0]) ? 1e-4 : 1e-12;
		int routine_bad = 0, routine_runs = 0;
		const char *why_cannot = NULL;
		for (size_t s = 0; s < COUNT(sizes) && routine_bad < 3; s++) {
			const struct values32 *i = &sizes[s];
			const struct values64 i64 = { i->m,   i->n,   i->k,   i->kl,   i->ku,
						      i->lda, i->ldb, i->ldc, i->incx, i->incy };
			for (int combination = 0; combination < 3 * 3 * 2 * 2 * 2 * 2;
			     combination++) {
				int c = combination;
				struct values o = { 0 };
				o.trans = trans[c % 3], c /= 3;
				o.transb = trans[c % 3], c /= 3;
				o.uplo = uplo[c % 2], c /= 2;
				o.diag = diag[c % 2], c /= 2;
				o.side = side[c % 2], c /= 2;
				int beta_zero = c % 2;
				struct tf_ilp64_call call;
				unsigned has;
				int beta, out;
				describe(routine, &o, &i64, &got, &call, &has, &beta, &out);
				/* each combination of the options the routine has, once */
				int redundant = (!(has & 1) && o.trans != 'N') ||
					(!(has & 2) && o.transb != 'N') ||
					(!(has & 4) && o.uplo != 'U') ||
					(!(has & 8) && o.diag != 'N') ||
					(!(has & 16) && o.side != 'L') ||
					(beta_zero && (!beta || !out));
				if (redundant)
					continue;
				uint64_t state =
					0x5eed + r * 1000 + s * 100 + (uint64_t)combination;
				fill(&want, routine->kinds, &state);
				if (beta_zero) {
					memset(want.slot[beta], 0, SLOT_BYTES);
					for (size_t j = 0; j < SLOT_BYTES / sizeof(float); j++)
						((float *)(void *)want.slot[out])[j] = NAN;
				}
				got = want, before = want;
				refused = 0;
				routine->call32(f32, &o, i, &want);
				if (refused) {
					skipped++;
					continue;
				}
				const char *why = tf_ilp64_run(&call);
				runs++, routine_runs++;
				int where = 0;
				if (refused) {
					printf("FAIL %s sizes %zu options %c%c%c%c%c%s: a 32-bit "
					       "call of "
					       "the blocks was refused\n",
					       routine->name, s, o.trans, o.transb, o.uplo, o.diag,
					       o.side, beta_zero ? " beta 0" : "");
					bad++, routine_bad++;
				} else if (why) {
					why_cannot = why;
					cannot++;
					if (memcmp(&got, &before, sizeof got) != 0) {
						printf("FAIL %s sizes %zu: cannot (%s), but "
						       "wrote\n",
						       routine->name, s, why);
						bad++, routine_bad++;
					}
				} else if (!agree(&want, &got, routine->kinds, tolerance, &where)) {
					printf("FAIL %s sizes %zu options %c%c%c%c%c%s: argument "
					       "%d "
					       "differs from the one 32-bit call\n",
					       routine->name, s, o.trans, o.transb, o.uplo, o.diag,
					       o.side, beta_zero ? " beta 0" : "", where);
					bad++, routine_bad++;
				}
			}
		}
		printf("%-8s %4d calls%s%s\n", routine->name, routine_runs,
		       why_cannot ? ", some cannot: " : "", why_cannot ? why_cannot : "");
		if (routine_runs == 0) {
			printf("FAIL %s: no legal call among the sizes\n", routine->name);
			bad++;
		}
	}
	bad += rounding();
	printf("%d calls, %d in blocks could not run, %d refused by the 32-bit entry point; %d "
	       "differing\n",
	       runs, cannot, skipped, bad);
	return bad ? 1 : 0;
}
