/* One element of C = alpha op(A) op(B) + beta C, computed exactly as the
 * reference BLAS (Netlib DGEMM) computes it: its loop order, its skipping of
 * zero elements of B, two roundings per step, no fused multiply-add.  Used
 * only where the two-term result is not finite, so that Inf and NaN land in
 * the places, and with the signs, that the reference gives. */
#ifndef TF_KERNELS_REFERENCE_GEMM_CUH
#define TF_KERNELS_REFERENCE_GEMM_CUH

#include "kernels/gemm.h"

namespace tf {

__device__ inline double reference_gemm_element(const tf_gemm_args &p, int i, int j)
{
	double c = p.c[i + (size_t)j * p.ldc];
	if (p.transa == 'N') {
		/* C(:,j) = beta C(:,j); then C(:,j) += (alpha B(l,j)) A(:,l) for B(l,j) != 0 */
		double sum = p.beta == 0.0 ? 0.0 : p.beta == 1.0 ? c : __dmul_rn(p.beta, c);
		for (int l = 0; l < p.k; l++) {
			double b = p.transb == 'N' ? p.b[l + (size_t)j * p.ldb] : p.b[j + (size_t)l * p.ldb];
			if (b != 0.0)
				sum = __dadd_rn(sum, __dmul_rn(__dmul_rn(p.alpha, b), p.a[i + (size_t)l * p.lda]));
		}
		return sum;
	}
	/* temp = sum A(l,i) B(l,j); C = alpha temp (+ beta C) */
	double temp = 0.0;
	for (int l = 0; l < p.k; l++) {
		double b = p.transb == 'N' ? p.b[l + (size_t)j * p.ldb] : p.b[j + (size_t)l * p.ldb];
		temp = __dadd_rn(temp, __dmul_rn(p.a[l + (size_t)i * p.lda], b));
	}
	return p.beta == 0.0 ? __dmul_rn(p.alpha, temp)
			     : __dadd_rn(__dmul_rn(p.alpha, temp), __dmul_rn(p.beta, c));
}

} /* namespace tf */

#endif
