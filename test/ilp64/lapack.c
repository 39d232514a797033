#include "config.h"

/* The LAPACK drivers' ILP64 forms (dgesv_64_, zgesv_64_, dposv_64_,
 * zposv_64_, dsysv_64_, dgels_64_) against the 32-bit drivers on the same
 * systems: A, B, the pivots, INFO and the workspace's first element the
 * same bits; dsysv and dgels with a workspace query first.  Then argument
 * errors in 64 bits (INFO and this program's xerbla_64_) and an argument
 * beyond 32 bits (INFO = -its number, the arrays untouched).  Linked with
 * libtwofold; exit status 1 on any difference. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "test/splitmix64.h"

void dgesv_(const int *, const int *, double *, const int *, int *, double *, const int *, int *);
void zgesv_(const int *, const int *, void *, const int *, int *, void *, const int *, int *);
void dposv_(const char *, const int *, const int *, double *, const int *, double *, const int *,
	    int *, size_t);
void zposv_(const char *, const int *, const int *, void *, const int *, void *, const int *,
	    int *, size_t);
void dsysv_(const char *, const int *, const int *, double *, const int *, int *, double *,
	    const int *, double *, const int *, int *, size_t);
void dgels_(const char *, const int *, const int *, const int *, double *, const int *, double *,
	    const int *, double *, const int *, int *, size_t);
void dgesv_64_(const int64_t *, const int64_t *, double *, const int64_t *, int64_t *, double *,
	       const int64_t *, int64_t *);
void zgesv_64_(const int64_t *, const int64_t *, void *, const int64_t *, int64_t *, void *,
	       const int64_t *, int64_t *);
void dposv_64_(const char *, const int64_t *, const int64_t *, double *, const int64_t *, double *,
	       const int64_t *, int64_t *, size_t);
void zposv_64_(const char *, const int64_t *, const int64_t *, void *, const int64_t *, void *,
	       const int64_t *, int64_t *, size_t);
void dsysv_64_(const char *, const int64_t *, const int64_t *, double *, const int64_t *, int64_t *,
	       double *, const int64_t *, double *, const int64_t *, int64_t *, size_t);
void dgels_64_(const char *, const int64_t *, const int64_t *, const int64_t *, double *,
	       const int64_t *, double *, const int64_t *, double *, const int64_t *, int64_t *,
	       size_t);

enum { N = 7, NRHS = 3, LD = 9, WORK = 512 };

struct system {
	double a[2 * LD * LD], b[2 * LD * NRHS], work[WORK];
	int64_t ipiv64[LD];
	int ipiv[LD];
};

static struct system s32, s64;
static int bad;

/* Diagonally dominant and symmetric (Hermitian: real diagonal), so that
 * every driver solves it. */
static void fill(uint64_t seed, int width)
{
	memset(&s32, 0, sizeof s32);
	for (int j = 0; j < N; j++)
		for (int i = 0; i <= j; i++)
			for (int part = 0; part < width; part++) {
				double v = (double)(splitmix64_next(&seed) >> 11) * 0x1p-53 - 0.5;
				if (i == j)
					v = part ? 0.0 : 2.0 * N + v;
				s32.a[width * (j * LD + i) + part] = v;
				s32.a[width * (i * LD + j) + part] = part ? -v : v;
			}
	for (int k = 0; k < 2 * LD * NRHS; k++)
		s32.b[k] = (double)(splitmix64_next(&seed) >> 11) * 0x1p-53 - 0.5;
	s64 = s32;
}

static void compare(const char *what, int info32, int64_t info64, int pivots)
{
	int same = memcmp(s32.a, s64.a, sizeof s32.a) == 0 && memcmp(s32.b, s64.b,
			  sizeof s32.b) == 0 &&
		   memcmp(s32.work, s64.work, sizeof(double)) == 0 && info32 == info64;
	for (int j = 0; pivots && j < N; j++)
		same = same && s32.ipiv[j] == s64.ipiv64[j];
	printf("%s %s: INFO %lld\n", same ? "ok  " : "FAIL", what, (long long)info64);
	bad += !same;
}

static char heard[8];
static int64_t heard_info;

void xerbla_64_(const char *name, const int64_t *info, size_t length)
{
	snprintf(heard, sizeof heard, "%.*s", (int)(length < 6 ? length : 6), name);
	heard_info = *info;
}

static void expect_error(const char *what, int64_t info, int64_t expected, const char *name)
{
	int ok = info == expected && (!name || (strcmp(heard,
				      name) == 0 && heard_info == -expected));
	printf("%s %s: INFO %lld, xerbla_64_ '%s' %lld\n", ok ? "ok  " : "FAIL", what,
	       (long long)info, heard, (long long)heard_info);
	bad += !ok;
	heard[0] = '\0';
	heard_info = 0;
}

