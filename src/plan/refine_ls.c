#include "config.h"

/* dgels_ in dd mode: least squares and minimum-norm solutions refined on
 * the augmented system (Bjorck, "Iterative refinement of linear least
 * squares solutions I", BIT 7, 1967).  Every case is one system with a tall
 * matrix T (P x Q, P = max(m, n) >= Q = min(m, n)):
 *     [ I   T ] [s]   [u]
 *     [ T^T 0 ] [t] = [v]
 * T = A when m >= n, A^T when m < n.  Least squares (min ||b - M x||, M =
 * op(A) of more rows than columns; M = T): s = r the residual, t = x, u =
 * b, v = 0.  Minimum norm (M x = b, M of fewer rows; M^T = T): s = x, t = z
 * (x = -T z), u = 0, v = b.  Each step forms f = u - s - T t and
 * g = v - T^T s from the original A and b in extra precision
 * (cpu/dd_kernels.h), with s and t kept in DD, and solves for the
 * corrections with dgels_'s factors T = Qt [R; 0] (Qt = Q of dgeqrf_, or
 * Q^T of dgelqf_ with R = L^T):
 *     h = R^-T g,  [d1; d2] = Qt^T f,  dt = R^-1 (d1 - h),  ds = Qt [h; d2].
 * A step shrinks the error by about cond(A) u, not cond(A)^2 u as the
 * normal equations would.
 *
 * The fallback: where a right-hand side has not converged (condition
 * beyond about 1e14), T is factored again in DD, T = Q [R; 0] by
 * Householder reflectors (cpu/dd_kernels.h's tf_cpu_dd_geqrf), and the
 * same loop refines that right-hand side again from zero with the same
 * corrections' formula, every operation of the solve in DD with the DD Q
 * and R; a step then shrinks the error by about cond(A) u^2. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/message.h"
#include "cpu/dd_kernels.h"
#include "plan/lapack_plan.h"
#include "plan/refine.h"
#include "twofold/arith_dd.h"

/* A least-squares problem and dgels_'s factors. */
struct factored_ls {
	int m, n;             /* A's */
	int tall, wide;       /* P and Q */
	int lq;               /* m < n: dgelqf_'s factors, T = A^T */
	const double *a;      /* the original A, leading dimension m */
	const double *factor; /* the factors, as dgels_ left them */
	int ldf;
	const double *tau;    /* Q's reflectors' scalars */
	/* The fallback's factors, T = Q [R; 0] computed in DD
	 * (cpu/dd_kernels.h's tf_cpu_dd_geqrf), when set: the corrections are
	 * solved with them instead, from residuals rounded to DD, and added
	 * whole. */
	const tf_dd *dd_qr, *dd_tau;
};
/* dgels_ leaves work(1) the workspace size, over the first reflector's
 * scalar; a real reflector I - tau v v^T with v(1) = 1 is orthogonal only
 * for tau = 2 / (v^T v) (or tau = 0, when v is e1: dlarfg's H = I), so the
 * scalar is that, from v as the factors store it: column 1 below the
 * diagonal for QR, row 1 right of it for LQ.  It may differ from dlarfg's
 * in its last bit, which the corrections do not notice. */
static double first_tau(const struct factored_ls *s)
{
	tf_dd sum = tf_dd_make(0.0, 0.0);
	for (int i = 1; i < s->tall; i++) {
		double v = s->lq ? s->factor[(size_t)i * s->ldf] : s->factor[i];
		sum = tf_dd_add(sum, tf_two_prod(v, v));
	}
	if (tf_dd_to_double(sum) == 0.0)
		return 0.0;
	return tf_dd_to_double(tf_dd_div(tf_dd_make(2.0, 0.0), tf_dd_add_d(sum, 1.0)));
}

/* c = Qt c (trans 'N') or Qt^T c ('T'), c tall x nrhs. */
static void apply_qt(const struct factored_ls *s, char trans, int nrhs, double *c)
{
	/* Qt is dgelqf_'s Q^T: the other way round */
	char q_trans = s->lq ? (trans == 'N' ? 'T' : 'N') : trans;
	tf_plan_apply_q(s->lq, q_trans, s->tall, nrhs, s->wide, s->factor, s->ldf, s->tau, c,
			s->tall);
}

