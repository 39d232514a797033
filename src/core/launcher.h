/* The process's place in a parallel job, read from its launcher's
 * environment: twofold links no MPI library, and a rank must know which GPU
 * to take and how to label its messages before any MPI call is made (or
 * where none is: a program started by srun without MPI). */
#ifndef TF_LAUNCHER_H
#define TF_LAUNCHER_H

struct tf_launcher {
	int rank;        /* the process's rank in the job, -1 when not launched as one */
	int local_rank;  /* its rank among the job's processes on this node, -1 when unknown */
	const char *rank_variable;  /* the variable rank came from, NULL when none */
	const char *local_variable; /* the variable local_rank came from, NULL when none */
};

/* Read once, at the first call (thread safe).  The first variable set to a
 * whole number of each list is taken: Open MPI's (OMPI_COMM_WORLD_RANK,
 * OMPI_COMM_WORLD_LOCAL_RANK), MVAPICH's (MV2_COMM_WORLD_*), PMIx's
 * (PMIX_RANK), MPICH Hydra's and PMI's (PMI_RANK, MPI_LOCALRANKID,
 * PMI_LOCAL_RANK), Cray PALS's (PALS_RANKID, PALS_LOCAL_RANKID), then
 * Slurm's (SLURM_PROCID, SLURM_LOCALID): an MPI launcher's own variables
 * before those of the batch system it may run under. */
const struct tf_launcher *tf_launcher(void);

#endif
