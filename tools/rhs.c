/* The right-hand side from a file or random (rhs.h). */
#include "rhs.h"

#include <math.h>
#include <string.h>
#include "text_lines.h"

static int is_comment(const char *line)
{
	return line[0] == '%' || line[0] == '#' || text_is_blank(line);
}

/* The Matrix Market header of a vector: array, real or integer, general,
 * and its size line.  Returns 0 or -1. */
static int read_header(struct text_lines *text, int n, char *error, size_t size)
{
	char *field[6];
	int count = text_fields(text->line, field, 6);
	if (count != 5)
		return text_error(text, error, size,
				  "expected %%%%MatrixMarket matrix array real general");
	if (!text_same_word(field[1], "matrix") || !text_same_word(field[2], "array"))
		return text_error(text, error, size,
				  "the right-hand side must be a Matrix Market array (%s %s given)",
				  field[1], field[2]);
	if (!text_same_word(field[3], "real") && !text_same_word(field[3], "integer"))
		return text_error(text, error, size,
				  "the right-hand side must be real or integer, not %s", field[3]);
	if (!text_same_word(field[4], "general"))
		return text_error(text, error, size,
				  "the right-hand side must be general, not %s", field[4]);
	int got;
	while ((got = text_lines_next(text, error, size)) > 0 && is_comment(text->line))
		;
	if (got < 0)
		return -1;
	if (got == 0)
		return text_error(text, error, size, "the file ends before the size line");
	count = text_fields(text->line, field, 3);
	long long rows, cols;
	if (count != 2 || text_integer(field[0], &rows) != 0 || text_integer(field[1], &cols) != 0)
		return text_error(text, error, size,
				  "the size line of an array must hold 2 integers (rows, columns)");
	if (!((rows == n && cols == 1) || (rows == 1 && cols == n)))
		return text_error(text, error, size,
				  "a %lld x %lld array; the matrix needs a vector of %d", rows, cols,
				  n);
	return 0;
}

int rhs_read(const char *path, int n, double *b, char *error, size_t error_size)
{
	struct text_lines text;
	if (text_lines_open(&text, path, error, error_size) != 0)
		return -1;
	int status = -1, got = text_lines_next(&text, error, error_size);
	if (got < 0)
		goto done;
	if (got > 0 && strncmp(text.line, "%%MatrixMarket", 14) == 0) {
		if (read_header(&text, n, error, error_size) != 0)
			goto done;
		got = text_lines_next(&text, error, error_size);
	}
	int count = 0;
	for (; got > 0; got = text_lines_next(&text, error, error_size)) {
		if (is_comment(text.line))
			continue;
		char *field[2];
		int fields = text_fields(text.line, field, 2);
		if (fields != 1) {
			text_error(&text, error, error_size, "expected one value per line, found %d",
				   fields);
			goto done;
		}
		if (count == n) {
			text_error(&text, error, error_size,
				   "more than the %d values the matrix has rows for", n);
			goto done;
		}
		double value;
		int parsed = text_double(field[0], &value);
		if (parsed == -1 || (parsed == 0 && !isfinite(value))) {
			text_error(&text, error, error_size, "value '%s' is not a finite number",
				   field[0]);
			goto done;
		}
		if (parsed == -2) {
			text_error(&text, error, error_size, "value '%s' overflows a double", field[0]);
			goto done;
		}
		b[count++] = value;
	}
	if (got < 0)
		goto done;
	if (count < n) {
		if (text.number == 0)
			text.number = 1;
		text_error(&text, error, error_size, "the file ends after %d values; the matrix has %d rows",
			   count, n);
		goto done;
	}
	status = 0;
done:
	text_lines_close(&text);
	return status;
}

void rhs_random(int n, uint64_t seed, double *b)
{
	uint64_t state = seed;
	for (int i = 0; i < n; i++) {
		uint64_t z = (state += 0x9e3779b97f4a7c15u);
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
		z ^= z >> 31;
		/* 53 random bits scaled to [0, 1), then to [-1, 1) exactly */
		b[i] = 2.0 * ((double)(z >> 11) * 0x1p-53) - 1.0;
	}
}
