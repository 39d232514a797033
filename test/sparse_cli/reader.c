/* twofold-solve's readers: Matrix Market files that must be read, with
 * the CRS arrays they must give, and malformed ones that must be refused
 * with the exact message "FILE:LINE: what is wrong"; right-hand side
 * files likewise. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "scratch.h"
#include "tools/mtx_read.h"
#include "tools/rhs.h"

/* A file that must read as the CRS matrix (base 0) given, and renumber
 * from 1. */
static void good(const char *what, const char *text, int rows, int cols, int nnz,
		 const int *row_ptr, const int *col_idx, const double *values)
{
	const char *path = scratch_write("good.mtx", text);
	struct mtx_matrix m;
	char error[512] = "";
	int status = mtx_read(path, &m, error, sizeof error);
	CHECK(status == 0, "%s: refused: %s", what, error);
	if (status != 0)
		return;
	CHECK(m.rows == rows && m.cols == cols && m.nnz == nnz,
	      "%s: %d x %d with %lld entries, expected %d x %d with %d", what, m.rows, m.cols,
	      (long long)m.nnz, rows, cols, nnz);
	if (m.rows == rows && m.nnz == nnz) {
		for (int i = 0; i <= rows; i++)
			CHECK(m.row_ptr[i] == row_ptr[i], "%s: row_ptr[%d] %d, expected %d", what, i,
			      m.row_ptr[i], row_ptr[i]);
		for (int k = 0; k < nnz; k++)
			CHECK(m.col_idx[k] == col_idx[k] && m.values[k] == values[k],
			      "%s: entry %d is (column %d, %g), expected (%d, %g)", what, k,
			      m.col_idx[k], m.values[k], col_idx[k], values[k]);
	}
	mtx_rebase(&m, 1);
	CHECK(m.base == 1 && m.row_ptr[0] == 1 && m.row_ptr[rows] == nnz + 1 &&
		      (nnz == 0 || m.col_idx[0] == col_idx[0] + 1),
	      "%s: not renumbered from 1", what);
	printf("read   %-34s %d x %d, %lld entries\n", what, m.rows, m.cols, (long long)m.nnz);
	mtx_free(&m);
}

/* A file that must be refused with "PATH:" followed by expect. */
static void bad(const char *what, const char *text, const char *expect)
{
	const char *path = scratch_write("bad.mtx", text);
	char expected[1024], error[512] = "";
	snprintf(expected, sizeof expected, "%s:%s", path, expect);
	struct mtx_matrix m;
	int status = mtx_read(path, &m, error, sizeof error);
	CHECK(status == -1, "%s: accepted", what);
	CHECK(strcmp(error, expected) == 0, "%s:\n    got      \"%s\"\n    expected \"%s\"", what,
	      error, expected);
	CHECK(m.row_ptr == NULL && m.nnz == 0, "%s: refused but not emptied", what);
	printf("refuse %-34s %s\n", what, strrchr(error, '/') ? strrchr(error, '/') + 1 : error);
}

