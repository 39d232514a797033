#include "config.h"

/* The routines that round once or not at all: dscal_, zdscal_, dcopy_,
 * zcopy_, dswap_, zswap_, idamax_, izamax_, the *sub_ helpers and the
 * CBLAS forms (op kind MOVE).  There is nothing to compute in DD, so the
 * CPU BLAS computes them on host arrays, as it did when they were
 * forwarded, and the GPU on device arrays, which the CPU BLAS cannot read.
 * With no GPU the entry calls the CPU BLAS at once, building no op: LAPACK
 * makes millions of these calls.
 *
 * The reference checks no argument.  It returns for n <= 0, dscal and
 * zdscal also for incx <= 0, idamax and izamax (returning 0) for n < 1 or
 * incx <= 0; dcopy and dswap take negative increments (from the far end)
 * and zero ones. */
#include <stddef.h>
#include "core/export.h"
#include "cpu/blas_functions.h"
#include "cpu/blas_library.h"
#include "plan/call.h"
#include "plan/device_data.h"
#include "plan/plan.h"

/* With a GPU, the planner: the CPU BLAS for host arrays (tf_cpu_forward),
 * the GPU for device-resident ones.  Without, each entry calls the CPU
 * BLAS's routine itself, as a forwarding wrapper does, with no op built. */
static enum tf_where run_move(const struct tf_op *op, double *flops)
{
	tf_call_set_flops(flops, op);
	return tf_plan_run(op);
}

/* The CPU BLAS's routine blas as the d routine of its shape (the z one
 * takes the same arguments by address). */
#define CPU_BLAS(fn, blas) ((tf_blas_fn_##fn)tf_cpu_blas_symbol(blas))

/* ---- dscal, zdscal: x = alpha x, alpha real */

static void scal(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type, int n,
		 double alpha, double *x, int incx)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = TF_WHERE_NO_WORK;
	if (!tf_plan_gpu_usable()) {
		CPU_BLAS(dscal_, blas)(&n, &alpha, x, &incx);
		where = TF_WHERE_CPU_BLAS;
	} else if (n > 0 && incx > 0) {
		struct tf_op op = {
			.kind = TF_OP_MOVE, .routine = routine, .blas = blas, .type = type,
			.n = n, .alpha = alpha, .y = x, .incy = incx,
		};
		where = run_move(&op, tf_call_flops(&call, &flops));
	}
	tf_call_end(&call, where, flops);
}

TF_EXPORT void dscal_(const int *n, const double *alpha, double *x, const int *incx)
{
	scal(TF_R_dscal_, TF_R_dscal_, TF_TYPE_D, *n, *alpha, x, *incx);
}

TF_EXPORT void cblas_dscal(int n, double alpha, double *x, int incx)
{
	scal(TF_R_cblas_dscal, TF_R_dscal_, TF_TYPE_D, n, alpha, x, incx);
}

TF_EXPORT void zdscal_(const int *n, const double *alpha, void *x, const int *incx)
{
	scal(TF_R_zdscal_, TF_R_zdscal_, TF_TYPE_Z, *n, *alpha, x, *incx);
}

TF_EXPORT void cblas_zdscal(int n, double alpha, void *x, int incx)
{
	scal(TF_R_cblas_zdscal, TF_R_zdscal_, TF_TYPE_Z, n, alpha, x, incx);
}

/* ---- dcopy, zcopy (y = x) and dswap, zswap (x <-> y) */

static void pair(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type, int n,
		 const void *x, int incx, void *y, int incy)
{
	struct tf_call call;
	double flops = 0.0;
	tf_call_begin(&call, routine);
	enum tf_where where = TF_WHERE_NO_WORK;
	if (!tf_plan_gpu_usable()) {
		if (blas == TF_R_dcopy_ || blas == TF_R_zcopy_)
			CPU_BLAS(dcopy_, blas)(&n, (double *)x, &incx, y, &incy);
		else
			CPU_BLAS(dswap_, blas)(&n, (double *)x, &incx, y, &incy);
		where = TF_WHERE_CPU_BLAS;
	} else if (n > 0) {
		struct tf_op op = {
			.kind = TF_OP_MOVE, .routine = routine, .blas = blas, .type = type,
			.n = n, .x = x, .incx = incx, .y = y, .incy = incy,
		};
		where = run_move(&op, tf_call_flops(&call, &flops));
	}
	tf_call_end(&call, where, flops);
}

