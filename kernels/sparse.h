/* Kernels of the sparse half (src/gpu/sparse.c): CRS SpMV for the vector
 * formats of op/sparse_op.h, the Krylov engine's vector operations, and a
 * synchronisation-free triangular solve.  Launchers only: device pointers,
 * no allocation, no policy.  Each returns the launch's error.
 *
 * The engine's vectors are "work vectors": hi[n] and, in DD, lo[n] apart
 * (lo NULL: a double vector), so that every load of a DD vector coalesces.
 * The reductions are deterministic: each block sums a fixed share of the
 * elements in a fixed order into partials[block], and one block sums the
 * partials in a fixed order; no floating-point atomics. */
#ifndef TF_KERNELS_SPARSE_H
#define TF_KERNELS_SPARSE_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>
#include "op/sparse_op.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A CRS matrix in device memory (the caller's or a copy), base 0 or 1. */
struct tf_sparse_device_csr {
	int rows, cols, base;
	int64_t nnz;
	const int *row_ptr;
	const int *col_idx;
	const double *values;
};

/* A work vector: hi[n], and lo[n] for DD (NULL: double). */
struct tf_work_vector {
	double *hi, *lo;
};

/* The threads that share a row for a matrix of this shape: the largest
 * power of two up to 32 at most a third of the mean row length (or 1): on
 * the Poisson matrices (5 and 7 entries a row) one or two threads a row
 * run fastest, with double and with DD vectors alike (bench/sparse_gpu on
 * an H200).  A launcher given 0 chooses so. */
int tf_kernel_spmv_threads(int rows, int64_t nnz);

/* Blocks of the reducing kernels at most: partials hold this many tf_dd. */
#define TF_SPARSE_PARTIALS 4096

/* y = alpha A x + beta y with the vectors of op/sparse_op.h (x.lo, y.lo
 * for DS and DI), products summed in DD, alpha and beta applied in DD,
 * rounded once.  alpha = 0: A and x not read; beta = 0: y not read. */
cudaError_t tf_kernel_spmv(const struct tf_sparse_device_csr *a, int threads_per_row,
			   enum tf_sparse_vector vector, tf_dd alpha, tf_dd beta, struct tf_array x,
			   struct tf_array y, cudaStream_t stream);

/* The engine's product, in the work vectors' precision (DD when lo is
 * set: products of double and DD summed in DD; else double):
 *   b NULL: out = A in, and when dot is not NULL, *dot = in . out;
 *   b set:  out = b - A in (dot must be NULL).
 * dot: device memory for one tf_dd; partials: TF_SPARSE_PARTIALS tf_dd. */
cudaError_t tf_kernel_work_spmv(const struct tf_sparse_device_csr *a, int threads_per_row,
				struct tf_work_vector in, struct tf_work_vector out,
				const struct tf_work_vector *b, tf_dd *partials, tf_dd *dot,
				cudaStream_t stream);

/* *norm2 = ||b - A x||^2 summed in DD, whatever the vectors' precision. */
cudaError_t tf_kernel_work_true_residual(const struct tf_sparse_device_csr *a, int threads_per_row,
					 struct tf_work_vector x, struct tf_work_vector b,
					 tf_dd *partials, tf_dd *norm2, cudaStream_t stream);

/* *dot = u . v, n >= 0. */
cudaError_t tf_kernel_work_dot(int n, struct tf_work_vector u, struct tf_work_vector v,
			       tf_dd *partials, tf_dd *dot, cudaStream_t stream);

/* y = alpha x + beta y; beta = 0 (both words): y not read. */
cudaError_t tf_kernel_work_axpby(int n, struct tf_work_vector y, tf_dd alpha,
				 struct tf_work_vector x, tf_dd beta, cudaStream_t stream);

/* x += alpha p, r -= alpha q, *rr = r . r (r after the update). */
cudaError_t tf_kernel_work_cg_update(int n, struct tf_work_vector x, struct tf_work_vector p,
				     struct tf_work_vector r, struct tf_work_vector q, tf_dd alpha,
				     tf_dd *partials, tf_dd *rr, cudaStream_t stream);

/* dst = src. */
cudaError_t tf_kernel_work_copy(int n, struct tf_work_vector dst, struct tf_work_vector src,
				cudaStream_t stream);

/* A caller's vector (double[n], or tf_dd[n] when dst.lo is set) into a
 * work vector, and back. */
cudaError_t tf_kernel_work_import(int n, struct tf_work_vector dst, const void *src,
				  cudaStream_t stream);
cudaError_t tf_kernel_work_export(int n, void *dst, struct tf_work_vector src, cudaStream_t stream);

/* A triangular factor scheduled for the synchronisation-free solve: its
 * rows in an order where every row comes after the rows it depends on
 * (by level), each row's off-diagonal entries stored at slot k of that
 * order (base 0), its diagonal apart (diag NULL: unit diagonal). */
struct tf_sptrsv_device {
	int n, levels;
	const int *order;   /* n: the row at each slot */
	const int *row_ptr; /* n + 1: entries of the row at each slot */
	const int *col_idx;
	const double *values;
	const double *diag; /* n, by row; NULL: unit */
	unsigned *counter;  /* slots handed out; set to 0 by the launcher */
};

/* The warps a solve runs on by default: enough for four levels' rows in
 * flight and at least 512, few enough that not many threads spin (on an
 * H200, 512 to 1024 warps ran the Poisson matrices' solves fastest;
 * bench/sparse_gpu sweeps them). */
int tf_kernel_sptrsv_warps(const struct tf_sptrsv_device *t);

/* x = T^-1 b on `warps` warps (0: tf_kernel_sptrsv_warps): in double, or
 * in DD (tf_dd_div_d by the diagonal) when `dd`, b and x then pairs (hi,
 * lo) of n elements, 16-byte aligned.  x and b distinct; x is overwritten
 * first (its values serve as the rows' flags). */
cudaError_t tf_kernel_sptrsv(const struct tf_sptrsv_device *t, int warps, int dd, const double *b,
			     double *x, cudaStream_t stream);

/* A DD work vector into pairs (2n doubles, 16-byte aligned) and back. */
cudaError_t tf_kernel_work_to_pairs(int n, struct tf_work_vector v, double *pairs, cudaStream_t stream);
cudaError_t tf_kernel_work_from_pairs(int n, const double *pairs, struct tf_work_vector v,
				      cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
