/* The Krylov engine on the CPU (op/sparse_op.h): the solvers' vectors in
 * host memory, double or tf_dd, and their operations on the thread pool.
 *
 * Every operation but the ILU(0) apply works on fixed chunks of CHUNK
 * elements (rows); a dot product sums each chunk in order into its own
 * partial sum and adds the partials in chunk order, so a solve gives the
 * same bits whatever the number of threads.  The triangular solves of the
 * preconditioner run on one thread, in row order.
 *
 * The double engine is the classic solver: products, sums and updates in
 * double.  The DD engine computes every one of them in DD (typed_formats.h,
 * sparse_rows.h); only the matrix and the ILU(0) factors are double. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include "core/message.h"
#include "cpu/sparse.h"
#include "cpu/sparse_rows.h"
#include "core/threads.h"
#include "cpu/typed_formats.h"

#define CHUNK 4096
/* Below this many elements, the chunks run on the calling thread. */
#define PARALLEL_MIN 32768

struct engine {
	struct tf_krylov_setup setup;
	int n, dd, chunks, fma;
	void *v[TF_KV_COUNT];  /* double[n] or tf_dd[n], allocated at first use */
	tf_dd *partial;        /* a dot product's sum per chunk */
};

/* A vector, allocated (zero) at first use; NULL when memory runs out
 * (reported). */
static void *vector(struct engine *e, int id)
{
	if (!e->v[id]) {
		size_t element = e->dd ? sizeof(tf_dd) : sizeof(double);
		e->v[id] = calloc((size_t)(e->n ? e->n : 1), element);
		if (!e->v[id])
			tf_message("out of memory for a solver's vector of %d elements", e->n);
	}
	return e->v[id];
}

/* ------------------------------------------------------------------------
 * The chunked operations: one job, run chunk by chunk.
 * ---------------------------------------------------------------------- */

enum job_kind { SPMV, SPMV_DOT, DOT, AXPBY, CG_UPDATE, RESIDUAL, TRUE_RESIDUAL };

struct job {
	struct engine *e;
	enum job_kind kind;
	void *out, *in;      /* SPMV, SPMV_DOT; DOT's u and v; AXPBY's y and x */
	tf_dd alpha, beta;   /* AXPBY, CG_UPDATE */
	int alpha_zero, beta_zero;
};

/* y = alpha x + beta y in the working precision. */
static inline double axpby_d(double alpha, double x, double beta, double y, const struct job *j)
{
	double r = j->alpha_zero ? 0.0 : alpha * x;
	return j->beta_zero ? r : r + beta * y;
}

static inline tf_dd axpby_dd(tf_dd alpha, tf_dd x, tf_dd beta, tf_dd y, const struct job *j)
{
	tf_dd r = j->alpha_zero ? tf_dd_make(0.0, 0.0) : tf_dd_mul(alpha, x);
	return j->beta_zero ? r : tf_dd_add(r, tf_dd_mul(beta, y));
}

static inline tf_dd dd_neg(tf_dd a)
{
	return tf_dd_make(-a.hi, -a.lo);
}

/* The double engine's chunk [first, last). */
static inline double chunk_d(const struct job *j, int first, int last)
{
	struct engine *e = j->e;
	const struct tf_csr_arrays *a = &e->setup.a->host;
	double *out = j->out;
	const double *in = j->in;
	double sum = 0.0;
	switch (j->kind) {
	case SPMV:
		for (int i = first; i < last; i++)
			out[i] = tf_csr_row_d(a, i, in);
		break;
	case SPMV_DOT:
		for (int i = first; i < last; i++) {
			out[i] = tf_csr_row_d(a, i, in);
			sum = TF_DFMA(in[i], out[i], sum);
		}
		break;
	case DOT:
		for (int i = first; i < last; i++)
			sum = TF_DFMA(out[i], in[i], sum);
		break;
	case AXPBY:
		for (int i = first; i < last; i++)
			out[i] = axpby_d(j->alpha.hi, in[i], j->beta.hi, out[i], j);
		break;
	case CG_UPDATE: {
		double *x = e->v[TF_KV_X], *r = e->v[TF_KV_R];
		const double *p = e->v[TF_KV_P], *q = e->v[TF_KV_Q];
		for (int i = first; i < last; i++) {
			x[i] = TF_DFMA(j->alpha.hi, p[i], x[i]);
			r[i] = TF_DFMA(-j->alpha.hi, q[i], r[i]);
			sum = TF_DFMA(r[i], r[i], sum);
		}
		break;
	}
	case RESIDUAL: {
		const double *b = e->v[TF_KV_B], *x = e->v[TF_KV_X];
		double *r = e->v[TF_KV_R];
		for (int i = first; i < last; i++)
			r[i] = b[i] - tf_csr_row_d(a, i, x);
		break;
	}
	case TRUE_RESIDUAL:
		break; /* in DD for both engines: chunk_dd */
	}
	return sum;
}

