/* The CPU DD kernels: double data in and out, double-double inside, alpha
 * and beta applied in DD, one rounding at the end.  Reference semantics:
 * beta = 0 overwrites C (y) without reading it, alpha = 0 reads neither A
 * nor B (x), and an element whose DD result is not finite is computed again
 * by the CPU BLAS, so that Inf and NaN appear exactly where the reference
 * puts them.  The op has passed the reference's checks and quick returns. */
#ifndef TF_DD_KERNELS_H
#define TF_DD_KERNELS_H

#include "op/op.h"

void tf_cpu_dd_gemm(const struct tf_op *op);
void tf_cpu_dd_gemv(const struct tf_op *op);
void tf_cpu_dd_axpy(const struct tf_op *op);

#endif
