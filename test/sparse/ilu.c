/* ILU(0) through the solvers (twofold/sparse.h), on the CPU:
 *
 *   - on matrices whose ILU(0) has no fill (tridiagonal; an arrow whose
 *     last row and column are full), L U = A, the factors are A's exact LU:
 *     preconditioned CG and BiCGStab converge in 1 or 2 iterations, in
 *     double and in DD, to the known solution, where the unpreconditioned
 *     solvers take many more;
 *   - one preconditioned iteration on a matrix whose factors are exact
 *     and whose triangular solves need more bits than a double: the DD
 *     solvers' residual is of the order of u^2, the double ones' of u (the
 *     triangular solves run in DD);
 *   - a zero pivot (met during the factorization, or stored on the
 *     diagonal), a pivot that overflows, a missing diagonal entry: every
 *     solver asked for ILU(0) returns TF_SOLVE_INVALID with "ILU(0) zero
 *     pivot at row N" (N counted from the matrix's base) and leaves x as it
 *     was; without ILU(0) the same matrices are solved;
 *   - the DD solve on the ill-conditioned jumping-coefficient matrix
 *     (contrast 1e6, whose entries and b = A x are exact in double)
 *     reaches a true relative error of 1e-12 against the known solution
 *     where the double solve does not.
 *
 * One line per case; exit 0 or 1. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "matrices.h"
#include "twofold.h"
#include "twofold/sparse.h"
#include "check.h"

enum method { CG, BICGSTAB };
enum precision { DOUBLE, DD };
static const char *method_name[] = { "cg", "bicgstab" };
static const char *precision_name[] = { "double", "dd" };

/* Room for a matrix of n rows with up to per_row entries each. */
static void reserve(struct test_csr *m, int n, int per_row, const char *name)
{
	memset(m, 0, sizeof *m);
	m->rows = m->cols = n;
	m->row_ptr = malloc(((size_t)n + 1) * sizeof *m->row_ptr);
	m->col_idx = malloc((size_t)n * (size_t)per_row * sizeof *m->col_idx);
	m->values = malloc((size_t)n * (size_t)per_row * sizeof *m->values);
	m->row_ptr[0] = 0;
	snprintf(m->name, sizeof m->name, "%s", name);
}

static void put(struct test_csr *m, int col, double value)
{
	m->col_idx[m->nnz] = col;
	m->values[m->nnz++] = value;
}

static void end_row(struct test_csr *m, int row)
{
	m->row_ptr[row + 1] = (int)m->nnz;
}

/* Tridiagonal, strictly diagonally dominant, entries of few bits (so that
 * b = A x is exact for an integer x): symmetric (SPD) or not.  Its ILU(0)
 * is its LU. */
static void tridiagonal(int n, int symmetric, struct test_csr *m)
{
	reserve(m, n, 3, symmetric ? "tridiagonal-spd" : "tridiagonal");
	for (int i = 0; i < n; i++) {
		/* a(i, i-1) and a(i, i+1) */
		double lower = symmetric ? -0.5 * (1 + (i - 1) % 2) : -0.5 - 0.25 * (i % 2);
		double upper = symmetric ? -0.5 * (1 + i % 2) : -1 - 0.25 * (i % 3);
		if (i > 0)
			put(m, i - 1, lower);
		put(m, i, 3 + i % 2);
		if (i < n - 1)
			put(m, i + 1, upper);
		end_row(m, i);
	}
	m->symmetric = symmetric;
}

/* An arrow: the diagonal, the last column and the last row; eliminating a
 * column changes only the last diagonal entry, so there is no fill.
 * Diagonally dominant, the diagonal spread over 3 .. 147 (so that the
 * unpreconditioned solvers need many iterations); symmetric (SPD) or not. */
static void arrow(int n, int symmetric, struct test_csr *m)
{
	reserve(m, n, n, symmetric ? "arrow-spd" : "arrow");
	for (int i = 0; i < n - 1; i++) {
		put(m, i, 3 + 4 * (i % 37));
		put(m, n - 1, 0.5 * (1 + i % 3));
		end_row(m, i);
	}
	for (int j = 0; j < n - 1; j++)
		put(m, j, symmetric ? 0.5 * (1 + j % 3) : -0.25 * (1 + j % 5));
	put(m, n - 1, 2.0 * n);
	end_row(m, n - 1);
	m->symmetric = symmetric;
}