/* c = R^-1 c (trans 'N') or R^-T c ('T'), c wide x nrhs, R = L^T for LQ. */
static void solve_r(const struct factored_ls *s, char trans, int nrhs, double *c, int ldc)
{
	if (s->lq)
		tf_plan_dtrtrs('L', trans == 'N' ? 'T' : 'N', s->wide, nrhs, s->factor, s->ldf, c, ldc);
	else
		tf_plan_dtrtrs('U', trans, s->wide, nrhs, s->factor, s->ldf, c, ldc);
}

/* f = u - s - T t (tall) and g = v - T^T s (wide) of one column; rounded
 * to DD (f + f_lo, g + g_lo) when f_lo and g_lo are set. */
static void residuals(const struct factored_ls *s, const double *u, const double *v,
		      const double *s_hi, const double *s_lo, const double *t_hi,
		      const double *t_lo, double *f, double *f_lo, double *g, double *g_lo)
{
	tf_plan_residual_rectangular(s->lq ? 'T' : 'N', s->m, s->n, s->a, s->m, t_hi, t_lo, u, s_hi,
				     s_lo, f, f_lo);
	tf_plan_residual_rectangular(s->lq ? 'N' : 'T', s->m, s->n, s->a, s->m, s_hi, s_lo, v, NULL,
				     NULL, g, g_lo);
}

/* The corrections from the residuals with dgels_'s factors, every column
 * at once: f (tall x nrhs) becomes ds, g (wide x nrhs) dt. */
static void corrections_in_double(const struct factored_ls *s, int nrhs, double *f, double *g)
{
	const int tall = s->tall, wide = s->wide;
	solve_r(s, 'T', nrhs, g, wide);  /* h */
	apply_qt(s, 'T', nrhs, f);       /* [d1; d2] */
	for (int c = 0; c < nrhs; c++)   /* d1 - h, and f = [h; d2] */
		for (int i = 0; i < wide; i++) {
			double h = g[(size_t)c * wide + i], *d1 = &f[(size_t)c * tall + i];
			g[(size_t)c * wide + i] = *d1 - h;
			*d1 = h;
		}
	solve_r(s, 'N', nrhs, g, wide);  /* dt */
	apply_qt(s, 'N', nrhs, f);       /* ds */
}

/* The same with the DD factors, in DD: the residuals f + f_lo and g + g_lo
 * of the active columns become the corrections. */
static void corrections_in_dd(const struct factored_ls *s, int nrhs, const struct tf_refine_column *columns,
			      double *f, double *f_lo, double *g, double *g_lo)
{
	const int tall = s->tall, wide = s->wide;
	tf_dd *x = malloc(((size_t)tall + wide) * sizeof *x), *y = x + tall;
	if (!x)
		tf_fatal("out of memory for the refinement of a %d x %d least-squares problem", s->m,
			 s->n);
	for (int c = 0; c < nrhs; c++) {
		if (!columns[c].active)
			continue;
		double *fc = f + (size_t)c * tall, *fc_lo = f_lo + (size_t)c * tall;
		double *gc = g + (size_t)c * wide, *gc_lo = g_lo + (size_t)c * wide;
		for (int i = 0; i < tall; i++)
			x[i] = tf_dd_make(fc[i], fc_lo[i]);
		for (int i = 0; i < wide; i++)
			y[i] = tf_dd_make(gc[i], gc_lo[i]);
		tf_cpu_dd_qr_trsv('T', tall, wide, s->dd_qr, y);           /* h */
		tf_cpu_dd_ormqr('T', tall, wide, s->dd_qr, s->dd_tau, x);  /* [d1; d2] */
		for (int i = 0; i < wide; i++) {                           /* d1 - h; [h; d2] */
			tf_dd h = y[i];
			y[i] = tf_dd_add(x[i], tf_dd_make(-h.hi, -h.lo));
			x[i] = h;
		}
		tf_cpu_dd_qr_trsv('N', tall, wide, s->dd_qr, y);           /* dt */
		tf_cpu_dd_ormqr('N', tall, wide, s->dd_qr, s->dd_tau, x);  /* ds */
		for (int i = 0; i < tall; i++)
			fc[i] = x[i].hi, fc_lo[i] = x[i].lo;
		for (int i = 0; i < wide; i++)
			gc[i] = y[i].hi, gc_lo[i] = y[i].lo;
	}
	free(x);
}

