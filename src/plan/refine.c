#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/message.h"
#include "plan/lapack_plan.h"
#include "plan/refine.h"
#include "twofold/arith_dd.h"

/* A system with its double factors. */
enum factors { LU, CHOLESKY, LDLT };
struct factored {
	enum tf_op_type type;
	enum factors factors; /* LU and LDLT with ipiv */
	char uplo; /* 0: A general; 'U' or 'L': A symmetric (Hermitian), its uplo triangle */
	int n;
	const double *a;      /* the original A */
	int lda;
	const double *factor; /* the factors, as LAPACK left them */
	int ldf;
	const int *ipiv;
};

static int solve(const struct factored *s, int nrhs, double *b, int ldb)
{
	switch (s->factors) {
	case CHOLESKY: return tf_plan_potrs(s->type, s->uplo, s->n, nrhs, s->factor, s->ldf, b, ldb);
	case LDLT: return tf_plan_dsytrs(s->uplo, s->n, nrhs, s->factor, s->ldf, s->ipiv, b, ldb);
	default: return tf_plan_getrs(s->type, s->n, nrhs, s->factor, s->ldf, s->ipiv, b, ldb);
	}
}

/* One right-hand side's progress. */
struct column {
	int active;
	int steps;
	double normwise;      /* the last ||dx|| / ||x|| */
	double componentwise; /* the last max |dx_i| / |x_i| */
};

/* Adds the corrections d to x = x_hi + x_lo (n elements of width doubles:
 * complex ones as (re, im), measured by |re| + |im|); the column's
 * measures. */
static void correct(int n, int width, const double *d, double *x_hi, double *x_lo,
		    struct column *c)
{
	double largest_d = 0.0, largest_x = 0.0, componentwise = 0.0;
	for (int i = 0; i < n; i++) {
		double size = 0.0, magnitude = 0.0;
		for (int w = 0; w < width; w++) {
			const int k = width * i + w;
			tf_dd x = tf_dd_add_d(tf_dd_make(x_hi[k], x_lo[k]), d[k]);
			x_hi[k] = x.hi;
			x_lo[k] = x.lo;
			size += fabs(d[k]);
			magnitude += fabs(x.hi);
		}
		largest_d = fmax(largest_d, size);
		largest_x = fmax(largest_x, magnitude);
		if (size > 0.0)
			componentwise = fmax(componentwise, magnitude != 0.0 ? size / magnitude : INFINITY);
	}
	double normwise = largest_d == 0.0 ? 0.0 : largest_x > 0.0 ? largest_d / largest_x : INFINITY;
	c->steps++;
	if (componentwise <= TF_REFINE_CONVERGED)
		c->active = 0;
	else if (c->steps > 1 && normwise > TF_REFINE_NO_PROGRESS * c->normwise)
		c->active = 0;
	c->normwise = normwise;
	c->componentwise = componentwise;
}

