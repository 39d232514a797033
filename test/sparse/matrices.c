/* Test matrices (matrices.h).  Each stencil row is emitted with its
 * columns increasing, so the rows come out sorted. */
#include "matrices.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for rows with up to `per_row` entries. */
static int reserve(struct test_csr *m, int rows, int per_row)
{
	memset(m, 0, sizeof *m);
	m->rows = m->cols = rows;
	m->row_ptr = malloc(((size_t)rows + 1) * sizeof *m->row_ptr);
	m->col_idx = malloc((size_t)rows * (size_t)per_row * sizeof *m->col_idx);
	m->values = malloc((size_t)rows * (size_t)per_row * sizeof *m->values);
	if (!m->row_ptr || !m->col_idx || !m->values) {
		test_csr_free(m);
		return -1;
	}
	m->row_ptr[0] = 0;
	return 0;
}

static void put(struct test_csr *m, int col, double value)
{
	m->col_idx[m->nnz] = col;
	m->values[m->nnz] = value;
	m->nnz++;
}

static void end_row(struct test_csr *m, int row)
{
	m->row_ptr[row + 1] = (int)m->nnz;
}

int test_poisson2d(int nx, struct test_csr *m)
{
	if (reserve(m, nx * nx, 5))
		return -1;
	for (int j = 0; j < nx; j++)
		for (int i = 0; i < nx; i++) {
			int row = j * nx + i;
			if (j > 0)
				put(m, row - nx, -1.0);
			if (i > 0)
				put(m, row - 1, -1.0);
			put(m, row, 4.0);
			if (i < nx - 1)
				put(m, row + 1, -1.0);
			if (j < nx - 1)
				put(m, row + nx, -1.0);
			end_row(m, row);
		}
	m->symmetric = 1;
	snprintf(m->name, sizeof m->name, "poisson2d-%d", nx);
	return 0;
}

int test_poisson3d(int nx, struct test_csr *m)
{
	if (reserve(m, nx * nx * nx, 7))
		return -1;
	int plane = nx * nx;
	for (int k = 0; k < nx; k++)
		for (int j = 0; j < nx; j++)
			for (int i = 0; i < nx; i++) {
				int row = k * plane + j * nx + i;
				if (k > 0)
					put(m, row - plane, -1.0);
				if (j > 0)
					put(m, row - nx, -1.0);
				if (i > 0)
					put(m, row - 1, -1.0);
				put(m, row, 6.0);
				if (i < nx - 1)
					put(m, row + 1, -1.0);
				if (j < nx - 1)
					put(m, row + nx, -1.0);
				if (k < nx - 1)
					put(m, row + plane, -1.0);
				end_row(m, row);
			}
	m->symmetric = 1;
	snprintf(m->name, sizeof m->name, "poisson3d-%d", nx);
	return 0;
}

int test_convection_diffusion(int nx, double peclet, struct test_csr *m)
{
	if (reserve(m, nx * nx, 5))
		return -1;
	/* Scaled by h^2: diffusion 4, -1; upwind convection c = peclet h in
	 * each direction adds c to the diagonal and -c to the upstream side.
	 * c is rounded to an integer, so that every entry is one (as in
	 * test_jumping_coefficient). */
	double c = fmax(1.0, round(peclet / (nx + 1)));
	for (int j = 0; j < nx; j++)
		for (int i = 0; i < nx; i++) {
			int row = j * nx + i;
			if (j > 0)
				put(m, row - nx, -1.0 - c);
			if (i > 0)
				put(m, row - 1, -1.0 - c);
			put(m, row, 4.0 + 2.0 * c);
			if (i < nx - 1)
				put(m, row + 1, -1.0);
			if (j < nx - 1)
				put(m, row + nx, -1.0);
			end_row(m, row);
		}
	m->symmetric = 0;
	snprintf(m->name, sizeof m->name, "convdiff-%d-pe%g", nx, peclet);
	return 0;
}

