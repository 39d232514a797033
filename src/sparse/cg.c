#include "config.h"

/* Preconditioned conjugate gradients (Hestenes and Stiefel; Saad,
 * "Iterative methods for sparse linear systems", Algorithm 9.1), over the
 * engine: one SpMV fused with p.Ap, the fused update of x and r with r.r,
 * the preconditioner and r.z, and p = z + beta p per iteration. */
#include "sparse/krylov.h"
#include "twofold/arith_dd.h"

#define TRY(call)                   \
	do {                        \
		if ((call) != 0)    \
			return -1;  \
	} while (0)

int tf_krylov_cg(struct tf_krylov_run *run)
{
	struct tf_krylov_engine *e = run->engine;
	void *s = e->self;
	const tf_dd one = { 1.0, 0.0 }, zero = { 0.0, 0.0 };
	tf_dd rr, rz, pq;
	TRY(e->residual(s));
	TRY(e->dot(s, TF_KV_R, TF_KV_R, &rr));
	int z = run->preconditioned ? TF_KV_Z : TF_KV_R;
	if (run->preconditioned) {
		TRY(e->precond(s, TF_KV_Z, TF_KV_R));
		TRY(e->dot(s, TF_KV_R, TF_KV_Z, &rz));
	} else {
		rz = rr;
	}
	if (tf_krylov_step_done(run, 0, rr))
		return 0;
	TRY(e->axpby(s, TF_KV_P, one, z, zero));
	for (int k = 1;; k++) {
		TRY(e->spmv_dot(s, TF_KV_Q, TF_KV_P, &pq));
		if (tf_krylov_vanishes(pq) || pq.hi < 0) {
			/* p.Ap <= 0: A (or the preconditioner) is not positive definite */
			run->status = TF_SOLVE_BREAKDOWN;
			run->breakdown = "p.Ap";
			run->iterations = run->done + k - 1;
			return 0;
		}
		tf_dd alpha = tf_krylov_div(run->precision, rz, pq);
		TRY(e->cg_update(s, alpha, &rr));
		if (tf_krylov_step_done(run, k, rr))
			return 0;
		tf_dd rz_next = rr;
		if (run->preconditioned) {
			TRY(e->precond(s, TF_KV_Z, TF_KV_R));
			TRY(e->dot(s, TF_KV_R, TF_KV_Z, &rz_next));
			if (tf_krylov_vanishes(rz_next)) {
				run->status = TF_SOLVE_BREAKDOWN;
				run->breakdown = "r.z";
				return 0;
			}
		}
		tf_dd beta = tf_krylov_div(run->precision, rz_next, rz);
		rz = rz_next;
		TRY(e->axpby(s, TF_KV_P, one, z, beta));
	}
}
