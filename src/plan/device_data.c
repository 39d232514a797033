#include "config.h"

#include "gpu/gpu.h"
#include "plan/device_data.h"

int tf_plan_gpu_usable(void)
{
	return tf_gpu_usable();
}

const double *tf_plan_host_readable(const double *p, double *copy, size_t count)
{
	return tf_gpu_host_readable(p, copy, count);
}

double *tf_plan_conj_copy(const double *v, int n, int inc)
{
	return tf_gpu_conj_copy(v, n, inc);
}

int tf_plan_conj_in_place(double *v, int n, int inc)
{
	return tf_gpu_conj_in_place(v, n, inc);
}

int tf_plan_free_copy(double *copy)
{
	return tf_gpu_free_copy(copy);
}
