/* text_lines.h: a text file read line by line, with the line number, and
 * a line split into its whitespace-separated fields: what the Matrix
 * Market and right-hand side readers share, so that each of their
 * messages can say FILE:LINE. */
#ifndef TF_TOOLS_TEXT_LINES_H
#define TF_TOOLS_TEXT_LINES_H

#include <stdio.h>

struct text_lines {
	FILE *file;
	const char *path;
	char *line;      /* the current line, without its end of line (\n or \r\n) */
	size_t capacity;
	long number;     /* of the current line, from 1; 0 before the first */
};

/* Opens path.  Returns 0, or -1 with "PATH: cannot open: REASON" in error. */
int text_lines_open(struct text_lines *text, const char *path, char *error, size_t error_size);

/* Reads the next line into text->line.  Returns 1 for a line, 0 at the end
 * of the file, -1 on a read error or no memory (then error says which). */
int text_lines_next(struct text_lines *text, char *error, size_t error_size);

void text_lines_close(struct text_lines *text);

/* Splits line in place into at most max fields (separated by spaces,
 * tabs and stray carriage returns) and returns how many there are, counting those beyond max (which
 * are not stored): a caller that expects 3 passes max 3 and compares. */
int text_fields(char *line, char **fields, int max);

/* 1 when the line is empty or holds only spaces and tabs. */
int text_is_blank(const char *line);

/* 1 when word equals lower (all lower case), ignoring word's case: the
 * words of a Matrix Market header. */
int text_same_word(const char *word, const char *lower);

/* A field as an integer ([+-]digits, nothing else).  Returns 0, or -1 when
 * it is not one or does not fit a long long. */
int text_integer(const char *field, long long *value);

/* A field as a double (anything strtod reads, whole).  Returns 0, -1 when
 * it is not a number, -2 when it overflows a double. */
int text_double(const char *field, double *value);

/* Writes "PATH:LINE: " and the formatted message into error, control
 * characters (from quoted fields) shown as '?'.  Returns -1. */
int text_error(const struct text_lines *text, char *error, size_t error_size,
	       const char *format, ...) __attribute__((format(printf, 4, 5)));

#endif
