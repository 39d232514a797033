#include "config.h"

/* The QR factorization in DD of dgels_'s fallback (cpu/dd_kernels.h): the
 * tall matrix T = Q [R; 0] by Householder reflectors, every operation in
 * DD, so that Q and R are those of the stored T to about u^2 relative: a
 * correction of the augmented system solved with them gains about
 * -log10(cond(T) u^2) digits a step, where dgels_'s factors in double gain
 * nothing beyond cond 1/u.
 *
 * Unblocked, column by column as LAPACK's dgeqr2: reflector k is formed from
 * column k (its 2-norm from a sum of squares scaled by a power of 2, exact,
 * so that no square overflows or underflows), then applied to the trailing
 * columns, each one's dot product and update down contiguous DD columns of
 * the p x q array (leading dimension p), the columns shared among the CPU
 * threads (each column's operations the same whatever the threads: the
 * same bits).  The DD multiply-add (some 20 operations) makes the loops
 * compute-bound, so blocking for the cache would gain little; they are
 * compiled twice, the second time for AVX2 and FMA (cpu/typed_formats.h). */
#include <math.h>
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "core/threads.h"
#include "cpu/typed_formats.h"
#include "twofold/arith_dd.h"

/* x[0] + sum v[i] x[i], i in [1, count): v's first element is the implied 1. */
typedef tf_dd dot_fn(int count, const tf_dd *v, const tf_dd *x);
/* x[0] -= w, x[i] -= w v[i], i in [1, count) */
typedef void update_fn(int count, const tf_dd *v, tf_dd w, tf_dd *x);

/* The sloppy addition's error, 4u^2 of its operands, is the rounding error
 * of the standard model that the backward stability of Householder QR rests
 * on (as for LU, cpu/dd_factor.c). */
#define DEFINE_REFLECTOR_LOOPS(DOT, UPDATE, TARGET)                                   \
	TARGET static tf_dd DOT(int count, const tf_dd *v, const tf_dd *x)             \
	{                                                                              \
		tf_dd sum = x[0];                                                      \
		for (int i = 1; i < count; i++)                                        \
			sum = tf_dd_add_sloppy(sum, tf_dd_mul(v[i], x[i]));            \
		return sum;                                                            \
	}                                                                              \
	TARGET static void UPDATE(int count, const tf_dd *v, tf_dd w, tf_dd *x)        \
	{                                                                              \
		const tf_dd minus_w = tf_dd_make(-w.hi, -w.lo);                        \
		x[0] = tf_dd_add_sloppy(x[0], minus_w);                                \
		for (int i = 1; i < count; i++)                                        \
			x[i] = tf_dd_add_sloppy(x[i], tf_dd_mul(v[i], minus_w));       \
	}
DEFINE_REFLECTOR_LOOPS(dot_plain, update_plain, )
DEFINE_REFLECTOR_LOOPS(dot_fma, update_fma, TF_CPU_FMA_TARGET)

/* x = H x = (I - tau v v^T) x for the reflector v (v[0] = 1 implied) of
 * count elements. */
static inline void reflect(int count, const tf_dd *v, tf_dd tau, tf_dd *x, dot_fn *dot,
			   update_fn *update)
{
	if (tau.hi == 0.0)
		return;
	tf_dd w = tf_dd_mul(tau, dot(count, v, x));
	if (w.hi != 0.0)
		update(count, v, w, x);
}

/* One step's reflection of the trailing columns j = k+1 .. q-1. */
struct trailing {
	tf_dd *qr;
	int p, q, k, tasks;
	tf_dd tau;
	dot_fn *dot;
	update_fn *update;
};

static void trailing_task(void *context, int task)
{
	const struct trailing *t = context;
	const size_t ld = (size_t)t->p;
	const int k = t->k;
	for (int j = k + 1 + task; j < t->q; j += t->tasks)
		reflect(t->p - k, t->qr + k * ld + k, t->tau, t->qr + j * ld + k, t->dot, t->update);
}

/* Reflector k from column k of qr (rows k .. p-1): R(k, k) = beta on the
 * diagonal, v below it, its scalar tau, as LAPACK's dlarfg: beta =
 * -sign(alpha) ||x||, v = x(k+1:) / (alpha - beta), tau = (beta - alpha) /
 * beta; tau = 0 (H = I) where x(k+1:) = 0. */