/* A small integer solution; b = A x rounded once (exact for the matrices
 * here, which is checked). */
static void known_system(const struct test_csr *m, double *x, double *b)
{
	for (int i = 0; i < m->rows; i++)
		x[i] = (double)(1 + (i * 7) % 11) * (i % 2 ? -1 : 1);
	test_csr_multiply(m, x, b);
	for (int i = 0; i < m->rows; i++) {
		long double s = 0;
		for (int k = m->row_ptr[i]; k < m->row_ptr[i + 1]; k++)
			s += (long double)m->values[k] * x[m->col_idx[k]];
		if (s != (long double)b[i]) {
			printf("internal error: b(%d) of %s is not exact\n", i, m->name);
			exit(99);
		}
	}
}

/* The descriptor with index base `base` (arrays copied into *ptr, *col). */
static tf_csr *describe(const struct test_csr *m, int base, int **ptr, int **col)
{
	*ptr = malloc(((size_t)m->rows + 1) * sizeof **ptr);
	*col = malloc((size_t)m->nnz * sizeof **col + 1);
	for (int i = 0; i <= m->rows; i++)
		(*ptr)[i] = m->row_ptr[i] + base;
	for (int64_t k = 0; k < m->nnz; k++)
		(*col)[k] = m->col_idx[k] + base;
	tf_csr *a = tf_csr_create(m->rows, m->cols, base, *ptr, *col, m->values);
	if (tf_csr_status(a) != 0) {
		printf("internal error: %s refused: %s\n", m->name, tf_csr_message(a));
		exit(99);
	}
	return a;
}

/* Solves from x0 (NULL: zeros) and returns the solution, rounded to
 * double, in x. */
static int solve(const tf_csr *a, enum method method, enum precision precision,
		 const tf_solve_options *o, const double *b, const double *x0, double *x,
		 tf_solve_result *r)
{
	int n = tf_csr_rows(a), status;
	for (int i = 0; i < n; i++)
		x[i] = x0 ? x0[i] : 0;
	if (precision == DOUBLE)
		return method == CG ? tf_dcg(a, n, b, x, o, r) : tf_dbicgstab(a, n, b, x, o, r);
	tf_dd *bb = malloc((size_t)n * sizeof *bb), *xx = malloc((size_t)n * sizeof *xx);
	tf_d2dd_array(n, b, 1, bb, 1);
	tf_d2dd_array(n, x, 1, xx, 1);
	status = method == CG ? tf_ddcg(a, n, bb, xx, o, r) : tf_ddbicgstab(a, n, bb, xx, o, r);
	tf_dd2d_array(n, xx, 1, x, 1);
	free(bb);
	free(xx);
	return status;
}

/* max |x - exact| / max |exact| */
static double error(const double *x, const double *exact, int n)
{
	double e = 0, size = 0;
	for (int i = 0; i < n; i++) {
		e = fmax(e, fabs(x[i] - exact[i]));
		size = fmax(size, fabs(exact[i]));
	}
	return e / size;
}

/* ---- No fill: the factors are the LU ----------------------------------- */

static void exact_factors(const struct test_csr *m, int base)
{
	int n = m->rows, *ptr, *col;
	double *exact = malloc((size_t)n * sizeof *exact), *b = malloc((size_t)n * sizeof *b),
	       *x = malloc((size_t)n * sizeof *x);
	known_system(m, exact, b);
	tf_csr *a = describe(m, base, &ptr, &col);
	for (int method = m->symmetric ? CG : BICGSTAB; method <= BICGSTAB; method++)
		for (int p = DOUBLE; p <= DD; p++) {
			tf_solve_options o;
			tf_solve_result with, without;
			tf_solve_options_init(&o);
			o.device = TF_DEVICE_CPU;
			/* DD: far below double's reach, to see the DD triangular
			 * solves at work */
			o.tol = p == DD ? 1e-28 : 1e-12;
			int s0 = solve(a, method, p, &o, b, NULL, x, &without);
			o.precond = TF_PRECOND_ILU0;
			int s1 = solve(a, method, p, &o, b, NULL, x, &with);
			double e = error(x, exact, n);
			int ok = s1 == TF_SOLVE_CONVERGED && with.iterations <= (p == DD ? 3 : 2) &&
				 e <= (p == DD ? 1e-26 : 1e-13) && s0 == TF_SOLVE_CONVERGED &&
				 without.iterations > 4 * with.iterations;
			printf("%-16s base %d n %4d %-8s %-6s ilu0 %d iterations (none: %d), true "
			       "residual %.2e, error %.2e  %s\n", m->name, base, n, method_name[method],
			       precision_name[p], with.iterations, without.iterations,
			       with.true_residual, e, ok ? "PASS" : "FAIL");
			CHECK(ok, "%s %s %s: %s / %s", m->name, method_name[method], precision_name[p],
			      with.message, without.message);
		}
	tf_csr_destroy(a);
	free(ptr);
	free(col);
	free(exact);
	free(b);
	free(x);
}

