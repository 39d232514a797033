/* The Matrix Market reader (mtx_read.h).  The entries are read into a list
 * (with the line each came from, for the messages), bucketed by row and
 * sorted by column, which finds the duplicates; a symmetric file's entries
 * are kept in the lower triangle until then and mirrored while the CRS
 * arrays are filled. */
#include "mtx_read.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "text_lines.h"

/* 24 bytes: a file of n entries needs 48 n bytes while it is sorted. */
struct entry {
	int row, col;      /* 0-based; lower triangle for a symmetric file */
	double value;
	int64_t line;      /* its line; negative when the file gave it as (col, row) */
};

static long line_of(const struct entry *e)
{
	return (long)(e->line < 0 ? -e->line : e->line);
}

static int mirrored(const struct entry *e)
{
	return e->line < 0;
}

/* The first line: %%MatrixMarket matrix coordinate FIELD SYMMETRY. */
static int read_banner(struct text_lines *text, struct mtx_matrix *m, char *error, size_t size)
{
	int got = text_lines_next(text, error, size);
	if (got < 0)
		return -1;
	if (got == 0) {
		text->number = 1;
		return text_error(text, error, size, "empty file, not a Matrix Market file");
	}
	if (strncmp(text->line, "%%MatrixMarket", 14) != 0)
		return text_error(text, error, size,
				  "not a Matrix Market file (the first line must begin with "
				  "%%%%MatrixMarket)");
	char *field[6];
	int count = text_fields(text->line, field, 6);
	if (!text_same_word(field[0], "%%matrixmarket"))
		return text_error(text, error, size, "a space must follow %%%%MatrixMarket");
	if (count < 5)
		return text_error(text, error, size,
				  "incomplete header: expected %%%%MatrixMarket matrix coordinate "
				  "FIELD SYMMETRY");
	if (count > 5)
		return text_error(text, error, size, "unexpected '%s' after the header's four words",
				  field[5]);
	if (!text_same_word(field[1], "matrix"))
		return text_error(text, error, size, "object '%s' is not supported: expected 'matrix'",
				  field[1]);
	if (text_same_word(field[2], "array"))
		return text_error(text, error, size,
				  "array (dense) format is not supported for the matrix: expected "
				  "'coordinate'");
	if (!text_same_word(field[2], "coordinate"))
		return text_error(text, error, size, "unknown format '%s': expected 'coordinate'",
				  field[2]);
	if (text_same_word(field[3], "real"))
		m->field = MTX_REAL;
	else if (text_same_word(field[3], "integer"))
		m->field = MTX_INTEGER;
	else if (text_same_word(field[3], "pattern"))
		m->field = MTX_PATTERN;
	else if (text_same_word(field[3], "complex"))
		return text_error(text, error, size,
				  "complex matrices are not supported: the solvers are real");
	else
		return text_error(text, error, size,
				  "unknown field '%s': expected real, integer or pattern", field[3]);
	if (text_same_word(field[4], "general"))
		m->symmetry = MTX_GENERAL;
	else if (text_same_word(field[4], "symmetric"))
		m->symmetry = MTX_SYMMETRIC;
	else if (text_same_word(field[4], "skew-symmetric"))
		m->symmetry = MTX_SKEW_SYMMETRIC;
	else if (text_same_word(field[4], "hermitian"))
		return text_error(text, error, size,
				  "hermitian matrices are not supported: the solvers are real");
	else
		return text_error(text, error, size,
				  "unknown symmetry '%s': expected general, symmetric or "
				  "skew-symmetric", field[4]);
	if (m->field == MTX_PATTERN && m->symmetry == MTX_SKEW_SYMMETRIC)
		return text_error(text, error, size,
				  "a pattern matrix cannot be skew-symmetric (it has no values to negate)");
	return 0;
}

/* The next line that is neither a comment nor blank: 1, or 0 at the end. */
static int next_data_line(struct text_lines *text, char *error, size_t size)
{
	for (;;) {
		int got = text_lines_next(text, error, size);
		if (got <= 0)
			return got;
		if (text->line[0] != '%' && !text_is_blank(text->line))
			return 1;
	}
}

