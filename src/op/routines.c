#include "config.h"

#include "op/routines.h"

#define TF_ROUTINE_NAME(name) #name,
static const char *const names[TF_ROUTINE_ID_COUNT] = {
	TF_BLAS_ROUTINES(TF_ROUTINE_NAME)
	TF_TYPED_ROUTINES(TF_ROUTINE_NAME)
	TF_LAPACK_ROUTINES(TF_ROUTINE_NAME)
};
#undef TF_ROUTINE_NAME

const char *tf_routine_name(int id)
{
	return names[id];
}