/* ---- The triangular solves in DD ----------------------------------------- */

/* tridiag(-1, 2.5, -1) with a(0, 0) = 2 is L D L^T with L unit lower
 * bidiagonal (-0.5) and D = 2 I: its ILU(0) in double is exact (pivots 2,
 * multipliers -0.5).  With b = ones, L^-1 b = 1, 1.5, 1.75, ... needs more
 * bits than a double holds after 53 rows, so the preconditioner applied in
 * double is off by about u, in DD by about u^2.  One iteration of the
 * preconditioned solver from x = 0 gives x = alpha M^-1 b with alpha = 1:
 * its true residual shows the precision of the triangular solves. */
static void dd_triangular_solves(void)
{
	struct test_csr m;
	int n = 300;
	reserve(&m, n, 3, "tridiagonal-ldlt");
	for (int i = 0; i < n; i++) {
		if (i > 0)
			put(&m, i - 1, -1);
		put(&m, i, i == 0 ? 2 : 2.5);
		if (i < n - 1)
			put(&m, i + 1, -1);
		end_row(&m, i);
	}
	m.symmetric = 1;
	int *ptr, *col;
	tf_csr *a = describe(&m, 0, &ptr, &col);
	double *b = malloc((size_t)n * sizeof *b), *x = malloc((size_t)n * sizeof *x);
	for (int i = 0; i < n; i++)
		b[i] = 1;
	for (int method = CG; method <= BICGSTAB; method++) {
		double residual[2];
		for (int p = DOUBLE; p <= DD; p++) {
			tf_solve_options o;
			tf_solve_result r;
			tf_solve_options_init(&o);
			o.device = TF_DEVICE_CPU;
			o.precond = TF_PRECOND_ILU0;
			o.tol = p == DD ? 1e-30 : 1e-15;
			o.maxit = 1;
			solve(a, method, p, &o, b, NULL, x, &r);
			residual[p] = r.true_residual;
			printf("%-16s n %4d %-8s %-6s ilu0, 1 iteration: true residual %.2e\n", m.name, n,
			       method_name[method], precision_name[p], r.true_residual);
		}
		/* double: about u; DD: about u^2 */
		int ok = residual[DD] <= 1e-28 && residual[DOUBLE] >= 1e-20;
		printf("%-16s %-8s the DD solves reach %.2e, double %.2e  %s\n", m.name,
		       method_name[method], residual[DD], residual[DOUBLE], ok ? "PASS" : "FAIL");
		CHECK(ok, "%s: one preconditioned iteration, residual %g in DD, %g in double",
		      method_name[method], residual[DD], residual[DOUBLE]);
	}
	tf_csr_destroy(a);
	test_csr_free(&m);
	free(ptr);
	free(col);
	free(b);
	free(x);
}

/* ---- Zero pivots ----------------------------------------------------------- */

/* message holds "ILU(0) zero pivot at row N", N not followed by a digit. */
static int names_row(const char *message, int row)
{
	char want[64];
	snprintf(want, sizeof want, "ILU(0) zero pivot at row %d", row);
	const char *at = strstr(message, want);
	return at && !isdigit((unsigned char)at[strlen(want)]);
}

/* Every solver with ILU(0) refuses m, naming row `row` (base 0) as
 * row + base, and leaves x as it was; BiCGStab without ILU(0) runs. */
