/* Bad input to the solvers beyond test/sparse/invalid.c: a DD right-hand
 * side or guess whose second word alone is not finite; the element named
 * from the matrix's base; NULL column indices or values; options out of
 * range (tol 1 or Inf, an unknown device); and, in every refused case,
 * x left as it was and no iteration counted.  maxit <= 0 and tol <= 0
 * take the defaults.  One line per case; exit 0 or 1. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "twofold.h"
#include "twofold/sparse.h"

static int failures;

/* [[4, -1, 0], [-1, 4, -1], [0, -1, 4]], base 0 and base 1 */
static int ptr0[4] = { 0, 2, 5, 7 }, col0[7] = { 0, 1, 0, 1, 2, 1, 2 };
static int ptr1[4] = { 1, 3, 6, 8 }, col1[7] = { 1, 2, 1, 2, 3, 2, 3 };
static double val[7] = { 4, -1, -1, 4, -1, -1, 4 };

/* A DD solve refused with `expect` in its message, x unchanged, no
 * iteration counted. */
static void dd_refused(const char *what, const tf_csr *a, const tf_dd *b, const tf_dd *x0,
		       const tf_solve_options *o, const char *expect)
{
	for (int method = 0; method < 2; method++) {
		tf_dd x[3];
		memcpy(x, x0, sizeof x);
		tf_solve_result r;
		memset(&r, 0, sizeof r);
		r.iterations = -7;
		int status = method ? tf_ddbicgstab(a, 3, b, x, o, &r) : tf_ddcg(a, 3, b, x, o, &r);
		int ok = status == TF_SOLVE_INVALID && r.status == TF_SOLVE_INVALID &&
			 strstr(r.message, expect) && memcmp(x, x0, sizeof x) == 0 &&
			 r.iterations <= 0;
		printf("%-34s %-8s -> %s  %s\n", what, method ? "bicgstab" : "cg", r.message,
		       ok ? "PASS" : "FAIL");
		if (!ok) {
			failures++;
			printf("  expected \"%s\"; status %d, %d iterations, x %s\n", expect, status,
			       r.iterations, memcmp(x, x0, sizeof x) ? "changed" : "unchanged");
		}
	}
}

/* A double solve refused likewise. */
static void d_refused(const char *what, const tf_csr *a, const double *b,
		      const tf_solve_options *o, const char *expect)
{
	double x0[3] = { 0.5, -1, 2 }, x[3] = { 0.5, -1, 2 };
	tf_solve_result r;
	memset(&r, 0, sizeof r);
	r.iterations = -7;
	int status = tf_dcg(a, 3, b, x, o, &r);
	int ok = status == TF_SOLVE_INVALID && strstr(r.message, expect) &&
		 memcmp(x, x0, sizeof x) == 0 && r.iterations <= 0;
	printf("%-34s %-8s -> %s  %s\n", what, "cg", r.message, ok ? "PASS" : "FAIL");
	if (!ok) {
		failures++;
		printf("  expected \"%s\"; status %d, %d iterations\n", expect, status, r.iterations);
	}
}

/* A matrix refused by tf_csr_create with `expect` in its message. */
static void matrix_refused(const char *what, const int *col, const double *values,
			   const char *expect)
{
	tf_csr *a = tf_csr_create(3, 3, 0, ptr0, col, values);
	const char *message = tf_csr_message(a);
	int ok = tf_csr_status(a) == TF_SPARSE_INVALID && strstr(message, expect);
	printf("%-34s -> %s  %s\n", what, message, ok ? "PASS" : "FAIL");
	failures += !ok;
	tf_csr_destroy(a);
}

int main(void)
{
	tf_csr *a0 = tf_csr_create(3, 3, 0, ptr0, col0, val);
	tf_csr *a1 = tf_csr_create(3, 3, 1, ptr1, col1, val);
	tf_dd b[3] = { { 1, 0 }, { 2, 0 }, { 3, 0 } };
	tf_dd x0[3] = { { 0.5, 0 }, { -1, 0 }, { 2, 0 } };
	tf_solve_options o;
	tf_solve_options_init(&o);
	o.device = TF_DEVICE_CPU;

	tf_dd b_lo[3] = { { 1, 0 }, { 2, NAN }, { 3, 0 } };
	dd_refused("b(1).lo NaN, base 0", a0, b_lo, x0, &o, "b(1) is not finite");
	dd_refused("b(1).lo NaN, base 1: b(2)", a1, b_lo, x0, &o, "b(2) is not finite");
	tf_dd x_lo[3] = { { 0.5, 0 }, { -1, 0 }, { 2, -INFINITY } };
	dd_refused("x(2).lo -Inf, base 0", a0, b, x_lo, &o, "x(2) is not finite");
	dd_refused("x(2).lo -Inf, base 1: x(3)", a1, b, x_lo, &o, "x(3) is not finite");
	double db[3] = { 1, 2, INFINITY };
	d_refused("b(2) Inf, base 1: b(3)", a1, db, &o, "b(3) is not finite");

	tf_solve_options bad = o;
	bad.tol = 1.0;
	dd_refused("tol 1", a0, b, x0, &bad, "tol");
	bad.tol = INFINITY;
	dd_refused("tol Inf", a0, b, x0, &bad, "tol");
	bad = o;
	bad.device = (tf_device)5;
	dd_refused("device 5", a0, b, x0, &bad, "unknown device 5");
	bad = o;
	bad.precond = (tf_precond)-1;
	dd_refused("preconditioner -1", a0, b, x0, &bad, "preconditioner");

	matrix_refused("col_idx NULL, 7 entries", NULL, val, "col_idx is NULL");
	matrix_refused("values NULL, 7 entries", col0, NULL, "values is NULL");
	{
		/* no entries: NULL arrays are fine */
		int empty[4] = { 0, 0, 0, 0 };
		tf_csr *e = tf_csr_create(3, 3, 0, empty, NULL, NULL);
		int ok = tf_csr_status(e) == 0 && tf_csr_nnz(e) == 0;
		printf("%-34s -> %s  %s\n", "no entries, NULL arrays", ok ? "valid" : tf_csr_message(e),
		       ok ? "PASS" : "FAIL");
		failures += !ok;
		tf_csr_destroy(e);
	}

	/* maxit <= 0 and tol <= 0: the defaults (30000, 1e-12 in DD) */
	bad = o;
	bad.maxit = -3;
	bad.tol = -1;
	tf_dd x[3];
	memcpy(x, x0, sizeof x);
	tf_solve_result r;
	int status = tf_ddcg(a0, 3, b, x, &bad, &r);
	int ok = status == TF_SOLVE_CONVERGED && r.residual <= 1e-12 && r.iterations >= 1;
	printf("%-34s %-8s -> %s, %d iterations, residual %.2e  %s\n", "maxit -3, tol -1: defaults",
	       "cg", tf_solve_status_name(r.status), r.iterations, r.residual, ok ? "PASS" : "FAIL");
	failures += !ok;

	tf_csr_destroy(a0);
	tf_csr_destroy(a1);
	printf("%d failures\n", failures);
	return failures != 0;
}
