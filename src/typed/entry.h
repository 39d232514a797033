/* What the typed entry points share: scalar tests per working arithmetic,
 * argument checks, and the call bracket around the planner. */
#ifndef TF_TYPED_ENTRY_H
#define TF_TYPED_ENTRY_H

#include "op/typed_op.h"

/* 'N' or 'T' for a legal trans option (any case; 'C' is 'T'), 0 else. */
char tf_typed_trans(char trans);

/* The zero of the working arithmetic, written to a DOT result. */
void tf_typed_zero_result(enum tf_format format, void *result);

/* Runs a validated op that has work to do, with statistics; returns 0. */
int tf_typed_call(const struct tf_typed_op *op);

/* The checked entry points behind the exported ones, one per kind: they
 * take the op with its format, routine, arrays and scalars set, and the
 * options and sizes to check; they return 0 or -i. */
int tf_typed_gemm(struct tf_typed_op *op, char transa, char transb);
int tf_typed_gemv(struct tf_typed_op *op, char trans);
int tf_typed_axpy(struct tf_typed_op *op);
int tf_typed_dot(struct tf_typed_op *op);

#endif
