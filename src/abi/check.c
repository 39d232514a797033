#include "config.h"

#include "abi/check.h"
#include "abi/xerbla.h"
#include "core/stats.h"
#include "op/cblas_types.h"
#include "op/op.h"

void xerbla_(const char *routine, int *info, size_t routine_len);

static int64_t max1(int64_t value)
{
	return value > 1 ? value : 1;
}

char tf_cblas_trans(int trans)
{
	switch (trans) {
	case CblasNoTrans: return 'N';
	case CblasTrans: return 'T';
	case CblasConjTrans: return 'C';
	default: return 0;
	}
}

int tf_check_dgemm(char transa, char transb, int64_t m, int64_t n, int64_t k, int64_t lda,
		   int64_t ldb, int64_t ldc)
{
	char ta = tf_trans_option(transa), tb = tf_trans_option(transb);
	int64_t rows_a = ta == 'N' ? m : k;
	int64_t rows_b = tb == 'N' ? k : n;
	if (!ta) return 1;
	if (!tb) return 2;
	if (m < 0) return 3;
	if (n < 0) return 4;
	if (k < 0) return 5;
	if (lda < max1(rows_a)) return 8;
	if (ldb < max1(rows_b)) return 10;
	if (ldc < max1(m)) return 13;
	return 0;
}

int tf_check_dgemv(char trans, int64_t m, int64_t n, int64_t lda, int64_t incx, int64_t incy)
{
	if (!tf_trans_option(trans)) return 1;
	if (m < 0) return 2;
	if (n < 0) return 3;
	if (lda < max1(m)) return 6;
	if (incx == 0) return 8;
	if (incy == 0) return 11;
	return 0;
}

char tf_cblas_uplo(int uplo)
{
	return uplo == CblasUpper ? 'U' : uplo == CblasLower ? 'L' : 0;
}

char tf_cblas_diag(int diag)
{
	return diag == CblasUnit ? 'U' : diag == CblasNonUnit ? 'N' : 0;
}

/* The Level 2 products (dgemv above): gbmv, symv/hemv, sbmv/hbmv,
 * spmv/hpmv, trmv, tbmv, tpmv, the same for both types. */
int tf_check_gbmv(char trans, int64_t m, int64_t n, int64_t kl, int64_t ku, int64_t lda,
		  int64_t incx, int64_t incy)
{
	if (!tf_trans_option(trans)) return 1;
	if (m < 0) return 2;
	if (n < 0) return 3;
	if (kl < 0) return 4;
	if (ku < 0) return 5;
	if (lda < kl + ku + 1) return 8;
	if (incx == 0) return 10;
	if (incy == 0) return 13;
	return 0;
}

int tf_check_symv(char uplo, int64_t n, int64_t lda, int64_t incx, int64_t incy)
{
	if (!tf_uplo_option(uplo)) return 1;
	if (n < 0) return 2;
	if (lda < max1(n)) return 5;
	if (incx == 0) return 7;
	if (incy == 0) return 10;
	return 0;
}

int tf_check_sbmv(char uplo, int64_t n, int64_t k, int64_t lda, int64_t incx, int64_t incy)
{
	if (!tf_uplo_option(uplo)) return 1;
	if (n < 0) return 2;
	if (k < 0) return 3;
	if (lda < k + 1) return 6;
	if (incx == 0) return 8;
	if (incy == 0) return 11;
	return 0;
}

int tf_check_spmv(char uplo, int64_t n, int64_t incx, int64_t incy)
{
	if (!tf_uplo_option(uplo)) return 1;
	if (n < 0) return 2;
	if (incx == 0) return 6;
	if (incy == 0) return 9;
	return 0;
}

/* trmv (storage full), tbmv (band, k) and tpmv (packed): the numbers after
 * n move with the arguments each has. */
int tf_check_trmv(int storage, char uplo, char trans, char diag, int64_t n, int64_t k, int64_t lda,
		  int64_t incx)
{
	if (!tf_uplo_option(uplo)) return 1;
	if (!tf_trans_option(trans)) return 2;
	if (!tf_diag_option(diag)) return 3;
	if (n < 0) return 4;
	if (storage == TF_STORAGE_BAND) {
		if (k < 0) return 5;
		if (lda < k + 1) return 7;
		if (incx == 0) return 9;
	} else if (storage == TF_STORAGE_FULL) {
		if (lda < max1(n)) return 6;
		if (incx == 0) return 8;
	} else if (incx == 0) {
		return 7;
	}
	return 0;
}

