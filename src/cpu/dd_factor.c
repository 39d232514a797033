#include "config.h"

/* The factorizations in DD of the LAPACK drivers' fallback (cpu/dd_kernels.h):
 * a double matrix factored with every operation in DD, so that the factors
 * are those of the stored A to about u^2 relative (times the growth of the
 * elimination): a correction solved with them gains about -log10(cond u^2)
 * digits a step, where the double factors gain nothing beyond cond 1/u.
 *
 * Right-looking, column by column: each step updates the trailing columns
 * with the new column of L, down contiguous columns of the n x n DD array
 * (leading dimension n), the columns shared among the CPU threads (each
 * column's operations are the same whatever the threads: the same bits).
 * The DD multiply-add (some 20 operations) makes the loop compute-bound,
 * so blocking for the cache would gain little; it is compiled twice, the
 * second time for AVX2 and FMA (cpu/typed_formats.h). */
#include <math.h>
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/threads.h"
#include "cpu/typed_formats.h"
#include "twofold/arith_dd.h"

static inline tf_dd negated(tf_dd a)
{
	return tf_dd_make(-a.hi, -a.lo);
}

/* y[i] += x[i] c for i in [0, count).  The sloppy addition's error, 4u^2
 * of its operands, is the rounding error of the standard model that the
 * backward stability of LU and Cholesky rests on. */
typedef void update_fn(int count, tf_dd *y, const tf_dd *x, tf_dd c);
#define DEFINE_COLUMN_UPDATE(NAME, TARGET)                                      \
	TARGET static void NAME(int count, tf_dd *y, const tf_dd *x, tf_dd c)   \
	{                                                                       \
		for (int i = 0; i < count; i++)                                 \
			y[i] = tf_dd_add_sloppy(y[i], tf_dd_mul(x[i], c));      \
	}
DEFINE_COLUMN_UPDATE(column_update_plain, )
DEFINE_COLUMN_UPDATE(column_update_fma, TF_CPU_FMA_TARGET)

static update_fn *column_update_for_cpu(void)
{
	return tf_cpu_fma_loops() ? column_update_fma : column_update_plain;
}

/* One step's update of the trailing columns j = k+1 .. n-1 by column k. */
struct trailing {
	tf_dd *a;
	int n, k, cholesky, tasks;
	update_fn *update;
};

static void update_column(const struct trailing *t, int j)
{
	const size_t ld = (size_t)t->n;
	const tf_dd *column = t->a + t->k * ld;
	tf_dd *target = t->a + j * ld;
	if (t->cholesky) { /* the lower triangle: rows j .. n-1 */
		if (column[j].hi != 0.0)
			t->update(t->n - j, target + j, column + j, negated(column[j]));
	}
	else if (target[t->k].hi != 0.0)
		t->update(t->n - t->k - 1, target + t->k + 1, column + t->k + 1, negated(target[t->k]));
}

static void trailing_task(void *context, int task)
{
	const struct trailing *t = context;
	for (int j = t->k + 1 + task; j < t->n; j += t->tasks) /* cyclic: Cholesky's columns shrink */
		update_column(t, j);
}

static void update_trailing(struct trailing *t)
{
	const int columns = t->n - t->k - 1, threads = tf_cpu_threads();
	t->tasks = (long)columns * (t->n - t->k) < 64 * 64 ? 1 : threads < columns ? threads : columns;
	if (t->tasks > 1)
		tf_parallel_for(t->tasks, trailing_task, t);
	else if (columns > 0)
		trailing_task(t, 0);
}

/* y[i] += x[i] c, for the solves */
static inline void column_update(int count, tf_dd *y, const tf_dd *x, tf_dd c)
{
	column_update_plain(count, y, x, c);
}

int tf_cpu_dd_getrf(int n, const double *a, int lda, tf_dd *lu, int *ipiv)
{
	const size_t ld = (size_t)n;
	update_fn *update = column_update_for_cpu();
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++)
			lu[j * ld + i] = tf_dd_make(a[(size_t)j * lda + i], 0.0);
	for (int k = 0; k < n; k++) {
		tf_dd *column = lu + k * ld;
		int p = k;
		for (int i = k + 1; i < n; i++)
			if (fabs(column[i].hi) > fabs(column[p].hi))
				p = i;
		ipiv[k] = p;
		if (column[p].hi == 0.0)
			return k + 1;
		if (p != k)
			for (int j = 0; j < n; j++) {
				tf_dd t = lu[j * ld + k];
				lu[j * ld + k] = lu[j * ld + p];
				lu[j * ld + p] = t;
			}
		for (int i = k + 1; i < n; i++)
			column[i] = tf_dd_div(column[i], column[k]);
		struct trailing t = { lu, n, k, 0, 1, update };
		update_trailing(&t);
	}
	return 0;
}

void tf_cpu_dd_getrs(int n, const tf_dd *lu, const int *ipiv, tf_dd *x)
{
	const size_t ld = (size_t)n;
	for (int k = 0; k < n; k++)
		if (ipiv[k] != k) {
			tf_dd t = x[k];
			x[k] = x[ipiv[k]];
			x[ipiv[k]] = t;
		}
	for (int k = 0; k < n; k++) /* L, unit diagonal */
		if (x[k].hi != 0.0)
			column_update(n - k - 1, x + k + 1, lu + k * ld + k + 1, negated(x[k]));
	for (int k = n - 1; k >= 0; k--) { /* U */
		x[k] = tf_dd_div(x[k], lu[k * ld + k]);
		if (x[k].hi != 0.0)
			column_update(k, x, lu + k * ld, negated(x[k]));
	}
}

int tf_cpu_dd_potrf(char uplo, int n, const double *a, int lda, tf_dd *l)
{
	const size_t ld = (size_t)n;
	update_fn *update = column_update_for_cpu();
	for (int j = 0; j < n; j++)
		for (int i = j; i < n; i++)
			l[j * ld + i] = tf_dd_make(uplo == 'U' ? a[(size_t)i * lda + j]
							       : a[(size_t)j * lda + i], 0.0);
	for (int k = 0; k < n; k++) {
		tf_dd *column = l + k * ld;
		if (!(column[k].hi > 0.0))
			return k + 1;
		column[k] = tf_dd_sqrt(column[k]);
		for (int i = k + 1; i < n; i++)
			column[i] = tf_dd_div(column[i], column[k]);
		struct trailing t = { l, n, k, 1, 1, update };
		update_trailing(&t);
	}
	return 0;
}

void tf_cpu_dd_potrs(int n, const tf_dd *l, tf_dd *x)
{
	const size_t ld = (size_t)n;
	for (int k = 0; k < n; k++) { /* L y = x */
		x[k] = tf_dd_div(x[k], l[k * ld + k]);
		if (x[k].hi != 0.0)
			column_update(n - k - 1, x + k + 1, l + k * ld + k + 1, negated(x[k]));
	}
	for (int k = n - 1; k >= 0; k--) { /* L^T x = y: column k of L against x below k */
		tf_dd sum = x[k];
		const tf_dd *column = l + k * ld;
		for (int i = k + 1; i < n; i++)
			sum = tf_dd_add(sum, tf_dd_mul(column[i], negated(x[i])));
		x[k] = tf_dd_div(sum, column[k]);
	}
}