/* The DD engine's chunk [first, last); the true residual of both. */
static inline tf_dd chunk_dd(const struct job *j, int first, int last)
{
	struct engine *e = j->e;
	const struct tf_csr_arrays *a = &e->setup.a->host;
	tf_dd *out = j->out;
	const tf_dd *in = j->in;
	tf_dd sum = tf_dd_make(0.0, 0.0);
	switch (j->kind) {
	case SPMV:
		for (int i = first; i < last; i++)
			out[i] = tf_dd_renormalize(tf_csr_row_dd_of_dd(a, i, in));
		break;
	case SPMV_DOT:
		for (int i = first; i < last; i++) {
			out[i] = tf_dd_renormalize(tf_csr_row_dd_of_dd(a, i, in));
			sum = tf_cpu_dd_step(sum, in[i], out[i]);
		}
		break;
	case DOT:
		for (int i = first; i < last; i++)
			sum = tf_cpu_dd_step(sum, out[i], in[i]);
		break;
	case AXPBY:
		for (int i = first; i < last; i++)
			out[i] = axpby_dd(j->alpha, in[i], j->beta, out[i], j);
		break;
	case CG_UPDATE: {
		tf_dd *x = e->v[TF_KV_X], *r = e->v[TF_KV_R];
		const tf_dd *p = e->v[TF_KV_P], *q = e->v[TF_KV_Q];
		tf_dd minus_alpha = dd_neg(j->alpha);
		for (int i = first; i < last; i++) {
			x[i] = tf_dd_add(x[i], tf_dd_mul(j->alpha, p[i]));
			r[i] = tf_dd_add(r[i], tf_dd_mul(minus_alpha, q[i]));
			sum = tf_cpu_dd_step(sum, r[i], r[i]);
		}
		break;
	}
	case RESIDUAL: {
		const tf_dd *b = e->v[TF_KV_B], *x = e->v[TF_KV_X];
		tf_dd *r = e->v[TF_KV_R];
		for (int i = first; i < last; i++)
			r[i] = tf_dd_add(b[i],
					 dd_neg(tf_dd_renormalize(tf_csr_row_dd_of_dd(a, i, x))));
		break;
	}
	case TRUE_RESIDUAL:
		for (int i = first; i < last; i++) {
			tf_dd ax, b;
			if (e->dd) {
				ax = tf_dd_renormalize(tf_csr_row_dd_of_dd(a, i, e->v[TF_KV_X]));
				b = ((const tf_dd *)e->v[TF_KV_B])[i];
			} else {
				ax = tf_dd_renormalize(tf_csr_row_dd_of_d(a, i, e->v[TF_KV_X]));
				b = tf_dd_make(((const double *)e->v[TF_KV_B])[i], 0.0);
			}
			tf_dd r = tf_dd_add(b, dd_neg(ax));
			sum = tf_cpu_dd_step(sum, r, r);
		}
		break;
	}
	return sum;
}

#define DEFINE_CHUNK_TASK(FUNCTION, TARGET)                                        \
	TARGET static void FUNCTION(void *context, int chunk)                      \
	{                                                                          \
		const struct job *j = context;                                     \
		struct engine *e = j->e;                                           \
		int first = chunk * CHUNK;                                         \
		int last = e->n - first < CHUNK ? e->n : first + CHUNK;            \
		if (e->dd || j->kind == TRUE_RESIDUAL)                             \
			e->partial[chunk] = chunk_dd(j, first, last);              \
		else                                                               \
			e->partial[chunk] = tf_dd_make(chunk_d(j, first, last), 0.0); \
	}

