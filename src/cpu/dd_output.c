#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/message.h"
#include "cpu/dd_elements.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_output.h"
#include "cpu/forward.h"

static int width_of(const struct tf_op *op)
{
	return op->type == TF_TYPE_Z ? 2 : 1;
}

static int element_finite(const double *v, int width)
{
	return isfinite(v[0]) && (width == 1 || isfinite(v[1]));
}

static void copy(double *to, const double *from, int width)
{
	to[0] = from[0];
	if (width == 2)
		to[1] = from[1];
}

/* The instruction set's loop (dd_loops.c): this test reads every value
 * a kernel commits. */
static int all_finite(const double *values, size_t count)
{
	return tf_dd_loops()->all_finite(count, values);
}

/* Writes the finite values (all of them when the reference did not run):
 * element i at v + i inc (width doubles each), counted from the far end
 * when inc < 0. */
static void scatter(double *v, int width, int n, int inc, const double *values, int only_finite)
{
	if (inc == 1 && !only_finite) {
		memcpy(v, values, (size_t)n * width * sizeof *v);
		return;
	}
	ptrdiff_t step = (ptrdiff_t)inc * width;
	double *at = inc >= 0 ? v : v - (ptrdiff_t)(n - 1) * step;
	for (int i = 0; i < n; i++, at += step)
		if (!only_finite || element_finite(values + (size_t)i * width, width))
			copy(at, values + (size_t)i * width, width);
}

void tf_cpu_commit_vector(const struct tf_op *op, const double *values, int n)
{
	int width = width_of(op);
	int reference = !all_finite(values, (size_t)n * width);
	if (reference)
		tf_cpu_forward(op);
	scatter(op->y, width, n, op->incy, values, reference);
}

void tf_cpu_commit_vectors(const struct tf_op *op, const double *xvalues, const double *yvalues,
			   int n)
{
	int width = width_of(op);
	int reference = !all_finite(xvalues, (size_t)n * width) ||
			!all_finite(yvalues, (size_t)n * width);
	if (reference)
		tf_cpu_forward(op);
	scatter((double *)op->x, width, n, op->incx, xvalues, reference);
	scatter(op->y, width, n, op->incy, yvalues, reference);
}

/* The rows [*first, *last) of column j that a commit of the uplo triangle
 * (0: every row) writes. */
static void column_rows(char uplo, int rows, int j, int *first, int *last)
{
	*first = uplo == 'L' ? j : 0;
	*last = uplo == 'U' && j + 1 < rows ? j + 1 : rows;
}

/* Whether a value that a commit of the uplo triangle writes is Inf or NaN:
 * a whole matrix without gaps (the Level 3 kernels' buffers) in one call
 * of the loop, not one a column. */
static int matrix_not_finite(const double *values, int rows, int cols, int ld, char uplo,
			     int width)
{
	int first, last;
	if (!uplo && ld == rows)
		return !all_finite(values, (size_t)rows * cols * width);
	for (int j = 0; j < cols; j++) {
		column_rows(uplo, rows, j, &first, &last);
		if (first < last && !all_finite(values + ((size_t)j * ld + first) * width,
						(size_t)(last - first) * width))
			return 1;
	}
	return 0;
}

void tf_cpu_commit_matrix(const struct tf_op *op, const double *values, int rows, int cols,
			  int ld, char uplo)
{
	int width = width_of(op), first, last;
	int reference = matrix_not_finite(values, rows, cols, ld, uplo, width);
	if (reference)
		tf_cpu_forward(op);
	for (int j = 0; j < cols; j++) {
		column_rows(uplo, rows, j, &first, &last);
		if (first >= last)
			continue;
		const double *from = values + ((size_t)j * ld + first) * width;
		double *to = op->c + ((size_t)j * op->ldc + first) * width;
		if (!reference) {
			memcpy(to, from, (size_t)(last - first) * width * sizeof *to);
			continue;
		}
		for (int i = 0; i < last - first; i++)
			if (element_finite(from + (size_t)i * width, width))
				copy(to + (size_t)i * width, from + (size_t)i * width, width);
	}
}

void tf_cpu_commit_packed(const struct tf_op *op, const double *values, int count)
{
	int width = width_of(op);
	int reference = !all_finite(values, (size_t)count * width);
	if (reference)
		tf_cpu_forward(op);
	scatter(op->c, width, count, 1, values, reference);
}

void tf_cpu_commit_result(const struct tf_op *op, const double *value)
{
	/* a complex DOT has a complex result; the norms of complex data a real one */
	int width = op->kind == TF_OP_DOT ? width_of(op) : 1;
	if (!element_finite(value, width)) {
		tf_cpu_forward(op);
		return;
	}
	if (op->blas == TF_R_sdsdot_)
		*(float *)op->result = (float)value[0];
	else
		copy(op->result, value, width);
}

double *tf_cpu_buffer(double *stack, size_t stack_doubles, size_t doubles)
{
	if (doubles <= stack_doubles)
		return stack;
	double *buffer = malloc(doubles * sizeof *buffer);
	if (!buffer)
		tf_fatal("out of memory in the CPU DD kernels (%zu bytes)", doubles * sizeof *buffer);
	return buffer;
}

void tf_cpu_buffer_release(double *buffer, const double *stack)
{
	if (buffer != stack)
		free(buffer);
}
