/* The LAPACK drivers' work after the call bracket (lapack_drivers.c), shared
 * by the Fortran entries and the LAPACKE ones (lapacke.c). */
#ifndef TF_ABI_LAPACK_DRIVERS_H
#define TF_ABI_LAPACK_DRIVERS_H

#include "core/stats.h"
#include "op/op.h"

/* gesv and posv of a type (TF_TYPE_D, TF_TYPE_Z), column major, with
 * LAPACK's checks and INFO; where the call ran. */
enum tf_where tf_abi_gesv(enum tf_op_type type, int n, int nrhs, double *a, int lda, int *ipiv,
			  double *b, int ldb, int *info);
enum tf_where tf_abi_posv(enum tf_op_type type, char uplo, int n, int nrhs, double *a, int lda,
			  double *b, int ldb, int *info);

/* Flops of a factorization and its solve, for the report's rates: LAPACK's
 * leading terms, factor_share n^3 (LU 2/3, Cholesky and LDL^T 1/3) plus
 * 2 n^2 nrhs, four times as many for complex ones. */
double tf_abi_solve_flops(enum tf_op_type type, double n, double nrhs, double factor_share);

#endif
