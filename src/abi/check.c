#include "config.h"

#include "abi/check.h"
#include "abi/xerbla.h"
#include "core/stats.h"
#include "op/cblas_types.h"

void xerbla_(const char *routine, int *info, size_t routine_len);

static int max1(int value)
{
	return value > 1 ? value : 1;
}

char tf_trans_option(char option)
{
	switch (option) {
	case 'N': case 'n': return 'N';
	case 'T': case 't': return 'T';
	case 'C': case 'c': return 'C';
	default: return 0;
	}
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

int tf_check_dgemm(char transa, char transb, int m, int n, int k, int lda, int ldb, int ldc)
{
	char ta = tf_trans_option(transa), tb = tf_trans_option(transb);
	int rows_a = ta == 'N' ? m : k;
	int rows_b = tb == 'N' ? k : n;
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

int tf_check_dgemv(char trans, int m, int n, int lda, int incx, int incy)
{
	if (!tf_trans_option(trans)) return 1;
	if (m < 0) return 2;
	if (n < 0) return 3;
	if (lda < max1(m)) return 6;
	if (incx == 0) return 8;
	if (incy == 0) return 11;
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