static int read_size(struct text_lines *text, struct mtx_matrix *m, int64_t *entries,
		     char *error, size_t size)
{
	int got = next_data_line(text, error, size);
	if (got < 0)
		return -1;
	if (got == 0)
		return text_error(text, error, size, "the file ends before the size line (ROWS COLUMNS ENTRIES)");
	char *field[3];
	int count = text_fields(text->line, field, 3);
	long long n[3];
	if (count != 3)
		return text_error(text, error, size,
				  "the size line must hold 3 integers (rows, columns, entries), "
				  "not %d fields", count);
	static const char *const names[3] = { "rows", "columns", "entries" };
	for (int i = 0; i < 3; i++)
		if (text_integer(field[i], &n[i]) != 0)
			return text_error(text, error, size, "size line: %s '%s' is not an integer",
					  names[i], field[i]);
	for (int i = 0; i < 2; i++)
		if (n[i] < 1 || n[i] >= INT_MAX)
			return text_error(text, error, size,
					  "size line: %lld %s (from 1 to %d are supported)", n[i],
					  names[i], INT_MAX - 1);
	if (n[2] < 0)
		return text_error(text, error, size, "size line: a negative number of entries (%lld)",
				  n[2]);
	if (m->symmetry != MTX_GENERAL && n[0] != n[1])
		return text_error(text, error, size, "a %s matrix must be square, not %lld x %lld",
				  mtx_symmetry_name(m->symmetry), n[0], n[1]);
	/* The triangle a symmetric file may hold at most; the whole matrix
	 * for a general one (in long double: rows x columns may exceed 2^63). */
	long double most = (long double)n[0] * (long double)n[1];
	if (m->symmetry == MTX_SYMMETRIC)
		most = (long double)n[0] * (long double)(n[0] + 1) / 2;
	else if (m->symmetry == MTX_SKEW_SYMMETRIC)
		most = (long double)n[0] * (long double)(n[0] - 1) / 2;
	if ((long double)n[2] > most)
		return text_error(text, error, size,
				  "size line: %lld entries do not fit a %s %lld x %lld matrix", n[2],
				  mtx_symmetry_name(m->symmetry), n[0], n[1]);
	m->rows = (int)n[0];
	m->cols = (int)n[1];
	*entries = n[2];
	return 0;
}

static int read_entry(struct text_lines *text, const struct mtx_matrix *m, struct entry *e,
		      char *error, size_t size)
{
	char *field[3];
	int expected = m->field == MTX_PATTERN ? 2 : 3;
	int count = text_fields(text->line, field, 3);
	if (count != expected)
		return text_error(text, error, size, "expected %d fields (%s), found %d", expected,
				  expected == 2 ? "row, column" : "row, column, value", count);
	long long index[2];
	static const char *const names[2] = { "row", "column" };
	long long limit[2] = { m->rows, m->cols };
	for (int i = 0; i < 2; i++) {
		if (text_integer(field[i], &index[i]) != 0)
			return text_error(text, error, size, "%s index '%s' is not an integer",
					  names[i], field[i]);
		if (index[i] < 1 || index[i] > limit[i])
			return text_error(text, error, size,
					  "%s index %lld out of range (1 to %lld; indices count from 1)",
					  names[i], index[i], limit[i]);
	}
	double value = 1.0;
	if (m->field == MTX_INTEGER) {
		long long integer;
		if (text_integer(field[2], &integer) != 0)
			return text_error(text, error, size,
					  "value '%s' is not an integer (the file says integer)",
					  field[2]);
		value = (double)integer;
	} else if (m->field == MTX_REAL) {
		int parsed = text_double(field[2], &value);
		if (parsed == -1)
			return text_error(text, error, size, "value '%s' is not a number", field[2]);
		if (parsed == -2)
			return text_error(text, error, size, "value '%s' overflows a double",
					  field[2]);
		if (!isfinite(value))
			return text_error(text, error, size, "value '%s' is not finite", field[2]);
	}
	e->row = (int)index[0] - 1;
	e->col = (int)index[1] - 1;
	e->value = value;
	e->line = text->number;
	if (m->symmetry == MTX_SKEW_SYMMETRIC && e->row == e->col)
		return text_error(text, error, size,
				  "diagonal entry (%lld, %lld) in a skew-symmetric file, whose diagonal is "
				  "zero and not stored", index[0], index[1]);
	if (m->symmetry != MTX_GENERAL && e->col > e->row) {
		int row = e->row;
		e->row = e->col;
		e->col = row;
		e->line = -e->line;
		if (m->symmetry == MTX_SKEW_SYMMETRIC)
			e->value = -e->value;
	}
	return 0;
}

