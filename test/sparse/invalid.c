/* Bad input to the sparse API gets a clear error, never a crash or a
 * result: each case names what it gives and the message it must carry. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "twofold.h"
#include "twofold/sparse.h"
#include "check.h"

/* A matrix that tf_csr_create must refuse, with `expect` in its message. */
static void refused(const char *what, int rows, int cols, int base, const int *ptr,
		    const int *col, const double *val, const char *expect)
{
	tf_csr *a = tf_csr_create(rows, cols, base, ptr, col, val);
	const char *message = tf_csr_message(a);
	printf("%-28s -> %s\n", what, message);
	CHECK(a && tf_csr_status(a) == TF_SPARSE_INVALID, "%s accepted", what);
	CHECK(strstr(message, expect) != NULL, "%s: message \"%s\" lacks \"%s\"", what, message,
	      expect);
	CHECK(tf_csr_rows(a) == 0 && tf_csr_nnz(a) == 0, "%s: sizes of an invalid matrix", what);
	double x[4] = { 1, 1, 1, 1 }, y[4] = { 0 };
	CHECK(tf_dcsrmv('N', 1.0, a, x, cols, 0.0, y, rows) == -3, "%s: SpMV not refused", what);
	tf_solve_result r;
	CHECK(tf_dcg(a, rows, x, y, NULL, &r) == TF_SOLVE_INVALID &&
		      strstr(r.message, "invalid matrix"),
	      "%s: solve gave %d, %s", what, r.status, r.message);
	tf_csr_destroy(a);
}

static void matrices(void)
{
	/* [[4, -1, 0], [-1, 4, -1], [0, -1, 4]] and broken copies of it */
	int ptr[4] = { 0, 2, 5, 7 }, col[7] = { 0, 1, 0, 1, 2, 1, 2 };
	double val[7] = { 4, -1, -1, 4, -1, -1, 4 };
	tf_csr *good = tf_csr_create(3, 3, 0, ptr, col, val);
	CHECK(tf_csr_status(good) == 0 && tf_csr_message(good)[0] == 0 && tf_csr_nnz(good) == 7 &&
		      tf_csr_is_symmetric(good),
	      "the good matrix: %s", tf_csr_message(good));
	tf_csr_destroy(good);

	int decreasing[4] = { 0, 3, 2, 7 };
	refused("row pointers decreasing", 3, 3, 0, decreasing, col, val, "decrease at row 1 (2 after 3)");
	int offset[4] = { 1, 2, 5, 7 };
	refused("first row pointer not base", 3, 3, 0, offset, col, val, "not the index base");
	int out_of_range[7] = { 0, 1, 0, 1, 3, 1, 2 };
	refused("column out of range", 3, 3, 0, ptr, out_of_range, val,
		"column index 3 out of range at entry 4 (row 1)");
	int negative[7] = { 0, 1, -1, 1, 2, 1, 2 };
	refused("negative column", 3, 3, 0, ptr, negative, val, "column index -1 out of range");
	int twice[7] = { 0, 1, 0, 0, 2, 1, 2 };
	refused("column twice in a row", 3, 3, 0, ptr, twice, val, "appears twice in row 1");
	double nan_value[7] = { 4, -1, -1, NAN, -1, -1, 4 };
	refused("NaN value", 3, 3, 0, ptr, col, nan_value, "entry 3 (row 1, column 1) is not finite");
	double inf_value[7] = { 4, -1, -1, 4, -1, -1, INFINITY };
	refused("Inf value", 3, 3, 0, ptr, col, inf_value, "is not finite");
	refused("base 2", 3, 3, 2, ptr, col, val, "base 2");
	refused("negative rows", -1, 3, 0, ptr, col, val, "rows = -1");
	refused("NULL row pointers", 3, 3, 0, NULL, col, val, "row_ptr is NULL");
	/* 1-based: the messages count from 1 */
	int ptr1[4] = { 1, 3, 6, 8 }, col1[7] = { 1, 2, 1, 2, 4, 2, 3 };
	refused("1-based column out of range", 3, 3, 1, ptr1, col1, val,
		"column index 4 out of range at entry 5 (row 2)");

	tf_csr *null = NULL;
	CHECK(tf_csr_status(null) == TF_SPARSE_INVALID && tf_csr_rows(null) == 0,
	      "NULL descriptor");
	tf_csr_destroy(null);
}