TF_EXPORT void dcopy_(const int *n, const double *x, const int *incx, double *y, const int *incy)
{
	pair(TF_R_dcopy_, TF_R_dcopy_, TF_TYPE_D, *n, x, *incx, y, *incy);
}

TF_EXPORT void cblas_dcopy(int n, const double *x, int incx, double *y, int incy)
{
	pair(TF_R_cblas_dcopy, TF_R_dcopy_, TF_TYPE_D, n, x, incx, y, incy);
}

TF_EXPORT void zcopy_(const int *n, const void *x, const int *incx, void *y, const int *incy)
{
	pair(TF_R_zcopy_, TF_R_zcopy_, TF_TYPE_Z, *n, x, *incx, y, *incy);
}

TF_EXPORT void cblas_zcopy(int n, const void *x, int incx, void *y, int incy)
{
	pair(TF_R_cblas_zcopy, TF_R_zcopy_, TF_TYPE_Z, n, x, incx, y, incy);
}

TF_EXPORT void dswap_(const int *n, double *x, const int *incx, double *y, const int *incy)
{
	pair(TF_R_dswap_, TF_R_dswap_, TF_TYPE_D, *n, x, *incx, y, *incy);
}

TF_EXPORT void cblas_dswap(int n, double *x, int incx, double *y, int incy)
{
	pair(TF_R_cblas_dswap, TF_R_dswap_, TF_TYPE_D, n, x, incx, y, incy);
}

TF_EXPORT void zswap_(const int *n, void *x, const int *incx, void *y, const int *incy)
{
	pair(TF_R_zswap_, TF_R_zswap_, TF_TYPE_Z, *n, x, *incx, y, *incy);
}

TF_EXPORT void cblas_zswap(int n, void *x, int incx, void *y, int incy)
{
	pair(TF_R_cblas_zswap, TF_R_zswap_, TF_TYPE_Z, n, x, incx, y, incy);
}

/* ---- idamax, izamax: the 1-based index, 0 when there is no element */

static int iamax(enum tf_routine routine, enum tf_routine blas, enum tf_op_type type, int n,
		 const void *x, int incx)
{
	struct tf_call call;
	double flops = 0.0;
	int index = 0;
	tf_call_begin(&call, routine);
	enum tf_where where = TF_WHERE_NO_WORK;
	if (!tf_plan_gpu_usable()) {
		index = CPU_BLAS(idamax_, blas)(&n, (double *)x, &incx);
		where = TF_WHERE_CPU_BLAS;
	} else if (n >= 1 && incx > 0) {
		struct tf_op op = {
			.kind = TF_OP_MOVE, .routine = routine, .blas = blas, .type = type,
			.n = n, .x = x, .incx = incx, .result = &index,
		};
		where = run_move(&op, tf_call_flops(&call, &flops));
	}
	tf_call_end(&call, where, flops);
	return index;
}

TF_EXPORT int idamax_(const int *n, const double *x, const int *incx)
{
	return iamax(TF_R_idamax_, TF_R_idamax_, TF_TYPE_D, *n, x, *incx);
}

TF_EXPORT void idamaxsub_(const int *n, const double *x, const int *incx, int *index)
{
	*index = iamax(TF_R_idamaxsub_, TF_R_idamax_, TF_TYPE_D, *n, x, *incx);
}

TF_EXPORT int izamax_(const int *n, const void *x, const int *incx)
{
	return iamax(TF_R_izamax_, TF_R_izamax_, TF_TYPE_Z, *n, x, *incx);
}

TF_EXPORT void izamaxsub_(const int *n, const void *x, const int *incx, int *index)
{
	*index = iamax(TF_R_izamaxsub_, TF_R_izamax_, TF_TYPE_Z, *n, x, *incx);
}

/* CBLAS counts from 0, and answers 0 when there is no element (the
 * reference CBLAS: iamax ? iamax - 1 : 0). */
TF_EXPORT size_t cblas_idamax(int n, const double *x, int incx)
{
	int index = iamax(TF_R_cblas_idamax, TF_R_idamax_, TF_TYPE_D, n, x, incx);
	return index ? (size_t)(index - 1) : 0;
}

TF_EXPORT size_t cblas_izamax(int n, const void *x, int incx)
{
	int index = iamax(TF_R_cblas_izamax, TF_R_izamax_, TF_TYPE_Z, n, x, incx);
	return index ? (size_t)(index - 1) : 0;
}
