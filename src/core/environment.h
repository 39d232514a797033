/* Configuration: every TWOFOLD_* environment variable, read once. */
#ifndef TF_ENVIRONMENT_H
#define TF_ENVIRONMENT_H

#include <limits.h>
#include "twofold.h"

struct tf_config {
	tf_mode mode;              /* TWOFOLD_MODE */
	int log;                   /* TWOFOLD_LOG: report at exit */
	char cpu_blas[PATH_MAX];   /* TWOFOLD_CPU_BLAS, "" when unset */
};

/* The configuration, read from the environment at the first call (thread
 * safe).  Problems (an unknown mode, a misspelt variable) are reported once. */
const struct tf_config *tf_config(void);

#endif