DEFINE_CHUNK_TASK(chunk_task, )
DEFINE_CHUNK_TASK(chunk_task_fma, TF_CPU_FMA_TARGET)

/* Runs the job on every chunk; returns the sum of the partials, in chunk
 * order, in the working precision (DD for the true residual). */
static tf_dd run_job(struct job *j)
{
	struct engine *e = j->e;
	void (*task)(void *, int) = e->fma ? chunk_task_fma : chunk_task;
	if (e->n >= PARALLEL_MIN)
		tf_parallel_for(e->chunks, task, j);
	else
		for (int c = 0; c < e->chunks; c++)
			task(j, c);
	if (e->dd || j->kind == TRUE_RESIDUAL) {
		tf_dd sum = tf_dd_make(0.0, 0.0);
		for (int c = 0; c < e->chunks; c++)
			sum = tf_dd_add(sum, e->partial[c]);
		return sum;
	}
	double sum = 0.0;
	for (int c = 0; c < e->chunks; c++)
		sum += e->partial[c].hi;
	return tf_dd_make(sum, 0.0);
}

static int run_on(struct engine *e, enum job_kind kind, int out, int in, tf_dd *result)
{
	struct job j = { .e = e, .kind = kind };
	if (out >= 0 && !(j.out = vector(e, out)))
		return -1;
	if (in >= 0 && !(j.in = vector(e, in)))
		return -1;
	tf_dd sum = run_job(&j);
	if (result)
		*result = sum;
	return 0;
}

/* ------------------------------------------------------------------------
 * The engine's operations.
 * ---------------------------------------------------------------------- */

static int engine_spmv(void *self, int out, int in)
{
	return run_on(self, SPMV, out, in, NULL);
}

static int engine_spmv_dot(void *self, int out, int in, tf_dd *dot)
{
	return run_on(self, SPMV_DOT, out, in, dot);
}

static int engine_dot(void *self, int u, int v, tf_dd *dot)
{
	return run_on(self, DOT, u, v, dot);
}

static int engine_axpby(void *self, int y, tf_dd alpha, int x, tf_dd beta)
{
	struct engine *e = self;
	struct job j = {
		.e = e, .kind = AXPBY, .alpha = alpha, .beta = beta,
		.alpha_zero = alpha.hi == 0.0 && alpha.lo == 0.0,
		.beta_zero = beta.hi == 0.0 && beta.lo == 0.0,
	};
	if (!(j.out = vector(e, y)) || !(j.in = vector(e, x)))
		return -1;
	run_job(&j);
	return 0;
}

static int engine_cg_update(void *self, tf_dd alpha, tf_dd *rr)
{
	struct engine *e = self;
	if (!vector(e, TF_KV_X) || !vector(e, TF_KV_R) || !vector(e, TF_KV_P) ||
	    !vector(e, TF_KV_Q))
		return -1;
	struct job j = { .e = e, .kind = CG_UPDATE, .alpha = alpha };
	*rr = run_job(&j);
	return 0;
}

static int engine_residual(void *self)
{
	struct engine *e = self;
	if (!vector(e, TF_KV_R))
		return -1;
	return run_on(e, RESIDUAL, -1, -1, NULL);
}

static int engine_true_residual(void *self, tf_dd *norm2)
{
	return run_on(self, TRUE_RESIDUAL, -1, -1, norm2);
}

/* out = U^-1 L^-1 in: forward with L's unit diagonal, then backward with
 * U's diagonal first in each row (op/sparse_op.h), out holding the
 * intermediate vector. */