static void refused(const struct test_csr *m, int row, const char *what)
{
	int n = m->rows;
	double *b = malloc((size_t)n * sizeof *b), *x = malloc((size_t)n * sizeof *x),
	       *x0 = malloc((size_t)n * sizeof *x0);
	for (int i = 0; i < n; i++)
		b[i] = 1 + i, x0[i] = 0.25 * i;
	for (int base = 0; base <= 1; base++) {
		int *ptr, *col;
		tf_csr *a = describe(m, base, &ptr, &col);
		for (int method = CG; method <= BICGSTAB; method++)
			for (int p = DOUBLE; p <= DD; p++) {
				tf_solve_options o;
				tf_solve_result r;
				tf_solve_options_init(&o);
				o.device = TF_DEVICE_CPU;
				o.precond = TF_PRECOND_ILU0;
				memset(&r, 0x55, sizeof r);
				r.message[sizeof r.message - 1] = 0;
				int status = solve(a, method, p, &o, b, x0, x, &r);
				int unchanged = memcmp(x, x0, (size_t)n * sizeof *x) == 0;
				int ok = status == TF_SOLVE_INVALID && r.status == TF_SOLVE_INVALID &&
					 names_row(r.message, row + base) && unchanged;
				printf("%-26s base %d %-8s %-6s -> %s  %s\n", what, base,
				       method_name[method], precision_name[p], r.message,
				       ok ? "PASS" : "FAIL");
				CHECK(ok, "%s, base %d, %s %s: status %d, x %s", what, base,
				      method_name[method], precision_name[p], status,
				      unchanged ? "unchanged" : "changed");
			}
		/* the matrix itself is legal: without ILU(0) the solve runs */
		tf_solve_options o;
		tf_solve_result r;
		tf_solve_options_init(&o);
		o.device = TF_DEVICE_CPU;
		o.maxit = 50;
		int status = solve(a, BICGSTAB, DD, &o, b, NULL, x, &r);
		CHECK(status != TF_SOLVE_INVALID, "%s without ILU(0): %s", what, r.message);
		tf_csr_destroy(a);
		free(ptr);
		free(col);
	}
	free(b);
	free(x);
	free(x0);
}

static void zero_pivots(void)
{
	struct test_csr m;
	/* [[1, 1, 0], [1, 1, 1], [0, 1, 2]]: the pivot of row 1 is 1 - 1 * 1 */
	reserve(&m, 3, 3, "pivot-1");
	put(&m, 0, 1), put(&m, 1, 1), end_row(&m, 0);
	put(&m, 0, 1), put(&m, 1, 1), put(&m, 2, 1), end_row(&m, 1);
	put(&m, 1, 1), put(&m, 2, 2), end_row(&m, 2);
	refused(&m, 1, "pivot 0 met at row 1");
	test_csr_free(&m);

	/* tridiagonal, off-diagonals 1, diagonal 2, 2.5, 2.5, 2.5, 0.5, 3:
	 * pivots 2, 2, 2, 2, 0 (exactly) */
	static const double diagonal[6] = { 2, 2.5, 2.5, 2.5, 0.5, 3 };
	reserve(&m, 6, 3, "pivot-4");
	for (int i = 0; i < 6; i++) {
		if (i > 0)
			put(&m, i - 1, 1);
		put(&m, i, diagonal[i]);
		if (i < 5)
			put(&m, i + 1, 1);
		end_row(&m, i);
	}
	refused(&m, 4, "pivot 0 met at row 4");
	test_csr_free(&m);

	/* [[0, 1], [1, 1]]: a zero stored on the diagonal of row 0 */
	reserve(&m, 2, 2, "stored-0");
	put(&m, 0, 0), put(&m, 1, 1), end_row(&m, 0);
	put(&m, 0, 1), put(&m, 1, 1), end_row(&m, 1);
	refused(&m, 0, "zero stored at row 0");
	test_csr_free(&m);

	/* 4 x 4, row 2 without its diagonal entry (columns 1 and 3) */
	reserve(&m, 4, 3, "missing-2");
	put(&m, 0, 4), put(&m, 1, 1), end_row(&m, 0);
	put(&m, 0, 1), put(&m, 1, 4), put(&m, 2, 1), end_row(&m, 1);
	put(&m, 1, 1), put(&m, 3, 1), end_row(&m, 2);
	put(&m, 2, 1), put(&m, 3, 4), end_row(&m, 3);
	refused(&m, 2, "no diagonal in row 2");
	test_csr_free(&m);
}

