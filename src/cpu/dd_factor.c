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
#include "core/threads.h"
#include "cpu/typed_formats.h"
#include "twofold/arith_zdd.h"

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

/* The complex twin: y[i] += x[i] c. */
typedef void zupdate_fn(int count, tf_zdd *y, const tf_zdd *x, tf_zdd c);
#define DEFINE_ZCOLUMN_UPDATE(NAME, TARGET)                                      \
	TARGET static void NAME(int count, tf_zdd *y, const tf_zdd *x, tf_zdd c)  \
	{                                                                         \
		for (int i = 0; i < count; i++) {                                 \
			tf_zdd p = tf_zdd_mul(x[i], c);                           \
			y[i] = tf_zdd_make(tf_dd_add_sloppy(y[i].re, p.re),       \
					   tf_dd_add_sloppy(y[i].im, p.im));      \
		}                                                                 \
	}
DEFINE_ZCOLUMN_UPDATE(zcolumn_update_plain, )
DEFINE_ZCOLUMN_UPDATE(zcolumn_update_fma, TF_CPU_FMA_TARGET)

/* One step's update of the trailing columns j = k+1 .. n-1 by column k, one
 * column by column(t, j). */
struct trailing {
	void *a;
	int n, k, tasks;
	void (*column)(const struct trailing *t, int j);
	update_fn *update;
	zupdate_fn *zupdate;
};

static void lu_column(const struct trailing *t, int j)
{
	const size_t ld = (size_t)t->n;
	const int k = t->k;
	tf_dd *a = t->a, *column = a + k * ld, *target = a + j * ld;
	if (target[k].hi != 0.0)
		t->update(t->n - k - 1, target + k + 1, column + k + 1, negated(target[k]));
}

static void cholesky_column(const struct trailing *t, int j)
{
	const size_t ld = (size_t)t->n;
	tf_dd *a = t->a, *column = a + t->k * ld;
	if (column[j].hi != 0.0) /* the lower triangle: rows j .. n-1 */
		t->update(t->n - j, a + j * ld + j, column + j, negated(column[j]));
}

static int zdd_zero(tf_zdd a)
{
	return a.re.hi == 0.0 && a.im.hi == 0.0;
}

static void zlu_column(const struct trailing *t, int j)
{
	const size_t ld = (size_t)t->n;
	const int k = t->k;
	tf_zdd *a = t->a, *column = a + k * ld, *target = a + j * ld;
	if (!zdd_zero(target[k]))
		t->zupdate(t->n - k - 1, target + k + 1, column + k + 1, tf_zdd_neg(target[k]));
}

static void zcholesky_column(const struct trailing *t, int j)
{
	const size_t ld = (size_t)t->n;
	tf_zdd *a = t->a, *column = a + t->k * ld;
	if (!zdd_zero(column[j])) /* a(i, j) -= l(i, k) conj(l(j, k)) */
		t->zupdate(t->n - j, a + j * ld + j, column + j, tf_zdd_neg(tf_zdd_conj(column[j])));
}

static void trailing_task(void *context, int task)
{
	const struct trailing *t = context;
	for (int j = t->k + 1 + task; j < t->n; j += t->tasks) /* cyclic: Cholesky's columns shrink */
		t->column(t, j);
}

static void update_trailing(struct trailing *t)
{
	const int columns = t->n - t->k - 1, threads = tf_cpu_threads();
	t->tasks = (long)columns * (t->n - t->k) < 64 * 64 ? 1 : threads < columns ? threads : columns;
	t->update = tf_cpu_fma_loops() ? column_update_fma : column_update_plain;
	t->zupdate = tf_cpu_fma_loops() ? zcolumn_update_fma : zcolumn_update_plain;
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
		struct trailing t = { .a = lu, .n = n, .k = k, .column = lu_column };
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
		struct trailing t = { .a = l, .n = n, .k = k, .column = cholesky_column };
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

/* ---- Complex: the same, in complex DD (tf_zdd), A's elements (re, im). */

/* y[i] += x[i] c, for the solves */
static inline void zcolumn_update(int count, tf_zdd *y, const tf_zdd *x, tf_zdd c)
{
	zcolumn_update_plain(count, y, x, c);
}

/* The pivot's size, as LAPACK's izamax measures it: |re| + |im|. */
static inline double size1(tf_zdd a)
{
	return fabs(a.re.hi) + fabs(a.im.hi);
}

int tf_cpu_zdd_getrf(int n, const double *a, int lda, tf_zdd *lu, int *ipiv)
{
	const size_t ld = (size_t)n;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			const double *e = a + 2 * ((size_t)j * lda + i);
			lu[j * ld + i] = tf_zdd_from_z(e[0], e[1]);
		}
	for (int k = 0; k < n; k++) {
		tf_zdd *column = lu + k * ld;
		int p = k;
		for (int i = k + 1; i < n; i++)
			if (size1(column[i]) > size1(column[p]))
				p = i;
		ipiv[k] = p;
		if (zdd_zero(column[p]))
			return k + 1;
		if (p != k)
			for (int j = 0; j < n; j++) {
				tf_zdd t = lu[j * ld + k];
				lu[j * ld + k] = lu[j * ld + p];
				lu[j * ld + p] = t;
			}
		for (int i = k + 1; i < n; i++)
			column[i] = tf_zdd_div(column[i], column[k]);
		struct trailing t = { .a = lu, .n = n, .k = k, .column = zlu_column };
		update_trailing(&t);
	}
	return 0;
}

