/* The Krylov iterations, written once over a backend's engine
 * (op/sparse_op.h): the same CG and BiCGStab run on the CPU and the GPU, in
 * double and in DD. */
#ifndef TF_SPARSE_KRYLOV_H
#define TF_SPARSE_KRYLOV_H

#include "op/sparse_op.h"
#include "twofold/sparse.h"

struct tf_krylov_run {
	/* in */
	enum tf_krylov_precision precision;
	struct tf_krylov_engine *engine;
	int preconditioned;
	double tol;
	int maxit;
	tf_solve_monitor *monitor;
	void *monitor_context;
	int done;             /* iterations of earlier starts (counted on) */
	/* out */
	tf_solve_status status;
	int iterations;       /* of all starts */
	double residual;      /* recursive, relative */
	double b_norm;
	const char *breakdown; /* the quantity that vanished, or "" */
};

/* Each runs the iteration from the engine's X to a status; returns 0, or -1
 * when an engine operation failed (the run is then void). */
int tf_krylov_cg(struct tf_krylov_run *run);
int tf_krylov_bicgstab(struct tf_krylov_run *run);

/* Scalars in the working precision: double (the result's lo is 0) or DD. */
tf_dd tf_krylov_div(enum tf_krylov_precision precision, tf_dd a, tf_dd b);
tf_dd tf_krylov_mul(enum tf_krylov_precision precision, tf_dd a, tf_dd b);
tf_dd tf_krylov_neg(tf_dd a);

/* Whether a scalar is zero, or not finite: the breakdowns. */
int tf_krylov_vanishes(tf_dd a);

/* ||r|| / ||b|| from r.r. */
double tf_krylov_relative(const struct tf_krylov_run *run, tf_dd rr);

/* Records the residual of iteration k, and whether it meets the tolerance;
 * calls the monitor (k > 0); sets the status when the residual meets the
 * tolerance, the monitor asks to stop or k reaches maxit.  Returns nonzero
 * when the iteration ends there. */
int tf_krylov_step_done(struct tf_krylov_run *run, int k, tf_dd rr);

#endif
