/* What the ScaLAPACK test (test/mpi/scalapack.c) and benchmark
 * (bench/scalapack.c) share: the process grid made from the rank count,
 * block-cyclic matrices described for ScaLAPACK, and elements that are a
 * function of their global place, so that every grid holds the same
 * matrix and a rank can recompute any element it does not hold. */
#ifndef TF_BENCH_SCALAPACK_GRID_H
#define TF_BENCH_SCALAPACK_GRID_H

#include <stdint.h>
#include <stdlib.h>
#include "test/splitmix64.h"

/* BLACS's C interface and the ScaLAPACK routines used (Fortran calling
 * convention: every argument by reference). */
void Cblacs_get(int context, int what, int *value);
void Cblacs_gridinit(int *context, const char *order, int rows, int columns);
void Cblacs_gridinfo(int context, int *rows, int *columns, int *row, int *column);
void Cblacs_gridexit(int context);
int numroc_(const int *n, const int *nb, const int *process, const int *source, const int *processes);
void descinit_(int *desc, const int *m, const int *n, const int *mb, const int *nb, const int *row_source,
	       const int *column_source, const int *context, const int *leading, int *info);
void pdgemm_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
	     const double *alpha, const double *a, const int *ia, const int *ja, const int *desca,
	     const double *b, const int *ib, const int *jb, const int *descb, const double *beta,
	     double *c, const int *ic, const int *jc, const int *descc);
void pdgesv_(const int *n, const int *nrhs, double *a, const int *ia, const int *ja, const int *desca,
	     int *ipiv, double *b, const int *ib, const int *jb, const int *descb, int *info);

/* The grid of `ranks` processes: rows x columns with columns the largest
 * divisor of ranks not above its square root (2: 2 x 1, 4: 2 x 2, 8: 4 x 2). */
static inline void sg_grid_shape(int ranks, int *rows, int *columns)
{
	int c = 1;
	for (int d = 1; d * d <= ranks; d++)
		if (ranks % d == 0)
			c = d;
	*columns = c;
	*rows = ranks / c;
}

/* The BLACS grid of `ranks` processes (sg_grid_shape), row-major: its
 * context, its shape and this process's place in it. */
static inline void sg_grid_start(int ranks, int *context, int *rows, int *columns, int *row,
				 int *column)
{
	sg_grid_shape(ranks, rows, columns);
	Cblacs_get(-1, 0, context);
	Cblacs_gridinit(context, "Row", *rows, *columns);
	Cblacs_gridinfo(*context, rows, columns, row, column);
}

/* One block-cyclic matrix of this process: m x n in nb x nb blocks. */
struct sg_matrix {
	int desc[9];
	int local_rows, local_columns;
	double *data; /* local_rows x local_columns, column-major */
};

/* Describes and allocates `a` (zeroed); 0 when out of memory or refused. */
static inline int sg_matrix_make(struct sg_matrix *a, int m, int n, int nb, int context)
{
	int rows, columns, row, column, zero = 0, info;
	Cblacs_gridinfo(context, &rows, &columns, &row, &column);
	a->local_rows = numroc_(&m, &nb, &row, &zero, &rows);
	a->local_columns = numroc_(&n, &nb, &column, &zero, &columns);
	int leading = a->local_rows > 1 ? a->local_rows : 1;
	descinit_(a->desc, &m, &n, &nb, &nb, &zero, &zero, &context, &leading, &info);
	a->data = calloc((size_t)leading * (size_t)(a->local_columns > 0 ? a->local_columns : 1),
			 sizeof(double));
	return info == 0 && a->data != NULL;
}

/* The global index (from 0) of local row or column `local` of a process
 * at grid coordinate `place` of `count`, blocks of nb. */
static inline int sg_global(int local, int nb, int place, int count)
{
	return (local / nb * count + place) * nb + local % nb;
}

/* Element (i, j) of the matrix named `seed`: uniform in [-1, 1), the same
 * on every grid. */
static inline double sg_element(uint64_t seed, int i, int j)
{
	uint64_t state = seed * 0x9e3779b97f4a7c15u ^ ((uint64_t)(uint32_t)i << 32 | (uint32_t)j);
	splitmix64_next(&state);
	return 2 * splitmix64_unif(&state) - 1;
}

/* Fills this process's part of `a` with sg_element(seed, i, j), plus
 * `diagonal` on the diagonal. */
static inline void sg_matrix_fill(struct sg_matrix *a, uint64_t seed, double diagonal, int context)
{
	int rows, columns, row, column;
	Cblacs_gridinfo(context, &rows, &columns, &row, &column);
	int nb = a->desc[4], leading = a->desc[8];
	for (int jl = 0; jl < a->local_columns; jl++) {
		int j = sg_global(jl, nb, column, columns);
		for (int il = 0; il < a->local_rows; il++) {
			int i = sg_global(il, nb, row, rows);
			a->data[il + (size_t)jl * leading] = sg_element(seed, i, j) + (i == j ? diagonal : 0);
		}
	}
}

#endif
