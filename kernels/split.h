/* The split product engine's kernels: the steps of twofold/crt.h on the
 * GPU, each a launcher over device pointers (the INT8 products themselves
 * are cuBLAS's).  No allocation, no policy; each returns the launch's
 * error. */
#ifndef TF_KERNELS_SPLIT_H
#define TF_KERNELS_SPLIT_H

#include <stdint.h>
#include <cuda_runtime_api.h>
#include "op/product.h"
#include "twofold/crt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* op(A) by rows or op(B) by columns: `count` vectors of k elements of the
 * product's kind, element (r, l) at r + l ld (contiguous rows) or at
 * l + r ld. */
struct tf_split_operand {
	enum tf_product_kind kind;
	const void *data;
	int ld;
	int contiguous;
	int count;
	int k;
};

/* high[r] = the largest exponent (|x| < 2^high) and low[r] the lowest set
 * bit of the words of vector r, as tf_crt_exponents gives them; a vector
 * of zeros keeps high < low.  high and low are set first (INT_MIN, INT_MAX
 * as byte patterns), by the launcher.  *nonfinite becomes nonzero when a
 * word is not finite (the caller clears it). */
cudaError_t tf_kernel_split_scan(const struct tf_split_operand *operand, int *high, int *low,
				 unsigned *nonfinite, cudaStream_t stream);

/* The int8 residues of every element modulo each modulus of the basis:
 * out[t stride + r kp + l] for r < padded_count, l < kp (zero beyond count
 * and k), the element scaled by 2^-shift[r] (tf_crt_residue, words summed,
 * tf_crt_symmetric).  powers: the basis's table of 2^d mod m_t, on the
 * device.  kp is a multiple of 4. */
cudaError_t tf_kernel_split_residues(const struct tf_split_operand *operand,
				     const struct tf_crt_basis *basis, const uint8_t *powers,
				     const int *shift, int padded_count, int kp, int8_t *out,
				     size_t stride, cudaStream_t stream);

/* For each modulus t of the `group` from first_modulus on (basis in device
 * memory): residue[g count + e] = (first ? 0 : that) + sum[g count + e]
 * mod m_t, in [0, m_t), g = t - first_modulus, over the `count` elements of
 * an int32 product (a multiple of 4, every array aligned to 4 elements). */
cudaError_t tf_kernel_split_reduce(const int32_t *sum, size_t count, const struct tf_crt_basis *basis,
				   int first_modulus, int group, int first, uint8_t *residue,
				   cudaStream_t stream);

/* What the reconstruction reads besides the product. */
struct tf_split_rebuild {
	const uint8_t *residues; /* residues[t stride + i + j ld] */
	size_t stride;
	int ld;
	const int *row_shift, *column_shift;
	/* Capped products (NULL otherwise): which rows and columns kept only
	 * their leading bits, their sums of magnitudes, and S = |op(A)| |op(B)|
	 * (m x n, leading dimension m); elements outside the bound are listed
	 * in `redo` (*redo_count of them) and left as they are. */
	const unsigned char *row_capped, *column_capped;
	const double *rows, *columns, *both;
	int2 *redo;
	unsigned *redo_count;
	int count_only; /* only count the elements outside the bound: write nothing */
};

/* C from the residues: the exact products, rounded once and finished
 * (tf_crt_value, tf_crt_finish_*); a double result that is not finite is
 * computed again as the reference computes it (from all of A, B and C).
 * host_basis is in host memory: the kernel takes it by value. */
cudaError_t tf_kernel_split_reconstruct(const struct tf_product *product,
					const struct tf_crt_basis *host_basis,
					const struct tf_split_rebuild *rebuild, cudaStream_t stream);

/* The listed elements again, in the kind's working arithmetic (as the CPU
 * twin's), finished as the engine finishes. */
cudaError_t tf_kernel_split_redo(const struct tf_product *product, const int2 *redo, unsigned count,
				 cudaStream_t stream);

/* |op(A)| (m x k) or |op(B)| (k x n) as doubles, each element's words'
 * magnitudes added, into out (leading dimension rows), and the sums of
 * magnitudes of each row of op(A) (column of op(B)) into sums, in the
 * order of l (as the CPU twin adds them). */
cudaError_t tf_kernel_split_magnitudes(const struct tf_split_operand *operand, double *out,
				       int a_side, double *sums, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
