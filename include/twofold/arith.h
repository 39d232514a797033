/* twofold/arith.h: what every two-term arithmetic header shares.
 *
 * The headers arith_*.h are compiled as host C (C11, gcc or clang) and as CUDA
 * device code from the same source.  Every elementary operation goes through
 * the TF_D* and TF_F* macros below: on the device they are the explicitly
 * rounded intrinsics, which nvcc never contracts into FMAs; on the host they
 * are plain operators and fma(), and the code must be compiled with
 * -ffp-contract=off (and never -ffast-math).  The error-free transformations
 * are wrong, silently, if a compiler contracts or reassociates them. */
#ifndef TWOFOLD_ARITH_H
#define TWOFOLD_ARITH_H

#include <float.h>
#include <math.h>
#include <stdint.h>

#include "twofold/types.h"

#if defined(__FAST_MATH__)
#error "twofold's two-term arithmetic cannot be compiled with -ffast-math"
#endif
#if !defined(__CUDA_ARCH__) && defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD != 0
#error "twofold's two-term arithmetic needs FLT_EVAL_METHOD == 0 (SSE2, not x87)"
#endif

/* One definition for host and device: inlined everywhere. */
#if defined(__CUDACC__)
#define TF_ARITH static __host__ __device__ __forceinline__
#else
#define TF_ARITH static inline
#endif

#if defined(__CUDA_ARCH__)
#define TF_DADD(a, b) __dadd_rn((a), (b))
#define TF_DSUB(a, b) __dsub_rn((a), (b))
#define TF_DMUL(a, b) __dmul_rn((a), (b))
#define TF_DFMA(a, b, c) __fma_rn((a), (b), (c))
#define TF_FADD(a, b) __fadd_rn((a), (b))
#define TF_FSUB(a, b) __fsub_rn((a), (b))
#define TF_FMUL(a, b) __fmul_rn((a), (b))
#define TF_FFMA(a, b, c) __fmaf_rn((a), (b), (c))
#else
/* Where the processor has FMA, a product is written as fma(a, b, -0): the
 * same bits as a * b (signed zeros, overflow and underflow included), and
 * nothing a compiler may fuse with the next addition even when contraction
 * is enabled.  Without FMA instructions nothing can be fused. */
#define TF_DADD(a, b) ((a) + (b))
#define TF_DSUB(a, b) ((a) - (b))
#if defined(__FP_FAST_FMA)
#define TF_DMUL(a, b) fma((a), (b), -0.0)
#else
#define TF_DMUL(a, b) ((a) * (b))
#endif
#define TF_DFMA(a, b, c) fma((a), (b), (c))
#define TF_FADD(a, b) ((a) + (b))
#define TF_FSUB(a, b) ((a) - (b))
#if defined(__FP_FAST_FMAF)
#define TF_FMUL(a, b) fmaf((a), (b), -0.0f)
#else
#define TF_FMUL(a, b) ((a) * (b))
#endif
#define TF_FFMA(a, b, c) fmaf((a), (b), (c))
#endif

/* ldexp and frexp, exactly as the C library's: on the host by the exponent
 * bits where that is exact (the range sums call them for every term), else
 * the library's.  x 2^e for a power 2^e that is a normal double is one
 * correctly rounded multiplication, as ldexp is (overflow and gradual
 * underflow included); frexp of a normal x only rewrites its exponent. */
TF_ARITH double tf_ldexp(double x, int e)
{
#if !defined(__CUDA_ARCH__)
	if (e >= -1022 && e <= 1023) {
		union {
			uint64_t bits;
			double value;
		} power = { (uint64_t)(e + 1023) << 52 };
		return TF_DMUL(x, power.value);
	}
#endif
	return ldexp(x, e);
}

TF_ARITH double tf_frexp(double x, int *e)
{
#if !defined(__CUDA_ARCH__)
	union {
		double value;
		uint64_t bits;
	} u = { x };
	int biased = (int)((u.bits >> 52) & 0x7ff);
	if (biased != 0 && biased != 0x7ff) {
		*e = biased - 1022;
		u.bits = (u.bits & ~((uint64_t)0x7ff << 52)) | ((uint64_t)1022 << 52);
		return u.value;
	}
#endif
	return frexp(x, e);
}

#endif
