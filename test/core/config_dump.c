/* Prints the configuration twofold reads from the environment, one
 * "field value" line each, with the parser's messages on stderr: built from
 * core's sources (the library exports none of this), for
 * test/core/environment.sh. */
#include "config.h"

#include <stdio.h>
#include "core/environment.h"

int main(void)
{
	const struct tf_config *config = tf_config();
	printf("mode %s\n", tf_mode_name(config->mode));
	printf("log %d\n", config->log);
	printf("cpu_blas [%s]\n", config->cpu_blas);
	printf("cpu_blas_default_absent %d\n", config->cpu_blas_default_absent);
	printf("num_threads %d\n", config->num_threads);
	printf("omp_num_threads %d\n", config->omp_num_threads);
	printf("cpu_kernel %d\n", (int)config->cpu_kernel);
	printf("device %d\n", config->device);
	printf("devices ");
	for (int i = 0; i < config->device_count; i++)
		printf("%s%d", i ? "," : "", config->devices[i]);
	printf("%s\n", config->device_all ? "all" : config->device_count ? "" : "unset");
	printf("devices_min_flops %.15g\n", config->devices_min_flops);
	printf("gpu_min_flops %.15g\n", config->gpu_min_flops);
	printf("gpu_memory %.15g\n", config->gpu_memory);
	printf("gpu_fault [%s]\n", config->gpu_fault);
	printf("split %d\n", (int)config->split);
	printf("split_max_moduli %d\n", config->split_max_moduli);
	return 0;
}
