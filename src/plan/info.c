#include "config.h"

/* twofold-info's view of the library (plan/info.h): each part asks the
 * layer that knows it, so that what is printed is what a call would use. */
#include <stdio.h>
#include <string.h>
#include "core/device_choice.h"
#include "core/environment.h"
#include "core/export.h"
#include "core/stats.h"
#include "cpu/blas_library.h"
#include "gpu/device.h"
#include "op/op.h"
#include "plan/info.h"
#include "plan/plan.h"

#ifndef TF_CUDA_ARCH
#define TF_CUDA_ARCH "none"
#endif
#ifndef TF_FORTRAN_MODULES
#define TF_FORTRAN_MODULES "unknown"
#endif

TF_EXPORT int tf_info_build(char *text, size_t size)
{
#ifdef TF_HAVE_CUDA
	const char *cuda = "yes";
#else
	const char *cuda = "no";
#endif
	return snprintf(text, size,
			"CUDA: %s (compute capabilities built: %s)\n"
			"Fortran modules: %s\n"
			"default CPU BLAS: %s, else libblas.so.3\n"
			"default 64-bit CPU BLAS (ILP64, the _64_ entry points): %s%slibblas64.so.3\n",
			cuda, TF_CUDA_ARCH, TF_FORTRAN_MODULES, TF_DEFAULT_CPU_BLAS,
			TF_DEFAULT_CPU_BLAS64, *TF_DEFAULT_CPU_BLAS64 ? ", else " : "");
}

TF_EXPORT int tf_info_cpu_blas(char *text, size_t size)
{
	tf_cpu_blas_symbol(TF_R_dgemm_); /* loads it */
	return snprintf(text, size, "%s", tf_cpu_blas_description());
}

/* Which GPUs a call would use and why (core/device_choice.h): with none
 * visible, the rule that would apply. */
static int describe_choice(char *text, size_t size)
{
	struct tf_device_choice choice;
	int visible = tf_gpu_visible();
	tf_device_choose(visible, &choice);
	if (!visible)
		return snprintf(text, size, "with GPUs, it would take: %s\n", choice.why);
	char list[128];
	tf_device_list_text(&choice, list, sizeof list);
	return snprintf(text, size, "used: %s %s (%s)\n", choice.count > 1 ? "GPUs" : "GPU", list,
			choice.why);
}

TF_EXPORT int tf_info_gpus(char *text, size_t size)
{
	const char *absence = tf_gpu_absence();
	int used = 0;
#define REST text + (used < (int)size ? used : (int)size), used < (int)size ? size - (size_t)used : 0
	if (absence) {
		used += snprintf(text, size, "%s\n", absence);
		return used + describe_choice(REST);
	}
	/* The description's "; N: " between GPUs becomes a new line. */
	const char *gpus = tf_gpu_describe();
	for (const char *next; (next = strstr(gpus, "; ")) != NULL; gpus = next + 2)
		used += snprintf(REST, "%.*s\n", (int)(next - gpus), gpus);
	used += snprintf(REST, "%s\n", gpus);
	return used + describe_choice(REST);
#undef REST
}

TF_EXPORT int tf_info_environment(char *text, size_t size)
{
	return tf_config_describe(text, size);
}

TF_EXPORT int tf_info_plan_dgemm(int m, int n, int k, char *text, size_t size)
{
	struct tf_op op = {
		.kind = TF_OP_GEMM, .routine = TF_R_dgemm_, .blas = TF_R_dgemm_, .transa = 'N', .transb = 'N',
		.m = m, .n = n, .k = k, .alpha = 1.0, .beta = 0.0,
		.lda = m > 1 ? m : 1, .ldb = k > 1 ? k : 1, .ldc = m > 1 ? m : 1,
	};
	char why[768];
	enum tf_where where = tf_plan_explain(&op, why, sizeof why);
	return snprintf(text, size, "%s: %s\n", tf_where_name(where), why);
}