int tf_scalar_is(int type, const double *s, double value)
{
	return s[0] == value && (type != TF_TYPE_Z || s[1] == 0.0);
}

/* The options of the triangular routines, parameters 1 to 3. */
static int check_triangle(char uplo, char trans, char diag)
{
	if (!tf_uplo_option(uplo)) return 1;
	if (!tf_trans_option(trans)) return 2;
	if (!tf_diag_option(diag)) return 3;
	return 0;
}

int tf_check_trsv(char uplo, char trans, char diag, int64_t n, int64_t lda, int64_t incx)
{
	int illegal = check_triangle(uplo, trans, diag);
	if (illegal) return illegal;
	if (n < 0) return 4;
	if (lda < max1(n)) return 6;
	if (incx == 0) return 8;
	return 0;
}

int tf_check_tbsv(char uplo, char trans, char diag, int64_t n, int64_t k, int64_t lda, int64_t incx)
{
	int illegal = check_triangle(uplo, trans, diag);
	if (illegal) return illegal;
	if (n < 0) return 4;
	if (k < 0) return 5;
	if (lda < k + 1) return 7;
	if (incx == 0) return 9;
	return 0;
}

int tf_check_tpsv(char uplo, char trans, char diag, int64_t n, int64_t incx)
{
	int illegal = check_triangle(uplo, trans, diag);
	if (illegal) return illegal;
	if (n < 0) return 4;
	if (incx == 0) return 7;
	return 0;
}

int tf_check_ger(int64_t m, int64_t n, int64_t incx, int64_t incy, int64_t lda)
{
	if (m < 0) return 1;
	if (n < 0) return 2;
	if (incx == 0) return 5;
	if (incy == 0) return 7;
	if (lda < max1(m)) return 9;
	return 0;
}

int tf_check_gesv(int64_t n, int64_t nrhs, int64_t lda, int64_t ldb)
{
	if (n < 0) return 1;
	if (nrhs < 0) return 2;
	if (lda < max1(n)) return 4;
	if (ldb < max1(n)) return 7;
	return 0;
}

int tf_check_posv(char uplo, int64_t n, int64_t nrhs, int64_t lda, int64_t ldb)
{
	if (!tf_uplo_option(uplo)) return 1;
	if (n < 0) return 2;
	if (nrhs < 0) return 3;
	if (lda < max1(n)) return 5;
	if (ldb < max1(n)) return 7;
	return 0;
}

int tf_check_sysv(char uplo, int64_t n, int64_t nrhs, int64_t lda, int64_t ldb, int64_t lwork)
{
	if (!tf_uplo_option(uplo)) return 1;
	if (n < 0) return 2;
	if (nrhs < 0) return 3;
	if (lda < max1(n)) return 5;
	if (ldb < max1(n)) return 8;
	if (lwork < 1 && lwork != -1) return 10; /* -1: the workspace query */
	return 0;
}

int tf_check_gels(char trans, int64_t m, int64_t n, int64_t nrhs, int64_t lda, int64_t ldb,
		  int64_t lwork)
{
	const int64_t mn = m < n ? m : n;
	char t = tf_trans_option(trans);
	if (t != 'N' && t != 'T') return 1;
	if (m < 0) return 2;
	if (n < 0) return 3;
	if (nrhs < 0) return 4;
	if (lda < max1(m)) return 6;
	if (ldb < max1(m > n ? m : n)) return 8;
	if (lwork < max1(mn + (mn > nrhs ? mn : nrhs)) && lwork != -1) return 10; /* -1: the query */
	return 0;
}

int tf_check_syr(char uplo, int64_t n, int64_t incx, int64_t lda)
{
	if (!tf_uplo_option(uplo)) return 1;
	if (n < 0) return 2;
	if (incx == 0) return 5;
	if (lda < max1(n)) return 7;
	return 0;
}