static int by_column_then_line(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return (line_of(x) > line_of(y)) - (line_of(x) < line_of(y));
}

/* Sorts the entries by row, then column, into sorted; finds duplicates. */
static int sort_entries(struct text_lines *text, const struct mtx_matrix *m,
			const struct entry *entries, int64_t count, struct entry *sorted,
			int64_t *start, char *error, size_t size)
{
	memset(start, 0, ((size_t)m->rows + 1) * sizeof *start);
	for (int64_t k = 0; k < count; k++)
		start[entries[k].row + 1]++;
	for (int i = 0; i < m->rows; i++)
		start[i + 1] += start[i];
	for (int64_t k = 0; k < count; k++)
		sorted[start[entries[k].row]++] = entries[k];
	for (int i = m->rows; i > 0; i--)
		start[i] = start[i - 1];
	start[0] = 0;
	for (int i = 0; i < m->rows; i++) {
		struct entry *row = sorted + start[i];
		size_t length = (size_t)(start[i + 1] - start[i]);
		qsort(row, length, sizeof *row, by_column_then_line);
		for (size_t k = 1; k < length; k++)
			if (row[k].col == row[k - 1].col) {
				const struct entry *again = &row[k], *first = &row[k - 1];
				text->number = line_of(again);
				int r = mirrored(again) ? again->col : again->row;
				int c = mirrored(again) ? again->row : again->col;
				if (m->symmetry != MTX_GENERAL && mirrored(again) != mirrored(first))
					return text_error(text, error, size,
							  "entry (%d, %d) repeats its mirror image at line "
							  "%ld (a %s file stores one of the two)",
							  r + 1, c + 1, line_of(first),
							  mtx_symmetry_name(m->symmetry));
				return text_error(text, error, size,
						  "entry (%d, %d) given twice (first at line %ld); "
						  "duplicates are not summed", r + 1, c + 1,
						  line_of(first));
			}
	}
	return 0;
}

/* The CRS arrays from the sorted entries, mirrored for a symmetric file:
 * row i takes its own entries (columns <= i for a symmetric file) as row i
 * is reached, and the mirror images (columns > i) as the rows below it
 * are, so its columns come out increasing. */
static int build(struct mtx_matrix *m, const struct entry *sorted, const int64_t *start,
		 int64_t count, char *error, size_t size, const char *path)
{
	int64_t nnz = count;
	if (m->symmetry != MTX_GENERAL)
		for (int64_t k = 0; k < count; k++)
			nnz += sorted[k].row != sorted[k].col;
	if (nnz > INT_MAX) {
		snprintf(error, size, "%s: %lld entries after expansion; at most %d are supported",
			 path, (long long)nnz, INT_MAX);
		return -1;
	}
	m->nnz = nnz;
	m->row_ptr = malloc(((size_t)m->rows + 1) * sizeof *m->row_ptr);
	m->col_idx = malloc(((size_t)nnz + 1) * sizeof *m->col_idx);
	m->values = malloc(((size_t)nnz + 1) * sizeof *m->values);
	int *fill = calloc((size_t)m->rows + 1, sizeof *fill);
	if (!m->row_ptr || !m->col_idx || !m->values || !fill) {
		free(fill);
		snprintf(error, size, "%s: out of memory for %lld entries", path, (long long)nnz);
		return -1;
	}
	for (int64_t k = 0; k < count; k++) {
		fill[sorted[k].row + 1]++;
		if (m->symmetry != MTX_GENERAL && sorted[k].row != sorted[k].col)
			fill[sorted[k].col + 1]++;
	}
	m->row_ptr[0] = 0;
	for (int i = 0; i < m->rows; i++)
		m->row_ptr[i + 1] = m->row_ptr[i] + fill[i + 1];
	for (int i = 0; i < m->rows; i++)
		fill[i] = m->row_ptr[i];
	double mirror = m->symmetry == MTX_SKEW_SYMMETRIC ? -1.0 : 1.0;
	for (int i = 0; i < m->rows; i++)
		for (int64_t k = start[i]; k < start[i + 1]; k++) {
			const struct entry *e = &sorted[k];
			m->col_idx[fill[i]] = e->col;
			m->values[fill[i]++] = e->value;
			if (m->symmetry != MTX_GENERAL && e->row != e->col) {
				m->col_idx[fill[e->col]] = i;
				m->values[fill[e->col]++] = mirror * e->value;
			}
		}
	free(fill);
	return 0;
}

