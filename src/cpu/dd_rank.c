/* The rank-1 and rank-2 updates in DD on the CPU: dger, zgeru, zgerc
 * (GER), dsyr, zher, dspr, zhpr (SYR), dsyr2, zher2, dspr2, zhpr2 (SYR2).
 *
 * Column j of the output gains u_i t for one or two pairs of a vector u
 * and a scalar t: GER x_i (alpha conj?(y_j)); SYR x_i (alpha conj?(x_j));
 * SYR2 also y_i (conj?(alpha) conj?(x_j)), conj for the Hermitian
 * routines.  t is formed in DD from exact products, and each u_i t from
 * the exact product of u_i and t's first word and the product with its
 * second, added in DD to C(i,j) (the update_round loop of dd_loops.c, a
 * complex column part by part), so an element is C + alpha u v to DD
 * accuracy, rounded once.
 * Range: where t leaves double's range (alpha y_j overflows, or is tiny,
 * while alpha u_i y_j may be a normal double) or a column comes out not
 * finite, each element of the column is formed again scaled by powers of
 * two (tf_dd_range_sum, tf_zdd_range_sum: C + alpha u_i v_j with the three
 * factors' exponents apart, applied once).  One test per column otherwise.
 * As in the reference, a column whose x_j (and y_j) is zero is left alone,
 * and the Hermitian routines make the diagonal's imaginary part zero.
 *
 * Columns are independent: large updates go to the thread pool by blocks
 * of columns, and every element's value is the same for any split.  A
 * column is written when all its values are finite; a column with an Inf
 * or NaN stays untouched, and at the end the CPU BLAS computes the op on a
 * copy of the output, from which those columns take the values that are
 * not finite in DD (the rule of dd_output.h, column by column: an
 * element's update depends on that element alone). */
#include "config.h"
#include "cpu/dd_isa.h" /* first: the names of this instruction set's copy */

#include <math.h>
#include <string.h>
#include "cpu/dd_elements.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_output.h"
#include "cpu/forward.h"
#include "core/threads.h"

#define STACK_COLUMN 512 /* doubles of a task's stack buffer for a column */
#define COLUMNS 16        /* columns of a task */
#define PARALLEL_MIN 65536 /* elements below which one thread does it all */
#define STACK_VECTOR 1024 /* doubles of the stack copies of x and y */

struct rank_job {
	const struct tf_op *op;
	const struct tf_dd_loops *loops;
	int complex, hermitian, rows; /* rows: m (GER) or n */
	/* x and y, contiguous, split into real and imaginary parts */
	const double *xr, *xi, *yr, *yi;
	unsigned char *bad; /* per column: a value not finite in DD */
};

/* A pair (u, t): u a contiguous vector, t a scalar in DD, t = a v with
 * a = alpha or conj(alpha) and v = conj?(x_j or y_j). */
struct term {
	const double *ur, *ui;
	tf_zdd t;
	double a[2], v[2];
};

/* The rows of column j that the op updates. */
static void rows_of(const struct rank_job *job, int j, int *first, int *last)
{
	*first = job->op->kind == TF_OP_GER || job->op->uplo == 'U' ? 0 : j;
	*last = job->op->kind != TF_OP_GER && job->op->uplo == 'U' ? j + 1 : job->rows;
}

/* Column j's first element in the output (row *first of the column). */
static double *column_start(const struct rank_job *job, int j, int first)
{
	const struct tf_op *op = job->op;
	const int w = job->complex ? 2 : 1;
	size_t at;
	if (op->storage == TF_STORAGE_PACKED)
		at = op->uplo == 'U' ? (size_t)j * (j + 1) / 2
				     : (size_t)j * op->n - (size_t)j * (j - 1) / 2;
	else
		at = (size_t)j * op->ldc + first;
	return op->c + at * w;
}

/* The product a b of complex doubles (b conjugated when conj) in DD, from
 * exact products (one for real data). */
