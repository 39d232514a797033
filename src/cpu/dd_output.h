/* How a CPU DD kernel writes its results: the one rule for Inf and NaN.
 *
 * A kernel rounds its DD results into a buffer of its own and commits them.
 * When every value is finite, the commit copies them into the op's output.
 * Otherwise the op is first computed by the CPU BLAS, on the output as the
 * caller gave it (still untouched), and then every element whose DD value
 * is finite is overwritten by it: an element that is Inf or NaN in DD is
 * the reference's (so non-finite data propagate exactly as the reference
 * propagates them), and one that is finite in DD keeps its DD value, also
 * where the reference overflowed in an intermediate.  A complex element is
 * finite when both its parts are.  Commits run on the caller's thread, after
 * the kernel's parallel part. */
#ifndef TF_CPU_DD_OUTPUT_H
#define TF_CPU_DD_OUTPUT_H

#include "op/op.h"

/* The op's vector y (n elements, incy; for ROT and ROTM also x, incx, from
 * xvalues): values holds them contiguous, element i at i * width. */
void tf_cpu_commit_vector(const struct tf_op *op, const double *values, int n);
void tf_cpu_commit_vectors(const struct tf_op *op, const double *xvalues, const double *yvalues,
			   int n);

/* The op's matrix c (ldc): values holds its rows x cols elements column by
 * column, with leading dimension ld (in elements).  uplo 'U' or 'L' commits
 * that triangle only (the rest of values is not read), 0 all of it. */
void tf_cpu_commit_matrix(const struct tf_op *op, const double *values, int rows, int cols,
			  int ld, char uplo);

/* The op's packed triangle c: count elements, contiguous. */
void tf_cpu_commit_packed(const struct tf_op *op, const double *values, int count);

/* The op's scalar result (DOT, NRM2, ASUM): one value, two for a complex
 * DOT; stored as the routine returns it (sdsdot: a float). */
void tf_cpu_commit_result(const struct tf_op *op, const double *value);

/* A buffer for a kernel's values: the caller's stack space when it is
 * large enough, else memory from malloc (the program ends with a message
 * when there is none).  Release with tf_cpu_buffer_release. */
double *tf_cpu_buffer(double *stack, size_t stack_doubles, size_t doubles);
void tf_cpu_buffer_release(double *buffer, const double *stack);

#endif