/* A pivot that overflows: [[2^-600, 1], [2^600, 1]], row 1's pivot is
 * 1 - 2^600 * 1 / 2^-600 = -Inf: refused as a pivot that is not finite. */
static void infinite_pivot(void)
{
	int ptr[3] = { 0, 2, 4 }, col[4] = { 0, 1, 0, 1 };
	double val[4] = { 0x1p-600, 1, 0x1p600, 1 }, b[2] = { 1, 1 }, x[2] = { 3, 4 };
	tf_csr *a = tf_csr_create(2, 2, 0, ptr, col, val);
	for (int p = DOUBLE; p <= DD; p++) {
		tf_solve_options o;
		tf_solve_result r;
		tf_solve_options_init(&o);
		o.device = TF_DEVICE_CPU;
		o.precond = TF_PRECOND_ILU0;
		double x0[2] = { 3, 4 };
		int status = solve(a, BICGSTAB, p, &o, b, x0, x, &r);
		int ok = status == TF_SOLVE_INVALID && strstr(r.message, "ILU(0)") &&
			 strstr(r.message, "row 1") && x[0] == 3 && x[1] == 4;
		printf("%-26s base 0 %-8s %-6s -> %s  %s\n", "pivot -Inf at row 1", "bicgstab",
		       precision_name[p], r.message, ok ? "PASS" : "FAIL");
		CHECK(ok, "infinite pivot, %s: status %d", precision_name[p], status);
	}
	tf_csr_destroy(a);
}

/* ---- DD against double on an ill-conditioned matrix ------------------------ */

/* The jumping-coefficient matrix with contrast 1e6: its entries are
 * integers, so b = A x is exact for the integer x, which is then the
 * exact solution (checked).  ILU(0)-preconditioned CG: in DD to a residual
 * of 1e-26, in double as far as it goes (1e-16). */
static void ill_conditioned(void)
{
	struct test_csr m;
	test_jumping_coefficient(48, 1e6, &m);
	int n = m.rows, *ptr, *col;
	double *exact = malloc((size_t)n * sizeof *exact), *b = malloc((size_t)n * sizeof *b),
	       *x = malloc((size_t)n * sizeof *x);
	known_system(&m, exact, b);
	tf_csr *a = describe(&m, 0, &ptr, &col);
	double e[2];
	for (int p = DOUBLE; p <= DD; p++) {
		tf_solve_options o;
		tf_solve_result r;
		tf_solve_options_init(&o);
		o.device = TF_DEVICE_CPU;
		o.precond = TF_PRECOND_ILU0;
		o.tol = p == DD ? 1e-26 : 1e-16;
		o.maxit = 5000;
		solve(a, CG, p, &o, b, NULL, x, &r);
		e[p] = error(x, exact, n);
		printf("%-16s n %d cg ilu0 %-6s tol %.0e: %s, %d iterations, true residual %.2e, "
		       "error %.2e\n", m.name, n, precision_name[p], o.tol,
		       tf_solve_status_name(r.status), r.iterations, r.true_residual, e[p]);
		if (p == DD)
			CHECK(r.status == TF_SOLVE_CONVERGED, "DD: %s", r.message);
	}
	int ok = e[DD] <= 1e-12 && e[DOUBLE] > 1e-12;
	printf("%-16s DD error %.2e <= 1e-12 < double error %.2e  %s\n", m.name, e[DD], e[DOUBLE],
	       ok ? "PASS" : "FAIL");
	CHECK(ok, "DD error %g, double error %g", e[DD], e[DOUBLE]);
	tf_csr_destroy(a);
	test_csr_free(&m);
	free(ptr);
	free(col);
	free(exact);
	free(b);
	free(x);
}

int main(void)
{
	struct test_csr m;
	tridiagonal(300, 1, &m);
	exact_factors(&m, 0);
	exact_factors(&m, 1);
	test_csr_free(&m);
	tridiagonal(300, 0, &m);
	exact_factors(&m, 0);
	exact_factors(&m, 1);
	test_csr_free(&m);
	arrow(200, 1, &m);
	exact_factors(&m, 0);
	test_csr_free(&m);
	arrow(200, 0, &m);
	exact_factors(&m, 1);
	test_csr_free(&m);
	dd_triangular_solves();
	zero_pivots();
	infinite_pivot();
	ill_conditioned();
	printf("%d failures\n", failures);
	return failures != 0;
}
