#include "config.h"

#include <pthread.h>
#include "core/environment.h"
#include "core/message.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"

static const struct tf_dd_loops *selected;
static pthread_once_t select_once = PTHREAD_ONCE_INIT;

#if defined(TF_CPU_X86_64)
static int has_avx512(void)
{
	return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
	       __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("fma");
}

static int has_avx2(void)
{
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
#else
#define tf_dd_loops_avx512 tf_dd_loops_generic
#define tf_dd_loops_avx2 tf_dd_loops_generic
static int has_avx512(void) { return 0; }
static int has_avx2(void) { return 0; }
#endif

static void select_loops(void)
{
#if defined(TF_CPU_X86_64)
	__builtin_cpu_init();
#endif
	const struct tf_dd_loops *best = has_avx512() ? &tf_dd_loops_avx512
				       : has_avx2()   ? &tf_dd_loops_avx2
						      : &tf_dd_loops_generic;
	selected = best;
	switch (tf_config()->cpu_kernel) {
	case TF_CPU_KERNEL_AUTO:
		break;
	case TF_CPU_KERNEL_GENERIC:
		selected = &tf_dd_loops_generic;
		break;
	case TF_CPU_KERNEL_AVX2:
		if (has_avx2())
			selected = &tf_dd_loops_avx2;
		else
			tf_message("TWOFOLD_CPU_KERNEL=avx2: this processor has no AVX2 and FMA; using %s",
				   best->name);
		break;
	case TF_CPU_KERNEL_AVX512:
		if (has_avx512())
			selected = &tf_dd_loops_avx512;
		else
			tf_message("TWOFOLD_CPU_KERNEL=avx512: this processor has no AVX-512; using %s",
				   best->name);
		break;
	}
}

const struct tf_dd_loops *tf_dd_loops_ready;

const struct tf_dd_loops *tf_dd_loops_first(void)
{
	pthread_once(&select_once, select_loops);
	__atomic_store_n(&tf_dd_loops_ready, selected, __ATOMIC_RELEASE);
	return selected;
}

int tf_cpu_fma_loops(void)
{
	return tf_dd_loops() != &tf_dd_loops_generic;
}

/* The kernels of the chosen instruction set (dd_isa.h). */
int tf_cpu_dd_run(const struct tf_op *op)
{
	return tf_dd_loops()->run(op);
}
