#include "config.h"

/* LAPACKE_dgesv and LAPACKE_dposv, as the reference LAPACKE defines them:
 * a bad layout reported through LAPACKE_xerbla (-1: the program's own, or
 * LAPACKE's, else this weak one with the reference's messages); NaN in A or B returns
 * the argument's number, negated, unless NaN checking is off (the
 * program's LAPACKE_get_nancheck if it has one, else LAPACKE_NANCHECK, as
 * LAPACKE reads it); row major: lda and ldb checked against the row-major
 * sizes, the matrices transposed into column-major copies (posv: its uplo
 * triangle), solved, transposed back; a negative INFO from the driver is
 * shifted by one (the layout is LAPACKE's first argument). */
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "abi/lapack_drivers.h"
#include "core/export.h"
#include "plan/call.h"

enum { ROW_MAJOR = 101, COL_MAJOR = 102, TRANSPOSE_MEMORY_ERROR = -1011 };

/* The program's LAPACKE function `name` (not ours), or NULL. */
static void *programs(const char *name)
{
	void *symbol = dlsym(RTLD_DEFAULT, name);
	Dl_info mine, theirs;
	if (symbol && dladdr((void *)&programs, &mine) && dladdr(symbol, &theirs) &&
	    mine.dli_fbase == theirs.dli_fbase)
		return NULL;
	return symbol;
}

TF_EXPORT TF_WEAK void LAPACKE_xerbla(const char *name, int info)
{
	if (info == TRANSPOSE_MEMORY_ERROR)
		printf("Not enough memory to transpose matrix in %s\n", name);
	else if (info < 0)
		printf("Wrong parameter %d in %s\n", -info, name);
}

static int nancheck(void)
{
	int (*own)(void) = (int (*)(void))programs("LAPACKE_get_nancheck");
	if (own)
		return own();
	const char *value = getenv("LAPACKE_NANCHECK");
	return !value || atoi(value) != 0;
}

/* Whether the m x n matrix (layout, leading dimension ld) holds a NaN;
 * uplo 'U' or 'L': in that triangle only. */
static int has_nan(int layout, char uplo, int m, int n, const double *a, int ld)
{
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++) {
			if ((uplo == 'U' && i > j) || (uplo == 'L' && i < j))
				continue;
			size_t at = layout == COL_MAJOR ? (size_t)j * ld + i : (size_t)i * ld + j;
			if (isnan(a[at]))
				return 1;
		}
	return 0;
}

/* out (column major, ldo) = in (row major, ldi), m x n; uplo: that
 * triangle only. */
static void to_column_major(char uplo, int m, int n, const double *in, int ldi, double *out, int ldo)
{
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++)
			if (!((uplo == 'U' && i > j) || (uplo == 'L' && i < j)))
				out[(size_t)j * ldo + i] = in[(size_t)i * ldi + j];
}

static void to_row_major(char uplo, int m, int n, const double *in, int ldi, double *out, int ldo)
{
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++)
			if (!((uplo == 'U' && i > j) || (uplo == 'L' && i < j)))
				out[(size_t)i * ldo + j] = in[(size_t)j * ldi + i];
}

static int max1(int n)
{
	return n > 1 ? n : 1;
}

