/* Messages to the user: one line on stderr, prefixed "twofold: ". */
#ifndef TF_MESSAGE_H
#define TF_MESSAGE_H

void tf_message(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* For what cannot be survived (no CPU BLAS): the message, then exit(1). */
_Noreturn void tf_fatal(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif
