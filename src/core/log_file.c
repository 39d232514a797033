#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "core/launcher.h"
#include "core/log_file.h"

int tf_log_file_pattern_valid(const char *pattern, size_t length)
{
	for (size_t i = 0; i < length; i++) {
		if (pattern[i] != '%')
			continue;
		if (i + 1 == length || !strchr("rp%", pattern[i + 1]))
			return 0;
		i++;
	}
	return 1;
}

int tf_log_file_name(const char *pattern, char *out, size_t size)
{
	size_t used = 0;
	for (const char *c = pattern; *c; c++) {
		char number[24];
		const char *piece = number;
		if (*c != '%') {
			number[0] = *c;
			number[1] = '\0';
		} else if (*++c == 'r' && tf_launcher()->rank >= 0) {
			snprintf(number, sizeof number, "%d", tf_launcher()->rank);
		} else if (*c == 'r' || *c == 'p') {
			snprintf(number, sizeof number, "%ld", (long)getpid());
		} else if (*c == '%') {
			piece = "%";
		} else {
			return 0; /* not a valid pattern */
		}
		size_t length = strlen(piece);
		if (used + length >= size)
			return 0;
		memcpy(out + used, piece, length);
		used += length;
	}
	if (used >= size)
		return 0;
	out[used] = '\0';
	return 1;
}
