#include "config.h"

#include <limits.h>
#include <pthread.h>
#include "core/env_value.h"
#include "core/launcher.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const char *const rank_variables[] = {
	"OMPI_COMM_WORLD_RANK", "MV2_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK",
	"PALS_RANKID", "SLURM_PROCID",
};

static const char *const local_rank_variables[] = {
	"OMPI_COMM_WORLD_LOCAL_RANK", "MV2_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID",
	"PMI_LOCAL_RANK", "PALS_LOCAL_RANKID", "SLURM_LOCALID",
};

static struct tf_launcher launcher = { -1, -1, NULL, NULL };
static pthread_once_t launcher_once = PTHREAD_ONCE_INIT;

/* The first of `names` set to a whole number (a launcher's, never a user's
 * typing: one that is not is passed over, not reported). */
static int first_number(const char *const *names, size_t count, const char **found)
{
	for (size_t i = 0; i < count; i++) {
		struct tf_env_value value;
		long number;
		if (tf_env_get(names[i], &value) && tf_env_integer(value, 0, INT_MAX, &number)) {
			*found = names[i];
			return (int)number;
		}
	}
	return -1;
}

static void read_launcher(void)
{
	launcher.rank = first_number(rank_variables, COUNT(rank_variables), &launcher.rank_variable);
	launcher.local_rank = first_number(local_rank_variables, COUNT(local_rank_variables),
					   &launcher.local_variable);
}

const struct tf_launcher *tf_launcher(void)
{
	pthread_once(&launcher_once, read_launcher);
	return &launcher;
}
