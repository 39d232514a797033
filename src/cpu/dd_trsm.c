/* B = alpha op(A)^-1 B (side L) or alpha B op(A)^-1 (side R) in DD on the
 * CPU: dtrsm and ztrsm.
 *
 * Both sides are one problem, M X = alpha R with M lower triangular of
 * order p and q right-hand sides R: side L solves op(A) against the
 * columns of B; side R solves op(A)^T against the rows of B (X op(A) = B
 * is op(A)^T X^T = B^T).  An upper M is made lower by numbering its rows
 * and columns from the end.  M is packed once, negated, by blocks of KB
 * columns: the diagonal block (column major) and the rows below it in
 * panels of the loops' mr rows, zero padded (the layout of gemm_tile).
 *
 * The right-hand sides are independent: tasks of NB of them run on the
 * thread pool.  A task keeps its X in DD (hi and lo words, real and
 * imaginary parts apart), starting from alpha R with each product exact,
 * and for each diagonal block divides by the diagonal and substitutes
 * within the block (column_update_dd), then updates the rows below by the
 * panel (gemm_tile_dd: A in double, X in DD, every product exact).  A
 * complex update is four real ones.  Every element of X receives its
 * updates in the same order whatever the thread count, the task it falls
 * in and the instruction set (the loops' lanes and tiles change only which
 * elements run side by side), so the bits are the same for all of them.
 * X is rounded once at the end and committed by the rule of dd_output.h.
 *
 * Range: a right-hand side whose solution says that the substitution may
 * have left double's range (alpha R or the products overflowing, or
 * numerators below DD's reach: a few comparisons per element where it is
 * rounded, against bounds from the diagonal's extreme exponents) is solved again with an exponent apart
 * from every value (dd_range_solve.h), one thread, and its values
 * replaced. */
#include "config.h"
#include "cpu/dd_isa.h" /* first: the names of this instruction set's copy */

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cpu/dd_elements.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_output.h"
#include "cpu/dd_range_solve.h"
#include "core/threads.h"

#define KB 64 /* columns of M per block */
#define NB 16 /* right-hand sides per task (a multiple of every loops' nr) */
/* Below this many multiply-adds (p^2 q / 2), one thread does it all. */
#define PARALLEL_MIN 262144
/* Doubles of the stack buffers, so that small calls do not allocate. */
#define STACK_PACKED 2048
#define STACK_VALUES 1024
#define STACK_X 4096
#define STACK_RANGE 1024 /* bytes of the right-hand sides' range flags */

struct trsm_job {
	const struct tf_op *op;
	const struct tf_dd_loops *loops;
	int width;      /* doubles per element: 1 (d) or 2 (z) */
	int p, q;       /* order of M, right-hand sides */
	int transposed; /* M(r, c) is A(c, r) (else A(r, c)) */
	int conj;       /* M is conjugated */
	int reversed;   /* M is op(A) (or op(A)^T) numbered from the end */
	int unit;       /* unit diagonal: not read */
	int ldx;        /* rows of a task's X: p rounded up to mr */
	const double *packed;
	double *values; /* the rounded result in B's layout, leading dimension m */
	/* the range test of each rounded unknown (its numerator x_i M(i,i)
	 * judged with the diagonal's extreme exponents): nonzero below low,
	 * above high, not finite, or zero where a diagonal is tiny */
	double range_low, range_high;
	int tiny_diagonal;
	unsigned char *suspect; /* per right-hand side: its solution may have
				 * lost accuracy to the range */
};

/* Row or column r of the effective M, in the op's numbering. */
static int original(const struct trsm_job *job, int r)
{
	return job->reversed ? job->p - 1 - r : r;
}

/* M(i, l) of the lower triangular M is at origin + (i step_i + l step_l)
 * elements of A. */
struct m_layout {
	const double *origin;
	ptrdiff_t step_i, step_l;
};

static struct m_layout m_layout(const struct trsm_job *job)
{
	const struct tf_op *op = job->op;
	ptrdiff_t rs = job->transposed ? op->lda : 1, cs = job->transposed ? 1 : op->lda;
	struct m_layout m = { op->a, rs, cs };
	if (job->reversed) {
		m.origin = op->a + (ptrdiff_t)job->width * (job->p - 1) * (rs + cs);
		m.step_i = -rs;
		m.step_l = -cs;
	}
	return m;
}

/* count elements of M's column l from row i on, each part of it times
 * sign (conjugated when the op says so), into to[part * part_stride + k]. */
