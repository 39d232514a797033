#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/environment.h"
#include "core/message.h"
#include "cpu/dd_kernels.h"
#include "gpu/dd_factor.h"
#include "gpu/gpu.h"
#include "gpu/solver.h"
#include "plan/lapack_plan.h"
#include "plan/refine.h"
#include "twofold/arith_zdd.h"

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
	/* The fallback's factors of A in DD (cpu/dd_kernels.h; tf_dd, or tf_zdd
	 * for TF_TYPE_Z), when set: the corrections are solved with them
	 * instead. */
	const void *dd;
	const int *dd_ipiv;
	/* The GPU's system (gpu/solver.h), when set: A factored there, the
	 * original A and B kept there (a and b are not read), and the
	 * residuals and the corrections with the double factors computed
	 * there; the loop, the updates of x in DD and the criteria stay here. */
	struct tf_gpu_system *gpu;
	int gpu_failed; /* a step on the GPU failed (reported): stop refining */
	struct tf_gpu_dd_factors *gpu_dd; /* the DD factors on the GPU instead */
	int *gpu_dd_failed; /* set when a solve with them failed (reported): corrections zero */
};

/* The corrections solved with the DD factors from the residuals in DD
 * (b + b_lo), in place.  Both stay in DD: rounded to double, a correction
 * of a solution whose error lies along A's smallest singular vectors would
 * leave an error of u of the correction along the largest ones, whose
 * residual, cond times larger than the rest, would drown the rest when
 * rounded to double. */
static void solve_in_dd(const struct factored *s, int nrhs, double *b, double *b_lo,
			size_t column)
{
	const int n = s->n;
	if (s->gpu_dd) {
		if (tf_gpu_dd_solve(s->gpu_dd, nrhs, b, b_lo, column) != 0) {
			*s->gpu_dd_failed = 1;
			memset(b, 0, column * nrhs * sizeof *b);
			memset(b_lo, 0, column * nrhs * sizeof *b_lo);
		}
		return;
	}
	tf_zdd *x = malloc((size_t)n * sizeof *x + 1);
	if (!x)
		tf_fatal("out of memory for a solve of order %d", n);
	for (int c = 0; c < nrhs; c++) {
		double *bc = b + c * column, *lo = b_lo + c * column;
		if (s->type == TF_TYPE_Z) {
			for (int i = 0; i < n; i++)
				x[i] = tf_zdd_make(tf_dd_make(bc[2 * i], lo[2 * i]),
						   tf_dd_make(bc[2 * i + 1], lo[2 * i + 1]));
			if (s->factors == CHOLESKY)
				tf_cpu_zdd_potrs(n, s->dd, x);
			else
				tf_cpu_zdd_getrs(n, s->dd, s->dd_ipiv, x);
			for (int i = 0; i < n; i++) {
				bc[2 * i] = x[i].re.hi, lo[2 * i] = x[i].re.lo;
				bc[2 * i + 1] = x[i].im.hi, lo[2 * i + 1] = x[i].im.lo;
			}
			continue;
		}
		tf_dd *xr = (tf_dd *)x;
		for (int i = 0; i < n; i++)
			xr[i] = tf_dd_make(bc[i], lo[i]);
		if (s->factors == CHOLESKY)
			tf_cpu_dd_potrs(n, s->dd, xr);
		else
			tf_cpu_dd_getrs(n, s->dd, s->dd_ipiv, xr);
		for (int i = 0; i < n; i++) {
			bc[i] = xr[i].hi;
			lo[i] = xr[i].lo;
		}
	}
	free(x);
}

