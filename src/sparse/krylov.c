#include "config.h"

/* What the iterations share (krylov.h): scalar arithmetic in the working
 * precision, the stopping test. */
#include <math.h>
#include "sparse/krylov.h"
#include "twofold.h"
#include "twofold/arith_dd.h"

tf_dd tf_krylov_div(enum tf_krylov_precision precision, tf_dd a, tf_dd b)
{
	if (precision == TF_KRYLOV_DOUBLE)
		return tf_dd_make(a.hi / b.hi, 0.0);
	return tf_dddiv(a, b);
}

tf_dd tf_krylov_mul(enum tf_krylov_precision precision, tf_dd a, tf_dd b)
{
	if (precision == TF_KRYLOV_DOUBLE)
		return tf_dd_make(a.hi * b.hi, 0.0);
	return tf_dd_mul(a, b);
}

tf_dd tf_krylov_neg(tf_dd a)
{
	return tf_dd_make(-a.hi, -a.lo);
}

int tf_krylov_vanishes(tf_dd a)
{
	return a.hi == 0.0 || !isfinite(a.hi);
}

double tf_krylov_relative(const struct tf_krylov_run *run, tf_dd rr)
{
	return sqrt(rr.hi > 0 ? rr.hi : 0.0) / run->b_norm;
}

int tf_krylov_step_done(struct tf_krylov_run *run, int k, tf_dd rr)
{
	int iteration = run->done + k;
	run->iterations = iteration;
	run->residual = tf_krylov_relative(run, rr);
	if (!isfinite(rr.hi)) {
		run->status = TF_SOLVE_BREAKDOWN;
		run->breakdown = "r.r";
		return 1;
	}
	int stop = k > 0 && run->monitor &&
		   run->monitor(iteration, run->residual, run->monitor_context);
	if (run->residual <= run->tol)
		run->status = TF_SOLVE_CONVERGED;
	else if (stop)
		run->status = TF_SOLVE_STOPPED;
	else if (iteration >= run->maxit)
		run->status = TF_SOLVE_MAX_ITERATIONS;
	else
		return 0;
	return 1;
}
