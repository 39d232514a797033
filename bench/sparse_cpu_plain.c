/* The plain CSR loops that bench/sparse_cpu measures twofold against,
 * what a user would write: y = A x in double, and the same with DD
 * vectors and tf_dd_fma.  Compiled with -O3 after the build's CFLAGS
 * (bench/sparse_cpu.am), whatever they are. */
#include "sparse_cpu_plain.h"

void plain_csr_double(int rows, const int *row_ptr, const int *col_idx, const double *values,
		      const double *x, double *y)
{
	for (int i = 0; i < rows; i++) {
		double s = 0;
		for (int k = row_ptr[i]; k < row_ptr[i + 1]; k++)
			s += values[k] * x[col_idx[k]];
		y[i] = s;
	}
}

void plain_csr_dd(int rows, const int *row_ptr, const int *col_idx, const double *values,
		  const tf_dd *x, tf_dd *y)
{
	for (int i = 0; i < rows; i++) {
		tf_dd s = { 0, 0 };
		for (int k = row_ptr[i]; k < row_ptr[i + 1]; k++) {
			tf_dd xk = x[col_idx[k]];
			s = tf_dd_fma(s, values[k], xk.hi);
			s = tf_dd_fma(s, values[k], xk.lo);
		}
		y[i] = s;
	}
}
