#include "config.h"

/* CBLAS error reporting as the reference CBLAS does it.
 *
 * RowMajorStrg and CBLAS_CallFromC are the reference's shared flags: its
 * xerbla_ reads CBLAS_CallFromC to report a Fortran routine's error under the
 * CBLAS name, and cblas_xerbla reads RowMajorStrg to renumber parameters that
 * a row-major call swapped.  libtwofold defines them, and the CPU BLAS's own
 * references bind to these (or to a program's copy), so there is one of each. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "abi/cblas_error.h"
#include "core/export.h"

TF_EXPORT int RowMajorStrg;
TF_EXPORT int CBLAS_CallFromC;

/* A row-major call passes the transposed problem to the Fortran routine, so
 * the parameter a Fortran check names is the partner of the one the caller
 * passed.  Pairs in CBLAS numbering, per routine family. */
static const struct {
	const char *family;   /* found anywhere in the routine name */
	const char *excluded; /* unless this is found too */
	int pairs[2][2];
} row_major_swaps[] = {
	{ "gemm", NULL, { { 4, 5 }, { 9, 11 } } },
	{ "symm", NULL, { { 4, 5 }, { 0, 0 } } },
	{ "hemm", NULL, { { 4, 5 }, { 0, 0 } } },
	{ "trmm", NULL, { { 6, 7 }, { 0, 0 } } },
	{ "trsm", NULL, { { 6, 7 }, { 0, 0 } } },
	{ "gemv", NULL, { { 3, 4 }, { 0, 0 } } },
	{ "gbmv", NULL, { { 3, 4 }, { 5, 6 } } },
	{ "ger", NULL, { { 2, 3 }, { 6, 8 } } },
	{ "her2", "her2k", { { 6, 8 }, { 0, 0 } } },
	{ "hpr2", NULL, { { 6, 8 }, { 0, 0 } } },
};

static int row_major_parameter(const char *routine, int parameter)
{
	for (size_t i = 0; i < sizeof row_major_swaps / sizeof row_major_swaps[0]; i++) {
		if (!strstr(routine, row_major_swaps[i].family))
			continue;
		if (row_major_swaps[i].excluded && strstr(routine, row_major_swaps[i].excluded))
			continue;
		for (int p = 0; p < 2; p++) {
			const int *pair = row_major_swaps[i].pairs[p];
			if (parameter == pair[0] && pair[0])
				return pair[1];
			if (parameter == pair[1] && pair[1])
				return pair[0];
		}
		return parameter;
	}
	return parameter;
}

TF_EXPORT TF_WEAK void cblas_xerbla(int parameter, const char *routine, const char *form, ...)
{
	if (RowMajorStrg)
		parameter = row_major_parameter(routine, parameter);
	if (parameter)
		fprintf(stderr, "Parameter %d to routine %s was incorrect\n", parameter, routine);
	va_list args;
	va_start(args, form);
	vfprintf(stderr, form, args);
	va_end(args);
	exit(-1);
}
