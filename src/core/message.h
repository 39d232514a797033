/* Messages to the user: one line on stderr, prefixed "twofold[pid P]: ",
 * or "twofold[rank R, pid P]: " in a process that a parallel launcher
 * started as rank R (core/launcher.h), so that the lines of a job's
 * processes, mixed on one terminal or gathered in one file, say whose they
 * are. */
#ifndef TF_MESSAGE_H
#define TF_MESSAGE_H

#include <stddef.h>

void tf_message(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* For what cannot be survived (no CPU BLAS): the message, then exit(1). */
_Noreturn void tf_fatal(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* The prefix of every line twofold writes ("twofold[rank 3, pid 4711]: ",
 * with its colon and space) into `out`; the PID is the caller's at the
 * time of the call (a child of fork() has its own).  `size` of
 * TF_MESSAGE_PREFIX_MAX holds any prefix. */
#define TF_MESSAGE_PREFIX_MAX 64
void tf_message_prefix(char *out, size_t size);

#endif