static void matrices(void)
{
	/* [[4, 0, -1], [-1, 4, 0], [0, 2.5, 4]] */
	int ptr[4] = { 0, 2, 4, 6 }, col[6] = { 0, 2, 0, 1, 1, 2 };
	double val[6] = { 4, -1, -1, 4, 2.5, 4 };
	good("general, entries in any order",
	     "%%MatrixMarket matrix coordinate real general\n% a comment\n%\n\n3 3 6\n"
	     "3 3 4\n1 1 4.0\n2 1 -1\n1 3 -1e0\n\n3 2 2.5\n2 2 4\n",
	     3, 3, 6, ptr, col, val);
	good("CRLF line ends, tabs, no final newline",
	     "%%MatrixMarket matrix coordinate real general\r\n3\t3\t6\r\n1 1 4\r\n1 3 -1\r\n"
	     "2 1 -1\r\n2 2 4\r\n3 2 2.5\r\n3 3 4", 3, 3, 6, ptr, col, val);
	good("header words in any case",
	     "%%MatrixMarket MATRIX Coordinate REAL General\n3 3 6\n1 1 4\n1 3 -1\n2 1 -1\n"
	     "2 2 4\n3 2 2.5\n3 3 4\n", 3, 3, 6, ptr, col, val);

	/* symmetric: [[4, -1, 0], [-1, 4, -2], [0, -2, 4]] */
	int sptr[4] = { 0, 2, 5, 7 }, scol[7] = { 0, 1, 0, 1, 2, 1, 2 };
	double sval[7] = { 4, -1, -1, 4, -2, -2, 4 };
	good("symmetric, lower triangle, expanded",
	     "%%MatrixMarket matrix coordinate real symmetric\n3 3 5\n1 1 4\n2 1 -1\n2 2 4\n"
	     "3 2 -2\n3 3 4\n", 3, 3, 7, sptr, scol, sval);
	good("symmetric, an entry above the diagonal",
	     "%%MatrixMarket matrix coordinate real symmetric\n3 3 5\n1 1 4\n1 2 -1\n2 2 4\n"
	     "3 2 -2\n3 3 4\n", 3, 3, 7, sptr, scol, sval);
	double ival[7] = { 4, -1, -1, 4, -2, -2, 4 };
	good("integer symmetric",
	     "%%MatrixMarket matrix coordinate integer symmetric\n3 3 5\n1 1 4\n2 1 -1\n2 2 +4\n"
	     "3 2 -2\n3 3 4\n", 3, 3, 7, sptr, scol, ival);
	/* skew-symmetric: [[0, -3, 0], [3, 0, 0], [0, 0, 0]] */
	int kptr[4] = { 0, 1, 2, 2 }, kcol[2] = { 1, 0 };
	double kval[2] = { -3, 3 };
	good("skew-symmetric, expanded and negated",
	     "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 1\n2 1 3\n", 3, 3, 2,
	     kptr, kcol, kval);
	/* pattern: ones where the entries are, explicit zeros kept */
	int pptr[3] = { 0, 1, 3 }, pcol[3] = { 1, 0, 2 };
	double pval[3] = { 1, 1, 1 };
	good("pattern, rectangular 2 x 3",
	     "%%MatrixMarket matrix coordinate pattern general\n2 3 3\n2 3\n1 2\n2 1\n", 2, 3, 3,
	     pptr, pcol, pval);
	double zval[3] = { 0, 1e-300, -0.5 };
	good("explicit zeros kept, exponents",
	     "%%MatrixMarket matrix coordinate real general\n2 3 3\n1 2 0\n2 1 1e-300\n2 3 -.5\n",
	     2, 3, 3, pptr, pcol, zval);
	int eptr[4] = { 0, 0, 0, 0 };
	good("no entries", "%%MatrixMarket matrix coordinate real general\n3 3 0\n", 3, 3, 0, eptr,
	     NULL, NULL);

	const char *head = "%%MatrixMarket matrix coordinate real general\n";
	char text[512];
	bad("empty file", "", "1: empty file, not a Matrix Market file");
	bad("no banner", "3 3 1\n1 1 1\n",
	    "1: not a Matrix Market file (the first line must begin with %%MatrixMarket)");
	bad("incomplete header", "%%MatrixMarket matrix coordinate real\n3 3 0\n",
	    "1: incomplete header: expected %%MatrixMarket matrix coordinate FIELD SYMMETRY");
	bad("array format", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n",
	    "1: array (dense) format is not supported for the matrix: expected 'coordinate'");
	bad("complex", "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n",
	    "1: complex matrices are not supported: the solvers are real");
	bad("hermitian", "%%MatrixMarket matrix coordinate complex hermitian\n1 1 1\n1 1 1 0\n",
	    "1: complex matrices are not supported: the solvers are real");
	bad("hermitian, real field", "%%MatrixMarket matrix coordinate real hermitian\n1 1 0\n",
	    "1: hermitian matrices are not supported: the solvers are real");
	bad("pattern skew-symmetric",
	    "%%MatrixMarket matrix coordinate pattern skew-symmetric\n2 2 1\n2 1\n",
	    "1: a pattern matrix cannot be skew-symmetric (it has no values to negate)");
	bad("unknown symmetry", "%%MatrixMarket matrix coordinate real upper\n1 1 0\n",
	    "1: unknown symmetry 'upper': expected general, symmetric or skew-symmetric");
	bad("a control character quoted",
	    "%%MatrixMarket matrix coordinate real gen\001erl\n1 1 0\n",
	    "1: unknown symmetry 'gen?erl': expected general, symmetric or skew-symmetric");
	bad("vector object", "%%MatrixMarket vector coordinate real general\n1 1 0\n",
	    "1: object 'vector' is not supported: expected 'matrix'");
	snprintf(text, sizeof text, "%s%% only comments\n\n", head);
	bad("no size line", text, "3: the file ends before the size line (ROWS COLUMNS ENTRIES)");
	snprintf(text, sizeof text, "%s3 3\n", head);
	bad("size line of 2 fields", text,
	    "2: the size line must hold 3 integers (rows, columns, entries), not 2 fields");
	snprintf(text, sizeof text, "%s3 3.0 1\n1 1 1\n", head);
	bad("size not an integer", text, "2: size line: columns '3.0' is not an integer");
	snprintf(text, sizeof text, "%s0 3 0\n", head);
	bad("zero rows", text, "2: size line: 0 rows (from 1 to 2147483646 are supported)");
	snprintf(text, sizeof text, "%s2 2 5\n", head);
	bad("more entries than cells", text,
	    "2: size line: 5 entries do not fit a general 2 x 2 matrix");
	bad("symmetric, not square",
	    "%%MatrixMarket matrix coordinate real symmetric\n2 3 1\n1 1 1\n",
	    "2: a symmetric matrix must be square, not 2 x 3");
	snprintf(text, sizeof text, "%s3 3 2\n1 1 1\n2 2\n", head);
	bad("entry without a value", text, "4: expected 3 fields (row, column, value), found 2");
	snprintf(text, sizeof text, "%s3 3 2\n1 1 1\n2 2 1 0\n", head);
	bad("entry with 4 fields", text, "4: expected 3 fields (row, column, value), found 4");
	bad("pattern entry with a value",
	    "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 1 1\n",
	    "3: expected 2 fields (row, column), found 3");
	snprintf(text, sizeof text, "%s3 3 2\n1 1 1\n4 2 1\n", head);
	bad("row index out of range", text,
	    "4: row index 4 out of range (1 to 3; indices count from 1)");
	snprintf(text, sizeof text, "%s3 3 2\n1 1 1\n2 0 1\n", head);
	bad("column index 0 (0-based file)", text,
	    "4: column index 0 out of range (1 to 3; indices count from 1)");
	snprintf(text, sizeof text, "%s3 3 2\n1 1 1\n2.0 1 1\n", head);
	bad("index not an integer", text, "4: row index '2.0' is not an integer");
	snprintf(text, sizeof text, "%s3 3 2\n1 1 1\n2 1 one\n", head);
	bad("value not a number", text, "4: value 'one' is not a number");
	snprintf(text, sizeof text, "%s3 3 2\n1 1 1\n2 1 NaN\n", head);
	bad("value NaN", text, "4: value 'NaN' is not finite");
	snprintf(text, sizeof text, "%s3 3 2\n1 1 1\n2 1 -inf\n", head);
	bad("value -inf", text, "4: value '-inf' is not finite");
	snprintf(text, sizeof text, "%s3 3 2\n1 1 1\n2 1 1e400\n", head);
	bad("value overflows", text, "4: value '1e400' overflows a double");
	bad("integer file, value 1.5",
	    "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 1.5\n",
	    "3: value '1.5' is not an integer (the file says integer)");
	snprintf(text, sizeof text, "%s3 3 3\n1 1 1\n2 2 1\n\n", head);
	bad("missing entries", text, "5: the file ends after 2 of the 3 entries its size line announces");
	snprintf(text, sizeof text, "%s3 3 2\n1 1 1\n2 2 1\n3 3 1\n", head);
	bad("extra entries", text, "5: more entries than the 2 its size line announces");
	snprintf(text, sizeof text, "%s3 3 4\n1 1 1\n2 1 1\n3 3 1\n2 1 5\n", head);
	bad("duplicate entry", text,
	    "6: entry (2, 1) given twice (first at line 4); duplicates are not summed");
	bad("symmetric, an entry and its mirror",
	    "%%MatrixMarket matrix coordinate real symmetric\n3 3 3\n2 1 1\n1 1 2\n1 2 1\n",
	    "5: entry (1, 2) repeats its mirror image at line 3 (a symmetric file stores one of "
	    "the two)");
	bad("skew-symmetric, a diagonal entry",
	    "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 1\n2 2 1\n",
	    "3: diagonal entry (2, 2) in a skew-symmetric file, whose diagonal is zero and not "
	    "stored");

	struct mtx_matrix m;
	char error[512];
	const char *missing = scratch_path("missing.mtx");
	char expected[700];
	snprintf(expected, sizeof expected, "%s: cannot open: No such file or directory", missing);
	CHECK(mtx_read(missing, &m, error, sizeof error) == -1 && strcmp(error, expected) == 0,
	      "a missing file: \"%s\"", error);
}

