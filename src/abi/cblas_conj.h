/* Row-major CBLAS calls of complex routines whose column-major view needs
 * a conjugate (a conjugate transpose, a Hermitian matrix: the transpose of
 * a Hermitian A is conj(A)) compute the conjugate problem, as the
 * reference CBLAS does: conj(y) = conj(alpha) op(A) conj(x) + conj(beta)
 * conj(y), with a conjugated copy of x (unit stride) and y conjugated in
 * place before and after.  Where the vectors are device memory, so are
 * the copies, and the conjugation is done there. */
#ifndef TF_CBLAS_CONJ_H
#define TF_CBLAS_CONJ_H

#include <stddef.h>

/* The n complex elements of x (stride inc, from the end when inc < 0; all
 * the first when inc = 0, as the reference copies them), conjugated, at
 * unit stride: in device memory when x is, else in stack when it holds 2 n
 * doubles, else from malloc. */
double *tf_cblas_conj_copy(const double *x, int n, int inc, double *stack, size_t stack_doubles);
void tf_cblas_conj_release(double *copy, const double *stack);

/* Conjugates n complex elements of v in place, at stride |inc| from v (the
 * first only when inc = 0). */
void tf_cblas_conj_vector(double *v, int n, int inc);

#endif