#define DEFINE_PRECOND(FUNCTION, TARGET)                                                     \
	TARGET static void FUNCTION(const struct tf_ilu0 *ilu, int dd, int n, void *out_v,   \
				    const void *in_v)                                        \
	{                                                                                    \
		const struct tf_csr_arrays *l = &ilu->lower.host, *u = &ilu->upper.host;     \
		if (!dd) {                                                                   \
			double *out = out_v;                                                 \
			const double *in = in_v;                                             \
			for (int i = 0; i < n; i++)                                          \
				out[i] = in[i] - tf_csr_row_d(l, i, out);                    \
			for (int i = n - 1; i >= 0; i--) {                                   \
				int d = u->row_ptr[i];                                       \
				double s = 0.0;                                              \
				for (int k = d + 1; k < u->row_ptr[i + 1]; k++)              \
					s = TF_DFMA(u->values[k], out[u->col_idx[k]], s);    \
				out[i] = (out[i] - s) / u->values[d];                        \
			}                                                                    \
			return;                                                              \
		}                                                                            \
		tf_dd *out = out_v;                                                          \
		const tf_dd *in = in_v;                                                      \
		for (int i = 0; i < n; i++)                                                  \
			out[i] = tf_dd_add(in[i], dd_neg(tf_dd_renormalize(                  \
							  tf_csr_row_dd_of_dd(l, i, out))));          \
		for (int i = n - 1; i >= 0; i--) {                                           \
			int d = u->row_ptr[i];                                               \
			tf_dd s = tf_dd_make(0.0, 0.0);                                      \
			for (int k = d + 1; k < u->row_ptr[i + 1]; k++) {                    \
				s = tf_csr_dd_step(s, u->values[k], out[u->col_idx[k]]);     \
				if ((k - d) % TF_SPARSE_RENORMALIZE == 0)                    \
					s = tf_dd_renormalize(s);                            \
			}                                                                    \
			s = tf_dd_renormalize(s);                                            \
			out[i] = tf_dd_div_d(tf_dd_add(out[i], dd_neg(s)), u->values[d]);   \
		}                                                                            \
	}

DEFINE_PRECOND(precond_rows, )
DEFINE_PRECOND(precond_rows_fma, TF_CPU_FMA_TARGET)

static int engine_precond(void *self, int out, int in)
{
	struct engine *e = self;
	if (!e->setup.ilu) {
		const tf_dd one = { 1.0, 0.0 }, zero = { 0.0, 0.0 };
		return engine_axpby(self, out, one, in, zero);
	}
	void *o = vector(e, out), *i = vector(e, in);
	if (!o || !i)
		return -1;
	(e->fma ? precond_rows_fma : precond_rows)(e->setup.ilu, e->dd, e->n, o, i);
	return 0;
}

static int engine_finish(void *self)
{
	struct engine *e = self;
	if (!vector(e, TF_KV_X))
		return -1;
	memcpy(e->setup.x, e->v[TF_KV_X], (size_t)e->n * (e->dd ? sizeof(tf_dd) : sizeof(double)));
	return 0;
}

static void engine_destroy(void *self)
{
	struct engine *e = self;
	for (int v = 0; v < TF_KV_COUNT; v++)
		free(e->v[v]);
	free(e->partial);
	free(e);
}

int tf_cpu_krylov_engine(const struct tf_krylov_setup *setup, struct tf_krylov_engine *engine)
{
	struct engine *e = calloc(1, sizeof *e);
	if (!e) {
		tf_message("out of memory for a solver on the CPU");
		return -1;
	}
	e->setup = *setup;
	e->n = setup->n;
	e->dd = setup->precision == TF_KRYLOV_DD;
	e->chunks = (setup->n + CHUNK - 1) / CHUNK;
	e->fma = tf_cpu_fma_loops();
	e->partial = malloc((size_t)(e->chunks ? e->chunks : 1) * sizeof *e->partial);
	size_t bytes = (size_t)e->n * (e->dd ? sizeof(tf_dd) : sizeof(double));
	if (!e->partial)
		tf_message("out of memory for a solver on the CPU");
	if (!e->partial || !vector(e, TF_KV_X) || !vector(e, TF_KV_B)) {
		engine_destroy(e);
		return -1;
	}
	memcpy(e->v[TF_KV_X], setup->x, bytes);
	memcpy(e->v[TF_KV_B], setup->b, bytes);
	*engine = (struct tf_krylov_engine){
		.self = e,
		.spmv = engine_spmv,
		.spmv_dot = engine_spmv_dot,
		.dot = engine_dot,
		.axpby = engine_axpby,
		.cg_update = engine_cg_update,
		.precond = engine_precond,
		.residual = engine_residual,
		.true_residual = engine_true_residual,
		.finish = engine_finish,
		.destroy = engine_destroy,
	};
	return 0;
}
