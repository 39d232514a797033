/* ScaLAPACK on top of libtwofold (test/mpi/scalapack.sh runs it under
 * mpirun, preloaded in dd mode, on grids of 2 and 4 ranks):
 *
 *   scalapack N NB
 *
 * PDGEMM C = A B and PDGESV A x = b on N x N matrices in NB x NB blocks,
 * each rank judging the elements it holds against MPFR:
 * - the product against its exact value.  PDGEMM adds the product of each
 *   panel of A's columns into C (beta = 1 after the first), one dgemm_ per
 *   panel and rank, and libtwofold rounds each call's result once (dd
 *   mode), so C carries one rounding per panel: |c - exact| <= (panels + 1)
 *   u S, S = sum |a_il b_lj|, u = 2^-53, panels = ceil(N / NB).  A wrong
 *   block (a rank's data misplaced) is off by about S.
 * - the solve against the exact solution x (random), b = A x rounded once
 *   (MPFR): A is its random part plus 2N on the diagonal, so ||A||_inf <=
 *   3N and ||A^-1||_inf <= 1/N, cond_inf(A) <= 3, and LU with partial
 *   pivoting gives ||x~ - x||_inf <= 10 N u cond ||x||_inf with room to
 *   spare (the growth factor of a diagonally dominant matrix is at most 2).
 * Every dgemm_ call of this process (those of ScaLAPACK and LAPACK; the
 * program makes none itself) goes through the dgemm_ below, which counts
 * it and passes it on to the next definition (libtwofold's when it is
 * preloaded); rank 0 prints each rank's count ("rank R dgemm_ N"), which
 * the script compares with that rank's TWOFOLD_LOG report.
 * Exit status: the number of checks failed, over all ranks. */
#define _GNU_SOURCE /* RTLD_NEXT */
#include <dlfcn.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include "bench/scalapack_grid.h"
#include "test/blas/exact.h"

typedef void dgemm_function(const char *, const char *, const int *, const int *, const int *,
			    const double *, const double *, const int *, const double *, const int *,
			    const double *, double *, const int *, size_t, size_t);
static long dgemm_calls;

/* The lengths of the two options, which Fortran callers pass, are passed
 * on as received. */
void dgemm_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
	    const double *alpha, const double *a, const int *lda, const double *b, const int *ldb,
	    const double *beta, double *c, const int *ldc, size_t transa_length, size_t transb_length)
{
	static dgemm_function *next;
	if (!next)
		next = (dgemm_function *)dlsym(RTLD_NEXT, "dgemm_");
	if (!next) {
		fprintf(stderr, "no dgemm_ after the program's\n");
		exit(99);
	}
	dgemm_calls++;
	next(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, transa_length,
	     transb_length);
}

enum { SEED_A = 1, SEED_B = 2, SEED_SOLVE = 3, SEED_X = 4 };

/* The largest error of this rank's elements of C = A B, in units of u S. */
static int check_product(const struct sg_matrix *c, int n, int nb, int context, double *worst)
{
	int rows, columns, row, column, failed = 0;
	Cblacs_gridinfo(context, &rows, &columns, &row, &column);
	int panels = (n + nb - 1) / nb;
	struct ex_sum sum;
	mpfr_t exact;
	ex_sum_init(&sum, n);
	mpfr_init2(exact, EX_PREC);
	*worst = 0;
	for (int jl = 0; jl < c->local_columns; jl++) {
		int j = sg_global(jl, nb, column, columns);
		for (int il = 0; il < c->local_rows; il++) {
			int i = sg_global(il, nb, row, rows);
			ex_sum_reset(&sum);
			for (int l = 0; l < n; l++)
				ex_sum_add(&sum, sg_element(SEED_A, i, l), sg_element(SEED_B, l, j), 1);
			ex_sum_value(&sum, exact);
			double got = c->data[il + (size_t)jl * c->desc[8]];
			mpfr_sub_d(exact, exact, got, MPFR_RNDN);
			double error = fabs(mpfr_get_d(exact, MPFR_RNDN)) / (0x1p-53 * sum.magnitude);
			if (error > *worst)
				*worst = error;
			if (!(error <= panels + 1) && failed++ < 5)
				fprintf(stderr, "C(%d,%d) = %.17g is %.3g u S from the exact product (bound %d)\n",
					i, j, got, error, panels + 1);
		}
	}
	mpfr_clear(exact);
	ex_sum_clear(&sum);
	return failed;
}

