/* TWOFOLD_LOG_FILE: the name of the file that takes a process's TWOFOLD_LOG
 * report, made from a pattern in which %r stands for the process's rank in
 * a parallel job (its PID when a launcher gave it none, so that the name
 * is still its own), %p for its PID and %% for a percent sign. */
#ifndef TF_LOG_FILE_H
#define TF_LOG_FILE_H

#include <stddef.h>

/* Whether the `length` bytes of `pattern` are one: every % followed by r,
 * p or %. */
int tf_log_file_pattern_valid(const char *pattern, size_t length);

/* The name `pattern` (valid, NUL-terminated) gives this process, into
 * `out`: 1, or 0 when it does not fit in `size` bytes. */
int tf_log_file_name(const char *pattern, char *out, size_t size);

#endif
