/* The parsing of one environment variable's value, the same for every
 * variable twofold reads: blanks (spaces, tabs) around the value ignored,
 * numbers in decimal only and range checked, and a refused value reported
 * on one line that names the variable, echoes the value (shortened, its
 * control and non-UTF-8 bytes escaped as \xNN) and says what is used
 * instead. */
#ifndef TF_ENV_VALUE_H
#define TF_ENV_VALUE_H

#include <stddef.h>

/* A value with its surrounding blanks taken off (not NUL-terminated). */
struct tf_env_value {
	const char *text;
	size_t length;
};

/* The value of `name` (secure_getenv: none in set-uid programs): 0 when
 * unset or blank, else 1 and the trimmed value. */
int tf_env_get(const char *name, struct tf_env_value *value);

/* `length` bytes of `text` with the blanks around them taken off. */
struct tf_env_value tf_env_trim(const char *text, size_t length);

/* A whole number in decimal digits (no sign, no base prefix) from `low` to
 * `high`: 1 and *result, else 0. */
int tf_env_integer(struct tf_env_value value, long low, long high, long *result);

/* A comma-separated list of whole numbers as tf_env_integer takes them
 * (blanks around each ignored; "0, 1,1"), at least one and at most `max`:
 * 1, the numbers in `items` and their count in *count, else 0. */
int tf_env_integer_list(struct tf_env_value value, long low, long high, long *items, int max,
			int *count);

/* A decimal number (digits, an optional fraction and an optional exponent:
 * 12, 1.5, 2e9; no sign, no hexadecimal, no inf or nan), with, if
 * `suffixes` is not NULL, one optional letter of it after it, the i-th
 * multiplying by 1024^(i+1) ("kMG": 3M is 3 * 1024^2); from `low` to
 * `high`: 1 and *result, else 0. */
int tf_env_number(struct tf_env_value value, const char *suffixes, double low, double high,
		  double *result);

/* The index of the value among `names` (any case), or -1. */
int tf_env_word(struct tf_env_value value, const char *const *names, size_t count);

/* The most characters an echo shows before it is cut short. */
#define TF_ENV_ECHO_MAX 60

/* Writes `text` as a message may show it: at most TF_ENV_ECHO_MAX
 * characters, then "... (N bytes)"; bytes that are control characters or
 * not part of well-formed UTF-8 written as \xNN, a backslash as \\.
 * `size` of 128 holds any echo. */
void tf_env_echo(const char *text, size_t length, char *out, size_t size);

/* Reports a refused value: "NAME=VALUE is not EXPECTED; using FALLBACK". */
void tf_env_refuse(const char *name, struct tf_env_value value, const char *expected,
		   const char *fallback);

#endif