static int solve(struct factored *s, int nrhs, double *b, int ldb)
{
	if (s->gpu) {
		int status = tf_gpu_system_solve(s->gpu, nrhs, b, ldb);
		s->gpu_failed |= status != 0;
		return status;
	}
	switch (s->factors) {
	case CHOLESKY: return tf_plan_potrs(s->type, s->uplo, s->n, nrhs, s->factor, s->ldf, b, ldb);
	case LDLT: return tf_plan_dsytrs(s->uplo, s->n, nrhs, s->factor, s->ldf, s->ipiv, b, ldb);
	default: return tf_plan_getrs(s->type, s->n, nrhs, s->factor, s->ldf, s->ipiv, b, ldb);
	}
}

/* Adds the corrections d (d + d_lo when d_lo is set) to x = x_hi + x_lo
 * (n elements of width doubles: complex ones as (re, im), measured by
 * |re| + |im|); the column's measures. */
static void correct(int n, int width, const double *d, const double *d_lo, double *x_hi,
		    double *x_lo, struct tf_refine_column *c)
{
	double largest_d = 0.0, largest_x = 0.0, componentwise = 0.0;
	for (int i = 0; i < n; i++) {
		double size = 0.0, magnitude = 0.0;
		for (int w = 0; w < width; w++) {
			const int k = width * i + w;
			tf_dd x = d_lo ? tf_dd_add(tf_dd_make(x_hi[k], x_lo[k]), tf_dd_make(d[k], d_lo[k]))
				       : tf_dd_add_d(tf_dd_make(x_hi[k], x_lo[k]), d[k]);
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
	else if (isnan(normwise)) /* NaN from the data (device arrays are not checked before) */
		c->active = 0;
	c->normwise = normwise;
	c->componentwise = componentwise;
}

/* Refines the active columns of x (n x nrhs; x_lo n x nrhs, leading
 * dimension n) against b with s's factors, until each converges or stops
 * making progress. */
static void iterate(struct factored *s, int nrhs, const double *b, int ldb, double *x,
		    int ldx, double *x_lo, struct tf_refine_column *columns)
{
	const int n = s->n, width = s->type == TF_TYPE_Z ? 2 : 1;
	const size_t column = (size_t)width * n;
	/* the residuals, then the corrections; in DD (r + r_lo) with DD factors */
	double *r = malloc(2 * column * nrhs * sizeof *r + 1);
	if (!r)
		tf_fatal("out of memory for the refinement of %d right-hand sides of order %d", nrhs, n);
	double *r_lo = s->dd || s->gpu_dd ? r + column * nrhs : NULL;
	for (int step = 0; step < TF_REFINE_MAX_STEPS; step++) {
		int active = 0;
		for (int c = 0; c < nrhs; c++) {
			double *rc = r + c * column;
			if (!columns[c].active) {
				memset(rc, 0, column * sizeof *rc);
				if (r_lo)
					memset(r_lo + c * column, 0, column * sizeof *rc);
				continue;
			}
			active++;
			if (s->gpu)
				s->gpu_failed |= tf_gpu_system_residual(s->gpu, c,
									x + (size_t)width * c * ldx,
									x_lo + c * column, rc,
									r_lo ? r_lo + c * column
									     : NULL) != 0;
			else
				tf_plan_residual(s->type, s->uplo, n, 1, s->a, s->lda,
						 x + (size_t)width * c * ldx, x_lo + c * column, n,
						 b + (size_t)width * c * ldb, ldb, rc,
						 r_lo ? r_lo + c * column : NULL, n);
		}
		if (!active || s->gpu_failed)
			break;
		if (s->dd || s->gpu_dd)
			solve_in_dd(s, nrhs, r, r_lo, column);
		else if (solve(s, nrhs, r, n) != 0)
			break;
		for (int c = 0; c < nrhs; c++)
			if (columns[c].active)
				correct(n, width, r + c * column, r_lo ? r_lo + c * column : NULL,
					x + (size_t)width * c * ldx, x_lo + c * column, &columns[c]);
	}
	free(r);
}

int tf_refine_converged(const struct tf_refine_column *c)
{
	return c->componentwise <= TF_REFINE_CONVERGED;
}

void tf_refine_summarize(const struct tf_refine_column *columns, int nrhs, int *steps,
			 struct tf_refine_report *report)
{
	*steps = 0;
	report->converged = 1;
	report->error = 0.0;
	for (int c = 0; c < nrhs; c++) {
		*steps = columns[c].steps > *steps ? columns[c].steps : *steps;
		report->converged &= tf_refine_converged(&columns[c]);
		report->error = fmax(report->error, columns[c].componentwise);
	}
}

/* The GPU factors A in DD from this order on (a usable GPU;
 * TWOFOLD_GPU_MIN_FLOPS, when set, against the factorization's n^3 / 3
 * multiply-adds instead, 4 n^3 / 3 real ones for complex A): the CPU's
 * factorization, some 20 double operations a multiply-add on a few cores,
 * takes longer from about n = 200 on than the GPU's launches and transfers
 * (docs/LAPACK.md).  A complex one does four real multiply-adds for each
 * of the real one's, on the CPU as in the GPU's DD GEMMs, while the GPU's
 * launches (a few a column) stay as many: with the launches' cost linear
 * in n and the CPU's cubic, the order where they meet falls by the square
 * root of 4, to about 100. */
#define DD_FACTOR_GPU_MIN_ORDER 256
#define ZDD_FACTOR_GPU_MIN_ORDER 128

static int dd_factor_on_gpu(const struct factored *s)
{
	const double threshold = tf_config()->gpu_min_flops;
	const int complex = s->type == TF_TYPE_Z;
	if ((s->type != TF_TYPE_D && !complex) || !tf_gpu_usable())
		return 0;
	return threshold >= 0 ? (complex ? 4.0 : 1.0) * s->n * s->n * s->n / 3 >= threshold
			      : s->n >= (complex ? ZDD_FACTOR_GPU_MIN_ORDER : DD_FACTOR_GPU_MIN_ORDER);
}

/* The columns of x that have not converged (all of them when all) solved
 * again with s's DD factors, from zero, and refined. */
static void iterate_in_dd(struct factored *s, int nrhs, const double *b, int ldb, double *x,
			  int ldx, double *x_lo, struct tf_refine_column *columns, int all,
			  struct tf_refine_report *report)
{
	const int complex = s->type == TF_TYPE_Z;
	const size_t column = (size_t)(complex ? 2 : 1) * s->n;
	for (int c = 0; c < nrhs; c++) {
		if (!all && tf_refine_converged(&columns[c]))
			continue;
		double *xc = x + (complex ? 2 : 1) * (size_t)c * ldx, *lo = x_lo + c * column;
		for (size_t i = 0; i < column; i++)
			xc[i] = lo[i] = 0.0;
		columns[c] = (struct tf_refine_column){ .active = 1 };
	}
	iterate(s, nrhs, b, ldb, x, ldx, x_lo, columns);
	tf_refine_summarize(columns, nrhs, &report->dd_steps, report);
}

/* dsysv's A (its uplo triangle) as the full symmetric matrix, leading
 * dimension n, for the fallback's LU in DD; NULL when there is no memory
 * (the caller reports). */
static double *full_symmetric(char uplo, int n, const double *a, int lda)
{
	double *full = malloc((size_t)n * n * sizeof *full + 1);
	if (!full)
		return NULL;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			const int stored = uplo == 'U' ? i <= j : i >= j;
			full[(size_t)j * n + i] = stored ? a[(size_t)j * lda + i] : a[(size_t)i * lda + j];
		}
	return full;
}

/* The fallback: A factored in DD, on the GPU where dd_factor_on_gpu says
 * (on the CPU when the GPU fails), and the columns of x that have not
 * converged (all of them when all) solved again with those factors and
 * refined.  From zero: what the double factors left is at best about
 * cond(A) u from the solution, and can be anywhere (a huge error would make
 * the corrections' sizes relative to x meaningless), while the first DD
 * correction from zero comes within about cond(A) u^2.  x is written only
 * when the DD factorization succeeds (and finds its memory).  LDL^T
 * (dsysv): the full symmetric matrix is factored by the LU with partial
 * pivoting (there is no LDL^T in DD), the residuals still formed from the
 * stored triangle. */
static void refine_in_dd(struct factored *s, int nrhs, const double *b, int ldb, double *x,
			 int ldx, double *x_lo, struct tf_refine_column *columns, int all,
			 struct tf_refine_report *report)
{
	const int n = s->n, complex = s->type == TF_TYPE_Z;
	const size_t column = (size_t)(complex ? 2 : 1) * n;
	double *originals = NULL;
	if (s->gpu) { /* A and B from the GPU's copies, the GPU released */
		originals = s->gpu_failed ? NULL : malloc(column * (n + nrhs) * sizeof *originals);
		const int fetched = originals && tf_gpu_system_original(s->gpu, originals,
									 originals + column * n) == 0;
		tf_gpu_system_end(s->gpu);
		s->gpu = NULL;
		if (!fetched) {
			tf_message("the original A of order %d is not at hand: not factored in DD", n);
			free(originals);
			return;
		}
		s->a = originals, s->lda = n;
		b = originals + column * n, ldb = n;
	}
	/* the matrix the LU (or Cholesky) in DD factors */
	const double *factored_a = s->a;
	int factored_lda = s->lda;
	double *full = NULL;
	if (s->factors == LDLT) {
		if (!(full = full_symmetric(s->uplo, n, s->a, s->lda))) {
			tf_message("no memory for a factorization in DD of order %d: not factored "
				   "in DD", n);
			free(originals);
			return;
		}
		factored_a = full, factored_lda = n;
	}
	if (dd_factor_on_gpu(s) &&
	    (s->gpu_dd = tf_gpu_dd_factor(s->type, s->factors == CHOLESKY ? s->uplo : 0, n, factored_a,
					  factored_lda, &report->dd_info))) {
		struct tf_refine_column *before = malloc((size_t)nrhs * sizeof *before);
		if (!before)
			tf_fatal("out of memory for the refinement of %d right-hand sides", nrhs);
		memcpy(before, columns, (size_t)nrhs * sizeof *before);
		int failed = 0;
		s->gpu_dd_failed = &failed;
		report->dd_factored = 1;
		if (report->dd_info == 0)
			iterate_in_dd(s, nrhs, b, ldb, x, ldx, x_lo, columns, all, report);
		tf_gpu_dd_factors_free(s->gpu_dd);
		s->gpu_dd = NULL;
		s->gpu_dd_failed = NULL;
		if (failed) /* again on the CPU */
			memcpy(columns, before, (size_t)nrhs * sizeof *before);
		free(before);
		if (!failed) {
			free(full);
			free(originals);
			return;
		}
	}
	void *factors = malloc((size_t)n * n * (complex ? sizeof(tf_zdd) : sizeof(tf_dd)) + 1);
	int *pivots = malloc((size_t)n * sizeof *pivots + 1);
	if (!factors || !pivots) { /* 16 n^2 bytes (complex 32): x stays as it is */
		tf_message("no memory for a factorization in DD of order %d: not factored in DD", n);
		free(pivots);
		free(factors);
		free(full);
		free(originals);
		return;
	}
	/* The factorization in DD on the CPU (where the GPU did not take it) */
	if (complex)
		report->dd_info = s->factors == CHOLESKY
			? tf_cpu_zdd_potrf(s->uplo, n, s->a, s->lda, factors)
			: tf_cpu_zdd_getrf(n, s->a, s->lda, factors, pivots);
	else
		report->dd_info = s->factors == CHOLESKY
			? tf_cpu_dd_potrf(s->uplo, n, factored_a, factored_lda, factors)
			: tf_cpu_dd_getrf(n, factored_a, factored_lda, factors, pivots);
	report->dd_factored = 1;
	if (report->dd_info == 0) {
		s->dd = factors;
		s->dd_ipiv = pivots;
		iterate_in_dd(s, nrhs, b, ldb, x, ldx, x_lo, columns, all, report);
		s->dd = NULL;
	}
	free(pivots);
	free(factors);
	free(full);
	free(originals);
}

/* Whether the fallback in DD applies to these factors: all of them (LDL^T
 * by the LU in DD of the full matrix). */
static int falls_back(const struct factored *s)
{
	return s->factors == LU || s->factors == CHOLESKY || s->factors == LDLT;
}

/* Refines x (n x nrhs, the solution from the double factors) against b;
 * with A's factors in DD (refine_in_dd) where that does not converge. */
static void refine(struct factored *s, int nrhs, const double *b, int ldb, double *x, int ldx,
		   struct tf_refine_report *report)
{
	const size_t column = (size_t)(s->type == TF_TYPE_Z ? 2 : 1) * s->n;
	double *x_lo = calloc(column * nrhs + 1, sizeof *x_lo);
	struct tf_refine_column *columns = calloc((size_t)nrhs, sizeof *columns);
	if (!x_lo || !columns)
		tf_fatal("out of memory for the refinement of %d right-hand sides of order %d", nrhs, s->n);
	for (int c = 0; c < nrhs; c++)
		columns[c].active = 1;
	iterate(s, nrhs, b, ldb, x, ldx, x_lo, columns);
	/* x_hi + x_lo is normalized: x_hi is the sum rounded once. */
	tf_refine_summarize(columns, nrhs, &report->steps, report);
	if (!report->converged && falls_back(s))
		refine_in_dd(s, nrhs, b, ldb, x, ldx, x_lo, columns, 0, report);
	free(columns);
	free(x_lo);
}

/* A factorization in double that failed (INFO > 0): x (b on entry) the
 * solution refined with A's factors in DD when they exist, else left. */
static void solve_in_dd_only(struct factored *s, int nrhs, const double *b, int ldb, double *x,
			     int ldx, struct tf_refine_report *report)
{
	const size_t column = (size_t)(s->type == TF_TYPE_Z ? 2 : 1) * s->n;
	double *x_lo = calloc(column * nrhs + 1, sizeof *x_lo);
	struct tf_refine_column *columns = calloc((size_t)nrhs, sizeof *columns);
	if (!x_lo || !columns)
		tf_fatal("out of memory for the refinement of %d right-hand sides of order %d", nrhs, s->n);
	refine_in_dd(s, nrhs, b, ldb, x, ldx, x_lo, columns, 1, report);
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

/* factor_and_refine on the GPU: A factored there by cuSOLVER (the factors
 * and pivots written into a and ipiv), the original A and B kept there; x,
 * the solution refined on the host, is B itself for host arrays, else a
 * host copy written into B at the end.  Returns 0 with *info set, or -1
 * when the GPU did not factor A (nothing written). */
static int factor_and_refine_on_gpu(struct factored *s, double *a, int lda, int *ipiv, int nrhs,
				    double *b, int ldb, int *info, struct tf_refine_report *report)
{
	const int width = s->type == TF_TYPE_Z ? 2 : 1, n = s->n;
	int failed = 0;
	struct tf_gpu_system *system = tf_gpu_system_factor(s->type, s->uplo, n, a, lda, ipiv, nrhs,
							    b, ldb, 1, info, &failed);
	if (!system)
		return -1;
	s->gpu = system; /* until the end, or the fallback's taking the originals */
	report->on_gpu = 1;
	const int resident = tf_gpu_solver_resident(b);
	double *x = b;
	int ldx = ldb;
	if (resident) {
		if (!(x = malloc((size_t)width * n * nrhs * sizeof *x + 1)))
			tf_fatal("out of memory for a copy of a %d x %d matrix", n, nrhs);
		ldx = n;
		if (tf_gpu_copy_matrix(sizeof(double), width * n, nrhs, b, width * ldb, x, width * n) != 0)
			tf_fatal("%s: B could not be read from device memory", "a solve");
	}
	if (*info == 0) {
		if (solve(s, nrhs, x, ldx) == 0)
			refine(s, nrhs, NULL, 0, x, ldx, report);
		else if (!resident && !tf_gpu_solver_resident(a) && s->factors == LU)
			tf_plan_getrs(s->type, n, nrhs, a, lda, ipiv, x, ldx); /* LAPACK's solution */
		else if (!resident && !tf_gpu_solver_resident(a))
			tf_plan_potrs(s->type, s->uplo, n, nrhs, a, lda, x, ldx);
		else
			tf_fatal("%s: the GPU failed after writing the factors into A, which is in "
				 "device memory: no solution", s->factors == LU ? "gesv" : "posv");
	} else if (falls_back(s))
		solve_in_dd_only(s, nrhs, NULL, 0, x, ldx, report);
	if (s->gpu)
		tf_gpu_system_end(s->gpu);
	s->gpu = NULL;
	if (resident) {
		if (tf_gpu_copy_matrix(sizeof(double), width * n, nrhs, x, width * n, b, width * ldb) != 0)
			tf_fatal("%s: the solution could not be written into B in device memory",
				 "a solve");
		free(x);
	}
	return 0;
}

static int factor_and_refine(struct factored *s, double *a, int lda, int *ipiv, int nrhs,
			     double *b, int ldb, int on_gpu, struct tf_refine_report *report);

/* factor_and_refine on host copies of arrays in device memory, where the
 * GPU could not factor A; the copies written back. */
static int factor_and_refine_mirrored(struct factored *s, double *a, int lda, int *ipiv,
				      int nrhs, double *b, int ldb, struct tf_refine_report *report)
{
	const int width = s->type == TF_TYPE_Z ? 2 : 1, n = s->n;
	double *a_copy = malloc((size_t)width * n * n * sizeof *a_copy + 1);
	double *b_copy = malloc((size_t)width * n * nrhs * sizeof *b_copy + 1);
	int *pivots = malloc((size_t)n * sizeof *pivots + 1);
	if (!a_copy || !b_copy || !pivots)
		tf_fatal("out of memory for host copies of a system of order %d", n);
	if (tf_gpu_copy_matrix(sizeof(double), width * n, n, a, width * lda, a_copy, width * n) != 0 ||
	    tf_gpu_copy_matrix(sizeof(double), width * n, nrhs, b, width * ldb, b_copy, width * n) != 0)
		tf_fatal("a system of order %d in device memory could be neither solved on the GPU "
			 "nor read by the CPU", n);
	int info = factor_and_refine(s, a_copy, n, ipiv ? pivots : NULL, nrhs, b_copy, n, 0, report);
	if (tf_gpu_copy_matrix(sizeof(double), width * n, n, a_copy, width * n, a, width * lda) != 0 ||
	    tf_gpu_copy_matrix(sizeof(double), width * n, nrhs, b_copy, width * n, b, width * ldb) != 0 ||
	    (ipiv && tf_gpu_copy_matrix(sizeof *ipiv, n, 1, pivots, n, ipiv, n) != 0))
		tf_fatal("the solution of a system of order %d could not be written into device "
			 "memory", n);
	free(pivots);
	free(b_copy);
	free(a_copy);
	return info;
}

/* gesv and posv (s says which): A (n x n, lda) factored in double in
 * place, a first solution, the refinement against copies of A and B; the
 * fallback in DD where that factorization fails.  On the GPU when on_gpu
 * (report->left where it did not take the system), else on the CPU (on
 * host copies of device arrays).  Returns INFO. */
static int factor_and_refine(struct factored *s, double *a, int lda, int *ipiv, int nrhs,
			     double *b, int ldb, int on_gpu, struct tf_refine_report *report)
{
	const int width = s->type == TF_TYPE_Z ? 2 : 1, n = s->n;
	*report = (struct tf_refine_report){ 0 };
	int info = 0;
	if (on_gpu) {
		if (factor_and_refine_on_gpu(s, a, lda, ipiv, nrhs, b, ldb, &info, report) == 0)
			return info;
		report->left = 1;
		report->nonfinite = info == -1;
		return 0;
	}
	if (tf_plan_solve_resident(a, b))
		return factor_and_refine_mirrored(s, a, lda, ipiv, nrhs, b, ldb, report);
	double *a0 = copy_of(width, n, n, a, lda), *b0 = copy_of(width, n, nrhs, b, ldb);
	s->a = a0, s->lda = n;
	s->factor = a, s->ldf = lda, s->ipiv = ipiv;
	info = s->factors == LU ? tf_plan_getrf(s->type, n, a, lda, ipiv)
				: tf_plan_potrf(s->type, s->uplo, n, a, lda);
	if (info == 0) {
		solve(s, nrhs, b, ldb);
		refine(s, nrhs, b0, n, b, ldb, report);
	} else if (falls_back(s))
		solve_in_dd_only(s, nrhs, b0, n, b, ldb, report);
	free(b0);
	free(a0);
	return info;
}

int tf_plan_gesv_refined(enum tf_op_type type, int n, int nrhs, double *a, int lda, int *ipiv,
			 double *b, int ldb, int on_gpu, struct tf_refine_report *report)
{
	struct factored s = { .type = type, .factors = LU, .n = n };
	return factor_and_refine(&s, a, lda, ipiv, nrhs, b, ldb, on_gpu, report);
}

int tf_plan_posv_refined(enum tf_op_type type, char uplo, int n, int nrhs, double *a, int lda,
			 double *b, int ldb, int on_gpu, struct tf_refine_report *report)
{
	struct factored s = { .type = type, .factors = CHOLESKY, .uplo = uplo, .n = n };
	return factor_and_refine(&s, a, lda, NULL, nrhs, b, ldb, on_gpu, report);
}

int tf_plan_dsysv_refined(char uplo, int n, int nrhs, double *a, int lda, int *ipiv, double *b,
			  int ldb, double *work, int lwork, struct tf_refine_report *report)
{
	double *a0 = copy_of(1, n, n, a, lda), *b0 = copy_of(1, n, nrhs, b, ldb);
	int info = tf_plan_lapack_dsysv(1, uplo, n, nrhs, a, lda, ipiv, b, ldb, work, lwork);
	*report = (struct tf_refine_report){ 0 };
	struct factored s = { .type = TF_TYPE_D, .factors = LDLT, .uplo = uplo, .n = n,
			      .a = a0, .lda = n, .factor = a, .ldf = lda, .ipiv = ipiv };
	if (info == 0)
		refine(&s, nrhs, b0, n, b, ldb, report);
	else if (falls_back(&s)) /* D singular in double: B as dsysv_ left it */
		solve_in_dd_only(&s, nrhs, b0, n, b, ldb, report);
	free(b0);
	free(a0);
	return info;
}

int tf_plan_dd_solve(enum tf_op_type type, char uplo, int n, int nrhs, const double *a, int lda,
		     double *b, int ldb, struct tf_refine_report *report)
{
	const int width = type == TF_TYPE_Z ? 2 : 1;
	double *b0 = copy_of(width, n, nrhs, b, ldb);
	struct factored s = { .type = type, .factors = uplo ? CHOLESKY : LU, .uplo = uplo, .n = n,
			      .a = a, .lda = lda };
	*report = (struct tf_refine_report){ 0 };
	solve_in_dd_only(&s, nrhs, b0, n, b, ldb, report);
	free(b0);
	return report->dd_info;
}
