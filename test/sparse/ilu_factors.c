/* The ILU(0) factors of the CPU backend (tf_cpu_ilu0, built here from
 * src/cpu/sparse_csr.c: the library exports none of its functions) against
 * a dense factorization of small cases in long double: Gaussian
 * elimination (IKJ) on the dense matrix, keeping only the entries of A's
 * pattern, which is ILU(0) by definition; where the pattern has no fill
 * it is the complete LU, and the dense factorization keeps every entry.
 *
 * Checked: the layout op/sparse_op.h promises (base 0; L strictly lower,
 * columns increasing; U diagonal first, then increasing; L and U together
 * hold A's pattern), and every entry against the dense one, within
 *   |U_ij - U'_ij| <= 8 n u (|L'| |U'|)_ij,
 *   |L_ij - L'_ij| <= 8 n u (|L'| |U'|)_ij / |U'_jj|,
 * the size of the rounding errors of the elimination (u = 2^-53); then the
 * return value for a zero pivot (the row, counted from 1).  Rows are given
 * in random column order, base 0 and 1.  One line per case; exit 0 or 1. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../splitmix64.h"
#include "cpu/sparse.h"
#include "matrices.h"

static int failures;
static uint64_t seed = 0x696c7530ull;

/* The dense ILU(0) of m (fill: 1 for the complete LU), in a[n*n]. */
static void dense_factors(const struct test_csr *m, int fill, long double *a)
{
	int n = m->rows;
	char *in = calloc((size_t)n * n, 1);
	memset(a, 0, (size_t)n * n * sizeof *a);
	for (int i = 0; i < n; i++)
		for (int k = m->row_ptr[i]; k < m->row_ptr[i + 1]; k++) {
			a[(size_t)i * n + m->col_idx[k]] = m->values[k];
			in[(size_t)i * n + m->col_idx[k]] = 1;
		}
	for (int i = 1; i < n; i++)
		for (int k = 0; k < i; k++) {
			if (!in[(size_t)i * n + k] && !fill)
				continue;
			long double l = a[(size_t)i * n + k] / a[(size_t)k * n + k];
			a[(size_t)i * n + k] = l;
			for (int j = k + 1; j < n; j++)
				if (in[(size_t)i * n + j] || fill)
					a[(size_t)i * n + j] -= l * a[(size_t)k * n + j];
		}
	free(in);
}

/* m's rows shuffled within themselves, with base `base` added: the
 * arrays handed to tf_cpu_ilu0. */
static struct tf_csr_arrays shuffled(const struct test_csr *m, int base, int **ptr, int **col,
				     double **val)
{
	*ptr = malloc(((size_t)m->rows + 1) * sizeof **ptr);
	*col = malloc((size_t)m->nnz * sizeof **col + 1);
	*val = malloc((size_t)m->nnz * sizeof **val + 1);
	for (int i = 0; i <= m->rows; i++)
		(*ptr)[i] = m->row_ptr[i] + base;
	for (int i = 0; i < m->rows; i++) {
		int from = m->row_ptr[i], count = m->row_ptr[i + 1] - from;
		for (int k = 0; k < count; k++) {
			(*col)[from + k] = m->col_idx[from + k] + base;
			(*val)[from + k] = m->values[from + k];
		}
		for (int k = count - 1; k > 0; k--) {
			int r = splitmix64_int(&seed, 0, k);
			int c = (*col)[from + k];
			double v = (*val)[from + k];
			(*col)[from + k] = (*col)[from + r], (*val)[from + k] = (*val)[from + r];
			(*col)[from + r] = c, (*val)[from + r] = v;
		}
	}
	return (struct tf_csr_arrays){ m->rows, m->cols, base, m->nnz, *ptr, *col, *val };
}