/* The coefficient of cell (i, j): the checkerboard of 4 x 4 blocks. */
static double coefficient(int i, int j, double contrast)
{
	return ((i / 4 + j / 4) % 2) ? contrast : 1.0;
}

/* The edge between two cells takes the smaller coefficient (the harmonic
 * mean's order of magnitude): with an integer contrast every entry is an
 * integer, so b = A x is exact for an integer x and x is the exact
 * solution of the system as stored. */
static double edge(double a, double b)
{
	return a < b ? a : b;
}

int test_jumping_coefficient(int nx, double contrast, struct test_csr *m)
{
	if (reserve(m, nx * nx, 5))
		return -1;
	for (int j = 0; j < nx; j++)
		for (int i = 0; i < nx; i++) {
			int row = j * nx + i;
			double k = coefficient(i, j, contrast);
			/* The boundary's edges take the cell's own coefficient. */
			double south = j > 0 ? edge(k, coefficient(i, j - 1, contrast)) : k;
			double west = i > 0 ? edge(k, coefficient(i - 1, j, contrast)) : k;
			double east = i < nx - 1 ? edge(k, coefficient(i + 1, j, contrast)) : k;
			double north = j < nx - 1 ? edge(k, coefficient(i, j + 1, contrast)) : k;
			if (j > 0)
				put(m, row - nx, -south);
			if (i > 0)
				put(m, row - 1, -west);
			put(m, row, south + west + east + north);
			if (i < nx - 1)
				put(m, row + 1, -east);
			if (j < nx - 1)
				put(m, row + nx, -north);
			end_row(m, row);
		}
	m->symmetric = 1;
	snprintf(m->name, sizeof m->name, "jump-%d-%g", nx, contrast);
	return 0;
}

int test_breakdown_matrix(int n, struct test_csr *m)
{
	if (n < 2 || reserve(m, n, 2))
		return -1;
	put(m, 0, 1.0);
	put(m, 1, 2.0);
	end_row(m, 0);
	put(m, 0, 1.0);
	end_row(m, 1);
	for (int row = 2; row < n; row++) {
		put(m, row, 1.0);
		end_row(m, row);
	}
	m->symmetric = 0;
	snprintf(m->name, sizeof m->name, "breakdown-%d", n);
	return 0;
}

void test_csr_multiply(const struct test_csr *m, const double *x, double *y)
{
	for (int i = 0; i < m->rows; i++) {
		long double sum = 0;
		for (int k = m->row_ptr[i]; k < m->row_ptr[i + 1]; k++)
			sum += (long double)m->values[k] * x[m->col_idx[k]];
		y[i] = (double)sum;
	}
}

void test_csr_free(struct test_csr *m)
{
	free(m->row_ptr);
	free(m->col_idx);
	free(m->values);
	m->row_ptr = NULL;
	m->col_idx = NULL;
	m->values = NULL;
}

int test_csr_write_mtx(const struct test_csr *m, const char *path, int symmetric)
{
	FILE *file = fopen(path, "w");
	if (!file)
		return -1;
	symmetric = symmetric && m->symmetric;
	int64_t count = 0;
	for (int i = 0; i < m->rows; i++)
		for (int k = m->row_ptr[i]; k < m->row_ptr[i + 1]; k++)
			count += !symmetric || m->col_idx[k] <= i;
	fprintf(file, "%%%%MatrixMarket matrix coordinate real %s\n%% %s\n%d %d %lld\n",
		symmetric ? "symmetric" : "general", m->name, m->rows, m->cols, (long long)count);
	for (int i = 0; i < m->rows; i++)
		for (int k = m->row_ptr[i]; k < m->row_ptr[i + 1]; k++)
			if (!symmetric || m->col_idx[k] <= i)
				fprintf(file, "%d %d %.17g\n", i + 1, m->col_idx[k] + 1, m->values[k]);
	return fclose(file) == 0 ? 0 : -1;
}
