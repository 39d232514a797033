#include "config.h"

#include <stdlib.h>
#include "abi/cblas_conj.h"
#include "core/message.h"

double *tf_cblas_conj_copy(const double *x, int n, int inc, double *stack, size_t stack_doubles)
{
	size_t doubles = 2 * (size_t)n;
	double *copy = stack;
	if (doubles > stack_doubles) {
		copy = malloc(doubles * sizeof *copy);
		if (!copy)
			tf_fatal("out of memory for a conjugated vector (%zu bytes)", doubles * sizeof *copy);
	}
	for (int i = 0; i < n; i++) {
		ptrdiff_t at = inc > 0 ? (ptrdiff_t)i * inc : inc < 0 ? (ptrdiff_t)(n - 1 - i) * -inc : 0;
		copy[2 * i] = x[2 * at];
		copy[2 * i + 1] = -x[2 * at + 1];
	}
	return copy;
}

void tf_cblas_conj_release(double *copy, const double *stack)
{
	if (copy != stack)
		free(copy);
}

void tf_cblas_conj_vector(double *v, int n, int inc)
{
	size_t stride = inc > 0 ? (size_t)inc : (size_t)-(ptrdiff_t)inc;
	if (inc == 0)
		n = n > 0 ? 1 : 0;
	for (int i = 0; i < n; i++)
		v[2 * i * stride + 1] = -v[2 * i * stride + 1];
}
