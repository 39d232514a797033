/* One element of C = alpha op(A) op(B) + beta C, computed exactly as the
 * reference BLAS (Netlib DGEMM, since LAPACK 3.6) computes it: its loop
 * order, two roundings per step, no fused multiply-add, and no skipping of
 * zero elements of B (so that 0 times Inf gives NaN, as it does there).  Used
 * only where the two-term result is not finite, so that Inf and NaN land in
 * the places, and with the signs, that the reference gives. */
#ifndef TF_KERNELS_REFERENCE_GEMM_CUH
#define TF_KERNELS_REFERENCE_GEMM_CUH

#include "kernels/gemm.h"
#include "kernels/reference_gemv.cuh"

namespace tf {

TF_REFERENCE_FN double reference_gemm_element(const tf_gemm_args &p, int i, int j)
{
	double c = p.c[i + (size_t)j * p.ldc];
	if (p.transa == 'N') {
		/* C(:,j) = beta C(:,j); then C(:,j) += (alpha B(l,j)) A(:,l) */
		double sum = p.beta == 0.0 ? 0.0 : p.beta == 1.0 ? c : TF_DMUL(p.beta, c);
		for (int l = 0; l < p.k; l++) {
			double b = p.transb == 'N' ? p.b[l + (size_t)j * p.ldb] : p.b[j + (size_t)l * p.ldb];
			sum = TF_DADD(sum, TF_DMUL(TF_DMUL(p.alpha, b), p.a[i + (size_t)l * p.lda]));
		}
		return sum;
	}
	/* temp = sum A(l,i) B(l,j); C = alpha temp (+ beta C) */
	double temp = 0.0;
	for (int l = 0; l < p.k; l++) {
		double b = p.transb == 'N' ? p.b[l + (size_t)j * p.ldb] : p.b[j + (size_t)l * p.ldb];
		temp = TF_DADD(temp, TF_DMUL(p.a[l + (size_t)i * p.lda], b));
	}
	return p.beta == 0.0 ? TF_DMUL(p.alpha, temp)
			     : TF_DADD(TF_DMUL(p.alpha, temp), TF_DMUL(p.beta, c));
}

} /* namespace tf */

#endif