int mtx_read(const char *path, struct mtx_matrix *m, char *error, size_t error_size)
{
	memset(m, 0, sizeof *m);
	struct text_lines text;
	if (text_lines_open(&text, path, error, error_size) != 0)
		return -1;
	struct entry *entries = NULL, *sorted = NULL;
	int64_t *start = NULL;
	int64_t count = 0;
	int status = -1;
	if (read_banner(&text, m, error, error_size) != 0 ||
	    read_size(&text, m, &count, error, error_size) != 0)
		goto done;
	entries = malloc(((size_t)count + 1) * sizeof *entries);
	if (!entries) {
		snprintf(error, error_size, "%s: out of memory for %lld entries", path,
			 (long long)count);
		goto done;
	}
	for (int64_t k = 0; k < count; k++) {
		int got = next_data_line(&text, error, error_size);
		if (got < 0)
			goto done;
		if (got == 0) {
			text_error(&text, error, error_size,
				   "the file ends after %lld of the %lld entries its size line announces",
				   (long long)k, (long long)count);
			goto done;
		}
		if (read_entry(&text, m, &entries[k], error, error_size) != 0)
			goto done;
	}
	int got = next_data_line(&text, error, error_size);
	if (got < 0)
		goto done;
	if (got > 0) {
		text_error(&text, error, error_size,
			   "more entries than the %lld its size line announces", (long long)count);
		goto done;
	}
	sorted = malloc(((size_t)count + 1) * sizeof *sorted);
	start = malloc(((size_t)m->rows + 1) * sizeof *start);
	if (!sorted || !start) {
		snprintf(error, error_size, "%s: out of memory for %lld entries", path,
			 (long long)count);
		goto done;
	}
	if (sort_entries(&text, m, entries, count, sorted, start, error, error_size) != 0)
		goto done;
	free(entries);
	entries = NULL;
	if (build(m, sorted, start, count, error, error_size, path) != 0)
		goto done;
	m->file_entries = count;
	status = 0;
done:
	free(entries);
	free(sorted);
	free(start);
	text_lines_close(&text);
	if (status != 0)
		mtx_free(m);
	return status;
}

void mtx_rebase(struct mtx_matrix *m, int base)
{
	int shift = base - m->base;
	for (int i = 0; i <= m->rows && m->row_ptr; i++)
		m->row_ptr[i] += shift;
	for (int64_t k = 0; k < m->nnz; k++)
		m->col_idx[k] += shift;
	m->base = base;
}

void mtx_free(struct mtx_matrix *m)
{
	free(m->row_ptr);
	free(m->col_idx);
	free(m->values);
	memset(m, 0, sizeof *m);
}

const char *mtx_field_name(enum mtx_field field)
{
	return field == MTX_INTEGER ? "integer" : field == MTX_PATTERN ? "pattern" : "real";
}

const char *mtx_symmetry_name(enum mtx_symmetry symmetry)
{
	return symmetry == MTX_SYMMETRIC ? "symmetric" :
	       symmetry == MTX_SKEW_SYMMETRIC ? "skew-symmetric" : "general";
}