/* x_hi + x_lo += d (d + d_lo when d_lo is set; count elements); the
 * largest |d_i|, |x_i| and |d_i| / |x_i|. */
static void add(int count, const double *d, const double *d_lo, double *x_hi, double *x_lo,
		double *largest_d, double *largest_x, double *componentwise)
{
	*largest_d = *largest_x = *componentwise = 0.0;
	for (int i = 0; i < count; i++) {
		tf_dd x = d_lo ? tf_dd_add(tf_dd_make(x_hi[i], x_lo[i]), tf_dd_make(d[i], d_lo[i]))
			       : tf_dd_add_d(tf_dd_make(x_hi[i], x_lo[i]), d[i]);
		x_hi[i] = x.hi;
		x_lo[i] = x.lo;
		*largest_d = fmax(*largest_d, fabs(d[i]));
		*largest_x = fmax(*largest_x, fabs(x.hi));
		if (d[i] != 0.0)
			*componentwise = fmax(*componentwise,
					      x.hi != 0.0 ? fabs(d[i]) / fabs(x.hi) : INFINITY);
	}
}

/* The convergence tests of refine.c on the solution's correction, but the
 * no-progress test from the third correction on: the other unknown starts
 * in double (r rounded, z from the double factors), and its error can make
 * the second correction of the solution as large as the first at condition
 * 1e14 and more, with the third far smaller. */
static void judge(struct tf_refine_column *c, double largest_d, double largest_x, double componentwise)
{
	double normwise = largest_d == 0.0 ? 0.0 : largest_x > 0.0 ? largest_d / largest_x : INFINITY;
	c->steps++;
	if (componentwise <= TF_REFINE_CONVERGED)
		c->active = 0;
	else if (c->steps > 2 && normwise > TF_REFINE_NO_PROGRESS * c->normwise)
		c->active = 0;
	c->normwise = normwise;
	c->componentwise = componentwise;
}

/* The unknowns of the augmented system, nrhs columns, and the work. */
struct augmented {
	int nrhs;
	int least_squares;        /* else minimum norm */
	const double *b0;         /* the original B, rows_b x nrhs */
	int rows_b;
	double *s_hi, *s_lo;      /* tall x nrhs */
	double *t_hi, *t_lo;      /* wide x nrhs */
	double *f, *f_lo, *g, *g_lo; /* the residuals, then the corrections */
};

/* Refines the active columns of u with s's factors (the DD ones when set)
 * until each converges or stops making progress. */
static void iterate(const struct factored_ls *s, struct augmented *u, struct tf_refine_column *columns)
{
	const int tall = s->tall, wide = s->wide, nrhs = u->nrhs, in_dd = s->dd_qr != NULL;
	for (int step = 0; step < TF_REFINE_MAX_STEPS; step++) {
		int active = 0;
		for (int c = 0; c < nrhs; c++) {
			double *fc = u->f + (size_t)c * tall, *gc = u->g + (size_t)c * wide;
			double *fc_lo = u->f_lo + (size_t)c * tall, *gc_lo = u->g_lo + (size_t)c * wide;
			if (!columns[c].active) {
				memset(fc, 0, (size_t)tall * sizeof *fc);
				memset(gc, 0, (size_t)wide * sizeof *gc);
				continue;
			}
			active++;
			const double *bc = u->b0 + (size_t)c * u->rows_b;
			residuals(s, u->least_squares ? bc : NULL, u->least_squares ? NULL : bc,
				  u->s_hi + (size_t)c * tall, u->s_lo + (size_t)c * tall,
				  u->t_hi + (size_t)c * wide, u->t_lo + (size_t)c * wide, fc,
				  in_dd ? fc_lo : NULL, gc, in_dd ? gc_lo : NULL);
		}
		if (!active)
			break;
		if (in_dd)
			corrections_in_dd(s, nrhs, columns, u->f, u->f_lo, u->g, u->g_lo);
		else
			corrections_in_double(s, nrhs, u->f, u->g);
		for (int c = 0; c < nrhs; c++) {
			if (!columns[c].active)
				continue;
			double d[2][3]; /* largest |d_i|, |x_i|, |d_i| / |x_i| of s, of t */
			add(tall, u->f + (size_t)c * tall, in_dd ? u->f_lo + (size_t)c * tall : NULL,
			    u->s_hi + (size_t)c * tall, u->s_lo + (size_t)c * tall, &d[0][0], &d[0][1],
			    &d[0][2]);
			add(wide, u->g + (size_t)c * wide, in_dd ? u->g_lo + (size_t)c * wide : NULL,
			    u->t_hi + (size_t)c * wide, u->t_lo + (size_t)c * wide, &d[1][0], &d[1][1],
			    &d[1][2]);
			const double *dx = d[u->least_squares];
			judge(&columns[c], dx[0], dx[1], dx[2]);
		}
	}
}

