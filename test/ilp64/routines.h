/* The routines of src/abi/blas_routines.tbl as test/ilp64/calls.awk makes
 * them callable (test/ilp64/calls.h): every integer from struct values32
 * or values64 by its name, every option from struct values, every array
 * and Fortran scalar from its slot of an arena (argument i's: slot i).
 * Shared by test/ilp64/same.c and blocks.c. */
#ifndef TF_TEST_ILP64_ROUTINES_H
#define TF_TEST_ILP64_ROUTINES_H

#include <stdint.h>
#include "op/cblas_types.h"

#define SLOTS 24
#define SLOT_BYTES 4096

struct values {
	char trans, uplo, diag, side;
	CBLAS_LAYOUT clayout;
	CBLAS_TRANSPOSE ctrans;
	CBLAS_UPLO cuplo;
	CBLAS_DIAG cdiag;
	CBLAS_SIDE cside;
	double scalar;
	char transb;
	CBLAS_TRANSPOSE ctransb;
};

struct values32 {
	int m, n, k, kl, ku, lda, ldb, ldc, incx, incy;
};

struct values64 {
	int64_t m, n, k, kl, ku, lda, ldb, ldc, incx, incy;
};

struct arena {
	_Alignas(16) unsigned char slot[SLOTS][SLOT_BYTES];
	_Alignas(16) unsigned char result[16];
	_Alignas(16) unsigned char out[16];
};

struct routine {
	const char *name;
	void (*call32)(void *f, const struct values *o, const struct values32 *i32,
	      struct arena *a);
	void (*call64)(void *f, const struct values *o, const struct values64 *i64,
	      struct arena *a);
	int int_result; /* 1: an INTEGER result, 2: an INTEGER out argument (*amaxsub_) */
	const char *kinds; /* per argument: "s" float data, "d" double, "-" none */
	const char *args;  /* the arguments' names, lower case, a space apart */
};

#include "test/ilp64/calls.h"

#endif