/* The solve of both layouts; uplo 0 for gesv.  Returns INFO. */
static int solve(const char *work_name, int layout, char uplo, int n, int nrhs, double *a,
		 int lda, int *ipiv, double *b, int ldb, enum tf_where *where)
{
	int info = 0;
	if (layout == COL_MAJOR) {
		*where = uplo ? tf_abi_posv(TF_TYPE_D, uplo, n, nrhs, a, lda, b, ldb, &info)
			      : tf_abi_gesv(TF_TYPE_D, n, nrhs, a, lda, ipiv, b, ldb, &info);
		return info < 0 ? info - 1 : info;
	}
	if (lda < n) {
		LAPACKE_xerbla(work_name, uplo ? -6 : -5);
		return uplo ? -6 : -5;
	}
	if (ldb < nrhs) {
		LAPACKE_xerbla(work_name, -8);
		return -8;
	}
	const int lda_t = max1(n), ldb_t = max1(n);
	double *a_t = malloc(sizeof *a_t * (size_t)lda_t * max1(n));
	double *b_t = malloc(sizeof *b_t * (size_t)ldb_t * max1(nrhs));
	if (!a_t || !b_t) {
		free(a_t);
		free(b_t);
		LAPACKE_xerbla(work_name, TRANSPOSE_MEMORY_ERROR);
		return TRANSPOSE_MEMORY_ERROR;
	}
	to_column_major(uplo, n, n, a, lda, a_t, lda_t);
	to_column_major(0, n, nrhs, b, ldb, b_t, ldb_t);
	*where = uplo ? tf_abi_posv(TF_TYPE_D, uplo, n, nrhs, a_t, lda_t, b_t, ldb_t, &info)
		      : tf_abi_gesv(TF_TYPE_D, n, nrhs, a_t, lda_t, ipiv, b_t, ldb_t, &info);
	if (info < 0)
		info--;
	to_row_major(uplo, n, n, a_t, lda_t, a, lda);
	to_row_major(0, n, nrhs, b_t, ldb_t, b, ldb);
	free(a_t);
	free(b_t);
	return info;
}

TF_EXPORT int LAPACKE_dgesv(int layout, int n, int nrhs, double *a, int lda, int *ipiv, double *b,
			    int ldb)
{
	struct tf_call call;
	enum tf_where where = TF_WHERE_NO_WORK;
	int info;
	tf_call_begin(&call, TF_L_LAPACKE_dgesv);
	if (layout != COL_MAJOR && layout != ROW_MAJOR) {
		LAPACKE_xerbla("LAPACKE_dgesv", -1);
		info = -1;
	} else if (nancheck() && has_nan(layout, 0, n, n, a, lda)) {
		info = -4;
	} else if (nancheck() && has_nan(layout, 0, n, nrhs, b, ldb)) {
		info = -6;
	} else {
		info = solve("LAPACKE_dgesv_work", layout, 0, n, nrhs, a, lda, ipiv, b, ldb, &where);
	}
	tf_call_end(&call, where, where == TF_WHERE_NO_WORK ? 0.0
				  : tf_abi_solve_flops(TF_TYPE_D, n, nrhs, 2.0 / 3.0));
	return info;
}

TF_EXPORT int LAPACKE_dposv(int layout, char uplo, int n, int nrhs, double *a, int lda, double *b,
			    int ldb)
{
	struct tf_call call;
	enum tf_where where = TF_WHERE_NO_WORK;
	int info;
	tf_call_begin(&call, TF_L_LAPACKE_dposv);
	char triangle = uplo == 'U' || uplo == 'u' ? 'U' : uplo == 'L' || uplo == 'l' ? 'L' : 0;
	if (layout != COL_MAJOR && layout != ROW_MAJOR) {
		LAPACKE_xerbla("LAPACKE_dposv", -1);
		info = -1;
	} else if (triangle && nancheck() && has_nan(layout, triangle, n, n, a, lda)) {
		info = -5;
	} else if (nancheck() && has_nan(layout, 0, n, nrhs, b, ldb)) {
		info = -7;
	} else {
		/* a bad uplo reaches the driver, which reports it (parameter 1,
		 * so INFO -2) */
		info = solve("LAPACKE_dposv_work", layout, triangle ? triangle : uplo, n, nrhs, a, lda,
			     NULL, b, ldb, &where);
	}
	tf_call_end(&call, where, where == TF_WHERE_NO_WORK ? 0.0
				  : tf_abi_solve_flops(TF_TYPE_D, n, nrhs, 1.0 / 3.0));
	return info;
}
