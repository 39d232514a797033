/* C = alpha op(A) op(B) + beta C in DD on the CPU.
 *
 * C is cut into MC x NC tiles, one task each, run by the thread pool.  A
 * task keeps its tile's sums as DD in a workspace, and for each KC-deep slab
 * of the inner dimension packs op(A) into mr-row panels and op(B) into
 * nr-column panels (zero-padded), on which the per-instruction-set loops
 * (dd_loops.c) run register tiles.  The sums stay DD across slabs; alpha,
 * beta and the one rounding are applied when the tile is done.  Where the
 * sums could leave double's range (dd_range.h: a scan of A and B, O(n^2)),
 * rows of op(A) and columns of op(B) are packed scaled by powers of two,
 * and the scales and alpha's exponent applied with alpha. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/message.h"
#include "cpu/dd_kernels.h"
#include "cpu/dd_loops.h"
#include "cpu/dd_range.h"
#include "cpu/forward.h"
#include "cpu/threads.h"

#define MC 128
#define NC 128
#define KC 256

struct gemm_job {
	const struct tf_op *op;
	const struct tf_dd_loops *loops;
	int tiles_m;
	/* Scaled (range) path: op(A)'s row i packed times 2^-row_high[i], op(B)'s
	 * column j times 2^-column_high[j]; the sums then times alpha_fraction
	 * and 2^(alpha_exponent + row_high[i] + column_high[j]).  NULL: plain. */
	int *row_high, *column_high;
	double alpha_fraction;
	int alpha_exponent;
};

static int round_up(int value, int multiple)
{
	return (value + multiple - 1) / multiple * multiple;
}

/* op(A)(i, l) and op(B)(l, j). */
static double element_a(const struct tf_op *op, int i, int l)
{
	return op->transa == 'N' ? op->a[i + (size_t)l * op->lda] : op->a[l + (size_t)i * op->lda];
}

static double element_b(const struct tf_op *op, int l, int j)
{
	return op->transb == 'N' ? op->b[l + (size_t)j * op->ldb] : op->b[j + (size_t)l * op->ldb];
}

/* Rows ic.. of op(A), columns pc..pc+kc, as panels of mr rows, each panel
 * stored l-major: panel[l*mr + i]. */
static void pack_a(const struct gemm_job *job, int ic, int mc, int pc, int kc, int mr, double *dst)
{
	const struct tf_op *op = job->op;
	for (int p = 0; p < mc; p += mr, dst += (size_t)kc * mr)
		for (int l = 0; l < kc; l++)
			for (int i = 0; i < mr; i++) {
				int row = ic + p + i;
				double v = row < op->m ? element_a(op, row, pc + l) : 0.0;
				dst[l * mr + i] = job->row_high && row < op->m
							  ? ldexp(v, -job->row_high[row]) : v;
			}
}

/* Rows pc..pc+kc of op(B), columns jc.., as panels of nr columns:
 * panel[l*nr + j]. */
static void pack_b(const struct gemm_job *job, int pc, int kc, int jc, int nc, int nr, double *dst)
{
	const struct tf_op *op = job->op;
	for (int q = 0; q < nc; q += nr, dst += (size_t)kc * nr)
		for (int l = 0; l < kc; l++)
			for (int j = 0; j < nr; j++) {
				int column = jc + q + j;
				double v = column < op->n ? element_b(op, pc + l, column) : 0.0;
				dst[l * nr + j] = job->column_high && column < op->n
							  ? ldexp(v, -job->column_high[column]) : v;
			}
}

static void finish_tile(const struct gemm_job *job, int ic, int mc, int jc, int nc,
			const double *acc_hi, const double *acc_lo, int ld)
{
	const struct tf_op *op = job->op;
	for (int j = 0; j < nc; j++) {
		double *c = op->c + ic + (size_t)(jc + j) * op->ldc;
		for (int i = 0; i < mc; i++) {
			tf_dd sum = tf_dd_make(acc_hi[j * ld + i], acc_lo[j * ld + i]), r;
			if (job->row_high)
				r = tf_dd_ldexp(tf_dd_mul_d(sum, job->alpha_fraction),
						job->alpha_exponent + job->row_high[ic + i] +
							job->column_high[jc + j]);
			else
				r = tf_dd_mul_d(sum, op->alpha);
			if (op->beta != 0.0)
				r = tf_dd_add(r, tf_two_prod(op->beta, c[i]));
			double value = tf_dd_to_double(r);
			if (isfinite(value))
				c[i] = value;
			else
				tf_cpu_forward_element(op, ic + i, jc + j);
		}
	}
}

