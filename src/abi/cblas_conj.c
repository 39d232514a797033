#include "config.h"

#include <stdlib.h>
#include "abi/cblas_conj.h"
#include "core/message.h"
#include "plan/device_data.h"

double *tf_cblas_conj_copy(const double *x, int n, int inc, double *stack, size_t stack_doubles)
{
	size_t doubles = 2 * (size_t)n;
	double *copy = tf_plan_conj_copy(x, n, inc); /* in device memory when x is */
	if (copy)
		return copy;
	copy = stack;
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
	if (copy != stack && !tf_plan_free_copy(copy))
		free(copy);
}

void tf_cblas_conj_vector(double *v, int n, int inc)
{
	if (tf_plan_conj_in_place(v, n, inc))
		return;
	size_t stride = inc > 0 ? (size_t)inc : (size_t)-(ptrdiff_t)inc;
	if (inc == 0)
		n = n > 0 ? 1 : 0;
	for (int i = 0; i < n; i++)
		v[2 * i * stride + 1] = -v[2 * i * stride + 1];
}
