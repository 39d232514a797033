/* Test matrices for the sparse tests, benchmarks and examples, generated in
 * the tree: stencils on regular grids in natural (lexicographic) order,
 * base 0, columns increasing within each row. */
#ifndef TF_TEST_SPARSE_MATRICES_H
#define TF_TEST_SPARSE_MATRICES_H

#include <stdint.h>

struct test_csr {
	int rows, cols;
	int *row_ptr;   /* rows + 1, base 0 */
	int *col_idx;
	double *values;
	int64_t nnz;
	int symmetric;  /* generated symmetric */
	char name[64];  /* what it is, for reports ("poisson2d-64", ...) */
};

/* The 2D five-point Laplacian on an nx x nx grid (Dirichlet): 4 on the
 * diagonal, -1 to the neighbours.  Symmetric positive definite. */
int test_poisson2d(int nx, struct test_csr *m);

/* The 3D seven-point Laplacian on nx^3: 6 and -1.  SPD. */
int test_poisson3d(int nx, struct test_csr *m);

/* Convection-diffusion -u'' + peclet (u_x + u_y) on nx x nx, upwind
 * differences: nonsymmetric, strongly so for peclet >> 1 (mesh Peclet
 * number peclet h / 2, h rounded so that the entries are integers). */
int test_convection_diffusion(int nx, double peclet, struct test_csr *m);

/* Diffusion -div(k grad u) on nx x nx with k = 1 and k = contrast in a
 * checkerboard of 4 x 4 blocks (an edge takes the smaller of its cells'
 * coefficients): SPD, with a condition number that grows with the
 * contrast (up to 1e6 in the tests).  With an integer contrast the entries
 * are integers, so b = A x is exact for an integer x. */
int test_jumping_coefficient(int nx, double contrast, struct test_csr *m);

/* An n x n nonsymmetric matrix (n >= 2) on which BiCGStab from x = 0 with
 * b = e_1 breaks down with omega = 0 in its first iteration: the block
 * [[1, 2], [1, 0]] and the identity after it. */
int test_breakdown_matrix(int n, struct test_csr *m);

/* y = A x for the test matrix, in long double (the known right-hand side
 * of a chosen solution is then b = A x rounded once). */
void test_csr_multiply(const struct test_csr *m, const double *x, double *y);

void test_csr_free(struct test_csr *m);

/* Writes the matrix in Matrix Market coordinate real general (or symmetric,
 * lower triangle, when `symmetric` is set and the matrix is). Returns 0 or
 * -1. */
int test_csr_write_mtx(const struct test_csr *m, const char *path, int symmetric);

#endif
