#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "core/env_value.h"
#include "core/message.h"

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

struct tf_env_value tf_env_trim(const char *text, size_t length)
{
	while (length && is_blank(*text))
		text++, length--;
	while (length && is_blank(text[length - 1]))
		length--;
	struct tf_env_value value = { text, length };
	return value;
}

int tf_env_get(const char *name, struct tf_env_value *value)
{
	const char *text = secure_getenv(name);
	if (!text)
		return 0;
	*value = tf_env_trim(text, strlen(text));
	return value->length > 0;
}

int tf_env_integer(struct tf_env_value value, long low, long high, long *result)
{
	/* 18 digits cannot overflow a long; more are out of any range here. */
	if (value.length == 0 || value.length > 18)
		return 0;
	long number = 0;
	for (size_t i = 0; i < value.length; i++) {
		if (!is_digit(value.text[i]))
			return 0;
		number = 10 * number + (value.text[i] - '0');
	}
	if (number < low || number > high)
		return 0;
	*result = number;
	return 1;
}

int tf_env_integer_list(struct tf_env_value value, long low, long high, long *items, int max,
			int *count)
{
	const char *at = value.text, *end = value.text + value.length;
	int found = 0;
	for (;;) {
		const char *comma = memchr(at, ',', (size_t)(end - at));
		const char *stop = comma ? comma : end;
		if (found == max ||
		    !tf_env_integer(tf_env_trim(at, (size_t)(stop - at)), low, high, &items[found]))
			return 0;
		found++;
		if (!comma)
			break;
		at = comma + 1;
	}
	*count = found;
	return 1;
}

int tf_env_number(struct tf_env_value value, const char *suffixes, double low, double high,
		  double *result)
{
	const char *p = value.text, *end = value.text + value.length;
	/* The first 19 significant digits (they fit in 64 bits) and the power of
	 * ten that scales them; the digits beyond cannot matter to a knob. */
	uint64_t digits = 0;
	int kept = 0, seen = 0;
	long scale = 0;
	for (; p < end && is_digit(*p); p++, seen++) {
		if (kept < 19) {
			digits = 10 * digits + (uint64_t)(*p - '0');
			kept += digits > 0;
		} else {
			scale++;
		}
	}
	if (p < end && *p == '.') {
		for (p++; p < end && is_digit(*p); p++, seen++) {
			if (kept < 19) {
				digits = 10 * digits + (uint64_t)(*p - '0');
				kept += digits > 0;
				scale--;
			}
		}
	}
	if (!seen)
		return 0;
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		int negative = p < end && *p == '-';
		if (p < end && (*p == '-' || *p == '+'))
			p++;
		if (p == end || !is_digit(*p))
			return 0;
		long exponent = 0;
		for (; p < end && is_digit(*p); p++)
			if (exponent < 100000)
				exponent = 10 * exponent + (*p - '0');
		scale += negative ? -exponent : exponent;
	}
	/* Past these the number is out of any range, or zero. */
	if (scale > 400)
		scale = 400;
	if (scale < -400)
		scale = -400;
	/* Digits and a power of ten, without a decimal point, so that the
	 * program's locale cannot change how strtod reads them; correctly
	 * rounded. */
	char text[48];
	snprintf(text, sizeof text, "%llue%ld", (unsigned long long)digits, scale);
	double number = strtod(text, NULL);
	if (suffixes && p < end && *p) {
		const char *at = strchr(suffixes, *p);
		if (at) {
			for (const char *s = suffixes; s <= at; s++)
				number *= 1024;
			p++;
		}
	}
	if (p != end || !(number >= low && number <= high))
		return 0;
	*result = number;
	return 1;
}

int tf_env_word(struct tf_env_value value, const char *const *names, size_t count)
{
	for (size_t i = 0; i < count; i++)
		if (strlen(names[i]) == value.length &&
		    strncasecmp(names[i], value.text, value.length) == 0)
			return (int)i;
	return -1;
}

/* The length of the well-formed UTF-8 sequence at `s` (at most `left`
 * bytes), 0 if there is none; its code point in *code. */
static size_t utf8_sequence(const unsigned char *s, size_t left, unsigned long *code)
{
	unsigned char b = s[0];
	size_t length;
	unsigned char low = 0x80, high = 0xbf; /* the second byte's range */
	if (b >= 0xc2 && b <= 0xdf)
		length = 2, *code = b & 0x1f;
	else if (b >= 0xe0 && b <= 0xef)
		length = 3, *code = b & 0x0f, low = b == 0xe0 ? 0xa0 : 0x80, high = b == 0xed ? 0x9f : 0xbf;
	else if (b >= 0xf0 && b <= 0xf4)
		length = 4, *code = b & 0x07, low = b == 0xf0 ? 0x90 : 0x80, high = b == 0xf4 ? 0x8f : 0xbf;
	else
		return 0;
	if (left < length || s[1] < low || s[1] > high)
		return 0;
	for (size_t i = 1; i < length; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		*code = *code << 6 | (s[i] & 0x3f);
	}
	return length;
}

/* Characters that would change how the line reads: C1 controls, line and
 * paragraph separators, bidirectional overrides and isolates. */
static int is_invisible(unsigned long code)
{
	return code <= 0x9f || (code >= 0x2028 && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

void tf_env_echo(const char *text, size_t length, char *out, size_t size)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t used = 0, i = 0;
	while (i < length) {
		char piece[16];
		size_t take = 1;
		unsigned long code;
		if (s[i] >= 0x20 && s[i] < 0x7f) {
			if (s[i] == '\\')
				snprintf(piece, sizeof piece, "\\\\");
			else
				snprintf(piece, sizeof piece, "%c", s[i]);
		} else if ((take = utf8_sequence(s + i, length - i, &code)) && !is_invisible(code)) {
			memcpy(piece, s + i, take);
			piece[take] = '\0';
		} else {
			take = 1;
			snprintf(piece, sizeof piece, "\\x%02x", s[i]);
		}
		size_t width = strlen(piece);
		if (used + width > TF_ENV_ECHO_MAX || used + width >= size)
			break;
		memcpy(out + used, piece, width + 1);
		used += width;
		i += take;
	}
	out[used] = '\0';
	if (i < length)
		snprintf(out + used, size - used, "... (%zu bytes)", length);
}

void tf_env_refuse(const char *name, struct tf_env_value value, const char *expected,
		   const char *fallback)
{
	char echo[128];
	tf_env_echo(value.text, value.length, echo, sizeof echo);
	tf_message("%s=%s is not %s; using %s", name, echo, expected, fallback);
}