/* One case: the factors' layout and entries. */
static void compare(const struct test_csr *m, int fill, int base)
{
	int n = m->rows, *ptr, *col;
	double *val;
	struct tf_csr_arrays arrays = shuffled(m, base, &ptr, &col, &val);
	struct tf_ilu0 ilu;
	int status = tf_cpu_ilu0(&arrays, &ilu);
	long double *ref = malloc((size_t)n * n * sizeof *ref);
	dense_factors(m, fill, ref);
	/* |L'| |U'| */
	long double *scale = calloc((size_t)n * n, sizeof *scale);
	for (int i = 0; i < n; i++)
		for (int k = 0; k <= i; k++) {
			long double l = k == i ? 1 : fabsl(ref[(size_t)i * n + k]);
			if (l == 0)
				continue;
			for (int j = k; j < n; j++)
				scale[(size_t)i * n + j] += l * fabsl(ref[(size_t)k * n + j]);
		}
	int bad = 0, layout = 0;
	double worst = 0;
	char *seen = calloc((size_t)n * n, 1);
	const double u = 0x1p-53;
	for (int pass = 0; pass < 2 && status == 0; pass++) {
		const struct tf_csr_arrays *f = pass ? &ilu.upper.host : &ilu.lower.host;
		if (f->base != 0 || f->rows != n || f->row_ptr[0] != 0)
			layout++;
		for (int i = 0; i < n; i++)
			for (int k = f->row_ptr[i]; k < f->row_ptr[i + 1]; k++) {
				int j = f->col_idx[k];
				int first = k == f->row_ptr[i];
				/* L: j < i, increasing; U: j = i first, then
				 * increasing */
				if (pass == 0 ? j >= i || (!first && j <= f->col_idx[k - 1])
					      : (first ? j != i : j <= f->col_idx[k - 1]))
					layout++;
				if (j < 0 || j >= n || seen[(size_t)i * n + j]++) {
					layout++;
					continue;
				}
				long double want = ref[(size_t)i * n + j];
				long double bound = 8 * n * u * scale[(size_t)i * n + j];
				if (pass == 0)
					bound /= fabsl(ref[(size_t)j * n + j]);
				double ratio = (double)(fabsl(f->values[k] - want) / bound);
				if (ratio > worst)
					worst = ratio;
				if (!(ratio <= 1)) {
					bad++;
					if (bad <= 5)
						printf("  %c(%d, %d) = %.17g, dense %.20Lg\n",
						       pass ? 'U' : 'L', i, j, f->values[k], want);
				}
			}
	}
	/* L and U hold A's pattern, nothing else */
	for (int i = 0; i < n && status == 0; i++)
		for (int k = m->row_ptr[i]; k < m->row_ptr[i + 1]; k++)
			if (!seen[(size_t)i * n + m->col_idx[k]])
				layout++;
	if (status == 0 && ilu.lower.host.nnz + ilu.upper.host.nnz != m->nnz)
		layout++;
	int ok = status == 0 && !bad && !layout;
	printf("%-20s n %3d nnz %5lld base %d %-9s status %d, layout %s, max err %.3g of bound  %s\n",
	       m->name, n, (long long)m->nnz, base, fill ? "(no fill)" : "", status,
	       layout ? "WRONG" : "ok", worst, ok ? "PASS" : "FAIL");
	failures += !ok;
	if (status == 0)
		tf_cpu_ilu0_free(&ilu);
	free(ref);
	free(scale);
	free(seen);
	free(ptr);
	free(col);
	free(val);
}

/* n x n, nonsymmetric, about `per_row` entries a row besides the
 * diagonal, which dominates by `margin`. */