static void m_column(const struct trsm_job *job, const struct m_layout *m, int i, int l, int count,
		     double sign, double *to, size_t part_stride)
{
	const int w = job->width;
	const double *e = m->origin + w * ((ptrdiff_t)i * m->step_i + (ptrdiff_t)l * m->step_l);
	const ptrdiff_t step = w * m->step_i;
	for (int k = 0; k < count; k++, e += step)
		to[k] = sign * e[0];
	if (w == 2) {
		double im_sign = job->conj ? -sign : sign;
		e = m->origin + w * ((ptrdiff_t)i * m->step_i + (ptrdiff_t)l * m->step_l) + 1;
		for (int k = 0; k < count; k++, e += step)
			to[part_stride + k] = im_sign * e[0];
	}
}

/* The doubles of block k0 (kb columns) of the packed M: the diagonal
 * block, then the panels below, each part (real, imaginary) apart. */
static size_t block_doubles(const struct trsm_job *job, int k0, int kb)
{
	int mr = job->loops->mr_dd, rest = job->p - k0 - kb;
	size_t panels = (size_t)(rest + mr - 1) / mr;
	return (size_t)job->width * kb * ((size_t)kb + panels * mr);
}

static size_t packed_doubles(const struct trsm_job *job)
{
	size_t total = 0;
	for (int k0 = 0; k0 < job->p; k0 += KB)
		total += block_doubles(job, k0, job->p - k0 < KB ? job->p - k0 : KB);
	return total;
}

/* Packs -M below the diagonal and M on it (1 for a unit diagonal, not
 * read); above the diagonal nothing (never read). */
static void pack(const struct trsm_job *job, double *packed)
{
	const int w = job->width, mr = job->loops->mr_dd, p = job->p;
	const struct m_layout m = m_layout(job);
	for (int k0 = 0; k0 < p; k0 += KB) {
		int kb = p - k0 < KB ? p - k0 : KB;
		size_t d_part = (size_t)kb * kb;
		double *diag = packed;
		for (int l = 0; l < kb; l++) {
			double *column = diag + (size_t)l * kb;
			if (job->unit) {
				column[l] = 1.0;
				if (w == 2)
					column[d_part + l] = 0.0;
			} else {
				m_column(job, &m, k0 + l, k0 + l, 1, 1.0, column + l, d_part);
			}
			m_column(job, &m, k0 + l + 1, k0 + l, kb - l - 1, -1.0, column + l + 1, d_part);
		}
		double *panel = diag + (size_t)w * kb * kb;
		double rows[2 * 16]; /* one column of a panel, parts apart (mr_dd <= 16) */
		for (int r0 = k0 + kb; r0 < p; r0 += mr) {
			int count = p - r0 < mr ? p - r0 : mr;
			for (int l = 0; l < kb; l++) {
				for (int k = 0; k < 2 * mr; k++)
					rows[k] = 0.0;
				m_column(job, &m, r0, k0 + l, count, -1.0, rows, mr);
				for (int part = 0; part < w; part++)
					for (int i = 0; i < mr; i++)
						panel[(size_t)part * kb * mr + (size_t)l * mr + i] =
							rows[part * mr + i];
			}
			panel += (size_t)w * kb * mr;
		}
		packed += block_doubles(job, k0, kb);
	}
}

/* Where element i of right-hand side j is in B (and in values, with
 * leading dimension ld), in elements. */
static size_t b_index(const struct trsm_job *job, int i, int j, int ld)
{
	int r = original(job, i);
	return job->op->side == 'L' ? (size_t)r + (size_t)j * ld : (size_t)j + (size_t)r * ld;
}

/* A task's X: hi[part] and lo[part], column j of the block at j * ldx. */
struct x_block {
	double *hi[2], *lo[2];
	int ldx;
};

/* The update of the rows [first, first + count) of X's column j by
 * column l of the diagonal block (count rows from the packed column a
 * per part, at stride a_part): x_i += (-M_il) x_l.  Complex: four real
 * updates, re += (-Mre) xre + (-Mim)(-xim), im += (-Mre) xim + (-Mim) xre. */