int main(void)
{
	const int n = N, nrhs = NRHS, ld = LD, work = WORK, query = -1, m = N + 1;
	const int64_t n64 = N, nrhs64 = NRHS, ld64 = LD, work64 = WORK, query64 = -1, m64 = N + 1;
	int info = 0;
	int64_t info64 = 0;
	fill(1, 1);
	dgesv_(&n, &nrhs, s32.a, &ld, s32.ipiv, s32.b, &ld, &info);
	dgesv_64_(&n64, &nrhs64, s64.a, &ld64, s64.ipiv64, s64.b, &ld64, &info64);
	compare("dgesv_64_", info, info64, 1);
	fill(2, 2);
	zgesv_(&n, &nrhs, s32.a, &ld, s32.ipiv, s32.b, &ld, &info);
	zgesv_64_(&n64, &nrhs64, s64.a, &ld64, s64.ipiv64, s64.b, &ld64, &info64);
	compare("zgesv_64_", info, info64, 1);
	fill(3, 1);
	dposv_("L", &n, &nrhs, s32.a, &ld, s32.b, &ld, &info, 1);
	dposv_64_("L", &n64, &nrhs64, s64.a, &ld64, s64.b, &ld64, &info64, 1);
	compare("dposv_64_", info, info64, 0);
	fill(4, 2);
	zposv_("U", &n, &nrhs, s32.a, &ld, s32.b, &ld, &info, 1);
	zposv_64_("U", &n64, &nrhs64, s64.a, &ld64, s64.b, &ld64, &info64, 1);
	compare("zposv_64_", info, info64, 0);
	fill(5, 1);
	dsysv_("U", &n, &nrhs, s32.a, &ld, s32.ipiv, s32.b, &ld, s32.work, &query, &info, 1);
	dsysv_64_("U", &n64, &nrhs64, s64.a, &ld64, s64.ipiv64, s64.b, &ld64, s64.work, &query64,
		  &info64, 1);
	compare("dsysv_64_ workspace query", info, info64, 0);
	dsysv_("U", &n, &nrhs, s32.a, &ld, s32.ipiv, s32.b, &ld, s32.work, &work, &info, 1);
	dsysv_64_("U", &n64, &nrhs64, s64.a, &ld64, s64.ipiv64, s64.b, &ld64, s64.work, &work64,
		  &info64, 1);
	compare("dsysv_64_", info, info64, 1);
	fill(6, 1);
	dgels_("N", &m, &n, &nrhs, s32.a, &ld, s32.b, &ld, s32.work, &query, &info, 1);
	dgels_64_("N", &m64, &n64, &nrhs64, s64.a, &ld64, s64.b, &ld64, s64.work, &query64, &info64,
		  1);
	compare("dgels_64_ workspace query", info, info64, 0);
	dgels_("N", &m, &n, &nrhs, s32.a, &ld, s32.b, &ld, s32.work, &work, &info, 1);
	dgels_64_("N", &m64, &n64, &nrhs64, s64.a, &ld64, s64.b, &ld64, s64.work, &work64, &info64,
		  1);
	compare("dgels_64_", info, info64, 0);

	const int64_t minus = -((int64_t)1 << 40), big = (int64_t)1 << 33, above = (int64_t)1 << 31;
	dgesv_64_(&minus, &nrhs64, s64.a, &ld64, s64.ipiv64, s64.b, &ld64, &info64);
	expect_error("dgesv_64_ n = -2^40", info64, -1, "DGESV ");
	dgels_64_("N", &big, &n64, &nrhs64, s64.a, &ld64, s64.b, &big, s64.work, &work64, &info64,
		  1);
	expect_error("dgels_64_ m = 2^33, lda = 9", info64, -6, "DGELS ");
	zposv_64_("X", &n64, &minus, s64.a, &ld64, s64.b, &ld64, &info64, 1);
	expect_error("zposv_64_ uplo = X, nrhs = -2^40", info64, -1, "ZPOSV ");
	dsysv_64_("U", &n64, &nrhs64, s64.a, &ld64, s64.ipiv64, s64.b, &ld64, s64.work, &minus,
		  &info64, 1);
	expect_error("dsysv_64_ lwork = -2^40", info64, -10, "DSYSV ");
	fill(7, 1);
	dposv_64_("U", &n64, &nrhs64, s64.a, &ld64, s64.b, &ld64, &info64, 1);
	expect_error("dposv_64_ n = 7 again (legal, positive definite)", info64, 0, NULL);
	struct system before = s64;
	dgesv_64_(&n64, &above, s64.a, &ld64, s64.ipiv64, s64.b, &ld64, &info64);
	expect_error("dgesv_64_ nrhs = 2^31 (legal, beyond 32 bits)", info64, -2, NULL);
	if (memcmp(&before, &s64, sizeof before) != 0) {
		printf("FAIL dgesv_64_ nrhs = 2^31: the arrays changed\n");
		bad++;
	}
	return bad ? 1 : 0;
}