int tf_check_spr(char uplo, int64_t n, int64_t incx)
{
	if (!tf_uplo_option(uplo)) return 1;
	if (n < 0) return 2;
	if (incx == 0) return 5;
	return 0;
}

int tf_check_syr2(char uplo, int64_t n, int64_t incx, int64_t incy, int64_t lda)
{
	if (!tf_uplo_option(uplo)) return 1;
	if (n < 0) return 2;
	if (incx == 0) return 5;
	if (incy == 0) return 7;
	if (lda < max1(n)) return 9;
	return 0;
}

int tf_check_spr2(char uplo, int64_t n, int64_t incx, int64_t incy)
{
	if (!tf_uplo_option(uplo)) return 1;
	if (n < 0) return 2;
	if (incx == 0) return 5;
	if (incy == 0) return 7;
	return 0;
}

/* To the program's own xerbla_; else to the one of the module that called
 * the entry point (abi/xerbla.c); else to libtwofold's. */
void tf_report_illegal(const char *routine, int parameter)
{
	tf_xerbla_handler *handler = tf_global_xerbla();
	if (!handler)
		handler = tf_module_xerbla(tf_thread.caller);
	if (handler)
		handler(routine, &parameter, 6);
	else
		xerbla_(routine, &parameter, 6);
}

/* ---- Level 3 */

int tf_check_symm(char side, char uplo, int64_t m, int64_t n, int64_t lda, int64_t ldb, int64_t ldc)
{
	int64_t rows_a = tf_side_option(side) == 'L' ? m : n;
	if (!tf_side_option(side)) return 1;
	if (!tf_uplo_option(uplo)) return 2;
	if (m < 0) return 3;
	if (n < 0) return 4;
	if (lda < max1(rows_a)) return 7;
	if (ldb < max1(m)) return 9;
	if (ldc < max1(m)) return 12;
	return 0;
}

/* The trans options a rank-k routine accepts: "NTC" (dsyrk, dsyr2k), "NT"
 * (zsyrk, zsyr2k) or "NC" (zherk, zher2k). */
static int trans_accepted(char trans, const char *accepted)
{
	char t = tf_trans_option(trans);
	for (; t && *accepted; accepted++)
		if (*accepted == t)
			return 1;
	return 0;
}

int tf_check_syrk(char uplo, char trans, const char *accepted, int64_t n, int64_t k, int64_t lda,
		  int64_t ldc)
{
	int64_t rows_a = tf_trans_option(trans) == 'N' ? n : k;
	if (!tf_uplo_option(uplo)) return 1;
	if (!trans_accepted(trans, accepted)) return 2;
	if (n < 0) return 3;
	if (k < 0) return 4;
	if (lda < max1(rows_a)) return 7;
	if (ldc < max1(n)) return 10;
	return 0;
}

int tf_check_syr2k(char uplo, char trans, const char *accepted, int64_t n, int64_t k, int64_t lda,
		   int64_t ldb,
		   int64_t ldc)
{
	int64_t rows_a = tf_trans_option(trans) == 'N' ? n : k;
	if (!tf_uplo_option(uplo)) return 1;
	if (!trans_accepted(trans, accepted)) return 2;
	if (n < 0) return 3;
	if (k < 0) return 4;
	if (lda < max1(rows_a)) return 7;
	if (ldb < max1(rows_a)) return 9;
	if (ldc < max1(n)) return 12;
	return 0;
}

int tf_check_trmm(char side, char uplo, char transa, char diag, int64_t m, int64_t n, int64_t lda,
		  int64_t ldb)
{
	int64_t rows_a = tf_side_option(side) == 'L' ? m : n;
	if (!tf_side_option(side)) return 1;
	if (!tf_uplo_option(uplo)) return 2;
	if (!tf_trans_option(transa)) return 3;
	if (!tf_diag_option(diag)) return 4;
	if (m < 0) return 5;
	if (n < 0) return 6;
	if (lda < max1(rows_a)) return 9;
	if (ldb < max1(m)) return 11;
	return 0;
}

/* 'L' or 'R' for a CBLAS_SIDE value, else 0. */
char tf_cblas_side(int side)
{
	return side == CblasLeft ? 'L' : side == CblasRight ? 'R' : 0;
}
