#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/message.h"

/* One fprintf per message, so that lines from several threads do not mix. */
static void emit(const char *format, va_list args)
{
	char text[1024];
	vsnprintf(text, sizeof text, format, args);
	fprintf(stderr, "twofold: %s\n", text);
}

void tf_message(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	emit(format, args);
	va_end(args);
}

_Noreturn void tf_fatal(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	emit(format, args);
	va_end(args);
	exit(EXIT_FAILURE);
}