static void column_update(const struct trsm_job *job, struct x_block *x, int j, int l, int first,
			  int count, const double *a, size_t a_part)
{
	size_t xl = (size_t)j * x->ldx + l, xi = (size_t)j * x->ldx + first;
	for (int out = 0; out < job->width; out++)
		for (int part = 0; part < job->width; part++) {
			int in = out ^ part;
			double s = part == 1 && in == 1 ? -1.0 : 1.0;
			tf_dd v = tf_dd_make(s * x->hi[in][xl], s * x->lo[in][xl]);
			job->loops->column_update_dd(count, a + part * a_part, v, x->hi[out] + xi,
						     x->lo[out] + xi);
		}
}

/* The rows below block k0 (kb columns), by the packed panels. */
static void panel_update(const struct trsm_job *job, struct x_block *x, int columns, int k0, int kb,
			 const double *panel)
{
	const struct tf_dd_loops *loops = job->loops;
	const int mr = loops->mr_dd, nr = loops->nr_dd, w = job->width;
	for (int r0 = k0 + kb; r0 < job->p; r0 += mr) {
		for (int j = 0; j < columns; j += nr) {
			size_t from = (size_t)j * x->ldx + k0, to = (size_t)j * x->ldx + r0;
			for (int out = 0; out < w; out++)
				for (int part = 0; part < w; part++) {
					int in = out ^ part;
					double s = part == 1 && in == 1 ? -1.0 : 1.0;
					loops->gemm_tile_dd(kb, panel + (size_t)part * kb * mr,
							    x->hi[in] + from, x->lo[in] + from, x->ldx, s,
							    x->hi[out] + to, x->lo[out] + to, x->ldx);
				}
		}
		panel += (size_t)w * kb * mr;
	}
}

/* The element ops, once per type: alpha r into X, X rounded into values. */
#define TRSM_ELEMENT_OPS(E)                                                                        \
	static tf_##E##_acc x_get_##E(const struct x_block *x, size_t at)                          \
	{                                                                                          \
		tf_dd part[2] = { tf_dd_make(x->hi[0][at], x->lo[0][at]), tf_d_zero() };           \
		if (TF_E_WIDTH(E) == 2)                                                            \
			part[1] = tf_dd_make(x->hi[1][at], x->lo[1][at]);                          \
		tf_##E##_acc v;                                                                    \
		tf_##E##_set_parts(&v, part);                                                      \
		return v;                                                                          \
	}                                                                                          \
	static void x_put_##E(struct x_block *x, size_t at, tf_##E##_acc v)                        \
	{                                                                                          \
		tf_dd part[2];                                                                     \
		tf_##E##_get_parts(v, part);                                                       \
		for (int w = 0; w < TF_E_WIDTH(E); w++) {                                          \
			x->hi[w][at] = part[w].hi;                                                 \
			x->lo[w][at] = part[w].lo;                                                 \
		}                                                                                  \
	}                                                                                          \
	static void x_load_##E(const struct trsm_job *job, struct x_block *x, int j0, int columns)  \
	{                                                                                          \
		const double alpha[2] = { job->op->alpha, job->op->alpha_im };                     \
		const int one = tf_##E##_is_one(alpha);                                            \
		for (int j = 0; j < columns; j++)                                                  \
			for (int i = 0; i < job->p; i++) {                                         \
				const double *b = job->op->c +                                     \
					b_index(job, i, j0 + j, job->op->ldc) * TF_E_WIDTH(E);     \
				x_put_##E(x, (size_t)j * x->ldx + i,                               \
					  one ? tf_##E##_from(b)                                   \
					      : tf_##E##_scale(alpha, tf_##E##_from(b)));          \
			}                                                                          \
	}                                                                                          \
	static void x_round_##E(const struct trsm_job *job, const struct x_block *x, int j0,        \
				int columns)                                                       \
	{                                                                                          \
		/* the range test's bounds in locals: the stores into values may      \
		 * alias job's fields as far as the compiler knows */                  \
		const double low = job->range_low, high = job->range_high;               \
		const double zero = job->tiny_diagonal ? 0.0 : -1.0;                       \
		for (int j = 0; j < columns; j++) {                                                \
			int suspect = 0;                                                           \
			for (int i = 0; i < job->p; i++) {                                         \
				double r[2];                                                       \
				tf_##E##_round(r, x_get_##E(x, (size_t)j * x->ldx + i));          \
				double *v = job->values +                                          \
					    b_index(job, i, j0 + j, job->op->m) * TF_E_WIDTH(E);   \
				for (int part = 0; part < TF_E_WIDTH(E); part++) {                 \
					double a = fabs(r[part]);                                  \
					v[part] = r[part];                                         \
					/* not finite, or above high, or nonzero below low, or    \
					 * zero over a tiny diagonal (zero = 0 then) */            \
					suspect |= (!(a <= high)) | ((a < low) & (a != 0.0)) |     \
						   (a == zero);                                    \
				}                                                                  \
			}                                                                          \
			job->suspect[j0 + j] = (unsigned char)suspect;                             \
		}                                                                                  \
	}

