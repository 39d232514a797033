/* Which GPUs a process uses, by one rule for the library and for
 * twofold-info: TWOFOLD_DEVICE's list, or every visible GPU for "all";
 * unset, the launcher's local rank modulo the visible GPUs for a process of
 * a parallel job (one rank per GPU on a node without any setting), else
 * GPU 0. */
#ifndef TF_DEVICE_CHOICE_H
#define TF_DEVICE_CHOICE_H

#include <stddef.h>
#include "core/environment.h"

struct tf_device_choice {
	int count;                        /* GPUs listed, 0 when none can be */
	int devices[TF_DEVICE_LIST_MAX];  /* CUDA device numbers, repeats kept */
	char why[192];                    /* "local rank 3 from OMPI_COMM_WORLD_LOCAL_RANK, ..." */
};

/* The choice among `visible` GPUs; with none visible (0), count is 0 and
 * why still says the rule that would apply. */
void tf_device_choose(int visible, struct tf_device_choice *choice);

/* "0", "0,1,3": the list as TWOFOLD_DEVICE writes it. */
void tf_device_list_text(const struct tf_device_choice *choice, char *text, size_t size);

#endif