/* The fallback: T factored in DD (on the CPU), and the columns that have
 * not converged solved again with those factors, from zero (what dgels_'s
 * factors left is at best about cond(A) u from the solution), and refined
 * with the residuals rounded to DD and the corrections solved in DD, added
 * whole (rounded to double, a correction would leave an error of u of
 * itself along T's largest singular vectors, whose residual would drown
 * the rest: refine.c).  Each step shrinks the error by about cond(A) u^2.
 * u is written only when the factorization succeeds. */
static void refine_in_dd(struct factored_ls *s, struct augmented *u, struct tf_refine_column *columns,
			 struct tf_refine_report *report)
{
	const int tall = s->tall, wide = s->wide;
	tf_dd *qr = malloc((size_t)tall * wide * sizeof *qr + 1);
	tf_dd *tau = malloc((size_t)wide * sizeof *tau + 1);
	if (!qr || !tau) { /* 16 P Q bytes: the solution stays as it is */
		tf_message("no memory for a QR factorization in DD of a %d x %d matrix: not "
			   "factored in DD", tall, wide);
		free(tau);
		free(qr);
		return;
	}
	report->dd_factored = 1;
	report->dd_info = tf_cpu_dd_geqrf(s->lq ? 'T' : 'N', tall, wide, s->a, s->m, qr, tau);
	if (report->dd_info == 0) {
		for (int c = 0; c < u->nrhs; c++) {
			if (tf_refine_converged(&columns[c]))
				continue;
			memset(u->s_hi + (size_t)c * tall, 0, (size_t)tall * sizeof *u->s_hi);
			memset(u->s_lo + (size_t)c * tall, 0, (size_t)tall * sizeof *u->s_lo);
			memset(u->t_hi + (size_t)c * wide, 0, (size_t)wide * sizeof *u->t_hi);
			memset(u->t_lo + (size_t)c * wide, 0, (size_t)wide * sizeof *u->t_lo);
			columns[c] = (struct tf_refine_column){ .active = 1 };
		}
		s->dd_qr = qr, s->dd_tau = tau;
		iterate(s, u, columns);
		s->dd_qr = s->dd_tau = NULL;
		tf_refine_summarize(columns, u->nrhs, &report->dd_steps, report);
	}
	free(tau);
	free(qr);
}

