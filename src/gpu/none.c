/* The GPU backend of a build without CUDA: there is no GPU to use. */
#include "config.h"

#include <stdio.h>

#include "core/message.h"
#include "gpu/gpu.h"
#include "gpu/sparse.h"
#include "gpu/typed.h"
#include "gpu/real_form.h"
#include "gpu/trsm.h"
#include "gpu/solver.h"
#include "gpu/dd_factor.h"

int tf_gpu_usable(void)
{
	return 0;
}

const char *tf_gpu_used(void)
{
	return NULL;
}

long tf_gpu_split_count(void)
{
	return 0;
}

long tf_gpu_split_shared_count(void)
{
	return 0;
}

int tf_gpu_devices_explain(double flops, enum tf_gpu_arith arith, int split_engine, int max_moduli,
			   char *text, size_t size)
{
	(void)flops, (void)arith, (void)split_engine, (void)max_moduli;
	return snprintf(text, size, "%s", "");
}

const double *tf_gpu_host_readable(const double *p, double *copy, size_t count)
{
	(void)copy, (void)count;
	return p;
}

double *tf_gpu_conj_copy(const double *v, int n, int inc)
{
	(void)v, (void)n, (void)inc;
	return NULL;
}

int tf_gpu_conj_in_place(double *v, int n, int inc)
{
	(void)v, (void)n, (void)inc;
	return 0;
}

int tf_gpu_free_copy(double *copy)
{
	(void)copy;
	return 0;
}

struct tf_gpu_memory tf_gpu_op_memory(const struct tf_op *op)
{
	(void)op;
	struct tf_gpu_memory memory = { 0, 1 };
	return memory;
}

int tf_gpu_mirror_run(const struct tf_op *op, void (*run)(const struct tf_op *op))
{
	(void)op, (void)run;
	return -1;
}

double tf_gpu_gemm_flops(enum tf_gpu_arith arith)
{
	(void)arith;
	return 0.0;
}

int tf_gpu_fp64_is_weak(void)
{
	return 0;
}

double tf_gpu_link_bytes(void)
{
	return 0.0;
}

int tf_gpu_run(const struct tf_op *op, enum tf_gpu_arith arith, struct tf_gpu_memory memory,
	       tf_gpu_undone *undone, void *context)
{
	(void)op, (void)arith, (void)memory, (void)undone, (void)context;
	return -1;
}

struct tf_gpu_memory tf_gpu_typed_memory(const struct tf_typed_op *op)
{
	(void)op;
	struct tf_gpu_memory memory = { 0, 1 };
	return memory;
}

int tf_gpu_typed_run(const struct tf_typed_op *op, struct tf_gpu_memory memory)
{
	(void)op, (void)memory;
	return -1;
}

int tf_gpu_split(const struct tf_product *p, const struct tf_split_options *options,
		 struct tf_split_report *report, tf_product_undone *undone, void *context)
{
	(void)p, (void)options, (void)report, (void)undone, (void)context;
	return -1;
}

struct tf_gpu_memory tf_gpu_product_memory(const struct tf_product *p)
{
	(void)p;
	struct tf_gpu_memory memory = { 0, 1 };
	return memory;
}

double tf_gpu_split_flops(int moduli)
{
	(void)moduli;
	return 0.0;
}

/* The sparse half (gpu/sparse.h): every array is host memory. */
struct tf_gpu_memory tf_gpu_arrays_memory(const void *const *arrays, int count)
{
	(void)arrays, (void)count;
	struct tf_gpu_memory memory = { 0, 1 };
	return memory;
}

int tf_gpu_fetch(void *host, const void *device, size_t bytes)
{
	(void)host, (void)device, (void)bytes;
	tf_message("no GPU in this build to copy from");
	return -1;
}

int tf_gpu_spmv(const struct tf_spmv_op *op)
{
	(void)op;
	return -1;
}

int tf_gpu_krylov_engine(const struct tf_krylov_setup *setup, struct tf_krylov_engine *engine)
{
	(void)setup, (void)engine;
	return -1;
}

void tf_gpu_sparse_forget(struct tf_sparse_matrix *a)
{
	(void)a;
}

int tf_gpu_real_form_takes(const struct tf_op *op)
{
	(void)op;
	return 0;
}

int tf_gpu_real_form_make(const struct tf_op *op, struct tf_gpu_real_form *form)
{
	(void)op, (void)form;
	return -1;
}

int tf_gpu_real_form_finish(const struct tf_op *op, struct tf_gpu_real_form *form)
{
	(void)op, (void)form;
	return -1;
}

void tf_gpu_real_form_free(struct tf_gpu_real_form *form)
{
	(void)form;
}

int tf_gpu_trsm_takes(const struct tf_op *op)
{
	(void)op;
	return 0;
}

int tf_gpu_trsm_run(const struct tf_op *op, tf_gpu_trsm_update *update)
{
	(void)op, (void)update;
	return -1;
}

struct tf_gpu_system *tf_gpu_system_factor(enum tf_op_type type, char uplo, int n, double *a,
					   int lda, int *ipiv, int nrhs, const double *b, int ldb,
					   int keep, int *info, int *failed)
{
	(void)type, (void)uplo, (void)n, (void)a, (void)lda, (void)ipiv, (void)nrhs, (void)b;
	(void)ldb, (void)keep, (void)info;
	*failed = 0;
	return NULL;
}

int tf_gpu_system_solve(struct tf_gpu_system *s, int nrhs, double *x, int ldx)
{
	(void)s, (void)nrhs, (void)x, (void)ldx;
	return -1;
}

int tf_gpu_system_residual(struct tf_gpu_system *s, int c, const double *x_hi,
			   const double *x_lo, double *r, double *r_lo)
{
	(void)s, (void)c, (void)x_hi, (void)x_lo, (void)r, (void)r_lo;
	return -1;
}

int tf_gpu_system_original(struct tf_gpu_system *s, double *a, double *b)
{
	(void)s, (void)a, (void)b;
	return -1;
}

int tf_gpu_copy_matrix(size_t size, int rows, int cols, const void *from, int ldfrom, void *to,
		       int ldto)
{
	(void)size, (void)rows, (void)cols, (void)from, (void)ldfrom, (void)to, (void)ldto;
	return -1;
}

int tf_gpu_solver_resident(const void *p)
{
	(void)p;
	return 0;
}

void tf_gpu_system_end(struct tf_gpu_system *s)
{
	(void)s;
}

struct tf_gpu_dd_factors *tf_gpu_dd_factor(enum tf_op_type type, char uplo, int n,
					   const double *a, int lda, int *info)
{
	(void)type, (void)uplo, (void)n, (void)a, (void)lda, (void)info;
	return NULL;
}

int tf_gpu_dd_solve(struct tf_gpu_dd_factors *f, int nrhs, double *hi, double *lo, size_t column)
{
	(void)f, (void)nrhs, (void)hi, (void)lo, (void)column;
	return -1;
}

int tf_gpu_dd_factors_get(const struct tf_gpu_dd_factors *f, void *factors, int *ipiv)
{
	(void)f, (void)factors, (void)ipiv;
	return -1;
}

void tf_gpu_dd_factors_free(struct tf_gpu_dd_factors *f)
{
	(void)f;
}
