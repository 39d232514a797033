/* The GPU backend, as the planner sees it. */
#ifndef TF_GPU_H
#define TF_GPU_H

#include "op/op.h"
#include "op/product.h"

/* The arithmetic a GPU call computes in. */
enum tf_gpu_arith {
	TF_GPU_DD,     /* double in and out, double-double inside */
	TF_GPU_DF,     /* double in and out, double-float inside (DD where the
			  data's exponent range does not suit DF) */
	TF_GPU_NATIVE  /* cuBLAS FP64 */
};

/* Called for each part of an op that the GPU did not compute (a CUDA
 * failure, already reported, or an element that is not finite where the
 * GPU cannot compute it as the reference does); the part's output is as it
 * was before the call, and the callee computes it elsewhere. */
typedef void tf_gpu_undone(const struct tf_op *part, void *context);

/* Where the op's arrays are.  resident: every one in device or managed
 * memory (the op is computed in place, with no transfer); host_readable:
 * the CPU can read every one (host or managed memory).  With no usable GPU:
 * not resident, readable, and no CUDA call made. */
struct tf_gpu_memory {
	int resident;
	int host_readable;
};

struct tf_gpu_memory tf_gpu_op_memory(const struct tf_op *op);

/* Whether there is a GPU to use (found once; 0 without CUDA). */
int tf_gpu_usable(void);

/* The GPUs in use and why ("GPUs 0,1 (TWOFOLD_DEVICE)", "GPU 1 (local
 * rank 5 from OMPI_COMM_WORLD_LOCAL_RANK, modulo 4 visible GPUs)"), NULL
 * before they were set up or when there is none: for the exit report,
 * which must not start CUDA. */
const char *tf_gpu_used(void);

/* Products split across the GPUs of TWOFOLD_DEVICE so far (gpu/devices.c),
 * and how many of them had op(A) copied from the host once, then between
 * the GPUs, rather than once for each GPU. */
long tf_gpu_split_count(void);
long tf_gpu_split_shared_count(void);

/* For twofold-info --plan: what TWOFOLD_DEVICE makes of a GEMM of `flops`
 * that runs on the GPU in `arith` (dd: on the split engine when
 * split_engine, with at most max_moduli moduli), as text to append to the
 * plan's reason ("; split by blocks of columns of C across the 2 GPUs ...",
 * empty with one GPU).  Returns snprintf's count. */
int tf_gpu_devices_explain(double flops, enum tf_gpu_arith arith, int split_engine, int max_moduli,
			   char *text, size_t size);

/* For entries that read a small argument array themselves (drotm's
 * param): p when the CPU can read it, else its first `count` doubles
 * copied from device memory into copy. */
const double *tf_gpu_host_readable(const double *p, double *copy, size_t count);

/* A conjugated copy of the n complex elements of v (stride inc, from the
 * end when inc < 0, the first n times when inc = 0) at unit stride, made in
 * device memory when v is device memory (gpu/move.c); NULL otherwise (host
 * or managed memory: the caller makes it on the host).  tf_gpu_free_copy
 * frees such a copy and returns 1; given host memory, it returns 0. */
double *tf_gpu_conj_copy(const double *v, int n, int inc);
int tf_gpu_free_copy(double *copy);

/* Conjugates the n complex elements of v (stride |inc|, the first only when
 * inc = 0) in place where v is device memory and returns 1; returns 0, v
 * untouched, otherwise (the caller does it on the host). */
int tf_gpu_conj_in_place(double *v, int n, int inc);

/* The Level 1 and 2 ops that the GPU computes in DD only where their
 * arrays are in device or managed memory (gpu/level12.c; on host arrays
 * they stay with the CPU, which computes them sooner than a transfer
 * takes): the d and z ops of the CPU's DD kernels, except double GEMV in
 * full storage and double AXPY (below), complex AXPY with incy = 0, and
 * rotations with a zero increment (sequential by definition); and the
 * MOVE ops, which the CPU BLAS computes on host arrays. */