static void random_sparse(int n, int per_row, double margin, struct test_csr *m)
{
	memset(m, 0, sizeof *m);
	m->rows = m->cols = n;
	m->row_ptr = malloc(((size_t)n + 1) * sizeof *m->row_ptr);
	m->col_idx = malloc((size_t)n * (per_row + 1) * sizeof *m->col_idx);
	m->values = malloc((size_t)n * (per_row + 1) * sizeof *m->values);
	char *taken = calloc((size_t)n, 1);
	m->row_ptr[0] = 0;
	for (int i = 0; i < n; i++) {
		double sum = 0;
		int start = (int)m->nnz;
		taken[i] = 1;
		for (int t = 0; t < per_row; t++) {
			int j = splitmix64_int(&seed, 0, n - 1);
			if (taken[j])
				continue;
			taken[j] = 1;
			double v = splitmix64_sym(&seed);
			m->col_idx[m->nnz] = j;
			m->values[m->nnz++] = v;
			sum += fabs(v);
		}
		m->col_idx[m->nnz] = i;
		m->values[m->nnz++] = margin * (sum + 1) * (i % 2 ? -1 : 1);
		for (int k = start; k < (int)m->nnz; k++)
			taken[m->col_idx[k]] = 0;
		/* columns increasing, as the generators give them */
		for (int a = start + 1; a < (int)m->nnz; a++)
			for (int b = a; b > start && m->col_idx[b - 1] > m->col_idx[b]; b--) {
				int c = m->col_idx[b];
				double v = m->values[b];
				m->col_idx[b] = m->col_idx[b - 1], m->values[b] = m->values[b - 1];
				m->col_idx[b - 1] = c, m->values[b - 1] = v;
			}
		m->row_ptr[i + 1] = (int)m->nnz;
	}
	free(taken);
	snprintf(m->name, sizeof m->name, "random-%d-%g", n, margin);
}

/* n x n tridiagonal, nonsymmetric, the diagonal dominant: no fill. */
static void tridiagonal(int n, struct test_csr *m)
{
	memset(m, 0, sizeof *m);
	m->rows = m->cols = n;
	m->row_ptr = malloc(((size_t)n + 1) * sizeof *m->row_ptr);
	m->col_idx = malloc((size_t)n * 3 * sizeof *m->col_idx);
	m->values = malloc((size_t)n * 3 * sizeof *m->values);
	m->row_ptr[0] = 0;
	for (int i = 0; i < n; i++) {
		for (int j = i - 1; j <= i + 1; j++)
			if (j >= 0 && j < n) {
				m->col_idx[m->nnz] = j;
				m->values[m->nnz++] = j == i ? 2.5 + splitmix64_unif(&seed)
							     : splitmix64_sym(&seed);
			}
		m->row_ptr[i + 1] = (int)m->nnz;
	}
	snprintf(m->name, sizeof m->name, "tridiagonal-%d", n);
}

/* A zero pivot at row 2 (0-based): the return is 3. */
static void zero_pivot(void)
{
	/* tridiagonal, off-diagonals 1, diagonal 2, 2.5, 0.5: pivots 2, 2, 0 */
	int ptr[5] = { 0, 2, 5, 8, 10 }, col[10] = { 0, 1, 0, 1, 2, 1, 2, 3, 2, 3 };
	double val[10] = { 2, 1, 1, 2.5, 1, 1, 0.5, 1, 1, 3 };
	struct tf_csr_arrays a = { 4, 4, 0, 10, ptr, col, val };
	struct tf_ilu0 ilu;
	int status = tf_cpu_ilu0(&a, &ilu);
	printf("%-20s returns %d (row 2, counted from 1: 3)  %s\n", "zero pivot", status,
	       status == 3 ? "PASS" : "FAIL");
	failures += status != 3;
	if (status == 0)
		tf_cpu_ilu0_free(&ilu);
}

int main(void)
{
	struct test_csr m;
	test_poisson2d(6, &m);
	compare(&m, 0, 0);
	compare(&m, 0, 1);
	test_csr_free(&m);
	test_poisson3d(4, &m);
	compare(&m, 0, 1);
	test_csr_free(&m);
	test_convection_diffusion(7, 300.0, &m);
	compare(&m, 0, 0);
	test_csr_free(&m);
	test_jumping_coefficient(8, 1e6, &m);
	compare(&m, 0, 0);
	test_csr_free(&m);
	random_sparse(60, 5, 1.5, &m);
	compare(&m, 0, 0);
	compare(&m, 0, 1);
	test_csr_free(&m);
	random_sparse(40, 8, 0.3, &m); /* not dominant: larger growth */
	compare(&m, 0, 1);
	test_csr_free(&m);
	/* no fill: the ILU(0) is the LU */
	tridiagonal(30, &m);
	compare(&m, 1, 0);
	compare(&m, 1, 1);
	test_csr_free(&m);
	zero_pivot();
	printf("%d failures\n", failures);
	return failures != 0;
}