static void products_and_solves(void)
{
	int ptr[4] = { 0, 2, 5, 7 }, col[7] = { 0, 1, 0, 1, 2, 1, 2 };
	double val[7] = { 4, -1, -1, 4, -1, -1, 4 };
	tf_csr *a = tf_csr_create(3, 3, 0, ptr, col, val);
	/* 2 x 3 for the length checks of the transposed product */
	int rptr[3] = { 0, 2, 3 }, rcol[3] = { 0, 2, 1 };
	double rval[3] = { 1, 2, 3 };
	tf_csr *r = tf_csr_create(2, 3, 0, rptr, rcol, rval);
	double x[3] = { 1, 2, 3 }, y[3] = { 0 };
	tf_dd xd[3] = { { 1, 0 }, { 2, 0 }, { 3, 0 } }, yd[3], one = { 1, 0 }, zero = { 0, 0 };
	float lo[3] = { 0 };
	int32_t ilo[3] = { 0 };
	CHECK(tf_dcsrmv('X', 1, a, x, 3, 0, y, 3) == -1, "bad trans");
	CHECK(tf_dcsrmv('N', 1, a, NULL, 3, 0, y, 3) == -4, "x NULL");
	CHECK(tf_dcsrmv('N', 1, a, x, 2, 0, y, 3) == -5, "x_len");
	CHECK(tf_dcsrmv('N', 1, a, x, 3, 0, NULL, 3) == -7, "y NULL");
	CHECK(tf_dcsrmv('N', 1, a, x, 3, 0, y, 4) == -8, "y_len");
	CHECK(tf_dcsrmv('N', 1, r, x, 3, 0, y, 2) == 0, "2 x 3, N");
	CHECK(tf_dcsrmv('T', 1, r, x, 3, 0, y, 2) == -5, "2 x 3, T: x has 2");
	CHECK(tf_dcsrmv('t', 1, r, x, 2, 0, y, 3) == 0 && y[0] == 1 && y[1] == 6 && y[2] == 2,
	      "2 x 3, T: %g %g %g", y[0], y[1], y[2]);
	CHECK(tf_ddcsrmv('N', one, a, xd, 3, zero, yd, 2) == -8, "dd y_len");
	CHECK(tf_dscsrmv('N', one, a, x, NULL, 3, zero, y, lo, 3) == -5, "ds x_lo NULL");
	CHECK(tf_dscsrmv('N', one, a, x, lo, 3, zero, y, lo, 2) == -10, "ds y_len");
	CHECK(tf_dicsrmv('N', one, a, x, ilo, 3, zero, y, NULL, 3) == -9, "di y_lo NULL");

	tf_solve_result res;
	tf_solve_options o;
	double b[3] = { 1, 2, 3 }, nan_b[3] = { 1, NAN, 3 };
	CHECK(tf_dcg(a, 2, b, y, NULL, &res) == TF_SOLVE_INVALID &&
		      strstr(res.message, "n = 2 does not match"),
	      "n mismatch: %s", res.message);
	CHECK(tf_dbicgstab(r, 2, b, y, NULL, &res) == TF_SOLVE_INVALID &&
		      strstr(res.message, "not square"),
	      "not square: %s", res.message);
	y[0] = y[1] = y[2] = 7;
	CHECK(tf_dcg(a, 3, nan_b, y, NULL, &res) == TF_SOLVE_INVALID &&
		      strstr(res.message, "b(1) is not finite") && y[0] == 7,
	      "NaN in b: %s", res.message);
	tf_dd ones[3] = { { 1, 0 }, { 1, 0 }, { 1, 0 } };
	tf_dd inf_x[3] = { { 0, 0 }, { 0, 0 }, { -INFINITY, 0 } };
	CHECK(tf_ddcg(a, 3, ones, inf_x, NULL, &res) == TF_SOLVE_INVALID &&
		      strstr(res.message, "x(2) is not finite"),
	      "Inf in x: %s", res.message);
	CHECK(tf_dcg(a, 3, NULL, y, NULL, &res) == TF_SOLVE_INVALID && strstr(res.message, "b is NULL"),
	      "b NULL: %s", res.message);
	tf_solve_options_init(&o);
	o.tol = NAN;
	CHECK(tf_dcg(a, 3, b, y, &o, &res) == TF_SOLVE_INVALID && strstr(res.message, "tol"),
	      "tol NaN: %s", res.message);
	/* ILU(0): a zero pivot, and a row without its diagonal entry */
	int zptr[4] = { 0, 2, 4, 6 }, zcol[6] = { 0, 1, 0, 1, 1, 2 };
	double zval[6] = { 1, 1, 1, 1, 1, 1 }; /* pivot of row 1 is 1 - 1 * 1 = 0 */
	tf_csr *z = tf_csr_create(3, 3, 0, zptr, zcol, zval);
	tf_solve_options_init(&o);
	o.precond = TF_PRECOND_ILU0;
	CHECK(tf_dbicgstab(z, 3, b, y, &o, &res) == TF_SOLVE_INVALID &&
		      strstr(res.message, "ILU(0) zero pivot at row 1"),
	      "zero pivot: %s", res.message);
	printf("zero pivot -> %s\n", res.message);
	int mptr[4] = { 0, 2, 3, 5 }, mcol[5] = { 0, 1, 0, 1, 2 };
	double mval[5] = { 4, 1, 1, 1, 4 }; /* row 1 has no diagonal entry */
	tf_csr *missing = tf_csr_create(3, 3, 0, mptr, mcol, mval);
	CHECK(tf_ddbicgstab(missing, 3, xd, yd, &o, &res) == TF_SOLVE_INVALID &&
		      strstr(res.message, "ILU(0) zero pivot at row 1"),
	      "missing diagonal: %s", res.message);
	o.precond = 7;
	CHECK(tf_dcg(a, 3, b, y, &o, &res) == TF_SOLVE_INVALID &&
		      strstr(res.message, "preconditioner"),
	      "precond 7: %s", res.message);
	CHECK(strcmp(tf_solve_status_name(TF_SOLVE_BREAKDOWN), "breakdown") == 0 &&
		      tf_solve_status_name((tf_solve_status)9) == NULL,
	      "status names");
	tf_csr_destroy(z);
	tf_csr_destroy(missing);
	tf_csr_destroy(a);
	tf_csr_destroy(r);
}

int main(void)
{
	matrices();
	products_and_solves();
	printf("%d failures\n", failures);
	return failures != 0;
}