static void tf_d_set_parts(tf_dd *v, const tf_dd *part)
{
	*v = part[0];
}

static void tf_d_get_parts(tf_dd v, tf_dd *part)
{
	part[0] = v;
}

static void tf_z_set_parts(tf_zdd *v, const tf_dd *part)
{
	*v = tf_zdd_make(part[0], part[1]);
}

static void tf_z_get_parts(tf_zdd v, tf_dd *part)
{
	part[0] = v.re;
	part[1] = v.im;
}

TRSM_ELEMENT_OPS(d)
TRSM_ELEMENT_OPS(z)

/* A complex X divided by the diagonal (a real one: the loops' divide_dd). */
static void x_divide_z(struct x_block *x, size_t at, const double *diag, size_t d_part)
{
	const double d[2] = { diag[0], diag[d_part] };
	x_put_z(x, at, tf_z_div(x_get_z(x, at), d));
}

/* One task: right-hand sides [task NB, task NB + NB). */
static void solve_task(void *context, int task)
{
	const struct trsm_job *job = context;
	const int w = job->width, j0 = task * NB, columns = job->q - j0 < NB ? job->q - j0 : NB;
	const int nr = job->loops->nr_dd, padded = (columns + nr - 1) / nr * nr;
	double stack[STACK_X];
	size_t part_doubles = (size_t)job->ldx * padded;
	double *buffer = tf_cpu_buffer(stack, STACK_X, 2 * w * part_doubles);
	struct x_block x = { .ldx = job->ldx };
	for (int part = 0; part < w; part++) {
		x.hi[part] = buffer + 2 * part * part_doubles;
		x.lo[part] = x.hi[part] + part_doubles;
	}
	/* the padding rows and columns take part in the tiles: zero */
	for (size_t i = 0; i < 2 * w * part_doubles; i++)
		buffer[i] = 0.0;
	if (w == 2)
		x_load_z(job, &x, j0, columns);
	else
		x_load_d(job, &x, j0, columns);
	const double *block = job->packed;
	for (int k0 = 0; k0 < job->p; k0 += KB) {
		int kb = job->p - k0 < KB ? job->p - k0 : KB;
		size_t d_part = (size_t)kb * kb;
		/* row by row: the divisions of a row are independent */
		for (int l = 0; l < kb; l++) {
			const double *column = block + (size_t)l * kb;
			if (!job->unit && w == 1)
				job->loops->divide_dd(columns, x.ldx, x.hi[0] + k0 + l, x.lo[0] + k0 + l,
						      column[l]);
			else if (!job->unit)
				for (int j = 0; j < columns; j++)
					x_divide_z(&x, (size_t)j * x.ldx + k0 + l, column + l, d_part);
			if (l + 1 < kb)
				for (int j = 0; j < columns; j++)
					column_update(job, &x, j, k0 + l, k0 + l + 1, kb - l - 1,
						      column + l + 1, d_part);
		}
		panel_update(job, &x, padded, k0, kb, block + (size_t)w * kb * kb);
		block += block_doubles(job, k0, kb);
	}
	if (w == 2)
		x_round_z(job, &x, j0, columns);
	else
		x_round_d(job, &x, j0, columns);
	tf_cpu_buffer_release(buffer, stack);
}

/* 2^e from its bits (no libm call on the small calls' path); 0 below the
 * normal range, whose numerators the test then does not look at. */
static double power_of_two(int e)
{
	if (e < -1022)
		return 0.0;
	uint64_t bits = (uint64_t)(e + 1023) << 52;
	double v;
	memcpy(&v, &bits, sizeof v);
	return v;
}

/* M of the op for dd_range_solve.h. */
struct range_context {
	const struct trsm_job *job;
	struct m_layout m;
};

static const double *range_element(const void *context, int i, int l)
{
	const struct range_context *c = context;
	return c->m.origin + c->job->width * ((ptrdiff_t)i * c->m.step_i + (ptrdiff_t)l * c->m.step_l);
}

/* The right-hand sides whose solution may have left the range (flagged by
 * x_round), solved again with exponents apart. */
