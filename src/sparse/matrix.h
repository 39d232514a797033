/* The CRS descriptor behind tf_csr (twofold/sparse.h): the caller's arrays
 * validated once, and what is derived from them on demand (a host copy of
 * device arrays, the transpose, the ILU(0) factors), kept until
 * tf_csr_destroy. */
#ifndef TF_SPARSE_MATRIX_H
#define TF_SPARSE_MATRIX_H

#include <pthread.h>
#include "op/sparse_op.h"
#include "twofold/sparse.h"

struct tf_csr {
	int status;                   /* 0 or TF_SPARSE_INVALID */
	char message[200];
	struct tf_sparse_matrix matrix;
	void *host_copy;              /* one block holding the host copy, if any */
	int symmetric;                /* -1: not yet known */
	pthread_mutex_t lock;         /* for what is derived on demand */
	struct tf_sparse_matrix transpose;
	int transposed;               /* 1: `transpose` built; -1: no memory */
	struct tf_ilu0 ilu;
	int ilu_status;               /* 0: not built; 1: built; -1: no memory;
					 i >= 2: zero pivot at row i - 1 */
};

/* The matrix of op(A) (trans 'N' or 'T'), building the transpose at first
 * use; NULL when memory runs out. */
const struct tf_sparse_matrix *tf_csr_op(tf_csr *a, char trans);

/* The ILU(0) factors, computed at first use.  Returns 0 and the factors;
 * -1 when memory runs out; i >= 1: the pivot of row i is zero. */
int tf_csr_ilu0(tf_csr *a, const struct tf_ilu0 **ilu);

#endif
