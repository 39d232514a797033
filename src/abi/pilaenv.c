#include "config.h"

/* pilaenv_: the panel width of ScaLAPACK's PBLAS.
 *
 * PBLAS adds a distributed product up panel by panel: each process calls
 * its local dgemm_ once per panel, with an inner dimension of PILAENV's
 * answer, whatever the block size of the matrices (PB_CpgemmAB and its
 * kin).  ScaLAPACK's own PILAENV answers 32 and says that it is meant to
 * be tuned for the local BLAS.  For twofold on a GPU that is the wrong
 * size: a dgemm_ of inner dimension 32 on host arrays moves its block of C
 * to the GPU and back for 64 operations per element, so the cost model
 * keeps it on the CPU (docs/PERFORMANCE.md, "ScaLAPACK over libtwofold
 * under MPI").  So libtwofold, preloaded or linked ahead of ScaLAPACK,
 * answers TWOFOLD_PBLAS_PANEL where it is set, and otherwise hands the
 * question to the next PILAENV in lookup order (ScaLAPACK's, or a site's
 * tuned one), else answers ScaLAPACK's 32: unset, nothing changes. */
#include <dlfcn.h>
#include <pthread.h>
#include "core/environment.h"
#include "core/export.h"

/* ScaLAPACK's own answer (PBLAS/SRC/pilaenv.f), where no other is found. */
#define SCALAPACK_PANEL 32

typedef int pilaenv_function(const int *ictxt, const char *prec);

TF_EXPORT int pilaenv_(const int *ictxt, const char *prec);

static pilaenv_function *next_pilaenv;
static pthread_once_t next_once = PTHREAD_ONCE_INIT;

static void find_next(void)
{
	void *found = dlsym(RTLD_NEXT, "pilaenv_");
	if (found != (void *)pilaenv_)
		next_pilaenv = (pilaenv_function *)found;
}

/* PILAENV(ICTXT, PREC): PBLAS calls it from C with the two pointers only
 * (a Fortran caller's hidden length of PREC is not read). */
TF_EXPORT int pilaenv_(const int *ictxt, const char *prec)
{
	const int panel = tf_config()->pblas_panel;
	if (panel > 0)
		return panel;
	pthread_once(&next_once, find_next);
	return next_pilaenv ? next_pilaenv(ictxt, prec) : SCALAPACK_PANEL;
}
