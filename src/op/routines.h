/* Routine ids: every exported BLAS routine (enum tf_routine, generated from
 * src/abi/blas_routines.tbl) and, after them, the typed and sparse API's
 * routines and the LAPACK drivers (X-macro lists below).  An op carries its routine's id; the call record and
 * the TWOFOLD_LOG report count by it. */
#ifndef TF_OP_ROUTINES_H
#define TF_OP_ROUTINES_H

#include "op/blas_routines.h"

#define TF_TYPED_ROUTINES(X) \
	X(tf_ddgemm) X(tf_dsgemm) X(tf_dsgemm_dsarith) X(tf_dspgemm) X(tf_digemm) \
	X(tf_dfgemm) X(tf_tsgemm) \
	X(tf_ddgemv) X(tf_dsgemv) X(tf_dspgemv) X(tf_digemv) X(tf_dfgemv) X(tf_tsgemv) \
	X(tf_ddaxpy) X(tf_dsaxpy) X(tf_dspaxpy) X(tf_diaxpy) X(tf_dfaxpy) X(tf_tsaxpy) \
	X(tf_dddot) X(tf_dsdot) X(tf_dspdot) X(tf_didot) X(tf_dfdot) X(tf_tsdot) \
	X(tf_dcsrmv) X(tf_ddcsrmv) X(tf_dscsrmv) X(tf_dicsrmv) \
	X(tf_dcg) X(tf_ddcg) X(tf_dbicgstab) X(tf_ddbicgstab)

#define TF_LAPACK_ROUTINES(X) X(dgesv_) X(dposv_) X(zgesv_) X(zposv_) X(dsysv_) X(dgels_) \
	X(LAPACKE_dgesv) X(LAPACKE_dposv)

enum tf_typed_routine {
	TF_TYPED_BEFORE_FIRST = TF_ROUTINE_COUNT - 1,
#define TF_TYPED_ID(name) TF_T_##name,
	TF_TYPED_ROUTINES(TF_TYPED_ID)
#undef TF_TYPED_ID
#define TF_LAPACK_ID(name) TF_L_##name,
	TF_LAPACK_ROUTINES(TF_LAPACK_ID)
#undef TF_LAPACK_ID
	TF_ROUTINE_ID_COUNT /* BLAS, typed and LAPACK routines */
};

/* The name of a routine id: BLAS ("dgemm_"), typed ("tf_ddgemm"), LAPACK
 * ("dgesv_"). */
const char *tf_routine_name(int id);

#endif