static tf_zdd product(const struct rank_job *job, double ar, double ai, double br, double bi,
		      int conj)
{
	if (!job->complex)
		return tf_zdd_make(tf_two_prod(ar, br), tf_dd_make(0.0, 0.0));
	return tf_zdd_fma(tf_z_zero(), ar, ai, br, conj ? -bi : bi);
}

/* The pair (u, a conj?(v)). */
static struct term term(const struct rank_job *job, const double *ur, const double *ui, double ar,
			double ai, double vr, double vi, int conj)
{
	struct term t = { ur, ui, product(job, ar, ai, vr, vi, conj), { ar, ai },
			  { vr, conj ? -vi : vi } };
	return t;
}

/* The pairs of column j; 0 when the reference leaves the column alone. */
static int terms_of(const struct rank_job *job, int j, struct term *terms)
{
	const struct tf_op *op = job->op;
	const int h = job->hermitian;
	const double xr = job->xr[j], xi = job->complex ? job->xi[j] : 0.0;
	if (op->kind == TF_OP_GER) {
		double yr = job->yr[j], yi = job->complex ? job->yi[j] : 0.0;
		if (yr == 0.0 && yi == 0.0)
			return 0;
		terms[0] = term(job, job->xr, job->xi, op->alpha, op->alpha_im, yr, yi, op->conj);
		return 1;
	}
	if (op->kind == TF_OP_SYR) {
		if (xr == 0.0 && xi == 0.0)
			return 0;
		terms[0] = term(job, job->xr, job->xi, op->alpha, 0.0, xr, xi, h);
		return 1;
	}
	double yr = job->yr[j], yi = job->complex ? job->yi[j] : 0.0;
	if (xr == 0.0 && xi == 0.0 && yr == 0.0 && yi == 0.0)
		return 0;
	/* x_i alpha conj?(y_j) + y_i conj?(alpha) conj?(x_j) */
	terms[0] = term(job, job->xr, job->xi, op->alpha, op->alpha_im, yr, yi, h);
	terms[1] = term(job, job->yr, job->yi, op->alpha, h ? -op->alpha_im : op->alpha_im, xr, xi,
			h);
	return 2;
}

/* Whether a pair's t = a v left double's range (arith_zdd.h). */
static int out_of_range(const struct term *t)
{
	return tf_zdd_range_pair_suspect(t->a[0], t->a[1], t->v[0], t->v[1], t->t);
}

/* Column j's elements, rows [first, last), formed again scaled
 * (tf_zdd_range_rank_element: C(i,j) + the sum of u_i a v with the
 * exponents of every factor apart); an element where rescaling does not
 * apply (Inf or NaN in its data) or is not needed keeps its value. */
static void range_column(const struct rank_job *job, int j, const struct term *terms, int nterms,
			 int first, int last, const double *c, double *values)
{
	const int w = job->complex ? 2 : 1;
	double a[4] = { 0 }, v[4] = { 0 }, u[4] = { 0 };
	for (int t = 0; t < nterms; t++)
		for (int part = 0; part < 2; part++)
			a[2 * t + part] = terms[t].a[part], v[2 * t + part] = terms[t].v[part];
	for (int i = first; i < last; i++) {
		const double *ci = c + (size_t)(i - first) * w;
		const double add[2] = { ci[0], !job->complex || (job->hermitian && i == j) ? 0.0 : ci[1] };
		for (int t = 0; t < nterms; t++) {
			u[2 * t] = terms[t].ur[i];
			u[2 * t + 1] = job->complex ? terms[t].ui[i] : 0.0;
		}
		tf_zdd_range_rank_element(job->complex, nterms, u, a, v, add,
					  values + (size_t)(i - first) * w);
	}
}

/* Doubles of a task's buffer for one column's values. */
static size_t column_doubles(const struct rank_job *job)
{
	return (size_t)job->rows * (job->complex ? 2 : 1);
}