void tf_cpu_zdd_getrs(int n, const tf_zdd *lu, const int *ipiv, tf_zdd *x)
{
	const size_t ld = (size_t)n;
	for (int k = 0; k < n; k++)
		if (ipiv[k] != k) {
			tf_zdd t = x[k];
			x[k] = x[ipiv[k]];
			x[ipiv[k]] = t;
		}
	for (int k = 0; k < n; k++) /* L, unit diagonal */
		if (!zdd_zero(x[k]))
			zcolumn_update(n - k - 1, x + k + 1, lu + k * ld + k + 1, tf_zdd_neg(x[k]));
	for (int k = n - 1; k >= 0; k--) { /* U */
		x[k] = tf_zdd_div(x[k], lu[k * ld + k]);
		if (!zdd_zero(x[k]))
			zcolumn_update(k, x, lu + k * ld, tf_zdd_neg(x[k]));
	}
}

int tf_cpu_zdd_potrf(char uplo, int n, const double *a, int lda, tf_zdd *l)
{
	const size_t ld = (size_t)n;
	for (int j = 0; j < n; j++)
		for (int i = j; i < n; i++) { /* the lower triangle; 'U': conjugated */
			const double *e = uplo == 'U' ? a + 2 * ((size_t)i * lda + j)
						      : a + 2 * ((size_t)j * lda + i);
			l[j * ld + i] = tf_zdd_from_z(e[0], i == j ? 0.0 : uplo == 'U' ? -e[1] : e[1]);
		}
	for (int k = 0; k < n; k++) {
		tf_zdd *column = l + k * ld;
		tf_dd d = column[k].re; /* real: the imaginary part is taken as 0 */
		if (!(d.hi > 0.0))
			return k + 1;
		d = tf_dd_sqrt(d);
		column[k] = tf_zdd_make(d, tf_dd_make(0.0, 0.0));
		for (int i = k + 1; i < n; i++)
			column[i] = tf_zdd_make(tf_dd_div(column[i].re, d), tf_dd_div(column[i].im, d));
		struct trailing t = { .a = l, .n = n, .k = k, .column = zcholesky_column };
		update_trailing(&t);
	}
	return 0;
}

void tf_cpu_zdd_potrs(int n, const tf_zdd *l, tf_zdd *x)
{
	const size_t ld = (size_t)n;
	for (int k = 0; k < n; k++) { /* L y = x */
		tf_dd d = l[k * ld + k].re;
		x[k] = tf_zdd_make(tf_dd_div(x[k].re, d), tf_dd_div(x[k].im, d));
		if (!zdd_zero(x[k]))
			zcolumn_update(n - k - 1, x + k + 1, l + k * ld + k + 1, tf_zdd_neg(x[k]));
	}
	for (int k = n - 1; k >= 0; k--) { /* L^H x = y */
		tf_zdd sum = x[k];
		const tf_zdd *column = l + k * ld;
		for (int i = k + 1; i < n; i++)
			sum = tf_zdd_add(sum, tf_zdd_mul(tf_zdd_conj(column[i]), tf_zdd_neg(x[i])));
		tf_dd d = column[k].re;
		x[k] = tf_zdd_make(tf_dd_div(sum.re, d), tf_dd_div(sum.im, d));
	}
}
