/* ScaLAPACK's PDGEMM and PDGESV timed on every rank count, for twofold
 * preloaded in each rank (bench/scalapack.sh runs it on 1, 2, 4, ... ranks,
 * one GPU each):
 *
 *   scalapack N [NB [REPEATS [ROUTINES]]]
 *
 * N x N matrices in NB x NB blocks (256 by default) on the grid made from
 * the rank count (bench/scalapack_grid.h: 2 x 1, 2 x 2, 4 x 2, ...).  Rank
 * 0 prints one line per routine: ranks, grid, n, nb, the best of REPEATS
 * runs (1 by default) in seconds, and GFLOP/s at 2 N^3 (PDGEMM) and
 * 2/3 N^3 (PDGESV) flops; PDGESV's line also gives INFO and the largest
 * error of x, whose exact value is 1 in every element (b = A 1, rounded
 * once per element by ScaLAPACK's PDGEMV in the precision of the BLAS
 * that runs it).  ROUTINES: both (the default), pdgemm or pdgesv, the one
 * timed (at n = 32768, PDGESV in DD takes minutes). */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench/scalapack_grid.h"

void pdgemv_(const char *trans, const int *m, const int *n, const double *alpha, const double *a,
	     const int *ia, const int *ja, const int *desca, const double *x, const int *ix,
	     const int *jx, const int *descx, const int *incx, const double *beta, double *y,
	     const int *iy, const int *jy, const int *descy, const int *incy);

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 0, nb = argc > 2 ? atoi(argv[2]) : 256;
	int repeats = argc > 3 ? atoi(argv[3]) : 1;
	const char *routines = argc > 4 ? argv[4] : "both";
	int gemm = strcmp(routines, "pdgesv") != 0, gesv = strcmp(routines, "pdgemm") != 0;
	if (argc < 2 || argc > 5 || n < 1 || nb < 1 || repeats < 1 ||
	    (strcmp(routines, "both") && strcmp(routines, "pdgemm") && strcmp(routines, "pdgesv"))) {
		fprintf(stderr, "usage: scalapack N [NB [REPEATS [both|pdgemm|pdgesv]]]\n");
		return 2;
	}
	MPI_Init(&argc, &argv);
	int rank, ranks, rows, columns, row, column, context, one = 1, info = 0;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &ranks);
	sg_grid_start(ranks, &context, &rows, &columns, &row, &column);
	struct sg_matrix a, b, c, ones, x;
	if (!sg_matrix_make(&a, n, n, nb, context) || !sg_matrix_make(&b, n, n, nb, context) ||
	    !sg_matrix_make(&c, n, n, nb, context) || !sg_matrix_make(&ones, n, 1, nb, context) ||
	    !sg_matrix_make(&x, n, 1, nb, context)) {
		fprintf(stderr, "rank %d: no memory for n = %d\n", rank, n);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	int *pivots = malloc(((size_t)a.local_rows + (size_t)nb) * sizeof *pivots);
	const double alpha = 1, beta = 0;
	double gemm_best = INFINITY, gesv_best = INFINITY, error = 0;
	for (int r = 0; r < repeats && gemm; r++) {
		sg_matrix_fill(&a, 1, 0, context);
		sg_matrix_fill(&b, 2, 0, context);
		MPI_Barrier(MPI_COMM_WORLD);
		double start = MPI_Wtime();
		pdgemm_("N", "N", &n, &n, &n, &alpha, a.data, &one, &one, a.desc, b.data, &one, &one,
			b.desc, &beta, c.data, &one, &one, c.desc);
		MPI_Barrier(MPI_COMM_WORLD);
		gemm_best = fmin(gemm_best, MPI_Wtime() - start);
	}
	for (int r = 0; r < repeats && gesv; r++) {
		/* A diagonally dominant A (2N on the diagonal), b = A 1. */
		sg_matrix_fill(&a, 3, 2.0 * n, context);
		for (int i = 0; i < ones.local_rows * (ones.local_columns > 0); i++)
			ones.data[i] = 1;
		pdgemv_("N", &n, &n, &alpha, a.data, &one, &one, a.desc, ones.data, &one, &one,
			ones.desc, &one, &beta, x.data, &one, &one, x.desc, &one);
		MPI_Barrier(MPI_COMM_WORLD);
		double start = MPI_Wtime();
		pdgesv_(&n, &one, a.data, &one, &one, a.desc, pivots, x.data, &one, &one, x.desc, &info);
		MPI_Barrier(MPI_COMM_WORLD);
		gesv_best = fmin(gesv_best, MPI_Wtime() - start);
		for (int i = 0; i < x.local_rows * (x.local_columns > 0); i++)
			error = fmax(error, fabs(x.data[i] - 1));
	}
	double worst;
	MPI_Reduce(&error, &worst, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		double cube = (double)n * n * n;
		printf("%% routine ranks grid n nb seconds GFLOP/s\n");
		if (gemm)
			printf("pdgemm %d %dx%d %d %d %.4f %.1f\n", ranks, rows, columns, n, nb, gemm_best,
			       2 * cube / gemm_best * 1e-9);
		if (gesv)
			printf("pdgesv %d %dx%d %d %d %.4f %.1f info %d error %.2e\n", ranks, rows, columns,
			       n, nb, gesv_best, 2 * cube / 3 / gesv_best * 1e-9, info, worst);
	}
	free(pivots);
	Cblacs_gridexit(context);
	MPI_Finalize();
	return info != 0;
}