/* The DD values of column j, rows [first, last), whose first element
 * is at c, rounded into values (contiguous elements; column_doubles of
 * room); whether they are all finite.  A complex column is done part by part (stride 2): re = c +
 * ur tr - ui ti, im = c + ur ti + ui tr. */
static int plain_values(const struct rank_job *job, const struct term *terms, int nterms,
			int first, int last, const double *c, double *values)
{
	const int count = last - first;
	const double *u[4] = { 0 };
	double hi[4] = { 0 }, lo[4] = { 0 };
	int k = 0;
	if (!job->complex) {
		for (int t = 0; t < nterms; t++)
			u[k] = terms[t].ur + first, hi[k] = terms[t].t.re.hi, lo[k++] = terms[t].t.re.lo;
		return job->loops->update_round(count, c, 1, k, u, hi, lo, values, 1);
	}
	for (int t = 0; t < nterms; t++) {
		u[k] = terms[t].ur + first, hi[k] = terms[t].t.re.hi, lo[k++] = terms[t].t.re.lo;
		u[k] = terms[t].ui + first, hi[k] = -terms[t].t.im.hi, lo[k++] = -terms[t].t.im.lo;
	}
	int finite = job->loops->update_round(count, c, 2, k, u, hi, lo, values, 2);
	k = 0;
	for (int t = 0; t < nterms; t++) {
		u[k] = terms[t].ur + first, hi[k] = terms[t].t.im.hi, lo[k++] = terms[t].t.im.lo;
		u[k] = terms[t].ui + first, hi[k] = terms[t].t.re.hi, lo[k++] = terms[t].t.re.lo;
	}
	finite &= job->loops->update_round(count, c + 1, 2, k, u, hi, lo, values + 1, 2);
	return finite;
}

/* The values of column j (plain_values; its first element at c), formed
 * again scaled where a pair or the column left the range; whether they are
 * all finite. */
static int column_values(const struct rank_job *job, int j, const struct term *terms, int nterms,
			 int first, int last, const double *c, double *values)
{
	const int count = last - first;
	int finite = plain_values(job, terms, nterms, first, last, c, values);
	int range = !finite;
	for (int t = 0; t < nterms; t++)
		range |= out_of_range(&terms[t]);
	if (range) {
		range_column(job, j, terms, nterms, first, last, c, values);
		finite = 1;
		for (int i = 0; i < (job->complex ? 2 : 1) * count; i++)
			finite &= isfinite(values[i]) != 0;
	}
	if (!job->complex)
		return finite;
	if (job->hermitian)
		values[2 * (j - first) + 1] = 0.0; /* the diagonal is real */
	if (!finite && job->hermitian) {
		/* its imaginary part cannot make the column non-finite */
		finite = 1;
		for (int i = 0; i < 2 * count; i++)
			finite &= isfinite(values[i]) != 0;
	}
	return finite;
}

/* Column j: written when finite, else marked for the CPU BLAS. */
static void run_column(const struct rank_job *job, int j, double *values)
{
	const int w = job->complex ? 2 : 1;
	struct term terms[2];
	int first, last;
	rows_of(job, j, &first, &last);
	int nterms = terms_of(job, j, terms);
	double *c = column_start(job, j, first); /* once: its arithmetic is not free */
	if (nterms == 0) {
		if (job->hermitian) /* the reference makes the diagonal real all the same */
			c[(size_t)(j - first) * w + 1] = 0.0;
		return;
	}
	if (column_values(job, j, terms, nterms, first, last, c, values))
		memcpy(c, values, (size_t)(last - first) * w * sizeof *values);
	else
		job->bad[j] = 1;
}

static void run_task(void *context, int task)
{
	const struct rank_job *job = context;
	double stack[STACK_COLUMN];
	double *values = tf_cpu_buffer(stack, STACK_COLUMN, column_doubles(job));
	int last = (task + 1) * COLUMNS < job->op->n ? (task + 1) * COLUMNS : job->op->n;
	for (int j = task * COLUMNS; j < last; j++)
		run_column(job, j, values);
	tf_cpu_buffer_release(values, stack);
}