static inline int tf_gpu_device_only(const struct tf_op *op)
{
	if (op->type == TF_TYPE_S) /* dsdot, sdsdot: on host copies (gpu/run.c) */
		return op->kind == TF_OP_DOT;
	switch (op->kind) {
	case TF_OP_DOT: case TF_OP_NRM2: case TF_OP_ASUM:
	case TF_OP_SYMV: case TF_OP_TRMV: case TF_OP_TRSV:
	case TF_OP_GER: case TF_OP_SYR: case TF_OP_SYR2:
		return 1;
	case TF_OP_GEMV: return op->type == TF_TYPE_Z || op->storage != TF_STORAGE_FULL;
	case TF_OP_AXPY: return op->type == TF_TYPE_Z && op->incy != 0;
	case TF_OP_SCAL: return op->type == TF_TYPE_Z;
	case TF_OP_MOVE: return 1; /* gpu/move.c */
	case TF_OP_ROT: case TF_OP_ROTM: return op->incx != 0 && op->incy != 0;
	default: return 0;
	}
}

/* Whether the GPU backend computes ops of this kind, type and storage
 * (tf_gpu_op_memory and tf_gpu_run take no others): double GEMM, GEMV and
 * AXPY, full storage, on any arrays; the ops of tf_gpu_device_only on
 * device arrays. */
static inline int tf_gpu_computes(const struct tf_op *op)
{
	return (op->type == TF_TYPE_D && op->storage == TF_STORAGE_FULL &&
		(op->kind == TF_OP_GEMM || op->kind == TF_OP_GEMV || op->kind == TF_OP_AXPY)) ||
	       tf_gpu_device_only(op);
}

/* Runs the op (one the CPU's DD kernels or the CPU BLAS take) on host
 * copies of its arrays, which may be in device memory, and copies its
 * outputs back: run computes it there.  Returns -1 (nothing done) without
 * CUDA.  For the device-memory ops (Level 1, 2 and 3) that the GPU
 * leaves: values that are not finite in DD (the CPU's rule,
 * cpu/dd_output.h), or that may have lost accuracy to double's range
 * (src/gpu/mirror.c). */
int tf_gpu_mirror_run(const struct tf_op *op, void (*run)(const struct tf_op *op));

/* The GPU's modelled rates for the planner: GEMM in flop/s in the given
 * arithmetic, host to device transfers in bytes/s; 0 when there is no
 * usable GPU.  Whether FP64 runs at 1/16 of FP32 or less (fast mode). */
double tf_gpu_gemm_flops(enum tf_gpu_arith arith);
double tf_gpu_link_bytes(void);
int tf_gpu_fp64_is_weak(void);

/* Runs the op on the GPU (memory: tf_gpu_op_memory's answer for it); what
 * it could not do goes to `undone`.  Returns 0, or -1 when the GPU could not
 * be used at all (nothing was changed, nothing was passed to `undone`,
 * nothing was reported: no usable GPU). */
int tf_gpu_run(const struct tf_op *op, enum tf_gpu_arith arith, struct tf_gpu_memory memory,
	       tf_gpu_undone *undone, void *context);

/* The split product engine (gpu/split.c): runs the product, its arrays in
 * any memory.  Parts it does not compute (a tile whose operands hold Inf or
 * NaN; after a CUDA failure, reported, the tiles not yet done) are passed
 * to `undone` afterwards, the GPU released, their C as it was.  Returns 0,
 * or -1 when the GPU or cuBLAS could not be used, or failed before anything
 * was written: nothing was changed, nothing passed to `undone`. */
typedef void tf_product_undone(const struct tf_product *part, void *context);
int tf_gpu_split(const struct tf_product *p, const struct tf_split_options *options,
		 struct tf_split_report *report, tf_product_undone *undone, void *context);

/* Where the product's arrays are (as tf_gpu_op_memory). */
struct tf_gpu_memory tf_gpu_product_memory(const struct tf_product *p);

/* The split engine's modelled rate in flop/s for a product of `moduli`
 * moduli; 0 when there is no usable GPU with INT8 tensor cores. */
double tf_gpu_split_flops(int moduli);

#endif
