/* The plain CSR loops of bench/sparse_cpu (sparse_cpu_plain.c): base 0,
 * y = A x. */
#ifndef TF_BENCH_SPARSE_CPU_PLAIN_H
#define TF_BENCH_SPARSE_CPU_PLAIN_H

#include "twofold/arith_dd.h"

void plain_csr_double(int rows, const int *row_ptr, const int *col_idx, const double *values,
		      const double *x, double *y);
void plain_csr_dd(int rows, const int *row_ptr, const int *col_idx, const double *values,
		  const tf_dd *x, tf_dd *y);

#endif
