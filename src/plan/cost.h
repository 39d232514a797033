/* What the planners' cost models share: the time a GPU call takes on host
 * arrays, and the CPU's memory rate.  Estimates, good enough to tell GPU
 * from CPU. */
#ifndef TF_PLAN_COST_H
#define TF_PLAN_COST_H

/* What starting a GPU call costs, whatever its size. */
#define TF_COST_GPU_CALL_SECONDS 30e-6
/* The CPU DD kernels' rates, from measurements on AVX2 processors (about
 * 2.3 GFLOP/s per core for gemm; gemv and axpy stream their data at a few
 * GB/s per core, below); the CPU BLAS's, a modest optimized BLAS. */
#define TF_COST_CPU_DD_GEMM_FLOPS_PER_THREAD 2.0e9
#define TF_COST_CPU_BLAS_GEMM_FLOPS_PER_THREAD 8.0e9
/* Bytes a CPU thread streams per second. */
#define TF_COST_CPU_BYTES_PER_THREAD 4.0e9

/* Seconds for the GPU to compute `flops` at `rate` flop/s and move `bytes`
 * over the host link (`link` bytes/s). */
static inline double tf_cost_gpu_seconds(double flops, double rate, double bytes, double link)
{
	return TF_COST_GPU_CALL_SECONDS + flops / rate + bytes / link;
}

#endif