/* The columns with values not finite in DD: the CPU BLAS computes the op
 * on a copy of the output (those columns still hold the caller's values),
 * and each such element takes the copy's value. */
static void commit_bad_columns(const struct rank_job *job)
{
	const struct tf_op *op = job->op;
	const int w = job->complex ? 2 : 1, n = op->n;
	const int packed = op->storage == TF_STORAGE_PACKED;
	size_t count = packed ? (size_t)n * (n + 1) / 2 : (size_t)op->ldc * (n - 1) + job->rows;
	double *copy = tf_cpu_buffer(NULL, 0, count * w);
	double *values = tf_cpu_buffer(NULL, 0, column_doubles(job));
	memcpy(copy, op->c, count * w * sizeof *copy);
	struct tf_op on_copy = *op;
	on_copy.c = copy;
	tf_cpu_forward(&on_copy);
	struct rank_job copy_job = *job;
	copy_job.op = &on_copy;
	for (int j = 0; j < n; j++) {
		if (!job->bad[j])
			continue;
		struct term terms[2];
		int first, last;
		rows_of(job, j, &first, &last);
		double *c = column_start(job, j, first);
		column_values(job, j, terms, terms_of(job, j, terms), first, last, c, values);
		const double *reference = column_start(&copy_job, j, first);
		for (int i = 0; i < last - first; i++) {
			const double *v = values + (size_t)i * w;
			int finite = isfinite(v[0]) && (w == 1 || isfinite(v[1]));
			memcpy(c + (size_t)i * w, finite ? v : reference + (size_t)i * w,
			       w * sizeof *v);
		}
	}
	tf_cpu_buffer_release(values, NULL);
	tf_cpu_buffer_release(copy, NULL);
}

/* A vector's elements, contiguous, split into real and imaginary parts. */
static void gather(const double *v, int w, int n, int inc, double *re, double *im)
{
	for (int i = 0; i < n; i++) {
		const double *e = tf_element(v, w, n, inc, i);
		re[i] = e[0];
		if (w == 2)
			im[i] = e[1];
	}
}

void tf_cpu_dd_rank_update(const struct tf_op *op)
{
	const int complex = op->type == TF_TYPE_Z, w = complex ? 2 : 1;
	const int rows = op->kind == TF_OP_GER ? op->m : op->n, n = op->n;
	const int two = op->kind != TF_OP_SYR;
	/* x (rows) and y (n): real and imaginary parts; the bad-column flags */
	size_t doubles = (size_t)w * (rows + (two ? n : 0)) + ((size_t)n + 7) / 8;
	double stack[STACK_VECTOR];
	double *buffer = tf_cpu_buffer(stack, STACK_VECTOR, doubles);
	struct rank_job job = {
		.op = op, .loops = tf_dd_loops(), .complex = complex,
		.hermitian = complex && op->conj && op->kind != TF_OP_GER, .rows = rows,
	};
	double *p = buffer;
	job.xr = p;
	job.xi = complex ? p + rows : NULL;
	gather(op->x, w, rows, op->incx, p, p + rows);
	p += (size_t)w * rows;
	if (two) {
		job.yr = p;
		job.yi = complex ? p + n : NULL;
		gather(op->y, w, n, op->incy, p, p + n);
		p += (size_t)w * n;
	}
	job.bad = (unsigned char *)p;
	memset(job.bad, 0, (size_t)n);

	int tasks = (n + COLUMNS - 1) / COLUMNS;
	if ((double)rows * n < PARALLEL_MIN)
		for (int t = 0; t < tasks; t++)
			run_task(&job, t);
	else
		tf_parallel_for(tasks, run_task, &job);
	for (int j = 0; j < n; j++)
		if (job.bad[j]) {
			commit_bad_columns(&job);
			break;
		}
	tf_cpu_buffer_release(buffer, stack);
}
