#include "config.h"

/* Every routine of src/abi/blas_routines.tbl (xerbla_ and its kin aside)
 * called through its 32-bit entry point and through its ILP64 twin
 * (dgemm_64_, cblas_dgemm64_) with the same arguments, 64-bit integers for
 * the second: the outputs (every array, scalar and result) must agree bit
 * for bit.  The calls are generated from the table (test/ilp64/calls.awk),
 * so a routine added there is tested here.  Two sets of arguments: column
 * major, uplo U, side L, positive incx; row major, uplo L, side R, diag U,
 * negative incx.  One line per routine that differs; exit status 1 if any.
 * Linked with libtwofold; test/ilp64/run.sh runs it with and without a
 * 64-bit CPU BLAS. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "op/cblas_types.h"
#include "twofold.h"
#include "test/splitmix64.h"

#include "test/ilp64/routines.h"

#define COUNT(a) (sizeof(a) / sizeof(a)[0])

/* Values in [0.5, 2) with either sign, as floats or doubles by the slot's
 * kind, so that every routine computes with ordinary numbers. */
static double ordinary(uint64_t *state)
{
	double magnitude = 0.5 + 1.5 * (double)(splitmix64_next(state) >> 11) * 0x1p-53;
	return splitmix64_next(state) & 1 ? -magnitude : magnitude;
}

static void fill(struct arena *a, const char *kinds, uint64_t *state)
{
	memset(a, 0, sizeof *a);
	for (int i = 0; kinds[i] && i + 1 < SLOTS; i++) {
		if (kinds[i] == 'd') {
			double *d = (double *)a->slot[i + 1];
			for (size_t j = 0; j < SLOT_BYTES / sizeof *d; j++)
				d[j] = ordinary(state);
		} else if (kinds[i] == 's') {
			float *s = (float *)a->slot[i + 1];
			for (size_t j = 0; j < SLOT_BYTES / sizeof *s; j++)
				s[j] = (float)ordinary(state);
		}
	}
}

static struct arena a32, a64;

int main(void)
{
	const struct values options[2] = {
		{ 'N', 'U', 'N', 'L', CblasColMajor, CblasNoTrans, CblasUpper, CblasNonUnit,
		  CblasLeft, 0.75, 'N', CblasNoTrans },
		{ 'N', 'L', 'U', 'R', CblasRowMajor, CblasNoTrans, CblasLower, CblasUnit,
		  CblasRight, -1.25, 'N', CblasNoTrans },
	};
	const struct values32 ints32[2] = {
		{ 4, 5, 3, 1, 2, 7, 7, 7, 2, -1 },
		{ 5, 3, 4, 2, 1, 6, 7, 8, -2, 1 },
	};
	int bad = 0, calls = 0;
	printf("libtwofold %s\n", tf_version()); /* linked, so dlsym finds it */
	for (size_t r = 0; r < COUNT(routines); r++) {
		char name64[64];
		snprintf(name64, sizeof name64, "%s64_", routines[r].name);
		void *f32 = dlsym(RTLD_DEFAULT, routines[r].name), *f64 = dlsym(RTLD_DEFAULT,
				  name64);
		if (!f32 || !f64) {
			printf("%s: %s not found\n", routines[r].name,
			       f32 ? name64 : routines[r].name);
			bad++;
			continue;
		}
		for (int v = 0; v < 2; v++) {
			const struct values32 *i = &ints32[v];
			const struct values64 i64 = { i->m,   i->n,   i->k,   i->kl,   i->ku,
						      i->lda, i->ldb, i->ldc, i->incx, i->incy };
			uint64_t state = 0x1234 + r * 2 + (uint64_t)v;
			fill(&a32, routines[r].kinds, &state);
			a64 = a32;
			/* the arena's slot i + 1 is argument i + 1's */
			routines[r].call32(f32, &options[v], i, &a32);
			routines[r].call64(f64, &options[v], &i64, &a64);
			calls++;
			int same = memcmp(a32.slot, a64.slot, sizeof a32.slot) == 0;
			if (routines[r].int_result == 1)
				same = same && *(int *)a32.result == *(int64_t *)a64.result;
			else if (routines[r].int_result == 2)
				same = same && *(int *)a32.out == *(int64_t *)a64.out;
			else
				same = same && memcmp(a32.result, a64.result,
						      sizeof a32.result) == 0;
			if (!same) {
				printf("%s: argument set %d: %s differs from %s\n",
				       routines[r].name, v,
				       name64, routines[r].name);
				bad++;
			}
		}
	}
	printf("%d calls of %zu routines, %d differing\n", calls, COUNT(routines), bad);
	return bad ? 1 : 0;
}