static tf_dd reflector(int count, tf_dd *x)
{
	double largest = 0.0;
	for (int i = 0; i < count; i++)
		largest = fmax(largest, fabs(x[i].hi));
	if (largest == 0.0)
		return tf_dd_make(0.0, 0.0);
	int exponent;
	frexp(largest, &exponent); /* largest / 2^exponent in [1/2, 1) */
	tf_dd below = tf_dd_make(0.0, 0.0);
	for (int i = 1; i < count; i++) {
		tf_dd scaled = tf_dd_ldexp(x[i], -exponent);
		below = tf_dd_add(below, tf_dd_mul(scaled, scaled));
	}
	if (below.hi == 0.0)
		return tf_dd_make(0.0, 0.0);
	const tf_dd alpha = x[0], alpha_scaled = tf_dd_ldexp(alpha, -exponent);
	tf_dd norm = tf_dd_ldexp(tf_dd_sqrt(tf_dd_add(below, tf_dd_mul(alpha_scaled, alpha_scaled))),
				 exponent);
	const tf_dd beta = alpha.hi >= 0.0 ? tf_dd_make(-norm.hi, -norm.lo) : norm;
	const tf_dd minus_alpha = tf_dd_make(-alpha.hi, -alpha.lo);
	const tf_dd scale = tf_dd_add(alpha, tf_dd_make(-beta.hi, -beta.lo)); /* alpha - beta */
	for (int i = 1; i < count; i++)
		x[i] = tf_dd_div(x[i], scale);
	x[0] = beta;
	return tf_dd_div(tf_dd_add(beta, minus_alpha), beta);
}

int tf_cpu_dd_geqrf(char trans, int p, int q, const double *a, int lda, tf_dd *qr, tf_dd *tau)
{
	const size_t ld = (size_t)p;
	for (int j = 0; j < q; j++)
		for (int i = 0; i < p; i++)
			qr[j * ld + i] = tf_dd_make(trans == 'N' ? a[(size_t)j * lda + i]
							 : a[(size_t)i * lda + j], 0.0);
	const int fma_loops = tf_cpu_fma_loops(), threads = tf_cpu_threads();
	for (int k = 0; k < q; k++) {
		tf_dd *column = qr + k * ld + k;
		tau[k] = reflector(p - k, column);
		if (column[0].hi == 0.0) /* R(k, k) = 0: T of rank below q */
			return k + 1;
		const int columns = q - k - 1;
		struct trailing t = { .qr = qr, .p = p, .q = q, .k = k, .tau = tau[k],
				      .dot = fma_loops ? dot_fma : dot_plain,
				      .update = fma_loops ? update_fma : update_plain };
		t.tasks = (long)columns * (p - k) < 64 * 64 ? 1 : threads < columns ? threads : columns;
		if (t.tasks > 1)
			tf_parallel_for(t.tasks, trailing_task, &t);
		else if (columns > 0)
			trailing_task(&t, 0);
	}
	return 0;
}

void tf_cpu_dd_ormqr(char trans, int p, int q, const tf_dd *qr, const tf_dd *tau, tf_dd *x)
{
	const size_t ld = (size_t)p;
	/* Q = H(0) H(1) ... H(q-1): Q^T x applies H(0) first, Q x H(q-1) */
	for (int s = 0; s < q; s++) {
		const int k = trans == 'T' ? s : q - 1 - s;
		reflect(p - k, qr + k * ld + k, tau[k], x + k, dot_plain, update_plain);
	}
}

void tf_cpu_dd_qr_trsv(char trans, int p, int q, const tf_dd *qr, tf_dd *x)
{
	const size_t ld = (size_t)p;
	if (trans == 'N') /* R x = y, by columns */
		for (int k = q - 1; k >= 0; k--) {
			x[k] = tf_dd_div(x[k], qr[k * ld + k]);
			const tf_dd minus = tf_dd_make(-x[k].hi, -x[k].lo);
			for (int i = 0; i < k && minus.hi != 0.0; i++)
				x[i] = tf_dd_add(x[i], tf_dd_mul(qr[k * ld + i], minus));
		}
	else /* R^T x = y: column k of R against x above k */
		for (int k = 0; k < q; k++) {
			tf_dd sum = x[k];
			for (int i = 0; i < k; i++)
				sum = tf_dd_add(sum, tf_dd_mul(qr[k * ld + i], tf_dd_make(-x[i].hi, -x[i].lo)));
			x[k] = tf_dd_div(sum, qr[k * ld + k]);
		}
}
