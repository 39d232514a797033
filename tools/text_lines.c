/* A text file line by line (text_lines.h). */
#include "text_lines.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int text_lines_open(struct text_lines *text, const char *path, char *error, size_t error_size)
{
	memset(text, 0, sizeof *text);
	text->path = path;
	errno = 0;
	text->file = fopen(path, "r");
	if (!text->file) {
		snprintf(error, error_size, "%s: cannot open: %s", path,
			 errno ? strerror(errno) : "unknown reason");
		return -1;
	}
	return 0;
}

int text_lines_next(struct text_lines *text, char *error, size_t error_size)
{
	size_t length = 0;
	for (;;) {
		if (text->capacity - length < 2) {
			size_t capacity = text->capacity ? 2 * text->capacity : 256;
			char *line = realloc(text->line, capacity);
			if (!line) {
				snprintf(error, error_size, "%s:%ld: out of memory for a line", text->path,
					 text->number + 1);
				return -1;
			}
			text->line = line;
			text->capacity = capacity;
		}
		if (!fgets(text->line + length, (int)(text->capacity - length), text->file)) {
			if (ferror(text->file)) {
				snprintf(error, error_size, "%s:%ld: read error", text->path,
					 text->number + 1);
				return -1;
			}
			if (length == 0)
				return 0;
			break;  /* a last line without an end of line */
		}
		length += strlen(text->line + length);
		if (length > 0 && text->line[length - 1] == '\n')
			break;
	}
	text->number++;
	if (length > 0 && text->line[length - 1] == '\n')
		text->line[--length] = 0;
	if (length > 0 && text->line[length - 1] == '\r')
		text->line[--length] = 0;
	return 1;
}

void text_lines_close(struct text_lines *text)
{
	if (text->file)
		fclose(text->file);
	free(text->line);
	memset(text, 0, sizeof *text);
}

/* A stray carriage return inside a line separates fields too. */
static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

int text_fields(char *line, char **fields, int max)
{
	int count = 0;
	char *p = line;
	for (;;) {
		while (is_space(*p))
			p++;
		if (!*p)
			return count;
		if (count < max)
			fields[count] = p;
		count++;
		while (*p && !is_space(*p))
			p++;
		if (!*p)
			return count;
		*p++ = 0;
	}
}

int text_is_blank(const char *line)
{
	while (is_space(*line))
		line++;
	return *line == 0;
}

int text_same_word(const char *word, const char *lower)
{
	for (; *word && *lower; word++, lower++) {
		char c = *word >= 'A' && *word <= 'Z' ? (char)(*word - 'A' + 'a') : *word;
		if (c != *lower)
			return 0;
	}
	return *word == 0 && *lower == 0;
}

int text_integer(const char *field, long long *value)
{
	const char *p = field;
	if (*p == '+' || *p == '-')
		p++;
	if (*p < '0' || *p > '9')
		return -1;
	for (; *p; p++)
		if (*p < '0' || *p > '9')
			return -1;
	errno = 0;
	char *end;
	long long parsed = strtoll(field, &end, 10);
	if (errno == ERANGE || *end)
		return -1;
	*value = parsed;
	return 0;
}

int text_double(const char *field, double *value)
{
	errno = 0;
	char *end;
	double parsed = strtod(field, &end);
	if (end == field || *end)
		return -1;
	if (errno == ERANGE && (parsed == HUGE_VAL || parsed == -HUGE_VAL))
		return -2;
	*value = parsed;
	return 0;
}

int text_error(const struct text_lines *text, char *error, size_t error_size,
	       const char *format, ...)
{
	int used = snprintf(error, error_size, "%s:%ld: ", text->path, text->number);
	if (used >= 0 && (size_t)used < error_size) {
		va_list args;
		va_start(args, format);
		vsnprintf(error + used, error_size - (size_t)used, format, args);
		va_end(args);
	}
	/* one line, whatever bytes of the file the message quotes */
	for (char *c = error; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	return -1;
}