/* Refines x (n x nrhs, the solution from the factors) against b. */
static void refine(const struct factored *s, int nrhs, const double *b, int ldb, double *x,
		   int ldx, struct tf_refine_report *report)
{
	const int n = s->n, width = s->type == TF_TYPE_Z ? 2 : 1;
	const size_t column = (size_t)width * n, size = column * nrhs;
	double *x_lo = calloc(2 * size, sizeof *x_lo);
	struct column *columns = calloc((size_t)nrhs, sizeof *columns);
	if (!x_lo || !columns)
		tf_fatal("out of memory for the refinement of %d right-hand sides of order %d", nrhs, n);
	double *r = x_lo + size;
	for (int c = 0; c < nrhs; c++)
		columns[c].active = 1;
	for (int step = 0; step < TF_REFINE_MAX_STEPS; step++) {
		int active = 0;
		for (int c = 0; c < nrhs; c++) {
			double *rc = r + c * column;
			if (!columns[c].active) {
				memset(rc, 0, column * sizeof *rc);
				continue;
			}
			active++;
			tf_plan_residual(s->type, s->uplo, n, 1, s->a, s->lda,
					 x + (size_t)width * c * ldx, x_lo + c * column, n,
					 b + (size_t)width * c * ldb, ldb, rc, n);
		}
		if (!active)
			break;
		solve(s, nrhs, r, n);
		for (int c = 0; c < nrhs; c++)
			if (columns[c].active)
				correct(n, width, r + c * column, x + (size_t)width * c * ldx,
					x_lo + c * column, &columns[c]);
	}
	/* x_hi + x_lo is normalized: x_hi is the sum rounded once. */
	report->steps = 0;
	report->converged = 1;
	report->error = 0.0;
	for (int c = 0; c < nrhs; c++) {
		if (columns[c].steps > report->steps)
			report->steps = columns[c].steps;
		report->converged &= columns[c].componentwise <= TF_REFINE_CONVERGED;
		report->error = fmax(report->error, columns[c].componentwise);
	}
	free(columns);
	free(x_lo);
}

/* A copy of the m x n matrix a (elements of width doubles), leading
 * dimension m. */
static double *copy_of(int width, int m, int n, const double *a, int lda)
{
	const size_t column = (size_t)width * m;
	double *copy = malloc(column * n * sizeof *copy + 1);
	if (!copy)
		tf_fatal("out of memory for a copy of a %d x %d matrix", m, n);
	for (int j = 0; j < n; j++)
		memcpy(copy + j * column, a + (size_t)width * j * lda, column * sizeof *copy);
	return copy;
}

int tf_plan_gesv_refined(enum tf_op_type type, int n, int nrhs, double *a, int lda, int *ipiv,
			 double *b, int ldb, struct tf_refine_report *report)
{
	const int width = type == TF_TYPE_Z ? 2 : 1;
	double *a0 = copy_of(width, n, n, a, lda), *b0 = copy_of(width, n, nrhs, b, ldb);
	int info = tf_plan_getrf(type, n, a, lda, ipiv);
	if (info == 0) {
		tf_plan_getrs(type, n, nrhs, a, lda, ipiv, b, ldb);
		struct factored s = { type, LU, 0, n, a0, n, a, lda, ipiv };
		refine(&s, nrhs, b0, n, b, ldb, report);
	}
	free(b0);
	free(a0);
	return info;
}

int tf_plan_posv_refined(enum tf_op_type type, char uplo, int n, int nrhs, double *a, int lda,
			 double *b, int ldb, struct tf_refine_report *report)
{
	const int width = type == TF_TYPE_Z ? 2 : 1;
	double *a0 = copy_of(width, n, n, a, lda), *b0 = copy_of(width, n, nrhs, b, ldb);
	int info = tf_plan_potrf(type, uplo, n, a, lda);
	if (info == 0) {
		tf_plan_potrs(type, uplo, n, nrhs, a, lda, b, ldb);
		struct factored s = { type, CHOLESKY, uplo, n, a0, n, a, lda, NULL };
		refine(&s, nrhs, b0, n, b, ldb, report);
	}
	free(b0);
	free(a0);
	return info;
}

int tf_plan_dsysv_refined(char uplo, int n, int nrhs, double *a, int lda, int *ipiv, double *b,
			  int ldb, double *work, int lwork, struct tf_refine_report *report)
{
	double *a0 = copy_of(1, n, n, a, lda), *b0 = copy_of(1, n, nrhs, b, ldb);
	int info = tf_plan_lapack_dsysv(1, uplo, n, nrhs, a, lda, ipiv, b, ldb, work, lwork);
	if (info == 0) {
		struct factored s = { TF_TYPE_D, LDLT, uplo, n, a0, n, a, lda, ipiv };
		refine(&s, nrhs, b0, n, b, ldb, report);
	}
	free(b0);
	free(a0);
	return info;
}
