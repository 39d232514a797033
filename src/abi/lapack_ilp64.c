#include "config.h"

/* The LAPACK drivers' ILP64 forms: dgesv_64_, zgesv_64_, dposv_64_,
 * zposv_64_, dsysv_64_, dgels_64_, with 64-bit INTEGERs (the pivots
 * included).  Checked in 64 bits as LAPACK checks them (INFO = -i, the
 * program's xerbla_64_ where it has one); where every integer fits in 32
 * bits, the 32-bit driver (lapack_drivers.c) solves, its pivots and INFO
 * widened.  Beyond 32 bits twofold has no 64-bit LAPACK to forward to: a
 * message, and INFO = -i for the first argument that does not fit, the
 * arrays untouched. */
#include <stdint.h>
#include <stdlib.h>
#include "abi/check.h"
#include "abi/ilp64.h"
#include "core/export.h"
#include "core/message.h"

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

/* The arguments' values narrowed into narrow; 0, or the LAPACK number
 * (from numbers) of the first that does not fit. */
static int narrow_all(const int64_t *values, const int *numbers, int count, int *narrow)
{
	for (int i = 0; i < count; i++)
		if (!tf_ilp64_narrow(values[i], &narrow[i]))
			return numbers[i];
	return 0;
}

/* Whether the call ends here: an illegal argument (reported, INFO = -i), or
 * one beyond 32 bits (INFO = -its number, a message). */
static int refused(const char *routine, int illegal, int beyond, int64_t *info)
{
	if (illegal) {
		*info = -illegal;
		tf_ilp64_report_illegal(routine, illegal);
		return 1;
	}
	if (beyond) {
		char name[8] = "";
		for (int j = 0; j < 5 && routine[j] != ' '; j++)
			name[j] = (char)(routine[j] - 'A' + 'a');
		*info = -beyond;
		tf_message("%s_64_: argument %d does not fit in 32 bits, and twofold has no "
			   "64-bit LAPACK to forward to; INFO = %d, the arrays untouched",
			   name, beyond, -beyond);
		return 1;
	}
	return 0;
}

/* 32-bit pivots for n, widened into ipiv after the call. */
static int *pivots(int n)
{
	int *p = malloc(sizeof *p * (size_t)(n > 0 ? n : 1));
	if (!p)
		tf_fatal("out of memory for the %d pivots of an ILP64 LAPACK call", n);
	return p;
}

static void widen(const int *p, int n, int64_t *ipiv)
{
	for (int j = 0; j < n; j++)
		ipiv[j] = p[j];
}

static void gesv64(const char *routine, int complex_type, const int64_t *n, const int64_t *nrhs,
		   void *a, const int64_t *lda, int64_t *ipiv, void *b, const int64_t *ldb,
		   int64_t *info)
{
	static const int numbers[] = { 1, 2, 4, 7 };
	const int64_t values[] = { *n, *nrhs, *lda, *ldb };
	int v[4], info32 = 0;
	int beyond = narrow_all(values, numbers, 4, v);
	if (refused(routine, tf_check_gesv(*n, *nrhs, *lda, *ldb), beyond, info))
		return;
	int *p = pivots(v[0]);
	if (complex_type)
		zgesv_(&v[0], &v[1], a, &v[2], p, b, &v[3], &info32);
	else
		dgesv_(&v[0], &v[1], a, &v[2], p, b, &v[3], &info32);
	widen(p, v[0], ipiv);
	free(p);
	*info = info32;
}

TF_EXPORT void dgesv_64_(const int64_t *n, const int64_t *nrhs, double *a, const int64_t *lda,
			 int64_t *ipiv, double *b, const int64_t *ldb, int64_t *info)
{
	gesv64("DGESV ", 0, n, nrhs, a, lda, ipiv, b, ldb, info);
}

TF_EXPORT void zgesv_64_(const int64_t *n, const int64_t *nrhs, void *a, const int64_t *lda,
			 int64_t *ipiv, void *b, const int64_t *ldb, int64_t *info)
{
	gesv64("ZGESV ", 1, n, nrhs, a, lda, ipiv, b, ldb, info);
}

static void posv64(const char *routine, int complex_type, const char *uplo, const int64_t *n,
		   const int64_t *nrhs, void *a, const int64_t *lda, void *b, const int64_t *ldb,
		   int64_t *info)
{
	static const int numbers[] = { 2, 3, 5, 7 };
	const int64_t values[] = { *n, *nrhs, *lda, *ldb };
	int v[4], info32 = 0;
	int beyond = narrow_all(values, numbers, 4, v);
	if (refused(routine, tf_check_posv(*uplo, *n, *nrhs, *lda, *ldb), beyond, info))
		return;
	if (complex_type)
		zposv_(uplo, &v[0], &v[1], a, &v[2], b, &v[3], &info32, 1);
	else
		dposv_(uplo, &v[0], &v[1], a, &v[2], b, &v[3], &info32, 1);
	*info = info32;
}

TF_EXPORT void dposv_64_(const char *uplo, const int64_t *n, const int64_t *nrhs, double *a,
			 const int64_t *lda, double *b, const int64_t *ldb, int64_t *info,
			 size_t uplo_len)
{
	(void)uplo_len;
	posv64("DPOSV ", 0, uplo, n, nrhs, a, lda, b, ldb, info);
}

TF_EXPORT void zposv_64_(const char *uplo, const int64_t *n, const int64_t *nrhs, void *a,
			 const int64_t *lda, void *b, const int64_t *ldb, int64_t *info,
			 size_t uplo_len)
{
	(void)uplo_len;
	posv64("ZPOSV ", 1, uplo, n, nrhs, a, lda, b, ldb, info);
}

TF_EXPORT void dsysv_64_(const char *uplo, const int64_t *n, const int64_t *nrhs, double *a,
			 const int64_t *lda, int64_t *ipiv, double *b, const int64_t *ldb,
			 double *work, const int64_t *lwork, int64_t *info, size_t uplo_len)
{
	(void)uplo_len;
	static const int numbers[] = { 2, 3, 5, 8, 10 };
	const int64_t values[] = { *n, *nrhs, *lda, *ldb, *lwork };
	int v[5], info32 = 0;
	int beyond = narrow_all(values, numbers, 5, v);
	if (refused("DSYSV ", tf_check_sysv(*uplo, *n, *nrhs, *lda, *ldb, *lwork), beyond, info))
		return;
	int *p = pivots(v[0]);
	dsysv_(uplo, &v[0], &v[1], a, &v[2], p, b, &v[3], work, &v[4], &info32, 1);
	if (v[4] != -1) /* a workspace query leaves the pivots alone */
		widen(p, v[0], ipiv);
	free(p);
	*info = info32;
}

TF_EXPORT void dgels_64_(const char *trans, const int64_t *m, const int64_t *n, const int64_t *nrhs,
			 double *a, const int64_t *lda, double *b, const int64_t *ldb, double *work,
			 const int64_t *lwork, int64_t *info, size_t trans_len)
{
	(void)trans_len;
	static const int numbers[] = { 2, 3, 4, 6, 8, 10 };
	const int64_t values[] = { *m, *n, *nrhs, *lda, *ldb, *lwork };
	int v[6], info32 = 0;
	int beyond = narrow_all(values, numbers, 6, v);
	if (refused("DGELS ", tf_check_gels(*trans, *m, *n, *nrhs, *lda, *ldb, *lwork), beyond,
		    info))
		return;
	dgels_(trans, &v[0], &v[1], &v[2], a, &v[3], b, &v[4], work, &v[5], &info32, 1);
	*info = info32;
}
