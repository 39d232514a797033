#include "config.h"

#include <stdio.h>
#include "core/device_choice.h"
#include "core/launcher.h"

void tf_device_choose(int visible, struct tf_device_choice *choice)
{
	const struct tf_config *config = tf_config();
	const struct tf_launcher *launcher = tf_launcher();
	choice->count = 0;
	if (config->device_all) {
		choice->count = visible < TF_DEVICE_LIST_MAX ? visible : TF_DEVICE_LIST_MAX;
		for (int d = 0; d < choice->count; d++)
			choice->devices[d] = d;
		snprintf(choice->why, sizeof choice->why, "TWOFOLD_DEVICE=all: every visible GPU (%d%s)",
			 visible, visible > TF_DEVICE_LIST_MAX ? ", the first 16 taken" : "");
	} else if (config->device_count > 0) {
		/* as listed, a number beyond the visible GPUs included: the GPU
		 * layer reports it */
		choice->count = visible > 0 ? config->device_count : 0;
		for (int d = 0; d < config->device_count; d++)
			choice->devices[d] = config->devices[d];
		snprintf(choice->why, sizeof choice->why, "TWOFOLD_DEVICE");
	} else if (launcher->local_rank >= 0) {
		choice->count = visible > 0;
		choice->devices[0] = visible > 0 ? launcher->local_rank % visible : 0;
		if (visible > 0)
			snprintf(choice->why, sizeof choice->why,
				 "local rank %d from %s, modulo %d visible GPU%s", launcher->local_rank,
				 launcher->local_variable, visible, visible == 1 ? "" : "s");
		else
			snprintf(choice->why, sizeof choice->why,
				 "local rank %d from %s, modulo the visible GPUs", launcher->local_rank,
				 launcher->local_variable);
	} else {
		choice->count = visible > 0;
		choice->devices[0] = 0;
		snprintf(choice->why, sizeof choice->why,
			 "the default: TWOFOLD_DEVICE unset and no launcher's local rank");
	}
}

void tf_device_list_text(const struct tf_device_choice *choice, char *text, size_t size)
{
	size_t used = 0;
	text[0] = '\0';
	for (int d = 0; d < choice->count && used < size; d++)
		used += (size_t)snprintf(text + used, size - used, "%s%d", d ? "," : "",
					 choice->devices[d]);
}