/* A right-hand side file that must read as the values given, or be refused
 * with "PATH:" and expect. */
static void rhs_case(const char *what, const char *text, int n, const double *values,
		     const char *expect)
{
	const char *path = scratch_write("b.txt", text);
	double b[8];
	char error[512] = "", expected[1024];
	int status = rhs_read(path, n, b, error, sizeof error);
	if (!expect) {
		CHECK(status == 0, "rhs %s: refused: %s", what, error);
		for (int i = 0; status == 0 && i < n; i++)
			CHECK(b[i] == values[i], "rhs %s: b[%d] = %g, expected %g", what, i, b[i],
			      values[i]);
		printf("rhs    %-34s read\n", what);
		return;
	}
	snprintf(expected, sizeof expected, "%s:%s", path, expect);
	CHECK(status == -1 && strcmp(error, expected) == 0,
	      "rhs %s:\n    got      \"%s\"\n    expected \"%s\"", what, error, expected);
	printf("rhs    %-34s %s\n", what, strrchr(error, '/') ? strrchr(error, '/') + 1 : error);
}

static void right_hand_sides(void)
{
	double b[3] = { 1, -2.5, 3e-5 };
	rhs_case("one value per line", "1\n% comment\n\n-2.5\n# comment\n3e-5\n", 3, b, NULL);
	rhs_case("Matrix Market array 3 x 1",
		 "%%MatrixMarket matrix array real general\n% b\n3 1\n1\n-2.5\n3e-5\n", 3, b, NULL);
	rhs_case("Matrix Market array 1 x 3",
		 "%%MatrixMarket matrix array real general\n1 3\n1\n-2.5\n3e-5\n", 3, b, NULL);
	rhs_case("too few values", "1\n2\n", 3, NULL,
		 "2: the file ends after 2 values; the matrix has 3 rows");
	rhs_case("empty file", "", 3, NULL, "1: the file ends after 0 values; the matrix has 3 rows");
	rhs_case("too many values", "1\n2\n3\n4\n", 3, NULL,
		 "4: more than the 3 values the matrix has rows for");
	rhs_case("two values on a line", "1 2\n3\n", 3, NULL, "1: expected one value per line, found 2");
	rhs_case("not a number", "1\nx\n3\n", 3, NULL, "2: value 'x' is not a finite number");
	rhs_case("NaN", "1\nnan\n3\n", 3, NULL, "2: value 'nan' is not a finite number");
	rhs_case("array of the wrong size",
		 "%%MatrixMarket matrix array real general\n4 1\n1\n2\n3\n4\n", 3, NULL,
		 "2: a 4 x 1 array; the matrix needs a vector of 3");
	rhs_case("coordinate vector",
		 "%%MatrixMarket matrix coordinate real general\n3 1 1\n1 1 1\n", 3, NULL,
		 "1: the right-hand side must be a Matrix Market array (matrix coordinate given)");

	/* --rhs random: the same values every time, in [-1, 1), not all alike */
	double r1[1000], r2[1000];
	rhs_random(1000, RHS_RANDOM_SEED, r1);
	rhs_random(1000, RHS_RANDOM_SEED, r2);
	double low = 1, high = -1, mean = 0;
	for (int i = 0; i < 1000; i++) {
		CHECK(r1[i] == r2[i], "random b[%d] differs between two draws", i);
		low = fmin(low, r1[i]);
		high = fmax(high, r1[i]);
		mean += r1[i] / 1000;
	}
	CHECK(low >= -1 && high < 1 && low < -0.9 && high > 0.9 && fabs(mean) < 0.1,
	      "random b: range [%g, %g], mean %g", low, high, mean);
	printf("rhs    random                             [%.3f, %.3f], mean %.3f\n", low, high,
	       mean);
}

int main(void)
{
	scratch_open();
	matrices();
	right_hand_sides();
	return scratch_close();
}
