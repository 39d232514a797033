/* Configuration: every TWOFOLD_* environment variable, read once. */
#ifndef TF_ENVIRONMENT_H
#define TF_ENVIRONMENT_H

#include <limits.h>
#include <stddef.h>
#include "twofold.h"

/* The CPU kernels' instruction set (TWOFOLD_CPU_KERNEL). */
enum tf_cpu_kernel {
	TF_CPU_KERNEL_AUTO,    /* the best this processor has */
	TF_CPU_KERNEL_GENERIC, /* x86-64 baseline, or whatever the compiler targets */
	TF_CPU_KERNEL_AVX2,    /* AVX2 and FMA */
	TF_CPU_KERNEL_AVX512   /* AVX-512F and FMA */
};

/* The split product engine in dd mode (TWOFOLD_SPLIT). */
enum tf_split {
	TF_SPLIT_AUTO,  /* where the planner finds it faster than the DD kernel */
	TF_SPLIT_OFF,
	TF_SPLIT_FORCE  /* every product it takes (for tests) */
};

/* The most moduli a product may take (TWOFOLD_SPLIT_MAX_MODULI's range). */
#define TF_SPLIT_MAX_MODULI 32

/* The ranges of the numeric variables; a value outside is reported and the
 * default used. */
#define TF_THREADS_MAX 4096               /* TWOFOLD_NUM_THREADS: 1 to this */
#define TF_DEVICE_MAX 1023                /* TWOFOLD_DEVICE: 0 to this */
#define TF_DEVICE_LIST_MAX 16             /* TWOFOLD_DEVICE: at most this many listed */
#define TF_DEVICES_MIN_FLOPS_MAX 1e24     /* TWOFOLD_DEVICES_MIN_FLOPS: 0 to this */
#define TF_GPU_MIN_FLOPS_MAX 1e24         /* TWOFOLD_GPU_MIN_FLOPS: 0 to this */
#define TF_GPU_MEMORY_MIN 1048576.0       /* TWOFOLD_GPU_MEMORY: 1M ... */
#define TF_GPU_MEMORY_MAX 1125899906842624.0 /* ... to 1048576G */
#define TF_PBLAS_PANEL_MAX 1048576        /* TWOFOLD_PBLAS_PANEL: 1 to this */

struct tf_config {
	tf_mode mode;                  /* TWOFOLD_MODE */
	int log;                       /* TWOFOLD_LOG: report at exit */
	char log_file[PATH_MAX];       /* TWOFOLD_LOG_FILE's pattern (core/log_file.h), "" when unset */
	char cpu_blas[PATH_MAX];       /* TWOFOLD_CPU_BLAS, "" when unset */
	char cpu_blas64[PATH_MAX];     /* TWOFOLD_CPU_BLAS64 (ILP64), "" when unset */
	int cpu_blas_default_absent;   /* TWOFOLD_CPU_BLAS_FAULT=default (for tests) */
	char cpu_lapack[PATH_MAX];     /* TWOFOLD_CPU_LAPACK, "" when unset */
	int num_threads;               /* TWOFOLD_NUM_THREADS, 0 when unset */
	int omp_num_threads;           /* OMP_NUM_THREADS's first number, 0 when unset */
	enum tf_cpu_kernel cpu_kernel; /* TWOFOLD_CPU_KERNEL */
	int device;                    /* TWOFOLD_DEVICE's first GPU, -1 when unset or all */
	int devices[TF_DEVICE_LIST_MAX]; /* TWOFOLD_DEVICE's list, repeats kept */
	int device_count;              /* its length; 0 when unset or all */
	int device_all;                /* TWOFOLD_DEVICE=all: every visible GPU */
	double devices_min_flops;      /* TWOFOLD_DEVICES_MIN_FLOPS, -1 when unset */
	double gpu_min_flops;          /* TWOFOLD_GPU_MIN_FLOPS, -1 when unset */
	double gpu_memory;             /* TWOFOLD_GPU_MEMORY in bytes, 0 when unset */
	char gpu_fault[16];            /* TWOFOLD_GPU_FAULT, "" when unset */
	enum tf_split split;           /* TWOFOLD_SPLIT */
	int split_max_moduli;          /* TWOFOLD_SPLIT_MAX_MODULI */
	int pblas_panel;               /* TWOFOLD_PBLAS_PANEL, 0 when unset */
};

/* The configuration, read from the environment at the first call (thread
 * safe).  Problems (an unknown mode, a misspelt variable) are reported once.
 * Every call reads it, several times for a tiny one: once read, it is one
 * load of tf_config_ready (published with release order after the reading,
 * so a thread that sees it sees the whole configuration), not a
 * pthread_once. */
extern const struct tf_config *tf_config_ready __attribute__((visibility("hidden")));
const struct tf_config *tf_config_first(void);

static inline const struct tf_config *tf_config(void)
{
	const struct tf_config *config = __atomic_load_n(&tf_config_ready, __ATOMIC_ACQUIRE);
	return config ? config : tf_config_first();
}

/* Writes one line per variable twofold reads, "NAME=VALUE -> IN EFFECT" (the
 * value as set, echoed as messages echo it, and the value the configuration
 * took from it) or "NAME unset -> DEFAULT", then one per unknown TWOFOLD_*
 * variable; returns what snprintf would (the text is cut to `size`). */
int tf_config_describe(char *text, size_t size);

#endif
