#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "core/launcher.h"
#include "core/message.h"

void tf_message_prefix(char *out, size_t size)
{
	int rank = tf_launcher()->rank;
	long pid = (long)getpid();
	if (rank >= 0)
		snprintf(out, size, "twofold[rank %d, pid %ld]: ", rank, pid);
	else
		snprintf(out, size, "twofold[pid %ld]: ", pid);
}

/* One fprintf per message, so that lines from several threads do not mix. */
static void emit(const char *format, va_list args)
{
	char prefix[TF_MESSAGE_PREFIX_MAX], text[1024];
	tf_message_prefix(prefix, sizeof prefix);
	vsnprintf(text, sizeof text, format, args);
	fprintf(stderr, "%s%s\n", prefix, text);
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