/* b = A x rounded once, in this rank's elements of b (column 0 of the grid). */
static void exact_right_side(struct sg_matrix *b, int n, int nb, int context)
{
	int rows, columns, row, column;
	Cblacs_gridinfo(context, &rows, &columns, &row, &column);
	struct ex_sum sum;
	mpfr_t exact;
	ex_sum_init(&sum, n);
	mpfr_init2(exact, EX_PREC);
	for (int il = 0; il < b->local_rows && b->local_columns > 0; il++) {
		int i = sg_global(il, nb, row, rows);
		ex_sum_reset(&sum);
		for (int l = 0; l < n; l++)
			ex_sum_add(&sum, sg_element(SEED_SOLVE, i, l) + (i == l ? 2.0 * n : 0),
				   sg_element(SEED_X, l, 0), 1);
		ex_sum_value(&sum, exact);
		b->data[il] = mpfr_get_d(exact, MPFR_RNDN);
	}
	mpfr_clear(exact);
	ex_sum_clear(&sum);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 0, nb = argc > 2 ? atoi(argv[2]) : 0;
	if (argc != 3 || n < 1 || nb < 1) {
		fprintf(stderr, "usage: scalapack N NB\n");
		return 2;
	}
	MPI_Init(&argc, &argv);
	int rank, ranks, rows, columns, row, column, context, one = 1, info;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &ranks);
	sg_grid_start(ranks, &context, &rows, &columns, &row, &column);

	struct sg_matrix a, b, c, s, x;
	if (!sg_matrix_make(&a, n, n, nb, context) || !sg_matrix_make(&b, n, n, nb, context) ||
	    !sg_matrix_make(&c, n, n, nb, context) || !sg_matrix_make(&s, n, n, nb, context) ||
	    !sg_matrix_make(&x, n, 1, nb, context)) {
		fprintf(stderr, "rank %d: no memory or descinit_ refused\n", rank);
		MPI_Abort(MPI_COMM_WORLD, 99);
	}
	sg_matrix_fill(&a, SEED_A, 0, context);
	sg_matrix_fill(&b, SEED_B, 0, context);
	sg_matrix_fill(&s, SEED_SOLVE, 2.0 * n, context);
	exact_right_side(&x, n, nb, context);

	const double alpha = 1, beta = 0;
	pdgemm_("N", "N", &n, &n, &n, &alpha, a.data, &one, &one, a.desc, b.data, &one, &one, b.desc,
		&beta, c.data, &one, &one, c.desc);
	double product_error;
	int failed = check_product(&c, n, nb, context, &product_error);

	int *pivots = malloc(((size_t)s.local_rows + (size_t)nb) * sizeof *pivots);
	pdgesv_(&n, &one, s.data, &one, &one, s.desc, pivots, x.data, &one, &one, x.desc, &info);
	double solve_error = 0, solution_norm = 0;
	for (int il = 0; il < x.local_rows && x.local_columns > 0; il++) {
		int i = sg_global(il, nb, row, rows);
		double exact = sg_element(SEED_X, i, 0);
		solve_error = fmax(solve_error, fabs(x.data[il] - exact));
		solution_norm = fmax(solution_norm, fabs(exact));
	}

	double local[3] = { product_error, solve_error, solution_norm }, global[3];
	MPI_Allreduce(local, global, 3, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
	int failures = failed + (info != 0), total_failures;
	MPI_Allreduce(&failures, &total_failures, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
	long *counts = malloc((size_t)ranks * sizeof *counts);
	MPI_Gather(&dgemm_calls, 1, MPI_LONG, counts, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	double solve_bound = 10.0 * n * 0x1p-53 * 3;
	double relative = global[1] / global[2];
	if (rank == 0) {
		printf("grid %d x %d, n %d, nb %d\n", rows, columns, n, nb);
		printf("pdgemm: largest error %.3g u S (bound %d)\n", global[0], (n + nb - 1) / nb + 1);
		printf("pdgesv: info %d, largest error %.3g of ||x|| (bound %.3g)\n", info, relative,
		       solve_bound);
		for (int r = 0; r < ranks; r++)
			printf("rank %d dgemm_ %ld\n", r, counts[r]);
	}
	if (!(relative <= solve_bound)) {
		if (rank == 0)
			fprintf(stderr, "pdgesv: error %.3g of ||x|| above %.3g\n", relative, solve_bound);
		total_failures++;
	}
	free(counts);
	free(pivots);
	Cblacs_gridexit(context);
	MPI_Finalize();
	return total_failures > 125 ? 125 : total_failures;
}