static void run_tile(void *context, int task)
{
	const struct gemm_job *job = context;
	const struct tf_op *op = job->op;
	const struct tf_dd_loops *loops = job->loops;
	int ic = task % job->tiles_m * MC, jc = task / job->tiles_m * NC;
	int mc = op->m - ic < MC ? op->m - ic : MC;
	int nc = op->n - jc < NC ? op->n - jc : NC;
	int mp = round_up(mc, loops->mr), np = round_up(nc, loops->nr);
	size_t acc_size = (size_t)mp * np, a_size = (size_t)mp * KC, b_size = (size_t)KC * np;
	double *work = malloc((2 * acc_size + a_size + b_size) * sizeof *work);
	if (!work)
		tf_fatal("out of memory in the CPU DD gemm (%zu bytes)",
			 (2 * acc_size + a_size + b_size) * sizeof *work);
	double *acc_hi = work, *acc_lo = work + acc_size, *ap = acc_lo + acc_size, *bp = ap + a_size;
	memset(acc_hi, 0, 2 * acc_size * sizeof *work);

	for (int pc = 0; pc < op->k; pc += KC) {
		int kc = op->k - pc < KC ? op->k - pc : KC;
		pack_a(job, ic, mp, pc, kc, loops->mr, ap);
		pack_b(job, pc, kc, jc, np, loops->nr, bp);
		for (int jr = 0; jr < np; jr += loops->nr)
			for (int ir = 0; ir < mp; ir += loops->mr)
				loops->gemm_tile(kc, ap + (size_t)ir * kc, bp + (size_t)jr * kc,
						 acc_hi + (size_t)jr * mp + ir, acc_lo + (size_t)jr * mp + ir, mp);
	}
	finish_tile(job, ic, mc, jc, nc, acc_hi, acc_lo, mp);
	free(work);
}

/* alpha = 0 or k = 0, as the reference does it (A and B unread).  alpha = 0
 * gives C = beta C.  With k = 0 and op(A) = A the reference also scales C
 * by beta and adds nothing; with op(A) = A^T it forms each element as
 * alpha * (an empty sum) + beta C, so alpha = Inf or NaN gives NaN, and a
 * negative alpha with beta = 0 gives -0. */
static void scale_c(const struct tf_op *op)
{
	int empty_term = op->alpha != 0.0 && op->transa != 'N';
	double term = op->alpha * 0.0;
	for (int j = 0; j < op->n; j++) {
		double *c = op->c + (size_t)j * op->ldc;
		for (int i = 0; i < op->m; i++) {
			double scaled = op->beta == 0.0 ? 0.0 : op->beta * c[i];
			c[i] = !empty_term ? scaled : op->beta == 0.0 ? term : term + scaled;
		}
	}
}

/* The magnitudes of a matrix stored rows x cols (leading dimension ld). */
static struct tf_dd_range matrix_range(const double *a, int rows, int cols, int ld)
{
	struct tf_dd_range range = TF_DD_RANGE_EMPTY;
	for (int j = 0; j < cols; j++)
		for (int i = 0; i < rows; i++)
			tf_dd_range_add(&range, a[i + (size_t)j * ld]);
	return range;
}

/* The scaled path's exponents, when A and B call for it (dd_range.h);
 * else the job stays plain.  Returns the memory to free. */
static int *range_scales(struct gemm_job *job)
{
	const struct tf_op *op = job->op;
	int a_rows = op->transa == 'N' ? op->m : op->k, a_cols = op->transa == 'N' ? op->k : op->m;
	int b_rows = op->transb == 'N' ? op->k : op->n, b_cols = op->transb == 'N' ? op->n : op->k;
	struct tf_dd_range a = matrix_range(op->a, a_rows, a_cols, op->lda);
	struct tf_dd_range b = matrix_range(op->b, b_rows, b_cols, op->ldb);
	if (!tf_dd_range_trouble(&a, &b, op->k))
		return NULL;
	int *high = malloc(((size_t)op->m + op->n) * sizeof *high);
	if (!high)
		tf_fatal("out of memory in the CPU DD gemm (%zu bytes)",
			 ((size_t)op->m + op->n) * sizeof *high);
	for (int i = 0; i < op->m; i++) {
		double largest = 0.0;
		for (int l = 0; l < op->k; l++)
			largest = fmax(largest, fabs(element_a(op, i, l)));
		high[i] = tf_dd_range_high(largest);
	}
	for (int j = 0; j < op->n; j++) {
		double largest = 0.0;
		for (int l = 0; l < op->k; l++)
			largest = fmax(largest, fabs(element_b(op, l, j)));
		high[op->m + j] = tf_dd_range_high(largest);
	}
	job->row_high = high;
	job->column_high = high + op->m;
	job->alpha_fraction = frexp(op->alpha, &job->alpha_exponent);
	return high;
}

void tf_cpu_dd_gemm(const struct tf_op *op)
{
	if (op->alpha == 0.0 || op->k == 0) {
		scale_c(op);
		return;
	}
	struct gemm_job job = { .op = op, .loops = tf_dd_loops(), .tiles_m = (op->m + MC - 1) / MC };
	int *scales = isfinite(op->alpha) ? range_scales(&job) : NULL;
	int tiles = job.tiles_m * ((op->n + NC - 1) / NC);
	tf_parallel_for(tiles, run_tile, &job);
	free(scales);
}
