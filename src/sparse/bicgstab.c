#include "config.h"

/* BiCGStab (van der Vorst 1992) with right preconditioning (Saad,
 * Algorithm 7.7 with M^-1 applied to p and s), over the engine.  The
 * breakdowns it names: "rho" (r0.r = 0), "r0.v" (r0.A p^ = 0), "omega"
 * (t.s = 0 with s not yet small: the iterate is updated first). */
#include "sparse/krylov.h"
#include "twofold/arith_dd.h"

#define TRY(call)                   \
	do {                        \
		if ((call) != 0)    \
			return -1;  \
	} while (0)

static int broke_down(struct tf_krylov_run *run, const char *quantity)
{
	run->status = TF_SOLVE_BREAKDOWN;
	run->breakdown = quantity;
	return 0;
}

int tf_krylov_bicgstab(struct tf_krylov_run *run)
{
	struct tf_krylov_engine *e = run->engine;
	void *s = e->self;
	enum tf_krylov_precision precision = run->precision;
	const tf_dd one = { 1.0, 0.0 }, zero = { 0.0, 0.0 };
	tf_dd rho, rr;
	TRY(e->residual(s));
	TRY(e->axpby(s, TF_KV_R0, one, TF_KV_R, zero));
	TRY(e->dot(s, TF_KV_R, TF_KV_R, &rr));
	rho = rr;
	if (tf_krylov_step_done(run, 0, rr))
		return 0;
	TRY(e->axpby(s, TF_KV_P, one, TF_KV_R, zero));
	for (int k = 1;; k++) {
		tf_dd r0v, ss, ts, tt;
		if (tf_krylov_vanishes(rho))
			return broke_down(run, "rho");
		/* v = A M^-1 p, held in Q */
		TRY(e->precond(s, TF_KV_PHAT, TF_KV_P));
		TRY(e->spmv(s, TF_KV_Q, TF_KV_PHAT));
		TRY(e->dot(s, TF_KV_R0, TF_KV_Q, &r0v));
		if (tf_krylov_vanishes(r0v))
			return broke_down(run, "r0.v");
		tf_dd alpha = tf_krylov_div(precision, rho, r0v);
		/* s = r - alpha v */
		TRY(e->axpby(s, TF_KV_S, one, TF_KV_R, zero));
		TRY(e->axpby(s, TF_KV_S, tf_krylov_neg(alpha), TF_KV_Q, one));
		TRY(e->dot(s, TF_KV_S, TF_KV_S, &ss));
		if (tf_krylov_relative(run, ss) <= run->tol) {
			/* s is small: x + alpha p^ is the solution */
			TRY(e->axpby(s, TF_KV_X, alpha, TF_KV_PHAT, one));
			TRY(e->axpby(s, TF_KV_R, one, TF_KV_S, zero));
			tf_krylov_step_done(run, k, ss);
			return 0;
		}
		/* t = A M^-1 s, omega = t.s / t.t */
		TRY(e->precond(s, TF_KV_SHAT, TF_KV_S));
		TRY(e->spmv(s, TF_KV_T, TF_KV_SHAT));
		TRY(e->dot(s, TF_KV_T, TF_KV_S, &ts));
		TRY(e->dot(s, TF_KV_T, TF_KV_T, &tt));
		if (tf_krylov_vanishes(tt)) {
			TRY(e->axpby(s, TF_KV_X, alpha, TF_KV_PHAT, one));
			run->iterations = run->done + k;
			return broke_down(run, "omega");
		}
		tf_dd omega = tf_krylov_div(precision, ts, tt);
		/* x += alpha p^ + omega s^; r = s - omega t */
		TRY(e->axpby(s, TF_KV_X, alpha, TF_KV_PHAT, one));
		if (tf_krylov_vanishes(omega)) {
			run->iterations = run->done + k;
			return broke_down(run, "omega");
		}
		TRY(e->axpby(s, TF_KV_X, omega, TF_KV_SHAT, one));
		TRY(e->axpby(s, TF_KV_R, one, TF_KV_S, zero));
		TRY(e->axpby(s, TF_KV_R, tf_krylov_neg(omega), TF_KV_T, one));
		TRY(e->dot(s, TF_KV_R, TF_KV_R, &rr));
		if (tf_krylov_step_done(run, k, rr))
			return 0;
		tf_dd rho_next;
		TRY(e->dot(s, TF_KV_R0, TF_KV_R, &rho_next));
		tf_dd beta = tf_krylov_mul(precision, tf_krylov_div(precision, rho_next, rho),
					   tf_krylov_div(precision, alpha, omega));
		rho = rho_next;
		/* p = r + beta (p - omega v) */
		TRY(e->axpby(s, TF_KV_P, tf_krylov_neg(omega), TF_KV_Q, one));
		TRY(e->axpby(s, TF_KV_P, one, TF_KV_R, beta));
	}
}