int tf_plan_dgels_refined(char trans, int m, int n, int nrhs, double *a, int lda, double *b,
			  int ldb, double *work, int lwork, struct tf_refine_report *report)
{
	const int tall = m > n ? m : n, wide = m < n ? m : n;
	/* least squares (else minimum norm): op(A) has more rows than columns */
	const int least_squares = (trans == 'N') == (m >= n);
	const int rows_b = trans == 'N' ? m : n; /* B's rows on entry: tall for least squares */
	double *a0 = malloc(((size_t)m * n + (size_t)rows_b * nrhs) * sizeof *a0 + 1);
	if (!a0)
		tf_fatal("out of memory for a copy of a %d x %d least-squares problem", m, n);
	double *b0 = a0 + (size_t)m * n;
	for (int j = 0; j < n; j++)
		memcpy(a0 + (size_t)j * m, a + (size_t)j * lda, (size_t)m * sizeof *a0);
	for (int c = 0; c < nrhs; c++)
		memcpy(b0 + (size_t)c * rows_b, b + (size_t)c * ldb, (size_t)rows_b * sizeof *b0);
	int info = tf_plan_lapack_dgels(1, trans, m, n, nrhs, a, lda, b, ldb, work, lwork);
	*report = (struct tf_refine_report){ .steps = 0, .converged = 1, .error = 0.0 };
	if (info < 0) {
		free(a0);
		return info;
	}
	/* INFO > 0: an exact zero on R's (L's) diagonal of the QR (LQ) in
	 * double, where dgels_ stops without a solution; T may still have full
	 * rank, which the QR in DD finds, and then gives the solution (with
	 * INFO, A and work(1) dgels_'s) */
	const int singular = info > 0;
	/* s and t (hi, lo), f and g (hi, lo), the reflectors' scalars */
	const size_t s_size = (size_t)tall * nrhs, t_size = (size_t)wide * nrhs;
	double *s_hi = calloc(4 * (s_size + t_size) + wide, sizeof *s_hi);
	struct tf_refine_column *columns = calloc((size_t)nrhs, sizeof *columns);
	if (!s_hi || !columns)
		tf_fatal("out of memory for the refinement of a %d x %d least-squares problem", m, n);
	struct augmented u = { .nrhs = nrhs, .least_squares = least_squares, .b0 = b0,
			       .rows_b = rows_b, .s_hi = s_hi };
	u.s_lo = s_hi + s_size, u.f = u.s_lo + s_size, u.f_lo = u.f + s_size;
	u.t_hi = u.f_lo + s_size, u.t_lo = u.t_hi + t_size, u.g = u.t_lo + t_size;
	u.g_lo = u.g + t_size;
	double *tau = u.g_lo + t_size, *t_hi = u.t_hi, *f = u.f;
	struct factored_ls s = { m, n, tall, wide, m < n, a0, a, lda, tau, NULL, NULL };
	memcpy(tau, work, (size_t)wide * sizeof *tau);
	tau[0] = first_tau(&s);
	/* The first solution, and the other unknown from it: for least
	 * squares r = b - A x (the residual's rounded sum), for minimum norm
	 * z = -R^-1 (Qt^T x)(1:wide), so that the first correction measures
	 * the solution's error and not the other's absence. */
	double *x_hi = least_squares ? t_hi : s_hi;
	const int x_rows = least_squares ? wide : tall;
	for (int c = 0; c < nrhs && singular; c++)
		columns[c] = (struct tf_refine_column){ .active = 1, .componentwise = INFINITY };
	for (int c = 0; c < nrhs && !singular; c++) {
		memcpy(x_hi + (size_t)c * x_rows, b + (size_t)c * ldb, (size_t)x_rows * sizeof *x_hi);
		columns[c].active = 1;
		if (least_squares)
			tf_plan_residual_rectangular(s.lq ? 'T' : 'N', m, n, a0, m,
						     t_hi + (size_t)c * wide, u.t_lo + (size_t)c * wide,
						     b0 + (size_t)c * rows_b, NULL, NULL,
						     s_hi + (size_t)c * tall, NULL);
	}
	if (!least_squares && !singular) {
		memcpy(f, s_hi, s_size * sizeof *f);
		apply_qt(&s, 'T', nrhs, f);
		for (int c = 0; c < nrhs; c++)
			for (int i = 0; i < wide; i++)
				t_hi[(size_t)c * wide + i] = -f[(size_t)c * tall + i];
		solve_r(&s, 'N', nrhs, t_hi, wide);
	}
	if (!singular) {
		iterate(&s, &u, columns);
		tf_refine_summarize(columns, nrhs, &report->steps, report);
	} else
		report->converged = 0;
	if (!report->converged)
		refine_in_dd(&s, &u, columns, report);
	if (singular && (!report->dd_factored || report->dd_info != 0)) {
		/* singular in DD too (or no memory): B as dgels_ left it */
		free(columns);
		free(s_hi);
		free(a0);
		return info;
	}
	/* The solution, rounded once (x_hi of the normalized DD); for least
	 * squares, rows wide + 1 to tall of Qt^T r for the refined r, as dgels_
	 * leaves Qt^T b there: their sum of squares is ||r||^2. */
	if (least_squares)
		apply_qt(&s, 'T', nrhs, s_hi);
	for (int c = 0; c < nrhs; c++) {
		double *bc = b + (size_t)c * ldb;
		memcpy(bc, x_hi + (size_t)c * x_rows, (size_t)x_rows * sizeof *bc);
		if (least_squares)
			memcpy(bc + wide, s_hi + (size_t)c * tall + wide,
			       (size_t)(tall - wide) * sizeof *bc);
	}
	free(columns);
	free(s_hi);
	free(a0);
	return info;
}