static void range_check(const struct trsm_job *job)
{
	const struct tf_op *op = job->op;
	const int w = job->width, p = job->p;
	const double alpha[2] = { op->alpha, op->alpha_im };
	struct range_context context = { job, m_layout(job) };
	struct tf_range_triangle m = { .p = p, .width = w, .unit = job->unit, .conj = job->conj,
				       .element = range_element, .context = &context };
	double *buffer = NULL;
	for (int j = 0; j < job->q; j++) {
		if (!job->suspect[j])
			continue;
		size_t xdd_doubles = (sizeof(tf_xdd) + sizeof(double) - 1) / sizeof(double);
		if (!buffer)
			buffer = tf_cpu_buffer(NULL, 0, (size_t)p * w * (2 + xdd_doubles));
		double *r = buffer, *x = r + (size_t)p * w;
		for (int i = 0; i < p; i++)
			for (int part = 0; part < w; part++)
				r[(size_t)i * w + part] = op->c[b_index(job, i, j, op->ldc) * w + part];
		tf_range_solve(&m, alpha, r, x, (tf_xdd *)(x + (size_t)p * w));
		for (int i = 0; i < p; i++)
			for (int part = 0; part < w; part++)
				job->values[b_index(job, i, j, op->m) * w + part] = x[(size_t)i * w + part];
	}
	if (buffer)
		tf_cpu_buffer_release(buffer, NULL);
}

void tf_cpu_dd_trsm(const struct tf_op *op)
{
	const int left = op->side == 'L';
	struct trsm_job job = {
		.op = op,
		.loops = tf_dd_loops(),
		.width = op->type == TF_TYPE_Z ? 2 : 1,
		.p = left ? op->m : op->n,
		.q = left ? op->n : op->m,
		.transposed = left ? op->transa != 'N' : op->transa == 'N',
		.conj = op->transa == 'C',
		.unit = op->diag == 'U',
	};
	/* M is lower when it is A of a lower A, or A^T of an upper one */
	job.reversed = job.transposed ? op->uplo != 'U' : op->uplo != 'L';
	int mr = job.loops->mr_dd;
	job.ldx = (job.p + mr - 1) / mr * mr;

	double packed_stack[STACK_PACKED], values_stack[STACK_VALUES];
	double *packed = tf_cpu_buffer(packed_stack, STACK_PACKED, packed_doubles(&job));
	size_t values = (size_t)job.width * op->m * op->n;
	job.values = tf_cpu_buffer(values_stack, STACK_VALUES, values);
	pack(&job, packed);
	job.packed = packed;
	/* the range test's bounds from the diagonal's extreme exponents (a
	 * numerator x_i M(i,i) outside about [2^-958, 2^1020], with the
	 * diagonal's least exponent for the low end and its largest for the
	 * high one), and the flags */
	int low = INT_MAX, high = INT_MIN;
	struct m_layout layout = m_layout(&job);
	for (int i = 0; i < job.p; i++) {
		int e = job.unit ? 1
			: tf_range_diagonal_exponent(layout.origin + job.width * (ptrdiff_t)i *
								     (layout.step_i + layout.step_l),
						     job.width);
		if (e == TF_RANGE_NO_EXPONENT)
			continue;
		low = e < low ? e : low;
		high = e > high ? e : high;
	}
	job.range_low = low == INT_MAX ? 0.0 : power_of_two(-959 - low);
	job.range_high = high == INT_MIN || 1020 - high > 1023 ? DBL_MAX : power_of_two(1020 - high);
	job.tiny_diagonal = low != INT_MAX && low < -39;
	unsigned char flag_stack[STACK_RANGE];
	unsigned char *flags = job.q <= STACK_RANGE ? flag_stack
			     : (unsigned char *)tf_cpu_buffer(NULL, 0, ((size_t)job.q + 7) / 8);
	job.suspect = flags;

	int tasks = (job.q + NB - 1) / NB;
	if (tasks > 1 && 0.5 * job.p * job.p * job.q >= PARALLEL_MIN)
		tf_parallel_for(tasks, solve_task, &job);
	else
		for (int t = 0; t < tasks; t++)
			solve_task(&job, t);
	range_check(&job);
	tf_cpu_commit_matrix(op, job.values, op->m, op->n, op->m, 0);
	if (flags != flag_stack)
		tf_cpu_buffer_release((double *)flags, NULL);
	tf_cpu_buffer_release(job.values, values_stack);
	tf_cpu_buffer_release(packed, packed_stack);
}
